// The GitHub calls about pull requests: reading and opening them, review comments, review threads
// (GraphQL), the files a pull request changes, and batched reviews (the github tool's pr_review).
import { z } from "zod";
import type { GitHubApi, RequestOptions } from "./api.ts";
import { withReplyMarker } from "./marker.ts";
import { expectStatus, repoPath, GitHubApiError, type Repo } from "./operations.ts";
import { loginOf } from "./ghost.ts";

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
  const raw = expectStatus(await api.send("GET", path, undefined, options), [200], "pull-request");
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
    author: loginOf(pr.user),
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
  const found = expectStatus(await api.send("GET", path), [200], "pull-requests") as { number: number }[];
  return found[0]?.number;
}

export async function createPullRequest(
  api: GitHubApi,
  repo: Repo,
  pull: { title: string; body: string; head: string; base: string; draft: boolean },
): Promise<{ number: number; url: string; nodeId: string }> {
  const data = expectStatus(await api.send("POST", `${repoPath(repo)}/pulls`, pull), [201], "pull-requests") as {
    number: number;
    html_url: string;
    node_id: string;
  };
  return { number: data.number, url: data.html_url, nodeId: data.node_id };
}

export async function requestReviewers(api: GitHubApi, repo: Repo, number: number, reviewers: string[]): Promise<void> {
  const path = `${repoPath(repo)}/pulls/${number}/requested_reviewers`;
  expectStatus(await api.send("POST", path, { reviewers }), [201], "requested-reviewers");
}

/** Draft → ready for review: GraphQL only (REST cannot change `draft`). */
export async function markReadyForReview(api: GitHubApi, pullNodeId: string): Promise<void> {
  const mutation = `mutation gitclawReady($id: ID!) { markPullRequestReadyForReview(input: {pullRequestId: $id}) { pullRequest { isDraft } } }`;
  await api.graphql(mutation, { id: pullNodeId });
}

/** An inline comment as a submitted review holds it. */
export interface PostedReviewComment {
  id: number;
  body: string;
  login: string;
  path: string;
  line?: number;
  diffHunk: string;
  url: string;
}

/** The inline comments a review submitted, oldest first. */
export async function listReviewComments(
  api: GitHubApi,
  repo: Repo,
  pull: number,
  reviewId: number,
): Promise<PostedReviewComment[]> {
  const path = `${repoPath(repo)}/pulls/${pull}/reviews/${reviewId}/comments?per_page=100`;
  const raw = expectStatus(await api.send("GET", path), [200], "review-comments") as RawReviewComment[];
  return raw.map(postedComment);
}

interface RawReviewComment {
  id: number;
  body?: string | null;
  user?: { login?: string } | null;
  path: string;
  line?: number | null;
  original_line?: number | null;
  diff_hunk: string;
  html_url: string;
}

const postedComment = (c: RawReviewComment): PostedReviewComment => ({
  id: c.id,
  body: c.body ?? "",
  login: loginOf(c.user),
  path: c.path,
  line: c.line ?? c.original_line ?? undefined,
  diffHunk: c.diff_hunk,
  url: c.html_url,
});

const THREADS_QUERY = `query gitclawThreads($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) { pullRequest(number: $number) {
    reviewThreads(first: 100, after: $after) {
      nodes { id isResolved resolvedBy { login } comments(first: 1) { nodes { fullDatabaseId } } }
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
            resolvedBy: z.object({ login: z.string() }).nullable().optional(),
            // A BigInt, sent as a string: today's ids no longer fit the deprecated 32-bit `databaseId`.
            comments: z.object({ nodes: z.array(z.object({ fullDatabaseId: z.string().regex(/^\d+$/).nullable() })) }),
          }),
        ),
        pageInfo: z.object({ hasNextPage: z.boolean(), endCursor: z.string().nullable() }),
      }),
    }),
  }),
});

/** A review thread's node id, whether it is resolved, and by whom. */
export interface ThreadState {
  id: string;
  isResolved: boolean;
  resolvedBy?: string;
}

/** Every review thread of a pull request, by the id of its first comment. */
export async function reviewThreadStates(api: GitHubApi, repo: Repo, pull: number): Promise<Map<number, ThreadState>> {
  const states = new Map<number, ThreadState>();
  let after: string | null = null;
  for (let page = 0; page < 10; page++) {
    const data = Threads.parse(
      await api.graphql(THREADS_QUERY, { owner: repo.owner, name: repo.repo, number: pull, after }),
    );
    const threads = data.repository.pullRequest.reviewThreads;
    for (const node of threads.nodes) {
      const root = node.comments.nodes[0]?.fullDatabaseId;
      const resolvedBy = node.resolvedBy?.login;
      if (root)
        states.set(Number(root), { id: node.id, isResolved: node.isResolved, ...(resolvedBy ? { resolvedBy } : {}) });
    }
    if (!threads.pageInfo.hasNextPage) break;
    after = threads.pageInfo.endCursor;
  }
  return states;
}

/** Resolves the review thread that starts with comment `rootId`; false when there is none, or it was resolved already. */
export async function resolveReviewThread(api: GitHubApi, repo: Repo, pull: number, rootId: number): Promise<boolean> {
  const thread = (await reviewThreadStates(api, repo, pull)).get(rootId);
  if (!thread || thread.isResolved) return false;
  await api.graphql(RESOLVE_MUTATION, { id: thread.id });
  return true;
}

/** The first comments of a pull request's review threads (replies left out), oldest first. */
export async function listThreadStarts(api: GitHubApi, repo: Repo, pull: number): Promise<PostedReviewComment[]> {
  const starts: PostedReviewComment[] = [];
  for (let page = 1; page <= 30; page++) {
    const path = `${repoPath(repo)}/pulls/${pull}/comments?per_page=100&page=${page}`;
    const batch = expectStatus(await api.send("GET", path), [200], "review-comments") as (RawReviewComment & {
      in_reply_to_id?: number;
    })[];
    for (const comment of batch) if (comment.in_reply_to_id === undefined) starts.push(postedComment(comment));
    if (batch.length < 100) break;
  }
  return starts;
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
    const batch = expectStatus(await api.send("GET", path, undefined, options), [200], "pull-request-files") as {
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
  const data = expectStatus(await api.send("POST", path, body, options), [200], "pull-request-reviews") as {
    id: number;
    html_url: string;
    state: string;
  };
  return { id: data.id, htmlUrl: data.html_url, state: data.state };
}
