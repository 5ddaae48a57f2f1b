// The GitHub calls the stages make (and the github tool's pr_review), each a small function over the
// one request interface (./api.ts), whichever client carries it. Every comment written carries
// gitclaw's marker.
import { z } from "zod";
import { withReplyMarker } from "./marker.ts";
import type { ApiResponse, GitHubApi, RequestOptions } from "./api.ts";

/** Repository permissions as the collaborator-permission API names them, weakest first. */
export const PERMISSION_LEVELS = ["none", "read", "triage", "write", "maintain", "admin"] as const;
export type PermissionLevel = (typeof PERMISSION_LEVELS)[number];

/**
 * The collaborator-permission API answers `permission` (admin/write/read/none) and, on newer
 * servers, `role_name` (admin/maintain/write/triage/read). Prefer the finer role name.
 */
export function permissionFromApi(data: unknown): PermissionLevel {
  if (typeof data !== "object" || data === null) return "none";
  const { role_name, permission } = data as { role_name?: unknown; permission?: unknown };
  for (const value of [role_name, permission]) {
    if (typeof value === "string" && (PERMISSION_LEVELS as readonly string[]).includes(value))
      return value as PermissionLevel;
  }
  return "none";
}

export interface Repo {
  owner: string;
  repo: string;
}

/** A call GitHub answered otherwise than expected; `status` and `response` are its answer, when it gave one. */
export class GitHubApiError extends Error {
  override name = "GitHubApiError";
  constructor(
    message: string,
    readonly status?: number,
    readonly response?: { data: unknown },
  ) {
    super(message);
  }
}

const repoPath = (repo: Repo) => `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}`;

/** The data of a response with one of the `expected` statuses; otherwise an error naming the API and its answer. */
function expect(response: ApiResponse, expected: number[], api: string): unknown {
  if (expected.includes(response.status)) return response.data;
  const message = (response.data as { message?: unknown } | null)?.message;
  throw new GitHubApiError(
    `the ${api} API answered ${response.status}${typeof message === "string" ? ` ${message}` : ""}`,
    response.status,
    { data: response.data },
  );
}

export async function getDefaultBranch(api: GitHubApi, repo: Repo): Promise<string> {
  const data = expect(await api.send("GET", repoPath(repo)), [200], "repository") as { default_branch: string };
  return data.default_branch;
}

/** The collaborator-permission API; 404 (not a collaborator) is "none". */
export async function getPermission(api: GitHubApi, repo: Repo, login: string): Promise<PermissionLevel> {
  const response = await api.send("GET", `${repoPath(repo)}/collaborators/${encodeURIComponent(login)}/permission`);
  if (response.status === 404) return "none";
  return permissionFromApi(expect(response, [200], "collaborator-permission"));
}

export interface IssueComment {
  id: number;
  body: string;
  login: string;
  userType: string;
  authorAssociation: string;
  createdAt: string;
  updatedAt: string;
  htmlUrl: string;
}

interface RawComment {
  id: number;
  body?: string | null;
  user?: { login?: string; type?: string } | null;
  author_association: string;
  created_at: string;
  updated_at: string;
  html_url: string;
}

/** Every comment of an issue, oldest first, a hundred a page. */
export async function listComments(api: GitHubApi, repo: Repo, issueNumber: number): Promise<IssueComment[]> {
  const comments: IssueComment[] = [];
  for (let page = 1; ; page++) {
    const path = `${repoPath(repo)}/issues/${issueNumber}/comments?per_page=100&page=${page}`;
    const batch = expect(await api.send("GET", path), [200], "issue-comments") as RawComment[];
    for (const c of batch) {
      const {
        id,
        author_association: authorAssociation,
        created_at: createdAt,
        updated_at: updatedAt,
        html_url: htmlUrl,
      } = c;
      comments.push({
        id,
        body: c.body ?? "",
        login: c.user?.login ?? "ghost",
        userType: c.user?.type ?? "User",
        authorAssociation,
        createdAt,
        updatedAt,
        htmlUrl,
      });
    }
    if (batch.length < 100) return comments;
  }
}

