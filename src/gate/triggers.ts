// Which events start the agent: every new issue (gitclaw's default), an @mention of a handle, a label,
// or assignment to a user, as the configuration's `trigger` section says (src/config/config.ts). On
// pull requests the same modes apply to their comments, inline review comments and reviews, except
// that `issue` mode answers every comment only on the pull requests gitclaw opened for an issue (they
// continue its conversation) and, on others, what mentions trigger.mention; a review requesting
// changes on gitclaw's pull request starts a run without a mention (trigger.changesRequested); and
// `ci` answers a failed CI run of gitclaw's own branch; a comment of only `/approve <sha>` starts nothing
// (it is an approval, src/approval/). `review` reviews a pull request when it is
// opened, pushed to or marked ready (drafts wait unless review.drafts), and on `@gitclaw review`.
import { GITCLAW_BRANCH_PREFIX } from "../git/branch-names.ts";
import type { Config, TRIGGER_MODES } from "../config/config.ts";
import type { Trigger } from "../actions/event.ts";
import { onlyApproves } from "../approval/command.ts";

export type TriggerMode = (typeof TRIGGER_MODES)[number];

export type TriggerPolicy = Config["trigger"];

/** The pull-request events an automatic review answers, on `pull_request` and `pull_request_target` alike. */
export const REVIEW_ACTIONS = ["opened", "synchronize", "ready_for_review"] as const;

/** What of an event the trigger modes look at. */
export type TriggerEvent = Pick<
  Trigger,
  | "eventName"
  | "action"
  | "title"
  | "body"
  | "labels"
  | "assignees"
  | "label"
  | "assignee"
  | "comment"
  | "pullRequest"
  | "review"
  | "ci"
>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word-boundary match of the handle: `@gitclaw,` counts, `@gitclaw-bot` and `me@gitclaw.dev` do not. */
export function mentions(text: string, handle: string): boolean {
  return new RegExp(`(^|\\s)${escapeRegExp(handle)}(?=[\\s.,!?;:)]|$)`, "i").test(text);
}

/**
 * The event's texts as a mention counts in them: without block quotes and code (src/text/quoted.ts),
 * where a handle is quoted or shown, not called; a quote reply carries the handle of the comment
 * it quotes. For the trigger check only: the run gets the texts as written. The Markdown parser
 * loads only when a text names the handle at all.
 */
export async function asMentioned<T extends TriggerEvent>(event: T, handle: string): Promise<T> {
  const { title, body, comment, review } = event;
  if (![title, body, comment?.body, review?.body].some((text) => text !== undefined && mentions(text, handle)))
    return event;
  const { unquotedProse: prose } = await import("../text/quoted.ts");
  return {
    ...event,
    title: prose(title),
    body: prose(body),
    comment: comment && { ...comment, body: prose(comment.body) },
    review: review && { ...review, body: prose(review.body) },
  };
}

/** A pull request opened, pushed to or marked ready: what trigger mode "review" answers without being asked. */
export function isAutomaticReview(event: Pick<TriggerEvent, "eventName" | "action">): boolean {
  const pullEvent = event.eventName === "pull_request" || event.eventName === "pull_request_target";
  return pullEvent && (REVIEW_ACTIONS as readonly string[]).includes(event.action);
}

/**
 * A line `@gitclaw review` (nothing else on it) in a comment on a pull request: a review asked for.
 * "@gitclaw review the error handling" is a request to the agent, answered as any comment.
 */
export function isReviewRequest(event: TriggerEvent, handle: string): boolean {
  if (event.eventName !== "issue_comment" || !event.pullRequest || !event.comment) return false;
  return new RegExp(`^[ \\t]*${escapeRegExp(handle)}[ \\t]+review[ \\t]*[.!]?[ \\t]*$`, "im").test(event.comment.body);
}

/** Whether the run is a review (src/review/): an automatic one or one asked for, with trigger mode "review" on. */
export function isReviewRun(event: TriggerEvent, policy: TriggerPolicy): boolean {
  if (!policy.modes.includes("review")) return false;
  return isAutomaticReview(event) || isReviewRequest(event, policy.mention);
}

