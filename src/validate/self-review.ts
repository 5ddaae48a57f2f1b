// The self-review's part of the checks (validate.review): what the review engine found in the run's
// own change (src/review/own-change.ts does the reading), which findings go back to the agent (those
// at review.failOn or worse, once), and what the reply lists of what remains.
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
