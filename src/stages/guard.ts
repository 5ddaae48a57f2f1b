// The guard step: decides whether this event may start the agent (src/gate/gate.ts), with one short
// request or none (two for a comment on a pull request claiming to be gitclaw's, src/gate/claim.ts).
// Fail closed: any doubt → no.
import type { ActionsEnv } from "../actions/env.ts";
import { writeTarget } from "../actions/run-state.ts";
import { fetchApi, type GitHubApi } from "../github/api.ts";
import { decide } from "../gate/gate.ts";

export interface GuardResult {
  proceed: boolean;
  reason: string;
}

/** Decides; when the run goes ahead, records where 👀 goes for the indicator step. */
export async function runGuard(
  env: ActionsEnv,
  inputs: Record<string, string | undefined>,
  api: GitHubApi = fetchApi(env),
): Promise<GuardResult> {
  const gate = await decide(env, api, inputs);
  // A prompt run without an issue has nowhere for 👀.
  if (gate.proceed && gate.trigger.issueNumber > 0) {
    const { issueNumber, comment, inline } = gate.trigger;
    const onComment = comment ? { commentId: comment.id, ...(inline ? { inline: true } : {}) } : {};
    writeTarget(env.runnerTemp, { issueNumber, ...onComment });
  }
  return { proceed: gate.proceed, reason: gate.reason };
}
