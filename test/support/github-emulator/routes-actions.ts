// GitHub Actions: workflow runs (filtered like GitHub: head_sha, branch, event, status), their jobs,
// and job logs, which GitHub serves as a redirect to a short-lived download URL.
import {
  ApiError,
  field,
  idParam,
  notFound,
  validationFailed,
  type RouteContext,
  type RouteResult,
  type RouteTable,
} from "./http.ts";
import { renderArtifact, renderCheckRun, renderJob, renderWorkflowRun } from "./render-actions.ts";
import type { WorkflowRunRecord } from "./state-actions.ts";
import { fakeSha } from "./state-code.ts";

/** Where the emulator serves job logs; not part of the REST API, so not validated. */
export const JOB_LOGS_PATH = /^\/_logs\/jobs\/(\d+)$/;
/** Where artifact downloads redirect to (GitHub: a short-lived blob storage URL); not part of the REST API. */
export const ARTIFACT_ZIP_PATH = /^\/_artifacts\/(\d+)\.zip$/;

/** workflow_dispatch: `ref` and string `inputs` (at most 25), as GitHub checks them. */
function dispatchInput(context: RouteContext) {
  const { body } = context;
  const ref = field(body, "ref");
  const inputs = field(body, "inputs") ?? {};
  if (typeof ref !== "string" || ref === "")
    throw validationFailed({ resource: "WorkflowDispatch", field: "ref", code: "missing_field" });
  if (typeof inputs !== "object" || inputs === null || Array.isArray(inputs))
    throw validationFailed({ resource: "WorkflowDispatch", field: "inputs", code: "invalid" });
  const entries = Object.entries(inputs);
  if (entries.length > 25 || entries.some(([, value]) => typeof value !== "string"))
    throw new ApiError(422, "inputs: at most 25 properties, each a string");
  return { ref, inputs: Object.fromEntries(entries) as Record<string, string> };
}

/**
 * A workflow file the repository has at the ref but without `on: workflow_dispatch` is refused as
 * GitHub refuses it. (Where origin lacks the file, the test seeded the run's workflow elsewhere.)
 */
function refuseWithoutDispatchTrigger(context: RouteContext, workflow: string, sha: string): void {
  if (!/^[\w.-]+\.ya?ml$/.test(workflow)) return;
  const file = context.state.code.blob(sha, `.github/workflows/${workflow}`);
  if (file && !/^\s*workflow_dispatch\s*:?/m.test(new TextDecoder().decode(file).replace(/[[\],]/g, "\n")))
    throw new ApiError(422, "Workflow does not have 'workflow_dispatch' trigger");
}

/** As GitHub lists a run's pull requests: the open ones of this repository whose head is the run's branch. */
function openPullsOf(context: RouteContext, branch: string): number[] {
  return [...context.state.issues.values()]
    .filter((issue) => issue.pull?.state === "open" && !issue.pull.head.fork && issue.pull.head.ref === branch)
    .map((issue) => issue.number);
}

/** GitHub's list envelope: `{ total_count, <key>: page }`. */
export function page(items: unknown[], key: string, url: URL): RouteResult {
  const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get("per_page")) || 30));
  const pageNumber = Math.max(1, Number(url.searchParams.get("page")) || 1);
  return {
    status: 200,
    body: { total_count: items.length, [key]: items.slice((pageNumber - 1) * perPage, pageNumber * perPage) },
  };
}

function matchesRunFilter(context: RouteContext, run: WorkflowRunRecord): boolean {
  const { query, state } = context;
  const current = state.actions.current(run);
  const status = query.get("status");
  if (
    status &&
    current.status !== status &&
    (current.status !== "completed" || (current.conclusion ?? "success") !== status)
  )
    return false;
  return (
    (!query.get("head_sha") || run.headSha === query.get("head_sha")) &&
    (!query.get("branch") || run.headBranch === query.get("branch")) &&
    (!query.get("event") || run.event === query.get("event"))
  );
}

function runParam(context: RouteContext): WorkflowRunRecord {
  const run = context.state.actions.run(idParam(context, "run_id"));
  if (!run) throw notFound();
  return run;
}

