// Pull request reviews: one review and its inline comments, accepted or refused whole as GitHub does.
// A comment on a line the diff does not show, or on a file the pull request does not change, fails
// the whole review with GitHub's own 422 sentences, which do not say which comment it was.
import { field, idParam, notFound, paginate, unprocessable, type RouteContext, type RouteTable } from "./http.ts";
import { headSha, isPull, renderReview, type PullIssue } from "./render-pulls.ts";
import { timestamp } from "./state.ts";
import { patchHunks, type DiffSide, type ReviewCommentRecord, type ReviewRecord } from "./state-pulls.ts";

const STATES = { COMMENT: "COMMENTED", REQUEST_CHANGES: "CHANGES_REQUESTED", APPROVE: "APPROVED" } as const;
const OUTSIDE_DIFF =
  "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank";

interface CommentInput {
  path: string;
  line: number;
  side: DiffSide;
  startLine?: number;
  startSide: DiffSide;
  body: string;
}

function pullParam(context: RouteContext): PullIssue {
  const issue = context.state.issues.get(idParam(context, "pull_number"));
  if (!isPull(issue)) throw notFound();
  return issue;
}

const isSide = (value: unknown): value is DiffSide => value === "LEFT" || value === "RIGHT";
const isLine = (value: unknown): value is number => Number.isInteger(value) && (value as number) > 0;

/** One entry of `comments`, in the line/side form (the older `position` form is not emulated). */
function readComment(value: unknown): CommentInput {
  const path = field(value, "path");
  const line = field(value, "line");
  const body = field(value, "body");
  const side = field(value, "side") ?? "RIGHT";
  const startLine = field(value, "start_line");
  const startSide = field(value, "start_side") ?? side;
  if (typeof path !== "string" || typeof body !== "string" || !isLine(line) || !isSide(side) || !isSide(startSide))
    throw unprocessable('Invalid request.\n\n"path", "line" and "body" are required for each comment.');
  if (startLine !== undefined && !isLine(startLine))
    throw unprocessable('Invalid request.\n\n"start_line" must be a positive integer.');
  return { path, line, side, startSide, body, ...(startLine === undefined ? {} : { startLine }) };
}

/** Where in the pull request's diff a comment sits: its diff hunk as GitHub quotes it, or GitHub's refusal. */
function diffHunkOf(issue: PullIssue, comment: CommentInput): string {
  const file = issue.pull.files.find((candidate) => candidate.filename === comment.path);
  if (!file) throw unprocessable("Path could not be resolved");
  const hunks = patchHunks(file.patch ?? "");
  const find = (side: DiffSide, line: number) => {
    for (const [hunk, { lines }] of hunks.entries()) {
      const index = lines.findIndex((entry) => entry[side] === line);
      if (index >= 0) return { hunk, index };
    }
    return undefined;
  };
  const end = find(comment.side, comment.line);
  if (!end) throw unprocessable(OUTSIDE_DIFF);
  if (comment.startLine !== undefined) {
    const start = find(comment.startSide, comment.startLine);
    if (!start || start.hunk !== end.hunk || start.index > end.index)
      throw unprocessable("Pull request review thread start line must be part of the same hunk as the line.");
  }
  return hunks[end.hunk]!.lines.slice(0, end.index + 1)
    .map((entry) => entry.text)
    .join("\n");
}

function createReview(context: RouteContext): { issue: PullIssue; review: ReviewRecord } {
  const { state, body } = context;
  const issue = pullParam(context);
  const event = field(body, "event");
  if (event !== undefined && !(typeof event === "string" && event in STATES))
    throw unprocessable(`Invalid request.\n\n${JSON.stringify(event)} is not a member of the event enum.`);
  // The head now: a same-repository head follows its branch after a push.
  const head = headSha(state, issue.pull);
  const commitId = field(body, "commit_id") ?? head;
  if (commitId !== head) throw unprocessable("Commit is not part of the pull request");
  const text = field(body, "body");
  const list = field(body, "comments") ?? [];
  if (!Array.isArray(list)) throw unprocessable('Invalid request.\n\n"comments" must be an array.');
  const comments = list.map(readComment);
  const author = state.config.botLogin;
  if (event === "REQUEST_CHANGES" && issue.author === author)
    throw unprocessable("Review Can not request changes on your own pull request");
  if (event === "APPROVE" && issue.author === author)
    throw unprocessable("Review Can not approve your own pull request");
  if (event === "REQUEST_CHANGES" && !(typeof text === "string" && text.trim()))
    throw unprocessable("Review body is required when requesting changes");
  const placed = comments.map((comment) => ({ comment, diffHunk: diffHunkOf(issue, comment) }));
  const now = timestamp();
  const review: ReviewRecord = {
    id: state.nextId(),
    author,
    body: typeof text === "string" ? text : "",
    state: event === undefined ? "PENDING" : STATES[event as keyof typeof STATES],
    commitId: head,
    ...(event === undefined ? {} : { submittedAt: now }),
  };
  issue.pull.reviews.push(review);
  for (const { comment, diffHunk } of placed) {
    const { startLine, startSide, ...rest } = comment;
    const record: ReviewCommentRecord = {
      ...rest,
      ...(startLine === undefined ? {} : { startLine, startSide }),
      id: state.nextId(),
      author,
      diffHunk,
      commitId: review.commitId,
      reviewId: review.id,
      createdAt: now,
      updatedAt: now,
    };
    issue.pull.reviewComments.push(record);
  }
  return { issue, review };
}

export const reviewRoutes = {
  "POST /repos/{owner}/{repo}/pulls/{pull_number}/reviews": (context) => {
    const { issue, review } = createReview(context);
    return { status: 200, body: renderReview(context.render, context.state, issue, review) };
  },

  "GET /repos/{owner}/{repo}/pulls/{pull_number}/reviews": (context) => {
    const issue = pullParam(context);
    return paginate(
      issue.pull.reviews.map((review) => renderReview(context.render, context.state, issue, review)),
      context.url,
    );
  },
} satisfies RouteTable;
