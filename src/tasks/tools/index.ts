// The task tools an agent gets to start, await, integrate, list and stop sub-agents (src/tasks/); a
// sub-agent also gets `commit` and `agent_report` (./commit.ts, ./agent-report.ts).
import type { TaskScope } from "../scope.ts";
import type { Tool } from "../../tools/types.ts";
import { createTaskApplyGitPatchTool } from "./task-apply-git-patch.ts";
import { createTaskAwaitTool } from "./task-await.ts";
import { createTaskListTool } from "./task-list.ts";
import { createTaskTerminateTool } from "./task-terminate.ts";
import { createTaskTool } from "./task.ts";

export function createTaskTools(scope: TaskScope): Tool[] {
  return [
    createTaskTool(scope),
    createTaskAwaitTool(scope),
    createTaskApplyGitPatchTool(scope),
    createTaskListTool(scope),
    createTaskTerminateTool(scope),
  ] as Tool[];
}
