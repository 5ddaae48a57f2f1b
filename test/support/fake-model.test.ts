// Drives the fake model with the real `ai` SDK providers: if these pass, the fake speaks each wire
// format well enough for the clients the agent uses. The Anthropic model id is a real one because
// the SDK warns on every call about unknown ids; the fake itself accepts any.
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import { APICallError, generateText, streamText, tool, type LanguageModel, type ModelMessage } from "ai";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { startFakeModel, type FakeModel, type ModelApi } from "./fake-model.ts";
import { createPromptCache } from "./fake-model/prompt-cache.ts";

interface Provider {
  api: ModelApi;
  model(fake: FakeModel): LanguageModel;
  /** The auth header the provider sends, and its value. */
  auth: [string, string];
  /** Where the request body carries the instructions. */
  instructions(body: Record<string, unknown>): unknown;
  /** The tool result for `call-1` as it must appear in the follow-up request's messages. */
  toolResult: unknown;
  /** The SDK's normalised usage for { input: 11, output: 7, cacheRead: 3, cacheWrite: 2 }. */
  usage: Record<string, unknown>;
  /** What a default-id tool call of request #0 is called. */
  defaultToolId: string;
  errorStatus: number;
}

const providers: Provider[] = [
  {
    api: "anthropic",
    model: (fake) => createAnthropic({ baseURL: fake.anthropicBaseUrl, apiKey: "sk-ant-test" })("claude-sonnet-4-5"),
    auth: ["x-api-key", "sk-ant-test"],
    instructions: (body) => body.system,
    toolResult: {
      role: "user",
      content: [expect.objectContaining({ type: "tool_result", tool_use_id: "call-1", content: "const a = 1;" })],
    },
    // inputTokens includes both cache reads and writes.
    usage: {
      inputTokens: 16,
      outputTokens: 7,
      inputTokenDetails: { noCacheTokens: 11, cacheReadTokens: 3, cacheWriteTokens: 2 },
    },
    defaultToolId: "toolu_fake0_0",
    errorStatus: 529,
  },
  {
    api: "openai",
    model: (fake) =>
      createOpenAICompatible({ name: "fake", baseURL: fake.openaiBaseUrl, apiKey: "sk-oai-test", includeUsage: true })(
        "gpt-fake",
      ),
    auth: ["authorization", "Bearer sk-oai-test"],
    instructions: (body) =>
      (body.messages as { role: string; content: unknown }[]).find((m) => m.role === "system")?.content,
    toolResult: { role: "tool", tool_call_id: "call-1", content: "const a = 1;" },
    // Chat Completions has no cache writes: they are plain input tokens there.
    usage: {
      inputTokens: 16,
      outputTokens: 7,
      inputTokenDetails: { noCacheTokens: 13, cacheReadTokens: 3, cacheWriteTokens: undefined },
    },
    defaultToolId: "call_fake0_0",
    errorStatus: 429,
  },
];

const readFileTool = tool({
  description: "Read a file",
  inputSchema: z.object({ path: z.string(), limit: z.number() }),
});

// streamText logs stream errors to the console unless given onError; these tests expect them.
const quiet = () => {};

async function collect<T>(stream: AsyncIterable<T>): Promise<T[]> {
  const parts: T[] = [];
  for await (const part of stream) parts.push(part);
  return parts;
}

async function until(condition: () => boolean, what: string): Promise<void> {
  for (const started = Date.now(); !condition(); await Bun.sleep(10)) {
    if (Date.now() - started > 5_000) throw new Error(`timed out waiting until ${what}`);
  }
}

let fake: FakeModel;
beforeEach(async () => {
  fake = await startFakeModel();
});
afterEach(async () => {
  await fake.stop();
});

