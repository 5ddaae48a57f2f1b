// `task`: starts a sub-agent on one independent part of the work (src/tasks/). In the background it
// returns at once with the task's id; in the foreground it waits for the report.
import { z } from "zod";
import { TaskError } from "../orchestrator.ts";
import { isFinal, RUNNERS } from "../records.ts";
import type { TaskScope } from "../scope.ts";
import { fail, ok, type Tool } from "../../tools/types.ts";
import { json, taskView } from "./result.ts";

const Args = z.strictObject({
  title: z.string().trim().min(1).max(200),
  prompt: z.string().trim().min(1),
  run_in_background: z.boolean().default(false),
  runner: z.enum(RUNNERS).optional(),
});

const DESCRIPTION =
  "Start a sub-agent on an independent part of the work, in its own git worktree at your HEAD commit (not " +
  "your uncommitted edits), with your tools; it commits and reports. prompt: its whole brief (task, context, " +
  "files, acceptance). run_in_background: returns its taskId at once, collect it with task_await. Bring its " +
  "commits in with task_apply_git_patch.";

export function createTaskTool(scope: TaskScope): Tool<typeof Args> {
  const runners =
    scope.runners.length > 1 ? ` runner: ${scope.runners.join(" or ")} (default ${scope.runners[0]}).` : "";
  return {
    name: "task",
    description: `${DESCRIPTION}${runners}`,
    parameters: Args,
    async execute(args, context) {
      const { orchestrator, caller } = scope;
      const runner = args.runner ?? scope.runners[0] ?? "local";
      let record: Awaited<ReturnType<typeof orchestrator.spawn>>;
      try {
        record = await orchestrator.spawn(caller, { title: args.title, prompt: args.prompt, runner });
      } catch (error) {
        if (error instanceof TaskError) return fail(`task: ${error.message}`);
        throw error;
      }
      const details = { taskId: record.taskId, runner };
      if (args.run_in_background) return ok(json({ status: record.status, taskId: record.taskId }), details);
      const [done] = await orchestrator.wait(caller, [record.taskId], Number.POSITIVE_INFINITY, context.signal);
      const view = taskView(orchestrator.store, done ?? record, Date.now());
      if (done && isFinal(done.status)) orchestrator.markDelivered(record.taskId);
      return ok(json(view), details);
    },
  };
}
