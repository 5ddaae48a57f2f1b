// Signed landings (commits.sign): the run's commits are not pushed but created again through GitHub's
// Git Database API, which signs what it creates with its web-flow key (GitHub shows them Verified).
// Each local commit becomes one API commit on the copy of its parent: its changed files (blobs for
// binary or large ones, text inline in the tree request, deletions as `sha: null` on the parent's
// tree), its message with Co-authored-by trailers (GitHub signs only a commit that names no author or
// committer, so the author of a commit, by now gitclaw or the person who asked, is credited there), then the branch
// moved forward only. A branch that moved answers 422: land() replays and tries again, never forces.
import { addTrailers, coAuthorTrailer } from "../git/commit-message.ts";
import {
  blobSizes,
  commitSeries,
  GITLINK_MODE,
  readBlobs,
  treeChanges,
  type SeriesCommit,
  type TreeChange,
} from "../git/commit-series.ts";
import { BOT_IDENTITY, GitError, type Git } from "../git/git.ts";
import { land, type LandOptions, type PushOutcome, type Publish, type Published } from "../git/land.ts";
import { octokitApi, type GitHubApi } from "../github/api.ts";
import { createGitHubClient } from "../github/client.ts";
import {
  branchTip,
  createBlob,
  createBranch,
  createCommit,
  createTree,
  updateBranch,
  waitingOutSecondaryLimits,
  type TreeEntry,
} from "../github/git-database.ts";
import type { Repo } from "../github/operations.ts";
import { coAuthorOf, type RunContext } from "./types.ts";
import type { Workspace } from "./types.ts";

/** GitHub's limit for one file, and so for one blob: 100 MiB. */
export const BLOB_LIMIT_BYTES = 100 * 1024 * 1024;
/** Text files up to this size go inline in the tree request (one request for them all)... */
const INLINE_FILE_BYTES = 1024 * 1024;
/** ...up to this much per tree request; the rest as blobs of their own. */
const INLINE_TREE_BYTES = 8 * 1024 * 1024;
/** Blob uploads in flight at once. */
const PARALLEL_UPLOADS = 4;

/** The run's facts that decide signing: the config, and (once the target is chosen) what the rules require. */
export type SigningFacts = Pick<RunContext, "config"> & { target?: { signs?: boolean } };

/** Whether the run's commits land signed: `commits.sign`, or rules of a branch it pushes to that require signatures. */
export const signsCommits = (run: SigningFacts): boolean => run.config.commits.sign || run.target?.signs === true;

export interface SignedLanding {
  /** The checkout, where the commits are read. */
  git: Git;
  api: GitHubApi;
  repo: Repo;
  /** Trailers every commit gets (the person who asked). */
  trailers: string[];
}

/**
 * land()'s options for this run: a signed publish when the run signs, nothing (a git push) otherwise.
 * A workspace whose git carries workflows_token signs with that token too, as its push would.
 */
export function landingOptions(
  run: Pick<RunContext, "config" | "repo" | "trigger" | "env" | "log" | "redact"> & SigningFacts,
  workspace: Pick<Workspace, "git" | "workflowsGit">,
): Pick<LandOptions, "publish"> {
  if (!signsCommits(run)) return {};
  const { workflowsToken, token } = run.env;
  const withWorkflows = workspace.workflowsGit !== undefined && workspace.git === workspace.workflowsGit;
  const api = landingApi(run, withWorkflows && workflowsToken ? workflowsToken : token);
  const coAuthor = coAuthorOf(run.trigger);
  const trailers = coAuthor ? [coAuthorTrailer(coAuthor)] : [];
  return { publish: signedPublish({ git: workspace.git, api, repo: run.repo, trailers }) };
}

/**
 * The landing's own client: not paced like the run's (whose writes wait a second each, so a landing
 * of three requests would take seconds), retried on failures as usual, yielding to secondary limits.
 */
