// The run's git worktrees, for the three features that use them: pull request worktrees of the github
// tool (pr_checkout, pr_push), local tasks' worktrees (src/tasks/), and the default branch's worktree
// MCP servers and fork runs work in. They live in the run's worktree directory
// (ToolContext.worktreesDir, outside the workspace; see src/sandbox/sandbox.ts). Tool commands
// may rewrite anything inside a worktree, its `.git` file too, so the agent's git never follows that
// file: it names the worktree's administrative directory under the main repository's .git/ itself.
// Tool commands cannot write .git/ and so cannot commit: pr_push commits for them (commitWorktree),
// and what is still unpushed when the run ends is reported before the directory goes (closeWorktrees).
// A local task's worktree is checked out detached at the task's base commit, and removed once its
// commits are exported.
import type { AgentRepo } from "./agent/repository.ts";
import { existsSync, readdirSync, readFileSync, realpathSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import type { Git } from "./git.ts";
import { commitAll } from "./land.ts";
import { scrubChangedFiles } from "./scrub.ts";
import { isProtected } from "./protected.ts";
import { changedPaths, touchedPaths } from "./status.ts";
import { isInside } from "../paths.ts";
import { ToolFailure } from "../errors.ts";
import { gitCommonDir, localGit, type LocalGit } from "./local-git.ts";
import { plural } from "../text/format.ts";

export interface Worktree {
  path: string;
  /** The checked-out ref, e.g. refs/heads/pr-12; undefined on a detached HEAD. */
  branch?: string;
  /** The repository's own working tree (the workspace), listed first by git. */
  main: boolean;
}

export async function listWorktrees(git: LocalGit): Promise<Worktree[]> {
  const list = await git.must(["worktree", "list", "--porcelain"]);
  return list
    .split("\n\n")
    .filter(Boolean)
    .map((block, index) => ({
      path: /^worktree (.+)$/m.exec(block)?.[1] ?? "",
      branch: /^branch (.+)$/m.exec(block)?.[1],
      main: index === 0,
    }));
}

/** Git for the linked worktree at `path`, through its administrative directory rather than its `.git` file. */
export async function worktreeGit(
  main: LocalGit,
  path: string,
  env: Readonly<Record<string, string>>,
  redact: (text: string) => string,
): Promise<LocalGit> {
  const admin = join(await gitCommonDir(main), "worktrees");
  for (const name of existsSync(admin) ? readdirSync(admin) : []) {
    let gitdir: string;
    try {
      gitdir = readFileSync(join(admin, name, "gitdir"), "utf8").trim();
    } catch {
      continue; // not a worktree's directory
    }
    if (dirname(gitdir) === path)
      return localGit(path, { ...env, GIT_DIR: join(admin, name), GIT_WORK_TREE: path }, {}, redact);
  }
  throw new ToolFailure(`${path} is not a registered worktree of ${main.cwd}`);
}

/** The run's worktree directory, as git records paths (symlinks resolved). */
export function worktreeBase(dir: string | undefined): string {
  if (!dir)
    throw new ToolFailure("this run has no directory for pull request worktrees, so pr_checkout is unavailable.");
  return realpathSync(dir);
}

/**
 * Where `branch` is checked out already, after dropping registrations whose directory is gone. A
 * worktree outside `base` (left by an earlier run, or at the old place under .git/) is not writable
 * for this run's tool commands: it is removed, so the caller adds a fresh one, unless it holds
 * uncommitted changes and `force` is off.
 */
export async function existingWorktree(
  git: LocalGit,
  branch: string,
  base: string,
  force: boolean,
  tool: { env: Readonly<Record<string, string>>; redact: (text: string) => string },
): Promise<string | undefined> {
  await git.must(["worktree", "prune"]);
  const found = (await listWorktrees(git)).find((worktree) => worktree.branch === `refs/heads/${branch}`);
  if (!found || found.main || isInside(base, found.path)) return found?.path;
  const changes = await worktreeGit(git, found.path, tool.env, tool.redact)
    .then((wt) => changedPaths(wt))
    .catch(() => [{ path: "?" }]);
  if (changes.length > 0 && !force)
    throw new ToolFailure(
      `${branch} is checked out in ${found.path}, left by an earlier run with uncommitted changes; pass force=true to discard that worktree.`,
    );
  await git.must(["worktree", "remove", "--force", found.path]);
  return undefined;
}

export interface WorktreeCommit {
  sha: string;
  /** Changed paths committed (added, modified, deleted, renamed). */
  files: number;
}

/**
 * Commits every change in the worktree as the bot, as the orchestrator commits the workspace;
 * refuses when one touches a protected path. Undefined when there is nothing to commit.
 */
export async function commitWorktree(
  wt: LocalGit,
  message: string,
  protectedPaths: readonly string[],
  passedSecrets: readonly string[] = [],
): Promise<WorktreeCommit | undefined> {
  const changed = await changedPaths(wt);
  if (changed.length === 0) return undefined;
  const refused = touchedPaths(changed).filter((path) => isProtected(path, protectedPaths));
  if (refused.length > 0) {
    throw new ToolFailure(
      `refusing to commit in ${wt.cwd}: ${refused.join(", ")} ${refused.length === 1 ? "is a protected path" : "are protected paths"}. Undo ${refused.length === 1 ? "that change" : "those changes"} (e.g. git show HEAD:<path> > <path>, or rm a new file) and run pr_push again.`,
    );
  }
  await scrubChangedFiles(wt, touchedPaths(changed), passedSecrets);
  const sha = await commitAll(wt, message).catch((error: unknown) => {
    throw new ToolFailure(`committing in ${wt.cwd} failed: ${(error as Error).message}`);
  });
  return sha ? { sha, files: changed.length } : undefined;
}

/**
 * At the end of the run, after the sandbox gave the directory back: one note for each worktree in
 * `dir` holding changes or commits pr_push never pushed, then the directory and its registrations
 * go. Unpushed commits stay on their pr-<n> branch in .git/.
 */
export async function closeWorktrees(
  workspace: string,
  dir: string,
  env: Readonly<Record<string, string>>,
): Promise<string[]> {
  const keep = (text: string) => text;
  const main = localGit(workspace, env, {}, keep);
  const base = realpathSync(dir);
  const notes: string[] = [];
  for (const worktree of (await listWorktrees(main).catch(() => [])).filter((found) => isInside(base, found.path))) {
    const name = worktree.branch?.replace(/^refs\/heads\//, "") ?? worktree.path;
    try {
      const wt = await worktreeGit(main, worktree.path, env, keep);
      const uncommitted = (await changedPaths(wt)).length;
      const ahead = Number((await wt.run(["rev-list", "--count", "@{upstream}..HEAD"])).stdout) || 0;
      const what = [uncommitted && plural(uncommitted, "changed file"), ahead && plural(ahead, "commit")]
        .filter(Boolean)
        .join(" and ");
      if (what) notes.push(`${name} (${worktree.path}): ${what} never pushed with pr_push`);
    } catch (error) {
      notes.push(`${name} (${worktree.path}): could not be inspected (${(error as Error).message})`);
    }
  }
  rmSync(dir, { recursive: true, force: true });
  await main.run(["worktree", "prune"]);
  return notes;
}

export interface TaskWorktree {
  path: string;
  /** gitclaw's git for the worktree. */
  git: Git;
  /** Under the sandbox, the tool user's own repository for it, where the child's git commands commit. */
  agentRepo?: AgentRepo;
}

export async function addTaskWorktree(
  main: Git,
  options: {
    dir: string;
    taskId: string;
    baseSha: string;
    env: Readonly<Record<string, string>>;
    redact: (text: string) => string;
  },
): Promise<TaskWorktree> {
  const path = join(realpathSync(options.dir), `task-${options.taskId}`);
  // Group-writable files, so the tool user may edit what the agent's git checked out.
  await main.must(["worktree", "add", "-q", "--detach", path, options.baseSha], { groupWritable: true });
  return { path, git: await worktreeGit(main, path, options.env, options.redact) };
}

/** Removes the worktree and its registration; a failure is reported, not thrown (the run's end removes the directory). */
export async function removeTaskWorktree(main: Git, path: string): Promise<string | undefined> {
  const removed = await main.run(["worktree", "remove", "--force", path]);
  await main.run(["worktree", "prune"]);
  return removed.exitCode === 0 ? undefined : (removed.stderr || removed.stdout).trim();
}