describe.each(providers)("fake model, $api", (provider) => {
  it("streams a text turn in several deltas, with usage, and records the request", async () => {
    const text = "Hello from the fake model, streamed in pieces.";
    fake.script([{ text, usage: { input: 11, output: 7, cacheRead: 3, cacheWrite: 2 } }]);
    const result = streamText({
      model: provider.model(fake),
      instructions: "Be brief.",
      prompt: "Say hello",
      maxRetries: 0,
    });

    const deltas = (await collect(result.fullStream))
      .filter((part) => part.type === "text-delta")
      .map((part) => part.text);
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.join("")).toBe(text);
    expect(await result.finishReason).toBe("stop");
    expect(await result.totalUsage).toMatchObject(provider.usage);

    expect(fake.requests).toHaveLength(1);
    const [request] = fake.requests;
    expect(request).toMatchObject({
      api: provider.api,
      path: provider.api === "anthropic" ? "/v1/messages" : "/v1/chat/completions",
    });
    expect(request?.headers[provider.auth[0]]).toBe(provider.auth[1]);
    expect(request?.body.stream).toBe(true);
    expect(JSON.stringify(provider.instructions(request?.body ?? {}))).toContain("Be brief.");
  });

  it("returns a tool call, then records the tool result sent back", async () => {
    fake.script([
      { text: "Reading it.", toolCalls: [{ id: "call-1", name: "read_file", input: { path: "src/a.ts", limit: 20 } }] },
      { text: "It defines a." },
    ]);
    const model = provider.model(fake);
    const messages: ModelMessage[] = [{ role: "user", content: "What is in src/a.ts?" }];
    const first = streamText({ model, messages, tools: { read_file: readFileTool }, maxRetries: 0 });

    const calls = (await collect(first.fullStream)).filter((part) => part.type === "tool-call");
    expect(calls).toMatchObject([
      { toolCallId: "call-1", toolName: "read_file", input: { path: "src/a.ts", limit: 20 } },
    ]);
    expect(await first.finishReason).toBe("tool-calls");

    messages.push(...(await first.response).messages, {
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "call-1",
          toolName: "read_file",
          output: { type: "text", value: "const a = 1;" },
        },
      ],
    });
    const second = streamText({ model, messages, tools: { read_file: readFileTool }, maxRetries: 0 });
    expect(await second.text).toBe("It defines a.");
    expect(fake.requests[1]?.body.messages).toContainEqual(provider.toolResult);
  });

  it("streams thinking as reasoning parts", async () => {
    const thinking = "The user wants a greeting; keep it short.";
    fake.script([{ thinking, text: "Hi." }]);
    const result = streamText({ model: provider.model(fake), prompt: "Greet me", maxRetries: 0 });

    const parts = await collect(result.fullStream);
    const reasoning = parts.filter((part) => part.type === "reasoning-delta").map((part) => part.text);
    expect(reasoning.join("")).toBe(thinking);
    expect(await result.text).toBe("Hi.");
  });

  it("answers non-streaming requests with the whole message", async () => {
    fake.script([
      {
        text: "Checking.",
        toolCalls: [{ name: "read_file", input: { path: "b.ts", limit: 1 } }],
        usage: { input: 4, output: 2 },
      },
    ]);
    const result = await generateText({
      model: provider.model(fake),
      prompt: "Read b.ts",
      tools: { read_file: readFileTool },
      maxRetries: 0,
    });

    expect(fake.requests[0]?.body.stream).not.toBe(true);
    expect(result.text).toBe("Checking.");
    expect(result.toolCalls).toMatchObject([
      { toolCallId: provider.defaultToolId, toolName: "read_file", input: { path: "b.ts", limit: 1 } },
    ]);
    expect(result.finishReason).toBe("tool-calls");
    expect(result.usage).toMatchObject({ inputTokens: 4, outputTokens: 2 });
  });

  it("surfaces an error turn as an APICallError with the status and retry-after", async () => {
    fake.script([{ error: { status: provider.errorStatus, message: "Overloaded, try later", retryAfter: 7 } }]);
    const result = streamText({ model: provider.model(fake), prompt: "Hi", maxRetries: 0, onError: quiet });

    const errors = (await collect(result.fullStream)).filter((part) => part.type === "error").map((part) => part.error);
    expect(errors).toHaveLength(1);
    const error = errors[0];
    if (!APICallError.isInstance(error)) throw new Error(`expected an APICallError, got ${String(error)}`);
    expect(error.statusCode).toBe(provider.errorStatus);
    expect(error.message).toBe("Overloaded, try later");
    expect(error.isRetryable).toBe(true);
    expect(error.responseHeaders?.["retry-after"]).toBe("7");
  });

  it("answers 500 when no scripted turn is left", async () => {
    const result = streamText({ model: provider.model(fake), prompt: "Hi", maxRetries: 0, onError: quiet });

    const [error] = (await collect(result.fullStream))
      .filter((part) => part.type === "error")
      .map((part) => part.error);
    if (!APICallError.isInstance(error)) throw new Error(`expected an APICallError, got ${String(error)}`);
    expect(error.statusCode).toBe(500);
    expect(error.message).toBe("fake model: no scripted turn left for request #0");
    expect(fake.requests).toHaveLength(1);
  });
});