export async function createComment(
  api: GitHubApi,
  repo: Repo,
  issueNumber: number,
  body: string,
): Promise<{ id: number; htmlUrl: string }> {
  const path = `${repoPath(repo)}/issues/${issueNumber}/comments`;
  const data = expect(await api.send("POST", path, { body: withReplyMarker(body) }), [201], "issue-comments") as {
    id: number;
    html_url: string;
  };
  return { id: data.id, htmlUrl: data.html_url };
}

export async function updateComment(api: GitHubApi, repo: Repo, commentId: number, body: string): Promise<void> {
  expect(
    await api.send("PATCH", `${repoPath(repo)}/issues/comments/${commentId}`, { body: withReplyMarker(body) }),
    [200],
    "issue-comments",
  );
}

/** Where 👀 goes: the issue (or pull request), or the comment that started the run. */
export interface ReactionTarget {
  issueNumber: number;
  commentId?: number;
  /** The comment is an inline review comment of pull request `issueNumber`. */
  inline?: boolean;
}

const reactionsPath = (repo: Repo, target: ReactionTarget) =>
  target.commentId === undefined
    ? `${repoPath(repo)}/issues/${target.issueNumber}/reactions`
    : `${repoPath(repo)}/${target.inline ? "pulls" : "issues"}/comments/${target.commentId}/reactions`;

export async function addReaction(
  api: GitHubApi,
  repo: Repo,
  target: ReactionTarget,
  content: "eyes",
): Promise<number> {
  const data = expect(await api.send("POST", reactionsPath(repo, target), { content }), [200, 201], "reactions") as {
    id?: unknown;
  };
  if (typeof data.id !== "number")
    throw new GitHubApiError(`the reactions API answered without a reaction id for ${content}`);
  return data.id;
}

/** Removes a reaction; one already gone (404) is what was wanted. */
export async function removeReaction(
  api: GitHubApi,
  repo: Repo,
  target: ReactionTarget,
  reactionId: number,
): Promise<void> {
  expect(await api.send("DELETE", `${reactionsPath(repo, target)}/${reactionId}`), [204, 404], "reactions");
}

const PullRequestData = z.looseObject({
  number: z.number(),
  node_id: z.string(),
  title: z.string(),
  body: z.string().nullable(),
  html_url: z.string(),
  draft: z.boolean().optional(),
  state: z.string(),
  user: z.looseObject({ login: z.string() }).nullable(),
  labels: z.array(z.looseObject({ name: z.string() })),
  commits: z.number(),
  head: z.looseObject({
    ref: z.string(),
    sha: z.string(),
    repo: z.looseObject({ full_name: z.string(), clone_url: z.string() }).nullable(),
  }),
  base: z.looseObject({ ref: z.string(), repo: z.looseObject({ full_name: z.string() }) }),
});

/** A pull request as the stages read it. */
export interface PullRequestInfo {
  number: number;
  nodeId: string;
  title: string;
  body: string;
  url: string;
  draft: boolean;
  open: boolean;
  author: string;
  labels: string[];
  commits: number;
  head: { ref: string; sha: string; repo: string | undefined; cloneUrl: string | undefined };
  base: { ref: string; repo: string };
}

export async function getPullRequest(
  api: GitHubApi,
  repo: Repo,
  number: number,
  options?: RequestOptions,
): Promise<PullRequestInfo> {
  const path = `${repoPath(repo)}/pulls/${number}`;
  const raw = expect(await api.send("GET", path, undefined, options), [200], "pull-request");
  const parsed = PullRequestData.safeParse(raw);
  if (!parsed.success) throw new GitHubApiError(`the pull-request API answered an unexpected shape for #${number}`);
  const pr = parsed.data;
  return {
    number: pr.number,
    nodeId: pr.node_id,
    title: pr.title,
    body: pr.body ?? "",
    url: pr.html_url,
    draft: pr.draft ?? false,
    open: pr.state === "open",
    author: pr.user?.login ?? "ghost",
    labels: pr.labels.map((label) => label.name),
    commits: pr.commits,
    head: { ref: pr.head.ref, sha: pr.head.sha, repo: pr.head.repo?.full_name, cloneUrl: pr.head.repo?.clone_url },
    base: { ref: pr.base.ref, repo: pr.base.repo.full_name },
  };
}

