import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { runAgentLoop, type LoopOptions } from "../../../src/agent/loop.ts";
import { PromptCaching } from "../../../src/agent/caching.ts";
import { estimateTokens, messagesTokensFor, planCompaction, summarize } from "../../../src/agent/compaction.ts";
import { resolveModel } from "../../../src/agent/model.ts";
import { emptyUsage } from "../../../src/session/entries.ts";
import { SessionFile } from "../../../src/session/session-file.ts";
import { ok, type Tool } from "../../../src/tools/types.ts";
import { startFakeModel, type FakeModel, type RecordedModelRequest } from "../../support/fake-model.ts";
import { dollars } from "../../support/fake-model/prompt-cache.ts";
import { plainToolContext } from "../../support/tool-context.ts";

const CONTEXT_WINDOW = 12_000;
const SUMMARY_MARKER = "Summarise the conversation above.";

// A tool whose output is ~2 KB, so the conversation outgrows the small window every few turns.
const noisy: Tool = {
  name: "noisy",
  description: "Prints a lot.",
  parameters: z.object({ n: z.number() }),
  execute: async (args: { n: number }) => ok(`output ${args.n}\n${"lorem ipsum dolor sit amet ".repeat(80)}`),
};

const isSummaryRequest = (r: RecordedModelRequest) => JSON.stringify(r.body).includes(SUMMARY_MARKER);
let model: FakeModel;
let toolTurns = 0;
beforeAll(async () => {
  model = await startFakeModel({
    respond: (request) => {
      if (isSummaryRequest(request))
        return { text: `Summary: the agent ran the noisy tool ${toolTurns} times so far.` };
      toolTurns++;
      return toolTurns <= 500
        ? { toolCalls: [{ name: "noisy", input: { n: toolTurns } }] }
        : { text: "finished after 500 tool turns" };
    },
  });
});
afterAll(() => model.stop());

const resolve = (fake: FakeModel) =>
  resolveModel(
    "anthropic/claude-sonnet-4-5",
    { providers: {}, models: { "anthropic/claude-sonnet-4-5": { contextWindow: CONTEXT_WINDOW } } },
    { ANTHROPIC_API_KEY: "test-key-123456", ANTHROPIC_BASE_URL: fake.url },
  );

async function options(session: SessionFile, dir: string, fake = model): Promise<LoopOptions> {
  const resolved = await resolve(fake);
  return {
    session,
    model: resolved,
    instructions: "work",
    tools: [noisy],
    toolContext: plainToolContext(dir),
    budgets: { maxTurns: 1000, maxOutputTokens: 10_000_000, maxOutputTokensPerCall: 1000, maxCostUsd: 1000 },
    compaction: { reserveTokens: 2000, keepRecentTokens: 3000 },
    deadline: Date.now() + 600_000,
    signal: new AbortController().signal,
    maxRetries: 0,
  };
}

