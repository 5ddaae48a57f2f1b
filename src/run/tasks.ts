// The agent stage's sub-agents (src/tasks/), as phases of the run: set up with the tools (the
// orchestrator, the task tools of the run's own agent, a launcher for local tasks with the same
// tools, sandbox and budgets), kept from ending the run while tasks still run, and ended before the
// protected-path check and the commit: tasks still running stopped (their commits exported), a
// `git am` left in progress aborted, and what remains said in the reply.
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import { addUsage, emptyUsage } from "../session/entries.ts";
import type { LoopResult, Spending } from "../agent/loop.ts";
import { createGit } from "../git/git.ts";
import { protectedPathsFrom } from "../git/protected.ts";
import { CUSTOM } from "../session/custom.ts";
import { repoRelative, sessionsDir } from "../session/mapping.ts";
import type { SessionFile } from "../session/session-file.ts";
import { abortLeftoverAm, type ApplyTarget } from "../tasks/apply.ts";
import { actionsLauncher } from "../tasks/actions.ts";
import { localLauncher, type LocalTaskEnv } from "../tasks/local.ts";
import type { TaskWorktree } from "../git/worktree.ts";
import { TaskOrchestrator } from "../tasks/orchestrator.ts";
import { childInstructions } from "../tasks/prompt.ts";
import { TaskStore, type Runner, type TaskRecord } from "../tasks/records.ts";
import type { TaskScope } from "../tasks/scope.ts";
import type { Sandbox } from "../sandbox/sandbox.ts";
import { createTools, type ToolsOptions } from "../tools/index.ts";
import { createAgentReportTool } from "../tasks/tools/agent-report.ts";
import { createCommitTool } from "../tasks/tools/commit.ts";
import { createTaskTools } from "../tasks/tools/index.ts";
import type { Tool, ToolContext } from "../tools/types.ts";
import { coAuthorOf, runDeadline, type RunContext } from "./types.ts";
import type { Workspace } from "./types.ts";
import { DirectoryInstructions, withDirectoryInstructions } from "./directory-instructions.ts";
import type { RepositoryInstructions } from "./instructions.ts";
import type { RepositorySkills } from "../skills/read.ts";
import { agentGives, type CustomAgent, type RepositoryAgents, toolsGiven } from "../agents/read.ts";
import type { ResolvedModel } from "../agent/model.ts";
import { SkillReads, withSkillReads } from "../skills/skill-reads.ts";
import { instructionsSection } from "./repository-instructions.ts";
import { agentSection } from "./agents.ts";
import { plural } from "../text/format.ts";

/** How long task_apply_git_patch waits for a task still exporting its patch. */
const PENDING_WAIT_MS = 120_000;
/** Reminders to a run's own agent that stops talking while its tasks still run. */
const END_REMINDERS = 2;

export interface RunTasks {
  orchestrator: TaskOrchestrator;
  /** The task tools of the run's own agent. */
  tools: Tool[];
  scope: TaskScope;
  /** What the run's loops spent, the tasks' included: the budgets apply to it. */
  spending: Spending;
  /** Files of the tasks' sessions, committed with the run's (the only other exception under state/). */
  ownFiles: string[];
  /** Tasks started by this run, or resumed from an earlier one. */
  started: Set<string>;
  /** The run's: a cancelled run cancels its tasks' workflow runs; one that just ends lets them go on. */
  signal: AbortSignal;
}

/** What tasks need of the run: all of it but the event, of which only who asked and the branch. */
export type TaskRun = Omit<RunContext, "trigger" | "github" | "onReplied"> & {
  trigger: Pick<RunContext["trigger"], "actor" | "defaultBranch">;
};