function landingApi(run: Pick<RunContext, "env" | "log" | "redact">, token: string): GitHubApi {
  const log = (line: string) => run.log(run.redact(line));
  return waitingOutSecondaryLimits(
    octokitApi(createGitHubClient({ token, baseUrl: run.env.apiUrl, paced: false, log })),
  );
}

/** Puts a commit on a branch as signed copies of the commits the branch lacks. */
export function signedPublish(landing: SignedLanding): Publish {
  const uploaded = new Set<string>();
  return async (commit, branch, base): Promise<Published> => {
    const { git, api, repo } = landing;
    const tip = await branchTip(api, repo, branch);
    if (tip && (await git.run(["merge-base", "--is-ancestor", tip, commit])).exitCode !== 0)
      return { ok: false, kind: "behind", detail: `${branch} moved on to ${tip.slice(0, 12)}` };
    const copies = new Map<string, string>();
    // A new branch whose commit is its own base (the state branch's first, a root) brings all of its history.
    const exclude = tip ?? (base === commit ? undefined : base);
    for (const original of await commitSeries(git, exclude, commit))
      copies.set(original.sha, await signedCopy(landing, original, copies, uploaded));
    const signed = copies.get(commit) ?? commit;
    const moved = tip ? await updateBranch(api, repo, branch, signed) : await createBranch(api, repo, branch, signed);
    if (moved.ok) return { ok: true, sha: signed };
    return { ok: false, kind: moved.behind ? "behind" : "refused", detail: moved.detail };
  };
}

/** One commit created again through the API, on the copies of its parents; its tree must come out the same. */
async function signedCopy(
  landing: SignedLanding,
  original: SeriesCommit,
  copies: ReadonlyMap<string, string>,
  uploaded: Set<string>,
): Promise<string> {
  const { git, api, repo } = landing;
  const [parent] = original.parents;
  const changes = await treeChanges(git, parent, original.sha);
  refuseSubmodules(changes);
  const entries = await treeEntries(landing, changes, uploaded);
  const baseTree = parent ? await git.must(["rev-parse", `${parent}^{tree}`]) : undefined;
  const tree = entries.length > 0 || !baseTree ? await createTree(api, repo, baseTree, entries) : baseTree;
  if (tree !== original.tree)
    throw new GitError(
      `GitHub built the tree of ${original.sha.slice(0, 12)} as ${tree.slice(0, 12)}, not ${original.tree.slice(0, 12)}: nothing was landed`,
    );
  const parents = original.parents.map((sha) => copies.get(sha) ?? sha);
  const message = addTrailers(original.message, [...landing.trailers, ...authorTrailer(original)]);
  return (await createCommit(api, repo, { message, tree, parents })).sha;
}

/** A commit the agent authored as someone else credits them: the signed copy can only be GitHub's. */
function authorTrailer({ author }: SeriesCommit): string[] {
  if (author.email === BOT_IDENTITY.email || !author.email) return [];
  return [`Co-authored-by: ${author.name} <${author.email}>`];
}

function refuseSubmodules(changes: readonly TreeChange[]): void {
  const submodule = changes.find((change) => change.mode === GITLINK_MODE);
  if (submodule)
    throw new GitError(
      `cannot land the submodule change at ${submodule.path} signed (commits.sign): a submodule names a commit of another repository, which GitHub's Git Database API cannot check or carry; undo it, or land it with commits.sign off`,
    );
}

