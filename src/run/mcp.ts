// The run's phase for the repository's MCP servers (src/mcp/): the declarations of the default
// branch's commit, the servers started as tool commands (in the sandbox, the workspace as their
// working directory, the tool environment with only what their declaration adds), and what the
// reply says of those that failed. A fork's pull request starts none: their commands would run
// beside the fork's code with the variables tools.env hands them.
import * as workflow from "../actions/log.ts";
import { readDeclarations } from "../mcp/declared.ts";
import { McpServers } from "../mcp/servers.ts";
import { passedVariables } from "../tool-env.ts";
import type { RunAs } from "../tools/types.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import type { TargetedRun } from "./target.ts";
import type { Workspace } from "./workspace.ts";

const NONE = { servers: [], refused: [] };

/** Starts the servers; `ready` on the result settles once each runs or failed (never throws). */
export async function startMcpServers(
  run: TargetedRun,
  workspace: Workspace,
  runAs: RunAs | undefined,
): Promise<McpServers> {
  const { config } = run;
  const declarations = await declaredServers(run, workspace);
  const names = declarations.servers.map((server) => server.name);
  if (names.length) run.log(`gitclaw: starting MCP servers: ${names.join(", ")}`);
  return new McpServers({
    declarations,
    settings: config.mcp,
    passed: passedVariables(run.processEnv, config.tools.env),
    baseEnv: workspace.toolEnv,
    cwd: workspace.root,
    runAs,
  });
}

async function declaredServers(run: TargetedRun, workspace: Workspace) {
  if (!run.config.mcp.enabled) return NONE;
  if (run.target.pull?.fork) {
    run.log("gitclaw: no MCP server starts on a fork's pull request.");
    return NONE;
  }
  try {
    const { commit } = await defaultBranchAt(run, workspace);
    return await readDeclarations(workspace.git, commit, run.config.mcp);
  } catch (error) {
    workflow.warning(`gitclaw: the MCP servers could not be read: ${run.redact((error as Error).message)}`);
    return NONE;
  }
}

/** The reply's note on servers that were refused, failed to start, or stopped during the run. */
export function mcpNotes(run: TargetedRun, servers: McpServers | undefined): string[] {
  const problems = servers?.problems() ?? [];
  for (const problem of problems) workflow.warning(`gitclaw: MCP server ${run.redact(problem)}`);
  if (problems.length === 0) return [];
  return [["> [!WARNING]", "> MCP servers:", ...problems.map((line) => `> - ${run.redact(line)}`)].join("\n")];
}
