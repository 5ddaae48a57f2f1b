// GitHub Actions' side of workflow_dispatch, for the emulator: each dispatched run is picked up as a
// hosted runner picks up a job. The job the dispatch's `if:` selects (the workflow's task job) runs
// with its own workspace, no git identity and the token given here (in the tests, one that cannot
// push); actions/upload-artifact zips the folder into the run's artifacts; the run's status follows
// the job; a cancel request cancels the job as the runner does. The emulator's run id is the run's.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { DispatchedRun } from "./github-emulator/seed.ts";
import type { RunConclusion } from "./github-emulator/state-actions.ts";
import type { GitHubEmulator } from "./github-emulator.ts";
import { startWorkflow, type RunContext, type WorkflowRun } from "./workflow.ts";
import { workflowDispatchPayload } from "./payloads.ts";
import { zipFolder } from "./zip.ts";

export interface DispatchRunner {
  /** Every dispatched run, as it went (or goes). */
  runs: { dispatch: DispatchedRun; result: Promise<WorkflowRun> }[];
  /** Resolves once every run dispatched so far has ended. */
  idle(): Promise<void>;
  /** Called with the folder a run is about to upload: a test forging what the artifact holds. */
  beforeUpload?: (path: string) => void;
}

export interface DispatchRunnerOptions {
  gh: GitHubEmulator;
  /** The workflow (file), the job that serves dispatches, and what every job gets: origin, model, secrets. */
  context: Omit<RunContext, "workspace" | "token" | "runId">;
  job: string;
  /** The dispatched job's GITHUB_TOKEN. */
  token: string;
}

export function playDispatchedRuns(options: DispatchRunnerOptions): DispatchRunner {
  const { gh } = options;
  const runs: DispatchRunner["runs"] = [];
  const runner = { runs } as DispatchRunner;
  const cancels = new Map<number, () => void>();
  gh.onCancel((runId) => cancels.get(runId)?.());
  gh.onDispatch((dispatch) => {
    gh.setRunStatus(dispatch.id, "in_progress");
    const workspace = mkdtempSync(join(tmpdir(), `gitclaw-dispatched-${dispatch.id}-`));
    const [owner = "", repo = ""] = options.context.repository.split("/");
    // Sent by the Actions bot: the dispatch was made with a job's token.
    const payload = workflowDispatchPayload({
      owner,
      repo,
      hosts: { apiUrl: gh.url, webUrl: gh.serverUrl },
      inputs: dispatch.inputs,
      ref: dispatch.ref,
      workflow: `.github/workflows/${dispatch.workflow}`,
    });
    const started = startWorkflow(
      {
        ...options.context,
        workspace,
        token: options.token,
        runId: String(dispatch.id),
        job: options.job,
        uploadArtifact: async ({ name, path, retentionDays }) => {
          runner.beforeUpload?.(path);
          gh.addArtifact(dispatch.id, name, zipFolder(path), retentionDays);
        },
      },
      "workflow_dispatch",
      payload,
    );
    cancels.set(dispatch.id, started.cancel);
    const result = started.result.then((run) => {
      const conclusion: RunConclusion = run.skipped
        ? "skipped"
        : run.status === "cancelled"
          ? "cancelled"
          : run.status === "success"
            ? "success"
            : "failure";
      gh.setRunStatus(dispatch.id, "completed", conclusion);
      cancels.delete(dispatch.id);
      return run;
    });
    runs.push({ dispatch, result });
  });
  runner.idle = async () => {
    for (let seen = -1; seen !== runs.length; ) {
      seen = runs.length;
      await Promise.all(runs.map((run) => run.result));
    }
  };
  return runner;
}
