// The agent stage in child mode (runner "actions"): a workflow_dispatch run whose inputs name a task
// (task_id, task_base_sha). The job's token reads and never pushes. The stage checks the checkout is
// at the base, fetches the brief the parent stored on refs/gitclaw/tasks/<id>, runs the task as a
// local one (same tools, sandbox, worktree and patch export as on the parent's runner), and leaves
// everything the parent takes over in $RUNNER_TEMP/gitclaw-task for the workflow's upload step:
// tasks/<id>/ (task.json with what it spent, report.md, series.mbox) and its sessions under state/sessions/.
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import { resolveModel } from "../agent/model.ts";
import { ConfigError, loadConfig } from "../config/config.ts";
import { settingsFromInputs } from "../config/inputs.ts";
import { removePersistedCredentials } from "../git/credentials.ts";
import { createGit, tokenAuthEnv } from "../git/git.ts";
import { protectedPathsFrom } from "../git/protected.ts";
import { refreshIndex } from "../git/status.ts";
import { octokitApi } from "../github/api.ts";
import { createGitHubClient } from "../github/client.ts";
import { createRedactor, type Redactor } from "../redact.ts";
import { setUpTasks, type TaskRun } from "../run/tasks.ts";
import type { Workspace } from "../run/workspace.ts";
import { createArtifactStore } from "../session/artifacts.ts";
import { briefFile, briefRef, TaskBrief } from "../tasks/actions.ts";
import { isFinal, taskIdProblem } from "../tasks/records.ts";
import { secretValues, toolEnvironment } from "../tool-env.ts";
import { prepareConfinedSandbox, resolverFrom } from "../egress/egress.ts";
import type { PipelineOptions } from "./agent.ts";

/** Where the child leaves what the workflow uploads, under $RUNNER_TEMP. */
export const TASK_OUTPUT_DIR = "gitclaw-task";

export class TaskStageError extends Error {
  override name = "TaskStageError";
}

/** Exit code 0 when the task reported; its artifact says how it ended either way. */
export async function runTaskStage(options: PipelineOptions): Promise<number> {
  const { env, processEnv } = options;
  const redact = createRedactor([...new Set([...secretValues(processEnv), env.token])]);
  const log = (line: string) => workflow.info(redact(line));
  try {
    const reported = await runTask(options, redact, log);
    return reported ? 0 : 1;
  } catch (error) {
    workflow.error(`gitclaw: the task could not run: ${redact((error as Error).message)}`);
    return 1;
  }
}

function taskInputs(processEnv: PipelineOptions["processEnv"]): { taskId: string; baseSha: string } {
  const taskId = processEnv.GITCLAW_TASK_ID?.trim() ?? "";
  const baseSha = processEnv.GITCLAW_TASK_BASE_SHA?.trim() ?? "";
  const problem = taskIdProblem(taskId);
  if (problem) throw new TaskStageError(`the input task_id: ${problem}`);
  if (!/^[0-9a-f]{40}$/.test(baseSha))
    throw new TaskStageError(`the input task_base_sha is ${JSON.stringify(baseSha)}: expected a full commit sha`);
  return { taskId, baseSha };
}

