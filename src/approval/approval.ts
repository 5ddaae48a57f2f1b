// The approval status of one pull request, recomputed from what GitHub says now: no model, no
// checkout, a handful of reads and at most one write. It runs after gitclaw pushes to a pull request
// (src/run/deliver.ts) and when someone reviews or comments `/approve` (src/stages/approval.ts). Who
// asked is read from GitHub, never from the repository's files or a body's marker, which people with
// write access (the would-be approvers) can edit: the issue is the one the head branch names (only
// people with write access and gitclaw make branches here), and the commits' trailers only ever add.
import { runUrl, type ActionsEnv } from "../actions/env.ts";
import type { GitHubApi } from "../github/api.ts";
import {
  currentStatus,
  issueAuthor,
  listPullCommits,
  listReviews,
  setCommitStatus,
  type PullCommit,
} from "../github/approval-api.ts";
import { REPLY_MARKER } from "../github/marker.ts";
import { getPermission, listComments, PERMISSION_LEVELS, type Repo } from "../github/operations.ts";
import { getPullRequest, type PullRequestInfo } from "../github/pulls.ts";
import { issueOfHead } from "../git/branch-names.ts";
import { mentionsApprove } from "./command.ts";
import {
  APPROVAL_CONTEXT,
  approvalClaims,
  decideApproval,
  requesters,
  type ApprovalComment,
  type ApprovalDecision,
} from "./decide.ts";

export interface ApprovalRequest {
  api: GitHubApi;
  env: Pick<ActionsEnv, "owner" | "repo" | "serverUrl" | "runId">;
  pull: number;
  required: number;
  /** Who asked for the run that just pushed, when there is one: never an approver. */
  asker?: string;
}

export type ApprovalOutcome =
  | { set: false; reason: string }
  | { set: boolean; head: string; decision: ApprovalDecision; excluded: string[] };

const WRITE = PERMISSION_LEVELS.indexOf("write");

export async function updateApproval(request: ApprovalRequest): Promise<ApprovalOutcome> {
  const { api, env } = request;
  const repo: Repo = { owner: env.owner, repo: env.repo };
  const pull = await getPullRequest(api, repo, request.pull);
  if (!pull.open) return { set: false, reason: `#${pull.number} is closed` };
  const commits = await listPullCommits(api, repo, pull.number);
  const forIssue = issueOfHead(pull.head, `${env.owner}/${env.repo}`);
  if (forIssue === undefined && !commits.some((commit) => madeByGitclaw(commit, env)))
    return { set: false, reason: `#${pull.number} is not gitclaw's pull request, nor did gitclaw push to it` };
  const asked = requesters({
    issueAuthor: forIssue === undefined ? undefined : await issueAuthor(api, repo, forIssue),
    pullAuthor: pull.author,
    commits,
  });
  if (request.asker) asked.add(request.asker.toLowerCase());
  const decision = await decide(request, repo, pull, asked);
  const status = { context: APPROVAL_CONTEXT, state: decision.state, description: decision.description };
  const current = await currentStatus(api, repo, pull.head.sha, APPROVAL_CONTEXT);
  const unchanged = current?.state === status.state && current.description === status.description;
  if (!unchanged) await setCommitStatus(api, repo, pull.head.sha, { ...status, targetUrl: runUrl(env) });
  return { set: !unchanged, head: pull.head.sha, decision, excluded: [...asked] };
}

/** The approvals of the head, each approver's permission asked once. */
async function decide(
  request: ApprovalRequest,
  repo: Repo,
  pull: PullRequestInfo,
  asked: Set<string>,
): Promise<ApprovalDecision> {
  const { api } = request;
  const [reviews, comments] = await Promise.all([
    listReviews(api, repo, pull.number),
    approvalComments(api, repo, pull.number),
  ]);
  const claims = approvalClaims(pull.head.sha, reviews, comments, asked);
  const levels = await Promise.all(claims.map((login) => getPermission(api, repo, login)));
  const writers = new Set(claims.filter((_, i) => PERMISSION_LEVELS.indexOf(levels[i]!) >= WRITE));
  return decideApproval(pull.head.sha, request.required, claims, (login) => writers.has(login));
}

/** The pull request's comments that name `/approve`, as their authors' own prose. */
async function approvalComments(api: GitHubApi, repo: Repo, pull: number): Promise<ApprovalComment[]> {
  const named = (await listComments(api, repo, pull)).filter((comment) => mentionsApprove(comment.body));
  if (!named.length) return [];
  const { unquotedProse } = await import("../text/quoted.ts");
  return named.map((comment) => ({
    ...(comment.login === "ghost" ? {} : { author: { login: comment.login, type: comment.userType } }),
    prose: unquotedProse(comment.body),
    fromGitclaw: comment.body.includes(REPLY_MARKER),
  }));
}

/** A commit gitclaw made names the run that made it (src/git/commit-message.ts): `Run: <this repository's run>`. */
function madeByGitclaw(commit: PullCommit, env: ApprovalRequest["env"]): boolean {
  const runs = runUrl({ ...env, runId: "" });
  return commit.message.split("\n").some((line) => line.startsWith(`Run: ${runs}`));
}
