// Applying a task's series to the caller's checkout with `git am` (the run's own workspace, or a
// sub-agent's worktree for its own children): checked first (protected paths, staged changes, the
// caller's own changes on the same paths, a moved HEAD, an `am` already in progress), tried in a
// temporary detached worktree for a dry run that is always aborted, removed and pruned. What decides
// is what the series changed once applied (`git am` may read its text otherwise than the headers say:
// a commit message's `---` line starts a patch): a protected path changed undoes it, whole. A conflict
// leaves `git am` in progress for the model to resolve, continue or abort; the run's end aborts one
// still left (abortLeftoverAm), so no run ever commits half a series.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { isAbsolute, join, resolve } from "node:path";
import type { Git, GitRunOptions } from "../git/git.ts";
import { committedPathsUnder, isProtected, withPatterns } from "../git/protected.ts";
import { changedPaths, touchedPaths } from "../git/status.ts";
import { patchPaths, seriesSubjects } from "./patch.ts";

/** Where a series is applied: the caller's checkout. */
export interface ApplyTarget {
  git: Git;
  /** Git of the repository's main working tree, which adds and removes worktrees (the same as `git` for the run's own). */
  main: Git;
  /** Git for another working tree of the same repository (the dry run's), with the same environment. */
  gitAt(path: string): Git;
  /** For commands that write the working tree: group-writable files in a worktree the tool user shares. */
  writeOptions: GitRunOptions;
  protectedPaths: readonly string[];
}

export interface AppliedCommit {
  subject: string;
  /** Absent on a dry run, whose commits are thrown away. */
  sha?: string;
}

export type ApplyOutcome =
  | { ok: true; appliedCommits: AppliedCommit[]; headSha: string }
  | {
      ok: false;
      error: string;
      conflictPaths?: string[];
      failedPatchSubject?: string;
      /** `git am` stopped and waits: resolve and continue, or abort. */
      amInProgress?: boolean;
      /** Protected paths the series changed once applied: nothing of it was kept. */
      protectedPaths?: string[];
    };

type ApplyFailure = Extract<ApplyOutcome, { ok: false }>;
const failure = (error: string): ApplyFailure => ({ ok: false, error });
const isUnder = (path: string, folder: string) => path === folder || path.startsWith(`${folder}/`);

/** Whether a `git am` is in progress in the target's working tree. */
export async function amInProgress(git: Git): Promise<boolean> {
  const dir = await git.must(["rev-parse", "--git-path", "rebase-apply"]);
  return existsSync(join(isAbsolute(dir) ? dir : resolve(git.cwd, dir), "applying"));
}

const protectedRefusal = (paths: readonly string[], patterns: readonly string[]) =>
  `The patch touches protected paths, which no task may change: ${withPatterns(paths, patterns).join(", ")}. It was not applied.`;

/**
 * What stops this series from being applied here, or undefined. Protected paths stop a dry run too.
 * The paths read from the patch's text are only an early hint: what decides is what the series
 * changed once applied (refuseProtected), since `git am` may read the text otherwise.
 */
export async function applyProblem(
  target: ApplyTarget,
  series: string,
  options: { dryRun: boolean; expectedHeadSha?: string },
): Promise<string | undefined> {
  const paths = patchPaths(series);
  const refused = paths.filter((path) => isProtected(path, target.protectedPaths));
  if (refused.length) return protectedRefusal(refused, target.protectedPaths);
  if (options.dryRun) return undefined;
  const { git } = target;
  if (await amInProgress(git))
    return 'A git am is already in progress here: resolve it with am: "continue", or drop it with am: "abort", first.';
  const head = await git.must(["rev-parse", "HEAD"]);
  if (options.expectedHeadSha && !head.startsWith(options.expectedHeadSha.toLowerCase()))
    return `HEAD is ${head}, not the expected ${options.expectedHeadSha}: it moved. Check what changed, then apply again.`;
  if ((await git.run(["diff", "--cached", "--quiet"])).exitCode !== 0)
    return "The index has staged changes; git am needs a clean index. Unstage them first.";
  const dirty = touchedPaths(await changedPaths(git));
  const overlap = paths.filter((path) => dirty.some((d) => isUnder(path, d) || isUnder(d, path)));
  if (overlap.length)
    return `Your uncommitted changes touch paths the patch changes: ${overlap.join(", ")}. Undo or move them first.`;
  return undefined;
}

/** The subjects (and shas) of the commits `from..to`, oldest first. */
async function commitsBetween(git: Git, from: string, to: string, withSha: boolean): Promise<AppliedCommit[]> {
  const log = await git.must(["log", "--reverse", "--format=%H%x00%s", `${from}..${to}`]);
  return log
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [sha, subject] = line.split("\0");
      return withSha ? { subject: subject ?? "", sha } : { subject: subject ?? "" };
    });
}

/** Why `git am` stopped: the unmerged paths and the subject of the patch it stopped at. */
async function stoppedAt(git: Git, said: string): Promise<ApplyFailure> {
  const unmerged = await git.run(["diff", "--name-only", "--diff-filter=U", "-z"]);
  const current = await git.run(["am", "--show-current-patch=raw"]);
  const inProgress = await amInProgress(git);
  return {
    ok: false,
    error: `git am failed: ${said.trim().split("\n").slice(0, 12).join("\n")}`,
    conflictPaths: unmerged.stdout.split("\0").filter(Boolean),
    failedPatchSubject: seriesSubjects(current.stdout)[0],
    amInProgress: inProgress,
  };
}

