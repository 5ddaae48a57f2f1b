// Keeps long conversations inside the model's context window, with pi's semantics: older turns are
// summarised into a `compaction` entry (summary, firstKeptEntryId, tokensBefore) and the recent
// tail is kept verbatim. Nothing is removed from the file; only what the model sees changes.
import { generateText } from "ai";
import type {
  AgentMessage,
  ImageBlock,
  SessionEntry,
  TextBlock,
  ThinkingBlock,
  ToolCallBlock,
  Usage,
} from "../session/entries.ts";
import { pathToRoot } from "../session/context.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { PromptCaching } from "./caching.ts";
import { contextOverflow } from "./context-overflow.ts";
import { type PromptMessage, toPromptMessages } from "./messages.ts";
import type { ResolvedModel } from "./model.ts";
import { toPiUsage } from "./usage.ts";

export interface CompactionSettings {
  /** Tokens kept free for the model's answer and estimation error. */
  reserveTokens: number;
  /** Recent tokens kept verbatim after a compaction. */
  keepRecentTokens: number;
  /** Tokens of answered tool results that are cleared from requests together (src/agent/context-editing.ts); 0: never. */
  clearToolResultsAt?: number;
  /** The latest turns whose tool results always go in full (1: only those the model has not answered yet). */
  keepToolResultTurns?: number;
}

/**
 * What an image costs in the estimate, in characters: Anthropic bills an image by its pixels and
 * scales a large one down to about 1,600 tokens, so its base64 (a megabyte is 350,000 "tokens" at
 * four characters each) must not count as text, or one screenshot would force a compaction.
 */
const IMAGE_CHARS = 1600 * 4;

/** The length of `value`'s JSON, each image's data counted as IMAGE_CHARS. */
function jsonChars(value: unknown): number {
  const json = JSON.stringify(value);
  if (!json.includes('"type":"image"')) return json.length;
  let images = 0;
  const withoutData = JSON.stringify(value, function (this: unknown, key, item) {
    if (key !== "data" || (this as { type?: unknown }).type !== "image") return item;
    images++;
    return "";
  });
  return withoutData.length + images * IMAGE_CHARS;
}

/** pi's estimate: about four characters per token. Cheap, and consistent from call to call. */
export function estimateTokens(value: unknown): number {
  return Math.ceil((typeof value === "string" ? value.length : jsonChars(value)) / 4);
}

/**
 * estimateTokens(messages) for a conversation that only grows, as the loop's does from turn to turn:
 * each call serialises only the messages added since the last one (the same array, longer), and
 * starts over when handed another array (a compaction rebuilt the context). No turn walks them all.
 */
export function messagesTokensFor(): (messages: readonly AgentMessage[]) => number {
  let source: readonly AgentMessage[] | undefined;
  let counted = 0;
  /** Each counted message's JSON and the comma after it. */
  let chars = 0;
  return (messages) => {
    if (messages !== source || counted > messages.length) {
      source = messages;
      counted = 0;
      chars = 0;
    }
    for (; counted < messages.length; counted++) chars += jsonChars(messages[counted]) + 1;
    // JSON of an array: its brackets, each element, and a comma between two.
    return Math.ceil((messages.length === 0 ? 2 : chars + 1) / 4);
  };
}

const isMessage = (e: SessionEntry): e is SessionEntry & { type: "message"; message: AgentMessage } =>
  e.type === "message";

/** Entries from the leaf back to the root, or back to (excluding) the latest compaction's summary point. */
function activePath(session: SessionFile): { path: SessionEntry[]; previousSummary?: string } {
  const path = pathToRoot(session.entries, session.leafId);
  const last = path.findLastIndex((e) => e.type === "compaction");
  if (last < 0) return { path };
  const compaction = path[last] as { summary: string; firstKeptEntryId: string };
  const kept = path.findIndex((e) => e.id === compaction.firstKeptEntryId);
  return {
    path: [...path.slice(kept >= 0 ? kept : last + 1, last), ...path.slice(last + 1)],
    previousSummary: compaction.summary,
  };
}

export interface CompactionPlan {
  firstKeptEntryId: string;
  summarize: AgentMessage[];
  previousSummary?: string;
}

/** A compaction that keeps no message: the summary is all the model sees of what came before it. */
export const NOTHING_KEPT = "";

/**
 * Walks back from the newest message while `keepRecentTokens` allows, then cuts before a user or
 * assistant message (never a tool result, which must stay with its call). After a refusal, a newest
 * message larger than the kept tail by itself is summarised too (a dense text whose estimate fits
 * would otherwise be refused on every later comment); else it is kept, as the model just asked for it. Estimates count `tokensPerEstimated` real
 * tokens each (learned from the server: src/agent/token-ratio.ts). Undefined when there is nothing
 * to summarise.
 */
