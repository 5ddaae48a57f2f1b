// A task run on this runner: the same agent loop as the run's own (src/agent/loop.ts), in a worktree
// of its own at the task's base commit, with the run's tools (sandboxed alike), `commit`,
// `agent_report` and, above the depth limit, the task tools; its conversation is a pi session of its
// own under state/sessions/ whose header names the parent's. Budgets are the run's: its turns, tokens
// and cost count against the parent's. When it ends, its commits base..HEAD are exported (the record
// says pending first), and only then is its worktree removed.
import {
  joinLoopResults,
  runAgentLoop,
  type Budgets,
  type LoopOptions,
  type LoopResult,
  type Spending,
} from "../agent/loop.ts";
import type { CompactionSettings } from "../agent/compaction.ts";
import type { ResolvedModel } from "../agent/model.ts";
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { type AgentRepo, agentRepoEnv, openAgentRepo } from "../git/agent/repository.ts";
import { takeRunCommits } from "../git/agent/take.ts";
import type { Git } from "../git/git.ts";
import { createArtifactStore } from "../session/artifacts.ts";
import { CUSTOM } from "../session/custom.ts";
import { SessionFile } from "../session/session-file.ts";
import type { Tool, ToolContext } from "../tools/types.ts";
import type { LiveTask, TaskLauncher, TaskOrchestrator } from "./orchestrator.ts";
import { exportPatch } from "./patch.ts";
import { childBrief, fallbackReport, REPORT_REMINDER, stoppedReport } from "./prompt.ts";
import type { TaskRecord, TaskStatus } from "./records.ts";
import { addTaskWorktree, removeTaskWorktree, type TaskWorktree } from "../git/worktree.ts";

/** The tools of one sub-agent, and what ends them (its background jobs killed). */
export interface ChildTools {
  tools: Tool[];
  dispose(): Promise<string[]>;
}

export interface LocalTaskEnv {
  /** Git of the workspace (the repository's main working tree): worktrees are added and removed here. */
  main: Git;
  worktreesDir: string;
  sessionsDir: string;
  /** The run's session, repository-relative: every child's header names it (pi's parentSession). */
  parentSession: string;
  relative(path: string): string;
  /** A child's session was created: its file and artifacts are the run's to commit. */
  onSession(session: SessionFile): void;
  model: ResolvedModel;
  /** Carries the task on when `model` is out of service. */
  fallback?: ResolvedModel;
  /** How hard the model reasons (the run's `effort`). */
  effort?: LoopOptions["effort"];
  budgets: Budgets;
  compaction: CompactionSettings;
  deadline: number;
  /** The run's: cancelling the run stops every task. */
  signal: AbortSignal;
  spending: Spending;
  /** The run's tool context, but for the workspace, the signal and the artifacts, which are the child's. */
  toolContext: Omit<ToolContext, "workspace" | "signal" | "artifacts">;
  /** The child's tools for its worktree. */
  tools(task: LiveTask, worktree: TaskWorktree, orchestrator: TaskOrchestrator): ChildTools;
  instructions(record: TaskRecord, orchestrator: TaskOrchestrator): string;
  log(line: string): void;
  now(): number;
}

export function localLauncher(env: LocalTaskEnv): TaskLauncher {
  return async (task, orchestrator) => {
    const { record } = task;
    const worktree = await addTaskWorktree(env.main, {
      dir: env.worktreesDir,
      taskId: record.taskId,
      baseSha: record.baseSha,
      env: env.toolContext.env,
      redact: env.toolContext.redact,
    });
    let outcome: ChildOutcome = { result: undefined, error: undefined };
    try {
      worktree.agentRepo = await openTaskAgentRepo(env, record.taskId, worktree);
      outcome = await runChild(env, orchestrator, task, worktree);
    } catch (error) {
      outcome = { result: undefined, error: (error as Error).message };
    } finally {
      await takeTaskCommits(env, task, worktree);
      await concludeTask(env, orchestrator, task, worktree, ending(task, outcome));
    }
  };
}

/**
 * Under the sandbox, git for the child's commands: a repository of the tool user's own for the
 * worktree (src/git/agent/), whose commits are taken as data before the series is exported.
 */
async function openTaskAgentRepo(
  env: LocalTaskEnv,
  taskId: string,
  worktree: TaskWorktree,
): Promise<AgentRepo | undefined> {
  if (!env.toolContext.runAs) return undefined;
  const dir = join(env.worktreesDir, `.agent-task-${taskId}`);
  mkdirSync(dir);
  const secrets = env.toolContext.passedSecrets ?? [];
  return openAgentRepo({
    git: worktree.git,
    workspace: worktree.path,
    dir,
    path: env.toolContext.env.PATH ?? "",
    secrets,
  });
}

/** The commits the child made with git, onto its worktree's HEAD; what could not be taken is logged. */
async function takeTaskCommits(env: LocalTaskEnv, task: LiveTask, worktree: TaskWorktree): Promise<void> {
  if (!worktree.agentRepo) return;
  const { notes } = await takeRunCommits(worktree.git, worktree.agentRepo);
  for (const note of notes) env.log(`gitclaw: task ${task.record.taskId}: ${env.toolContext.redact(note)}`);
}

interface ChildOutcome {
  result: LoopResult | undefined;
  /** The child could not run at all. */
  error: string | undefined;
}

