// The guard step: decides whether this event may start the agent (src/gate.ts), with one short
// request or none. Fail closed: any doubt → no.
import type { ActionsEnv } from "./actions/env.ts";
import { fetchApi, type GitHubApi } from "./github/api.ts";
import { decide } from "./gate.ts";

export interface GuardResult {
  proceed: boolean;
  reason: string;
}

export async function runGuard(env: ActionsEnv, api: GitHubApi = fetchApi(env)): Promise<GuardResult> {
  const { proceed, reason } = await decide(env, api);
  return { proceed, reason };
}