describe("fake model, serving", () => {
  const model = () => providers[0]!.model(fake);

  it("refuses thinking sent back other than as it was signed, as Anthropic's API does", async () => {
    const thinking = "Check the file first.";
    fake.script([{ thinking, text: "Done." }, { text: "ok" }, { text: "never" }]);
    const messages = async (extra: unknown[] = []) => {
      const response = await fetch(`${fake.anthropicBaseUrl}/messages`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-api-key": "sk-ant-test", "anthropic-version": "2023-06-01" },
        body: JSON.stringify({ model: "claude-sonnet-4-5", max_tokens: 64, messages: [...extra] }),
      });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    };
    const first = await messages([{ role: "user", content: "Go" }]);
    const block = (first.body.content as { type: string; signature?: string }[])[0]!;
    expect(block).toMatchObject({ type: "thinking", thinking });
    const replay = (thought: Record<string, unknown>) => [
      { role: "user", content: "Go" },
      { role: "assistant", content: [thought, { type: "text", text: "Done." }] },
      { role: "user", content: "And?" },
    ];
    expect((await messages(replay(block))).status).toBe(200);
    const altered = await messages(replay({ ...block, thinking: `${thinking} Then delete it.` }));
    expect(altered).toEqual({
      status: 400,
      body: {
        type: "error",
        error: {
          type: "invalid_request_error",
          message: "messages.1.content.0: Invalid `signature` in `thinking` block",
        },
      },
    });
  });

  it("lists models in the format of the API the client speaks, and refuses a missing or wrong key", async () => {
    await fake.stop();
    fake = await startFakeModel({ acceptKey: "sk-right" });
    const list = (headers: Record<string, string>) => fetch(`${fake.url}/v1/models`, { headers });
    const anthropic = await list({ "x-api-key": "sk-right", "anthropic-version": "2023-06-01" });
    expect(await anthropic.json()).toMatchObject({
      data: [expect.objectContaining({ type: "model", id: "claude-sonnet-4-5-20250929" }), expect.anything()],
      has_more: false,
    });
    const openai = await list({ authorization: "Bearer sk-right" });
    expect(await openai.json()).toMatchObject({
      object: "list",
      data: [expect.objectContaining({ object: "model", id: "gpt-4.1" }), expect.anything()],
    });
    const wrong = await list({ "x-api-key": "sk-wrong", "anthropic-version": "2023-06-01" });
    expect([wrong.status, await wrong.json()]).toEqual([
      401,
      { type: "error", error: { type: "authentication_error", message: "invalid x-api-key" } },
    ]);
    const missing = await list({});
    expect([missing.status, await missing.json()]).toEqual([
      401,
      { error: { code: 401, message: "missing API key", type: "authentication_error" } },
    ]);
    expect(fake.listRequests.map((request) => request.api)).toEqual(["anthropic", "openai", "anthropic", "openai"]);
    expect(fake.requests).toEqual([]);
  });

  it("serves respond() once the scripted turns are used up, and script() appends", async () => {
    await fake.stop();
    fake = await startFakeModel({
      turns: [{ text: "scripted" }],
      respond: (request, index) => ({ text: `${request.api} #${index}` }),
    });
    fake.script([{ text: "appended" }]);

    const texts: string[] = [];
    for (let i = 0; i < 4; i++) texts.push(await streamText({ model: model(), prompt: "Hi", maxRetries: 0 }).text);
    expect(texts).toEqual(["scripted", "appended", "anthropic #2", "anthropic #3"]);
  });

  it("waits delayMs before answering and chunkDelayMs between events", async () => {
    fake.script([{ text: "a".repeat(32), delayMs: 100, chunkDelayMs: 20 }]);
    const started = performance.now();
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0 });
    const seen: number[] = [];
    for await (const part of result.fullStream) if (part.type === "text-delta") seen.push(performance.now());

    // 32 characters are 4 deltas; timers may fire a little early, hence the slack. Measured from the
    // start, not between deltas: a client slowed by load may read the first one late, never the last
    // one before the server sent it.
    expect(seen).toHaveLength(4);
    expect(seen[0]! - started).toBeGreaterThanOrEqual(95);
    expect(seen[3]! - started).toBeGreaterThanOrEqual(100 + 3 * 20 - 5);
  });

  it("holds a hanging stream open until the client aborts, then ends it cleanly", async () => {
    fake.script([{ text: "This answer never finishes streaming.", hang: true }, { text: "still serving" }]);
    const controller = new AbortController();
    const result = streamText({ model: model(), prompt: "Hi", maxRetries: 0, abortSignal: controller.signal });

    const parts: string[] = [];
    for await (const part of result.fullStream) {
      parts.push(part.type);
      if (part.type === "text-delta" && !controller.signal.aborted) {
        // Long enough for a stream that wrongly closes on its own to have done so.
        await Bun.sleep(100);
        expect(fake.inFlight).toBe(1);
        controller.abort();
      }
    }
    expect(parts).toContain("text-delta");
    expect(parts).toContain("abort");
    expect(parts).not.toContain("finish-step");
    await until(() => fake.inFlight === 0, "the server notices the disconnect");

    expect(await streamText({ model: model(), prompt: "Hi", maxRetries: 0 }).text).toBe("still serving");
  });

  it("holds a non-streaming request unanswered until the client aborts", async () => {
    fake.script([{ text: "never sent", hang: true }]);
    const controller = new AbortController();
    const call = generateText({ model: model(), prompt: "Hi", maxRetries: 0, abortSignal: controller.signal });

    await until(() => fake.requests.length === 1, "the request arrives");
    await Bun.sleep(100);
    expect(fake.inFlight).toBe(1);
    controller.abort();
    await expect(call).rejects.toThrow();
    await until(() => fake.inFlight === 0, "the server notices the disconnect");
  });

  it("runs standalone with --echo and prints its URL", async () => {
    const child = Bun.spawn(["bun", fileURLToPath(new URL("fake-model.ts", import.meta.url)), "--echo"], {
      stdout: "pipe",
      stderr: "inherit",
    });
    try {
      const reader = child.stdout.getReader();
      let out = "";
      while (!out.includes("\n")) {
        const { value, done } = await reader.read();
        if (done) break;
        out += new TextDecoder().decode(value);
      }
      const url = /^FAKE_MODEL_URL=(http:\/\/127\.0\.0\.1:\d+)$/m.exec(out)?.[1];
      expect(url).toBeDefined();
      const openai = createOpenAICompatible({ name: "fake", baseURL: `${url}/v1`, includeUsage: true });
      const result = streamText({ model: openai("gpt-fake"), prompt: "ping 42", maxRetries: 0 });
      expect(await result.text).toBe("echo: ping 42");
    } finally {
      child.kill();
      await child.exited;
    }
  });
});

