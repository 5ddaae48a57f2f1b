// The agent stage in child mode (runner "actions"): a workflow_dispatch run whose inputs name a task
// (task_id, task_base_sha). The job's token reads and never pushes. The stage checks the checkout is
// at the base, fetches the brief the parent stored on refs/gitclaw/tasks/<id>, runs the task as a
// local one (same tools, sandbox, worktree and patch export as on the parent's runner), and leaves
// everything the parent takes over in $RUNNER_TEMP/gitclaw-task for the workflow's upload step:
// tasks/<id>/ (task.json with what it spent, report.md, series.mbox) and its sessions under state/sessions/.
// It starts as the agent stage does (src/stages/start.ts: every secret a log mask) and shares its
// workspace and tool wiring (src/run/workspace.ts, src/run/tools.ts); what is its own: the inputs,
// the brief, the output folder.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import * as workflow from "../actions/log.ts";
import { ConfigError, loadConfig } from "../config/config.ts";
import { settingsFromInputs } from "../config/inputs.ts";
import { setUpTasks, type RunTasks, type TaskRun } from "../run/tasks.ts";
import { releaseSandbox, wireTools } from "../run/tools.ts";
import { gateTools, loadHooks, type RunHooks } from "../run/hooks.ts";
import { prepareWorkspaceAt } from "../run/workspace.ts";
import type { Workspace } from "../run/types.ts";
import { SessionFile } from "../session/session-file.ts";
import { briefFile, briefRef, TaskBrief } from "../tasks/actions.ts";
import { isFinal, taskIdProblem } from "../tasks/records.ts";
import { maskPassedSecrets, resolveStageModels, startStage, type StageOptions, type StageStart } from "./start.ts";

/** Where the child leaves what the workflow uploads, under $RUNNER_TEMP. */
export const TASK_OUTPUT_DIR = "gitclaw-task";

export class TaskStageError extends Error {
  override name = "TaskStageError";
}

/** Exit code 0 when the task reported; its artifact says how it ended either way. */
export async function runTaskStage(options: StageOptions): Promise<number> {
  const stage = startStage(options);
  try {
    const reported = await runTask(options, stage);
    return reported ? 0 : 1;
  } catch (error) {
    workflow.error(`gitclaw: the task could not run: ${stage.redact((error as Error).message)}`);
    return 1;
  }
}

function taskInputs(processEnv: StageOptions["processEnv"]): { taskId: string; baseSha: string } {
  const taskId = processEnv.GITCLAW_TASK_ID?.trim() ?? "";
  const baseSha = processEnv.GITCLAW_TASK_BASE_SHA?.trim() ?? "";
  const problem = taskIdProblem(taskId);
  if (problem) throw new TaskStageError(`the input task_id: ${problem}`);
  if (!/^[0-9a-f]{40}$/.test(baseSha))
    throw new TaskStageError(`the input task_base_sha is ${JSON.stringify(baseSha)}: expected a full commit sha`);
  return { taskId, baseSha };
}

async function runTask(options: StageOptions, stage: StageStart): Promise<boolean> {
  const { taskId, baseSha } = taskInputs(options.processEnv);
  const output = join(options.env.runnerTemp, TASK_OUTPUT_DIR);
  rmSync(output, { recursive: true, force: true });
  mkdirSync(output, { recursive: true });
  // No branch: the task's commits leave as a patch series, never as a push.
  const workspace = await prepareWorkspaceAt({ ...options, ...stage }, baseSha);
  await workspace.git.must(["fetch", "-q", "--no-tags", "--depth=1", "origin", briefRef(taskId)], { remote: true });
  const brief = TaskBrief.parse(JSON.parse(await workspace.git.must(["show", `FETCH_HEAD:${briefFile(taskId)}`])));
  if (brief.taskId !== taskId || brief.baseSha !== baseSha)
    throw new TaskStageError(`${briefRef(taskId)} holds the brief of another task (${brief.taskId})`);
  const run = await taskRun(options, stage, brief, workspace.root);
  run.log(`gitclaw: task ${taskId} (${brief.title}) of ${brief.parentRun}, at ${baseSha.slice(0, 12)}`);
  return runInSandbox(run, workspace, brief, output);
}

