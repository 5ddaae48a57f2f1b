// GitHub's Git Database API, as a signed landing uses it: blobs, a tree on a base tree, a commit that
// names no author or committer (so GitHub signs it with its web-flow key and shows it Verified), and
// the branch: read, created, or moved forward only (never forced).
import { z } from "zod";
import type { GitHubApi } from "./api.ts";
import { expectStatus, repoPath, type Repo } from "./operations.ts";

/** A tree entry: a file's new object (`sha`), its text inline (`content`), or its deletion (`sha: null`). */
export type TreeEntry =
  | { path: string; mode: string; type: "blob" | "commit"; sha: string | null }
  | { path: string; mode: string; type: "blob"; content: string };

const Created = z.object({ sha: z.string().regex(/^[0-9a-f]{40}$/) });
const Commit = Created.extend({ verification: z.object({ verified: z.boolean(), reason: z.string() }).optional() });
const Ref = z.object({ object: z.object({ sha: z.string() }) });

/** A branch's path under git/refs, each segment encoded (branch names hold slashes). */
const refPath = (branch: string) => `heads/${branch.split("/").map(encodeURIComponent).join("/")}`;

export async function createBlob(api: GitHubApi, repo: Repo, bytes: Uint8Array): Promise<string> {
  const body = { content: Buffer.from(bytes).toString("base64"), encoding: "base64" };
  const response = await api.send("POST", `${repoPath(repo)}/git/blobs`, body);
  return Created.parse(expectStatus(response, [201], "Git blobs")).sha;
}

export async function createTree(api: GitHubApi, repo: Repo, baseTree: string | undefined, tree: TreeEntry[]) {
  const body = { ...(baseTree ? { base_tree: baseTree } : {}), tree };
  const response = await api.send("POST", `${repoPath(repo)}/git/trees`, body);
  return Created.parse(expectStatus(response, [201], "Git trees")).sha;
}

/** A commit with GitHub as its committer: no author, committer or signature in the request, so GitHub signs it. */
export async function createCommit(
  api: GitHubApi,
  repo: Repo,
  commit: { message: string; tree: string; parents: string[] },
): Promise<{ sha: string; verified?: boolean }> {
  const response = await api.send("POST", `${repoPath(repo)}/git/commits`, commit);
  const created = Commit.parse(expectStatus(response, [201], "Git commits"));
  return { sha: created.sha, ...(created.verification ? { verified: created.verification.verified } : {}) };
}

/** Where the branch points, or undefined when it does not exist. */
export async function branchTip(api: GitHubApi, repo: Repo, branch: string): Promise<string | undefined> {
  const response = await api.send("GET", `${repoPath(repo)}/git/ref/${refPath(branch)}`);
  if (response.status === 404) return undefined;
  return Ref.parse(expectStatus(response, [200], "Git refs")).object.sha;
}

/** How a branch update went: moved, behind (the branch moved on: replay and retry), or refused for good. */
export type RefUpdate = { ok: true } | { ok: false; behind: boolean; detail: string };

export async function createBranch(api: GitHubApi, repo: Repo, branch: string, sha: string): Promise<RefUpdate> {
  const response = await api.send("POST", `${repoPath(repo)}/git/refs`, { ref: `refs/heads/${branch}`, sha });
  // Someone created the branch first: as behind as a moved branch.
  return refUpdate(response.status, response.data, [201], /already exists/i);
}

/** Moves the branch to `sha` only if that is a fast-forward: GitHub answers 422 when the branch moved. */
export async function updateBranch(api: GitHubApi, repo: Repo, branch: string, sha: string): Promise<RefUpdate> {
  const response = await api.send("PATCH", `${repoPath(repo)}/git/refs/${refPath(branch)}`, { sha, force: false });
  return refUpdate(response.status, response.data, [200], /fast.forward/i);
}

function refUpdate(status: number, data: unknown, ok: number[], behind: RegExp): RefUpdate {
  if (ok.includes(status)) return { ok: true };
  const message = (data as { message?: unknown } | null)?.message;
  const detail = `GitHub answered ${status}${typeof message === "string" ? ` ${message.split("\n")[0]}` : ""}`;
  if (status >= 500) throw new Error(`the Git refs API failed: ${detail}`);
  return { ok: false, behind: status === 422 && typeof message === "string" && behind.test(message), detail };
}

const SECONDARY_LIMIT = /secondary rate limit/i;

/**
 * `api` that waits out GitHub's secondary rate limit (403 or 429 saying so) and asks again, twice
 * at most: a landing's client is not paced (a handful of writes in a burst), so it must yield when
 * GitHub asks it to (GitHub: wait at least a minute, longer each time).
 */
export function waitingOutSecondaryLimits(
  api: GitHubApi,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  waitMs = 60_000,
): GitHubApi {
  return {
    graphql: (query, variables) => api.graphql(query, variables),
    async send(method, path, body, options) {
      for (let attempt = 1; ; attempt++) {
        const response = await api.send(method, path, body, options);
        const message = (response.data as { message?: unknown } | null)?.message;
        const limited = (response.status === 403 || response.status === 429) && typeof message === "string";
        if (!limited || !SECONDARY_LIMIT.test(message) || attempt > 2) return response;
        await sleep(waitMs * attempt);
      }
    },
  };
}