/** Why this event starts a run, or undefined when it does not; `review`: the configuration's review section. */
export function triggerReason(
  event: TriggerEvent,
  policy: TriggerPolicy,
  review?: Pick<Config["review"], "drafts">,
): string | undefined {
  if (isReviewRun(event, policy)) return reviewReason(event, review?.drafts ?? false);
  if (event.pullRequest) return pullRequestReason(event, policy);
  const has = (mode: TriggerMode) => policy.modes.includes(mode);
  if (event.eventName === "issues") {
    if (event.action === "opened" && has("issue")) return "a new issue";
    if (event.action === "opened" && has("mention") && mentions(`${event.title}\n${event.body}`, policy.mention))
      return `a new issue mentioning ${policy.mention}`;
    if (event.action === "labeled" && has("label") && event.label === policy.label)
      return `the label "${policy.label}"`;
    if (event.action === "assigned" && has("assign") && event.assignee === policy.assignee)
      return `assignment to ${policy.assignee}`;
    return undefined;
  }
  if (event.eventName === "issue_comment" && event.action === "created" && event.comment) {
    if (has("issue")) return "a comment";
    return continuing(event, policy, "a comment", event.comment.body);
  }
  return undefined;
}

/** Label and assign modes continue on what carries the label or the assignee; mention mode on text naming the handle. */
function continuing(event: TriggerEvent, policy: TriggerPolicy, what: string, text: string): string | undefined {
  const has = (mode: TriggerMode) => policy.modes.includes(mode);
  const on = event.pullRequest ? "a pull request" : "an issue";
  // On a pull request, issue mode's "every comment" would answer every review discussion: it takes the handle.
  const mentionable = has("mention") || (event.pullRequest !== undefined && has("issue"));
  if (mentionable && mentions(text, policy.mention)) return `${what} mentioning ${policy.mention}`;
  if (has("label") && event.labels.includes(policy.label)) return `${what} on ${on} labelled "${policy.label}"`;
  if (has("assign") && event.assignees.includes(policy.assignee))
    return `${what} on ${on} assigned to ${policy.assignee}`;
  return undefined;
}

function pullRequestReason(event: TriggerEvent, policy: TriggerPolicy): string | undefined {
  const has = (mode: TriggerMode) => policy.modes.includes(mode);
  const own = event.pullRequest?.claimsIssue;
  const onOwn = (what: string) =>
    has("issue") && own !== undefined ? `${what} on gitclaw's pull request for #${own}` : undefined;
  switch (`${event.eventName}.${event.action}`) {
    case "issue_comment.created":
    case "pull_request_review_comment.created": {
      // `/approve <sha>` alone is an approval (src/approval/), no request to the agent.
      if (event.eventName === "issue_comment" && onlyApproves(event.comment?.body ?? "")) return undefined;
      const what = event.eventName === "issue_comment" ? "a comment" : "an inline review comment";
      return onOwn(what) ?? continuing(event, policy, what, event.comment?.body ?? "");
    }
    case "pull_request_review.submitted": {
      const review = event.review!;
      if (policy.changesRequested && own !== undefined && review.state === "changes_requested")
        return `a review requesting changes on gitclaw's pull request for #${own}`;
      // An empty review only wraps inline comments, which start runs of their own.
      if (!review.body.trim()) return undefined;
      return onOwn("a review") ?? continuing(event, policy, "a review", review.body);
    }
    case "pull_request_target.labeled":
      return has("label") && event.label === policy.label ? `the label "${policy.label}"` : undefined;
    case "pull_request_target.assigned":
      return has("assign") && event.assignee === policy.assignee ? `assignment to ${policy.assignee}` : undefined;
    case "workflow_run.completed":
      return ciReason(event, has("ci"));
  }
  return undefined;
}

function reviewReason(event: TriggerEvent, drafts: boolean): string | undefined {
  if (!isAutomaticReview(event)) return "a review request";
  if (event.pullRequest?.draft && !drafts) return undefined;
  const what = { opened: "opened", synchronize: "pushed to", ready_for_review: "marked ready for review" };
  return `a pull request ${what[event.action as keyof typeof what]}, to review`;
}

function ciReason(event: TriggerEvent, enabled: boolean): string | undefined {
  const ci = event.ci!;
  if (!enabled || ci.fromFork || !ci.headBranch.startsWith(GITCLAW_BRANCH_PREFIX)) return undefined;
  return ci.conclusion === "failure" ? `the failed CI run "${ci.name}" of ${ci.headBranch}` : undefined;
}
