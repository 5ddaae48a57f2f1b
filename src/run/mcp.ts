// The run's phase for the repository's MCP servers (src/mcp/): the declarations of the default
// branch's commit, the servers started as tool commands (in the sandbox, the default branch's files
// as their working directory, the tool environment with only what their declaration adds), and what
// the reply says of those that failed. A fork's pull request starts none: their commands would run
// beside the fork's code with the variables tools.env hands them.
import * as workflow from "../actions/log.ts";
import { realpathSync } from "node:fs";
import { join } from "node:path";
import { readDeclarations, type Declarations } from "../mcp/declared.ts";
import { removeTaskWorktree } from "../git/worktree.ts";
import type { Sandbox } from "../sandbox/sandbox.ts";
import { McpServers } from "../mcp/servers.ts";
import { type Egress, resolverFrom } from "../egress/egress.ts";
import { passedVariables } from "../tool-env.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";
import { callout } from "../github/markdown.ts";

const NONE: Declarations = { servers: [], refused: [] };

/**
 * Starts the servers; `ready` on the result settles once each runs or failed (never throws).
 * `toolEnv` is the tool commands' environment: the servers get it without tools.env's variables,
 * which reach a server only where its declaration names them; `egress` is the run's, whose policy
 * their connections follow.
 */
export async function startMcpServers(
  run: TargetedRun,
  workspace: Workspace,
  sandbox: Sandbox,
  egress: Egress,
  toolEnv: Readonly<Record<string, string>>,
): Promise<McpServers> {
  const { config } = run;
  let declared = await declaredServers(run, workspace);
  const names = declared.servers.map((server) => server.name);
  if (names.length) run.log(`gitclaw: starting MCP servers: ${names.join(", ")}`);
  let root: Awaited<ReturnType<typeof serverRoot>> | undefined;
  try {
    root = names.length && declared.commit ? await serverRoot(workspace, sandbox, declared.commit) : undefined;
  } catch (error) {
    const reason = `the default branch's files could not be checked out for it: ${(error as Error).message}`;
    const refused = declared.servers.map(({ name, from }) => ({ name, from, reason }));
    declared = { servers: [], refused: [...declared.refused, ...refused] };
  }
  return new McpServers({
    declarations: declared,
    settings: config.mcp,
    network: egress.policy,
    resolve: resolverFrom(run.processEnv),
    passed: passedVariables(run.processEnv, config.tools.env),
    baseEnv: Object.fromEntries(Object.entries(toolEnv).filter(([name]) => !config.tools.env.includes(name))),
    cwd: root?.cwd ?? workspace.root,
    runAs: sandbox.isolated ? sandbox : undefined,
    release: root?.release,
  });
}

async function declaredServers(run: TargetedRun, workspace: Workspace): Promise<Declarations & { commit?: string }> {
  if (!run.config.mcp.enabled) return NONE;
  if (run.target.pull?.fork) {
    run.log("gitclaw: no MCP server starts on a fork's pull request.");
    return NONE;
  }
  try {
    const { commit } = await defaultBranchAt(run, workspace);
    return { ...(await readDeclarations(workspace.git, commit, run.config.mcp)), commit };
  } catch (error) {
    workflow.warning(`gitclaw: the MCP servers could not be read: ${run.redact((error as Error).message)}`);
    return NONE;
  }
}

/**
 * Where the servers run: the workspace when it holds the default branch's files (an issue's run),
 * else (a pull request's head) a worktree of the default branch's commit in the run's worktree
 * directory, shared with the tool user, so a relative command never runs a pull request's file.
 */
async function serverRoot(
  workspace: Workspace,
  sandbox: Sandbox,
  commit: string,
): Promise<{ cwd: string; release?: () => Promise<unknown> }> {
  const tree = (rev: string) => workspace.git.must(["rev-parse", `${rev}^{tree}`]);
  if ((await tree("HEAD")) === (await tree(commit))) return { cwd: workspace.root };
  const cwd = join(realpathSync(sandbox.worktrees), "mcp-default-branch");
  await workspace.git.must(["worktree", "add", "-q", "--detach", cwd, commit], { groupWritable: true });
  return { cwd, release: () => removeTaskWorktree(workspace.git, cwd) };
}

/** The reply's note on servers that were refused, failed to start, or stopped during the run. */
export function mcpNotes(run: TargetedRun, servers: McpServers | undefined): string[] {
  const problems = servers?.problems() ?? [];
  for (const problem of problems) workflow.warning(`gitclaw: MCP server ${run.redact(problem)}`);
  if (problems.length === 0) return [];
  return [callout("WARNING", ["MCP servers:", ...problems.map((line) => `- ${run.redact(line)}`)].join("\n"))];
}
