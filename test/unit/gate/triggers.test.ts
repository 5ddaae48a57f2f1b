import { describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/config/config.ts";
import { asMentioned, mentions, triggerReason, type TriggerEvent } from "../../../src/gate/triggers.ts";

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
  pullRequest: undefined,
  review: undefined,
  ci: undefined,
};
const comment = (body: string, extra: Partial<TriggerEvent> = {}): TriggerEvent => ({
  ...base,
  eventName: "issue_comment",
  action: "created",
  comment: { id: 1, body, login: "a", createdAt: "2026-01-01T00:00:00Z" },
  ...extra,
});

describe("asMentioned: the trigger check's view of an event", () => {
  it("blanks quotes and code where the handle is named, and leaves other events alone", async () => {
    const quoting = comment("> @gitclaw do it\n\n`@gitclaw` is our bot");
    const seen = await asMentioned(quoting, "@gitclaw");
    expect(seen.comment?.body).toBe(`${" ".repeat(16)}\n\n${" ".repeat(10)} is our bot`);
    expect(triggerReason(seen, { ...DEFAULT_TRIGGER, modes: ["mention"] })).toBeUndefined();
    const plain = comment("no handle");
    expect(await asMentioned(plain, "@gitclaw")).toBe(plain);
  });
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

  describe("on pull requests", () => {
    const pull = (extra: Partial<TriggerEvent> = {}): TriggerEvent =>
      comment("", { pullRequest: { number: 7 }, ...extra });
    const own = { pullRequest: { number: 7, claimsIssue: 3 } };
    const inline = (body: string, extra: Partial<TriggerEvent> = {}) =>
      pull({ eventName: "pull_request_review_comment", comment: { id: 2, body, login: "a", createdAt: "" }, ...extra });
    const review = (state: string, body: string, extra: Partial<TriggerEvent> = {}) =>
      pull({
        eventName: "pull_request_review",
        action: "submitted",
        comment: undefined,
        review: { id: 9, state, body, login: "a" },
        ...extra,
      });

    it("issue mode answers every comment on gitclaw's own pull request, and on others what mentions the handle", () => {
      expect(
        triggerReason(pull({ comment: { id: 1, body: "go on", login: "a", createdAt: "" }, ...own }), DEFAULT_TRIGGER),
      ).toMatch(/a comment on gitclaw's pull request for #3/);
      expect(
        triggerReason(pull({ comment: { id: 1, body: "looks good", login: "a", createdAt: "" } }), DEFAULT_TRIGGER),
      ).toBeUndefined();
      expect(
        triggerReason(
          pull({ comment: { id: 1, body: "@gitclaw fix it", login: "a", createdAt: "" } }),
          DEFAULT_TRIGGER,
        ),
      ).toMatch(/mentioning @gitclaw/);
      expect(triggerReason(inline("@gitclaw rename"), DEFAULT_TRIGGER)).toMatch(/an inline review comment mentioning/);
      expect(triggerReason(inline("nit"), DEFAULT_TRIGGER)).toBeUndefined();
      expect(triggerReason(inline("nit", own), DEFAULT_TRIGGER)).toMatch(
        /inline review comment on gitclaw's pull request/,
      );
    });

    it("a review requesting changes on gitclaw's pull request needs no mention, unless switched off", () => {
      expect(triggerReason(review("changes_requested", "", own), DEFAULT_TRIGGER)).toMatch(/requesting changes/);
      expect(
        triggerReason(review("changes_requested", "", own), { ...DEFAULT_TRIGGER, changesRequested: false }),
      ).toBeUndefined();
      expect(triggerReason(review("changes_requested", "no"), DEFAULT_TRIGGER)).toBeUndefined();
      // An empty review only wraps inline comments, which start runs of their own.
      expect(triggerReason(review("commented", ""), DEFAULT_TRIGGER)).toBeUndefined();
      expect(triggerReason(review("commented", "@gitclaw see above"), DEFAULT_TRIGGER)).toMatch(/a review mentioning/);
    });

    it("label and assign modes follow the pull request's label and assignees, and start on them", () => {
      const label = { ...DEFAULT_TRIGGER, modes: ["label" as const], label: "agent" };
      expect(triggerReason(inline("please", { labels: ["agent"] }), label)).toMatch(
        /on a pull request labelled "agent"/,
      );
      expect(triggerReason(inline("@gitclaw please"), label)).toBeUndefined();
      const labelled = pull({
        eventName: "pull_request_target",
        action: "labeled",
        comment: undefined,
        label: "agent",
      });
      expect(triggerReason(labelled, label)).toMatch(/the label "agent"/);
      const assign = { ...DEFAULT_TRIGGER, modes: ["assign" as const], assignee: "claw" };
      const assigned = pull({
        eventName: "pull_request_target",
        action: "assigned",
        comment: undefined,
        assignee: "claw",
      });
      expect(triggerReason(assigned, assign)).toMatch(/assignment to claw/);
      expect(triggerReason({ ...assigned, assignee: "bob" }, assign)).toBeUndefined();
    });

    it("ci mode answers a failed CI run of gitclaw's own branch, nothing else", () => {
      const ci = { ...DEFAULT_TRIGGER, modes: ["ci" as const] };
      const run = (extra: Partial<NonNullable<TriggerEvent["ci"]>> = {}) =>
        pull({
          eventName: "workflow_run",
          action: "completed",
          comment: undefined,
          ci: {
            runId: 1,
            name: "CI",
            conclusion: "failure",
            headSha: "s",
            headBranch: "gitclaw/issue-3",
            url: "u",
            attempt: 1,
            fromFork: false,
            ...extra,
          },
        });
      expect(triggerReason(run(), ci)).toMatch(/the failed CI run "CI" of gitclaw\/issue-3/);
      expect(triggerReason(run(), DEFAULT_TRIGGER)).toBeUndefined();
      expect(triggerReason(run({ conclusion: "success" }), ci)).toBeUndefined();
      expect(triggerReason(run({ headBranch: "feature" }), ci)).toBeUndefined();
      expect(triggerReason(run({ fromFork: true }), ci)).toBeUndefined();
    });
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

describe("trigger mode review", () => {
  const review = { ...DEFAULT_TRIGGER, modes: ["issue" as const, "review" as const] };
  const pull = (
    action: string,
    draft = false,
    eventName: TriggerEvent["eventName"] = "pull_request_target",
  ): TriggerEvent => ({
    ...base,
    eventName,
    action,
    pullRequest: { number: 7, head: { ref: "x", sha: "a".repeat(40) }, draft },
  });
  const onPull = (body: string) => comment(body, { pullRequest: { number: 7 } });

  it("reviews a pull request opened, pushed to or marked ready, on pull_request and pull_request_target", () => {
    expect(triggerReason(pull("opened"), review)).toBe("a pull request opened, to review");
    expect(triggerReason(pull("synchronize", false, "pull_request"), review)).toBe(
      "a pull request pushed to, to review",
    );
    expect(triggerReason(pull("ready_for_review"), review)).toBe("a pull request marked ready for review, to review");
    expect(triggerReason(pull("closed"), review)).toBeUndefined();
    expect(triggerReason(pull("opened"), DEFAULT_TRIGGER)).toBeUndefined();
  });

  it("lets a draft wait until it is ready, unless review.drafts", () => {
    expect(triggerReason(pull("opened", true), review, { drafts: false })).toBeUndefined();
    expect(triggerReason(pull("synchronize", true), review)).toBeUndefined();
    expect(triggerReason(pull("opened", true), review, { drafts: true })).toBe("a pull request opened, to review");
  });

  it("takes a line '@gitclaw review' on a pull request as a review request; other text is a comment to answer", () => {
    expect(triggerReason(onPull("Thanks!\n@gitclaw review\n"), review)).toBe("a review request");
    expect(triggerReason(onPull("@GitClaw Review."), review)).toBe("a review request");
    expect(triggerReason(onPull("@gitclaw review the error handling"), review)).toBe("a comment mentioning @gitclaw");
    expect(triggerReason(comment("@gitclaw review"), review)).toBe("a comment");
    expect(triggerReason(onPull("@gitclaw review"), DEFAULT_TRIGGER)).toBe("a comment mentioning @gitclaw");
  });
});