export function planCompaction(
  session: SessionFile,
  keepRecentTokens: number,
  tokensPerEstimated = 1,
  /** The server refused the request as too long: a newest message over the kept tail is summarised too. */
  refused = false,
): CompactionPlan | undefined {
  const { path, previousSummary } = activePath(session);
  const messages = path.filter(isMessage);
  const size = (i: number) => estimateTokens(messages[i]!.message.content) * tokensPerEstimated;
  // Keep at least the newest message, when it fits, then as many before it as fit the budget.
  let cut = messages.length - 1;
  let kept = cut >= 0 ? size(cut) : 0;
  if (refused && kept > keepRecentTokens) cut = messages.length;
  while (cut > 0 && cut < messages.length) {
    if (kept + size(cut - 1) > keepRecentTokens) break;
    kept += size(cut - 1);
    cut--;
  }
  // A tool result stays with the call before it: move the cut back onto the assistant message.
  while (cut > 0 && cut < messages.length && messages[cut]!.message.role === "toolResult") cut--;
  if (cut <= 0) return undefined;
  return {
    firstKeptEntryId: cut < messages.length ? messages[cut]!.id : NOTHING_KEPT,
    summarize: messages.slice(0, cut).map((e) => e.message),
    previousSummary,
  };
}

const SUMMARY_INSTRUCTIONS = [
  "You summarise a coding agent's conversation so it can continue without the full history.",
  "Write a concise but complete summary: the user's requests and constraints, decisions made, what was done (files read and changed, commands run and their outcomes), open problems and next steps.",
  "Keep exact file paths, identifiers and error messages. Do not invent anything.",
].join("\n");

/** Shares of the window the settings may take at most: a small window (a local model's 8k) still leaves room to work. */
const MAX_RESERVE_SHARE = 0.25;
const MAX_KEEP_SHARE = 0.5;

/**
 * The settings as they fit `contextWindow`: the reserve at most a quarter of it, and the kept tail at
 * most half of what the instructions and tool definitions (`fixedTokens`) leave. Large windows keep
 * the configured values; an 8k one gets a 2k reserve, so compaction is planned at all.
 */
export function fitCompaction(settings: CompactionSettings, contextWindow: number, fixedTokens: number) {
  const reserveTokens = Math.min(settings.reserveTokens, Math.floor(contextWindow * MAX_RESERVE_SHARE));
  const room = Math.max(0, contextWindow - reserveTokens - fixedTokens);
  return { reserveTokens, keepRecentTokens: Math.min(settings.keepRecentTokens, Math.floor(room * MAX_KEEP_SHARE)) };
}

/** The answer's limit: the budget's, unless the window leaves less room after the request (never below the reserve). */
export function answerRoom(perCall: number, contextWindow: number, requestTokens: number, reserveTokens: number) {
  return Math.min(perCall, Math.max(reserveTokens, contextWindow - requestTokens));
}

/** `text` cut to about `maxTokens`, its head and tail kept around a marker saying how much went. */
function cutText(text: string, maxTokens: number): string {
  const keep = Math.max(0, Math.floor(maxTokens * 4));
  if (text.length <= keep) return text;
  const half = Math.floor(keep / 2);
  return `${text.slice(0, half)}\n[… ${text.length - 2 * half} characters left out of this summary request …]\n${text.slice(text.length - half)}`;
}

type Block = TextBlock | ThinkingBlock | ToolCallBlock | ImageBlock;

/** A block with its text, thinking or call arguments cut to about `maxTokens`. */
function cutBlock(block: Block, maxTokens: number): Block {
  if (block.type === "text") return { ...block, text: cutText(block.text, maxTokens) };
  if (block.type === "thinking") return { ...block, thinking: cutText(block.thinking, maxTokens) };
  if (block.type !== "toolCall") return block;
  const args = JSON.stringify(block.arguments);
  return args.length <= maxTokens * 4 ? block : { ...block, arguments: { cut: cutText(args, maxTokens) } };
}

/** A message with every text, result and call argument cut to about `maxTokens`: for the summary request only. */
function cutMessage(message: AgentMessage, maxTokens: number): AgentMessage {
  if (estimateTokens(message.content) <= maxTokens) return message;
  if (typeof message.content === "string")
    return { ...message, content: cutText(message.content, maxTokens) } as AgentMessage;
  const content = (message.content as Block[]).map((block) => cutBlock(block, maxTokens));
  return { ...message, content } as AgentMessage;
}

/**
 * What of `messages` the summary request can carry in `budget` tokens: no message over a quarter of
 * it (cut in the middle), and the oldest left out, said so, if they still do not fit.
 */
