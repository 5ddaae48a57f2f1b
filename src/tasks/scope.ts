// What the task tools of one agent work with: the run's orchestrator, who is calling (the run's own
// agent or a sub-agent, whose tasks are its own descendants), and the checkout patches are applied to.
import type { RepositoryAgents } from "../agents/read.ts";
import type { ApplyTarget } from "./apply.ts";
import type { TaskCaller, TaskOrchestrator } from "./orchestrator.ts";
import type { Runner } from "./records.ts";

export interface TaskScope {
  orchestrator: TaskOrchestrator;
  caller: TaskCaller;
  target: ApplyTarget;
  /** The runners `task` may use here, the default first. */
  runners: readonly Runner[];
  /** How long task_apply_git_patch waits for a task still running or exporting its patch. */
  pendingWaitMs: number;
  /** The repository's custom agents a task may run as (src/agents/). */
  agents?: RepositoryAgents;
  /** A `git am` task_apply_git_patch left in progress here: which task, and HEAD before it started. */
  am?: { taskId: string; since: string };
}
