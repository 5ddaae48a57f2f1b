// Issues, their comments and their events.
import { field, idParam, notFound, paginate, validationFailed, type RouteContext, type RouteTable } from "./http.ts";
import type { CommentRecord, IssueRecord } from "./state.ts";

// GitHub's limit on issue and comment bodies, counted in characters (code points).
const MAX_BODY = 65536;

function issueParam(context: RouteContext): IssueRecord {
  const issue = context.state.issues.get(idParam(context, "issue_number"));
  if (!issue) throw notFound();
  return issue;
}

function commentParam(context: RouteContext): CommentRecord {
  const comment = context.state.comments.get(idParam(context, "comment_id"));
  if (!comment) throw notFound();
  return comment;
}

// The errors GitHub answers for a missing, blank or oversized comment body.
function commentBody(body: unknown): string {
  const text = field(body, "body");
  if (typeof text !== "string")
    throw validationFailed({ resource: "IssueComment", code: "missing_field", field: "body" });
  if (text.trim() === "")
    throw validationFailed({
      resource: "IssueComment",
      code: "unprocessable",
      field: "data",
      message: "Body cannot be blank",
    });
  if ([...text].length > MAX_BODY) {
    throw validationFailed({
      resource: "IssueComment",
      code: "unprocessable",
      field: "data",
      message: `Body is too long (maximum is ${MAX_BODY} characters)`,
    });
  }
  return text;
}

function stringList(value: unknown): string[] {
  if (!Array.isArray(value)) return [];
  // Labels may be given as names or as {name} objects.
  return value
    .map((item) => (typeof item === "string" ? item : field(item, "name")))
    .filter((item): item is string => typeof item === "string");
}

export const issueRoutes = {
  "POST /repos/{owner}/{repo}/issues": ({ body, state, render }) => {
    const title = field(body, "title");
    if (typeof title !== "string" || title.trim() === "")
      throw validationFailed({ resource: "Issue", code: "missing_field", field: "title" });
    const text = field(body, "body");
    if (typeof text === "string" && [...text].length > MAX_BODY) {
      throw validationFailed({
        resource: "Issue",
        code: "unprocessable",
        field: "data",
        message: `Body is too long (maximum is ${MAX_BODY} characters)`,
      });
    }
    const issue = state.createIssue({
      title,
      // GitHub stores an empty body as null.
      body: typeof text === "string" && text !== "" ? text : null,
      author: state.config.botLogin,
      labels: stringList(field(body, "labels")),
      // GitHub silently drops assignees it cannot assign.
      assignees: stringList(field(body, "assignees")).filter((login) => state.user(login)),
    });
    return { status: 201, body: render.issue(issue) };
  },

  "GET /repos/{owner}/{repo}/issues/{issue_number}": (context) => ({
    status: 200,
    body: context.attachments.withBodies(context, context.render.issue(issueParam(context))),
  }),

  "GET /repos/{owner}/{repo}/issues/{issue_number}/comments": (context) => {
    const issue = issueParam(context);
    const since = context.query.get("since");
    const sinceTime = since ? Date.parse(since) : Number.NEGATIVE_INFINITY;
    const comments = [...context.state.comments.values()].filter(
      (comment) => comment.issueNumber === issue.number && Date.parse(comment.updatedAt) >= sinceTime,
    );
    return paginate(
      comments.map((comment) => context.render.comment(comment)),
      context.url,
    );
  },

  "POST /repos/{owner}/{repo}/issues/{issue_number}/comments": (context) => {
    const issue = issueParam(context);
    const comment = context.state.addComment(issue, {
      body: commentBody(context.body),
      author: context.state.config.botLogin,
    });
    return { status: 201, body: context.render.comment(comment) };
  },

  "GET /repos/{owner}/{repo}/issues/comments/{comment_id}": (context) => ({
    status: 200,
    body: context.attachments.withBodies(context, context.render.comment(commentParam(context))),
  }),

  "PATCH /repos/{owner}/{repo}/issues/comments/{comment_id}": (context) => {
    const comment = commentParam(context);
    return { status: 200, body: context.render.comment(context.state.editComment(comment, commentBody(context.body))) };
  },

  "GET /repos/{owner}/{repo}/issues/{issue_number}/events": (context) => {
    const issue = issueParam(context);
    const events = context.state.events.filter((event) => event.issueNumber === issue.number);
    return paginate(
      events.map((event) => context.render.event(event)),
      context.url,
    );
  },
} satisfies RouteTable;
