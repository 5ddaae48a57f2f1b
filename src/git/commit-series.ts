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

/** The commits `head` has and `exclude` lacks, oldest first (parents before children). */
export async function commitSeries(git: Git, exclude: string, head: string): Promise<SeriesCommit[]> {
  const listed = await git.must(["rev-list", "--reverse", "--topo-order", head, `^${exclude}`]);
  const commits: SeriesCommit[] = [];
  for (const sha of listed.split("\n").filter(Boolean)) commits.push(await readCommit(git, sha));
  return commits;
}

async function readCommit(git: Git, sha: string): Promise<SeriesCommit> {
  const out = await git.must(["log", "-1", "--format=%T%x00%P%x00%an%x00%ae%x00%B", sha]);
  const [tree = "", parents = "", name = "", email = "", ...message] = out.split("\0");
  return {
    sha,
    tree,
    parents: parents.split(" ").filter(Boolean),
    message: message.join("\0"),
    author: { name, email },
  };
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
