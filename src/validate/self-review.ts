// The self-review's part of the checks (validate.review): what the review engine found in the run's
// own change (src/review/own-change.ts does the reading), which findings go back to the agent (those
// at review.failOn or worse, once), and what the reply lists of what remains.
import type { Config } from "../config/config.ts";
import type { Git } from "../git/git.ts";
import { callout, codeSpan, inertText } from "../github/markdown.ts";
import type { Usage } from "../session/entries.ts";

export interface ReviewFinding {
  path: string;
  line: number;
  severity: string;
  title: string;
  body: string;
}

export interface SelfReview {
  findings: ReviewFinding[];
  /** The findings at review.failOn or worse. */
  blocking: ReviewFinding[];
  /** The blocking findings went back to the agent (this review is the one after its round). */
  sentBack?: boolean;
  /** Why there is no review (the answer would not parse, the model failed). */
  error?: string;
  /** What the review's model calls cost. */
  usage: Usage;
}

/** Reads the run's change as it now is. */
export type SelfReviewer = () => Promise<SelfReview>;

/** What the review engine reads: the run's change in its checkout, and what it is about. */
export interface OwnChange {
  git: Git;
  base: string;
  /** gitclaw's own files of the run: not under review. */
  mine: (path: string) => boolean;
  repository: string;
  /** The issue's title and who asked, as a pull request's title and author. */
  title: string;
  author: string;
  settings: Config["review"];
  /** The default branch's commit, whose review guidance the review follows. */
  guidanceAt?: string;
}

/** One answer of the model to the review's instructions and message, and what it cost. */
export type AskReview = (
  instructions: string,
  message: string,
) => Promise<{ text: string; usage: Usage; failed?: string }>;

/** The review engine over a run's own change (src/review/own-change.ts), as the agent stage hands it to the run. */
export type ReviewChange = (change: OwnChange, ask: AskReview) => Promise<SelfReview>;

const findingLine = (finding: ReviewFinding) =>
  `${codeSpan(`${finding.path}:${finding.line}`)} **${finding.severity}**: ${inertText(finding.title, 200)}`;

export function reviewRequest(review: SelfReview): string {
  const items = review.blocking.map((finding) => `- ${findingLine(finding)}\n  ${finding.body.replace(/\n/g, "\n  ")}`);
  return [
    "gitclaw reviewed your change before delivering it and found:",
    ...items,
    "Fix these in the change (or, where a finding is wrong, say why in your reply). This is the review's only round.",
  ].join("\n");
}

/** The body of the review on the pull request the work went to: what the self-review still finds. */
export function pullRequestReviewBody(review: SelfReview): string {
  const lines = review.findings.map((finding) => `- ${findingLine(finding)}\n  ${finding.body.replace(/\n/g, "\n  ")}`);
  return [`gitclaw's review of its own change, before delivering it, still finds:`, ...lines].join("\n");
}

/** The reply's list of what the review still finds. */
export function reviewNote(review: SelfReview | undefined): string[] {
  if (!review) return [];
  if (review.error) return [callout("NOTE", `The self-review could not be made: ${review.error}.`)];
  if (review.findings.length === 0) return [];
  const lines = review.findings.map((finding) => `- ${findingLine(finding)}`);
  const kind = review.blocking.length ? "WARNING" : "NOTE";
  const after = review.sentBack ? " after the agent's round to fix them" : "";
  return [callout(kind, `The self-review still finds${after}:\n${lines.join("\n")}`)];
}