/** The open pull request from `branch` of this repository, if there is one. */
export async function findPullRequest(api: GitHubApi, repo: Repo, branch: string): Promise<number | undefined> {
  const head = encodeURIComponent(`${repo.owner}:${branch}`);
  const path = `${repoPath(repo)}/pulls?head=${head}&state=open&per_page=1`;
  const found = expect(await api.send("GET", path), [200], "pull-requests") as { number: number }[];
  return found[0]?.number;
}

export async function createPullRequest(
  api: GitHubApi,
  repo: Repo,
  pull: { title: string; body: string; head: string; base: string; draft: boolean },
): Promise<{ number: number; url: string; nodeId: string }> {
  const data = expect(await api.send("POST", `${repoPath(repo)}/pulls`, pull), [201], "pull-requests") as {
    number: number;
    html_url: string;
    node_id: string;
  };
  return { number: data.number, url: data.html_url, nodeId: data.node_id };
}

export async function requestReviewers(api: GitHubApi, repo: Repo, number: number, reviewers: string[]): Promise<void> {
  const path = `${repoPath(repo)}/pulls/${number}/requested_reviewers`;
  expect(await api.send("POST", path, { reviewers }), [201], "requested-reviewers");
}

/** Draft → ready for review: GraphQL only (REST cannot change `draft`). */
export async function markReadyForReview(api: GitHubApi, pullNodeId: string): Promise<void> {
  const mutation = `mutation gitclawReady($id: ID!) { markPullRequestReadyForReview(input: {pullRequestId: $id}) { pullRequest { isDraft } } }`;
  await api.graphql(mutation, { id: pullNodeId });
}

/** A reply in the review thread of an inline comment (the thread's first comment or any in it). */
export async function createReviewReply(
  api: GitHubApi,
  repo: Repo,
  pull: number,
  commentId: number,
  body: string,
): Promise<{ id: number; htmlUrl: string }> {
  const path = `${repoPath(repo)}/pulls/${pull}/comments/${commentId}/replies`;
  const data = expect(await api.send("POST", path, { body: withReplyMarker(body) }), [201], "review-comments") as {
    id: number;
    html_url: string;
  };
  return { id: data.id, htmlUrl: data.html_url };
}

export async function updateReviewComment(api: GitHubApi, repo: Repo, commentId: number, body: string): Promise<void> {
  const path = `${repoPath(repo)}/pulls/comments/${commentId}`;
  expect(await api.send("PATCH", path, { body: withReplyMarker(body) }), [200], "review-comments");
}

/** An inline comment as a submitted review holds it. */
export interface PostedReviewComment {
  id: number;
  body: string;
  login: string;
  path: string;
  line?: number;
  diffHunk: string;
}

/** The inline comments a review submitted, oldest first. */
export async function listReviewComments(
  api: GitHubApi,
  repo: Repo,
  pull: number,
  reviewId: number,
): Promise<PostedReviewComment[]> {
  const path = `${repoPath(repo)}/pulls/${pull}/reviews/${reviewId}/comments?per_page=100`;
  const raw = expect(await api.send("GET", path), [200], "review-comments") as {
    id: number;
    body?: string | null;
    user?: { login?: string } | null;
    path: string;
    line?: number | null;
    original_line?: number | null;
    diff_hunk: string;
  }[];
  return raw.map((c) => ({
    id: c.id,
    body: c.body ?? "",
    login: c.user?.login ?? "ghost",
    path: c.path,
    line: c.line ?? c.original_line ?? undefined,
    diffHunk: c.diff_hunk,
  }));
}

const THREADS_QUERY = `query gitclawThreads($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) { pullRequest(number: $number) {
    reviewThreads(first: 100, after: $after) {
      nodes { id isResolved comments(first: 1) { nodes { databaseId } } }
      pageInfo { hasNextPage endCursor } } } } }`;
const RESOLVE_MUTATION = `mutation gitclawResolve($id: ID!) { resolveReviewThread(input: {threadId: $id}) { thread { isResolved } } }`;

