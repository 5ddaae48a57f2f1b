// What a review found, as the model reports it: its final message is one JSON object (the review's
// structured answer), validated here with zod. Real models wrap JSON in a code fence, put a sentence
// before it, or spell a severity in capitals: all of that is read; anything else is a parse error
// the model is shown once (src/review/review.ts), with what was wrong.
import { z } from "zod";
import { FINDING_SEVERITIES, type Config } from "../config/config.ts";
import { describeZodError } from "../zod-errors.ts";

export type Severity = (typeof FINDING_SEVERITIES)[number];

const Finding = z.looseObject({
  path: z.string().trim().min(1),
  line: z.int().positive(),
  start_line: z.int().positive().optional(),
  severity: z.preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.enum(FINDING_SEVERITIES)),
  title: z.string().trim().min(1).max(200),
  body: z.string().trim().min(1),
  /** The lines that replace lines start_line..line of the head, as GitHub's suggested change. */
  suggestion: z.string().optional(),
});
export type Finding = z.infer<typeof Finding>;

export const ReviewAnswer = z.looseObject({
  summary: z.string().trim().min(1),
  findings: z.array(Finding).max(100).default([]),
  /** Numbers of gitclaw's own open threads (as the request listed them) that the new commits fixed. */
  resolved: z.array(z.int().positive()).default([]),
});
export type ReviewAnswer = z.infer<typeof ReviewAnswer>;

/** The answer's shape as the model is told it (src/review/prompt.ts). */
export const ANSWER_SHAPE = `{"summary": "<what the change does and what you found, in a few sentences>",
 "findings": [{"path": "<file>", "line": <line in the new version>, "start_line": <optional first line>,
   "severity": "error" | "warning" | "suggestion", "title": "<one line>", "body": "<why, and what to do>",
   "suggestion": "<optional: the replacement for lines start_line..line>"}],
 "resolved": [<numbers of your earlier threads that the new commits fixed>]}`;

export type ParsedAnswer = { ok: true; answer: ReviewAnswer } | { ok: false; error: string };

/** The review in the model's final text, or what is wrong with it. */
export function parseReviewAnswer(text: string): ParsedAnswer {
  const json = jsonText(text);
  if (json === undefined) return { ok: false, error: "the answer holds no JSON object" };
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    return { ok: false, error: `the JSON does not parse: ${(error as Error).message}` };
  }
  const parsed = ReviewAnswer.safeParse(value);
  if (!parsed.success) return { ok: false, error: describeZodError(parsed.error, "answer", value) };
  return { ok: true, answer: parsed.data };
}

/** The JSON of a text: a fenced block's, else from the first `{` to the last `}`. */
function jsonText(text: string): string | undefined {
  const fenced = /```(?:json)?\s*\n([\s\S]*?)\n\s*```/.exec(text)?.[1];
  if (fenced?.trim().startsWith("{")) return fenced;
  const start = text.indexOf("{");
  const end = text.lastIndexOf("}");
  return start >= 0 && end > start ? text.slice(start, end + 1) : undefined;
}

const rank = (severity: Severity) => FINDING_SEVERITIES.indexOf(severity);

/** Whether a finding of `severity` fails the review under review.failOn. */
export const fails = (severity: Severity, failOn: Config["review"]["failOn"]) =>
  failOn !== "never" && rank(severity) >= rank(failOn);

/** A finding's severity as gitclaw wrote it at the head of its inline comment (`**error**: title`). */
export function headedSeverity(body: string): { severity: Severity; title: string } | undefined {
  const match = /^\*\*(error|warning|suggestion)\*\*: (.*)$/m.exec(body);
  return match ? { severity: match[1] as Severity, title: match[2]!.trim() } : undefined;
}

/**
 * success: nothing found, nothing still open, every file read; failure: a finding (new, or an earlier
 * one still open) of review.failOn's severity or worse; neutral: the rest, and any file left unread.
 */
export function conclusionOf(
  findings: readonly { severity: Severity }[],
  failOn: Config["review"]["failOn"],
  unread = 0,
) {
  if (findings.length === 0) return unread ? ("neutral" as const) : ("success" as const);
  if (findings.some((finding) => fails(finding.severity, failOn))) return "failure" as const;
  return "neutral" as const;
}
