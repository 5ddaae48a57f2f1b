// The progress comment's throttle, on a fake clock: edits start at least the interval apart even
// when each one takes a while to reach GitHub, and nothing is written after the reply.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { GitHubApi } from "../../../src/github/api.ts";
import { ProgressComment } from "../../../src/run/progress.ts";
import type { ToolCallBlock } from "../../../src/session/entries.ts";

beforeEach(() => vi.useFakeTimers({ now: 0 }));
afterEach(() => vi.useRealTimers());

/** GitHub whose comment writes take `latencyMs` each and are recorded with their start time. */
function slowGitHub(latencyMs: number) {
  const writes: { at: number; kind: "create" | "update"; body: string }[] = [];
  const api: GitHubApi = {
    graphql: () => Promise.reject(new Error("no GraphQL here")),
    send(method, _path, body) {
      writes.push({
        at: Date.now(),
        kind: method === "POST" ? "create" : "update",
        body: (body as { body: string }).body,
      });
      const answer = { status: method === "POST" ? 201 : 200, data: { id: 7, html_url: "u" } };
      return new Promise((resolve) => setTimeout(() => resolve(answer), latencyMs));
    },
  };
  return { api, writes };
}

const call = (n: number): ToolCallBlock => ({
  type: "toolCall",
  id: `c${n}`,
  name: "bash",
  arguments: { command: `step ${n}` },
});

describe("ProgressComment", () => {
  it("spaces edits by the interval from start to start, counting an edit still in flight", async () => {
    const { api, writes } = slowGitHub(1_200);
    const progress = new ProgressComment({
      api,
      repo: { owner: "o", repo: "r" },
      issueNumber: 1,
      runUrl: "u",
      redact: (t) => t,
      throttleMs: 3_000,
      delayMs: 0,
    });
    await vi.advanceTimersByTimeAsync(0);
    const started = progress.start();
    await vi.advanceTimersByTimeAsync(1_200);
    await started;
    // A tool event every 300 ms for 20 s.
    for (let n = 0; n < 66; n++) {
      progress.onEvent({ type: "tool_start", call: call(n) });
      await vi.advanceTimersByTimeAsync(300);
    }
    await vi.advanceTimersByTimeAsync(5_000);
    const edits = writes.filter((w) => w.kind === "update");
    expect(edits.length).toBeGreaterThanOrEqual(5);
    const starts = writes.map((w) => w.at);
    for (let i = 1; i < starts.length; i++) expect(starts[i]! - starts[i - 1]!).toBeGreaterThanOrEqual(3_000);
    // The last edit carries the latest state.
    expect(edits.at(-1)!.body).toContain("step 65");
  });

  it("writes nothing after the reply, even with an edit in flight when it comes", async () => {
    const { api, writes } = slowGitHub(1_000);
    const progress = new ProgressComment({
      api,
      repo: { owner: "o", repo: "r" },
      issueNumber: 1,
      runUrl: "u",
      redact: (t) => t,
      throttleMs: 1_000,
      delayMs: 0,
    });
    const started = progress.start();
    await vi.advanceTimersByTimeAsync(1_000);
    await started;
    progress.onEvent({ type: "tool_start", call: call(1) });
    await vi.advanceTimersByTimeAsync(1_100); // the edit is in flight now
    progress.onEvent({ type: "tool_start", call: call(2) });
    const finished = progress.finish("the reply");
    await vi.advanceTimersByTimeAsync(10_000);
    expect(await finished).toBe(true);
    expect(writes.at(-1)!.body).toMatch(/^the reply\n<!-- gitclaw:reply -->$/);
  });
});
