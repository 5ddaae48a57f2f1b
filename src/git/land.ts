// Landing a run's work on the remote: commit, push to the branch, and when someone pushed first,
// replay this run's commits onto theirs and try again, with backoff. A replay that conflicts keeps
// the commits on a side branch; a branch that refuses pushes (protected) gets them on a side branch
// at once. Never forces, never resolves a conflict by taking one side, and never calls work landed
// without fetching the branch and finding this run's own commit on it.
//
// Replays use `git merge-tree --write-tree` and `git commit-tree`: no rebase, so no state a failed
// step can leave half done in the working tree, no dependence on the checkout's history (a shallow
// clone replays as well as a full one), and the working tree stays exactly as the agent left it.
import { existsSync, lstatSync, mkdtempSync, rmSync, type Stats } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GitError, type Git } from "./git.ts";
import { refusalLine } from "./refusal.ts";
import { remoteTip } from "./branch.ts";

/** A path the commit could not take, and git's word for why. */
export interface NotStaged {
  path: string;
  reason: string;
}

/**
 * Stages what changed and commits it as the bot; returns the new commit, or undefined when nothing
 * changed. `paths`, the changes a `git status` just listed (and files written since), limits staging
 * to them: on a checkout of 10,000 files `git add -A` and `git commit` each stat every file, where a
 * run changed a handful (bench scale). The commit is written from the index by write-tree and
 * commit-tree, which read no file of the tree, with the message cleaned up as `git commit -F` does.
 */
export async function commitAll(git: Git, message: string, paths?: readonly string[]): Promise<string | undefined> {
  return (await commitChanges(git, message, paths)).sha;
}

/** commitAll, saying which of `paths` the commit could not take (a nested repository without a commit…). */
export async function commitChanges(
  git: Git,
  message: string,
  paths?: readonly string[],
): Promise<{ sha?: string; notStaged: NotStaged[] }> {
  const notStaged = await stage(git, paths);
  const { tree, parent } = await stagedTree(git);
  if (tree === undefined) return { notStaged };
  const text = cleanMessage(message);
  const commit = await git.must(["commit-tree", tree, ...(parent ? ["-p", parent] : []), "-F", "-"], { input: text });
  // The old value makes the move conditional: HEAD is where the commit's parent says, or nothing moves.
  await git.must(["update-ref", "-m", `commit: ${text.split("\n", 1)[0]}`, "HEAD", commit, parent]);
  return { sha: commit, notStaged };
}

/** The index as a tree, and HEAD ("" when unborn); no tree when the index holds what HEAD holds. */
async function stagedTree(git: Git): Promise<{ tree?: string; parent: string }> {
  const [tree, head] = await Promise.all([git.must(["write-tree"]), git.run(["rev-parse", "HEAD", "HEAD^{tree}"])]);
  const [parent = "", parentTree] = head.exitCode === 0 ? head.stdout.trim().split("\n") : [];
  const unchanged = parent ? tree === parentTree : (await git.run(["diff", "--cached", "--quiet"])).exitCode === 0;
  return unchanged ? { parent } : { tree, parent };
}

/**
 * `git add -A` of `paths` (all of the working tree without them): new and changed files added,
 * deleted ones removed, a nested repository as a gitlink, a path that is nowhere skipped, a file
 * that became a folder or the other way round replaced (--replace). Whatever the working tree holds
 * there, staging goes on: a path git refuses is staged alone to find which, and left out, named.
 */
async function stage(git: Git, paths?: readonly string[]): Promise<NotStaged[]> {
  if (paths === undefined) {
    await git.must(["add", "-A"]);
    return [];
  }
  // `git status` names a nested repository `dir/`; the index names it `dir`.
  const named = [...new Set(paths.map((path) => path.replace(/\/+$/, "")))];
  const unnameable = (path: string) => path.includes("\uFFFD") && lstatOf(join(git.cwd, path)) === undefined;
  const notStaged: NotStaged[] = named.filter(unnameable).map((path) => ({ path, reason: NOT_UTF8 }));
  const list = named.filter((path) => path && !plainFolder(join(git.cwd, path)) && !unnameable(path));
  if (list.length === 0 || (await updateIndex(git, list)).exitCode === 0) return notStaged;
  for (const path of list) {
    const alone = await updateIndex(git, [path]);
    if (alone.exitCode !== 0) notStaged.push({ path, reason: gitSaid(alone.stderr || alone.stdout) });
  }
  return notStaged;
}

const updateIndex = (git: Git, paths: readonly string[]) =>
  git.run(["update-index", "--add", "--remove", "--replace", "-z", "--stdin"], { input: `${paths.join("\0")}\0` });

/**
 * A folder that is not a repository of its own: what it holds is staged file by file (the status
 * lists each), never the folder itself, which git refuses. Such a path in the list is a folder put
 * back in place of a file or link by the protected-path revert.
 */