function openChildSession(env: LocalTaskEnv, record: TaskRecord, worktree: TaskWorktree): SessionFile {
  const session = SessionFile.create(env.sessionsDir, { cwd: worktree.path, parentSession: env.parentSession });
  const { taskId, title, depth, baseSha, parentTaskId } = record;
  session.appendCustom(CUSTOM.task, { taskId, title, depth, baseSha, parentSession: env.parentSession, parentTaskId });
  session.appendStart(env.model, env.effort);
  session.appendUserText(env.toolContext.redact(childBrief(record.title, record.prompt)), env.now());
  env.onSession(session);
  return session;
}

async function runChild(
  env: LocalTaskEnv,
  orchestrator: TaskOrchestrator,
  task: LiveTask,
  worktree: TaskWorktree,
): Promise<ChildOutcome> {
  const session = openChildSession(env, task.record, worktree);
  orchestrator.update({ ...task.record, sessionPath: env.relative(session.path) });
  const tools = env.tools(task, worktree, orchestrator);
  const signal = AbortSignal.any([env.signal, task.signal]);
  const loop = () =>
    runAgentLoop({
      session,
      model: env.model,
      fallback: env.fallback,
      effort: env.effort,
      instructions: env.instructions(task.record, orchestrator),
      tools: tools.tools,
      toolContext: {
        ...env.toolContext,
        commandEnv: agentRepoEnv(worktree.agentRepo, env.toolContext.env.PATH ?? ""),
        workspace: worktree.path,
        signal,
        artifacts: createArtifactStore(session.artifactsDir),
      },
      budgets: env.budgets,
      compaction: env.compaction,
      deadline: env.deadline,
      signal,
      now: env.now,
      spending: env.spending,
      finished: () => task.report !== undefined,
      onEvent: (event) => {
        if (event.type === "tool_end")
          env.log(
            `task ${task.record.taskId}: ${event.result.isError ? "✗" : "✓"} ${event.call.name} (${event.durationMs} ms)`,
          );
      },
    });
  try {
    let result = await loop();
    // One reminder for a child that stopped talking without its report.
    if (result.outcome === "done" && !task.report && !signal.aborted) {
      session.appendUserText(REPORT_REMINDER, env.now());
      result = joinLoopResults(result, await loop());
    }
    const { outcome, turns, toolCalls, usage } = result;
    session.appendCustom(CUSTOM.run, { taskId: task.record.taskId, outcome, turns, toolCalls, usage });
    return { result, error: undefined };
  } finally {
    const killed = await tools.dispose();
    if (killed.length) session.appendCustom(CUSTOM.jobsKilled, { notes: killed });
    // Its own tasks end with it (a report waits for them; a failure does not).
    const below = orchestrator.active({ taskId: task.record.taskId }).map((record) => record.taskId);
    if (below.length) await orchestrator.terminate(below, `its parent task ${task.record.taskId} ended`);
  }
}

/** How a task ended, and the report that says so. */
export interface TaskEnding {
  status: TaskStatus;
  report: string;
  error?: string;
}

function ending(task: LiveTask, outcome: ChildOutcome): TaskEnding {
  if (task.report) return { status: "reported", report: task.report.markdown };
  const text = outcome.result?.text ?? "";
  if (task.stopReason)
    return { status: "terminated", report: stoppedReport(task.stopReason, text), error: task.stopReason };
  const result = outcome.result;
  if (result?.outcome === "done") return { status: "reported", report: fallbackReport(text) };
  const why = outcome.error ?? (result ? loopEnding(result) : "it ended without a report");
  return { status: "failed", report: stoppedReport(why, text), error: why };
}

const loopEnding = (result: LoopResult) =>
  ({
    done: "it ended without a report",
    cut_off: "its last answer was cut off at the output limit (budgets.maxOutputTokensPerCall)",
    max_turns: "the run's turn budget ran out",
    budget: `the run's budget ${result.budget?.name ?? ""} ran out`,
    deadline: "the run's time budget ran out",
    aborted: "the run was cancelled",
    error: `the model call failed: ${result.errorMessage ?? "unknown error"}`,
  })[result.outcome];

/** The report saved, the commits exported (pending, then ready, skipped or failed), then the worktree removed. */
export async function concludeTask(
  env: Pick<LocalTaskEnv, "main" | "relative" | "now" | "log">,
  orchestrator: TaskOrchestrator,
  task: LiveTask,
  worktree: TaskWorktree,
  { status, report, error }: TaskEnding,
): Promise<void> {
  const { taskId, baseSha } = task.record;
  const store = orchestrator.store;
  const stamp = () => new Date(env.now()).toISOString();
  store.writeReport(taskId, report);
  const path = store.seriesPath(taskId);
  const pending = { status: "pending" as const, baseSha, path: env.relative(path), updatedAt: stamp() };
  orchestrator.update({ ...task.record, gitFormatPatch: pending });
  const exported = await exportPatch(worktree.git, baseSha, path);
  const gitFormatPatch = {
    ...exported,
    ...(exported.status === "ready" ? { path: pending.path } : {}),
    updatedAt: stamp(),
  };
  const reportTitle = task.report?.title;
  orchestrator.update({
    ...task.record,
    status,
    ...(reportTitle ? { reportTitle } : {}),
    ...(error ? { error } : {}),
    gitFormatPatch,
    finishedAt: stamp(),
  });
  const problem = await removeTaskWorktree(env.main, worktree.path);
  if (problem) env.log(`gitclaw: task ${taskId}: its worktree stays until the run ends: ${problem}`);
}
