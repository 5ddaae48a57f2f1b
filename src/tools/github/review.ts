// pr_review: one review of a pull request, its inline comments submitted together, as a person
// submits a review on GitHub. It comments or requests changes and never approves: approving is a
// person's decision. GitHub refuses a whole review for one comment outside the diff without saying
// which one it was, so every comment is checked against the pull request's patches before the review
// is sent, and a refusal names the comment and the lines it could take.
import { octokitApi } from "../../github/api.ts";
import {
  createReview,
  getPullRequest,
  listPullRequestFiles,
  type DiffFile,
  type DiffSide,
  type ReviewComment,
} from "../../github/pulls.ts";
import { fence } from "../../text/quote.ts";
import type { InlineComment, GitHubArgs } from "./args.ts";
import type { OpContext, PlannedCall } from "./context.ts";
import { commentableLines, describeCommentable, lineRanges, type CommentableLines } from "./diff-lines.ts";
import { ToolFailure, ValidationError } from "../../errors.ts";
import { repoName } from "./validate.ts";
import { prNumber } from "./views.ts";
import { COMMENT_LIMIT } from "../../github/markdown.ts";
import { plural } from "../../text/format.ts";

/** Inline comments in one review: more is a sign of a runaway loop, and GitHub's limits are undocumented. */
const MAX_INLINE = 100;
/** Changed files named when a comment's path is not among them. */
const FILES_SHOWN = 20;

type Event = "COMMENT" | "REQUEST_CHANGES";

/** `suggestion` as GitHub's suggested-change block: the lines that replace the commented ones. */
const suggestionBlock = (suggestion: string) => fence(suggestion.replace(/\r?\n$/, ""), "suggestion");

const where = (c: ReviewComment) =>
  `${c.path}:${c.start_line === undefined ? "" : `${c.start_line}-`}${c.line} (${c.side})`;