export const actionsRoutes = {
  "GET /repos/{owner}/{repo}/actions/runs": (context) =>
    page(
      context.state.actions
        .visibleRuns()
        .filter((run) => matchesRunFilter(context, run))
        .reverse()
        .map((run) => renderWorkflowRun(context.render, context.state, run)),
      "workflow_runs",
      context.url,
    ),

  "GET /repos/{owner}/{repo}/actions/runs/{run_id}": (context) => ({
    status: 200,
    body: renderWorkflowRun(context.render, context.state, runParam(context)),
  }),

  "GET /repos/{owner}/{repo}/actions/runs/{run_id}/jobs": (context) =>
    page(
      context.state.actions.jobs(runParam(context)).map((job) => renderJob(context.render, job)),
      "jobs",
      context.url,
    ),

  "GET /repos/{owner}/{repo}/actions/jobs/{job_id}/logs": (context) => {
    const job = context.state.actions.job(idParam(context, "job_id"));
    if (job?.log === undefined) throw notFound();
    return { status: 302, headers: { location: `${context.render.apiUrl}/_logs/jobs/${job.id}` } };
  },

  // A workflow run's check suite has the run's id here; its check runs are the run's jobs.
  "GET /repos/{owner}/{repo}/check-suites/{check_suite_id}/check-runs": (context) => {
    const run = context.state.actions.run(idParam(context, "check_suite_id"));
    if (!run) throw notFound();
    return page(
      context.state.actions.jobs(run).map((job) => renderCheckRun(context.render, context.state, job)),
      "check_runs",
      context.url,
    );
  },

  "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches": (context) => {
    const { ref, inputs } = dispatchInput(context);
    const { state, render } = context;
    const branch = ref.replace(/^refs\/heads\//, "");
    // The default branch exists whether or not a test gave it a commit.
    const sha =
      state.code.branchHead(branch) ??
      (branch === state.config.defaultBranch ? fakeSha(`branch ${branch}`) : undefined);
    if (!sha) throw new ApiError(422, `No ref found for: ${ref}`);
    const workflow = context.param("workflow_id");
    refuseWithoutDispatchTrigger(context, workflow, sha);
    const run = state.actions.dispatch({ workflow, ref, inputs }, sha, openPullsOf(context, branch));
    if (!run) throw notFound();
    if (field(context.body, "return_run_details") !== true) return { status: 204 };
    const url = `${render.repoApiUrl}/actions/runs/${run.id}`;
    return {
      status: 200,
      body: { workflow_run_id: run.id, run_url: url, html_url: `${render.repoWebUrl}/actions/runs/${run.id}` },
    };
  },

  "POST /repos/{owner}/{repo}/actions/runs/{run_id}/cancel": (context) => {
    if (!context.state.actions.cancel(runParam(context)))
      throw new ApiError(409, "Cannot cancel a workflow run that is completed.");
    return { status: 202, body: {} };
  },

  "GET /repos/{owner}/{repo}/actions/runs/{run_id}/artifacts": (context) => {
    const run = runParam(context);
    const name = context.query.get("name");
    const artifacts = run.artifacts.filter((artifact) => !name || artifact.name === name);
    return page(
      artifacts.map((artifact) => renderArtifact(context.render, run, artifact)),
      "artifacts",
      context.url,
    );
  },

  // The repository's artifacts, newest first, as GitHub lists them.
  "GET /repos/{owner}/{repo}/actions/artifacts": (context) => {
    const name = context.query.get("name");
    const all = context.state.actions
      .visibleRuns()
      .flatMap((run) => run.artifacts.map((artifact) => ({ run, artifact })))
      .filter(({ artifact }) => !name || artifact.name === name)
      .sort((a, b) => b.artifact.id - a.artifact.id);
    return page(
      all.map(({ run, artifact }) => renderArtifact(context.render, run, artifact)),
      "artifacts",
      context.url,
    );
  },

  "GET /repos/{owner}/{repo}/actions/artifacts/{artifact_id}/{archive_format}": (context) => {
    const found = context.state.actions.artifact(idParam(context, "artifact_id"));
    if (!found || context.param("archive_format") !== "zip") throw notFound();
    if (found.artifact.expired) throw new ApiError(410, "Artifact has expired");
    return { status: 302, headers: { location: `${context.render.apiUrl}/_artifacts/${found.artifact.id}.zip` } };
  },

  "GET /repos/{owner}/{repo}/actions/permissions": ({ state, render }) => {
    const { enabled, allowedActions, shaPinningRequired } = state.actions.settings;
    return {
      status: 200,
      body: {
        enabled,
        ...(enabled ? { allowed_actions: allowedActions, sha_pinning_required: shaPinningRequired } : {}),
        ...(enabled && allowedActions === "selected"
          ? { selected_actions_url: `${render.repoApiUrl}/actions/permissions/selected-actions` }
          : {}),
      },
    };
  },

  "GET /repos/{owner}/{repo}/actions/permissions/workflow": ({ state }) => ({
    status: 200,
    body: {
      default_workflow_permissions: state.actions.settings.defaultWorkflowPermissions,
      can_approve_pull_request_reviews: state.actions.settings.canApprovePullRequestReviews,
    },
  }),
} satisfies RouteTable;
