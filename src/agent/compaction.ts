// Keeps long conversations inside the model's context window, with pi's semantics: older turns are
// summarised into a `compaction` entry (summary, firstKeptEntryId, tokensBefore) and the recent
// tail is kept verbatim. Nothing is removed from the file; only what the model sees changes.
import { generateText } from "ai";
import type { AgentMessage, SessionEntry, Usage } from "../session/entries.ts";
import { pathToRoot } from "../session/context.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { PromptCaching } from "./caching.ts";
import { type PromptMessage, toPromptMessages } from "./messages.ts";
import type { ResolvedModel } from "./model.ts";
import { toPiUsage } from "./usage.ts";

export interface CompactionSettings {
  /** Tokens kept free for the model's answer and estimation error. */
  reserveTokens: number;
  /** Recent tokens kept verbatim after a compaction. */
  keepRecentTokens: number;
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

/**
 * Walks back from the newest message while `keepRecentTokens` allows, then cuts before a user or
 * assistant message (never a tool result, which must stay with its call). Undefined when there is
 * nothing old enough to summarise.
 */
export function planCompaction(session: SessionFile, keepRecentTokens: number): CompactionPlan | undefined {
  const { path, previousSummary } = activePath(session);
  const messages = path.filter(isMessage);
  // Keep at least the newest message, then as many before it as fit the budget.
  let cut = messages.length - 1;
  let kept = cut >= 0 ? estimateTokens(messages[cut]!.message.content) : 0;
  while (cut > 0) {
    const size = estimateTokens(messages[cut - 1]!.message.content);
    if (kept + size > keepRecentTokens) break;
    kept += size;
    cut--;
  }
  // A tool result stays with the call before it: move the cut back onto the assistant message.
  while (cut > 0 && messages[cut]!.message.role === "toolResult") cut--;
  if (cut <= 0) return undefined;
  return {
    firstKeptEntryId: messages[cut]!.id,
    summarize: messages.slice(0, cut).map((e) => e.message),
    previousSummary,
  };
}

const SUMMARY_INSTRUCTIONS = [
  "You summarise a coding agent's conversation so it can continue without the full history.",
  "Write a concise but complete summary: the user's requests and constraints, decisions made, what was done (files read and changed, commands run and their outcomes), open problems and next steps.",
  "Keep exact file paths, identifiers and error messages. Do not invent anything.",
].join("\n");

/** The summary and what its request cost: cached like a turn, repeated once uncached if the provider refuses that. */
export async function summarize(
  model: ResolvedModel,
  plan: CompactionPlan,
  caching: PromptCaching,
  signal: AbortSignal,
): Promise<{ summary: string; usage: Usage }> {
  // The summary is text: images are named in it, never sent again (compaction drops them, as pi's does).
  const transcript = toPromptMessages(plan.summarize, { ...model, vision: false });
  const previous = plan.previousSummary
    ? `Summary of the conversation before this part:\n\n${plan.previousSummary}\n\n`
    : "";
  const ask: PromptMessage = {
    role: "user",
    content: [{ type: "text", text: `${previous}Summarise the conversation above.` }],
  };
  const request = () =>
    generateText({
      model: model.model,
      instructions: caching.instructions(SUMMARY_INSTRUCTIONS),
      messages: caching.messages([...transcript, ask]),
      abortSignal: signal,
      maxRetries: 3,
    });
  const result = await request().catch((error: unknown) => {
    if (caching.refused(error)) return request();
    throw error;
  });
  return { summary: result.text.trim(), usage: toPiUsage(result.usage, model.info.price) };
}

/** Compacts when the next request would not fit; returns the summary request's usage when it did. */
export async function compactIfNeeded(options: {
  session: SessionFile;
  model: ResolvedModel;
  caching: PromptCaching;
  requestTokens: number;
  settings: CompactionSettings;
  signal: AbortSignal;
}): Promise<{ usage: Usage } | undefined> {
  const { session, model, settings } = options;
  if (options.requestTokens <= model.info.contextWindow - settings.reserveTokens) return undefined;
  const plan = planCompaction(session, settings.keepRecentTokens);
  if (!plan) return undefined;
  const { summary, usage } = await summarize(model, plan, options.caching, options.signal);
  session.append({
    type: "compaction",
    summary,
    firstKeptEntryId: plan.firstKeptEntryId,
    tokensBefore: options.requestTokens,
  });
  return { usage };
}
