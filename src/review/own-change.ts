import { emptyUsage } from "../session/entries.ts";
import { withChangeCommit } from "../validate/change.ts";
import type { AskReview, OwnChange, ReviewFinding, SelfReview } from "../validate/self-review.ts";
import { readDiff } from "./diff.ts";
import { fails, parseReviewAnswer, type Severity } from "./findings.ts";
import { readReviewGuidance } from "./guidance.ts";
import { reviewInstructions, reviewMessage } from "./prompt.ts";

export async function reviewOwnChange(change: OwnChange, ask: AskReview): Promise<SelfReview> {
  const diff = await withChangeCommit(change.git, change.base, change.mine, async (staged, head) =>
    head ? readDiff(staged, { from: change.base, head, incremental: false }, change.settings.maxDiffChars) : undefined,
  );
  if (!diff) return { findings: [], blocking: [], usage: emptyUsage() };
  const { title, author, guidanceAt } = change;
  const guidance = guidanceAt ? await readReviewGuidance(change.git, guidanceAt).catch(() => undefined) : undefined;
  const message = reviewMessage({
    title,
    body: "",
    author,
    diff,
    threads: [],
    earlier: [],
    ...(guidance ? { guidance } : {}),
  });
  const instructions = reviewInstructions(change.repository, "the change a gitclaw run made, before it is delivered");
  const answer = await ask(instructions, message);
  const parsed = parseReviewAnswer(answer.text);
  if (!parsed.ok) return { findings: [], blocking: [], usage: answer.usage, error: answer.failed ?? parsed.error };
  const findings: ReviewFinding[] = parsed.answer.findings.map(({ path, line, severity, title, body }) => ({
    path,
    line,
    severity,
    title,
    body,
  }));
  const blocking = findings.filter((finding) => fails(finding.severity as Severity, change.settings.failOn));
  return { findings, blocking, usage: answer.usage };
}
