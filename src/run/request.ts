// What a pull request event brings to the conversation besides comments: an inline comment with
// its place in the diff (the hunk capped: an unbounded one made a peer's prompt too long), a review
// with its inline comments, a failed CI run with its log's tail; and what the model must know about
// the pull request it works on. Paths and hunks come from the pull request, which anyone may have
// written: they are quoted (or JSON-escaped), never part of a line gitclaw writes.
import { quoteAsData } from "../text/quote.ts";
import { withoutInvisible } from "../text/invisible.ts";
import type { Trigger } from "../actions/event.ts";
import type { Repo } from "../github/operations.ts";
import { isGhost } from "../github/ghost.ts";
import { listReviewComments } from "../github/pulls.ts";
import type { GitHubApi } from "../github/api.ts";
import type { PromptComment } from "./types.ts";
import type { WorkTarget } from "./types.ts";
import { plural } from "../text/format.ts";

/** The last lines of a diff hunk shown (GitHub's hunk ends at the commented line). */
export const HUNK_LINES = 30;
const HUNK_CHARS = 3_000;

/** The end of `text`: at most `lines` lines and `chars` characters, saying how much was left out. */
export function capTail(text: string, lines: number, chars: number): string {
  const all = text.replace(/\n+$/, "").split("\n");
  let kept = all.slice(-lines).join("\n");
  if (kept.length > chars) kept = kept.slice(-chars).replace(/^[^\n]*\n/, "");
  const dropped = all.length - kept.split("\n").length;
  return dropped > 0 ? `(${plural(dropped, "earlier line")} left out)\n${kept}` : kept;
}

/** Where an inline comment sits: the file (JSON-escaped), the line, and the hunk's end, quoted. */
export function inlineContext(where: { path: string; line?: number; diffHunk: string }): string {
  const line = where.line === undefined ? "" : ` line ${where.line}`;
  return `On ${JSON.stringify(where.path)}${line}, after this diff (quoted):\n${quoteAsData(capTail(where.diffHunk, HUNK_LINES, HUNK_CHARS))}`;
}

const REVIEW_STATES: Record<string, string> = {
  approved: "approved",
  changes_requested: "requested changes on",
  commented: "reviewed",
};

/** The parts a pull request event adds after the pending comments: what it asks for, by its author. */
export async function requestParts(
  api: GitHubApi,
  repo: Repo,
  trigger: Trigger,
  target: WorkTarget,
): Promise<PromptComment[]> {
  const { comment, inline, review } = trigger;
  const pull = target.threadNumber;
  if (inline && comment) {
    const { id, login, body, createdAt } = comment;
    const context = inlineContext(inline);
    const action = `commented on the diff of #${pull}`;
    return [{ id, login, body, createdAt, trusted: !isGhost(login), action, context, source: "review-comment" }];
  }
  if (!review) return [];
  const createdAt = trigger.triggeredAt;
  const action = `${REVIEW_STATES[review.state] ?? "reviewed"} pull request #${pull}`;
  // Passed the gate with the event, unless a deleted account wrote it; its inline comments only if by its author.
  const trusted = !isGhost(review.login);
  const parts: PromptComment[] = [
    { id: review.id, login: review.login, body: review.body, createdAt, trusted, action, source: "review" },
  ];
  for (const c of await listReviewComments(api, repo, pull, review.id)) {
    const context = inlineContext(c);
    parts.push({
      id: c.id,
      login: c.login,
      body: c.body,
      createdAt,
      trusted: trusted && c.login === review.login,
      action: "commented on the diff",
      context,
      url: c.url,
      source: "review-comment",
    });
  }
  return parts;
}

/** Lines for the system instructions about the pull request the run works on. */
export function pullRequestFacts(target: WorkTarget, branch: string): string[] {
  const { pull } = target;
  const facts: string[] = [];
  if (pull) {
    facts.push(`This conversation is on pull request #${pull.number} (${pull.head.ref} into ${pull.base.ref}).`);
    if (pull.fork)
      facts.push(
        `Its head is in the fork ${pull.head.repo}: you work on a copy of it, and what you change is delivered as a patch in your reply, never pushed.`,
      );
    else facts.push(`You work on its head branch ${branch}: what you change is committed and pushed there.`);
    if (pull.movedTo)
      facts.push(`Its head moved on to ${pull.movedTo.slice(0, 12)} after the request: your work is replayed onto it.`);
  }
  if (target.delivers)
    facts.push(
      `Your work goes to a draft pull request for issue #${target.conversationIssue}. When it is complete and ready for review, end your final message with the line ${READY_LINE}.`,
    );
  // Branch names are chosen by whoever opened the pull request, a fork's author too: git allows invisible characters in them.
  return facts.map(withoutInvisible);
}

/** The line that marks the draft pull request ready for review (src/run/deliver.ts). */
export const READY_LINE = "READY FOR REVIEW";