const Threads = z.object({
  repository: z.object({
    pullRequest: z.object({
      reviewThreads: z.object({
        nodes: z.array(
          z.object({
            id: z.string(),
            isResolved: z.boolean(),
            comments: z.object({ nodes: z.array(z.object({ databaseId: z.number().nullable() })) }),
          }),
        ),
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
      }),
    }),
  }),
});

/** Resolves the review thread that starts with comment `rootId`; false when there is none, or it was resolved already. */
export async function resolveReviewThread(api: GitHubApi, repo: Repo, pull: number, rootId: number): Promise<boolean> {
  let after: string | null = null;
  for (let page = 0; page < 10; page++) {
    const data = Threads.parse(
      await api.graphql(THREADS_QUERY, { owner: repo.owner, name: repo.repo, number: pull, after }),
    );
    const threads = data.repository.pullRequest.reviewThreads;
    const thread = threads.nodes.find((node) => node.comments.nodes[0]?.databaseId === rootId);
    if (thread) {
      if (thread.isResolved) return false;
      await api.graphql(RESOLVE_MUTATION, { id: thread.id });
      return true;
    }
    if (!threads.pageInfo.hasNextPage) return false;
    after = threads.pageInfo.endCursor;
  }
  return false;
}

export interface FailedJob {
  id: number;
  name: string;
  conclusion: string;
}

const JOB_FAILURES = new Set(["failure", "timed_out", "cancelled", "action_required"]);

/** The jobs of a workflow run that did not succeed. */
export async function listFailedJobs(api: GitHubApi, repo: Repo, runId: number): Promise<FailedJob[]> {
  const path = `${repoPath(repo)}/actions/runs/${runId}/jobs?per_page=100`;
  const data = expect(await api.send("GET", path), [200], "workflow-jobs") as {
    jobs: { id: number; name: string; conclusion: string | null }[];
  };
  return data.jobs
    .filter((job) => JOB_FAILURES.has(job.conclusion ?? ""))
    .map((job) => ({ id: job.id, name: job.name, conclusion: job.conclusion ?? "" }));
}

/** CRLF and lone CR become newlines, tabs four spaces: what a terminal would have shown. */
export function normaliseLog(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ");
}

export function tailLines(text: string, count: number): string {
  return text.replace(/\n+$/, "").split("\n").slice(-count).join("\n");
}

/** A job's log (the API redirects to a short-lived download), normalised; undefined when it is gone. */
export async function jobLog(api: GitHubApi, repo: Repo, jobId: number): Promise<string | undefined> {
  const response = await api.send("GET", `${repoPath(repo)}/actions/jobs/${jobId}/logs`);
  if (response.status !== 200) return undefined;
  const data = response.data;
  const text = typeof data === "string" ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : "";
  return normaliseLog(text);
}

/** One file a pull request changes; `patch` is absent for binary files and very large diffs. */
export interface DiffFile {
  filename: string;
  status: string;
  patch?: string;
  previousFilename?: string;
}

/** Every file a pull request changes, with its patch, a hundred a page (GitHub lists at most 3,000). */
export async function listPullRequestFiles(
  api: GitHubApi,
  repo: Repo,
  pullNumber: number,
  options?: RequestOptions,
): Promise<DiffFile[]> {
  const files: DiffFile[] = [];
  for (let page = 1; page <= 30; page++) {
    const path = `${repoPath(repo)}/pulls/${pullNumber}/files?per_page=100&page=${page}`;
    const batch = expect(await api.send("GET", path, undefined, options), [200], "pull-request-files") as {
      filename: string;
      status: string;
      patch?: string;
      previous_filename?: string;
    }[];
    for (const { filename, status, patch, previous_filename } of batch)
      files.push({ filename, status, patch, ...(previous_filename ? { previousFilename: previous_filename } : {}) });
    if (batch.length < 100) break;
  }
  return files;
}

export type DiffSide = "LEFT" | "RIGHT";

/** An inline comment of a review, in GitHub's fields: `line` (and `start_line` for a range) on a side of the diff. */
export interface ReviewComment {
  path: string;
  line: number;
  side: DiffSide;
  start_line?: number;
  start_side?: DiffSide;
  body: string;
}

