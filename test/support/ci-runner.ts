// GitHub Actions' side of a repository's CI, for the emulator: a workflow file of the repository (read
// from origin at the commit, as GitHub reads it) runs on a hosted runner stand-in (./runner/) for a
// workflow_dispatch (`onDispatch`) and, as GitHub does for a push made with an App's or a person's
// token, for a push (`onPush`, fed by the origin served over HTTP, which knows the pushing token; a
// push made with the job's token starts nothing). Its job's log becomes the run's job log, its status the run's,
// so gitclaw's trigger mode "ci" reads a failed run as it would on GitHub.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { Push } from "./git-http.ts";
import type { GitHubEmulator } from "./github-emulator.ts";
import type { RunConclusion } from "./github-emulator/state-actions.ts";
import { loadWorkflow, runJob, type JobRun } from "./runner/job.ts";
import { PROJECT_ROOT } from "./workflow.ts";

export interface CiRun {
  runId: number;
  workflow: string;
  event: "workflow_dispatch" | "push";
  branch: string;
  result: Promise<JobRun>;
}

export interface CiRunner {
  runs: CiRun[];
  /** Resolves once every run started so far has ended. */
  idle(): Promise<void>;
  /** A push to `branch` (made with a token that starts workflows): every workflow of the commit with `on: push` runs. */
  startForPush(branch: string, sha: string): Promise<void>;
  /**
   * For serveGitOverHttp's onPush: as GitHub, a branch pushed with any token but the job's (an App's,
   * a person's) starts its push workflows; one pushed with the job's token starts none.
   */
  onPush(updates: Push[]): Promise<void>;
}

export interface CiRunnerOptions {
  gh: GitHubEmulator;
  /** The bare repository the workflows and the checkout come from. */
  origin: string;
  repository: string;
  /** The CI job's GITHUB_TOKEN. */
  token: string;
  /** Workflow files this runner plays (others, e.g. gitclaw's own, are someone else's). */
  workflows: string[];
}

const conclusionOf = (run: JobRun): RunConclusion =>
  run.skipped ? "skipped" : run.status === "cancelled" ? "cancelled" : run.status === "success" ? "success" : "failure";

async function workflowAt(origin: string, sha: string, file: string): Promise<string | undefined> {
  const shown = await execa("git", ["--git-dir", origin, "show", `${sha}:.github/workflows/${file}`], {
    reject: false,
  });
  return shown.exitCode === 0 ? shown.stdout : undefined;
}

export function playCi(options: CiRunnerOptions): CiRunner {
  const { gh } = options;
  const runs: CiRun[] = [];

  async function play(runId: number, file: string, event: CiRun["event"], branch: string, sha: string) {
    gh.setRunStatus(runId, "in_progress");
    const text = await workflowAt(options.origin, sha, file);
    if (text === undefined) throw new Error(`ci-runner: ${file} is not in ${sha}`);
    const dir = mkdtempSync(join(tmpdir(), `gitclaw-ci-${runId}-`));
    const workflowFile = join(dir, file);
    writeFileSync(workflowFile, text);
    const job = runJob({
      workflowFile,
      actionPath: PROJECT_ROOT,
      eventName: event,
      payload: { ref: `refs/heads/${branch}`, inputs: {}, sender: { login: "alice", type: "User" } },
      origin: options.origin,
      ref: branch,
      workspace: join(dir, "workspace"),
      github: {
        token: options.token,
        repository: options.repository,
        apiUrl: gh.url,
        serverUrl: gh.serverUrl,
        runId: String(runId),
      },
    });
    const run = await job.result;
    const conclusion = conclusionOf(run);
    const jobName = Object.keys(loadWorkflow(workflowFile).jobs)[0] ?? "build";
    gh.setRunStatus(runId, "completed", conclusion, [
      {
        name: jobName,
        status: "completed",
        conclusion: conclusion === "startup_failure" ? "failure" : conclusion,
        log: run.logs,
      },
    ]);
    return run;
  }

  function track(runId: number, file: string, event: CiRun["event"], branch: string, sha: string): void {
    const result = play(runId, file, event, branch, sha).catch((error: Error) => {
      // A run the stand-in could not play failed, as a broken workflow fails on GitHub.
      gh.setRunStatus(runId, "completed", "failure");
      throw error;
    });
    runs.push({ runId, workflow: file, event, branch, result });
  }

  gh.onDispatch((dispatch) => {
    if (!options.workflows.includes(dispatch.workflow)) return;
    const branch = dispatch.ref.replace(/^refs\/heads\//, "");
    track(dispatch.id, dispatch.workflow, "workflow_dispatch", branch, gh.workflowRun(dispatch.id).head_sha);
  });

  const startForPush = async (branch: string, sha: string) => {
    for (const file of options.workflows) {
      const text = await workflowAt(options.origin, sha, file);
      if (!text || !("push" in loadWorkflowText(text).on)) continue;
      const { id } = gh.addWorkflowRun({
        name: file,
        path: `.github/workflows/${file}`,
        headSha: sha,
        headBranch: branch,
        event: "push",
        steps: [{ status: "queued" }],
      });
      track(id, file, "push", branch, sha);
    }
  };

  return {
    runs,
    startForPush,
    async onPush(updates) {
      for (const update of updates) {
        const branch = /^refs\/heads\/(.+)$/.exec(update.ref)?.[1];
        if (branch && !/^0+$/.test(update.new) && gh.tokenKind(update.token) !== "job")
          await startForPush(branch, update.new);
      }
    },
    async idle() {
      for (let seen = -1; seen !== runs.length; ) {
        seen = runs.length;
        await Promise.all(runs.map((run) => run.result));
      }
    },
  };
}

function loadWorkflowText(text: string) {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-ci-parse-"));
  const path = join(dir, "workflow.yml");
  writeFileSync(path, text);
  return loadWorkflow(path);
}
