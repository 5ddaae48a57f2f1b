// What the approval status (src/approval/) reads and writes on GitHub: a pull request's reviews and
// commits, the author of the issue it was opened for, and the commit status itself. Every user may be
// null (a deleted account, shown as "ghost"): such an author is undefined here, never a crash.
import type { GitHubApi } from "./api.ts";
import { expectStatus, pages, repoPath, type Repo } from "./operations.ts";

/** An account as the API names it; undefined for a deleted one. */
export interface Account {
  login: string;
  type: string;
}

interface RawUser {
  login?: string;
  type?: string;
}

const account = (user: RawUser | null | undefined): Account | undefined =>
  user?.login ? { login: user.login, type: user.type ?? "User" } : undefined;

export interface SubmittedReview {
  author?: Account;
  /** APPROVED, CHANGES_REQUESTED, COMMENTED, DISMISSED, PENDING. */
  state: string;
  /** The head the review was submitted on. */
  commitId?: string;
}

/** Every review of a pull request, oldest first. */
export async function listReviews(api: GitHubApi, repo: Repo, pull: number): Promise<SubmittedReview[]> {
  const reviews: SubmittedReview[] = [];
  const path = `${repoPath(repo)}/pulls/${pull}/reviews`;
  for await (const r of pages<{ user?: RawUser | null; state: string; commit_id?: string | null }>(
    api,
    path,
    "reviews",
  ))
    reviews.push({ author: account(r.user), state: r.state, ...(r.commit_id ? { commitId: r.commit_id } : {}) });
  return reviews;
}

export interface PullCommit {
  sha: string;
  message: string;
  /** The GitHub accounts git's author and committer are linked to, when they are. */
  author?: Account;
  committer?: Account;
}

/** The commits of a pull request (GitHub lists up to 250), oldest first. */
export async function listPullCommits(api: GitHubApi, repo: Repo, pull: number): Promise<PullCommit[]> {
  const commits: PullCommit[] = [];
  const path = `${repoPath(repo)}/pulls/${pull}/commits`;
  type Raw = { sha: string; commit: { message: string }; author?: RawUser | null; committer?: RawUser | null };
  for await (const c of pages<Raw>(api, path, "pull-request-commits")) {
    const author = account(c.author);
    const committer = account(c.committer);
    commits.push({
      sha: c.sha,
      message: c.commit.message,
      ...(author ? { author } : {}),
      ...(committer ? { committer } : {}),
    });
  }
  return commits;
}

/** Who opened an issue; undefined for a deleted account. */
export async function issueAuthor(api: GitHubApi, repo: Repo, issue: number): Promise<Account | undefined> {
  const data = expectStatus(await api.send("GET", `${repoPath(repo)}/issues/${issue}`), [200], "issue") as {
    user?: RawUser | null;
  };
  return account(data.user);
}

export interface CommitStatus {
  state: "pending" | "success" | "failure" | "error";
  context: string;
  description: string;
  targetUrl?: string;
}

/** The newest status of `context` on a commit, from its combined status. */
export async function currentStatus(
  api: GitHubApi,
  repo: Repo,
  sha: string,
  context: string,
): Promise<CommitStatus | undefined> {
  const path = `${repoPath(repo)}/commits/${sha}/status?per_page=100`;
  const data = expectStatus(await api.send("GET", path), [200], "combined-status") as {
    statuses: { state: CommitStatus["state"]; context: string; description?: string | null }[];
  };
  const found = data.statuses.find((status) => status.context === context);
  return found && { state: found.state, context, description: found.description ?? "" };
}

export async function setCommitStatus(api: GitHubApi, repo: Repo, sha: string, status: CommitStatus): Promise<void> {
  const body = {
    state: status.state,
    context: status.context,
    description: status.description,
    ...(status.targetUrl ? { target_url: status.targetUrl } : {}),
  };
  expectStatus(await api.send("POST", `${repoPath(repo)}/statuses/${sha}`, body), [201], "commit-status");
}
