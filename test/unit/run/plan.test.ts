// The plan gate's parts (src/run/plan.ts): the bare `/approve` form in a comment's own prose, the
// plan's state as the session records it, and a read-only run's tools (the writing ones refuse; the
// commands too where no sandbox confines them).
import { describe, expect, it } from "vitest";
import { approvesPlan, onlyApproves } from "../../../src/approval/command.ts";
import { planGate, planNote, planState, readOnlyTools } from "../../../src/run/plan.ts";
import { unquotedProse } from "../../../src/text/quoted.ts";
import { CUSTOM } from "../../../src/session/custom.ts";
import { ok, type Tool } from "../../../src/tools/types.ts";

const plan = (state: string) => ({ type: "custom", customType: CUSTOM.plan, data: { state } });
const tool = (name: string) => ({ name, description: name, execute: async () => ok(`${name} ran`) }) as unknown as Tool;
const context = {} as Parameters<Tool["execute"]>[1];

describe("approvesPlan", () => {
  it("is a line of /approve alone, after a mention or not, in the comment's own prose", () => {
    for (const text of ["/approve", "Looks right.\n/approve\nThanks", "@gitclaw /approve", "  /approve!"])
      expect(approvesPlan(unquotedProse(text)), text).toBe(true);
    for (const text of [
      "> /approve",
      "`/approve`",
      "```\n/approve\n```",
      "I /approve of it",
      "/approve abc1234",
      "/approved",
    ])
      expect(approvesPlan(unquotedProse(text)), text).toBe(false);
    // The merge approval's form stays what it was: a bare /approve is not one.
    expect(onlyApproves("/approve")).toBe(false);
  });
});

describe("planState", () => {
  it("is the session's last plan record", () => {
    expect(planState({ entries: [] } as never)).toBeUndefined();
    expect(planState({ entries: [plan("awaiting_approval")] } as never)).toEqual({ state: "awaiting_approval" });
    expect(planState({ entries: [plan("awaiting_approval"), plan("approved")] } as never)).toEqual({
      state: "approved",
    });
  });
});

describe("planGate", () => {
  const run = (trigger: object, planned: unknown = false) =>
    ({
      trigger: { labels: [], ...trigger },
      config: { trigger: { plan: planned, planLabel: "needs-plan", mention: "@gitclaw" } },
    }) as never;
  const conversation = (mode: "new" | "resume", bodies: [string, string][], entries: unknown[] = []) =>
    ({ mode, session: { entries }, trustedParts: bodies.map(([login, body]) => ({ login, body })) }) as never;

  it("asks for a plan for @gitclaw plan, trigger.plan, or the label; not for a bot's text", async () => {
    expect(await planGate(run({}), conversation("resume", [["alice", "@gitclaw plan the refactor"]]))).toEqual({
      readOnly: true,
      awaitsApproval: true,
    });
    expect(await planGate(run({}, true), conversation("new", [["alice", "Fix it."]]))).toMatchObject({
      readOnly: true,
    });
    expect(await planGate(run({}, true), conversation("resume", [["alice", "Fix it."]]))).toMatchObject({
      readOnly: false,
    });
    expect(await planGate(run({ labels: ["needs-plan"] }, "on-label"), conversation("new", []))).toMatchObject({
      readOnly: true,
    });
    expect(await planGate(run({}, "on-label"), conversation("new", []))).toMatchObject({ readOnly: false });
    expect(await planGate(run({}), conversation("resume", [["ci[bot]", "@gitclaw plan it"]]))).toMatchObject({
      readOnly: false,
    });
    expect(await planGate(run({}), conversation("resume", [["alice", "> @gitclaw plan it\n\nno"]]))).toMatchObject({
      readOnly: false,
    });
  });

  it("makes a prompt run read-only with mode read-only, never awaiting approval", async () => {
    const prompt = { key: "k", workflow: "w", continues: false, mode: "read-only" };
    expect(await planGate(run({ prompt }), conversation("new", []))).toEqual({ readOnly: true, awaitsApproval: false });
  });
});

describe("readOnlyTools", () => {
  const tools = ["read", "bash", "write", "edit", "task", "github"].map(tool);
  const gate = { readOnly: true, awaitsApproval: true };

  it("refuses the writing tools, and the commands too without a sandbox", async () => {
    const confined = readOnlyTools(tools, gate, true);
    expect(confined.map((t) => t.name)).toEqual(tools.map((t) => t.name));
    const ran = async (list: Tool[], name: string) =>
      (await list.find((t) => t.name === name)!.execute({}, context)).text;
    expect(await ran(confined, "read")).toBe("read ran");
    expect(await ran(confined, "bash")).toBe("bash ran");
    expect(await ran(confined, "write")).toBe(
      "write is refused: this run is a plan awaiting approval (/approve carries it out).",
    );
    expect(await ran(confined, "task")).toMatch(/^task is refused/);
    expect(await ran(readOnlyTools(tools, gate, false), "bash")).toMatch(/^bash is refused/);
    expect(readOnlyTools(tools, { readOnly: false, awaitsApproval: false }, false)).toBe(tools);
  });
});

describe("planNote", () => {
  it("names the command that starts a run: /approve, or with the mention where only a mention does", () => {
    expect(planNote({ modes: ["issue"], mention: "@gitclaw" })).toContain(
      "Comment `/approve` (someone with write access)",
    );
    expect(planNote({ modes: ["mention"], mention: "@claw" })).toContain("Comment `@claw /approve` (someone");
  });
});