function plainFolder(path: string): boolean {
  return lstatOf(path)?.isDirectory() === true && !existsSync(join(path, ".git"));
}

/** The path's own status; undefined when it is gone, or under what is now a file (ENOTDIR). */
function lstatOf(path: string): Stats | undefined {
  try {
    return lstatSync(path);
  } catch {
    return undefined;
  }
}

/**
 * A name git gave in bytes that are not UTF-8 was read with the replacement character standing for
 * them: a path by that name is nowhere (one really named with U+FFFD exists, and is staged).
 */
const NOT_UTF8 = "its name is not valid UTF-8, so it cannot be named back to git";

/** Git's reason, without its `fatal: Unable to process path` closing line. */
const gitSaid = (output: string) =>
  output
    .split("\n")
    .map((line) => line.replace(/^(error|fatal): /, "").trim())
    .filter((line) => line && !line.startsWith("Unable to process path"))
    .join("; ") || output.trim();

/**
 * A commit message as `git commit -F` leaves it (cleanup "whitespace"): spaces, tabs and carriage
 * returns at line ends, blank lines at either end and repeated blank lines removed, one final newline.
 */
export function cleanMessage(message: string): string {
  const lines: string[] = [];
  for (const line of message.split("\n").map((l) => l.replace(/[ \t\r]+$/, ""))) {
    if (line === "" && (lines.length === 0 || lines.at(-1) === "")) continue;
    lines.push(line);
  }
  while (lines.at(-1) === "") lines.pop();
  return lines.length === 0 ? "" : `${lines.join("\n")}\n`;
}

export type PushOutcome =
  | { landed: true; sha: string; branch: string; attempts: number }
  | {
      landed: false;
      sha: string;
      branch: string;
      attempts: number;
      reason: string;
      /** The remote refused the push for good (a rule, protection, a hook): its word in one line (src/git/refusal.ts). */
      refused?: string;
    };

export interface LandOptions {
  /** Where to push: the remote URL read before the agent ran (or a remote name). */
  remote: string;
  branch: string;
  /** The commit the run started from: base..head is this run's work. */
  base: string;
  head: string;
  attempts: number;
  /** Where the commits go when they cannot land on `branch`. */
  fallbackBranch: string;
  /** Where they go when `branch` refuses the push for good (replayed onto it when it moved); else the fallback. */
  refusedBranch?: string;
  /** A refusal throws, naming it, instead of trying another branch. */
  refusalIsFinal?: boolean;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  baseDelayMs?: number;
  log?: (line: string) => void;
  /** How a commit reaches the branch: a git push unless given (a signed landing creates copies through the API). */
  publish?: Publish;
}

/** A commit put on a branch (as `sha`: itself, or the copy that now stands for it), or why not. */
export type Published =
  | { ok: true; sha: string }
  /** `output`: all the remote said, for the refusal's own words (GH006, GH013…). */
  | { ok: false; kind: Rejection; detail: string; output?: string };

/** Puts `commit` (its commits since `base`, the run's start) on `branch`, never by force. */
export type Publish = (commit: string, branch: string, base: string) => Promise<Published>;

/** The plain way: `git push` of the commit to the branch. */
export const gitPush =
  (git: Git, remote: string): Publish =>
  async (commit, branch) => {
    const push = await git.run(["push", "--porcelain", remote, `${commit}:refs/heads/${branch}`], { remote: true });
    return push.exitCode === 0
      ? { ok: true, sha: commit }
      : { ok: false, ...rejection(`${push.stdout}\n${push.stderr}`), output: `${push.stdout}\n${push.stderr}` };
  };

