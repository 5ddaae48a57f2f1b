// The agent's tools for this run, and taking them down again: the sandbox user's isolation, the
// tool set with the github tool's rules, the per-call context; at the end, background jobs killed,
// the workspace given back, pull request worktrees checked for unpushed work and removed.
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import { type AgentRepo, agentRepoEnv, openAgentRepo } from "../git/agent/repository.ts";
import { takeRunCommits } from "../git/agent/take.ts";
import { ownWorkspaceCommits } from "../git/agent/workspace-commits.ts";
import { takeWorktreeReposAtEnd } from "../tools/github/worktree-git.ts";
import { coAuthorTrailer } from "../git/commit-message.ts";
import { protectedPathsFrom, WORKFLOW_PATHS } from "../git/protected.ts";
import { type Egress, limitsFrom, prepareConfinedSandbox, resolverFrom, servicesFrom } from "../egress/egress.ts";
import type { Sandbox } from "../sandbox/sandbox.ts";
import { createArtifactStore } from "../session/artifacts.ts";
import { CUSTOM } from "../session/custom.ts";
import type { SessionFile } from "../session/session-file.ts";
import { closeWorktrees } from "../git/worktree.ts";
import { passedSecrets, passedVariables } from "../tool-env.ts";
import { createTools, type ToolSet, type ToolsOptions } from "../tools/index.ts";
import type { ToolContext } from "../tools/types.ts";
import { coAuthorOf, type RunContext } from "./types.ts";
import type { McpServers } from "../mcp/servers.ts";
import { startMcpServers } from "./mcp.ts";
import type { TargetedRun } from "./types.ts";
import type { RepositoryInstructions } from "./instructions.ts";
import type { RepositorySkills } from "../skills/read.ts";
import { setUpTasks, type RunTasks, type TaskRun, type TaskSetup } from "./tasks.ts";
import { agentGives, type CustomAgent, toolsGiven } from "../agents/read.ts";
import type { Workspace } from "./types.ts";
import { readOnlyTools, type PlanGate } from "./plan.ts";

export interface RunTools {
  toolset: ToolSet;
  sandbox: Sandbox;
  /** The tool commands' network policy, and what its proxy refused and let through. */
  egress: Egress;
  context: ToolContext;
  /** Sub-agents, unless the configuration switched them off. */
  tasks?: RunTasks;
  /** The repository's MCP servers (src/mcp/), their tools in `toolset`. */
  mcp: McpServers;
  /** The tool user's own git repository for the workspace, when the sandbox isolates tool commands. */
  agentRepo?: AgentRepo;
  /** A read-only run (src/run/plan.ts): the commits of the tools' own git are not taken. */
  readOnly?: boolean;
}

/** The sandbox and the tools' rules and per-call context, as the agent stage and a task job both set them up. */
export interface ToolWiring {
  sandbox: Sandbox;
  /** The tool commands' network policy, and what its proxy refused and let through. */
  egress: Egress;
  /** The tools' options, but the github tool's (the agent stage's own). */
  toolsOptions: ToolsOptions & { protectedPaths: string[] };
  context: ToolContext;
}

/**
 * After the conversation is open, which makes state/: the sandbox shares the workspace except .git/
 * and state/. `toolRoot` is where the tools work when that is not the workspace (a fork's worktree),
 * and `untrusted` says its code is not the repository's own: then there is no run without isolation.
 */
