// `task_list`: the caller's tasks (and theirs), one line of JSON each.
import { z } from "zod";
import type { TaskScope } from "../scope.ts";
import { ok, type Tool } from "../../tools/types.ts";
import { json } from "./result.ts";

const Args = z.strictObject({});

export function createTaskListTool(scope: TaskScope): Tool<typeof Args> {
  return {
    name: "task_list",
    description: "List your tasks and theirs: id, title, status, depth, patch.",
    parameters: Args,
    async execute() {
      const tasks = scope.orchestrator.visible(scope.caller).map((record) => ({
        taskId: record.taskId,
        title: record.title,
        status: record.status,
        depth: record.depth,
        runner: record.runner,
        ...(record.parentTaskId ? { parentTaskId: record.parentTaskId } : {}),
        ...(record.gitFormatPatch
          ? { patch: record.gitFormatPatch.appliedAt ? "applied" : record.gitFormatPatch.status }
          : {}),
      }));
      return ok(json({ tasks }));
    },
  };
}
