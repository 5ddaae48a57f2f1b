// CI on gitclaw's work without a new secret. GitHub starts no workflow for a push made with the job's
// token, but it does start one the same token dispatches (workflow_dispatch, `actions: write`). So
// after the run's work landed, each workflow of ci.dispatch is dispatched on the branch it landed
// on, and the reply links the runs. A failed one is then a failed CI run of that branch like any
// other (trigger mode "ci"). With a GitHub App's token (the input app_id) the push itself starts CI,
// so nothing is dispatched. A dispatch that fails is a note in the reply, never a failed run: the
// work is on the branch.
import { startWorkflowRun } from "../github/runs.ts";
import { callout } from "../github/markdown.ts";
import type { Landing } from "./land.ts";
import type { TargetedRun } from "./types.ts";

export interface StartedCi {
  workflow: string;
  /** The run's page, when GitHub named the run (return_run_details). */
  url?: string;
  /** Why it could not be started. */
  error?: string;
}

/** The reply's note on the CI runs started after the push, if any were to be started. */
export async function startCi(run: TargetedRun, landing: Landing): Promise<string[]> {
  const workflows = run.config.ci.dispatch;
  const push = landing.push;
  if (!workflows.length || !push?.landed || landing.changed.length === 0) return [];
  if (run.env.appToken) {
    run.log("gitclaw: ci.dispatch is not needed with a GitHub App's token: its push starts CI itself.");
    return [];
  }
  const started: StartedCi[] = [];
  for (const workflow of workflows) started.push(await dispatchOne(run, workflow, push.branch));
  return [ciNote(started, push.branch)];
}

async function dispatchOne(run: TargetedRun, workflow: string, branch: string): Promise<StartedCi> {
  try {
    const started = await startWorkflowRun(run.api, run.repo, { workflow, ref: branch, inputs: {} });
    run.log(`gitclaw: started ${workflow} on ${branch}${started ? ` (run ${started.id})` : ""}`);
    return { workflow, ...(started?.htmlUrl ? { url: started.htmlUrl } : {}) };
  } catch (error) {
    const said = run.redact((error as Error).message);
    run.log(`gitclaw: could not start ${workflow} on ${branch}: ${said}`);
    return { workflow, error: said };
  }
}

/** One note: the runs started (linked where GitHub named them), and the ones that could not be, with what to change. */
function ciNote(started: StartedCi[], branch: string): string {
  const ran = started.filter((one) => !one.error);
  const failed = started.filter((one) => one.error);
  const lines: string[] = [];
  if (ran.length)
    lines.push(
      `Started CI on \`${branch}\`: ${ran.map((one) => (one.url ? `[${one.workflow}](${one.url})` : `\`${one.workflow}\``)).join(", ")}.`,
    );
  for (const one of failed)
    lines.push(
      `Could not start \`${one.workflow}\` (ci.dispatch): ${one.error}. It needs \`on: workflow_dispatch\`, and this job \`permissions: actions: write\`.`,
    );
  return callout(failed.length ? "WARNING" : "NOTE", lines.join("\n"));
}