export async function wireTools(
  run: TaskRun,
  workspace: Workspace,
  artifactsDir: string,
  where: { toolRoot?: string; untrusted?: string; readOnly?: boolean } = {},
): Promise<ToolWiring> {
  const { env, config } = run;
  const toolRoot = where.toolRoot ?? workspace.root;
  const { sandbox, egress } = await prepareConfinedSandbox(
    {
      mode: config.sandbox,
      workspace: toolRoot,
      agentOnly: [".git", "state"],
      secretDirs: [env.runnerTemp, run.processEnv.HOME],
      path: workspace.toolEnv.PATH ?? "",
      ...(where.untrusted ? { requiredBy: where.untrusted } : {}),
      ...(where.readOnly ? { readOnly: true } : {}),
    },
    {
      config: config.network,
      resolve: resolverFrom(run.processEnv),
      limits: limitsFrom(run.processEnv),
      servicePorts: servicesFrom(run.processEnv),
    },
  );
  if (!sandbox.isolated) workflow.warning(`gitclaw: tool commands run as the agent's own user: ${sandbox.reason}`);
  const protectedPaths = protectedPathsFrom(config.protectedPaths);
  const toolsOptions = { interceptor: config.tools.interceptor, protectedPaths, enabled: config.tools.enabled };
  const context: ToolContext = {
    workspace: toolRoot,
    signal: run.signal,
    // tools.env and the proxy's variables: for tool commands only; gitclaw's own git and API calls keep
    // the secret-free environment and go direct.
    env: { ...workspace.toolEnv, ...passedVariables(run.processEnv, config.tools.env), ...egress.env },
    passedSecrets: passedSecrets(run.processEnv, config.tools.env),
    artifacts: createArtifactStore(artifactsDir),
    redact: run.redact,
    runAs: sandbox.isolated ? sandbox : undefined,
    worktreesDir: sandbox.worktrees,
    images: run.resolved.vision === true,
  };
  return { sandbox, egress, toolsOptions, context };
}

/** The agent stage's tools: the shared wiring, the github tool, the repository's MCP servers and sub-agents. */
export async function setUpTools(
  run: TargetedRun,
  workspace: Workspace,
  session: SessionFile,
  where: {
    toolRoot?: string;
    untrusted?: string;
    instructions?: RepositoryInstructions;
    skills?: RepositorySkills;
    /** The default branch's custom agents, each one's model, and the one the run acts as (src/run/agents.ts). */
    agents?: Pick<TaskSetup, "agents" | "agentModel"> & { actingAs?: CustomAgent };
    /** A plan run or a read-only prompt run (src/run/plan.ts). */
    plan?: PlanGate;
  } = {},
): Promise<RunTools> {
  const readOnly = where.plan?.readOnly === true;
  const wired = await wireTools(run, workspace, session.artifactsDir, { ...where, readOnly });
  const { sandbox, egress, ...wiring } = wired;
  // The run's own git for tool commands (a task job's commits leave as its patch series instead).
  // Its index is copied from the workspace's once refreshed: a racily clean one would have the tools'
  // first `git add` hash every file again, writing a copy of each into the agent's objects.
  await workspace.indexRefreshed;
  const agentRepo = await openAgentRepoFor(run, workspace, sandbox, where.toolRoot ?? workspace.root);
  const commandEnv = agentRepoEnv(agentRepo, workspace.toolEnv.PATH ?? "");
  const context: ToolContext = { ...wiring.context, commandEnv, ...(agentRepo ? { agentRepo } : {}) };
  const actingAs = where.agents?.actingAs;
  const enabled = toolsGiven(actingAs, wiring.toolsOptions.enabled);
  const github = githubOptions(run, workspace, wiring, readOnly);
  const toolsOptions: ToolsOptions = { ...wiring.toolsOptions, enabled, github };
  const toolset = createTools(toolsOptions);
  // Started now, ready by the time the rest of the tool set is: sub-agents share them.
  const mcp = await startMcpServers(run, workspace, sandbox, egress, context.env);
  const tasks = setUpTasks({
    run,
    workspace,
    session,
    sandbox,
    toolsOptions,
    toolContext: context,
    instructions: where.instructions,
    skills: where.skills,
    agents: where.agents?.agents,
    agentModel: where.agents?.agentModel,
    mcpTools: () => mcp.tools(),
  });
  // No tool may write the index while the refresh holds its lock.
  await Promise.all([workspace.indexRefreshed, mcp.ready]);
  if (agentGives(actingAs, "mcp")) toolset.tools.push(...mcp.tools());
  if (tasks && agentGives(actingAs, "task")) toolset.tools.push(...tasks.tools);
  if (where.plan)
    toolset.tools.splice(0, toolset.tools.length, ...readOnlyTools(toolset.tools, where.plan, sandbox.isolated));
  return { toolset, sandbox, egress, context, tasks, mcp, agentRepo, readOnly };
}

