// gitclaw's models send byte for byte the request bodies the ai SDK's own models send (Anthropic and
// OpenAI-compatible), for whole loop runs against the fake model and for prompts that stress how
// messages are grouped, while converting only what each turn added.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Message } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAnthropicModel } from "../../../src/agent/anthropic-model.ts";
import { createOpenAICompatibleModel } from "../../../src/agent/openai-compatible-model.ts";
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
    // Ours sends a Blob, the SDK a string: compared as the bytes that leave.
    const body = await new Response(init?.body).text();
    sent.push({ body, headers: { ...(init?.headers as Record<string, string>) } });
    if (forward) return forward(input, init);
    return new Response("", { headers: { "content-type": "text/event-stream" } });
  };
  return { sent, fetch: Object.assign(record, { preconnect: fetch.preconnect }) as typeof fetch };
}

/** One provider: the SDK's own model and gitclaw's, each sending through the fetch it is given. */
interface Provider {
  name: "anthropic" | "openai";
  modelId: string;
  sdk(baseURL: string, fetch: typeof globalThis.fetch): LanguageModelV4;
  ours(baseURL: string, fetch: typeof globalThis.fetch): LanguageModelV4;
}

const PROVIDERS: Provider[] = [
  {
    name: "anthropic",
    modelId: MODEL_ID,
    sdk: (baseURL, fetch) => createAnthropic({ baseURL, apiKey: "k", fetch })(MODEL_ID),
    ours: (baseURL, fetch) => createAnthropicModel({ baseURL, apiKey: "k", modelId: MODEL_ID, fetch }),
  },
  {
    name: "openai",
    modelId: "gpt-4.1",
    sdk: (baseURL, fetch) =>
      createOpenAICompatible({ name: "openai", baseURL, apiKey: "k", includeUsage: true, fetch }).chatModel("gpt-4.1"),
    ours: (baseURL, fetch) =>
      createOpenAICompatibleModel({ name: "openai", baseURL, apiKey: "k", modelId: "gpt-4.1", fetch }),
  },
];

/** The SDK's model and ours, each with its own server (the fake model numbers tool calls per server). */
function bothModels(provider: Provider, theirURL: string, ourURL = theirURL, forward?: typeof fetch) {
  const ours = recording(forward);
  const theirs = recording(forward);
  return { ours, theirs, sdk: provider.sdk(theirURL, theirs.fetch), own: provider.ours(ourURL, ours.fetch) };
}

function expectSameRequests(ours: ReturnType<typeof recording>, theirs: ReturnType<typeof recording>) {
  expect(ours.sent.length).toBeGreaterThan(0);
  expect(ours.sent.map((r) => r.body)).toEqual(theirs.sent.map((r) => r.body));
  expect(ours.sent.map((r) => r.headers)).toEqual(theirs.sent.map((r) => r.headers));
}

const LOOP_CASES = [
  { provider: PROVIDERS[0]!, reject: false },
  { provider: PROVIDERS[0]!, reject: true },
  { provider: PROVIDERS[1]!, reject: false },
];

describe.each(LOOP_CASES)(
  "the $provider.name model in loop runs (cache_control refused: $reject)",
  ({ provider, reject }) => {
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
      const dir = mkdtempSync(join(tmpdir(), "gitclaw-incremental-body-"));
      writeFileSync(join(dir, "notes.md"), "notes\n");
      const session = SessionFile.create(dir, { cwd: dir });
      const content = [
        { type: "text" as const, text: "Go." },
        { type: "image" as const, data: PIXEL, mimeType: "image/png" },
      ];
      session.append({ type: "message", message: { role: "user", content, timestamp: 0 } });
      const env = {
        ANTHROPIC_API_KEY: "k",
        ANTHROPIC_BASE_URL: fake.url,
        OPENAI_API_KEY: "k",
        OPENAI_BASE_URL: fake.url,
      };
      const spec = `${provider.name}/${provider.modelId}`;
      const resolved = { ...(await resolveModel(spec, { providers: {} }, env)), model };
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
      const { ours, theirs, sdk, own } = bothModels(provider, `${theirFake.url}/v1`, `${ourFake.url}/v1`, fetch);
      const theirResult = await run(sdk, theirFake);
      const ourResult = await run(own, ourFake);
      expect(ourResult).toMatchObject({ outcome: "done", text: "done", turns: 4 });
      expect(ourResult.outcome).toBe(theirResult.outcome);
      expect(ours.sent).toHaveLength(reject ? 5 : 4);
      expectSameRequests(ours, theirs);
    });
  },
);

/**
 * How many messages the SDK converts per call in the tests below: Anthropic makes one of each run of
 * one side, the OpenAI-compatible API one of each message (a tool message one per result) and counts
 * the system message among them.
 */
const CONVERTED: Record<Provider["name"], Record<"merges" | "apart" | "compaction" | "long", number[]>> = {
  anthropic: { merges: [1, 3, 2, 2, 2, 2, 3], apart: [1, 1, 3, 3, 3, 3], compaction: [1, 3, 1, 3, 1], long: [3] },
  openai: { merges: [2, 4, 5, 5, 3, 3, 5], apart: [2, 2, 4, 4, 4, 4], compaction: [2, 4, 2, 4, 3], long: [4] },
};