/** An inline comment as GitHub takes it, or the reason it makes no sense without looking at the diff. */
function readInline(comment: InlineComment, index: number): ReviewComment {
  const name = `inline[${index}] (${comment.path}:${comment.line})`;
  const path = comment.path.trim().replace(/^\.?\//, "");
  if (!path) throw new ValidationError(`${name} needs path: the file, relative to the repository root`);
  const side = comment.side ?? "RIGHT";
  const startSide = comment.start_side ?? side;
  if (comment.start_side !== undefined && comment.start_line === undefined)
    throw new ValidationError(`${name}: start_side needs start_line, the first line of the range`);
  if (comment.start_line !== undefined && startSide === side && comment.start_line >= comment.line)
    throw new ValidationError(`${name}: start_line (${comment.start_line}) must come before line (${comment.line})`);
  const text = comment.body?.trim() ?? "";
  if (comment.suggestion !== undefined && (side !== "RIGHT" || startSide !== "RIGHT"))
    throw new ValidationError(`${name}: a suggestion replaces lines of the pull request's version: use side RIGHT`);
  const body =
    comment.suggestion === undefined ? text : [text, suggestionBlock(comment.suggestion)].join("\n\n").trim();
  if (!body) throw new ValidationError(`${name} needs body (or suggestion): what to say about the line`);
  if ([...body].length > COMMENT_LIMIT)
    throw new ValidationError(`${name}: the body is ${[...body].length} characters; GitHub allows ${COMMENT_LIMIT}`);
  const range = comment.start_line === undefined ? {} : { start_line: comment.start_line, start_side: startSide };
  return { path, line: comment.line, side, ...range, body };
}

function readEvent(event: GitHubArgs["event"]): Event {
  if (event === "APPROVE")
    throw new ValidationError(
      "pr_review never approves: approving a pull request is left to a person. Use event COMMENT or REQUEST_CHANGES.",
    );
  return event ?? "COMMENT";
}

export function planPrReview(args: GitHubArgs, context: OpContext): PlannedCall {
  const { repo, number } = prNumber(args, context, "pr_review");
  const event = readEvent(args.event);
  const body = args.body?.trim() ?? "";
  const inline = args.inline ?? [];
  if (inline.length > MAX_INLINE)
    throw new ValidationError(`pr_review takes at most ${MAX_INLINE} inline comments; ${inline.length} were given`);
  const comments = inline.map(readInline);
  if (event === "REQUEST_CHANGES" && !body)
    throw new ValidationError("pr_review with event REQUEST_CHANGES needs body: what must change, in a sentence");
  if (!body && comments.length === 0) throw new ValidationError("pr_review needs body, inline comments, or both");
  if ([...body].length > COMMENT_LIMIT)
    throw new ValidationError(`the review body is ${[...body].length} characters; GitHub allows ${COMMENT_LIMIT}`);
  const { tool } = context;
  return {
    target: repo,
    narrow: "the confirmation is unusually long",
    async run(out) {
      const api = octokitApi(context.github);
      const request = { signal: tool.signal };
      const pr = await getPullRequest(api, repo, number, request);
      const files = comments.length ? await listPullRequestFiles(api, repo, number, request) : [];
      const problems = misplaced(comments, files, number);
      if (problems.length) throw new ToolFailure(refusal(problems, comments.length, number));
      // Whatever the model writes goes public: known secrets are removed first.
      const review = await createReview(
        api,
        repo,
        number,
        {
          commitId: pr.head.sha,
          event,
          body: tool.redact(body),
          comments: comments.map((comment) => ({ ...comment, body: tool.redact(comment.body) })),
        },
        request,
      );
      const count = plural(comments.length, "inline comment");
      out.line(`# Reviewed PR #${number} (${event}) with ${count}`);
      out.line(`- ${review.htmlUrl}`);
      out.line(`- at ${pr.head.sha.slice(0, 12)}`);
      for (const comment of comments) out.line(`- ${where(comment)}`);
      return {
        repo: repoName(repo),
        number,
        reviewId: review.id,
        url: review.htmlUrl,
        event,
        comments: comments.length,
      };
    },
  };
}

function refusal(problems: string[], total: number, number: number): string {
  const which = problems.length === 1 ? "one inline comment is" : `${problems.length} inline comments are`;
  return [
    `no review was posted: ${which} not on lines of PR #${number}'s diff, and GitHub refuses the whole review ` +
      `for one (${total} given). Move or drop ${problems.length === 1 ? "it" : "them"}, or say it in body:`,
    ...problems.map((problem) => `- ${problem}`),
  ].join("\n");
}

/** For each comment GitHub would refuse: which one, and where it could go instead. */
function misplaced(comments: ReviewComment[], files: DiffFile[], number: number): string[] {
  const byPath = new Map(files.map((file) => [file.filename, file]));
  const lines = new Map<string, CommentableLines>();
  const problems: string[] = [];
  for (const [index, comment] of comments.entries()) {
    const name = `inline[${index}] ${where(comment)}`;
    const file = byPath.get(comment.path);
    if (!file) {
      problems.push(`${name}: ${notChanged(comment.path, files, number)}`);
      continue;
    }
    if (file.patch === undefined) {
      problems.push(
        `${name}: GitHub shows no diff for ${file.filename} (binary or too large), so no line takes a comment`,
      );
      continue;
    }
    const commentable = lines.get(file.filename) ?? commentableLines(file.patch);
    lines.set(file.filename, commentable);
    const problem = outsideHunks(comment, commentable);
    if (problem)
      problems.push(`${name}: ${problem}; commentable lines of ${file.filename}: ${describeCommentable(commentable)}`);
  }
  return problems;
}

function notChanged(path: string, files: DiffFile[], number: number): string {
  const renamed = files.find((file) => file.previousFilename === path);
  if (renamed) return `${path} was renamed to ${renamed.filename}; comment on ${renamed.filename}`;
  const shown = files.slice(0, FILES_SHOWN).map((file) => file.filename);
  const more = files.length > FILES_SHOWN ? `, and ${files.length - FILES_SHOWN} more (pr_diff lists them)` : "";
  return `PR #${number} does not change ${path}; it changes ${shown.join(", ") || "no files"}${more}`;
}

/** Why a comment's line (or range) is not where GitHub takes one, or undefined when it is. */
function outsideHunks(comment: ReviewComment, lines: CommentableLines): string | undefined {
  const hunk = lines[comment.side].get(comment.line);
  if (hunk === undefined) return `line ${comment.line} (${comment.side}) is outside the diff`;
  if (comment.start_line === undefined) return undefined;
  const startSide: DiffSide = comment.start_side ?? comment.side;
  const startHunk = lines[startSide].get(comment.start_line);
  if (startHunk === hunk) return undefined;
  const sameHunk = [...lines[comment.side]].filter(([, h]) => h === hunk).map(([line]) => line);
  return startHunk === undefined
    ? `start_line ${comment.start_line} (${startSide}) is outside the diff`
    : `start_line ${comment.start_line} and line ${comment.line} are in different hunks; a range stays in one ` +
        `(line ${comment.line}'s hunk: ${comment.side} ${lineRanges(sameHunk)})`;
}