export interface NewReview {
  /** The head commit the comments' lines were checked against. */
  commitId: string;
  event: "COMMENT" | "REQUEST_CHANGES";
  body: string;
  comments: ReviewComment[];
}

/** One review with its inline comments, submitted at once. The review and every comment carry the marker. */
export async function createReview(
  api: GitHubApi,
  repo: Repo,
  pullNumber: number,
  review: NewReview,
  options?: RequestOptions,
): Promise<{ id: number; htmlUrl: string; state: string }> {
  const body = {
    commit_id: review.commitId,
    event: review.event,
    body: withReplyMarker(review.body),
    comments: review.comments.map((comment) => ({ ...comment, body: withReplyMarker(comment.body) })),
  };
  const path = `${repoPath(repo)}/pulls/${pullNumber}/reviews`;
  const data = expect(await api.send("POST", path, body, options), [200], "pull-request-reviews") as {
    id: number;
    html_url: string;
    state: string;
  };
  return { id: data.id, htmlUrl: data.html_url, state: data.state };
}

/** A workflow run as the sub-agents' Actions runner follows it. */
export interface WorkflowRunState {
  status: string;
  conclusion: string | null;
  htmlUrl: string;
}

/**
 * Starts a workflow_dispatch run of `workflow` (its file name, e.g. gitclaw.yml) on `ref`; with
 * return_run_details GitHub answers with the new run's id (200) rather than nothing (204).
 */
export async function dispatchWorkflow(
  api: GitHubApi,
  repo: Repo,
  dispatch: { workflow: string; ref: string; inputs: Record<string, string> },
): Promise<{ id: number; htmlUrl: string }> {
  const path = `${repoPath(repo)}/actions/workflows/${encodeURIComponent(dispatch.workflow)}/dispatches`;
  const body = { ref: dispatch.ref, inputs: dispatch.inputs, return_run_details: true };
  const data = expect(await api.send("POST", path, body), [200, 204], "workflow-dispatch") as {
    workflow_run_id?: number;
    html_url?: string;
  } | null;
  if (typeof data?.workflow_run_id !== "number")
    throw new GitHubApiError(
      "the workflow-dispatch API started a run without saying which (no return_run_details): this GitHub is too old for runner actions",
    );
  return { id: data.workflow_run_id, htmlUrl: data.html_url ?? "" };
}

export async function getWorkflowRun(api: GitHubApi, repo: Repo, runId: number): Promise<WorkflowRunState> {
  const data = expect(await api.send("GET", `${repoPath(repo)}/actions/runs/${runId}`), [200], "workflow-runs") as {
    status: string;
    conclusion: string | null;
    html_url: string;
  };
  return { status: data.status, conclusion: data.conclusion, htmlUrl: data.html_url };
}

/** Asks GitHub to cancel a run; one already over (409, final: not retried) is left as it is. */
export async function cancelWorkflowRun(api: GitHubApi, repo: Repo, runId: number): Promise<void> {
  const path = `${repoPath(repo)}/actions/runs/${runId}/cancel`;
  expect(await api.send("POST", path, undefined, { retries: 0 }), [202, 409], "workflow-run-cancel");
}

/** The id of the run's artifact called `name`, if it uploaded one. */
export async function findRunArtifact(
  api: GitHubApi,
  repo: Repo,
  runId: number,
  name: string,
): Promise<{ id: number; expired: boolean } | undefined> {
  const path = `${repoPath(repo)}/actions/runs/${runId}/artifacts?name=${encodeURIComponent(name)}&per_page=100`;
  const data = expect(await api.send("GET", path), [200], "workflow-run-artifacts") as {
    artifacts: { id: number; name: string; expired: boolean }[];
  };
  return data.artifacts.find((artifact) => artifact.name === name);
}

/** An artifact's zip (GitHub redirects to a short-lived download URL, which the client follows). */
export async function downloadArtifact(api: GitHubApi, repo: Repo, artifactId: number): Promise<Uint8Array> {
  const data = expect(
    await api.send("GET", `${repoPath(repo)}/actions/artifacts/${artifactId}/zip`),
    [200],
    "artifact-download",
  );
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (data instanceof Uint8Array) return data;
  throw new GitHubApiError("the artifact-download API did not answer with the archive's bytes");
}
