// Small context windows (#26): the window learned from the server or the config, compaction settings
// that fit it, each provider's overflow error recognised and followed by one compaction and one retry,
// and a summary request that fits however large the messages it summarises.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PromptCaching } from "../../../src/agent/caching.ts";
import { estimateTokens, fitCompaction, summarize } from "../../../src/agent/compaction.ts";
import { runAgentLoop, type LoopOptions } from "../../../src/agent/loop.ts";
import { resolveModel, type ResolvedModel } from "../../../src/agent/model.ts";
import type { AgentMessage } from "../../../src/session/entries.ts";
import { SessionFile } from "../../../src/session/session-file.ts";
import { ok, type Tool } from "../../../src/tools/types.ts";
import {
  startFakeModel,
  type FakeModel,
  type FakeModelOptions,
  type RecordedModelRequest,
} from "../../support/fake-model.ts";
import type { OverflowFlavour } from "../../support/fake-model/local-server.ts";
import { plainToolContext } from "../../support/tool-context.ts";

const SUMMARY_MARKER = "Summarise the conversation above.";
const isSummary = (r: RecordedModelRequest) => JSON.stringify(r.body).includes(SUMMARY_MARKER);
/** A request the server refused (as too long): no usage was reported for it. */
const refused = (r: RecordedModelRequest) => r.usage === undefined;

// ~2 KB a call, so a conversation outgrows a few thousand tokens in a handful of turns.
const noisy: Tool = {
  name: "noisy",
  description: "Prints a lot.",
  parameters: z.object({ n: z.number() }),
  execute: async (args: { n: number }) => ok(`output ${args.n}\n${"lorem ipsum dolor sit amet ".repeat(80)}`),
};

const fakes: FakeModel[] = [];
afterEach(async () => {
  await Promise.all(fakes.splice(0).map((fake) => fake.stop()));
});

/** A fake server whose agent turns call `noisy` `toolTurns` times, then answer; summaries are short. */
async function fakeServer(options: FakeModelOptions, toolTurns: number): Promise<FakeModel> {
  let turns = 0;
  const fake = await startFakeModel({
    ...options,
    respond: (request) => {
      if (isSummary(request)) return { text: `Summary: noisy ran ${turns} times.` };
      turns++;
      return turns <= toolTurns ? { toolCalls: [{ name: "noisy", input: { n: turns } }] } : { text: "all done" };
    },
  });
  fakes.push(fake);
  return fake;
}

/** Anthropic, or an OpenAI-compatible server as the local provider, with no window configured. */
function resolveFor(api: "anthropic" | "openai", fake: FakeModel, models = {}): Promise<ResolvedModel> {
  return api === "anthropic"
    ? resolveModel(
        "anthropic/claude-sonnet-4-5",
        { providers: {}, models },
        { ANTHROPIC_API_KEY: "test-key-123456", ANTHROPIC_BASE_URL: fake.url },
      )
    : resolveModel("ollama/smollm2", { providers: {}, models }, { OLLAMA_BASE_URL: fake.openaiBaseUrl });
}

function loopOptions(model: ResolvedModel, session: SessionFile, dir: string, warnings: string[]): LoopOptions {
  return {
    session,
    model,
    instructions: "work",
    tools: [noisy],
    toolContext: plainToolContext(dir),
    budgets: { maxTurns: 100, maxOutputTokens: 1_000_000, maxOutputTokensPerCall: 16_384, maxCostUsd: 1000 },
    // The defaults: larger than a small window can hold, so they must be fitted to it.
    compaction: { reserveTokens: 16_384, keepRecentTokens: 20_000 },
    deadline: Date.now() + 60_000,
    signal: new AbortController().signal,
    maxRetries: 0,
    warn: (message) => warnings.push(message),
  };
}

function newSession(first = "run the noisy tool"): { session: SessionFile; dir: string } {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-window-"));
  const session = SessionFile.create(dir, { cwd: dir });
  session.append({ type: "message", message: { role: "user", content: first, timestamp: 0 } });
  return { session, dir };
}