/** The `data:` payloads of an SSE body, parsed; `[DONE]` as is. */
function sseData(body: string): unknown[] {
  return body
    .split("\n\n")
    .filter((event) => event.startsWith("data: "))
    .map((event) => event.slice("data: ".length))
    .map((payload) => (payload === "[DONE]" ? payload : JSON.parse(payload)));
}

const chatRequest = (fake: FakeModel, extra: Record<string, unknown> = {}, signal?: AbortSignal) =>
  fetch(`${fake.openaiBaseUrl}/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: "Bearer sk-oai-test" },
    body: JSON.stringify({
      model: "smollm2",
      messages: [{ role: "user", content: "Hi" }],
      stream: true,
      stream_options: { include_usage: true },
      ...extra,
    }),
    signal,
  });

describe("fake model, the OpenAI-compatible stream as llama-server sends it", () => {
  it("opens with a role delta, sends each call's id once and its arguments token by token, finish and usage apart", async () => {
    const input = { list: true, cancel: "true" };
    fake.script([
      {
        toolCalls: [
          { name: "job", input },
          { name: "job", input },
        ],
        usage: { input: 1502, output: 93 },
      },
    ]);
    const response = await chatRequest(fake);
    expect(response.headers.get("content-type")).toContain("text/event-stream");
    expect(response.headers.get("server")).toBe("llama.cpp");
    const events = sseData(await response.text()).filter((e) => e !== "[DONE]") as {
      choices: {
        delta: { tool_calls?: { index: number; id?: string; function: { name?: string; arguments: string } }[] };
      }[];
      usage?: unknown;
    }[];

    expect(events[0]).toMatchObject({
      choices: [{ index: 0, finish_reason: null, delta: { role: "assistant", content: null } }],
    });
    const fragments = events.flatMap((e) => e.choices[0]?.delta.tool_calls ?? []);
    const opening = fragments.filter((f) => f.id !== undefined);
    expect(opening).toMatchObject([
      {
        index: 0,
        id: "call_fake0_0",
        type: "function",
        function: { name: "job", arguments: expect.stringMatching(/^\{/) },
      },
      {
        index: 1,
        id: "call_fake0_1",
        type: "function",
        function: { name: "job", arguments: expect.stringMatching(/^\{/) },
      },
    ]);
    // The id and name once per call; every other fragment a token or so of the arguments.
    expect(fragments.filter((f) => f.function.name !== undefined)).toHaveLength(2);
    expect(fragments.length).toBeGreaterThan(8);
    expect(fragments.every((f) => f.function.arguments.length <= 8)).toBe(true);
    const joined = (index: number) =>
      fragments
        .filter((f) => f.index === index)
        .map((f) => f.function.arguments)
        .join("");
    expect(JSON.parse(joined(0))).toEqual(input);
    expect(JSON.parse(joined(1))).toEqual(input);

    const [finish, usage] = events.slice(-2);
    expect(finish).toMatchObject({ choices: [{ finish_reason: "tool_calls", delta: {} }] });
    expect(finish).not.toHaveProperty("usage");
    expect(usage).toMatchObject({
      choices: [],
      usage: {
        prompt_tokens: 1502,
        completion_tokens: 93,
        total_tokens: 1595,
        prompt_tokens_details: { cached_tokens: 0 },
      },
      timings: expect.any(Object),
    });
  });

  it("answers an error with llama-server's body", async () => {
    fake.script([{ error: { status: 400, message: "bad request" } }]);
    const response = await chatRequest(fake);
    expect([response.status, await response.json()]).toEqual([
      400,
      { error: { code: 400, message: "bad request", type: "invalid_request_error" } },
    ]);
  });

  it("with omitUsage, sends no usage event", async () => {
    fake.script([{ text: "no usage here", omitUsage: true }]);
    const events = sseData(await (await chatRequest(fake)).text());
    expect(events.at(-2)).toMatchObject({ choices: [{ finish_reason: "stop" }] });
    expect(JSON.stringify(events)).not.toContain('"usage"');
  });
});

describe.each(providers)("fake model, faults, $api", (provider) => {
  it("breaks a stream after N events: the client gets them, then a reset connection, no finish", async () => {
    fake.script([{ text: "This answer is cut short by a dying server.", breakAfter: 4 }, { text: "next" }]);
    const result = streamText({ model: provider.model(fake), prompt: "Hi", maxRetries: 0, onError: quiet });
    const parts: { type: string; text?: string }[] = [];
    // The reset reaches the client as the stream's own error, thrown where the next part is read.
    const thrown = await (async () => {
      for await (const part of result.fullStream) parts.push(part);
    })().catch((error: unknown) => error);

    const text = parts.filter((part) => part.type === "text-delta").map((part) => part.text);
    expect(text.length).toBeGreaterThan(0);
    expect("This answer is cut short by a dying server.".startsWith(text.join(""))).toBe(true);
    expect(text.join("")).not.toBe("This answer is cut short by a dying server.");
    expect(parts.map((part) => part.type)).not.toContain("finish");
    if (!APICallError.isInstance(thrown)) throw new Error(`expected an APICallError, got ${String(thrown)}`);
    expect([thrown.statusCode, thrown.message]).toEqual([200, "Failed to process successful response"]);
    expect((thrown.cause as { code?: string }).code).toBe("ECONNRESET");
    await until(() => fake.inFlight === 0, "the broken stream is over");
    expect(await streamText({ model: provider.model(fake), prompt: "Hi", maxRetries: 0 }).text).toBe("next");
  });

  it("ends an answer at the output limit when told", async () => {
    fake.script([{ text: "The answer stops in the mid", stopReason: "length" }]);
    const result = streamText({ model: provider.model(fake), prompt: "Hi", maxRetries: 0 });
    expect(await result.text).toBe("The answer stops in the mid");
    expect(await result.finishReason).toBe("length");
  });

  it.each(["connection", "headers"] as const)("goes silent after the %s until the client gives up", async (silent) => {
    fake.script([{ text: "never sent", silent }, { text: "still serving" }]);
    const controller = new AbortController();
    const path = provider.api === "openai" ? "/chat/completions" : "/messages";
    const body = { model: "m", max_tokens: 10, messages: [{ role: "user", content: "Hi" }], stream: true };
    const response = fetch(`${fake.url}/v1${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": "k", "anthropic-version": "2023-06-01" },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    // Headers come whenever the client gets to them; their absence is waited for a while.
    const headers =
      silent === "headers"
        ? await response.then(() => "headers" as const)
        : await Promise.race([response.then(() => "headers" as const), Bun.sleep(200).then(() => "none" as const)]);
    expect(headers).toBe(silent === "headers" ? "headers" : "none");
    if (silent === "headers") {
      const reader = (await response).body!.getReader();
      const read = async () => {
        let text = "";
        for (;;) {
          const { value, done } = await reader.read();
          if (done) return text;
          text += new TextDecoder().decode(value);
          if (text.trim()) return text;
        }
      };
      const first = await Promise.race([read(), Bun.sleep(200).then(() => "nothing")]);
      expect(first).toBe("nothing");
    }
    expect(fake.inFlight).toBe(1);
    controller.abort();
    await until(() => fake.inFlight === 0, "the server notices the disconnect");
    expect(await streamText({ model: provider.model(fake), prompt: "Hi", maxRetries: 0 }).text).toBe("still serving");
  });
});

