// gitclaw's Anthropic model sends byte for byte the request bodies @ai-sdk/anthropic's model sends,
// for whole loop runs against the fake model and for prompts that stress how messages are grouped.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAnthropic } from "@ai-sdk/anthropic";
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Message } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropicModel } from "../../../src/agent/anthropic-model.ts";
import { runAgentLoop } from "../../../src/agent/loop.ts";
import { resolveModel } from "../../../src/agent/model.ts";
import { createRedactor } from "../../../src/redact.ts";
import { createArtifactStore } from "../../../src/session/artifacts.ts";
import { SessionFile } from "../../../src/session/session-file.ts";
import { createTools } from "../../../src/tools/index.ts";
import { type FakeModel, startFakeModel } from "../../support/fake-model.ts";

const PIXEL = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const MODEL_ID = "claude-sonnet-4-5";

/** A fetch that records each request's body and headers, then hands it on (or answers an empty stream). */
function recording(forward?: typeof fetch) {
  const sent: { body: string; headers: Record<string, string> }[] = [];
  const record = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
    sent.push({ body: String(init?.body), headers: { ...(init?.headers as Record<string, string>) } });
    if (forward) return forward(input, init);
    return new Response("", { headers: { "content-type": "text/event-stream" } });
  };
  return { sent, fetch: Object.assign(record, { preconnect: fetch.preconnect }) as typeof fetch };
}

/** The SDK's model and ours, each with its own server (the fake model numbers tool calls per server). */
function bothModels(theirURL: string, ourURL = theirURL, forward?: typeof fetch) {
  const ours = recording(forward);
  const theirs = recording(forward);
  const sdk = createAnthropic({ baseURL: theirURL, apiKey: "k", fetch: theirs.fetch })(MODEL_ID);
  const own = createAnthropicModel({ baseURL: ourURL, apiKey: "k", modelId: MODEL_ID, fetch: ours.fetch });
  return { ours, theirs, sdk, own };
}

function expectSameRequests(ours: ReturnType<typeof recording>, theirs: ReturnType<typeof recording>) {
  expect(ours.sent.length).toBeGreaterThan(0);
  expect(ours.sent.map((r) => r.body)).toEqual(theirs.sent.map((r) => r.body));
  expect(ours.sent.map((r) => r.headers)).toEqual(theirs.sent.map((r) => r.headers));
}

describe.each([false, true])("the Anthropic model in loop runs (cache_control refused: %s)", (reject) => {
  let fakes: FakeModel[];
  beforeAll(async () => {
    fakes = [
      await startFakeModel({ rejectCacheControl: reject }),
      await startFakeModel({ rejectCacheControl: reject }),
    ];
  });
  afterAll(() => Promise.all(fakes.map((fake) => fake.stop())));

  async function run(model: LanguageModelV4, fake: FakeModel) {
    fake.script([
      {
        thinking: "let me think",
        toolCalls: [
          { name: "read", input: { path: "notes.md" } },
          { name: "bash", input: { command: "echo hi   " } },
        ],
      },
      { toolCalls: [{ name: "read", input: {}, rawArguments: '{"path": "no' }] },
      { text: "partial  ", toolCalls: [{ name: "ls", input: {} }] },
      { text: "done" },
    ]);
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-anthropic-model-"));
    writeFileSync(join(dir, "notes.md"), "notes\n");
    const session = SessionFile.create(dir, { cwd: dir });
    const content = [
      { type: "text" as const, text: "Go." },
      { type: "image" as const, data: PIXEL, mimeType: "image/png" },
    ];
    session.append({ type: "message", message: { role: "user", content, timestamp: 0 } });
    const env = { ANTHROPIC_API_KEY: "k", ANTHROPIC_BASE_URL: fake.url };
    const resolved = { ...(await resolveModel(`anthropic/${MODEL_ID}`, { providers: {} }, env)), model };
    return runAgentLoop({
      session,
      model: resolved,
      instructions: "be brief",
      tools: createTools().tools,
      toolContext: {
        workspace: dir,
        signal: new AbortController().signal,
        env: {},
        artifacts: createArtifactStore(join(dir, "art")),
        redact: createRedactor([]),
      },
      budgets: { maxTurns: 10, maxOutputTokens: 100_000, maxOutputTokensPerCall: 1000, maxCostUsd: 10 },
      compaction: { reserveTokens: 1000, keepRecentTokens: 2000 },
      deadline: Date.now() + 60_000,
      signal: new AbortController().signal,
      maxRetries: 0,
      warn: () => {},
    });
  }

  it("sends the SDK's bodies and headers", async () => {
    const [theirFake, ourFake] = fakes as [FakeModel, FakeModel];
    const { ours, theirs, sdk, own } = bothModels(`${theirFake.url}/v1`, `${ourFake.url}/v1`, fetch);
    const theirResult = await run(sdk, theirFake);
    const ourResult = await run(own, ourFake);
    expect(ourResult).toMatchObject({ outcome: "done", text: "done", turns: 4 });
    expect(ourResult.outcome).toBe(theirResult.outcome);
    expect(ours.sent).toHaveLength(reject ? 5 : 4);
    expectSameRequests(ours, theirs);
  });
});