describe("compaction settings", () => {
  it("fit a small window and leave a large one's as configured", () => {
    const defaults = { reserveTokens: 16_384, keepRecentTokens: 20_000 };
    expect(fitCompaction(defaults, 8_192, 1_000)).toEqual({ reserveTokens: 2_048, keepRecentTokens: 2_572 });
    expect(fitCompaction(defaults, 200_000, 3_000)).toEqual(defaults);
    // Instructions that fill the window leave nothing to keep, never a negative amount.
    expect(fitCompaction(defaults, 4_096, 5_000).keepRecentTokens).toBe(0);
  });

  it("plan compaction in an 8k window configured for the model, every request inside it", async () => {
    const fake = await fakeServer({ contextWindow: { tokens: 8_192 } }, 30);
    const model = await resolveFor("openai", fake, { "ollama/smollm2": { contextWindow: 8_192 } });
    expect(model.info).toMatchObject({
      contextWindow: 8_192,
      contextWindowSource: 'models["ollama/smollm2"] in .github/gitclaw.json',
    });
    const { session, dir } = newSession();
    const warnings: string[] = [];
    const result = await runAgentLoop(loopOptions(model, session, dir, warnings));
    expect(result).toMatchObject({ outcome: "done", text: "all done", toolCalls: 30 });
    expect(session.entries.filter((e) => e.type === "compaction").length).toBeGreaterThan(3);
    // The estimate kept every request (summaries too) inside the window: the server refused none.
    expect(fake.requests.filter(refused)).toEqual([]);
    // Each answer may use what the request leaves of the window, not the per-call budget of 16k.
    for (const request of fake.requests.filter((r) => !isSummary(r)))
      expect(request.body.max_tokens as number).toBeLessThanOrEqual(8_192 - estimateTokens(request.body) / 2);
    expect(warnings).toEqual([]);
  });
});

const FLAVOURS: { api: "anthropic" | "openai"; flavour: OverflowFlavour; server?: FakeModelOptions["server"] }[] = [
  { api: "openai", flavour: "llama.cpp", server: { kind: "llama.cpp", toolCalls: true } },
  { api: "openai", flavour: "openai" },
  { api: "anthropic", flavour: "anthropic" },
];

describe.each(FLAVOURS)("a $flavour context overflow", ({ api, flavour, server }) => {
  it("is recognised, the window it names learned, the conversation compacted and the request retried once", async () => {
    // The server's window is 6k, but nobody told gitclaw: it assumes 128k until the server refuses.
    const fake = await fakeServer({ server, contextWindow: { tokens: 6_000, flavour } }, 20);
    const model = await resolveFor(api, fake);
    expect(model.info.contextWindow).toBeGreaterThan(100_000);
    const { session, dir } = newSession();
    const warnings: string[] = [];
    const result = await runAgentLoop(loopOptions(model, session, dir, warnings));

    expect(result).toMatchObject({ outcome: "done", text: "all done", toolCalls: 20 });
    const sequence = fake.requests.map((r) => (refused(r) ? "refused" : isSummary(r) ? "summary" : "turn"));
    // Refused once, then summarised and retried; from then on the learned window keeps requests inside it.
    expect(sequence.filter((s) => s === "refused")).toHaveLength(1);
    const at = sequence.indexOf("refused");
    expect(sequence.slice(at, at + 3)).toEqual(["refused", "summary", "turn"]);
    expect(sequence.filter((s) => s === "summary").length).toBeGreaterThan(1);
    expect(warnings).toEqual([
      `the model at ${model.endpoint.url} refused the request as longer than its context window (6000 tokens, named by ${model.endpoint.url} when it refused a request): compacting the conversation and trying once more`,
    ]);
    // The refused attempt left nothing in the session: no error turn, every tool call answered.
    const messages = session.entries.flatMap((e) => (e.type === "message" ? [e.message as AgentMessage] : []));
    const stops = messages.flatMap((m) => (m.role === "assistant" ? [m.stopReason] : []));
    expect(stops).not.toContain("error");
    expect(stops.at(-1)).toBe("stop");
  });

  it("summarises a comment larger than the window on its own with what came before, and answers", async () => {
    const fake = await fakeServer({ server, contextWindow: { tokens: 2_000, flavour } }, 0);
    const model = await resolveFor(api, fake);
    const { session, dir } = newSession("an earlier question");
    session.append({ type: "message", message: { role: "user", content: "x".repeat(12_000), timestamp: 1 } });
    const result = await runAgentLoop(loopOptions(model, session, dir, []));

    expect(result).toMatchObject({ outcome: "done", text: "all done" });
    const sequence = fake.requests.map((r) => (refused(r) ? "refused" : isSummary(r) ? "summary" : "turn"));
    expect(sequence).toEqual(["refused", "summary", "turn"]);
    expect(JSON.stringify(fake.requests.at(-1)!.body)).toContain("<summary>");
    expect(JSON.stringify(fake.requests.at(-1)!.body)).not.toContain("x".repeat(100));
  });

  it("ends the run with what to change when even the compacted request does not fit", async () => {
    const fake = await fakeServer({ server, contextWindow: { tokens: 2_000, flavour } }, 0);
    const model = await resolveFor(api, fake);
    const { session, dir } = newSession("an earlier question");
    // Instructions larger than the window: no compaction can make room.
    const result = await runAgentLoop({ ...loopOptions(model, session, dir, []), instructions: "w ".repeat(6_000) });

    expect(result.outcome).toBe("error");
    expect(result.errorMessage).toMatch(/^model API error 400: /);
    expect(result.errorMessage).toContain(
      `The conversation does not fit the model's context window of 2000 tokens (named by ${model.endpoint.url} when it refused a request) even compacted: give the server a larger context`,
    );
    // One retry, not more: refused, summarised, refused again.
    const sequence = fake.requests.map((r) => (refused(r) ? "refused" : isSummary(r) ? "summary" : "turn"));
    expect(sequence).toEqual(["refused", "summary", "refused"]);
  });
});

