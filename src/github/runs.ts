// The GitHub calls about Actions runs: a failed run's jobs and their log tails (trigger mode ci), and the
// workflow runs sub-agents are dispatched as, with their artifacts (runner "actions").
import type { GitHubApi } from "./api.ts";
import { expectStatus, repoPath, GitHubApiError, type Repo } from "./operations.ts";

export interface FailedJob {
  id: number;
  name: string;
  conclusion: string;
}

const JOB_FAILURES = new Set(["failure", "timed_out", "cancelled", "action_required"]);

/** The jobs of a workflow run that did not succeed. */
export async function listFailedJobs(api: GitHubApi, repo: Repo, runId: number): Promise<FailedJob[]> {
  const path = `${repoPath(repo)}/actions/runs/${runId}/jobs?per_page=100`;
  const data = expectStatus(await api.send("GET", path), [200], "workflow-jobs") as {
    jobs: { id: number; name: string; conclusion: string | null }[];
  };
  return data.jobs
    .filter((job) => JOB_FAILURES.has(job.conclusion ?? ""))
    .map((job) => ({ id: job.id, name: job.name, conclusion: job.conclusion ?? "" }));
}

/** CRLF and lone CR become newlines, tabs four spaces: what a terminal would have shown. */
export function normaliseLog(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ");
}

export function tailLines(text: string, count: number): string {
  return text.replace(/\n+$/, "").split("\n").slice(-count).join("\n");
}

/** A job's log (the API redirects to a short-lived download), normalised; undefined when it is gone. */
export async function jobLog(api: GitHubApi, repo: Repo, jobId: number): Promise<string | undefined> {
  const response = await api.send("GET", `${repoPath(repo)}/actions/jobs/${jobId}/logs`);
  if (response.status !== 200) return undefined;
  const data = response.data;
  const text = typeof data === "string" ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : "";
  return normaliseLog(text);
}

/** A workflow run as the sub-agents' Actions runner follows it. */
export interface WorkflowRunState {
  status: string;
  conclusion: string | null;
  htmlUrl: string;
}

/**
 * Starts a workflow_dispatch run of `workflow` (its file name, e.g. gitclaw.yml) on `ref`; with
 * return_run_details GitHub answers with the new run's id (200) rather than nothing (204, older GHES):
 * then the run is started but not named.
 */
export async function startWorkflowRun(
  api: GitHubApi,
  repo: Repo,
  dispatch: { workflow: string; ref: string; inputs: Record<string, string> },
): Promise<{ id: number; htmlUrl: string } | undefined> {
  const path = `${repoPath(repo)}/actions/workflows/${encodeURIComponent(dispatch.workflow)}/dispatches`;
  const body = { ref: dispatch.ref, inputs: dispatch.inputs, return_run_details: true };
  const data = expectStatus(await api.send("POST", path, body), [200, 204], "workflow-dispatch") as {
    workflow_run_id?: number;
    html_url?: string;
  } | null;
  if (typeof data?.workflow_run_id !== "number") return undefined;
  return { id: data.workflow_run_id, htmlUrl: data.html_url ?? "" };
}

/** A workflow_dispatch run whose id the caller must have to follow it (a sub-agent's task). */
export async function dispatchWorkflow(
  api: GitHubApi,
  repo: Repo,
  dispatch: { workflow: string; ref: string; inputs: Record<string, string> },
): Promise<{ id: number; htmlUrl: string }> {
  const run = await startWorkflowRun(api, repo, dispatch);
  if (!run)
    throw new GitHubApiError(
      "the workflow-dispatch API started a run without saying which (no return_run_details): this GitHub is too old for runner actions",
    );
  return run;
}

export async function getWorkflowRun(api: GitHubApi, repo: Repo, runId: number): Promise<WorkflowRunState> {
  const data = expectStatus(
    await api.send("GET", `${repoPath(repo)}/actions/runs/${runId}`),
    [200],
    "workflow-runs",
  ) as {
    status: string;
    conclusion: string | null;
    html_url: string;
  };
  return { status: data.status, conclusion: data.conclusion, htmlUrl: data.html_url };
}

/** Asks GitHub to cancel a run; one already over (409, final: not retried) is left as it is. */
export async function cancelWorkflowRun(api: GitHubApi, repo: Repo, runId: number): Promise<void> {
  const path = `${repoPath(repo)}/actions/runs/${runId}/cancel`;
  expectStatus(await api.send("POST", path, undefined, { retries: 0 }), [202, 409], "workflow-run-cancel");
}

/** The id of the run's artifact called `name`, if it uploaded one. */
export async function findRunArtifact(
  api: GitHubApi,
  repo: Repo,
  runId: number,
  name: string,
): Promise<{ id: number; expired: boolean } | undefined> {
  const path = `${repoPath(repo)}/actions/runs/${runId}/artifacts?name=${encodeURIComponent(name)}&per_page=100`;
  const data = expectStatus(await api.send("GET", path), [200], "workflow-run-artifacts") as {
    artifacts: { id: number; name: string; expired: boolean }[];
  };
  return data.artifacts.find((artifact) => artifact.name === name);
}

/**
 * The repository's newest unexpired artifact named `name` that a run of one of its own branches
 * uploaded: a fork's pull request runs its own workflow code and could upload one by any name.
 */
export async function findNewestArtifact(
  api: GitHubApi,
  repo: Repo,
  name: string,
): Promise<{ id: number; runId: number } | undefined> {
  const path = `${repoPath(repo)}/actions/artifacts?name=${encodeURIComponent(name)}&per_page=10`;
  const data = expectStatus(await api.send("GET", path), [200], "artifacts") as {
    artifacts: {
      id: number;
      name: string;
      expired: boolean;
      workflow_run?: { id?: number; repository_id?: number; head_repository_id?: number } | null;
    }[];
  };
  const own = (run: (typeof data.artifacts)[number]["workflow_run"]) =>
    run?.id !== undefined && run.repository_id !== undefined && run.head_repository_id === run.repository_id;
  const found = data.artifacts.find(
    (artifact) => artifact.name === name && !artifact.expired && own(artifact.workflow_run),
  );
  return found && { id: found.id, runId: found.workflow_run!.id! };
}

/** An artifact's zip (GitHub redirects to a short-lived download URL, which the client follows). */
export async function downloadArtifact(api: GitHubApi, repo: Repo, artifactId: number): Promise<Uint8Array> {
  const data = expectStatus(
    await api.send("GET", `${repoPath(repo)}/actions/artifacts/${artifactId}/zip`),
    [200],
    "artifact-download",
  );
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (data instanceof Uint8Array) return data;
  throw new GitHubApiError("the artifact-download API did not answer with the archive's bytes");
}
