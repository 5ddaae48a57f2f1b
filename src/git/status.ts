// What the working tree changed, read from `git status --porcelain=v1 -z`. The format's meaning sits
// in fixed columns (`XY PATH`, where X or Y may be a space), so its output is never trimmed, and
// NUL-separated so paths with spaces, quotes or line breaks come through as they are.
import { GitError, type Git } from "./git.ts";

export interface Change {
  /** The two status letters, e.g. " M", "A ", "??", "R ". */
  code: string;
  path: string;
  /** For a rename or copy, where it came from: a change to that path too. */
  from?: string;
}

/** Parses `git status --porcelain=v1 -z` output. */
export function parseStatus(output: string): Change[] {
  const fields = output.split("\0");
  const changes: Change[] = [];
  for (let i = 0; i < fields.length; i++) {
    const entry = fields[i]!;
    if (entry === "") continue;
    if (entry.length < 4 || entry[2] !== " ")
      throw new GitError(`unexpected git status entry ${JSON.stringify(entry)}`);
    const code = entry.slice(0, 2);
    const change: Change = { code, path: entry.slice(3) };
    // A rename or copy is followed by a field holding its source path.
    if (/[RC]/.test(code)) change.from = fields[++i];
    changes.push(change);
  }
  return changes;
}

/**
 * Reads once what a fresh checkout leaves "racily clean": files written in the same second as the
 * index, whose timestamps git cannot trust, so every status reads them again until the index is
 * rewritten. On a checkout of 10,000 files that doubles the commit's status (bench scale). Run in the
 * background while nothing else writes the index (the run's set-up), and never fails: a file it
 * cannot refresh is read by the status as before.
 */
export async function refreshIndex(git: Pick<Git, "run">): Promise<void> {
  // `run` never throws, and the exit code (1: some file needs an update) says nothing the status will not.
  await git.run(["update-index", "-q", "--refresh"]);
}

/** Every changed path of the working tree and the index, untracked files one by one. */
export async function changedPaths(git: Pick<Git, "run">): Promise<Change[]> {
  const status = await git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--ignored=no"]);
  if (status.exitCode !== 0) throw new GitError(`git status failed: ${(status.stderr || status.stdout).trim()}`);
  return parseStatus(status.stdout);
}

/** The paths a list of changes touches: each change's path and, for renames, its source. */
export const touchedPaths = (changes: readonly Change[]): string[] =>
  changes.flatMap((c) => (c.from ? [c.path, c.from] : [c.path]));
