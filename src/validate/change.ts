// Everything a run is about to land, as one diff against the commit it started from: the commits on
// HEAD and the working tree with its new files, staged into a temporary index (the real one is the
// commit's to write), gitclaw's own files left out. Parsed into files and hunks with the added lines'
// numbers, for the secret scan (secrets.ts) and for holding a hunk back (hold-back.ts).
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { BOT_IDENTITY, type Git, identityEnv } from "../git/git.ts";
import { type Change, changedPaths, touchedPaths } from "../git/status.ts";

export interface Hunk {
  /** The hunk's header line and body, as git printed them. */
  text: string;
  /** The added lines, with their line numbers in the new file. */
  added: { line: number; text: string }[];
}

export interface FileChange {
  path: string;
  /** The file's header lines (diff --git, index, ---, +++ …). */
  header: string;
  hunks: Hunk[];
}

type ChangeGit = Pick<Git, "must" | "run" | "cwd">;

/** Where a run's change is read: a repository or worktree, and the commit the change starts from. */
export interface ChangePlace {
  git: Git;
  base: string;
}

/**
 * `use` with a git whose index holds the working tree (what `changes`, the status, lists: read here
 * unless the caller just read it) and
 * whose new objects stay in a directory of their own, the checkout's read through it: nothing of the
 * check lands in the checkout's objects (which decide whether the agent's commits are taken, and are
 * pushed). The index starts as a copy of the real one, so that `git add` hashes only what changed
 * since it (a fresh index would hash every file of the checkout), else as HEAD's tree. What git cannot
 * take (a repository without a commit, a name it cannot give back) is left out, as the commit leaves it.
 */
async function withStagedTree<T>(
  git: ChangeGit,
  changes: readonly Change[] | undefined,
  use: (staged: ChangeGit) => Promise<T>,
): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-change-"));
  try {
    const where = await git.must(["rev-parse", "--git-path", "objects", "--git-path", "index"]);
    const [objects = "", real = ""] = where.split("\n").map((path) => resolve(git.cwd, path));
    const env = {
      GIT_INDEX_FILE: join(dir, "index"),
      GIT_OBJECT_DIRECTORY: join(dir, "objects"),
      GIT_ALTERNATE_OBJECT_DIRECTORIES: objects,
      GIT_LITERAL_PATHSPECS: "1",
    };
    // git finds no repository where the object directory does not exist.
    mkdirSync(join(env.GIT_OBJECT_DIRECTORY, "pack"), { recursive: true });
    const staged = withEnv(git, env);
    if (existsSync(real)) copyFileSync(real, env.GIT_INDEX_FILE);
    else await staged.must(["read-tree", "HEAD"]);
    const listed = touchedPaths(changes ?? (await changedPaths(git))).filter((path) => !path.endsWith("/"));
    await stage(staged, listed);
    return await use(staged);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `git` with `env` under every command's own. */
const withEnv = (git: ChangeGit, env: Record<string, string>): ChangeGit => ({
  cwd: git.cwd,
  run: (args, options = {}) => git.run(args, { ...options, env: { ...env, ...options.env } }),
  must: (args, options = {}) => git.must(args, { ...options, env: { ...env, ...options.env } }),
});

/** `paths` into the index of `env`, all at once, else one by one when git refuses one of them. */
async function stage(git: ChangeGit, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const add = (input: string) =>
    git.run(["add", "-A", "--ignore-errors", "--pathspec-from-file=-", "--pathspec-file-nul"], { input });
  if ((await add(paths.join("\0"))).exitCode === 0) return;
  for (const path of paths) await add(path);
}

/** The change of base..working tree, without the paths `mine` owns; `changes`: the status, when just read. */
export async function changeSince(
  git: ChangeGit,
  base: string,
  mine: (path: string) => boolean,
  changes?: readonly Change[],
): Promise<FileChange[]> {
  return withStagedTree(git, changes, async (staged) => {
    const diff = await staged.must([
      "-c",
      "core.quotePath=false",
      "diff",
      "--cached",
      "-U0",
      "--no-renames",
      "--no-ext-diff",
      "--no-color",
      "--src-prefix=a/",
      "--dst-prefix=b/",
      base,
      "--",
    ]);
    return parseDiff(diff).filter((file) => !mine(file.path));
  });
}

/**
 * `use` with the change as a commit on `base` (on no branch, in objects of its own: for a diff to read,
 * through the git `use` is given), gitclaw's own files as `base` has them; undefined when nothing of
 * the agent's changed.
 */
export async function withChangeCommit<T>(
  git: ChangeGit,
  base: string,
  mine: (path: string) => boolean,
  use: (staged: ChangeGit, head: string | undefined) => Promise<T>,
): Promise<T> {
  return withStagedTree(git, undefined, async (staged) => {
    const listed = await staged.must(["diff", "--cached", "--name-only", "-z", "--no-renames", base]);
    const paths = listed.split("\0").filter(Boolean);
    const own = paths.filter(mine);
    if (own.length === paths.length) return use(staged, undefined);
    if (own.length) await staged.must(["reset", "-q", base, "--", ...own]);
    const tree = await staged.must(["write-tree"]);
    const who = { ...identityEnv(BOT_IDENTITY, "AUTHOR"), ...identityEnv(BOT_IDENTITY, "COMMITTER") };
    const message = "gitclaw: the run's change, under review";
    return use(staged, await staged.must(["commit-tree", tree, "-p", base, "-m", message], { env: who }));
  });
}

/** The files of a `git diff -U0` with their hunks; binary files have none. */
function parseDiff(diff: string): FileChange[] {
  const files: FileChange[] = [];
  for (const part of diff.split(/^(?=diff --git )/m).filter((text) => text.startsWith("diff --git "))) {
    const [head, ...hunkTexts] = part.split(/^(?=@@ )/m) as [string, ...string[]];
    const path = pathOf(head);
    if (path === undefined) continue;
    files.push({ path, header: head, hunks: hunkTexts.map(parseHunk) });
  }
  return files;
}

/** The new path of a file's header (+++ b/…), else the old one for a deletion. */
function pathOf(head: string): string | undefined {
  const plus = /^\+\+\+ (?:b\/(.*)|\/dev\/null)$/m.exec(head);
  if (plus?.[1] !== undefined) return unquote(plus[1]);
  const minus = /^--- a\/(.*)$/m.exec(head);
  return minus?.[1] === undefined ? undefined : unquote(minus[1]);
}

/** git quotes a name with unusual characters in C style. */
function unquote(name: string): string {
  if (!name.startsWith('"')) return name;
  try {
    return JSON.parse(
      name.replace(
        /\\([0-7]{3})/g,
        (_, octal: string) => `\\u00${Number.parseInt(octal, 8).toString(16).padStart(2, "0")}`,
      ),
    ) as string;
  } catch {
    return name;
  }
}

function parseHunk(text: string): Hunk {
  const start = Number(/^@@ -\d+(?:,\d+)? \+(\d+)/.exec(text)?.[1] ?? 1);
  const added: Hunk["added"] = [];
  let line = start;
  for (const row of text.split("\n").slice(1)) {
    if (row.startsWith("+")) added.push({ line: line++, text: row.slice(1) });
  }
  return { text, added };
}