/** Exponential backoff with full jitter, capped: concurrent runs spread out instead of colliding again. */
export function backoffDelay(attempt: number, baseMs: number, random: () => number): number {
  const cap = Math.min(baseMs * 2 ** attempt, 30_000);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

export type Rejection = "behind" | "refused" | "failed";

/**
 * Why a push failed, from `git push --porcelain`: the remote refused it for good (a protected
 * branch, a rule, a hook, missing permission), or it may go through next time (the branch moved on,
 * a lost race for the ref's lock, no answer at all).
 */
function rejection(output: string): { kind: Rejection; detail: string } {
  const line = output.split("\n").find((l) => l.startsWith("!\t"));
  if (!line) return { kind: "failed", detail: firstLine(output) };
  const detail = line.split("\t")[2] ?? line;
  return {
    kind: /declined|denied|not allowed|permission|protected|refusing|GH0\d\d/i.test(`${detail}\n${output}`)
      ? "refused"
      : "behind",
    detail,
  };
}

/**
 * Pushes base..head to `branch`, replaying it onto the branch's new tip when the push is behind.
 * Resolves to where this run's commits (the originals, or their replayed copies) verifiably are.
 */
export async function land(git: Git, options: LandOptions): Promise<PushOutcome> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => {});
  const publish = options.publish ?? gitPush(git, options.remote);
  let candidate = options.head;
  let lastError = "";
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const why = await publish(candidate, options.branch, options.base);
    if (why.ok) {
      await verifyLanded(git, options.remote, options.branch, why.sha);
      return { landed: true, sha: why.sha, branch: options.branch, attempts: attempt };
    }
    lastError = why.detail;
    log(`push attempt ${attempt}/${options.attempts} to ${options.branch} failed: ${why.detail}`);
    if (why.kind === "refused") {
      const refused = refusalLine(why.output ?? why.detail, `${options.branch} refused the push (${why.detail})`);
      if (options.refusalIsFinal) throw new GitError(refused);
      return landRefused(git, options, attempt, refused);
    }
    if (attempt === options.attempts) break;
    await sleep(backoffDelay(attempt, options.baseDelayMs ?? 500, random));
    const tip = await fetchTip(git, options.remote, options.branch).catch((error: Error) => {
      lastError = error.message;
      return undefined;
    });
    if (!tip) continue;
    // Already on top of the tip (the push lost a race for the ref, not for the branch): push again.
    if ((await git.run(["merge-base", "--is-ancestor", tip, candidate])).exitCode === 0) continue;
    const replayed = await replay(git, options.base, options.head, tip);
    if ("conflict" in replayed) {
      return keepOnSideBranch(
        git,
        options,
        attempt,
        `conflict with ${options.branch} at ${tip.slice(0, 12)}: ${replayed.conflict}`,
      );
    }
    candidate = replayed.sha;
  }
  throw new GitError(`could not push to ${options.branch} after ${options.attempts} attempts: ${lastError}`);
}

/**
 * A push `branch` refused for good: the commits go to `refusedBranch` (as any landing: replayed onto
 * it when it moved, a conflict to the fallback branch), or without one to the fallback branch. When
 * `refusedBranch` refuses them too, so would a side branch: the error says both.
 */
async function landRefused(git: Git, options: LandOptions, attempts: number, refused: string): Promise<PushOutcome> {
  const { refusedBranch, ...rest } = options;
  if (!refusedBranch) return { ...(await keepOnSideBranch(git, options, attempts, refused)), refused } as PushOutcome;
  const moved = await land(git, { ...rest, branch: refusedBranch, refusalIsFinal: true }).catch((error: Error) => {
    throw new GitError(error.message === refused ? refused : `${refused} Then ${error.message}`);
  });
  return { landed: false, sha: moved.sha, branch: moved.branch, attempts, reason: refused, refused };
}

async function keepOnSideBranch(
  git: Git,
  options: LandOptions,
  attempts: number,
  reason: string,
): Promise<PushOutcome> {
  const sha = await publishOrThrow(git, options, options.fallbackBranch);
  await verifyLanded(git, options.remote, options.fallbackBranch, sha);
  return { landed: false, sha, branch: options.fallbackBranch, attempts, reason };
}

/** The head on `branch` (as itself or its signed copy), or an error with all the remote said. */
async function publishOrThrow(git: Git, options: LandOptions, branch: string): Promise<string> {
  if (!options.publish) {
    await git.must(["push", "--porcelain", options.remote, `${options.head}:refs/heads/${branch}`], { remote: true });
    return options.head;
  }
  const kept = await options.publish(options.head, branch, options.base);
  if (!kept.ok) throw new GitError(`could not land on ${branch} either: ${kept.detail}`);
  return kept.sha;
}

/** The branch's tip on the remote, fetched into the local object store. */
async function fetchTip(git: Git, remote: string, branch: string): Promise<string> {
  await git.must(["fetch", "-q", "--no-tags", remote, `refs/heads/${branch}`], { remote: true });
  return git.must(["rev-parse", "--verify", "FETCH_HEAD^{commit}"]);
}

/** Trust but verify: fetch the branch and find `sha` on it. */
export async function verifyLanded(git: Git, remote: string, branch: string, sha: string): Promise<void> {
  const tip = await fetchTip(git, remote, branch);
  const ancestor = await git.run(["merge-base", "--is-ancestor", sha, tip]);
  if (ancestor.exitCode !== 0)
    throw new GitError(`the push reported success, but ${sha.slice(0, 12)} is not on ${branch}`);
}

export type Replayed = { sha: string } | { conflict: string };

/**
 * Replays the commits base..head onto `onto`, one by one, as cherry-pick would: each commit's own
 * change, its message and author kept, the bot as committer. A commit whose change does not apply
 * cleanly stops the replay: the result names the paths and the commit.
 */
