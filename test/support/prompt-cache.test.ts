// The prompt-caching model the fake model server reports usage with and the cost benchmark bills
// with, driven directly with request bodies shaped like the ones the real clients send.
import { describe, expect, it } from "vitest";
import { modelInfo } from "../../src/agent/catalog.ts";
import { cacheControlProblem, createPromptCache, dollars, tokens } from "./fake-model/prompt-cache.ts";

const EPHEMERAL = { type: "ephemeral" };
const text = (bytes: number, fill = "x") => fill.repeat(bytes);
/** JSON bytes of a block without its cache_control, as the model counts it. */
const size = (block: Record<string, unknown>) =>
  Buffer.byteLength(JSON.stringify({ ...block, cache_control: undefined }));

const tool = {
  name: "read",
  description: "Reads a file.",
  input_schema: { type: "object", properties: { path: { type: "string" } } },
};
const system = { type: "text", text: text(6000, "s"), cache_control: EPHEMERAL };
const user = (words: string, cached = true) => ({
  role: "user",
  content: [{ type: "text", text: words, ...(cached ? { cache_control: EPHEMERAL } : {}) }],
});
const assistant = (words: string) => ({ role: "assistant", content: [{ type: "text", text: words }] });
const plainUser = (words: string) => user(words, false);

describe("prompt cache, Anthropic", () => {
  it("bills a prompt without breakpoints as plain input, every time", () => {
    const cache = createPromptCache();
    const body = { tools: [tool], system: [{ type: "text", text: text(8000) }], messages: [plainUser("hi")] };
    const first = cache.usage("anthropic", body);
    expect(first).toEqual({
      input: tokens(size(tool) + size(body.system[0]!) + size(body.messages[0]!.content[0]!)),
      cacheRead: 0,
      cacheWrite: 0,
    });
    expect(cache.usage("anthropic", body)).toEqual(first);
  });

  it("writes the prefix up to the last breakpoint, and the next turn reads it and writes only what it added", () => {
    const cache = createPromptCache();
    const turn1 = { tools: [tool], system: [system], messages: [user("fix the bug")] };
    const first = cache.usage("anthropic", turn1);
    expect(first.cacheRead).toBe(0);
    expect(first.input).toBe(0);
    expect(first.cacheWrite).toBeGreaterThan(1024);

    const turn2 = {
      tools: [tool],
      system: [system],
      messages: [plainUser("fix the bug"), assistant("Looking."), user(text(900, "r"))],
    };
    const second = cache.usage("anthropic", turn2);
    expect(second.cacheRead).toBe(first.cacheWrite);
    expect(second.cacheWrite).toBe(
      tokens(
        size(turn1.tools[0]!) +
          size(system) +
          size(turn2.messages[0]!.content[0]!) +
          size(turn2.messages[1]!.content[0]!) +
          size(turn2.messages[2]!.content[0]!),
      ) - first.cacheWrite,
    );
    expect(second.input).toBe(0);
  });

  it("leaves what follows the last breakpoint as plain input", () => {
    const cache = createPromptCache();
    const usage = cache.usage("anthropic", { system: [system], messages: [plainUser(text(4000, "u"))] });
    expect(usage.cacheWrite).toBe(tokens(size(system)));
    expect(usage.input).toBe(tokens(size(system) + size({ type: "text", text: text(4000, "u") })) - usage.cacheWrite);
  });

  it("does not cache a prefix under 1,024 tokens", () => {
    const cache = createPromptCache();
    const body = { system: [{ type: "text", text: "be brief", cache_control: EPHEMERAL }], messages: [user("hi")] };
    const usage = cache.usage("anthropic", body);
    expect(usage).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    expect(cache.usage("anthropic", body)).toEqual(usage);
  });

  it("finds a cached prefix at most 20 blocks back from a breakpoint", () => {
    const start = [user("start")];
    const later = (turns: number) => [
      plainUser("start"),
      ...Array.from({ length: turns - 1 }, (_, i) => (i % 2 ? plainUser(`u${i}`) : assistant(`a${i}`))),
      user("last"),
    ];
    const read = (messages: ReturnType<typeof later>) => {
      const cache = createPromptCache();
      cache.usage("anthropic", { system: [system], messages: start });
      return cache.usage("anthropic", { system: [system], messages }).cacheRead;
    };
    // The breakpoint 19 blocks after the cached "start" still finds it; 20 blocks after, only the
    // system prompt's own breakpoint finds something.
    expect(read(later(19))).toBe(tokens(size(system) + size(start[0]!.content[0]!)));
    expect(read(later(20))).toBe(tokens(size(system)));
  });

  it("misses everything after a change early in the prompt", () => {
    const cache = createPromptCache();
    cache.usage("anthropic", { system: [system], messages: [user("hi")] });
    const changed = { ...system, text: `${system.text}!` };
    expect(cache.usage("anthropic", { system: [changed], messages: [user("hi")] }).cacheRead).toBe(0);
  });

  it("keys the cache on content: moving a breakpoint does not change what is cached", () => {
    const cache = createPromptCache();
    const written = cache.usage("anthropic", { system: [system], messages: [user("one")] }).cacheWrite;
    const usage = cache.usage("anthropic", { system: [{ type: "text", text: system.text }], messages: [user("one")] });
    expect(usage).toEqual({ input: 0, cacheRead: written, cacheWrite: 0 });
  });

  it("reads a string system prompt and string content as one text block each", () => {
    const asBlocks = createPromptCache().usage("anthropic", {
      system: [{ type: "text", text: system.text }],
      messages: [{ role: "user", content: [{ type: "text", text: "hi" }] }],
    });
    const asStrings = createPromptCache().usage("anthropic", {
      system: system.text,
      messages: [{ role: "user", content: "hi" }],
    });
    expect(asStrings).toEqual(asBlocks);
  });

  it("refuses more than four breakpoints, as the API does", () => {
    const messages = Array.from({ length: 4 }, (_, i) => user(`m${i}`));
    expect(cacheControlProblem("anthropic", { system: [system], messages: messages.slice(0, 3) })).toBeUndefined();
    expect(cacheControlProblem("anthropic", { system: [system], messages })).toBe(
      "A maximum of 4 blocks with cache_control may be provided. Found 5.",
    );
  });
});

