// The hook engine's rules, with hooks run as this process's user: the first deny wins, "allow" and
// "ask" let the call go on, a failure or a wrong answer denies it (fail closed), postToolUse is told
// how the call ended, and agentStop blocks three times a run at most.
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { AGENT_STOP_BLOCKS, HookEngine } from "../../../src/hooks/engine.ts";
import type { Hook } from "../../../src/hooks/read.ts";
import type { HookEvent } from "../../../src/hooks/schema.ts";
import { fail, ok } from "../../../src/tools/types.ts";

const root = mkdtempSync(join(tmpdir(), "gitclaw-hook-engine-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const hook = (event: HookEvent, bash: string, index = 0): Hook => ({
  event,
  bash,
  cwd: ".",
  env: {},
  timeoutSec: 5,
  source: `.github/hooks/t.json#${event}[${index}]`,
});
const engine = (...hooks: Hook[]) =>
  new HookEngine(hooks, {
    place: { root, context: { env: { PATH: process.env.PATH ?? "" }, signal: new AbortController().signal } },
    workspace: "/work/space",
    sessionId: "s1",
    redact: (text) => text.replaceAll("hunter2", "[REDACTED]"),
    log: () => {},
    now: () => 1,
  });
const answer = (json: object) => `cat >/dev/null; echo '${JSON.stringify(json)}'`;

describe("HookEngine", () => {
  it("lets a call through on no answer, allow or ask; the first deny wins, with its reason or a stand-in", async () => {
    expect(await engine(hook("preToolUse", "cat >/dev/null")).before("bash", { command: "ls" })).toBeUndefined();
    const allowAsk = engine(
      hook("preToolUse", answer({ permissionDecision: "allow" })),
      hook("preToolUse", answer({ permissionDecision: "ask" }), 1),
    );
    expect(await allowAsk.before("read", { path: "a" })).toBeUndefined();
    const denies = engine(
      hook("preToolUse", answer({ permissionDecision: "deny" })),
      hook("preToolUse", answer({ permissionDecision: "deny", permissionDecisionReason: "second" }), 1),
    );
    expect(await denies.before("bash", {})).toBe(
      "Denied by the repository's preToolUse hook .github/hooks/t.json#preToolUse[0]: no reason given",
    );
    expect(denies.activity.map((entry) => [entry.runs, entry.denied])).toEqual([
      [1, 1],
      [0, 0],
    ]);
  });

  it("denies when the hook fails or answers what is not an answer, and names it among those that failed", async () => {
    const wrong = engine(hook("preToolUse", answer({ permissionDecision: "maybe" })));
    expect(await wrong.before("bash", {})).toMatch(
      /^Denied: the repository's preToolUse hook \.github\/hooks\/t\.json#preToolUse\[0\] gave a wrong answer: its stdout: "permissionDecision" \(found "maybe"\)/,
    );
    expect(wrong.failedClosed()).toHaveLength(1);
    const secret = engine(hook("preToolUse", "echo 'token hunter2' >&2; exit 1"));
    expect(await secret.before("bash", {})).toContain("it exited with 1: token [REDACTED], so the call was not made");
  });

  it("gives the hooks the documented input and tells postToolUse how the call ended", async () => {
    const log = join(root, "post.log");
    const hooks = engine(hook("postToolUse", `cat >> ${log}`));
    await hooks.after("bash", { command: "ls" }, ok("a b"));
    await hooks.after("bash", { command: "x" }, fail("no"));
    await hooks.after("bash", { command: "rm" }, fail("Denied", { deniedByHook: true }));
    const lines = readFileSync(log, "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines[0]).toEqual({
      timestamp: 1,
      cwd: "/work/space",
      toolName: "bash",
      toolArgs: '{"command":"ls"}',
      toolResult: { resultType: "success", textResultForLlm: "a b" },
    });
    expect(lines.map((line) => line.toolResult.resultType)).toEqual(["success", "failure", "denied"]);
  });

  it("blocks the stop at most three times a run, and lets it stop when the hook fails", async () => {
    const blocking = engine(hook("agentStop", answer({ decision: "block", reason: "Run the tests." })));
    const reasons = [];
    for (let i = 0; i < AGENT_STOP_BLOCKS + 2; i++) reasons.push(await blocking.agentStop());
    expect(reasons.filter(Boolean)).toHaveLength(AGENT_STOP_BLOCKS);
    expect(reasons[0]).toBe(
      "The repository's agentStop hook .github/hooks/t.json#agentStop[0] asks you to go on: Run the tests.",
    );
    expect(await engine(hook("agentStop", "exit 1")).agentStop()).toBeUndefined();
  });
});