export interface TaskSetup {
  run: TaskRun;
  workspace: Workspace;
  /**
   * The session the tasks belong to: its artifacts hold their records, its path is every child's parent
   * (a task job's is in memory: SessionFile.inMemory).
   */
  session: SessionFile;
  sandbox: Sandbox;
  /** The tools' options of the run's own agent; sub-agents get the same tools, but the github tool. */
  toolsOptions: ToolsOptions;
  toolContext: ToolContext;
  /** The run's MCP tools, shared: sub-agents call the same servers (src/mcp/). */
  mcpTools?: () => Tool[];
  /** The default branch's instruction files: every sub-agent gets them as the run's own agent does. */
  instructions?: RepositoryInstructions;
  /** The default branch's skills: every sub-agent gets their list, and reads them, as the run's own agent does. */
  skills?: RepositorySkills;
  /** The default branch's custom agents a task may run as, and each one's model (src/run/agents.ts). */
  agents?: RepositoryAgents;
  agentModel?: (agent: CustomAgent | undefined) => Promise<ResolvedModel>;
}

export function setUpTasks(setup: TaskSetup): RunTasks | undefined {
  const { run, workspace, session } = setup;
  if (!run.config.tasks.enabled) return undefined;
  const store = new TaskStore(join(session.artifactsDir, "tasks"), workspace.root);
  const spending: Spending = { turns: 0, usage: emptyUsage() };
  const ownFiles: string[] = [];
  const started = new Set<string>();
  const runners: Runner[] = run.config.tasks.actions.enabled ? ["local", "actions"] : ["local"];
  const onActions = run.config.tasks.actions.enabled
    ? { actions: actionsLauncher(actionsEnv(setup, spending, ownFiles)) }
    : {};
  const orchestrator = new TaskOrchestrator({
    store,
    maxParallel: run.config.tasks.maxParallel,
    maxDepth: run.config.tasks.maxDepth,
    launchers: { local: localLauncher(localEnv(setup, spending, ownFiles)), ...onActions },
    now: run.now,
    onChange: (record) => {
      started.add(record.taskId);
      recordTask(session, record);
      run.log(`gitclaw: task ${record.taskId} (${record.title}): ${record.status}`);
    },
  });
  const scope: TaskScope = {
    orchestrator,
    caller: { depth: 0, head: () => workspace.git.must(["rev-parse", "HEAD"]) },
    target: applyTarget(setup, workspace.git, {}),
    runners,
    pendingWaitMs: PENDING_WAIT_MS,
    ...(setup.agents ? { agents: setup.agents } : {}),
  };
  if (onActions.actions) {
    const resumed = orchestrator.resume("actions");
    if (resumed.length) run.log(`gitclaw: following the Actions runs of earlier tasks again: ${resumed.join(", ")}`);
  }
  const signal = run.signal;
  return { orchestrator, tools: createTaskTools(scope), scope, spending, ownFiles, started, signal };
}

/** The parent's side of runner "actions": where to dispatch, how often to look, what the brief says. */
function actionsEnv(setup: TaskSetup, spending: Spending, ownFiles: string[]) {
  const { run, workspace, session } = setup;
  const { workflow, pollSeconds } = run.config.tasks.actions;
  const coAuthor = coAuthorOf(run.trigger);
  return {
    api: run.api,
    repo: run.repo,
    workflow,
    ref: run.trigger.defaultBranch ?? workspace.branch,
    git: workspace.git,
    remote: workspace.remote,
    root: workspace.root,
    brief: {
      parentSession: repoRelative(workspace.root, session.path),
      parentRun: run.link,
      ...(coAuthor ? { coAuthor } : {}),
    },
    pollMs: pollSeconds * 1000,
    signal: run.signal,
    spending,
    onSessionFiles: (paths: string[]) => ownFiles.push(...paths),
    log: run.log,
    now: run.now,
  };
}

/** The parent session's line for a task, as it starts and as it ends: the session viewer's tree. */
function recordTask(session: TaskSetup["session"], record: TaskRecord): void {
  const { taskId, title, status, depth, runner, parentTaskId, sessionPath, error } = record;
  session.appendCustom(CUSTOM.task, { taskId, title, status, depth, runner, parentTaskId, sessionPath, error });
}

