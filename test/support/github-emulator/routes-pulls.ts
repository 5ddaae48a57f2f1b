// Pull requests, their files, review comments and replies in review threads, a review's comments,
// and the issue endpoints pr_create uses to set labels and assignees (a pull request's labels and
// assignees live on its issue).
import { field, idParam, notFound, paginate, validationFailed, type RouteContext, type RouteTable } from "./http.ts";
import {
  isPull,
  matchesPullFilter,
  renderDiffEntry,
  renderPull,
  renderPullSimple,
  renderReviewComment,
  renderReviewCommentOfReview,
  type PullIssue,
} from "./render-pulls.ts";
import { timestamp, type IssueRecord } from "./state.ts";
import { headLabel, threadRoot, type ReviewCommentRecord } from "./state-pulls.ts";

function pullParam(context: RouteContext): PullIssue {
  const issue = context.state.issues.get(idParam(context, "pull_number"));
  if (!isPull(issue)) throw notFound();
  return issue;
}

function issueParam(context: RouteContext): IssueRecord {
  const issue = context.state.issues.get(idParam(context, "issue_number"));
  if (!issue) throw notFound();
  return issue;
}

function pulls(context: RouteContext): PullIssue[] {
  return [...context.state.issues.values()].filter(isPull);
}

/** `names` or `{ [key]: names }`: GitHub accepts both for labels. */
function nameList(body: unknown, key: string): string[] {
  const value = Array.isArray(body) ? body : field(body, key);
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === "string") : [];
}

function createPull(context: RouteContext): PullIssue {
  const { body, state } = context;
  const title = field(body, "title");
  if (typeof title !== "string" || title.trim() === "")
    throw validationFailed({ resource: "PullRequest", code: "missing_field", field: "title" });
  const head = field(body, "head");
  const base = field(body, "base");
  if (typeof head !== "string" || head === "")
    throw validationFailed({ resource: "PullRequest", code: "missing_field", field: "head" });
  if (typeof base !== "string" || base === "")
    throw validationFailed({ resource: "PullRequest", code: "missing_field", field: "base" });
  const [headOwner, headRef] = head.includes(":")
    ? (head.split(":", 2) as [string, string])
    : [state.config.owner, head];
  const headSha =
    headOwner.toLowerCase() === state.config.owner.toLowerCase() ? state.code.branchHead(headRef) : undefined;
  if (!headSha) throw validationFailed({ resource: "PullRequest", code: "invalid", field: "head" });
  const baseSha = state.code.branchHead(base);
  if (!baseSha) throw validationFailed({ resource: "PullRequest", code: "invalid", field: "base" });
  if (headRef === base)
    throw validationFailed({
      resource: "PullRequest",
      code: "custom",
      field: "head",
      message: `No commits between ${base} and ${headRef}`,
    });
  const label = `${state.config.owner}:${headRef}`;
  if (
    pulls(context).some(
      (issue) =>
        issue.pull.state === "open" &&
        headLabel(issue.pull, state.config.owner) === label &&
        issue.pull.base.ref === base,
    )
  ) {
    throw validationFailed({
      resource: "PullRequest",
      code: "custom",
      field: "head",
      message: `A pull request already exists for ${label}.`,
    });
  }
  const text = field(body, "body");
  return state.createIssue({
    title,
    body: typeof text === "string" && text !== "" ? text : null,
    author: state.config.botLogin,
    pull: {
      id: state.nextId(),
      head: { ref: headRef, sha: headSha },
      base: { ref: base, sha: baseSha },
      draft: field(body, "draft") === true,
      state: "open",
      mergedAt: null,
      maintainerCanModify: field(body, "maintainer_can_modify") !== false,
      requestedReviewers: [],
      files: [],
      reviewComments: [],
      reviews: [],
      resolvedThreads: [],
      commits: 1,
    },
  }) as PullIssue;
}

/** A review comment by id, with the pull request it belongs to. */
export function findReviewComment(
  context: Pick<RouteContext, "state">,
  id: number,
): { issue: PullIssue; comment: ReviewCommentRecord } | undefined {
  for (const issue of context.state.issues.values()) {
    if (!isPull(issue)) continue;
    const comment = issue.pull.reviewComments.find((candidate) => candidate.id === id);
    if (comment) return { issue, comment };
  }
  return undefined;
}

function reviewCommentParam(context: RouteContext) {
  const found = findReviewComment(context, idParam(context, "comment_id"));
  if (!found) throw notFound();
  return found;
}

function reviewCommentBody(body: unknown): string {
  const text = field(body, "body");
  if (typeof text !== "string" || text.trim() === "")
    throw validationFailed({ resource: "PullRequestReviewComment", code: "missing_field", field: "body" });
  return text;
}

