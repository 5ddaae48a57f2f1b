// The approval step: on a review of a pull request, or a comment on one naming `/approve`, recomputes
// the `gitclaw/approval` status of its head (src/approval/approval.ts). No model, no checkout beyond
// the workflow's; what the event's payload says is only which pull request to look at.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import type { ActionsEnv } from "../actions/env.ts";
import { mentionsApprove } from "../approval/command.ts";
import { updateApproval, type ApprovalOutcome } from "../approval/approval.ts";
import { loadConfig } from "../config/config.ts";
import { SENTINEL_FILE } from "../config/paths.ts";
import { fetchApi, type GitHubApi } from "../github/api.ts";

const ApprovalEvent = z.looseObject({
  pull_request: z.looseObject({ number: z.number().int().positive() }).optional(),
  issue: z.looseObject({ number: z.number().int().positive(), pull_request: z.unknown().optional() }).optional(),
  comment: z.looseObject({ body: z.string().nullable().optional() }).optional(),
});

export async function runApproval(env: ActionsEnv, api: GitHubApi = fetchApi(env)): Promise<ApprovalOutcome> {
  if (!existsSync(join(env.workspace, SENTINEL_FILE)))
    return { set: false, reason: `${SENTINEL_FILE} is missing, so gitclaw is disabled` };
  const pull = pullOfEvent(env);
  if (pull === undefined)
    return { set: false, reason: `${env.eventName} is no review and no /approve on a pull request` };
  // approvals.required is no input: .github/gitclaw.json of the default branch's checkout says it.
  // A broken file throws: the step fails and says why, as the agent stage does on the issue.
  const { required } = loadConfig(env.workspace).approvals;
  if (required === 0) return { set: false, reason: "approvals.required is off" };
  return updateApproval({ api, env, pull, required });
}

/** The pull request a review or an `/approve` comment is about; undefined for anything else. */
function pullOfEvent(env: Pick<ActionsEnv, "eventName" | "eventPath">): number | undefined {
  const parsed = ApprovalEvent.safeParse(JSON.parse(readFileSync(env.eventPath, "utf8")));
  if (!parsed.success) return undefined;
  const event = parsed.data;
  if (env.eventName === "pull_request_review") return event.pull_request?.number;
  if (env.eventName !== "issue_comment" || !event.issue?.pull_request) return undefined;
  return mentionsApprove(event.comment?.body ?? "") ? event.issue.number : undefined;
}
