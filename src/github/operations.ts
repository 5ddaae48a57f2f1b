// The GitHub calls the stages make, each a small function over the one request interface (./api.ts),
// whichever client carries it: the repository, permissions, comments (review thread replies included)
// and reactions, all the guard, the indicator and the cleanup need, with no schema library to load on
// the clock to 👀. Pull requests and reviews are in ./pulls.ts, Actions runs in ./runs.ts. Every comment
// written carries gitclaw's marker.
import { withReplyMarker } from "./marker.ts";
import type { ApiResponse, GitHubApi } from "./api.ts";
import { ActionableError } from "../errors.ts";
import { loginOf } from "./ghost.ts";

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
export class GitHubApiError extends ActionableError {
  override name = "GitHubApiError";
  constructor(
    message: string,
    readonly status?: number,
    readonly response?: { data: unknown },
  ) {
    super(message);
  }
}

export const repoPath = (repo: Repo) => `/repos/${encodeURIComponent(repo.owner)}/${encodeURIComponent(repo.repo)}`;

/** The data of a response with one of the `expected` statuses; otherwise an error naming the API and its answer. */
export function expectStatus(response: ApiResponse, expected: number[], api: string): unknown {
  if (expected.includes(response.status)) return response.data;
  const message = (response.data as { message?: unknown } | null)?.message;
  throw new GitHubApiError(
    `the ${api} API answered ${response.status}${typeof message === "string" ? ` ${message}` : ""}`,
    response.status,
    { data: response.data },
  );
}

export async function getDefaultBranch(api: GitHubApi, repo: Repo): Promise<string> {
  const data = expectStatus(await api.send("GET", repoPath(repo)), [200], "repository") as { default_branch: string };
  return data.default_branch;
}

/** The collaborator-permission API; 404 (not a collaborator) is "none". */
export async function getPermission(api: GitHubApi, repo: Repo, login: string): Promise<PermissionLevel> {
  const response = await api.send("GET", `${repoPath(repo)}/collaborators/${encodeURIComponent(login)}/permission`);
  if (response.status === 404) return "none";
  return permissionFromApi(expectStatus(response, [200], "collaborator-permission"));
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

/** Every item of a list the API pages, a hundred a page, in its order. */
export async function* pages<T>(api: GitHubApi, path: string, name: string): AsyncGenerator<T> {
  for (let page = 1; ; page++) {
    const batch = expectStatus(await api.send("GET", `${path}?per_page=100&page=${page}`), [200], name) as T[];
    yield* batch;
    if (batch.length < 100) return;
  }
}

/** Every comment of an issue, oldest first. */
export async function listComments(api: GitHubApi, repo: Repo, issueNumber: number): Promise<IssueComment[]> {
  const comments: IssueComment[] = [];
  for await (const c of pages<RawComment>(api, `${repoPath(repo)}/issues/${issueNumber}/comments`, "issue-comments")) {
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
      login: loginOf(c.user),
      userType: c.user?.type ?? "User",
      authorAssociation,
      createdAt,
      updatedAt,
      htmlUrl,
    });
  }
  return comments;
}

/** The id of the newest review comment (inline, in any thread) of pull request `pull` whose body contains `text`. */
export async function findReviewComment(api: GitHubApi, repo: Repo, pull: number, text: string) {
  let found: number | undefined;
  for await (const c of pages<RawComment>(api, `${repoPath(repo)}/pulls/${pull}/comments`, "review-comments"))
    if (c.body?.includes(text)) found = c.id;
  return found;
}

export async function createComment(
  api: GitHubApi,
  repo: Repo,
  issueNumber: number,
  body: string,
): Promise<{ id: number; htmlUrl: string }> {
  const path = `${repoPath(repo)}/issues/${issueNumber}/comments`;
  const data = expectStatus(await api.send("POST", path, { body: withReplyMarker(body) }), [201], "issue-comments") as {
    id: number;
    html_url: string;
  };
  return { id: data.id, htmlUrl: data.html_url };
}

export async function updateComment(api: GitHubApi, repo: Repo, commentId: number, body: string): Promise<void> {
  expectStatus(
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
  const data = expectStatus(
    await api.send("POST", reactionsPath(repo, target), { content }),
    [200, 201],
    "reactions",
  ) as {
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
  expectStatus(await api.send("DELETE", `${reactionsPath(repo, target)}/${reactionId}`), [204, 404], "reactions");
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
  const data = expectStatus(
    await api.send("POST", path, { body: withReplyMarker(body) }),
    [201],
    "review-comments",
  ) as {
    id: number;
    html_url: string;
  };
  return { id: data.id, htmlUrl: data.html_url };
}

export async function updateReviewComment(api: GitHubApi, repo: Repo, commentId: number, body: string): Promise<void> {
  const path = `${repoPath(repo)}/pulls/comments/${commentId}`;
  expectStatus(await api.send("PATCH", path, { body: withReplyMarker(body) }), [200], "review-comments");
}