export const pullRoutes = {
  "GET /repos/{owner}/{repo}/pulls": (context) =>
    paginate(
      pulls(context)
        .filter((issue) => matchesPullFilter(issue, context.state.config.owner, context.query))
        .reverse()
        .map((issue) => renderPullSimple(context.render, context.state, issue)),
      context.url,
    ),

  "POST /repos/{owner}/{repo}/pulls": (context) => ({
    status: 201,
    body: renderPull(context.render, context.state, createPull(context)),
  }),

  "GET /repos/{owner}/{repo}/pulls/{pull_number}": (context) => ({
    status: 200,
    body: renderPull(context.render, context.state, pullParam(context)),
  }),

  "GET /repos/{owner}/{repo}/pulls/{pull_number}/files": (context) => {
    const issue = pullParam(context);
    return paginate(
      issue.pull.files.map((file) => renderDiffEntry(context.render, issue, file)),
      context.url,
    );
  },

  "GET /repos/{owner}/{repo}/pulls/{pull_number}/comments": (context) => {
    const issue = pullParam(context);
    return paginate(
      issue.pull.reviewComments.map((comment) => renderReviewComment(context.render, context.state, issue, comment)),
      context.url,
    );
  },

  // A reply joins the thread of the comment it answers: GitHub threads replies to the first comment.
  "POST /repos/{owner}/{repo}/pulls/{pull_number}/comments/{comment_id}/replies": (context) => {
    const issue = pullParam(context);
    const answered = issue.pull.reviewComments.find((c) => c.id === idParam(context, "comment_id"));
    if (!answered) throw notFound();
    const at = timestamp();
    const reply: ReviewCommentRecord = {
      ...answered,
      id: context.state.nextId(),
      body: reviewCommentBody(context.body),
      author: context.state.config.botLogin,
      createdAt: at,
      updatedAt: at,
      minimizedReason: undefined,
      reviewId: context.state.nextId(),
      inReplyTo: threadRoot(answered),
    };
    issue.pull.reviewComments.push(reply);
    return { status: 201, body: renderReviewComment(context.render, context.state, issue, reply) };
  },

  "GET /repos/{owner}/{repo}/pulls/comments/{comment_id}": (context) => {
    const { issue, comment } = reviewCommentParam(context);
    const rendered = renderReviewComment(context.render, context.state, issue, comment);
    return { status: 200, body: context.attachments.withBodies(context, rendered) };
  },

  "PATCH /repos/{owner}/{repo}/pulls/comments/{comment_id}": (context) => {
    const { issue, comment } = reviewCommentParam(context);
    comment.body = reviewCommentBody(context.body);
    comment.updatedAt = timestamp();
    return { status: 200, body: renderReviewComment(context.render, context.state, issue, comment) };
  },

  "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews/{review_id}/comments": (context) => {
    const issue = pullParam(context);
    const reviewId = idParam(context, "review_id");
    if (!issue.pull.reviews.some((review) => review.id === reviewId)) throw notFound();
    return paginate(
      issue.pull.reviewComments
        .filter((comment) => comment.reviewId === reviewId)
        .map((comment) => renderReviewCommentOfReview(context.render, context.state, issue, comment)),
      context.url,
    );
  },

  "POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers": (context) => {
    const issue = pullParam(context);
    const reviewers = nameList(context.body, "reviewers");
    // GitHub documents this 422 without a body.
    if (reviewers.some((login) => (context.state.user(login)?.permission ?? "none") === "none")) return { status: 422 };
    for (const login of reviewers) {
      const known = context.state.requireUser(login).login;
      if (!issue.pull.requestedReviewers.includes(known)) issue.pull.requestedReviewers.push(known);
    }
    return { status: 201, body: renderPullSimple(context.render, context.state, issue) };
  },

  "POST /repos/{owner}/{repo}/issues/{issue_number}/labels": (context) => {
    const issue = issueParam(context);
    const labels = nameList(context.body, "labels");
    if (labels.length === 0) throw validationFailed({ resource: "Label", code: "missing_field", field: "labels" });
    for (const label of labels) context.state.labelIssue(issue, label, context.state.config.botLogin);
    return { status: 200, body: issue.labels.map((name) => context.render.label(name)) };
  },

  "POST /repos/{owner}/{repo}/issues/{issue_number}/assignees": (context) => {
    const issue = issueParam(context);
    // Like GitHub, users who cannot be assigned are dropped silently.
    for (const login of nameList(context.body, "assignees")) {
      if ((context.state.user(login)?.permission ?? "none") !== "none")
        context.state.assignIssue(issue, login, context.state.config.botLogin);
    }
    return { status: 201, body: context.render.issue(issue) };
  },
} satisfies RouteTable;