/** The run the task belongs to: the parent's configuration (read from the same commit), model and asker. */
async function taskRun(options: StageOptions, stage: StageStart, brief: TaskBrief, root: string): Promise<TaskRun> {
  const loaded = loadConfig(root, settingsFromInputs(options.processEnv).settings);
  // The child runs its tasks here; only the parent dispatches workflow runs.
  const config = {
    ...loaded,
    tasks: { ...loaded.tasks, enabled: true, actions: { ...loaded.tasks.actions, enabled: false } },
  };
  if (brief.depth > config.tasks.maxDepth)
    throw new ConfigError(
      `task ${brief.taskId} is at depth ${brief.depth}, deeper than tasks.maxDepth ${config.tasks.maxDepth}`,
    );
  maskPassedSecrets(stage.redact, options.processEnv, config);
  const { resolved, fallback } = await resolveStageModels(config, options.processEnv, stage.redact);
  const actor = brief.coAuthor
    ? { ...brief.coAuthor, type: "User" }
    : { login: "github-actions[bot]", id: 41898282, type: "Bot" };
  return {
    ...options,
    ...stage,
    trigger: { actor, defaultBranch: defaultBranchOfEvent(options.env.eventPath) },
    config,
    resolved,
    fallback,
    link: brief.parentRun,
  };
}

const DispatchEvent = z.looseObject({ repository: z.looseObject({ default_branch: z.string() }) });

/** The default branch as the dispatch event names it (the repository's hooks are read there), else "" (asked of the API). */
function defaultBranchOfEvent(eventPath: string): string {
  try {
    const event = DispatchEvent.safeParse(JSON.parse(readFileSync(eventPath, "utf8")));
    return event.success ? event.data.repository.default_branch : "";
  } catch {
    return "";
  }
}

async function runInSandbox(run: TaskRun, workspace: Workspace, brief: TaskBrief, output: string): Promise<boolean> {
  // The parent's network policy holds here too: the same configuration, read from the same commit.
  const wiring = await wireTools(run, workspace, join(run.env.runnerTemp, "gitclaw-task-tools"));
  // No tool may write the index while the refresh holds its lock.
  await workspace.indexRefreshed;
  // The parent's session, as the records and every child's header name it; nothing is written to it here.
  const session = SessionFile.inMemory(join(workspace.root, brief.parentSession), {
    cwd: workspace.root,
    artifactsDir: output,
  });
  const { sandbox, toolsOptions, context: toolContext } = wiring;
  const tasks = setUpTasks({ run, workspace, session, sandbox, toolsOptions, toolContext })!;
  let hooks: RunHooks | undefined;
  try {
    // The repository's preToolUse and postToolUse hooks hold here as in the parent's run (src/hooks/).
    hooks = await gateTools(run, workspace, toolContext, {
      hooks: await loadHooks(run, workspace),
      sessionId: brief.taskId,
    });
    return await runBrief(run, tasks, brief, { root: workspace.root, output });
  } finally {
    await tasks.orchestrator.shutdown("the task's run ended");
    await releaseSandbox(wiring);
    await hooks?.release();
    rmSync(sandbox.worktrees, { recursive: true, force: true });
  }
}

/** The brief run as a local task under its own id, its record and sessions left in `output`. */
async function runBrief(
  run: TaskRun,
  tasks: RunTasks,
  brief: TaskBrief,
  where: { root: string; output: string },
): Promise<boolean> {
  const { taskId } = brief;
  const caller = {
    depth: brief.depth - 1,
    head: async () => brief.baseSha,
    ...(brief.parentTaskId ? { taskId: brief.parentTaskId } : {}),
  };
  await tasks.orchestrator.spawn(caller, { title: brief.title, prompt: brief.prompt, runner: "local", taskId });
  const [record] = await tasks.orchestrator.wait(
    caller,
    [taskId],
    Number.POSITIVE_INFINITY,
    new AbortController().signal,
  );
  if (!record || !isFinal(record.status)) throw new TaskStageError(`task ${taskId} did not end`);
  tasks.orchestrator.store.save({ ...record, spent: { turns: tasks.spending.turns, usage: tasks.spending.usage } });
  // Each session file, and its artifacts folder where it has one.
  for (const path of tasks.ownFiles)
    if (existsSync(join(where.root, path)))
      cpSync(join(where.root, path), join(where.output, path), { recursive: true });
  run.log(`gitclaw: task ${taskId}: ${record.status}`);
  return record.status === "reported";
}
