// `agent_report`: a sub-agent's last word. It ends the task (no further turn starts); its commits are
// then exported for the parent. Refused while the sub-agent's own tasks still run.
import { z } from "zod";
import { TaskError, type TaskOrchestrator } from "../orchestrator.ts";
import { fail, ok, type Tool } from "../../tools/types.ts";

const Args = z.strictObject({
  reportMarkdown: z.string().trim().min(1),
  title: z.string().trim().min(1).max(200).optional(),
});

export function createAgentReportTool(orchestrator: TaskOrchestrator, taskId: string): Tool<typeof Args> {
  return {
    name: "agent_report",
    description:
      "End your task with your report for your parent (Markdown: what you changed and committed, how you checked it, what is left). Call once, after your last commit.",
    parameters: Args,
    async execute(args) {
      try {
        orchestrator.report(taskId, { markdown: args.reportMarkdown, title: args.title });
      } catch (error) {
        if (error instanceof TaskError) return fail(error.message);
        throw error;
      }
      return ok("Report recorded. Your task ends here; your commits go to your parent.");
    },
  };
}
