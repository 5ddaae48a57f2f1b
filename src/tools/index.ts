// The agent's tool set: bash (with background jobs), job, read, write, edit and github, configured by
// the orchestrator. `dispose` must run when the run ends: it kills background jobs still running.
import { createBashTool } from "./bash/bash.ts";
import { createEditTool } from "./files/edit.ts";
import { createGitHubTool, type GitHubToolOptions } from "./github/index.ts";
import { createJobTool } from "./bash/job.ts";
import { JobManager } from "./bash/job-manager.ts";
import { createReadTool } from "./files/read.ts";
import type { Tool } from "./types.ts";
import { createWriteTool } from "./files/write.ts";

import { TOOL_NAMES, type ToolName } from "./names.ts";

export { TOOL_NAMES, type ToolName } from "./names.ts";

export interface ToolsOptions {
  /** Blocks shell commands that read/edit/write do better. Off by default. */
  interceptor?: { enabled: boolean };
  /** Glob-like path prefixes write and edit refuse, e.g. ".github/workflows/". None by default. */
  protectedPaths?: string[];
  /** Tools to offer (default: all of TOOL_NAMES; `github` only when `github` options are given). */
  enabled?: string[];
  /** The GitHub client, repository and policy for the github tool. */
  github?: GitHubToolOptions;
}

export interface ToolSet {
  tools: Tool[];
  /** Kills running background jobs; one note per killed job, for the session record. */
  dispose(): Promise<string[]>;
}

export function createTools(options: ToolsOptions = {}): ToolSet {
  const enabled = new Set<string>(options.enabled ?? TOOL_NAMES);
  // Without a client there is no github tool to offer (e.g. tools used outside a run).
  if (!options.github) enabled.delete("github");
  const unknown = [...enabled].filter((name) => !(TOOL_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0)
    throw new Error(`Unknown tool names: ${unknown.join(", ")} (known: ${TOOL_NAMES.join(", ")})`);

  const jobs = new JobManager();
  const protectedPaths = options.protectedPaths ?? [];
  const factories: Record<ToolName, () => Tool> = {
    bash: () => createBashTool({ jobs, enabledTools: enabled, interceptor: options.interceptor ?? { enabled: false } }),
    job: () => createJobTool(jobs),
    read: () => createReadTool(),
    write: () => createWriteTool({ protectedPaths }),
    edit: () => createEditTool({ protectedPaths }),
    github: () => createGitHubTool(options.github!),
  };
  return {
    tools: TOOL_NAMES.filter((name) => enabled.has(name)).map((name) => factories[name]()),
    dispose: () => jobs.dispose(),
  };
}
