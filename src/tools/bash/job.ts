// The `job` tool: follow background commands started with `bash` `async: true`.
import { z } from "zod";
import { formatCommandResult } from "./command-result.ts";
import { commandLabel, type Job, type JobManager, jobState } from "./job-manager.ts";
import { fail, ok, type Tool } from "../types.ts";

const DEFAULT_WAIT_SECONDS = 30;
const MAX_WAIT_SECONDS = 300;

const jobParameters = z.object({
  list: z.boolean().optional().describe("List the jobs."),
  poll: z.string().optional().describe("Job id: wait for new output or its end."),
  cancel: z.string().optional().describe("Job id to stop."),
  wait: z
    .number()
    .optional()
    .describe(`Seconds poll waits (default ${DEFAULT_WAIT_SECONDS}, max ${MAX_WAIT_SECONDS}).`),
});

const elapsed = (job: Job): string => {
  const ms = (job.outcome?.wallTimeMs ?? Date.now() - job.startedAt) / 1000;
  return `${ms.toFixed(1)}s`;
};

const describeJob = (job: Job): string => {
  const state = jobState(job);
  const exit = state === "failed" && job.outcome?.exitCode !== null ? `, exit code ${job.outcome?.exitCode}` : "";
  return `${job.id} [${state}${exit}, ${elapsed(job)}] ${commandLabel(job.command)}`;
};

export function createJobTool(jobs: JobManager): Tool<typeof jobParameters> {
  return {
    name: "job",
    description:
      "Follow bash async commands: pass one of list, poll or cancel. Jobs still running at the end are killed.",
    parameters: jobParameters,
    async execute({ list, poll, cancel, wait }, context) {
      const actions = [list === true, poll !== undefined, cancel !== undefined].filter(Boolean).length;
      if (actions !== 1) return fail("Pass exactly one of `list: true`, `poll: <job id>` or `cancel: <job id>`.");

      if (list) {
        const all = jobs.list();
        const text = all.length === 0 ? "No background jobs." : all.map(describeJob).join("\n");
        return ok(text, { jobs: all.map((job) => ({ id: job.id, state: jobState(job), command: job.command })) });
      }

      const id = (poll ?? cancel ?? "").trim();
      const known = jobs.get(id);
      if (known === undefined) {
        const ids = jobs.list().map((job) => job.id);
        return fail(
          `No background job ${id}.${ids.length > 0 ? ` Known jobs: ${ids.join(", ")}.` : " No jobs were started."}`,
        );
      }

      if (cancel !== undefined && known.outcome !== undefined) {
        return ok(`Job ${id} had already ended: ${describeJob(known)}`, { id, state: jobState(known) });
      }
      if (cancel !== undefined) await jobs.cancel(id);

      const waitSeconds =
        cancel !== undefined ? 0 : Math.min(MAX_WAIT_SECONDS, Math.max(0, wait ?? DEFAULT_WAIT_SECONDS));
      const { job, view } = await jobs.poll(id, waitSeconds * 1000, context.signal);
      if (job.outcome === undefined || job.capture === undefined) {
        const body = view.text === "" ? "(no new output)" : view.text;
        return ok(`Job ${id} is still running (${elapsed(job)}): ${commandLabel(job.command)}\n\n${body}`, {
          id,
          state: "running",
          totalLines: view.totalLines,
        });
      }
      const report = formatCommandResult({
        view,
        capture: job.capture,
        outcome: job.outcome,
        // The clamp notice was given when the job started.
        timeout: { ...job.timeout, notice: undefined },
        heading: `Job ${id} ${jobState(job)} after ${elapsed(job)}: ${commandLabel(job.command)}`,
      });
      return { ...report, details: { ...report.details, id, state: jobState(job) } };
    },
  };
}
