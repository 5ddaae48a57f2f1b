// The guard step: decides whether this event may start the agent. Fail closed: any doubt → no.
// Dependency-free (runs before `bun install`).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { readEventBasics } from "./actions/event-basics.ts";
import type { ActionsEnv } from "./actions/env.ts";
import { createRestLite, type RestLite } from "./github/rest-lite.ts";
import { CONFIG_FILE, SENTINEL_FILE } from "./paths.ts";
import { triggerPolicyFrom, triggerReason } from "./triggers.ts";
import { REPLY_MARKER, decideTrust, lookUpPermission, trustPolicyFrom } from "./trust.ts";

export interface GuardResult {
  proceed: boolean;
  reason: string;
}


export function readConfigJson(workspace: string): unknown {
  const path = join(workspace, CONFIG_FILE);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new Error(`${CONFIG_FILE} is not valid JSON: ${(error as Error).message}`);
  }
}

export async function runGuard(env: ActionsEnv, rest: RestLite = createRestLite(env)): Promise<GuardResult> {
  const stop = (reason: string): GuardResult => ({ proceed: false, reason });
  if (!existsSync(join(env.workspace, SENTINEL_FILE))) {
    return stop(`${SENTINEL_FILE} is missing from the repository, so gitclaw is disabled; add the file to enable it`);
  }
  if (env.eventName !== "issues" && env.eventName !== "issue_comment") return stop(`event ${env.eventName} does not start gitclaw`);

  let event;
  try {
    event = readEventBasics(env.eventName, env.eventPath);
  } catch (error) {
    return stop(`${(error as Error).message}; failing closed`);
  }
  if (event.isPullRequest) return stop(`#${event.issueNumber} is a pull request; gitclaw works on issues`);
  if (event.comment?.body.includes(REPLY_MARKER)) return stop(`comment ${event.comment.id} was written by gitclaw itself`);

  let policy;
  let trigger;
  try {
    const config = readConfigJson(env.workspace);
    policy = trustPolicyFrom(config);
    trigger = triggerPolicyFrom(config);
  } catch (error) {
    return stop(`${CONFIG_FILE}: ${(error as Error).message}; failing closed`);
  }
  // Cheapest check first: an irrelevant event costs no API call.
  const why = triggerReason(event, trigger);
  if (!why) return stop(`${env.eventName}.${event.action} does not match the configured triggers (${trigger.modes.join(", ")})`);
  const decision = await decideTrust(event.sender, policy, (login) => lookUpPermission(rest, env, login));
  return decision.allowed ? { proceed: true, reason: `${why} by ${decision.reason}` } : stop(decision.reason);
}