describe("fake model, prompt caching", () => {
  const cached = { anthropic: { cacheControl: { type: "ephemeral" } } };
  // Long enough to be cached (1,024 tokens and more).
  const instructions = `You review code. ${"Be precise and brief. ".repeat(300)}`;
  const anthropic = () => providers[0]!.model(fake);
  const openai = () => providers[1]!.model(fake);

  it("reports cache writes and reads from the breakpoints an Anthropic request carries, as the API does", async () => {
    fake.script([{ text: "First." }, { text: "Second." }]);
    const system = { role: "system" as const, content: instructions, providerOptions: cached };
    const first = streamText({
      model: anthropic(),
      instructions: system,
      messages: [{ role: "user", content: "hi", providerOptions: cached }],
      maxRetries: 0,
    });
    const written = (await first.usage).inputTokenDetails;
    expect(written.cacheReadTokens).toBe(0);
    expect(written.cacheWriteTokens).toBeGreaterThan(1024);
    expect(written.noCacheTokens).toBe(0);

    const messages = [
      { role: "user" as const, content: "hi" },
      { role: "assistant" as const, content: "First." },
      { role: "user" as const, content: "and now?", providerOptions: cached },
    ];
    const read = (await streamText({ model: anthropic(), instructions: system, messages, maxRetries: 0 }).usage)
      .inputTokenDetails;
    expect(read.cacheReadTokens).toBe(written.cacheWriteTokens);
    expect(read.cacheWriteTokens).toBeGreaterThan(0);

    // What the server reported is the prompt-caching model applied to the bodies it received.
    const model = createPromptCache();
    const billed = fake.requests.map((request) => model.usage(request.api, request.body));
    expect(
      fake.requests.map(({ usage }) => ({
        input: usage?.input,
        cacheRead: usage?.cacheRead,
        cacheWrite: usage?.cacheWrite,
      })),
    ).toEqual(billed);
  });

  it("bills an Anthropic request without breakpoints as plain input", async () => {
    fake.script([{ text: "One." }, { text: "Two." }]);
    for (let i = 0; i < 2; i++) {
      const details = (await streamText({ model: anthropic(), instructions, prompt: "hi", maxRetries: 0 }).usage)
        .inputTokenDetails;
      expect(details).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: 0 });
    }
  });

  it("reports OpenAI's automatic caching of a repeated prefix as cached_tokens", async () => {
    fake.script([{ text: "One." }, { text: "Two." }]);
    const first = (await streamText({ model: openai(), instructions, prompt: "hi", maxRetries: 0 }).usage)
      .inputTokenDetails;
    expect(first.cacheReadTokens).toBe(0);
    const second = await streamText({ model: openai(), instructions, prompt: "hi again", maxRetries: 0 }).usage;
    expect(second.inputTokenDetails.cacheReadTokens! % 128).toBe(0);
    expect(second.inputTokenDetails.cacheReadTokens).toBeGreaterThan(1024);
    expect(second.inputTokenDetails.noCacheTokens).toBe(
      second.inputTokens! - second.inputTokenDetails.cacheReadTokens!,
    );
  });

  it("forgets what it cached when asked", async () => {
    fake.script([{ text: "One." }, { text: "Two." }]);
    const call = async () =>
      (
        await streamText({
          model: anthropic(),
          instructions: { role: "system", content: instructions, providerOptions: cached },
          prompt: "hi",
          maxRetries: 0,
        }).usage
      ).inputTokenDetails;
    const written = (await call()).cacheWriteTokens;
    fake.forgetCache();
    expect(await call()).toMatchObject({ cacheReadTokens: 0, cacheWriteTokens: written });
  });

  it("refuses more than four breakpoints with the API's 400", async () => {
    // The SDK drops a fifth breakpoint itself, so this request is sent as another client could.
    const block = { type: "text", text: "m", cache_control: { type: "ephemeral" } };
    fake.script([{ text: "unused" }]);
    const response = await fetch(`${fake.anthropicBaseUrl}/messages`, {
      method: "POST",
      body: JSON.stringify({
        model: "claude-sonnet-4-5",
        max_tokens: 10,
        messages: [{ role: "user", content: Array.from({ length: 5 }, () => block) }],
      }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      type: "error",
      error: {
        type: "invalid_request_error",
        message: "A maximum of 4 blocks with cache_control may be provided. Found 5.",
      },
    });
    expect(await streamText({ model: anthropic(), prompt: "hi", maxRetries: 0 }).text).toBe("unused");
  });

  it("with rejectCacheControl, refuses Anthropic requests carrying cache_control and keeps the turn", async () => {
    await fake.stop();
    fake = await startFakeModel({ rejectCacheControl: true, turns: [{ text: "served" }] });
    const refused = streamText({
      model: anthropic(),
      messages: [{ role: "user", content: "hi", providerOptions: cached }],
      maxRetries: 0,
      onError: quiet,
    });
    const [error] = (await collect(refused.fullStream))
      .filter((part) => part.type === "error")
      .map((part) => part.error);
    if (!APICallError.isInstance(error)) throw new Error(`expected an APICallError, got ${String(error)}`);
    expect(error.statusCode).toBe(400);
    expect(error.message).toMatch(/cache_control/);
    expect(await streamText({ model: anthropic(), prompt: "hi", maxRetries: 0 }).text).toBe("served");
  });
});
