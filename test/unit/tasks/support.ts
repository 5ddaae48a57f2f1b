// Sub-agent tasks without a model: the real orchestrator, store, worktrees, patch export and task
// tools over a temporary repository, with a launcher that does each task's work itself (what a child
// agent would do with its tools: change files and commit in its worktree) and ends it the way the
// local launcher does (src/tasks/local.ts concludeTask).
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { createGit, type Git } from "../../../src/git/git.ts";
import { commitAll } from "../../../src/git/land.ts";
import { protectedPathsFrom } from "../../../src/git/protected.ts";
import { concludeTask, type TaskEnding } from "../../../src/tasks/local.ts";
import { TaskOrchestrator, type LiveTask } from "../../../src/tasks/orchestrator.ts";
import { TaskStore } from "../../../src/tasks/records.ts";
import type { TaskScope } from "../../../src/tasks/scope.ts";
import { addTaskWorktree, type TaskWorktree } from "../../../src/git/worktree.ts";
import { callTool } from "../../../src/tools/call.ts";
import { createTaskTools } from "../../../src/tasks/tools/index.ts";
import type { ToolResult } from "../../../src/tools/types.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

/** What a task does in its worktree; its return value (default: reported) says how it ends. */
export type Work = (worktree: TaskWorktree, task: LiveTask) => Promise<Partial<TaskEnding> | undefined>;

export interface TaskWorld {
  repo: TempRepo;
  git: Git;
  orchestrator: TaskOrchestrator;
  scope: TaskScope;
  /** Work for the task with this title. */
  work: Map<string, Work>;
  /** Calls a task tool of the run's own agent, arguments validated as the loop does it. */
  call(name: string, args: unknown): Promise<ToolResult>;
}

/** Writes files in a worktree and commits them (as the commit tool does: the bot, every change). */
export async function commitFiles(git: Git, files: Record<string, string>, message: string): Promise<string> {
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(git.cwd, path)), { recursive: true });
    writeFileSync(join(git.cwd, path), content);
  }
  return (await commitAll(git, message))!;
}

export async function createTaskWorld(
  options: { maxParallel?: number; maxDepth?: number; files?: Record<string, string>; protectedPaths?: string[] } = {},
): Promise<TaskWorld> {
  const repo = await createTempRepo({ "README.md": "# demo\n", "a.txt": "one\ntwo\nthree\n", ...options.files });
  const git = createGit(repo.dir);
  const store = new TaskStore(join(repo.dir, "state/sessions/parent/tasks"), repo.dir);
  const work = new Map<string, Work>();
  const worktrees = mkdtempSync(join(tmpdir(), "gitclaw-task-worktrees-"));
  const env = { main: git, relative: (path: string) => path.slice(repo.dir.length + 1), now: Date.now, log: () => {} };
  const launch = async (task: LiveTask, orchestrator: TaskOrchestrator) => {
    const { taskId, baseSha, title } = task.record;
    const worktree = await addTaskWorktree(git, { dir: worktrees, taskId, baseSha, env: {}, redact: (t) => t });
    const ending = (await work.get(title)?.(worktree, task)) ?? {};
    const stopped = task.stopReason ? { status: "terminated" as const, error: task.stopReason } : {};
    await concludeTask(env, orchestrator, task, worktree, {
      report: `${title}: done`,
      status: "reported",
      ...ending,
      ...stopped,
    });
  };
  const orchestrator = new TaskOrchestrator({
    store,
    maxParallel: options.maxParallel ?? 3,
    maxDepth: options.maxDepth ?? 2,
    launchers: { local: launch },
    now: Date.now,
  });
  const scope: TaskScope = {
    orchestrator,
    caller: { depth: 0, head: () => git.must(["rev-parse", "HEAD"]) },
    target: {
      git,
      main: git,
      gitAt: (path) => createGit(path),
      writeOptions: {},
      protectedPaths: protectedPathsFrom(options.protectedPaths ?? [".github/workflows/"]),
    },
    runners: ["local"],
    pendingWaitMs: 120_000,
  };
  const tools = Object.fromEntries(createTaskTools(scope).map((tool) => [tool.name, tool]));
  const context = {
    workspace: repo.dir,
    signal: new AbortController().signal,
    env: {},
    artifacts: { allocate: () => ({ id: "1", ref: "artifact://1", path: "/dev/null" }), resolve: () => undefined },
    redact: (text: string) => text,
  };
  return {
    repo,
    git,
    orchestrator,
    scope,
    work,
    call: (name, args) => callTool(tools[name]!, args, context),
  };
}

/** A finished task's id: started in the background and awaited. */
export async function finishedTask(world: TaskWorld, title: string, work?: Work): Promise<string> {
  if (work) world.work.set(title, work);
  const started = await world.call("task", { title, prompt: `do ${title}`, run_in_background: true });
  const { taskId } = JSON.parse(started.text) as { taskId: string };
  await world.call("task_await", { task_ids: [taskId] });
  return taskId;
}

export const parsed = (result: ToolResult) => JSON.parse(result.text) as Record<string, unknown>;