export function fitTranscript(messages: readonly AgentMessage[], budget: number): AgentMessage[] {
  const cut = messages.map((message) => cutMessage(message, Math.floor(budget / 4)));
  let total = cut.reduce((sum, message) => sum + estimateTokens(message.content), 0);
  let dropped = 0;
  while (total > budget && dropped < cut.length - 1) total -= estimateTokens(cut[dropped++]!.content);
  if (dropped === 0) return cut;
  const note = `[${dropped} earlier messages are left out: they did not fit the model's context window.]`;
  return [{ role: "user", content: note, timestamp: 0 }, ...cut.slice(dropped)];
}

/** How many times a summary request refused as too long is cut harder and sent again. */
const SUMMARY_ATTEMPTS = 3;

/**
 * The summary and what its request cost: cached like a turn, repeated once uncached if the provider
 * refuses that. Refused as too long all the same (a text denser than estimated), it is cut harder,
 * by what the server counted when it says, and sent again.
 */
export async function summarize(
  model: ResolvedModel,
  plan: CompactionPlan,
  caching: PromptCaching,
  signal: AbortSignal,
  /** The window the request must fit, the room kept for the summary itself, and real tokens per estimated one. */
  fit: { contextWindow: number; reserveTokens: number; tokensPerEstimated?: number } = {
    contextWindow: model.info.contextWindow,
    reserveTokens: 0,
  },
): Promise<{ summary: string; usage: Usage }> {
  const previous = plan.previousSummary
    ? `Summary of the conversation before this part:\n\n${plan.previousSummary}\n\n`
    : "";
  const ask: PromptMessage = {
    role: "user",
    content: [{ type: "text", text: `${previous}Summarise the conversation above.` }],
  };
  const room = fit.contextWindow - fit.reserveTokens;
  let budget = Math.max(
    0,
    room / (fit.tokensPerEstimated ?? 1) - estimateTokens(SUMMARY_INSTRUCTIONS) - estimateTokens(ask),
  );
  for (let attempt = 1; ; attempt++) {
    try {
      return await summaryRequest(model, caching, signal, fit, fitTranscript(plan.summarize, Math.floor(budget)), ask);
    } catch (error) {
      const overflow = contextOverflow(error);
      if (!overflow || attempt >= SUMMARY_ATTEMPTS) throw error;
      // By the server's count when it gives one, else by half; never by less than a fifth.
      const shrink = overflow.promptTokens ? (0.9 * room) / overflow.promptTokens : 0.5;
      budget *= Math.min(0.8, Math.max(0.1, shrink));
    }
  }
}

/** One summary request for `messages`, cached, repeated once uncached if the provider refuses that. */
async function summaryRequest(
  model: ResolvedModel,
  caching: PromptCaching,
  signal: AbortSignal,
  fit: { reserveTokens: number },
  messages: AgentMessage[],
  ask: PromptMessage,
): Promise<{ summary: string; usage: Usage }> {
  // The summary is text: images are named in it, never sent again (compaction drops them, as pi's does).
  const transcript = toPromptMessages(messages, { ...model, vision: false });
  const request = () =>
    generateText({
      model: model.model,
      instructions: caching.instructions(SUMMARY_INSTRUCTIONS),
      messages: caching.messages([...transcript, ask]),
      ...(fit.reserveTokens > 0 ? { maxOutputTokens: fit.reserveTokens } : {}),
      abortSignal: signal,
      maxRetries: 3,
    });
  const result = await request().catch((error: unknown) => {
    if (caching.refused(error)) return request();
    throw error;
  });
  return { summary: result.text.trim(), usage: toPiUsage(result.usage, model.info.price) };
}

/**
 * Compacts when the next request would not fit `contextWindow` (or, `force`d, because the server said
 * it did not); returns the summary request's usage when it did, undefined when there was nothing to do.
 */
export async function compactIfNeeded(options: {
  session: SessionFile;
  model: ResolvedModel;
  caching: PromptCaching;
  requestTokens: number;
  contextWindow: number;
  settings: CompactionSettings;
  signal: AbortSignal;
  force?: boolean;
  /** Real tokens per estimated one, as the server's counts showed (default 1). */
  tokensPerEstimated?: number;
}): Promise<{ usage: Usage } | undefined> {
  const { session, model, settings, contextWindow, tokensPerEstimated = 1 } = options;
  if (!options.force && options.requestTokens <= contextWindow - settings.reserveTokens) return undefined;
  const plan = planCompaction(session, settings.keepRecentTokens, tokensPerEstimated, options.force);
  if (!plan) return undefined;
  const fit = { contextWindow, reserveTokens: settings.reserveTokens, tokensPerEstimated };
  const { summary, usage } = await summarize(model, plan, options.caching, options.signal, fit);
  session.append({
    type: "compaction",
    summary,
    firstKeptEntryId: plan.firstKeptEntryId,
    tokensBefore: options.requestTokens,
  });
  return { usage };
}