describe("long conversations", () => {
  it("keeps every request of a 500-turn conversation under the context window, history intact", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-compaction-"));
    const session = SessionFile.create(dir, { cwd: dir });
    session.append({
      type: "message",
      message: { role: "user", content: "run the noisy tool 500 times", timestamp: 0 },
    });
    const result = await runAgentLoop(await options(session, dir));
    expect(result).toMatchObject({ outcome: "done", text: "finished after 500 tool turns", toolCalls: 500 });

    const agentRequests = model.requests.filter((r) => !isSummaryRequest(r));
    expect(agentRequests).toHaveLength(501);
    for (const request of model.requests) expect(estimateTokens(request.body)).toBeLessThan(CONTEXT_WINDOW);

    const reloaded = SessionFile.load(session.path);
    const compactions = reloaded.entries.filter((e) => e.type === "compaction") as {
      firstKeptEntryId: string;
      tokensBefore: number;
    }[];
    expect(compactions.length).toBeGreaterThan(10);
    for (const c of compactions) {
      expect(reloaded.entries.some((e) => e.id === c.firstKeptEntryId)).toBe(true);
      expect(c.tokensBefore).toBeGreaterThan(CONTEXT_WINDOW - 2000);
    }
    // The full history stays in the file: all 500 tool results are there.
    expect(
      reloaded.entries.filter((e) => e.type === "message" && (e.message as { role: string }).role === "toolResult"),
    ).toHaveLength(500);
    // What the model sees starts with the latest summary, then the kept tail.
    const context = reloaded.context().messages;
    expect((context[0]!.content as { text: string }[])[0]!.text).toContain(
      "<summary>\nSummary: the agent ran the noisy tool",
    );
    // A later summary is told about the earlier one.
    const summaries = model.requests.filter(isSummaryRequest);
    expect(JSON.stringify(summaries.at(-1)!.body)).toContain("Summary of the conversation before this part");
  }, 120_000);

  it("never cuts between a tool call and its result", () => {
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-compaction-"));
    const session = SessionFile.create(dir, { cwd: dir });
    const assistant = (content: never[]) => ({
      role: "assistant" as const,
      content,
      api: "a",
      provider: "p",
      model: "m",
      usage: emptyUsage(),
      stopReason: "toolUse" as const,
      timestamp: 0,
    });
    session.append({ type: "message", message: { role: "user", content: "x".repeat(4000), timestamp: 0 } });
    for (let i = 0; i < 5; i++) {
      session.append({
        type: "message",
        message: assistant([{ type: "toolCall", id: `c${i}`, name: "t", arguments: {} }] as never[]),
      });
      session.append({
        type: "message",
        message: {
          role: "toolResult",
          toolCallId: `c${i}`,
          toolName: "t",
          content: [{ type: "text", text: "y".repeat(400) }],
          isError: false,
          timestamp: 0,
        },
      });
    }
    for (const keep of [50, 150, 300, 500]) {
      const plan = planCompaction(session, keep)!;
      const kept = session.entries.find((e) => e.id === plan.firstKeptEntryId) as { message: { role: string } };
      expect(kept.message.role).not.toBe("toolResult");
    }
  });

  it("estimates a growing conversation as estimateTokens does the whole of it", () => {
    const session = SessionFile.create(mkdtempSync(join(tmpdir(), "gitclaw-compaction-")), { cwd: "/" });
    const estimate = messagesTokensFor();
    expect(estimate(session.context().messages)).toBe(estimateTokens([]));
    for (let i = 0; i < 30; i++) {
      session.append({
        type: "message",
        message: { role: "user", content: [{ type: "text", text: "é".repeat(i * 7) }], timestamp: i },
      });
      const messages = session.context().messages;
      expect(estimate(messages)).toBe(estimateTokens(messages));
    }
    // Another array (a compaction rebuilt the context): counted afresh.
    const rebuilt = session.context().messages.slice(-3);
    expect(estimate(rebuilt)).toBe(estimateTokens(rebuilt));
  });
});

