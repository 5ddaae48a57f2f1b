// Commit statuses and a pull request's commits, as the approval status (src/approval/) reads and
// writes them. GitHub refuses a status on a commit it does not have, a state outside its four, and a
// description past 140 characters, each with its own words.
import {
  field,
  idParam,
  notFound,
  paginate,
  ApiError,
  validationFailed,
  type RouteContext,
  type RouteTable,
} from "./http.ts";
import { headSha, isPull } from "./render-pulls.ts";
import { renderCombinedStatus, renderPullCommit, renderStatus } from "./render-statuses.ts";
import { timestamp } from "./state.ts";
import { STATUS_STATES, type StatusRecord, type StatusState } from "./state-statuses.ts";

const DESCRIPTION_LIMIT = 140;

/** A ref as the commits endpoints take it: a branch, or a full commit sha the repository has. */
function commitOfRef(context: RouteContext): string {
  const ref = context.param("ref");
  const sha = context.state.code.branchHead(ref) ?? ref;
  if (!/^[0-9a-f]{40}$/.test(sha) || !context.state.code.hasCommit(sha))
    throw new ApiError(422, `No commit found for SHA: ${ref}`);
  return sha;
}

function createStatus(context: RouteContext): StatusRecord {
  const { state, body } = context;
  const sha = context.param("sha");
  if (!/^[0-9a-f]{40}$/.test(sha) || !state.code.hasCommit(sha))
    throw new ApiError(422, `No commit found for SHA: ${sha}`);
  const wanted = field(body, "state");
  if (!(STATUS_STATES as readonly unknown[]).includes(wanted))
    throw validationFailed({
      resource: "Status",
      code: "custom",
      field: "state",
      message: "state is not included in the list",
    });
  const description = field(body, "description");
  if (typeof description === "string" && description.length > DESCRIPTION_LIMIT)
    throw validationFailed({
      resource: "Status",
      code: "custom",
      field: "description",
      message: `description is too long (maximum is ${DESCRIPTION_LIMIT} characters)`,
    });
  const context_ = field(body, "context");
  const targetUrl = field(body, "target_url");
  const record: StatusRecord = {
    id: state.nextId(),
    sha,
    state: wanted as StatusState,
    context: typeof context_ === "string" && context_ ? context_ : "default",
    description: typeof description === "string" ? description : null,
    targetUrl: typeof targetUrl === "string" ? targetUrl : null,
    creator: state.config.botLogin,
    createdAt: timestamp(),
  };
  state.statuses.records.push(record);
  return record;
}

export const statusRoutes = {
  "POST /repos/{owner}/{repo}/statuses/{sha}": (context) => ({
    status: 201,
    body: renderStatus(context.render, createStatus(context)),
  }),

  "GET /repos/{owner}/{repo}/commits/{ref}/status": (context) => {
    const sha = commitOfRef(context);
    return { status: 200, body: renderCombinedStatus(context.render, context.state, sha) };
  },

  "GET /repos/{owner}/{repo}/commits/{ref}/statuses": (context) => {
    const sha = commitOfRef(context);
    const statuses = context.state.statuses.forCommit(sha).map((status) => renderStatus(context.render, status));
    return paginate(statuses, context.url);
  },

  "GET /repos/{owner}/{repo}/pulls/{pull_number}/commits": (context) => {
    const issue = context.state.issues.get(idParam(context, "pull_number"));
    if (!isPull(issue)) throw notFound();
    const commits = context.state.code.commitsOf(issue.pull.base.ref, headSha(context.state, issue.pull));
    return paginate(
      commits.map((commit) => renderPullCommit(context.render, context.state, commit)),
      context.url,
    );
  },
} satisfies RouteTable;
