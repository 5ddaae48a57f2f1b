// A local task's git worktree: checked out detached at the task's base commit in the run's worktree
// directory (outside the workspace, shared with the sandbox's tool user like pull request worktrees:
// src/tools/sandbox/sandbox.ts), and removed once its commits are exported. Its `.git` file is the
// tools' to rewrite, so gitclaw's own git reaches the worktree through its administrative directory
// (worktreeGit), never through that file.
import { realpathSync } from "node:fs";
import { join } from "node:path";
import type { AgentRepo } from "../git/agent-repo.ts";
import type { Git } from "../git/git.ts";
import { worktreeGit } from "../tools/github/worktrees.ts";

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
