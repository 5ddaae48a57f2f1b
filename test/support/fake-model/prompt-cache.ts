// A model of provider prompt caching, used by the fake model server to report usage the way the real
// APIs do and by `bun run bench cost` to bill recorded requests. Tokens are estimated as UTF-8 bytes / 4.
//
// A prompt is a list of blocks: tool definitions, then system blocks, then each message's content blocks
// (Anthropic), or tool definitions then whole messages (OpenAI). A block's size is its JSON without
// the request's flags, which are not prompt text (`cache_control`, and the Anthropic tool's
// `eager_input_streaming`). The cache is keyed by a hash of the prefix up to each block boundary.
//
// Anthropic (explicit): a block carrying `cache_control` is a breakpoint. At each breakpoint the cache
// is searched for the prefix ending there or at one of the 19 block boundaries before it (the 20-block
// lookback); the longest prefix found is read at 0.1× the input price. The prefix up to the last
// breakpoint, past what was read, is written at 1.25×, if it holds at least 1,024 tokens; from then on
// each breakpoint's prefix is cached. The rest is plain input. More than 4 breakpoints is refused (400).
// OpenAI (automatic): every prefix of 1,024 tokens or more that a request sends is cached; a later
// request reads its longest cached prefix, counted in 128-token steps, at the cached-input price.
// Not modelled: time to live (5 minutes, refreshed on use) and eviction; the benchmark's runs are short.
import { createHash } from "node:crypto";
import type { ModelPrice } from "../../../src/agent/catalog.ts";

export type CacheApi = "anthropic" | "openai" | "bedrock" | "gemini";

/** Tokens of one request's prompt: `input` is what is billed at the plain input price. */
export interface PromptUsage {
  input: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface PromptBlock {
  /** Hash of the prompt up to and including this block. */
  prefix: string;
  bytes: number;
  breakpoint: boolean;
}

export const MIN_CACHED_TOKENS = 1024;
const LOOKBACK_BLOCKS = 20;
const MAX_BREAKPOINTS = 4;
const OPENAI_CACHE_STEP = 128;

export const tokens = (bytes: number) => Math.ceil(bytes / 4);

/** Keys that steer the request, not part of the prompt the model reads: not billed. */
const FLAGS = new Set(["cache_control", "eager_input_streaming"]);

/** A prompt block's JSON as billed: without the request's flags. */
export const promptJson = (block: unknown) =>
  JSON.stringify(block, (key, value) => (FLAGS.has(key) ? undefined : value));
const hasCacheControl = (block: unknown) =>
  typeof block === "object" && block !== null && "cache_control" in block && block.cache_control != null;

const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
/** A string content is one text block, as the API reads it. */
const contentBlocks = (content: unknown): unknown[] =>
  typeof content === "string" ? [{ type: "text", text: content }] : list(content);

/** The request body as a list of blocks, in the order the provider reads the prompt. */
export function promptBlocks(api: CacheApi, body: Record<string, unknown>): PromptBlock[] {
  const parts =
    api === "anthropic"
      ? [
          ...list(body.tools),
          ...contentBlocks(body.system),
          ...list(body.messages).flatMap((m) => contentBlocks((m as { content?: unknown }).content)),
        ]
      : api === "gemini"
        ? [...list(body.tools), body.systemInstruction, ...list(body.contents)]
        : [...list(body.tools), ...list(body.messages)];
  let hash: string = api;
  return parts.map((part) => {
    const json = promptJson(part);
    hash = createHash("sha256").update(hash).update("\0").update(json).digest("hex");
    return { prefix: hash, bytes: Buffer.byteLength(json), breakpoint: api === "anthropic" && hasCacheControl(part) };
  });
}

/** Why the API would refuse the request's breakpoints (status 400), or undefined. */
export function cacheControlProblem(api: CacheApi, body: Record<string, unknown>): string | undefined {
  const count = promptBlocks(api, body).filter((b) => b.breakpoint).length;
  return count > MAX_BREAKPOINTS
    ? `A maximum of ${MAX_BREAKPOINTS} blocks with cache_control may be provided. Found ${count}.`
    : undefined;
}

export interface PromptCache {
  /** Bills one request the API answered, and caches what it writes. */
  usage(api: CacheApi, body: Record<string, unknown>): PromptUsage;
}

/** An empty cache: one per server, or one per billed conversation ("cold"). */
export function createPromptCache(): PromptCache {
  const cached = new Set<string>();
  const minBytes = MIN_CACHED_TOKENS * 4;

  function anthropic(blocks: PromptBlock[], ends: number[]): PromptUsage {
    const breakpoints = blocks.flatMap((b, i) => (b.breakpoint ? [i] : [])).slice(0, MAX_BREAKPOINTS);
    let readEnd = -1;
    for (const at of breakpoints) {
      for (let i = at; i >= Math.max(0, at - LOOKBACK_BLOCKS + 1); i--) {
        if (cached.has(blocks[i]!.prefix)) {
          readEnd = Math.max(readEnd, i);
          break;
        }
      }
    }
    const last = breakpoints.at(-1) ?? -1;
    const writeEnd = last > readEnd && ends[last]! >= minBytes ? last : readEnd;
    for (const at of breakpoints) if (ends[at]! >= minBytes) cached.add(blocks[at]!.prefix);
    return split(ends, readEnd, writeEnd);
  }

  function openai(blocks: PromptBlock[], ends: number[]): PromptUsage {
    const readEnd = blocks.findLastIndex((b) => cached.has(b.prefix));
    blocks.forEach((b, i) => ends[i]! >= minBytes && cached.add(b.prefix));
    const total = tokens(ends.at(-1) ?? 0);
    const read = readEnd < 0 ? 0 : Math.floor(tokens(ends[readEnd]!) / OPENAI_CACHE_STEP) * OPENAI_CACHE_STEP;
    return { input: total - read, cacheRead: read, cacheWrite: 0 };
  }

  return {
    usage(api, body) {
      const blocks = promptBlocks(api, body);
      let sum = 0;
      const ends = blocks.map((b) => (sum += b.bytes));
      return api === "anthropic" ? anthropic(blocks, ends) : openai(blocks, ends);
    },
  };
}

/** Read up to block `readEnd`, written from there to `writeEnd` (both -1 for none), the rest plain. */
function split(ends: number[], readEnd: number, writeEnd: number): PromptUsage {
  const at = (i: number) => (i < 0 ? 0 : tokens(ends[i]!));
  const total = tokens(ends.at(-1) ?? 0);
  return { input: total - at(writeEnd), cacheRead: at(readEnd), cacheWrite: at(writeEnd) - at(readEnd) };
}

/** Dollars of one or more requests' usage at a model's list prices (USD per million tokens). */
export function dollars(usage: PromptUsage & { output: number }, price: ModelPrice): number {
  return (
    (usage.input * price.input +
      usage.output * price.output +
      usage.cacheRead * price.cacheRead +
      usage.cacheWrite * price.cacheWrite) /
    1e6
  );
}
