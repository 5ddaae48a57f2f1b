import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/config/config.ts";
import { mentions, triggerReason, type TriggerEvent } from "../../../src/gate/triggers.ts";

// The defaults, as the one configuration schema gives them to the guard and the agent stage alike.
const DEFAULT_TRIGGER = parseConfig({}).trigger;
const base: TriggerEvent = {
  eventName: "issues",
  action: "opened",
  title: "t",
  body: "b",
  labels: [],
  assignees: [],
  label: undefined,
  assignee: undefined,
  comment: undefined,
};
const comment = (body: string, extra: Partial<TriggerEvent> = {}): TriggerEvent => ({
  ...base,
  eventName: "issue_comment",
  action: "created",
  comment: { id: 1, body, login: "a", createdAt: "2026-01-01T00:00:00Z" },
  ...extra,
});

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

  it("validates the trigger section with the configuration's one schema", () => {
    expect(parseConfig({ trigger: { modes: ["label"], label: "go" } }).trigger).toMatchObject({
      modes: ["label"],
      label: "go",
      mention: "@gitclaw",
    });
    expect(() => parseConfig({ trigger: { modes: ["everything"] } })).toThrow(/trigger.modes/);
    expect(() => parseConfig({ trigger: { mention: "gitclaw" } })).toThrow(
      /"trigger.mention" \(found "gitclaw"\): expected a handle starting with @/,
    );
  });
});
