// Context editing (#41), as Anthropic's context editing and Claude Code's micro-compaction do it:
// tool results the model has already answered, older than the latest `keepToolResultTurns` turns, are
// replaced in later requests by a short stub saying what was there and how to get it back (the tool and
// its arguments). Re-sending a conversation costs cache reads that grow with the square of its turns,
// and nearly all of it is old tool output. A clearing changes the prompt from the first cleared result
// on, so the provider's cache is rewritten from there: results are cleared in batches, each closed once
// the clearable results it holds reach `clearToolResultsAt` tokens, and the loop marks each batch's end
// for caching (src/agent/caching.ts), so the next batch reads everything before it from the cache.
// The batches are a function of the conversation alone, walked turn by turn from its start: a resumed
// run clears what the last one did, and the cache it left still matches. Nothing changes in the session
// file (the audit trail, pi's export): only the requests carry stubs.
import type { AgentMessage, ToolCallBlock, ToolResultMessage } from "../session/entries.ts";
import { type CompactionSettings, estimateTokens } from "./compaction.ts";

/** The settings it reads: `clearToolResultsAt` (0 or none: never) and `keepToolResultTurns`. */
export type ClearingSettings = Pick<CompactionSettings, "clearToolResultsAt" | "keepToolResultTurns">;

/** What the requests leave out: shown in the reply's footer. */
export interface Cleared {
  results: number;
  /** Estimated tokens of the results left out (their stubs not subtracted). */
  tokens: number;
}

/** A result smaller than this (estimated tokens) is left as it is: its stub would save next to nothing. */
export const MIN_CLEARED_TOKENS = 200;
/** How much of a call's arguments the stub repeats. */
const MAX_ARGUMENT_CHARS = 300;

/** One model turn: its assistant message's tool calls and the results that followed it. */
interface Turn {
  calls: Map<string, ToolCallBlock>;
  /** Indices of its tool results in the conversation. */
  results: number[];
}

const answers = (m: AgentMessage) => m.role === "assistant" && m.stopReason !== "error" && m.stopReason !== "aborted";

/**
 * The conversation as the requests send it, for a conversation that only grows, as the loop's does from
 * turn to turn: the same array, extended, until a batch closes; then a new one with the batch's results
 * stubbed (the stubs kept, so the same objects come back turn after turn: src/agent/incremental-body.ts
 * converts only what is new). Another source array (a compaction rebuilt the context) starts it over.
 */
export class ToolResultClearing {
  readonly #threshold: number;
  readonly #keep: number;
  #source: readonly AgentMessage[] | undefined;
  #view: AgentMessage[] = [];
  #turns: Turn[] = [];
  /** Turns walked into batches so far, the open batch's results and their tokens. */
  #walked = 0;
  #open: { index: number; call: ToolCallBlock | undefined }[] = [];
  #openTokens = 0;
  readonly #stubs = new Map<number, AgentMessage>();
  /** Each closed batch's last tool result: where the cache breakpoints go. */
  #batchEnds: string[] = [];
  #cleared: Cleared = { results: 0, tokens: 0 };

  constructor(settings: ClearingSettings) {
    this.#threshold = settings.clearToolResultsAt ?? 0;
    this.#keep = Math.max(1, settings.keepToolResultTurns ?? 1);
  }