async function runTask(options: PipelineOptions, redact: Redactor, log: (line: string) => void): Promise<boolean> {
  const { env, processEnv, signal } = options;
  const now = options.now ?? Date.now;
  const started = now();
  const { taskId, baseSha } = taskInputs(processEnv);
  const root = env.workspace;
  const output = join(env.runnerTemp, TASK_OUTPUT_DIR);
  rmSync(output, { recursive: true, force: true });
  mkdirSync(output, { recursive: true });

  const toolEnv = toolEnvironment(processEnv);
  const remote = await createGit(root, { env: toolEnv, redact }).must(["remote", "get-url", "origin"]);
  const authEnv = tokenAuthEnv(remote, env.token);
  const git = createGit(root, { env: toolEnv, authEnv, redact });
  await removePersistedCredentials(git);
  const head = await git.must(["rev-parse", "HEAD"]);
  if (head !== baseSha) throw new TaskStageError(`the checkout is at ${head}, not at the task's base ${baseSha}`);
  await git.must(["fetch", "-q", "--no-tags", "--depth=1", "origin", briefRef(taskId)], { remote: true });
  const brief = TaskBrief.parse(JSON.parse(await git.must(["show", `FETCH_HEAD:${briefFile(taskId)}`])));
  if (brief.taskId !== taskId || brief.baseSha !== baseSha)
    throw new TaskStageError(`${briefRef(taskId)} holds the brief of another task (${brief.taskId})`);

  const loaded = loadConfig(root, settingsFromInputs(processEnv).settings);
  // The child runs its tasks here; only the parent dispatches workflow runs.
  const config = {
    ...loaded,
    tasks: { ...loaded.tasks, enabled: true, actions: { ...loaded.tasks.actions, enabled: false } },
  };
  if (brief.depth > config.tasks.maxDepth)
    throw new ConfigError(
      `task ${taskId} is at depth ${brief.depth}, deeper than tasks.maxDepth ${config.tasks.maxDepth}`,
    );
  const resolved = await resolveModel(config.model, config, processEnv);
  const github = createGitHubClient({ token: env.token, baseUrl: env.apiUrl, log: (l) => workflow.warning(redact(l)) });
  const actor = brief.coAuthor
    ? { ...brief.coAuthor, type: "User" }
    : { login: "github-actions[bot]", id: 41898282, type: "Bot" };
  const run: TaskRun = {
    env,
    processEnv,
    signal,
    trigger: { actor, defaultBranch: "" },
    config,
    resolved,
    api: octokitApi(github),
    repo: { owner: env.owner, repo: env.repo },
    redact,
    log,
    started,
    now,
    link: brief.parentRun,
  };
  log(`gitclaw: task ${taskId} (${brief.title}) of ${brief.parentRun}, at ${baseSha.slice(0, 12)}`);
  // No branch: the task's commits leave as a patch series, never as a push.
  const indexRefreshed = refreshIndex(git);
  const workspace: Workspace = { root, git, remote, base: baseSha, branch: "", authEnv, toolEnv, indexRefreshed };
  return runInSandbox(run, workspace, brief, output);
}

async function runInSandbox(run: TaskRun, workspace: Workspace, brief: TaskBrief, output: string): Promise<boolean> {
  const { root, toolEnv } = workspace;
  // The parent's network policy holds here too: the same configuration, read from the same commit.
  const { sandbox, egress } = await prepareConfinedSandbox(
    {
      mode: run.config.sandbox,
      workspace: root,
      agentOnly: [".git", "state"],
      secretDirs: [run.env.runnerTemp, run.processEnv.HOME],
      path: toolEnv.PATH ?? "",
    },
    { config: run.config.network, resolve: resolverFrom(run.processEnv) },
  );
  // No tool may write the index while the refresh holds its lock.
  await workspace.indexRefreshed;
  const protectedPaths = protectedPathsFrom(run.config.protectedPaths);
  const toolsOptions = { interceptor: run.config.tools.interceptor, protectedPaths, enabled: run.config.tools.enabled };
  const toolContext = {
    workspace: root,
    signal: run.signal,
    env: { ...toolEnv, ...egress.env },
    artifacts: createArtifactStore(join(run.env.runnerTemp, "gitclaw-task-tools")),
    redact: run.redact,
    runAs: sandbox.isolated ? sandbox : undefined,
    worktreesDir: sandbox.worktrees,
  };
  // The parent's session, as the records and every child's header name it; nothing is written to it here.
  const session = { artifactsDir: output, path: join(root, brief.parentSession), appendCustom: () => {} };
  const tasks = setUpTasks({ run, workspace, session, sandbox, toolsOptions, toolContext })!;
  try {
    const { taskId } = brief;
    const caller = {
      depth: brief.depth - 1,
      head: async () => workspace.base,
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
      if (existsSync(join(root, path))) cpSync(join(root, path), join(output, path), { recursive: true });
    run.log(`gitclaw: task ${taskId}: ${record.status}`);
    return record.status === "reported";
  } finally {
    await tasks.orchestrator.shutdown("the task's run ended");
    await sandbox.release();
    await egress.close();
    rmSync(sandbox.worktrees, { recursive: true, force: true });
  }
}