describe("other failures", () => {
  it("are not taken for an overflow: a 400 of another kind ends the run without compacting", async () => {
    const fake = await startFakeModel({ turns: [{ error: { status: 400, message: "tools: unknown field" } }] });
    fakes.push(fake);
    const model = await resolveFor("openai", fake);
    const { session, dir } = newSession();
    const result = await runAgentLoop(loopOptions(model, session, dir, []));
    expect(result).toMatchObject({ outcome: "error", errorMessage: "model API error 400: tools: unknown field" });
    expect(fake.requests).toHaveLength(1);
  });
});

describe("the summary request", () => {
  it("fits the window however large the messages it summarises", async () => {
    const fake = await startFakeModel({ contextWindow: { tokens: 4_000 }, turns: [{ text: "Summary: big outputs." }] });
    fakes.push(fake);
    const model = await resolveFor("openai", fake, { "ollama/smollm2": { contextWindow: 4_000 } });
    const huge = "y".repeat(60_000);
    const summarizeThese = [
      { role: "user" as const, content: "print the big file", timestamp: 0 },
      { role: "user" as const, content: [{ type: "text" as const, text: huge }], timestamp: 1 },
      { role: "user" as const, content: "and again", timestamp: 2 },
    ];
    const plan = { firstKeptEntryId: "x", summarize: summarizeThese };
    const caching = new PromptCaching(model, () => {});
    const fit = { contextWindow: 4_000, reserveTokens: 1_000 };
    const { summary } = await summarize(model, plan, caching, new AbortController().signal, fit);
    expect(summary).toBe("Summary: big outputs.");
    const body = JSON.stringify(fake.requests[0]!.body);
    expect(body).toContain("print the big file");
    expect(body).toContain("characters left out of this summary request");
    expect(fake.requests[0]!.body.max_tokens).toBe(1_000);
  });
});

