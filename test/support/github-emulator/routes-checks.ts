// The checks API for check runs a token makes itself (gitclaw's review): create one on a commit,
// update it (status, conclusion, output, annotations appended 50 at a time), list a commit's, and
// list a check run's annotations. Validated as GitHub validates: a known commit, the statuses and
// conclusions it names, an output with title and summary, annotations with their required fields.
import type { components } from "@octokit/openapi-types";
import { field, idParam, notFound, paginate, validationFailed, type RouteContext, type RouteTable } from "./http.ts";
import { nodeId } from "./render.ts";
import { page } from "./routes-actions.ts";
import {
  ANNOTATION_LEVELS,
  CHECK_CONCLUSIONS,
  CHECK_STATUSES,
  type AnnotationRecord,
  type CheckRunRecord,
} from "./state-checks.ts";
import { timestamp } from "./state.ts";

type Schemas = components["schemas"];
export type RestCheckAnnotation = Schemas["check-annotation"];

const invalid = (fieldName: string) => validationFailed({ resource: "CheckRun", code: "invalid", field: fieldName });
const oneOf = <T extends string>(values: readonly T[], value: unknown, name: string): T | undefined => {
  if (value === undefined) return undefined;
  if (!values.includes(value as T)) throw invalid(name);
  return value as T;
};

function renderCheck(context: RouteContext, run: CheckRunRecord) {
  const { render } = context;
  const url = `${render.repoApiUrl}/check-runs/${run.id}`;
  return {
    id: run.id,
    node_id: nodeId("CheckRun", run.id),
    head_sha: run.headSha,
    name: run.name,
    external_id: "",
    url,
    html_url: `${render.repoWebUrl}/runs/${run.id}`,
    details_url: run.detailsUrl ?? `${render.repoWebUrl}/runs/${run.id}`,
    status: run.status,
    conclusion: run.conclusion,
    started_at: run.startedAt,
    completed_at: run.completedAt,
    output: { ...run.output, annotations_count: run.annotations.length, annotations_url: `${url}/annotations` },
    check_suite: { id: run.id + 1_000_000 },
    app: null,
    pull_requests: [],
  };
}

function renderAnnotation(context: RouteContext, run: CheckRunRecord, a: AnnotationRecord): RestCheckAnnotation {
  return {
    path: a.path,
    blob_href: `${context.render.repoWebUrl}/blob/${run.headSha}/${a.path}`,
    start_line: a.startLine,
    end_line: a.endLine,
    start_column: null,
    end_column: null,
    annotation_level: a.level,
    title: a.title ?? null,
    message: a.message,
    raw_details: null,
  };
}

function readAnnotation(value: unknown, index: number): AnnotationRecord {
  const name = (key: string) => `output.annotations[${index}].${key}`;
  const path = field(value, "path");
  const startLine = field(value, "start_line");
  const endLine = field(value, "end_line");
  const message = field(value, "message");
  const title = field(value, "title");
  if (typeof path !== "string" || !path) throw invalid(name("path"));
  if (!Number.isInteger(startLine) || (startLine as number) < 1) throw invalid(name("start_line"));
  if (!Number.isInteger(endLine) || (endLine as number) < (startLine as number)) throw invalid(name("end_line"));
  if (typeof message !== "string" || !message) throw invalid(name("message"));
  if (title !== undefined && typeof title !== "string") throw invalid(name("title"));
  const level = oneOf(ANNOTATION_LEVELS, field(value, "annotation_level"), name("annotation_level"));
  if (!level) throw invalid(name("annotation_level"));
  return { path, startLine: startLine as number, endLine: endLine as number, level, message, title };
}

/** `output`: title and summary are required whenever it is given; annotations at most 50 a request. */
function applyOutput(run: CheckRunRecord, output: unknown): void {
  if (output === undefined) return;
  const title = field(output, "title");
  const summary = field(output, "summary");
  if (typeof title !== "string" || !title) throw invalid("output.title");
  if (typeof summary !== "string" || summary.length > 65_535) throw invalid("output.summary");
  const annotations = field(output, "annotations") ?? [];
  if (!Array.isArray(annotations) || annotations.length > 50) throw invalid("output.annotations");
  const text = field(output, "text");
  run.output = { title, summary, text: typeof text === "string" ? text : run.output.text };
  run.annotations.push(...annotations.map(readAnnotation));
}

/** status and conclusion: a conclusion completes the run; "completed" needs one. */
function applyStatus(run: CheckRunRecord, body: unknown): void {
  const status = oneOf(CHECK_STATUSES, field(body, "status"), "status");
  const conclusion = oneOf(CHECK_CONCLUSIONS, field(body, "conclusion"), "conclusion");
  if (status === "completed" && !conclusion && !run.conclusion) throw invalid("conclusion");
  if (conclusion) {
    run.status = "completed";
    run.conclusion = conclusion;
    run.completedAt =
      typeof field(body, "completed_at") === "string" ? String(field(body, "completed_at")) : timestamp();
  } else if (status) run.status = status;
}

function checkParam(context: RouteContext): CheckRunRecord {
  const run = context.state.checks.run(idParam(context, "check_run_id"));
  if (!run) throw notFound();
  return run;
}

export const checkRoutes = {
  "POST /repos/{owner}/{repo}/check-runs": (context) => {
    const { body, state } = context;
    const name = field(body, "name");
    const headSha = field(body, "head_sha");
    if (typeof name !== "string" || !name)
      throw validationFailed({ resource: "CheckRun", code: "missing_field", field: "name" });
    if (typeof headSha !== "string" || !/^[0-9a-f]{40}$/.test(headSha) || !state.code.hasCommit(headSha))
      throw invalid("head_sha");
    const detailsUrl = field(body, "details_url");
    const run: CheckRunRecord = {
      id: state.nextId(),
      name,
      headSha,
      status: "queued",
      conclusion: null,
      ...(typeof detailsUrl === "string" ? { detailsUrl } : {}),
      startedAt: typeof field(body, "started_at") === "string" ? String(field(body, "started_at")) : timestamp(),
      completedAt: null,
      output: { title: null, summary: null, text: null },
      annotations: [],
      app: state.config.botLogin,
    };
    applyStatus(run, body);
    applyOutput(run, field(body, "output"));
    state.checks.runs.push(run);
    return { status: 201, body: renderCheck(context, run) };
  },

  "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}": (context) => {
    const run = checkParam(context);
    applyStatus(run, context.body);
    applyOutput(run, field(context.body, "output"));
    return { status: 200, body: renderCheck(context, run) };
  },

  // `ref`: a commit, a branch or a tag, as GitHub takes it; `check_name` filters by name.
  "GET /repos/{owner}/{repo}/commits/{ref}/check-runs": (context) => {
    const ref = context.param("ref");
    const sha = /^[0-9a-f]{40}$/.test(ref) ? ref : context.state.code.branchHead(ref);
    if (!sha) throw validationFailed({ resource: "Commit", code: "invalid", field: "ref" });
    const name = context.query.get("check_name");
    const runs = context.state.checks.forCommit(sha).filter((run) => !name || run.name === name);
    return page(
      runs.map((run) => renderCheck(context, run)),
      "check_runs",
      context.url,
    );
  },

  "GET /repos/{owner}/{repo}/check-runs/{check_run_id}/annotations": (context) => {
    const run = checkParam(context);
    return paginate(
      run.annotations.map((annotation) => renderAnnotation(context, run, annotation)),
      context.url,
    );
  },
} satisfies RouteTable;
