// `task_terminate`: stops tasks and every task they started, deepest first. Their report says so, and
// commits they made are still exported, so nothing is lost that the parent might want.
import { z } from "zod";
import { taskIdProblem } from "../records.ts";
import type { TaskScope } from "../scope.ts";
import { fail, ok, type Tool } from "../../tools/types.ts";
import { json } from "./result.ts";

const Args = z.strictObject({ task_ids: z.array(z.string()).min(1) });

export function createTaskTerminateTool(scope: TaskScope): Tool<typeof Args> {
  return {
    name: "task_terminate",
    description: "Stop tasks and the tasks they started; commits they made are still exported.",
    parameters: Args,
    async execute(args) {
      const { orchestrator, caller } = scope;
      const mine = new Set(orchestrator.visible(caller).map((record) => record.taskId));
      const unknown = args.task_ids.filter((id) => taskIdProblem(id) !== undefined || !mine.has(id));
      if (unknown.length) return fail(`task_terminate: no task of yours is called ${unknown.join(", ")}.`);
      await orchestrator.terminate(args.task_ids, "terminated by its parent (task_terminate)");
      const results = args.task_ids.map((id) => ({ taskId: id, status: orchestrator.record(id)?.status }));
      return ok(json({ results }));
    },
  };
}