/** The tree entries of the changes: deletions, text inline, the rest as blobs uploaded once each. */
async function treeEntries(
  landing: SignedLanding,
  changes: readonly TreeChange[],
  uploaded: Set<string>,
): Promise<TreeEntry[]> {
  const files = changes.filter((change): change is TreeChange & { sha: string } => change.sha !== null);
  const sizes = await blobSizes(landing.git, [...new Set(files.map((file) => file.sha))]);
  for (const file of files) refuseTooLarge(file.path, sizes.get(file.sha) ?? 0);
  const wanted = [...new Set(files.filter((file) => !uploaded.has(file.sha)).map((file) => file.sha))];
  const bytes = await readBlobs(landing.git, wanted);
  const inline = inlineTexts(files, bytes, sizes);
  const toUpload = wanted.filter((sha) => !inline.has(sha));
  await uploadBlobs(landing, toUpload, bytes, uploaded);
  // Deletions first: a file that became a folder (or a folder a file) is gone before its successor comes.
  const ordered = [...changes.filter((change) => change.sha === null), ...files];
  return ordered.map((change): TreeEntry => {
    const text = change.sha === null ? undefined : inline.get(change.sha);
    if (text !== undefined) return { path: change.path, mode: change.mode, type: "blob", content: text };
    return { path: change.path, mode: change.mode, type: "blob", sha: change.sha };
  });
}

function refuseTooLarge(path: string, size: number): void {
  if (size > BLOB_LIMIT_BYTES)
    throw new GitError(
      `${path} is ${(size / 1024 / 1024).toFixed(1)} MiB, past GitHub's 100 MiB limit for a file: it cannot land; keep it out of the repository (or in Git LFS)`,
    );
}

/** The blobs that travel inline as text: valid UTF-8 without NUL, small, within the request's budget. */
function inlineTexts(
  files: readonly { sha: string }[],
  bytes: ReadonlyMap<string, Buffer>,
  sizes: ReadonlyMap<string, number>,
): Map<string, string> {
  const decoder = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  const inline = new Map<string, string>();
  let budget = INLINE_TREE_BYTES;
  for (const { sha } of files) {
    const content = bytes.get(sha);
    const size = sizes.get(sha) ?? 0;
    if (!content || inline.has(sha) || size > INLINE_FILE_BYTES || size > budget || content.includes(0)) continue;
    try {
      inline.set(sha, decoder.decode(content));
      budget -= size;
    } catch {
      // Not UTF-8: a blob of its own, base64.
    }
  }
  return inline;
}

/** Uploads blobs, a few at a time; GitHub must name each as git does, or the bytes changed on the way. */
async function uploadBlobs(
  landing: SignedLanding,
  shas: readonly string[],
  bytes: ReadonlyMap<string, Buffer>,
  uploaded: Set<string>,
): Promise<void> {
  const queue = [...shas];
  const worker = async () => {
    for (let sha = queue.shift(); sha !== undefined; sha = queue.shift()) {
      const created = await createBlob(landing.api, landing.repo, bytes.get(sha) ?? Buffer.alloc(0));
      if (created !== sha) throw new GitError(`GitHub stored blob ${sha.slice(0, 12)} as ${created.slice(0, 12)}`);
      uploaded.add(sha);
    }
  };
  await Promise.all(Array.from({ length: Math.min(PARALLEL_UPLOADS, queue.length) }, worker));
}

/** land() as the run lands: signed when it signs, the checkout then following onto the signed commits. */
export async function landRun(
  run: Parameters<typeof landingOptions>[0],
  workspace: Pick<Workspace, "git" | "workflowsGit">,
  options: Omit<LandOptions, "publish">,
): Promise<PushOutcome> {
  const signed = landingOptions(run, workspace);
  const outcome = await land(workspace.git, { ...options, ...signed });
  if (signed.publish) await followLanded(workspace.git, outcome, run.log);
  return outcome;
}

/**
 * After a signed landing the checkout follows: HEAD (and the index, and the working tree where the
 * branch moved) on the signed copies, so what the run links and the next run finds is what is on the
 * remote. `git reset --keep` leaves alone what the commit did not take.
 */
export async function followLanded(git: Git, outcome: PushOutcome, log: (line: string) => void): Promise<void> {
  const reset = await git.run(["reset", "-q", "--keep", outcome.sha]);
  if (reset.exitCode !== 0)
    log(`gitclaw: the checkout stays on its unsigned commits: ${(reset.stderr || reset.stdout).trim()}`);
}