export async function replay(git: Git, base: string, head: string, onto: string): Promise<Replayed> {
  const commits = (await git.must(["rev-list", "--reverse", "--topo-order", `${base}..${head}`]))
    .split("\n")
    .filter(Boolean);
  let tip = onto;
  for (const commit of commits) {
    const [parent, ...others] = (await git.must(["rev-list", "--parents", "-n", "1", commit])).split(" ").slice(1);
    const subject = await git.must(["log", "-1", "--format=%s", commit]);
    if (!parent || others.length)
      return { conflict: `commit ${commit.slice(0, 12)} "${subject}" is a merge or a root commit` };
    const tree = await pickTree(git, parent, commit, tip);
    if ("conflict" in tree) return { conflict: `${tree.conflict} (replaying "${subject}")` };
    tip = await recommit(git, commit, tree.sha, [tip]);
  }
  return { sha: tip };
}

/**
 * The tree of `commit`'s change applied to `onto`: a three-way merge with the commit's parent as the
 * base. merge-tree picks the merge base itself, so it gets a stand-in for `onto` whose only parent
 * is that base (git ≥ 2.40's --merge-base says the same, but runners and Debian may have older git).
 */
async function pickTree(
  git: Git,
  parent: string,
  commit: string,
  onto: string,
): Promise<{ sha: string } | { conflict: string }> {
  const standIn = await git.must(["commit-tree", `${onto}^{tree}`, "-p", parent, "-m", "gitclaw: replay base"]);
  const merged = await git.run(["merge-tree", "--write-tree", "-z", "--name-only", standIn, commit]);
  const [tree, ...rest] = merged.stdout.split("\0");
  if (merged.exitCode === 0 && tree) return { sha: tree };
  if (merged.exitCode !== 1) throw new GitError(`git merge-tree failed: ${(merged.stderr || merged.stdout).trim()}`);
  const paths = rest.slice(0, Math.max(0, rest.indexOf(""))).filter(Boolean);
  return { conflict: `both changed ${paths.map((p) => `\`${p}\``).join(", ") || "the same lines"}` };
}

/** A copy of `commit` with `tree` on top of `parents`: same message, author and author date. */
export async function recommit(git: Git, commit: string, tree: string, parents: readonly string[]): Promise<string> {
  const [name, email, date, message] = (
    await git.must(["log", "-1", "--format=%an%x00%ae%x00%aI%x00%B", commit])
  ).split("\0");
  const env = { GIT_AUTHOR_NAME: name!, GIT_AUTHOR_EMAIL: email!, GIT_AUTHOR_DATE: date! };
  const parentArgs = parents.flatMap((parent) => ["-p", parent]);
  return git.must(["commit-tree", tree, ...parentArgs, "-F", "-"], { env, input: message ?? "" });
}

/**
 * After a conflict kept the run's commits on a side branch, lands just `paths` as they are in
 * `sha` (this issue's session and mapping, which no other run writes) on top of `branch`, so the
 * conversation continues there while the code change waits on its own branch. Built in a
 * temporary index: the working tree is not touched.
 */
export async function landPaths(
  git: Git,
  options: Omit<LandOptions, "base" | "head" | "fallbackBranch"> & {
    sha: string;
    paths: string[];
    message: string;
    /** A branch that does not exist yet is made, holding just `paths` (the state branch). */
    create?: boolean;
  },
): Promise<PushOutcome> {
  const { remote, branch } = options;
  const tip = options.create
    ? await remoteTip(git, remote, branch).then((sha) => sha && fetchTip(git, remote, branch))
    : await fetchTip(git, remote, branch);
  const tree = await treeWithPaths(git, tip, options.sha, options.paths);
  if (tip && tree === (await git.must(["rev-parse", `${tip}^{tree}`])))
    return { landed: true, sha: tip, branch, attempts: 0 };
  const parent = tip ? ["-p", tip] : [];
  const commit = await git.must(["commit-tree", tree, ...parent, "-F", "-"], { input: options.message });
  const fallbackBranch = `${branch}-gitclaw-state-${options.sha.slice(0, 12)}`;
  return land(git, { ...options, base: tip ?? commit, head: commit, fallbackBranch });
}

/** `tip`'s tree (an empty one without a tip) with `paths` as they are in `sha`, built in a temporary index. */
async function treeWithPaths(git: Git, tip: string | undefined, sha: string, paths: string[]): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-index-"));
  try {
    const index = { GIT_INDEX_FILE: join(dir, "index"), GIT_LITERAL_PATHSPECS: "1" };
    if (tip) await git.must(["read-tree", tip], { env: index });
    const entries = await git.must(["ls-tree", "-r", "-z", sha, "--", ...paths]);
    await git.must(["update-index", "-z", "--index-info"], { env: index, input: entries });
    return await git.must(["write-tree"], { env: index });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const firstLine = (text: string) =>
  text
    .split("\n")
    .find((l) => l.trim())
    ?.trim() ?? text.trim();
