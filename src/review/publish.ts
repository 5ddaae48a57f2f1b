// What a review leaves on the pull request: ONE review (event COMMENT, never an approval) whose inline
// comments are the findings on lines of the pull request's diff (GitHub refuses a whole review for
// one comment elsewhere, so the others go in its body), the check's output (title, a summary listing
// every finding, an annotation each), and gitclaw's own threads the push fixed, resolved.
import type { CheckAnnotation, CheckConclusion, CheckOutput } from "../github/checks.ts";
import type { GitHubApi } from "../github/api.ts";
import type { Repo } from "../github/operations.ts";
import { createReview, type DiffFile, type ReviewComment } from "../github/pulls.ts";
import { fence } from "../text/quote.ts";
import { commentableLines } from "../tools/github/diff-lines.ts";
import type { ReviewDiff, UnreadFile } from "./diff.ts";
import type { Finding, ReviewAnswer } from "./findings.ts";
import type { OpenFinding } from "./outstanding.ts";
import { plural } from "../text/format.ts";

const LEVEL: Record<Finding["severity"], CheckAnnotation["level"]> = {
  error: "failure",
  warning: "warning",
  suggestion: "notice",
};

const TITLES: Record<CheckConclusion, string> = {
  success: "No findings",
  neutral: "Suggestions only",
  failure: "Findings to fix",
};

const where = (f: Finding) => `${f.path}:${f.start_line ? `${f.start_line}-` : ""}${f.line}`;
const headline = (f: Finding) => `**${f.severity}**: ${f.title}`;

/** The findings GitHub takes as inline comments (on lines of the pull request's diff), and the rest. */
export function placeFindings(findings: readonly Finding[], files: readonly DiffFile[]) {
  const patches = new Map(files.flatMap((file) => (file.patch ? [[file.filename, commentableLines(file.patch)]] : [])));
  const inline: ReviewComment[] = [];
  const elsewhere: Finding[] = [];
  for (const finding of findings) {
    const lines = patches.get(finding.path)?.RIGHT;
    const hunk = lines?.get(finding.line);
    const start =
      finding.start_line !== undefined && finding.start_line < finding.line ? finding.start_line : undefined;
    if (hunk === undefined || (start !== undefined && lines?.get(start) !== hunk)) {
      elsewhere.push(finding);
      continue;
    }
    const suggestion =
      finding.suggestion === undefined ? [] : [fence(finding.suggestion.replace(/\r?\n$/, ""), "suggestion")];
    const body = [headline(finding), finding.body, ...suggestion].join("\n\n");
    inline.push({
      path: finding.path,
      line: finding.line,
      side: "RIGHT",
      ...(start ? { start_line: start, start_side: "RIGHT" } : {}),
      body,
    });
  }
  return { inline, elsewhere };
}

/** The review's body: the summary, what changed since the last review, the findings that could not go inline. */
export function reviewBody(answer: ReviewAnswer, elsewhere: readonly Finding[], diff: ReviewDiff): string {
  const scope = diff.incremental
    ? `Reviewed the commits since ${diff.from.slice(0, 12)} (up to ${diff.head.slice(0, 12)}).`
    : `Reviewed ${diff.head.slice(0, 12)}.`;
  const outside = elsewhere.map((f) => `- \`${where(f)}\` ${headline(f)}\n\n  ${f.body.replace(/\n/g, "\n  ")}`);
  const parts = [answer.summary, scope];
  if (outside.length) parts.push(`Findings outside the diff's lines:\n\n${outside.join("\n")}`);
  return parts.join("\n\n");
}

export async function postReview(
  api: GitHubApi,
  repo: Repo,
  pull: number,
  review: { head: string; body: string; inline: ReviewComment[]; redact: (text: string) => string },
): Promise<string> {
  const { redact } = review;
  const comments = review.inline.map((comment) => ({ ...comment, body: redact(comment.body) }));
  const posted = await createReview(api, repo, pull, {
    commitId: review.head,
    event: "COMMENT",
    body: redact(review.body),
    comments,
  });
  return posted.htmlUrl;
}

/** What the check accounts for besides the new findings. */
export interface Outstanding {
  /** gitclaw's earlier findings still open. */
  stillOpen: readonly OpenFinding[];
  /** Files of the pull request no review has shown the model, with why. */
  unread: readonly UnreadFile[];
}

/** The check's output: what it concluded, each finding listed (new and still open), unread files, an annotation per new finding. */
export function checkOutput(
  answer: ReviewAnswer,
  conclusion: CheckConclusion,
  outstanding: Outstanding,
  reviewUrl?: string,
): CheckOutput {
  const { stillOpen, unread } = outstanding;
  const listed = answer.findings.map((f) => `- \`${where(f)}\` ${headline(f)}`);
  const open = stillOpen.map((f) => `- \`${f.path}:${f.line ?? "?"}\` **${f.severity}**: ${f.title}`);
  const summary = [
    answer.summary,
    listed.length ? `### Findings\n\n${listed.join("\n")}` : "No findings.",
    ...(open.length ? [`Still open from earlier reviews:\n\n${open.join("\n")}`] : []),
    ...(unread.length
      ? [
          `Not read by any review (a person must read them):\n\n${unread.map((f) => `- \`${f.path}\` (${f.why})`).join("\n")}`,
        ]
      : []),
    ...(reviewUrl ? [`[The review](${reviewUrl})`] : []),
  ].join("\n\n");
  const annotations = answer.findings.map((f) => ({
    path: f.path,
    startLine: f.start_line && f.start_line < f.line ? f.start_line : f.line,
    endLine: f.line,
    level: LEVEL[f.severity],
    title: f.title,
    message: f.body,
  }));
  return { title: checkTitle(conclusion, answer.findings.length, outstanding), summary, annotations };
}

/** "Findings to fix: 2 findings, 1 still open", "Not all read: 1 file not shown to the model", "No findings". */
function checkTitle(conclusion: CheckConclusion, count: number, { stillOpen, unread }: Outstanding): string {
  const open = stillOpen.length;
  if (count + open === 0)
    return unread.length ? `Not all read: ${plural(unread.length, "file")} not shown to the model` : TITLES[conclusion];
  const counted = [
    ...(count ? [plural(count, "finding")] : []),
    ...(open ? [count ? `${open} still open` : `${plural(open, "finding")} still open`] : []),
  ];
  return `${TITLES[conclusion]}: ${counted.join(", ")}`;
}
