// Git in pull request worktrees, for tool commands: under the sandbox a worktree pr_checkout makes
// gets a repository of the tool user's own (src/git/agent/), so `git commit` in bash works
// there as in the workspace; pr_push, and the run's end, take those commits as data onto the
// worktree's branch before anything else reads it.
import { randomUUID } from "node:crypto";
import { mkdirSync, realpathSync } from "node:fs";
import { basename, join } from "node:path";
import { addAgentWorktree, type AgentRepo } from "../../git/agent/repository.ts";
import { takePullRequestCommits } from "../../git/agent/take.ts";
import type { Git } from "../../git/git.ts";
import { worktreeGit } from "../../git/worktree.ts";
import type { OpContext } from "./context.ts";
import { ToolFailure } from "../../errors.ts";
import { localGit } from "../../git/local-git.ts";

/** Gives the worktree at `path` an agent repository, unless it has one and its branch was not reset. */
export async function openWorktreeRepo(context: OpContext, wt: Git, path: string, reset: boolean): Promise<void> {
  const main = context.tool.agentRepo;
  const dir = context.tool.worktreesDir;
  if (!main || !dir || (!reset && main.worktrees.has(realpathSync(path)))) return;
  // mkdir, not mkdtemp and chmod: the directory keeps the run's group and setgid bit from its parent,
  // which a chmod by a user outside that group (a non-root runner) would clear.
  const own = join(realpathSync(dir), `.agent-${basename(path)}-${randomUUID().slice(0, 8)}`);
  mkdirSync(own, { mode: 0o750 });
  await addAgentWorktree(main, { git: wt, workspace: path, dir: own });
}

/** The commits made with git in the worktree at `path`, onto its branch; refuses when they cannot be taken. */
export async function takeWorktreeRepo(context: OpContext, wt: Git, path: string): Promise<void> {
  const repo = context.tool.agentRepo?.worktrees.get(realpathSync(path));
  if (!repo) return;
  const { notes } = await takePullRequestCommits(wt, repo);
  if (notes.length) throw new ToolFailure(`${context.tool.redact(notes.join("; "))}. Nothing was pushed.`);
}

/** At the run's end, before the worktrees are inspected: each one's commits made with git, onto its branch. */
export async function takeWorktreeReposAtEnd(
  main: AgentRepo | undefined,
  workspace: string,
  env: Readonly<Record<string, string>>,
): Promise<string[]> {
  const notes: string[] = [];
  const keep = (text: string) => text;
  for (const [path, repo] of main?.worktrees ?? []) {
    const taken = await worktreeGit(localGit(workspace, env, {}, keep), path, env, keep)
      .then((wt) => takePullRequestCommits(wt, repo))
      .catch((error: Error) => ({ notes: [error.message] }));
    notes.push(...taken.notes.map((note) => `in ${path}, ${note}`));
  }
  return notes;
}