describe("the Anthropic model's requests", () => {
  const options = (prompt: LanguageModelV4Message[]): LanguageModelV4CallOptions => ({
    prompt,
    maxOutputTokens: 1000,
    tools: [{ type: "function", name: "echo", inputSchema: { type: "object", properties: {} } }],
  });
  const mark = { anthropic: { cacheControl: { type: "ephemeral" } } };
  const user = (text: string): LanguageModelV4Message => ({ role: "user", content: [{ type: "text", text }] });
  const assistant = (...content: Extract<LanguageModelV4Message, { role: "assistant" }>["content"]) =>
    ({ role: "assistant", content }) as LanguageModelV4Message;
  const result = (id: string, value: string): LanguageModelV4Message => ({
    role: "tool",
    content: [{ type: "tool-result", toolCallId: id, toolName: "echo", output: { type: "text", value } }],
  });
  const call = (id: string) => ({ type: "tool-call" as const, toolCallId: id, toolName: "echo", input: "{}" });

  /** Sends a growing conversation turn by turn, the last message marked afresh each time, through both models. */
  async function converse(turns: LanguageModelV4Message[][]) {
    const { ours, theirs, sdk, own } = bothModels("http://127.0.0.1:9/v1");
    const conversation: LanguageModelV4Message[] = [];
    const converted: number[] = [];
    for (const added of turns) {
      conversation.push(...added);
      const last = conversation.at(-1)!;
      const prompt = [
        { role: "system", content: "be brief", providerOptions: mark } as LanguageModelV4Message,
        ...conversation.slice(0, -1),
        { ...last, providerOptions: mark },
      ];
      await sdk.doStream(options(prompt));
      // The SDK's own record of its request: the messages it converted this time.
      const { request } = await own.doStream(options(prompt));
      converted.push((request?.body as { messages: unknown[] } | undefined)?.messages.length ?? -1);
    }
    expectSameRequests(ours, theirs);
    return converted;
  }

  it("merges tool results with a following user message, and consecutive assistant messages", async () => {
    const converted = await converse([
      [user("start")],
      [assistant({ type: "text", text: "ok " }, call("a")), result("a", "one")],
      [user("steer"), assistant({ type: "reasoning", text: "hm" }), assistant(call("b"), { type: "text", text: "x" })],
      [result("b", "two"), user("more"), user("and more")],
      [assistant({ type: "text", text: "trailing   " })],
      [user("last")],
    ]);
    // Each turn converts the run marked last time (now unmarked, a new object) and what was added.
    expect(converted).toEqual([1, 3, 2, 2, 2, 2]);
  });

  it("keeps messages the SDK drops, such as an assistant message with no content, out of the body", async () => {
    await converse([
      [user("start")],
      [assistant(), user("again")],
      [assistant({ type: "text", text: "hi" })],
      [user("x")],
    ]);
  });
});
