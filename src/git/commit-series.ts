// A run's commits as the Git Database API needs them: each commit's parents, tree, message and author,
// what it changed against its first parent (path, mode, object; deletions), and the bytes of the
// blobs it added, read in one `git cat-file --batch` whatever their number.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Git, Identity } from "./git.ts";

export interface SeriesCommit {
  sha: string;
  parents: string[];
  tree: string;
  /** The whole message, as git stores it. */
  message: string;
  author: Identity;
}

/** One path a commit changed: its new mode and object, or `sha: null` when it deleted it. */
export interface TreeChange {
  path: string;
  mode: string;
  sha: string | null;
}

/** The mode of a gitlink: a submodule's commit. */
export const GITLINK_MODE = "160000";

/**
 * The commits `head` has and `exclude` lacks (all of its history without one), oldest first (parents
 * before children), read in one `git log` (git refuses a NUL in a commit message, so NUL separates the fields).
 */
export async function commitSeries(git: Git, exclude: string | undefined, head: string): Promise<SeriesCommit[]> {
  const format = "--format=%H%x00%T%x00%P%x00%an%x00%ae%x00%B";
  const range = exclude ? [head, `^${exclude}`] : [head];
  const out = await git.must(["log", "-z", "--reverse", "--topo-order", format, ...range, "--"]);
  const fields = out.split("\0");
  const commits: SeriesCommit[] = [];
  for (let i = 0; i + 5 < fields.length; i += 6) {
    const [sha = "", tree = "", parents = "", name = "", email = "", message = ""] = fields.slice(i, i + 6);
    // The output's last line break is cut off with the last message's: put it back.
    const whole = message && !message.endsWith("\n") ? `${message}\n` : message;
    commits.push({ sha, tree, parents: parents.split(" ").filter(Boolean), message: whole, author: { name, email } });
  }
  return commits;
}

/** What `commit` changed against `parent` (against nothing for a root commit), file by file. */
export async function treeChanges(git: Git, parent: string | undefined, commit: string): Promise<TreeChange[]> {
  const args = parent ? [parent, commit] : ["--root", commit];
  const out = await git.must(["diff-tree", "-r", "-z", "--no-renames", "--no-commit-id", "--raw", ...args]);
  const fields = out.split("\0");
  const changes: TreeChange[] = [];
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const [oldMode = "", newMode = "", , newSha = "", status = ""] = fields[i]!.slice(1).split(" ");
    const path = fields[i + 1]!;
    changes.push(status === "D" ? { path, mode: oldMode, sha: null } : { path, mode: newMode, sha: newSha });
  }
  return changes;
}

/** Each blob's size in bytes, by object id. */
export async function blobSizes(git: Git, shas: readonly string[]): Promise<Map<string, number>> {
  if (shas.length === 0) return new Map();
  const out = await git.must(["cat-file", "--batch-check=%(objectname) %(objectsize)"], {
    input: `${shas.join("\n")}\n`,
  });
  return new Map(
    out.split("\n").map((line) => {
      const [sha = "", size = "0"] = line.split(" ");
      return [sha, Number(size)] as const;
    }),
  );
}

/** The blobs' bytes, by object id: one git process, its output through a file (binary stays binary). */
export async function readBlobs(git: Git, shas: readonly string[]): Promise<Map<string, Buffer>> {
  const blobs = new Map<string, Buffer>();
  if (shas.length === 0) return blobs;
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-blobs-"));
  try {
    const file = join(dir, "batch");
    await git.must(["cat-file", "--batch"], { input: `${shas.join("\n")}\n`, stdoutFile: file });
    const out = readFileSync(file);
    let at = 0;
    while (at < out.length) {
      const lineEnd = out.indexOf(0x0a, at);
      const [sha = "", , size = "0"] = out.subarray(at, lineEnd).toString().split(" ");
      const start = lineEnd + 1;
      blobs.set(sha, out.subarray(start, start + Number(size)));
      at = start + Number(size) + 1;
    }
    return blobs;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