function applyTarget(
  setup: TaskSetup,
  git: ApplyTarget["git"],
  writeOptions: ApplyTarget["writeOptions"],
): ApplyTarget {
  const { run, workspace } = setup;
  return {
    git,
    main: workspace.git,
    gitAt: (path) => createGit(path, { env: workspace.toolEnv, redact: run.redact }),
    writeOptions,
    protectedPaths: protectedPathsFrom(run.config.protectedPaths),
  };
}

function localEnv(setup: TaskSetup, spending: Spending, ownFiles: string[]): LocalTaskEnv {
  const { run, workspace, session, sandbox, toolContext } = setup;
  // No pull request worktrees for sub-agents (no github tool); their own worktree is shared like one.
  const { env, redact, runAs, passedSecrets } = toolContext;
  const shared = {
    env,
    redact,
    runAs,
    passedSecrets,
    sharedWorkspace: true,
    // The repository's hooks gate the children's calls too: set after this (src/run/hooks.ts), read as each starts.
    get gate() {
      return toolContext.gate;
    },
  };
  // Each child is given the directories' AGENTS.md once, framed with a token of its own that its prompt names.
  const perTask = new Map<string, DirectoryInstructions>();
  const directories = (taskId: string) =>
    perTask.get(taskId) ??
    perTask.set(taskId, new DirectoryInstructions(setup.instructions?.nested ?? [], workspace.git)).get(taskId)!;
  const perTaskSkills = new Map<string, SkillReads>();
  const skills = (taskId: string) =>
    perTaskSkills.get(taskId) ?? perTaskSkills.set(taskId, new SkillReads(setup.skills, workspace.git)).get(taskId)!;
  return {
    main: workspace.git,
    worktreesDir: sandbox.worktrees,
    sessionsDir: sessionsDir(workspace.root),
    parentSession: repoRelative(workspace.root, session.path),
    relative: (path) => repoRelative(workspace.root, path),
    onSession: (child) =>
      ownFiles.push(repoRelative(workspace.root, child.path), `${repoRelative(workspace.root, child.artifactsDir)}/`),
    model: run.resolved,
    modelFor: (record) => (setup.agentModel ?? (async () => run.resolved))(agentOf(setup, record)),
    fallback: run.fallback,
    effort: run.config.effort,
    budgets: run.config.budgets,
    compaction: run.config.compaction,
    deadline: runDeadline(run),
    signal: run.signal,
    spending,
    toolContext: shared,
    tools: (task, worktree, orchestrator) => childTools(setup, { task, worktree, orchestrator, directories, skills }),
    instructions: (record, orchestrator) =>
      childPrompt(setup, record, orchestrator, {
        directories: directories(record.taskId),
        skills: skills(record.taskId),
      }),
    log: run.log,
    now: run.now,
  };
}