/**
 * What the commits `before..HEAD` changed, judged by the protected-path matcher: on a hit the `git am`
 * (in progress or done) is undone, back to `before` with the caller's other changes kept, and the
 * refusal names the paths. Undefined when nothing protected changed.
 */
async function refuseProtected(target: ApplyTarget, git: Git, before: string): Promise<ApplyFailure | undefined> {
  const hits = await committedPathsUnder(git, before, "HEAD", target.protectedPaths);
  if (hits.length === 0) return undefined;
  if (await amInProgress(git)) await git.must(["am", "--abort"], target.writeOptions);
  // --keep: the paths the series changed go back; the caller's uncommitted changes elsewhere stay.
  if ((await git.must(["rev-parse", "HEAD"])) !== before)
    await git.must(["reset", "-q", "--keep", before], target.writeOptions);
  return { ...failure(protectedRefusal(hits, target.protectedPaths)), protectedPaths: hits };
}

/** `git am` of the series file in the target; on failure the state it left is described, and left. */
export async function applySeries(target: ApplyTarget, file: string, threeWay: boolean): Promise<ApplyOutcome> {
  const { git } = target;
  const before = await git.must(["rev-parse", "HEAD"]);
  const am = await git.run(["am", ...(threeWay ? ["--3way"] : []), "--", file], target.writeOptions);
  const refused = await refuseProtected(target, git, before);
  if (refused) return refused;
  if (am.exitCode !== 0) return stoppedAt(git, am.stderr || am.stdout);
  const headSha = await git.must(["rev-parse", "HEAD"]);
  return { ok: true, appliedCommits: await commitsBetween(git, before, headSha, true), headSha };
}

/** The series applied in a temporary detached worktree at HEAD, which is then always aborted, removed and pruned. */
export async function dryRunSeries(target: ApplyTarget, file: string, threeWay: boolean): Promise<ApplyOutcome> {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-dry-run-"));
  const path = join(dir, "worktree");
  try {
    const head = await target.git.must(["rev-parse", "HEAD"]);
    await target.main.must(["worktree", "add", "-q", "--detach", path, head]);
    const wt = target.gitAt(path);
    const am = await wt.run(["am", ...(threeWay ? ["--3way"] : []), "--", file]);
    const refused = await refuseProtected(target, wt, head);
    if (refused) return refused;
    if (am.exitCode !== 0) {
      const stopped = await stoppedAt(wt, am.stderr || am.stdout);
      return { ...stopped, amInProgress: false };
    }
    return { ok: true, appliedCommits: await commitsBetween(wt, head, "HEAD", false), headSha: head };
  } finally {
    if (existsSync(path)) await target.gitAt(path).run(["am", "--abort"]);
    await target.main.run(["worktree", "remove", "--force", path]);
    rmSync(dir, { recursive: true, force: true });
    await target.main.run(["worktree", "prune"]);
  }
}

/** After the model resolved a conflict: the unmerged paths staged, then `git am --continue`. */
export async function continueAm(target: ApplyTarget, since: string): Promise<ApplyOutcome> {
  const { git } = target;
  if (!(await amInProgress(git))) return failure("No git am is in progress here.");
  const unmerged = (await git.run(["diff", "--name-only", "--diff-filter=U", "-z"])).stdout.split("\0").filter(Boolean);
  const marked = unmerged.filter((path) => /^(<{7}|>{7})( |$)/m.test(readFileSafe(join(git.cwd, path))));
  if (marked.length)
    return {
      ...failure(`Conflict markers are still in ${marked.join(", ")}: resolve them first.`),
      amInProgress: true,
    };
  if (unmerged.length) await git.must(["add", "--", ...unmerged], { env: { GIT_LITERAL_PATHSPECS: "1" } });
  const am = await git.run(["am", "--continue"], target.writeOptions);
  const refused = await refuseProtected(target, git, since);
  if (refused) return refused;
  if (am.exitCode !== 0) return stoppedAt(git, am.stderr || am.stdout);
  const headSha = await git.must(["rev-parse", "HEAD"]);
  return { ok: true, appliedCommits: await commitsBetween(git, since, headSha, true), headSha };
}

function readFileSafe(path: string): string {
  try {
    return readFileSync(path, "utf8");
  } catch {
    return "";
  }
}

/** `git am --abort`: back to where the apply started; true when one was in progress. */
export async function abortAm(target: ApplyTarget): Promise<boolean> {
  if (!(await amInProgress(target.git))) return false;
  await target.git.must(["am", "--abort"], target.writeOptions);
  return true;
}

/** At the run's end: a `git am` still in progress is aborted; returns the subject it stood at, if one was. */
export async function abortLeftoverAm(target: ApplyTarget): Promise<{ subject?: string } | undefined> {
  if (!(await amInProgress(target.git))) return undefined;
  const current = await target.git.run(["am", "--show-current-patch=raw"]);
  await target.git.must(["am", "--abort"], target.writeOptions);
  return { subject: seriesSubjects(current.stdout)[0] };
}

export const readSeries = (file: string) => readFileSync(file, "utf8");