describe("the summary request", () => {
  it("is cached like a turn, and what it costs counts toward the run", async () => {
    let turns = 0;
    const fake = await startFakeModel({
      respond: (request) =>
        isSummaryRequest(request)
          ? { text: "Summary: noisy output." }
          : ++turns <= 25
            ? { toolCalls: [{ name: "noisy", input: { n: turns } }] }
            : { text: "done" },
    });
    try {
      const dir = mkdtempSync(join(tmpdir(), "gitclaw-compaction-"));
      const session = SessionFile.create(dir, { cwd: dir });
      session.append({ type: "message", message: { role: "user", content: "run the noisy tool", timestamp: 0 } });
      const loop = await options(session, dir, fake);
      const result = await runAgentLoop({ ...loop, instructions: `work: ${"carefully ".repeat(500)}` });
      expect(result.outcome).toBe("done");

      const summaries = fake.requests.filter(isSummaryRequest);
      expect(summaries.length).toBeGreaterThan(0);
      for (const request of summaries) {
        const body = request.body as {
          system: { cache_control?: unknown }[];
          messages: { content: { cache_control?: unknown }[] }[];
        };
        expect(body.system[0]!.cache_control).toEqual({ type: "ephemeral" });
        expect(body.messages.at(-1)!.content.at(-1)!.cache_control).toEqual({ type: "ephemeral" });
      }
      // The run's cost is every request's, the summaries' included.
      const price = loop.model.info.price!;
      const all = fake.requests.reduce((sum, r) => sum + dollars(r.usage!, price), 0);
      const turnsOnly = fake.requests
        .filter((r) => !isSummaryRequest(r))
        .reduce((sum, r) => sum + dollars(r.usage!, price), 0);
      expect(result.usage.cost.total).toBeCloseTo(all, 12);
      expect(result.usage.cost.total).toBeGreaterThan(turnsOnly);
    } finally {
      await fake.stop();
    }
  });

  it("is repeated once without cache_control when the provider refuses it", async () => {
    const fake = await startFakeModel({ rejectCacheControl: true, turns: [{ text: "Summary: short." }] });
    try {
      const resolved = await resolve(fake);
      const warnings: string[] = [];
      const caching = new PromptCaching(resolved, (message) => warnings.push(message));
      const plan = { firstKeptEntryId: "x", summarize: [{ role: "user" as const, content: "do it", timestamp: 0 }] };
      const { summary, usage } = await summarize(resolved, plan, caching, new AbortController().signal);
      expect(summary).toBe("Summary: short.");
      expect(usage.input).toBeGreaterThan(0);
      expect(warnings).toHaveLength(1);
      expect(fake.requests.map((r) => JSON.stringify(r.body).includes("cache_control"))).toEqual([true, false]);
    } finally {
      await fake.stop();
    }
  });
});

describe("images in the estimate", () => {
  it("count as about 1,600 tokens each, not as their base64", () => {
    const data = "A".repeat(400_000);
    const message = {
      role: "user" as const,
      content: [
        { type: "text" as const, text: "see" },
        { type: "image" as const, data, mimeType: "image/png" },
      ],
      timestamp: 1,
    };
    const textOnly = estimateTokens({ ...message, content: [message.content[0]!] });
    expect(estimateTokens(message) - textOnly).toBeGreaterThanOrEqual(1600);
    expect(estimateTokens(message) - textOnly).toBeLessThan(1620);
    expect(messagesTokensFor()([message])).toBe(estimateTokens([message]));
  });
});

describe("images through compaction", () => {
  it("re-sends an image only while it is in the context window; the summary request carries none", async () => {
    const data = Buffer.from(`png-bytes-${"x".repeat(3000)}`).toString("base64");
    let turns = 0;
    const fake = await startFakeModel({
      respond: (request) => {
        if (isSummaryRequest(request)) return { text: "Summary: pictures were taken." };
        turns++;
        return turns <= 12 ? { toolCalls: [{ name: "camera", input: { n: turns } }] } : { text: "done" };
      },
    });
    try {
      const camera: Tool = {
        name: "camera",
        description: "Takes a picture.",
        parameters: z.object({ n: z.number() }),
        execute: async () => ({ ...ok("a picture:"), images: [{ data, mimeType: "image/png" }] }),
      };
      const dir = mkdtempSync(join(tmpdir(), "gitclaw-compaction-images-"));
      const session = SessionFile.create(dir, { cwd: dir });
      session.append({ type: "message", message: { role: "user", content: "take pictures", timestamp: 1 } });
      const base = await options(session, dir, fake);
      const result = await runAgentLoop({ ...base, tools: [camera] });
      expect(result.outcome).toBe("done");
      const imagesIn = (r: RecordedModelRequest) => JSON.stringify(r.body).split(data).length - 1;
      const summaries = fake.requests.filter(isSummaryRequest);
      expect(summaries.length).toBeGreaterThan(0);
      for (const request of summaries) expect(imagesIn(request)).toBe(0);
      const turnsSent = fake.requests.filter((r) => !isSummaryRequest(r)).map(imagesIn);
      // Every picture went out while recent; none was carried to the end.
      expect(Math.max(...turnsSent)).toBeGreaterThan(1);
      expect(turnsSent.at(-1)!).toBeLessThan(12);
      // The session keeps every picture, as pi stores them.
      const stored = session.entries.filter((e) => e.type === "message" && JSON.stringify(e).includes(data));
      expect(stored).toHaveLength(12);
    } finally {
      await fake.stop();
    }
  });
});