/** A sub-agent's tools: the run's (but the github tool), commit, agent_report and, above the depth limit, tasks. */
function childTools(
  setup: TaskSetup,
  child: {
    task: Parameters<LocalTaskEnv["tools"]>[0];
    worktree: TaskWorktree;
    orchestrator: TaskOrchestrator;
    directories: (taskId: string) => DirectoryInstructions;
    skills: (taskId: string) => SkillReads;
  },
): ReturnType<LocalTaskEnv["tools"]> {
  const { run } = setup;
  const { task, worktree, orchestrator } = child;
  const { taskId, depth } = task.record;
  const agent = agentOf(setup, task.record);
  const enabled = toolsGiven(agent, setup.toolsOptions.enabled);
  const base = createTools({ ...setup.toolsOptions, enabled, github: undefined });
  const scope: TaskScope = {
    orchestrator,
    caller: { taskId, depth, head: () => worktree.git.must(["rev-parse", "HEAD"]) },
    target: applyTarget(setup, worktree.git, { groupWritable: true }),
    runners: ["local"],
    pendingWaitMs: PENDING_WAIT_MS,
    ...(setup.agents ? { agents: setup.agents } : {}),
  };
  const trailers = { runUrl: run.link, coAuthor: coAuthorOf(run.trigger) };
  const protectedPaths = protectedPathsFrom(run.config.protectedPaths);
  const own = [
    createCommitTool({ git: worktree.git, protectedPaths, trailers }),
    createAgentReportTool(orchestrator, taskId),
    ...(depth < orchestrator.maxDepth && agentGives(agent, "task") ? createTaskTools(scope) : []),
  ] as Tool[];
  const mcp = agentGives(agent, "mcp") ? (setup.mcpTools?.() ?? []) : [];
  return {
    tools: withSkillReads(
      withDirectoryInstructions([...base.tools, ...mcp, ...own], child.directories(taskId)),
      child.skills(taskId),
    ),
    dispose: base.dispose,
  };
}

/** A sub-agent's standing instructions, with the repository's instruction files as the run's own agent has them. */
function childPrompt(
  setup: TaskSetup,
  record: TaskRecord,
  orchestrator: TaskOrchestrator,
  { directories, skills }: { directories: DirectoryInstructions; skills: SkillReads },
): string {
  const { run } = setup;
  const agent = agentOf(setup, record);
  return childInstructions({
    repository: `${run.env.owner}/${run.env.repo}`,
    taskId: record.taskId,
    baseSha: record.baseSha,
    canDelegate: record.depth < orchestrator.maxDepth && agentGives(agent, "task"),
    protectedPaths: run.config.protectedPaths,
    repositoryInstructions: instructionsSection(setup.instructions),
    directoryInstructions: directories.promptLines(),
    skills: skills.promptLines(),
    ...(agent ? { agent: agentSection(agent, childToolNames(agent, record.depth < orchestrator.maxDepth)) } : {}),
  });
}

/** The tools a task running as `agent` has: its list but the github tool (no sub-agent has it), and every task's own. */
const childToolNames = (agent: CustomAgent, canDelegate: boolean) => [
  ...(agent.tools ?? []).filter((name) => name !== "github" && (canDelegate || name !== "task")),
  "commit",
  "agent_report",
];

/** The custom agent a task runs as, if any (the task tool checked its name). */
const agentOf = (setup: TaskSetup, record: TaskRecord): CustomAgent | undefined =>
  record.agent === undefined ? undefined : setup.agents?.agents.find((agent) => agent.name === record.agent);

/**
 * Runs the run's own agent until it ends with no task still queued or running: an agent that stops
 * talking while tasks run is told to wait for them (at most END_REMINDERS times). The result counts
 * what the tasks spent too.
 */
export async function untilTasksEnd(
  tasks: RunTasks | undefined,
  session: SessionFile,
  now: () => number,
  loop: () => Promise<LoopResult>,
): Promise<LoopResult> {
  let result = await loop();
  if (!tasks) return result;
  for (let reminded = 0; reminded < END_REMINDERS && result.outcome === "done"; reminded++) {
    const active = tasks.orchestrator.active({}).map((record) => record.taskId);
    if (active.length === 0) break;
    session.appendUserText(
      `[gitclaw] Sub-agent tasks still run (${active.join(", ")}): do not end yet. Call task_await now, then integrate their commits with task_apply_git_patch or say why not.`,
      now(),
    );
    const next = await loop();
    result = { ...next, toolCalls: result.toolCalls + next.toolCalls, text: next.text || result.text };
  }
  return { ...result, turns: tasks.spending.turns, usage: addUsage(emptyUsage(), tasks.spending.usage) };
}

/**
 * Before the protected-path check and the commit: tasks still queued or running are stopped (their
 * commits exported), a `git am` left in progress is aborted. Returns what the reply must say.
 */