describe("a summary request refused as too long (text denser than estimated)", () => {
  it("is cut harder by the server's count and sent again, until it fits", async () => {
    const fake = await startFakeModel({
      server: { kind: "llama.cpp", contextWindow: 4_000, toolCalls: true },
      contextWindow: { tokens: 4_000, cjkTokensPerChar: 1.4 },
      turns: [{ text: "Summary: a long report in Chinese." }],
    });
    fakes.push(fake);
    const model = await resolveFor("openai", fake);
    const chinese = "这是一个关于编译器错误的详细报告。".repeat(600);
    const summarizeThese = [{ role: "user" as const, content: chinese, timestamp: 0 }];
    const plan = { firstKeptEntryId: "", summarize: summarizeThese };
    const caching = new PromptCaching(model, () => {});
    const fit = { contextWindow: 4_000, reserveTokens: 1_000 };
    const { summary } = await summarize(model, plan, caching, new AbortController().signal, fit);

    expect(summary).toBe("Summary: a long report in Chinese.");
    // Estimated at four characters a token it fitted; the server counted more, said how much, and the next fitted.
    expect(fake.requests.length).toBeGreaterThanOrEqual(2);
    expect(fake.requests.slice(0, -1).every(refused)).toBe(true);
    expect(refused(fake.requests.at(-1)!)).toBe(false);
    const sizes = fake.requests.map((r) => JSON.stringify(r.body).length);
    expect(sizes.at(-1)!).toBeLessThan(sizes[0]!);
  });
});

describe("the window a server reports", () => {
  it("is learned from llama.cpp's /v1/models, its /props, and Ollama's /api/show, unless configured", async () => {
    const llama = await startFakeModel({ server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: false } });
    const ollama = await startFakeModel({
      server: { kind: "ollama", contextWindow: 4_096, toolCalls: true, model: "smollm2" },
    });
    fakes.push(llama, ollama);
    expect((await resolveFor("openai", llama)).info).toMatchObject({
      contextWindow: 8_192,
      contextWindowSource: `reported by ${llama.url}/v1/models`,
    });
    expect((await resolveFor("openai", ollama)).info).toMatchObject({
      contextWindow: 4_096,
      contextWindowSource: `reported by ${ollama.url}/api/show`,
    });
    // An older llama.cpp without meta.n_ctx: /props says it.
    const failing = (async (input: Parameters<typeof fetch>[0], init?: RequestInit) =>
      String(input).endsWith("/models") ? new Response("{}", { status: 200 }) : fetch(input, init)) as typeof fetch;
    const fromProps = await resolveModel(
      "ollama/smollm2",
      { providers: {} },
      { OLLAMA_BASE_URL: llama.openaiBaseUrl },
      { fetch: failing },
    );
    expect(fromProps.info).toMatchObject({
      contextWindow: 8_192,
      contextWindowSource: `reported by ${llama.url}/props`,
    });
    // The configuration wins, and no window is asked then; nor for a model the catalogue knows. Only
    // /props is, for whether the server is llama.cpp's (whose prompt progress a request asks for).
    const asked: string[] = [];
    const counting = ((input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      asked.push(String(input));
      return fetch(input, init);
    }) as typeof fetch;
    const models = { "ollama/smollm2": { contextWindow: 16_000 } };
    const env = { OLLAMA_BASE_URL: llama.openaiBaseUrl, OPENAI_API_KEY: "k", OPENAI_BASE_URL: llama.openaiBaseUrl };
    const configured = await resolveModel("ollama/smollm2", { providers: {}, models }, env, { fetch: counting });
    expect(configured.info.contextWindow).toBe(16_000);
    await resolveModel("openai/gpt-4.1", { providers: {} }, env, { fetch: counting });
    expect(asked).toEqual([`${llama.url}/props`, `${llama.url}/props`]);
    asked.length = 0;
    await resolveModel("ollama/smollm2", { providers: {} }, env, { fetch: counting });
    expect(asked).toEqual([`${llama.url}/v1/models`, `${llama.url}/props`]);
  });

  it("stays assumed, saying how to set it, when the server says nothing", async () => {
    const fake = await startFakeModel();
    fakes.push(fake);
    const model = await resolveFor("openai", fake);
    expect(model.info).toEqual({
      contextWindow: 128_000,
      contextWindowSource:
        'assumed for an unknown model; set models["ollama/smollm2"].contextWindow in .github/gitclaw.json',
    });
  });
});