/** Git for tool commands in the workspace: a repository of the tool user's own (src/git/agent/). */
async function openAgentRepoFor(
  run: RunContext,
  workspace: Workspace,
  sandbox: Sandbox,
  toolRoot: string,
): Promise<AgentRepo | undefined> {
  // Without isolation the tools are the agent's own user and use .git/ as it is; a fork's worktree has none.
  if (!sandbox.isolated || toolRoot !== workspace.root) return undefined;
  if (!existsSync(join(workspace.root, ".git", "index"))) return undefined;
  return openAgentRepo({
    git: workspace.git,
    workspace: workspace.root,
    dir: sandbox.worktrees,
    path: workspace.toolEnv.PATH ?? "",
    ...commitFacts(run),
  }).catch(async (error: unknown) => {
    await sandbox.release();
    throw error;
  });
}

/** What the agent's commits are taken by: the tools.env values, the requester, the limits. */
function commitFacts(run: RunContext) {
  const coAuthor = coAuthorOf(run.trigger);
  return {
    secrets: passedSecrets(run.processEnv, run.config.tools.env),
    limits: { maxCommits: run.config.git.maxAgentCommits, seconds: run.config.git.agentCommitsSeconds },
    ...(coAuthor ? { coAuthorTrailer: coAuthorTrailer(coAuthor) } : {}),
  };
}

/** What taking the tools down leaves for the reply. */
export interface ToolsTornDown {
  /** One note per pull request worktree discarded with work never pushed. */
  unpushed: string[];
  /** What became of the commits the agent made with git, when not all of them were taken. */
  gitNotes: string[];
}

function githubOptions(
  run: TargetedRun,
  workspace: Workspace,
  wiring: Pick<ToolWiring, "toolsOptions">,
  readOnly: boolean,
): ToolsOptions["github"] {
  // A read-only run reads GitHub but writes nothing there (src/run/plan.ts).
  const policy = readOnly
    ? { ...run.config.tools.github, write: "deny" as const, destructive: "deny" as const, ops: {} }
    : run.config.tools.github;
  return {
    github: run.github,
    repo: run.repo,
    host: new URL(run.env.serverUrl).host,
    policy,
    gitAuthEnv: workspace.authEnv,
    // pr_push commits in PR worktrees by the workspace's rules, with the same trailers, and pushes
    // with the job's token, which GitHub does not let push workflow files: it refuses them too.
    protectedPaths: [...wiring.toolsOptions.protectedPaths, ...WORKFLOW_PATHS],
    commit: { runUrl: run.link, coAuthor: coAuthorOf(run.trigger), issue: run.target.conversationIssue },
  };
}

/** The sandbox given back and the network policy's proxy closed: after this no tool process runs. */
export async function releaseSandbox(wiring: Pick<ToolWiring, "sandbox" | "egress">): Promise<void> {
  await wiring.sandbox.release();
  await wiring.egress.close();
}

/**
 * Before the protected-path check and the commit: after this no tool process can change a file, and
 * the commits the agent made with git on the run's branch are the workspace's (src/git/agent/).
 */
export async function tearDownTools(
  run: RunContext,
  tools: RunTools,
  workspace: Workspace,
  session: SessionFile,
): Promise<ToolsTornDown> {
  const killed = await tools.toolset.dispose();
  await tools.mcp.close();
  if (killed.length) session.appendCustom(CUSTOM.jobsKilled, { notes: killed });
  await releaseSandbox(tools);
  // A read-only run keeps none of them: nothing but the conversation is committed.
  const taken = tools.agentRepo && !tools.readOnly ? await takeRunCommits(workspace.git, tools.agentRepo) : undefined;
  const gitNotes = [
    ...(taken?.notes ?? []),
    ...(taken ? await takeWorktreeReposAtEnd(tools.agentRepo!, workspace.root, workspace.toolEnv) : []),
    // Whoever made them (the agent without a sandbox, a sub-agent's series applied): every commit of the run.
    ...(await ownWorkspaceCommits(workspace.git, workspace, commitFacts(run), taken?.scrubbed)),
  ].map(run.redact);
  for (const note of gitNotes) workflow.warning(`gitclaw: ${note}`);
  const unpushed = await closeWorktrees(workspace.root, tools.sandbox.worktrees, workspace.toolEnv).catch(
    (error: Error) => [`the PR worktrees could not be checked: ${error.message}`],
  );
  const notes = unpushed.map(run.redact);
  for (const note of notes) workflow.warning(`gitclaw: PR worktree discarded: ${note}`);
  if (notes.length) session.appendCustom(CUSTOM.worktreesDiscarded, { notes });
  return { unpushed: notes, gitNotes };
}
