// `task_await`: waits for tasks like Promise.allSettled, up to a timeout (0: their status now).
import { z } from "zod";
import { isFinal, taskIdProblem } from "../records.ts";
import type { TaskScope } from "../scope.ts";
import { ok, type Tool } from "../../tools/types.ts";
import { json, taskView } from "./result.ts";

const Args = z.strictObject({
  task_ids: z.array(z.string()).optional(),
  timeout_secs: z.number().min(0).max(3600).default(600),
});

const DESCRIPTION =
  "Wait for tasks like Promise.allSettled: task_ids (default: those not yet reported to you) until all " +
  "ended or timeout_secs passed (0: status now). Finished ones carry reportMarkdown and artifacts.gitFormatPatch.";

export function createTaskAwaitTool(scope: TaskScope): Tool<typeof Args> {
  return {
    name: "task_await",
    description: DESCRIPTION,
    parameters: Args,
    async execute(args, context) {
      const { orchestrator, caller } = scope;
      const ids = args.task_ids ?? orchestrator.undelivered(caller);
      if (ids.length === 0)
        return ok(
          json({ results: [], note: "No task to wait for: every task you started has ended and was reported to you." }),
        );
      const invalid = ids.flatMap((id) => {
        const problem = taskIdProblem(id);
        return problem ? [{ taskId: id, status: "invalid", error: problem }] : [];
      });
      const valid = ids.filter((id) => taskIdProblem(id) === undefined);
      const records = await orchestrator.wait(caller, valid, args.timeout_secs * 1000, context.signal);
      const results = records.map((record, i) => {
        if (!record) return { taskId: valid[i], status: "not_found" };
        if (isFinal(record.status)) orchestrator.markDelivered(record.taskId);
        return taskView(orchestrator.store, record, Date.now());
      });
      const waiting = results.filter((r) => r.status === "queued" || r.status === "running").length;
      return ok(json({ results: [...results, ...invalid], ...(waiting ? { note: `${waiting} still running.` } : {}) }));
    },
  };
}