  get cleared(): Cleared {
    return { ...this.#cleared };
  }

  /** The tool call ids of the last two closed batches' ends, older first: the cache breakpoints to keep. */
  get anchors(): readonly string[] {
    return this.#batchEnds.slice(-2);
  }

  /** `messages` with the closed batches' results stubbed. */
  view(messages: readonly AgentMessage[]): readonly AgentMessage[] {
    if (this.#threshold <= 0) return messages;
    if (messages !== this.#source || this.#view.length > messages.length) this.#reset(messages);
    const from = this.#view.length;
    for (let i = from; i < messages.length; i++) this.#add(messages[i]!, i);
    const closed = this.#walk();
    if (closed) this.#view = messages.map((message, i) => this.#stubs.get(i) ?? message);
    return this.#view;
  }

  #reset(messages: readonly AgentMessage[]): void {
    this.#source = messages;
    this.#view = [];
    this.#turns = [];
    this.#walked = 0;
    this.#open = [];
    this.#openTokens = 0;
    this.#stubs.clear();
    this.#batchEnds = [];
    this.#cleared = { results: 0, tokens: 0 };
  }

  #add(message: AgentMessage, index: number): void {
    this.#view.push(message);
    if (answers(message)) {
      const calls = (message as { content: { type: string }[] }).content.filter(
        (block): block is ToolCallBlock => block.type === "toolCall",
      );
      this.#turns.push({ calls: new Map(calls.map((call) => [call.id, call])), results: [] });
    } else if (message.role === "toolResult") this.#turns.at(-1)?.results.push(index);
  }

  /** Walks the turns that became clearable into batches; true when one closed. */
  #walk(): boolean {
    const source = this.#source!;
    const clearable = this.#turns.length - this.#keep;
    let closed = false;
    for (; this.#walked < clearable; this.#walked++) {
      const turn = this.#turns[this.#walked]!;
      for (const index of turn.results) {
        const result = source[index] as ToolResultMessage;
        const tokens = estimateTokens(result.content);
        if (tokens < MIN_CLEARED_TOKENS) continue;
        this.#open.push({ index, call: turn.calls.get(result.toolCallId) });
        this.#openTokens += tokens;
      }
      if (this.#openTokens < this.#threshold || turn.results.length === 0) continue;
      this.#close(turn);
      closed = true;
    }
    return closed;
  }

  /** The open batch, cleared: its results stubbed, its end (the turn's last result) an anchor. */
  #close(turn: Turn): void {
    const source = this.#source!;
    for (const { index, call } of this.#open) {
      const result = source[index] as ToolResultMessage;
      this.#stubs.set(index, stubFor(result, call));
      this.#cleared.results++;
      this.#cleared.tokens += estimateTokens(result.content);
    }
    const last = source[turn.results.at(-1)!] as ToolResultMessage;
    this.#batchEnds.push(last.toolCallId);
    this.#open = [];
    this.#openTokens = 0;
  }
}

/** Tools whose call only reads: calling one again has no other effect. */
const READ_ONLY = new Set(["read"]);
/** Saved outputs a result names (a long command output's whole, src/tools/bash/spill.ts), read back as they were. */
const ARTIFACT = /artifact:\/\/\d+/g;

/** The result's stand-in: what it was and how to get it again (the call, or a saved output it named). */
export function stubFor(result: ToolResultMessage, call: ToolCallBlock | undefined): ToolResultMessage {
  const texts = result.content.flatMap((block) => (block.type === "text" ? [block.text] : []));
  const chars = texts.reduce((n, text) => n + text.length, 0);
  const images = result.content.filter((block) => block.type === "image").length;
  const what = [`${chars.toLocaleString("en-US")} characters`, ...(images ? [`${images} image(s)`] : [])].join(", ");
  let args = JSON.stringify(call?.arguments ?? {});
  if (args.length > MAX_ARGUMENT_CHARS) args = `${args.slice(0, MAX_ARGUMENT_CHARS)}…`;
  const saved = [...new Set(texts.join("\n").match(ARTIFACT) ?? [])].slice(0, 3);
  const tool = result.toolName;
  const again = READ_ONLY.has(tool) ? "" : " (it runs again)";
  const text =
    `[${tool} result cleared from the context (${what}), as it was answered turns ago; the session keeps it. ` +
    `To see it again, ${saved.length ? `read ${saved.join(", ")} (the saved output) or ` : ""}` +
    `call ${tool} with ${args}${again}]`;
  return { ...result, content: [{ type: "text", text }] };
}