describe.each(PROVIDERS)("the $name model's requests", (provider) => {
  const expected = CONVERTED[provider.name];
  const options = (prompt: LanguageModelV4Message[]): LanguageModelV4CallOptions => ({
    prompt,
    maxOutputTokens: 1000,
    tools: [{ type: "function", name: "echo", inputSchema: { type: "object", properties: {} } }],
  });
  const mark = { anthropic: { cacheControl: { type: "ephemeral" } } };
  const user = (text: string): LanguageModelV4Message => ({ role: "user", content: [{ type: "text", text }] });
  const assistant = (...content: Extract<LanguageModelV4Message, { role: "assistant" }>["content"]) =>
    ({ role: "assistant", content }) as LanguageModelV4Message;
  const result = (id: string, value: string): Extract<LanguageModelV4Message, { role: "tool" }> => ({
    role: "tool",
    content: [{ type: "tool-result", toolCallId: id, toolName: "echo", output: { type: "text", value } }],
  });
  const call = (id: string) => ({ type: "tool-call" as const, toolCallId: id, toolName: "echo", input: "{}" });
  const results = (...ids: string[]): LanguageModelV4Message => ({
    role: "tool",
    content: ids.flatMap((id) => result(id, `${id} done`).content),
  });

  /** The prompts of a conversation growing turn by turn, the last message marked afresh each time. */
  function prompts(turns: LanguageModelV4Message[][]): LanguageModelV4Message[][] {
    const conversation: LanguageModelV4Message[] = [];
    return turns.map((added) => {
      conversation.push(...added);
      const last = conversation.at(-1)!;
      return [
        { role: "system", content: "be brief", providerOptions: mark } as LanguageModelV4Message,
        ...conversation.slice(0, -1),
        { ...last, providerOptions: mark },
      ];
    });
  }

  /** Sends each prompt through both models; how many messages the SDK converted for ours each time. */
  async function sendAll(all: LanguageModelV4Message[][]) {
    const { ours, theirs, sdk, own } = bothModels(provider, "http://127.0.0.1:9/v1");
    const converted: number[] = [];
    for (const prompt of all) {
      await sdk.doStream(options(prompt));
      // The SDK's own record of its request: the messages it converted this time.
      const { request } = await own.doStream(options(prompt));
      converted.push((request?.body as { messages: unknown[] } | undefined)?.messages.length ?? -1);
    }
    expectSameRequests(ours, theirs);
    return converted;
  }

  const converse = (turns: LanguageModelV4Message[][]) => sendAll(prompts(turns));

  it("merges tool results with a following user message, and consecutive assistant messages", async () => {
    const converted = await converse([
      [user("start")],
      [assistant({ type: "text", text: "ok " }, call("a")), result("a", "one")],
      [user("steer"), assistant({ type: "reasoning", text: "hm" }), assistant(call("b"), { type: "text", text: "x" })],
      [result("b", "two"), user("more"), user("and more")],
      [assistant({ type: "text", text: "trailing   " })],
      [user("last")],
      [assistant(call("c"), call("d")), results("c", "d")],
    ]);
    // Each turn converts the unit marked last time (now unmarked, a new object) and what was added.
    expect(converted).toEqual(expected.merges);
  });

  it("keeps messages the SDK drops, such as an assistant message with no content, out of the body", async () => {
    await converse([
      [user("start")],
      [assistant(), user("again")],
      [assistant({ type: "text", text: "hi" })],
      [user("x")],
    ]);
  });

  it("keeps the conversations of one model apart, as sub-agents sharing it have them", async () => {
    const one = prompts([
      [user("one")],
      [assistant(call("a")), result("a", "1")],
      [assistant(call("b")), result("b", "2")],
    ]);
    const two = prompts([
      [user("two")],
      [assistant(call("c")), result("c", "3")],
      [assistant(call("d")), result("d", "4")],
    ]);
    const converted = await sendAll(one.flatMap((prompt, i) => [prompt, two[i]!]));
    // Each conversation converts only what it added, whatever the other sent in between.
    expect(converted).toEqual(expected.apart);
  });

  it("converts a prompt that does not continue the conversation whole (a compaction), then extends it again", async () => {
    const before = prompts([[user("start")], [assistant(call("a")), result("a", "one")]]);
    const after = prompts([[user("summary of it all")], [assistant(call("b")), result("b", "two")], [user("next")]]);
    expect(await sendAll([...before, ...after])).toEqual(expected.compaction);
  });

  it("sends text beyond ASCII (accents, CJK, emoji, lone surrogates) as the SDK does", async () => {
    await converse([
      [user("café — 東京 🦞")],
      [assistant({ type: "text", text: "ünïcödé 🦀" }, call("a")), result("a", "😀\ud800 end")],
      [assistant(call("b")), result("b", "ok")],
      [user("🦞".repeat(5000))],
      [assistant(call("c")), result("c", "done")],
    ]);
  });

  it("sends a long conversation as the SDK does, converting only the newest units each turn", async () => {
    const turns: LanguageModelV4Message[][] = [[user("go")]];
    for (let t = 0; t < 300; t++) turns.push([assistant(call(`t${t}`)), result(`t${t}`, `output ${t} `.repeat(t % 7))]);
    const converted = await converse(turns);
    expect(Math.max(...converted.slice(2))).toBe(expected.long[0]);
  });
});
