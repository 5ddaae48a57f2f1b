// A secret the agent did not remove is not pushed: the commits of the run are rebuilt without the
// files that hold one (their changes stay in the working tree, src/git/rewrite.ts), and in the working
// tree each hunk with a finding is undone (`git apply -R`): a new file's one hunk removes the file.
// When git cannot undo a hunk alone, the file's whole change goes. The rest lands as it is.
import type { Git } from "../git/git.ts";
import type { Change } from "../git/status.ts";
import { revertChanges } from "../git/protected.ts";
import { leaveOutOfCommits } from "../git/rewrite.ts";
import { changeSince, type FileChange } from "./change.ts";
import { type KnownSecrets, scanForSecrets, type SecretFinding } from "./secrets.ts";

/** What the last scan before the push held back. */
export interface HeldBack {
  findings: SecretFinding[];
  /** Files whose whole change went, as git could not undo a hunk alone. */
  whole: string[];
}

/** The change about to land (`changes`: the working tree's status, just read) scanned once more; what it finds is held back. */
export async function holdBackSecrets(
  git: Git,
  base: string,
  mine: (path: string) => boolean,
  known: KnownSecrets,
  changes: readonly Change[],
): Promise<HeldBack> {
  const change = await changeSince(git, base, mine, changes);
  const findings = await scanForSecrets(change, known);
  return { findings, whole: findings.length ? await holdBackFindings(git, base, findings, change) : [] };
}

/**
 * Holds back the hunks of `findings` in `change` (base..working tree, as scanned: rebuilding the commits
 * leaves the working tree as it is); returns the paths whose whole change went instead (a hunk git could
 * not undo alone).
 */
async function holdBackFindings(
  git: Git,
  base: string,
  findings: readonly SecretFinding[],
  change: readonly FileChange[],
): Promise<string[]> {
  const paths = [...new Set(findings.map((finding) => finding.path))];
  if (paths.length === 0) return [];
  await leaveOutOfCommits(git, base, paths);
  const files = change.filter((file) => paths.includes(file.path));
  const failed: string[] = [];
  for (const file of files) {
    const lines = new Set(findings.filter((finding) => finding.path === file.path).map((finding) => finding.line));
    const patch = patchOf(file, lines);
    if (!patch) continue;
    const undone = await git.run(["apply", "-R", "--unidiff-zero", "--whitespace=nowarn", "-"], { input: patch });
    if (undone.exitCode !== 0) failed.push(file.path);
  }
  // HEAD has these paths as base has them now: the file as it was before the run.
  await revertChanges(git, failed);
  return failed;
}

/** The file's hunks holding one of `lines`, as a patch. */
function patchOf(file: FileChange, lines: ReadonlySet<number>): string | undefined {
  const hunks = file.hunks.filter((hunk) => hunk.added.some((row) => lines.has(row.line)));
  if (hunks.length === 0) return undefined;
  const text = [file.header, ...hunks.map((hunk) => hunk.text)].join("");
  return text.endsWith("\n") ? text : `${text}\n`;
}
