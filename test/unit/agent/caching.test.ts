// Prompt caching through the real agent loop against the fake model, which reports usage from the
// breakpoints it receives as the real APIs do (test/support/fake-model/prompt-cache.ts).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { runAgentLoop, type LoopOptions } from "../../../src/agent/loop.ts";
import { resolveModel } from "../../../src/agent/model.ts";
import { systemInstructions } from "../../../src/run/prompt.ts";
import { createRedactor } from "../../../src/redact.ts";
import { createArtifactStore } from "../../../src/session/artifacts.ts";
import type { AssistantMessage } from "../../../src/session/entries.ts";
import { SessionFile } from "../../../src/session/session-file.ts";
import { createTools } from "../../../src/tools/index.ts";
import {
  startFakeModel,
  type FakeModel,
  type FakeModelOptions,
  type RecordedModelRequest,
  type Turn,
} from "../../support/fake-model.ts";
import { createPromptCache, dollars, promptBlocks, tokens } from "../../support/fake-model/prompt-cache.ts";

let model: FakeModel | undefined;
afterEach(async () => {
  await model?.stop();
  model = undefined;
});

const STUB = "result cleared from the context";
/** How many read calls the conversation holds: their arguments, quoted in either wire format (a stub quotes them too). */
const calls = (request: RecordedModelRequest) => {
  const body = JSON.stringify(request.body);
  return (body.match(/notes\.md\\?"/g)?.length ?? 0) - stubs(body);
};
const stubs = (body: string) => body.split(STUB).length - 1;

/** The agent loop with the real tools and instructions, `turns` reads of a ~2 KB file, then a text. */
async function run(
  api: "anthropic" | "openai",
  turns: number,
  fake: FakeModelOptions = {},
  compaction: LoopOptions["compaction"] = { reserveTokens: 16_384, keepRecentTokens: 20_000 },
) {
  const readTurn = (n: number): Turn =>
    n < turns ? { toolCalls: [{ name: "read", input: { path: "notes.md" } }] } : { text: "done" };
  model = await startFakeModel({ ...fake, respond: (request) => readTurn(calls(request)) });
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-caching-"));
  writeFileSync(join(dir, "notes.md"), "A line of notes to read again and again.\n".repeat(50));
  const session = SessionFile.create(dir, { cwd: dir });
  session.append({
    type: "message",
    message: { role: "user", content: [{ type: "text", text: "Read notes.md until told to stop." }], timestamp: 0 },
  });
  const resolved =
    api === "anthropic"
      ? await resolveModel(
          "anthropic/claude-sonnet-4-5",
          { providers: {} },
          { ANTHROPIC_API_KEY: "test-key-123456", ANTHROPIC_BASE_URL: model.url },
        )
      : await resolveModel(
          "openai/gpt-4o",
          { providers: {} },
          { OPENAI_API_KEY: "test-key-123456", OPENAI_BASE_URL: model.openaiBaseUrl },
        );
  const { tools } = createTools();
  const warnings: string[] = [];
  const options: LoopOptions = {
    session,
    model: resolved,
    instructions: systemInstructions({
      repository: "acme/widgets",
      branch: "main",
      issueNumber: 7,
      tools: tools.map((t) => t.name),
      protectedPaths: [".github/workflows/"],
    }),
    tools,
    toolContext: {
      workspace: dir,
      signal: new AbortController().signal,
      env: {},
      artifacts: createArtifactStore(join(dir, "art")),
      redact: createRedactor([]),
    },
    budgets: { maxTurns: 100, maxOutputTokens: 100_000, maxOutputTokensPerCall: 1000, maxCostUsd: 10 },
    compaction,
    deadline: Date.now() + 600_000,
    signal: new AbortController().signal,
    maxRetries: 0,
    warn: (message) => warnings.push(message),
  };
  const result = await runAgentLoop(options);
  return { result, session, warnings, requests: model.requests };
}

const assistants = (session: SessionFile) =>
  session.context().messages.filter((m): m is AssistantMessage => m.role === "assistant");

/** Where a request body carries cache_control: "tool:<name>", "system", "message:<role>". */
function breakpoints(request: RecordedModelRequest): string[] {
  const body = request.body as {
    tools?: { name: string }[];
    system?: unknown[];
    messages: { role: string; content: unknown[] }[];
  };
  const marked = (block: unknown) => typeof block === "object" && block !== null && "cache_control" in block;
  return [
    ...(body.tools ?? []).filter(marked).map((t) => `tool:${t.name}`),
    ...(Array.isArray(body.system) ? body.system.filter(marked).map(() => "system") : []),
    ...body.messages.flatMap((m, i) =>
      Array.isArray(m.content) && m.content.some(marked) ? [`message:${i}:${m.role}`] : [],
    ),
  ];
}

describe("prompt caching in the agent loop", () => {
  it("marks the last tool, the system prompt and the last message of every Anthropic request", async () => {
    const { result, requests } = await run("anthropic", 3);
    expect(result.outcome).toBe("done");
    expect(requests.map(breakpoints)).toEqual([
      ["tool:edit", "system", "message:0:user"],
      ["tool:edit", "system", "message:2:user"],
      ["tool:edit", "system", "message:4:user"],
      ["tool:edit", "system", "message:6:user"],
    ]);
  });

  it("sends OpenAI-compatible servers no cache_control, and a byte-identical prefix each turn", async () => {
    const { result, requests } = await run("openai", 3);
    expect(result.outcome).toBe("done");
    expect(JSON.stringify(requests.map((r) => r.body))).not.toContain("cache_control");
    const prefix = (r: RecordedModelRequest) =>
      JSON.stringify({ tools: r.body.tools, first: (r.body.messages as unknown[]).slice(0, 2) });
    expect(new Set(requests.map(prefix)).size).toBe(1);
    // Their automatic caching then applies, and the run's usage counts it.
    expect(result.usage.cacheRead).toBeGreaterThan(0);
  });

  it("records what a 20-turn run costs exactly as the billing model bills its requests", async () => {
    const { result, session, requests } = await run("anthropic", 20);
    expect(result).toMatchObject({ outcome: "done", turns: 21, toolCalls: 20 });

    const cache = createPromptCache();
    const price = { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 };
    const billed = requests.map((request) => ({
      ...cache.usage(request.api, request.body),
      output: request.usage!.output,
    }));
    const recorded = assistants(session).map((m) => m.usage);
    expect(
      recorded.map((u) => ({ input: u.input, cacheRead: u.cacheRead, cacheWrite: u.cacheWrite, output: u.output })),
    ).toEqual(billed);
    for (const [i, usage] of recorded.entries()) expect(usage.cost.total).toBeCloseTo(dollars(billed[i]!, price), 12);
    expect(result.usage.cost.total).toBeCloseTo(
      billed.reduce((sum, u) => sum + dollars(u, price), 0),
      12,
    );
    // The first request is under the 1,024 tokens a cached prefix needs (the tools without github and
    // the instructions); the second writes it all; from then on each turn reads what the last one wrote.
    expect(recorded[0]).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    expect(recorded[1]).toMatchObject({ input: 0, cacheRead: 0 });
    for (let i = 2; i < recorded.length; i++) {
      expect(recorded[i]).toMatchObject({
        input: 0,
        cacheRead: recorded[i - 1]!.cacheRead + recorded[i - 1]!.cacheWrite,
      });
    }
  });

  it("with context editing, reads a new batch's prompt up to the previous batch's end from the cache", async () => {
    // ~520 tokens a read, three a batch, the latest two turns kept.
    const clearing = {
      reserveTokens: 16_384,
      keepRecentTokens: 20_000,
      clearToolResultsAt: 1500,
      keepToolResultTurns: 2,
    };
    const { result, session, requests } = await run("anthropic", 20, {}, clearing);
    expect(result).toMatchObject({ outcome: "done", toolCalls: 20, cleared: { results: 18 } });
    const recorded = assistants(session).map((m) => m.usage);
    const counts = requests.map((r) => stubs(JSON.stringify(r.body)));
    const batches = counts.flatMap((n, i) => (i > 0 && n > counts[i - 1]! ? [i] : []));
    expect(batches.map((i) => counts[i])).toEqual([3, 6, 9, 12, 15, 18]);
    for (const [k, i] of batches.entries()) {
      const marked = promptBlocks("anthropic", requests[i]!.body).flatMap((b, at) => (b.breakpoint ? [at] : []));
      // The system message, the anchors (the last two batches' ends) and the last message: four at most.
      expect(marked).toHaveLength(4);
      if (k === 0) continue;
      // Everything up to the previous batch's end is read, only what follows it written.
      let sum = 0;
      const ends = promptBlocks("anthropic", requests[i]!.body).map((b) => (sum += b.bytes));
      expect(recorded[i]!.cacheRead).toBe(tokens(ends[marked[1]!]!));
    }
    // Between two batches nothing is rewritten: each turn reads what the one before wrote.
    for (let i = 2; i < recorded.length; i++) {
      if (batches.includes(i)) continue;
      expect(recorded[i]).toMatchObject({
        input: 0,
        cacheRead: recorded[i - 1]!.cacheRead + recorded[i - 1]!.cacheWrite,
      });
    }
    // The session holds every read in full.
    const results = session.context().messages.filter((m) => m.role === "toolResult");
    expect(results).toHaveLength(20);
    expect(JSON.stringify(results)).not.toContain(STUB);
  });

  it("repeats a refused call once without cache_control, warns naming the provider, runs on uncached", async () => {
    const { result, session, warnings, requests } = await run("anthropic", 3, { rejectCacheControl: true });
    expect(result).toMatchObject({ outcome: "done", turns: 4, toolCalls: 3 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/model provider "anthropic" refused prompt caching/);
    // One refused request, then the same request and every later one without breakpoints.
    expect(requests.map((r) => breakpoints(r).length > 0)).toEqual([true, false, false, false, false]);
    expect(requests[1]!.body.messages).toEqual(
      JSON.parse(JSON.stringify(requests[0]!.body.messages).replaceAll(',"cache_control":{"type":"ephemeral"}', "")),
    );
    expect(assistants(session).map((m) => m.stopReason)).not.toContain("error");
  });
});
