// Which events start the agent: every new issue (gitclaw's default), an @mention of a handle, a label,
// or assignment to a user, as the configuration's `trigger` section says (src/config/config.ts).
import type { Config, TRIGGER_MODES } from "../config/config.ts";
import type { Trigger } from "../actions/event.ts";

export type TriggerMode = (typeof TRIGGER_MODES)[number];

export type TriggerPolicy = Config["trigger"];

/** What of an event the trigger modes look at. */
export type TriggerEvent = Pick<
  Trigger,
  "eventName" | "action" | "title" | "body" | "labels" | "assignees" | "label" | "assignee" | "comment"
>;

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word-boundary match of the handle: `@gitclaw,` counts, `@gitclaw-bot` and `me@gitclaw.dev` do not. */
export function mentions(text: string, handle: string): boolean {
  return new RegExp(`(^|\\s)${escapeRegExp(handle)}(?=[\\s.,!?;:)]|$)`, "i").test(text);
}

/** Why this event starts a run, or undefined when it does not. */
export function triggerReason(event: TriggerEvent, policy: TriggerPolicy): string | undefined {
  const has = (mode: TriggerMode) => policy.modes.includes(mode);
  const labelled = event.labels.includes(policy.label);
  const assigned = event.assignees.includes(policy.assignee);
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
    if (has("mention") && mentions(event.comment.body, policy.mention)) return `a comment mentioning ${policy.mention}`;
    if (has("label") && labelled) return `a comment on an issue labelled "${policy.label}"`;
    if (has("assign") && assigned) return `a comment on an issue assigned to ${policy.assignee}`;
  }
  return undefined;
}
