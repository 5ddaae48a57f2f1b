// REST representations of GitHub Actions workflow runs and their jobs, in their current scripted state.
import type { components } from "@octokit/openapi-types";
import { nodeId, type Renderer, type RestRepository } from "./render.ts";
import type { EmulatorState } from "./state.ts";
import type { ArtifactRecord, JobView, WorkflowRunRecord } from "./state-actions.ts";

type Schemas = components["schemas"];
// minimal-repository is a subset of the full repository the emulator renders everywhere.
export type RestWorkflowRun = Omit<Schemas["workflow-run"], "id" | "repository" | "head_repository"> & {
  id: number;
  repository: RestRepository;
  head_repository: RestRepository;
};
export type RestJob = Omit<Schemas["job"], "id" | "run_id"> & { id: number; run_id: number };
export type RestCheckRun = Omit<Schemas["check-run"], "id" | "pull_requests" | "check_suite"> & {
  id: number;
  check_suite: { id: number };
  pull_requests: RestPullRequestMinimal[];
};
type RestPullRequestMinimal = {
  id: number;
  number: number;
  url: string;
  head: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
  base: { ref: string; sha: string; repo: { id: number; url: string; name: string } };
};

/** The runs' pull requests as workflow runs and check runs list them: number, head and base, minimal repositories. */
function pullRequestsOf(render: Renderer, state: EmulatorState, run: WorkflowRunRecord): RestPullRequestMinimal[] {
  const repo = { id: state.repoId, url: render.repoApiUrl, name: state.config.repo };
  return run.pullRequests.flatMap((number) => {
    const pull = state.issues.get(number)?.pull;
    if (!pull) return [];
    return [
      {
        id: pull.id,
        number,
        url: `${render.repoApiUrl}/pulls/${number}`,
        head: { ref: pull.head.ref, sha: run.headSha, repo },
        base: { ref: pull.base.ref, sha: pull.base.sha, repo },
      },
    ];
  });
}

export function renderWorkflowRun(render: Renderer, state: EmulatorState, run: WorkflowRunRecord): RestWorkflowRun {
  const current = state.actions.current(run);
  const url = `${render.repoApiUrl}/actions/runs/${run.id}`;
  const commit = state.code.commit(run.headSha);
  const author = { name: commit?.authorName ?? "Test", email: commit?.authorEmail ?? "test@example.com" };
  const repository = render.repository();
  return {
    id: run.id,
    name: run.name,
    node_id: nodeId("WorkflowRun", run.id),
    head_branch: run.headBranch,
    head_sha: run.headSha,
    path: run.path,
    display_title: commit?.message.split("\n")[0] ?? run.name,
    run_number: run.runNumber,
    run_attempt: 1,
    event: run.event,
    status: current.status,
    conclusion: current.status === "completed" ? (current.conclusion ?? "success") : null,
    workflow_id: run.workflowId,
    url,
    html_url: `${render.repoWebUrl}/actions/runs/${run.id}`,
    pull_requests: pullRequestsOf(render, state, run),
    created_at: run.createdAt,
    updated_at: run.createdAt,
    run_started_at: run.createdAt,
    jobs_url: `${url}/jobs`,
    logs_url: `${url}/logs`,
    check_suite_url: `${render.repoApiUrl}/check-suites/${run.id}`,
    artifacts_url: `${url}/artifacts`,
    cancel_url: `${url}/cancel`,
    rerun_url: `${url}/rerun`,
    workflow_url: `${render.repoApiUrl}/actions/workflows/${run.workflowId}`,
    head_commit: {
      id: run.headSha,
      tree_id: run.headSha,
      message: commit?.message ?? run.name,
      timestamp: commit?.date ?? run.createdAt,
      author,
      committer: author,
    },
    repository,
    head_repository: repository,
  };
}

export function renderJob(render: Renderer, job: JobView): RestJob {
  const { run } = job;
  const url = `${render.repoApiUrl}/actions/jobs/${job.id}`;
  const started = job.status !== "queued";
  return {
    id: job.id,
    run_id: run.id,
    run_url: `${render.repoApiUrl}/actions/runs/${run.id}`,
    run_attempt: 1,
    node_id: nodeId("CheckRun", job.id),
    head_sha: run.headSha,
    url,
    html_url: `${render.repoWebUrl}/actions/runs/${run.id}/job/${job.id}`,
    status: job.status,
    conclusion: job.status === "completed" ? (job.conclusion ?? "success") : null,
    created_at: run.createdAt,
    started_at: run.createdAt,
    completed_at: job.status === "completed" ? run.createdAt : null,
    name: job.name,
    steps: [],
    check_run_url: `${render.repoApiUrl}/check-runs/${job.id}`,
    labels: ["ubuntu-latest"],
    runner_id: started ? 1 : null,
    runner_name: started ? "GitHub Actions 1" : null,
    runner_group_id: started ? 1 : null,
    runner_group_name: started ? "GitHub Actions" : null,
    workflow_name: run.name,
    head_branch: run.headBranch,
  };
}

/** A job as the check run GitHub Actions makes of it, in the run's check suite (which has the run's id here). */
export function renderCheckRun(render: Renderer, state: EmulatorState, job: JobView): RestCheckRun {
  const { run } = job;
  const completed = job.status === "completed";
  return {
    id: job.id,
    node_id: nodeId("CheckRun", job.id),
    head_sha: run.headSha,
    name: job.name,
    external_id: String(job.id),
    url: `${render.repoApiUrl}/check-runs/${job.id}`,
    html_url: `${render.repoWebUrl}/actions/runs/${run.id}/job/${job.id}`,
    details_url: `${render.repoWebUrl}/actions/runs/${run.id}/job/${job.id}`,
    status: job.status,
    conclusion: completed ? (job.conclusion ?? "success") : null,
    started_at: run.createdAt,
    completed_at: completed ? run.createdAt : null,
    output: {
      title: job.output?.title ?? null,
      summary: job.output?.summary ?? null,
      text: job.output?.text ?? null,
      annotations_count: 0,
      annotations_url: `${render.repoApiUrl}/check-runs/${job.id}/annotations`,
    },
    check_suite: { id: run.id },
    app: null,
    pull_requests: pullRequestsOf(render, state, run),
  };
}

export function renderArtifact(
  render: Renderer,
  run: WorkflowRunRecord,
  artifact: ArtifactRecord,
): Schemas["artifact"] {
  const url = `${render.repoApiUrl}/actions/artifacts/${artifact.id}`;
  return {
    id: artifact.id,
    node_id: nodeId("Artifact", artifact.id),
    name: artifact.name,
    size_in_bytes: artifact.zip.byteLength,
    url,
    archive_download_url: `${url}/zip`,
    expired: artifact.expired,
    created_at: artifact.createdAt,
    expires_at: artifact.expiresAt,
    updated_at: artifact.createdAt,
    // The emulator's runs are all of this repository's branches (none of a fork's pull request).
    workflow_run: {
      id: run.id,
      repository_id: render.repoId,
      head_repository_id: render.repoId,
      head_branch: run.headBranch,
      head_sha: run.headSha,
    },
  };
}