describe("prompt cache, OpenAI", () => {
  const systemMessage = { role: "system", content: text(8000, "s") };

  it("caches every long prefix on its own and reads the longest one in 128-token steps", () => {
    const cache = createPromptCache();
    const first = { messages: [systemMessage, { role: "user", content: "hi" }] };
    expect(cache.usage("openai", first)).toMatchObject({ cacheRead: 0, cacheWrite: 0 });
    const second = {
      messages: [
        systemMessage,
        { role: "user", content: "hi" },
        { role: "assistant", content: "hello" },
        { role: "user", content: "more" },
      ],
    };
    const usage = cache.usage("openai", second);
    const prefix = tokens(
      Buffer.byteLength(JSON.stringify(systemMessage)) + Buffer.byteLength(JSON.stringify(first.messages[1])),
    );
    expect(usage.cacheRead).toBe(Math.floor(prefix / 128) * 128);
    expect(usage.cacheWrite).toBe(0);
    expect(usage.input + usage.cacheRead).toBe(
      tokens(second.messages.reduce((n, m) => n + Buffer.byteLength(JSON.stringify(m)), 0)),
    );
  });

  it("does not cache prompts under 1,024 tokens", () => {
    const cache = createPromptCache();
    const body = {
      messages: [
        { role: "system", content: "be brief" },
        { role: "user", content: "hi" },
      ],
    };
    cache.usage("openai", body);
    expect(cache.usage("openai", body).cacheRead).toBe(0);
  });
});

it("prices usage in dollars per million tokens", () => {
  const price = modelInfo("anthropic", "claude-sonnet-4-5").price!;
  expect(dollars({ input: 1e6, output: 1e6, cacheRead: 1e6, cacheWrite: 1e6 }, price)).toBeCloseTo(
    3 + 15 + 0.3 + 3.75,
    10,
  );
});