export async function endTasks(tasks: RunTasks | undefined, session: SessionFile): Promise<string[]> {
  if (!tasks) return [];
  const notes: string[] = [];
  // Workflow runs of tasks go on past this run (unless it was cancelled): the next run takes them up.
  const detached = tasks.signal.aborted ? [] : await tasks.orchestrator.detach("actions");
  if (detached.length)
    notes.push(
      `Tasks still running on Actions go on: ${detached.join(", ")}. The next run of this issue takes their work up.`,
    );
  const running = tasks.orchestrator
    .active({})
    .flatMap((record) => (detached.includes(record.taskId) ? [] : record.taskId));
  await tasks.orchestrator.shutdown("the run ended before it reported");
  if (running.length) notes.push(`Tasks still running when the run ended were stopped: ${running.join(", ")}.`);
  const aborted = await abortLeftoverAm(tasks.scope.target).catch((error: Error) => {
    notes.push(`A git am left in progress could not be aborted: ${error.message}`);
    return undefined;
  });
  if (aborted) {
    const taskId = tasks.scope.am?.taskId;
    session.appendCustom(CUSTOM.amAborted, { taskId, subject: aborted.subject });
    const what = `${taskId ? `task ${taskId}'s patch` : "a patch"}${aborted.subject ? ` (stopped at “${aborted.subject}”)` : ""}`;
    notes.push(
      `A git am of ${what} was still in progress at the end: it was aborted, so none of that patch is committed.`,
    );
    workflow.warning(`gitclaw: aborted a git am left in progress: ${what}`);
  }
  notes.push(...remaining(tasks));
  return notes;
}

/** Tasks let go still running on Actions, for the issue's mapping: the next run takes them up. */
export function outstandingTasks(tasks: RunTasks | undefined): { taskId: string; runUrl: string }[] {
  return (tasks?.orchestrator.active({}) ?? []).flatMap((record) =>
    record.run ? [{ taskId: record.taskId, runUrl: record.run.url }] : [],
  );
}

/** One line per task this run started at the top level: applied, waiting to be applied, or failed. */
function remaining(tasks: RunTasks): string[] {
  const lines = [...tasks.started]
    .map((id) => tasks.orchestrator.record(id))
    .filter((record): record is TaskRecord => record !== undefined && record.depth === 1)
    .map((record) => {
      const patch = record.gitFormatPatch;
      const name = `\`${record.taskId}\` ${record.title}`;
      if (patch?.appliedAt) return `- ✓ ${name}: applied (${patch.commitCount ?? 0} commits)`;
      if (patch?.status === "ready")
        return `- ⚠ ${name}: ${plural(patch.commitCount ?? 0, "commit")} not applied (\`${patch.path}\`)`;
      if (record.status === "reported") return `- ${name}: reported, no commits`;
      if (record.status === "running" && record.run)
        return `- ⏳ ${name}: still running on Actions (${record.run.url})`;
      return `- ✗ ${name}: ${record.status}${record.error ? ` (${record.error})` : ""}`;
    });
  return lines.length ? [`Sub-agent tasks:\n${lines.join("\n")}`] : [];
}

/** The models the run's tasks ran with other than `runModel`, each with the agents that used it: `\`m\` (a, b)`. */
export function taskModels(tasks: RunTasks | undefined, runModel: string): string[] {
  const byModel = new Map<string, Set<string>>();
  for (const id of tasks?.started ?? []) {
    const record = tasks!.orchestrator.record(id);
    if (!record?.model || record.model === runModel) continue;
    const agents = byModel.get(record.model) ?? byModel.set(record.model, new Set()).get(record.model)!;
    if (record.agent) agents.add(record.agent);
  }
  return [...byModel].map(([model, agents]) => `\`${model}\`${agents.size ? ` (${[...agents].join(", ")})` : ""}`);
}
