// What a review leaves on the pull request: ONE review (event COMMENT, never an approval) whose inline
// comments are the findings on lines of the pull request's diff (GitHub refuses a whole review for
// one comment elsewhere, so the others go in its body), the check's output (title, a summary listing
// every finding, an annotation each), and gitclaw's own threads the push fixed, resolved.
import type { CheckAnnotation, CheckConclusion, CheckOutput } from "../github/checks.ts";
import type { GitHubApi } from "../github/api.ts";
import type { Repo } from "../github/operations.ts";
import { createReview, resolveReviewThread, type DiffFile, type ReviewComment } from "../github/pulls.ts";
import { fence } from "../quote.ts";
import { commentableLines } from "../tools/github/diff-lines.ts";
import type { ReviewDiff } from "./diff.ts";
import type { Finding, ReviewAnswer } from "./findings.ts";
import type { ReviewRequest } from "./prompt.ts";
import { plural } from "../github/markdown.ts";

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

/** The check's output: what it concluded, each finding listed, and an annotation per finding. */
export function checkOutput(answer: ReviewAnswer, conclusion: CheckConclusion, reviewUrl?: string): CheckOutput {
  const listed = answer.findings.map((f) => `- \`${where(f)}\` ${headline(f)}`);
  const summary = [
    answer.summary,
    listed.length ? `### Findings\n\n${listed.join("\n")}` : "No findings.",
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
  const count = answer.findings.length;
  const title = count ? `${TITLES[conclusion]}: ${plural(count, "finding")}` : TITLES[conclusion];
  return { title, summary, annotations };
}

/** Resolves the threads the answer says the push fixed, among those the request listed; how many it resolved. */
export async function resolveFixed(
  api: GitHubApi,
  repo: Repo,
  pull: number,
  threads: ReviewRequest["threads"],
  resolved: readonly number[],
): Promise<number> {
  let count = 0;
  for (const { number, comment } of threads)
    if (resolved.includes(number) && (await resolveReviewThread(api, repo, pull, comment.id))) count++;
  return count;
}
