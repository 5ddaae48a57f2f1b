import { describe, expect, it } from "vitest";
import type { EventBasics } from "../../src/actions/event-basics.ts";
import { parseConfig } from "../../src/config.ts";
import { DEFAULT_TRIGGER, mentions, triggerPolicyFrom, triggerReason } from "../../src/triggers.ts";

const base: EventBasics = { eventName: "issues", action: "opened", issueNumber: 1, isPullRequest: false, sender: { login: "a", type: "User" }, title: "t", body: "b", labels: [], assignees: [] };
const comment = (body: string, extra: Partial<EventBasics> = {}): EventBasics => ({ ...base, eventName: "issue_comment", action: "created", comment: { id: 1, body, userLogin: "a" }, ...extra });

describe("triggers", () => {
  it("matches a mention on word boundaries, case-insensitively", () => {
    expect(mentions("hey @gitclaw, fix this", "@gitclaw")).toBe(true);
    expect(mentions("@GitClaw please", "@gitclaw")).toBe(true);
    expect(mentions("ends with @gitclaw", "@gitclaw")).toBe(true);
    expect(mentions("ask @gitclaw-bot", "@gitclaw")).toBe(false);
    expect(mentions("mail me@gitclaw.dev", "@gitclaw")).toBe(false);
    expect(mentions("a.b @git.claw x", "@git.claw")).toBe(true);
    expect(mentions("a.b @gitXclaw x", "@git.claw")).toBe(false);
  });

  it("by default runs on every new issue and comment, nothing else", () => {
    expect(triggerReason(base, DEFAULT_TRIGGER)).toBe("a new issue");
    expect(triggerReason(comment("anything"), DEFAULT_TRIGGER)).toBe("a comment");
    expect(triggerReason({ ...base, action: "labeled", label: "gitclaw" }, DEFAULT_TRIGGER)).toBeUndefined();
    expect(triggerReason({ ...base, action: "edited" }, DEFAULT_TRIGGER)).toBeUndefined();
    expect(triggerReason(comment("x", { action: "edited" }), DEFAULT_TRIGGER)).toBeUndefined();
  });

  it("honours mention, label and assignment modes", () => {
    const mention = { ...DEFAULT_TRIGGER, modes: ["mention" as const] };
    expect(triggerReason(base, mention)).toBeUndefined();
    expect(triggerReason({ ...base, body: "@gitclaw do it" }, mention)).toMatch(/mentioning @gitclaw/);
    expect(triggerReason(comment("thanks!"), mention)).toBeUndefined();
    expect(triggerReason(comment("@gitclaw again"), mention)).toMatch(/comment mentioning/);

    const label = { ...DEFAULT_TRIGGER, modes: ["label" as const], label: "agent" };
    expect(triggerReason({ ...base, action: "labeled", label: "bug" }, label)).toBeUndefined();
    expect(triggerReason({ ...base, action: "labeled", label: "agent" }, label)).toMatch(/label "agent"/);
    expect(triggerReason(comment("more", { labels: ["agent"] }), label)).toMatch(/labelled/);
    expect(triggerReason(comment("more"), label)).toBeUndefined();

    const assign = { ...DEFAULT_TRIGGER, modes: ["assign" as const], assignee: "claw" };
    expect(triggerReason({ ...base, action: "assigned", assignee: "claw" }, assign)).toMatch(/assignment to claw/);
    expect(triggerReason({ ...base, action: "assigned", assignee: "bob" }, assign)).toBeUndefined();
    expect(triggerReason(comment("more", { assignees: ["claw"] }), assign)).toMatch(/assigned to claw/);
  });

  it("validates the trigger section the same way in the guard and the config", () => {
    expect(triggerPolicyFrom({ trigger: { modes: ["label"], label: "go" } })).toMatchObject({ modes: ["label"], label: "go", mention: "@gitclaw" });
    expect(() => triggerPolicyFrom({ trigger: { modes: ["everything"] } })).toThrow(/trigger.modes/);
    expect(() => parseConfig({ trigger: { modes: ["everything"] } })).toThrow(/trigger.modes/);
    expect(() => triggerPolicyFrom({ trigger: { mention: "gitclaw" } })).toThrow(/starting with @/);
    expect(() => parseConfig({ trigger: { mention: "gitclaw" } })).toThrow(/trigger.mention/);
  });
});
