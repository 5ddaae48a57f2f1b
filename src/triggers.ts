// Which events start the agent: every new issue (gitclaw's default), an @mention of a handle, a label,
// or assignment to a user. Dependency-free (the guard evaluates it before `bun install`); the config
// section is read by hand here and validated again with zod in src/config.ts.
import type { EventBasics } from "./actions/event-basics.ts";

export const TRIGGER_MODES = ["issue", "mention", "label", "assign"] as const;
export type TriggerMode = (typeof TRIGGER_MODES)[number];

export interface TriggerPolicy {
  modes: TriggerMode[];
  mention: string;
  label: string;
  assignee: string;
}

export const DEFAULT_TRIGGER: TriggerPolicy = { modes: ["issue"], mention: "@gitclaw", label: "gitclaw", assignee: "gitclaw" };

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A word-boundary match of the handle: `@gitclaw,` counts, `@gitclaw-bot` and `me@gitclaw.dev` do not. */
export function mentions(text: string, handle: string): boolean {
  return new RegExp(`(^|\\s)${escape(handle)}(?=[\\s.,!?;:)]|$)`, "i").test(text);
}

/** Why this event starts a run, or undefined when it does not. */
export function triggerReason(event: EventBasics, policy: TriggerPolicy): string | undefined {
  const has = (mode: TriggerMode) => policy.modes.includes(mode);
  const labelled = event.labels.includes(policy.label);
  const assigned = event.assignees.includes(policy.assignee);
  if (event.eventName === "issues") {
    if (event.action === "opened" && has("issue")) return "a new issue";
    if (event.action === "opened" && has("mention") && mentions(`${event.title}\n${event.body}`, policy.mention)) return `a new issue mentioning ${policy.mention}`;
    if (event.action === "labeled" && has("label") && event.label === policy.label) return `the label "${policy.label}"`;
    if (event.action === "assigned" && has("assign") && event.assignee === policy.assignee) return `assignment to ${policy.assignee}`;
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

export function triggerPolicyFrom(config: unknown): TriggerPolicy {
  const trigger = (config as { trigger?: unknown } | undefined)?.trigger;
  if (trigger === undefined) return DEFAULT_TRIGGER;
  if (typeof trigger !== "object" || trigger === null) throw new Error(`"trigger" must be an object`);
  const { modes = DEFAULT_TRIGGER.modes, mention = DEFAULT_TRIGGER.mention, label = DEFAULT_TRIGGER.label, assignee = DEFAULT_TRIGGER.assignee } = trigger as Record<string, unknown>;
  if (!Array.isArray(modes) || modes.length === 0 || !modes.every((m) => (TRIGGER_MODES as readonly unknown[]).includes(m))) {
    throw new Error(`"trigger.modes" is ${JSON.stringify(modes)}: expected a non-empty list of ${TRIGGER_MODES.join(", ")}`);
  }
  for (const [key, value] of Object.entries({ mention, label, assignee })) {
    if (typeof value !== "string" || value.trim() === "") throw new Error(`"trigger.${key}" is ${JSON.stringify(value)}: expected a non-empty string`);
  }
  if (!(mention as string).startsWith("@")) throw new Error(`"trigger.mention" is ${JSON.stringify(mention)}: expected a handle starting with @, e.g. "@gitclaw"`);
  return { modes: modes as TriggerMode[], mention: mention as string, label: label as string, assignee: assignee as string };
}
