// Anthropic prompt caching: a request marks the prefixes worth caching with `cache_control`, and
// later requests read them at a tenth of the input price (writing costs 1.25×). gitclaw marks what
// pi marks: the last tool definition, the system prompt and the last message, so each turn reads the
// whole conversation so far from the cache and writes only what the turn added. OpenAI-compatible
// servers cache byte-identical prefixes on their own; they get no marks. Bedrock's Converse API takes
// the same marks as `cachePoint` blocks, for the models that cache (Claude, Nova: ResolvedModel.caching).
// Some Anthropic-compatible proxies refuse `cache_control`: the call is repeated once without it,
// and the run goes on uncached with one warning naming the provider.
// The marks go where the Anthropic provider reads them in its own prompt format: a tool's, the system
// message's and a message's providerOptions (a message's lands on its last block).
// Context editing (src/agent/context-editing.ts) rewrites the prompt from the first result it clears:
// the end of each of the last two batches it cleared is marked too (anchors), so a new batch reads
// everything up to the previous one from the cache and writes the rest once. The API takes four marks:
// with two anchors the tools' goes (the system message's mark caches the tools before it all the same).
import type { LanguageModelV4FunctionTool, SharedV4ProviderOptions } from "@ai-sdk/provider";
import { normalizeToolCallId, type PromptMessage } from "./messages.ts";
import type { ResolvedModel } from "./model.ts";

const EPHEMERAL = {
  anthropic: { cacheControl: { type: "ephemeral" } },
  bedrock: { cachePoint: { type: "default" } },
};
/** Cache breakpoints the API takes in one request. */
const MAX_MARKS = 4;

type SystemMessage = { role: "system"; content: string; providerOptions?: SharedV4ProviderOptions };

export class PromptCaching {
  #on: boolean;
  /** Each anchor message marked, kept so a marked message is the same object from turn to turn (src/agent/incremental-body.ts). */
  readonly #marked = new WeakMap<PromptMessage, PromptMessage>();

  constructor(
    private readonly model: Pick<ResolvedModel, "api" | "provider" | "caching">,
    private readonly warn: (message: string) => void,
  ) {
    this.#on =
      model.api === "anthropic-messages" || (model.api === "bedrock-converse-stream" && model.caching === true);
  }

  /** The tools with a breakpoint on the last one: a shallow copy, the definitions are built once per run. */
  tools(tools: readonly LanguageModelV4FunctionTool[]): LanguageModelV4FunctionTool[] {
    const last = tools.at(-1);
    if (!this.#on || last === undefined) return [...tools];
    return [...tools.slice(0, -1), { ...last, providerOptions: EPHEMERAL }];
  }

  /** The system message: the provider's own and the SDK's shape alike. */
  instructions(text: string): SystemMessage {
    return this.#on ? { role: "system", content: text, providerOptions: EPHEMERAL } : { role: "system", content: text };
  }

  /** The messages with a breakpoint on the last one (the provider puts it on that message's last block). */
  messages<M extends { providerOptions?: SharedV4ProviderOptions }>(messages: readonly M[]): M[] {
    const marked = [...messages];
    if (this.#on && marked.length > 0) marked[marked.length - 1] = withBreakpoint(marked.at(-1)!);
    return marked;
  }

  /** A request's whole prompt, the system message first, made in one copy of the conversation. */
  prompt(instructions: string, messages: readonly PromptMessage[]): PromptMessage[] {
    const prompt = [this.instructions(instructions), ...messages];
    if (this.#on && messages.length > 0) prompt[prompt.length - 1] = withBreakpoint(prompt.at(-1)!);
    return prompt;
  }

  /**
   * A request's prompt and tools: `prompt` and `tools` as above, and the tool messages holding the results
   * `anchors` names (tool call ids, src/agent/context-editing.ts) marked as well.
   */
  request(
    instructions: string,
    messages: readonly PromptMessage[],
    tools: readonly LanguageModelV4FunctionTool[],
    anchors: readonly string[] = [],
  ): { prompt: PromptMessage[]; tools: LanguageModelV4FunctionTool[] } {
    const prompt = this.prompt(instructions, messages);
    if (!this.#on || anchors.length === 0) return { prompt, tools: this.tools(tools) };
    // The system message's, the last message's and the anchors' marks: the tools' only if there is room.
    const marks = 2 + this.#markAnchors(prompt, anchors);
    return { prompt, tools: marks < MAX_MARKS ? this.tools(tools) : [...tools] };
  }

  /** Marks the anchors' messages in `prompt` (never its last, marked already), in place; how many. */
  #markAnchors(prompt: PromptMessage[], anchors: readonly string[]): number {
    const wanted = new Set(anchors.map(normalizeToolCallId));
    let marked = 0;
    for (let i = prompt.length - 2; i > 0 && wanted.size > 0; i--) {
      const message = prompt[i]!;
      if (message.role !== "tool") continue;
      if (!message.content.some((part) => part.type === "tool-result" && wanted.has(part.toolCallId))) continue;
      for (const part of message.content) if (part.type === "tool-result") wanted.delete(part.toolCallId);
      let copy = this.#marked.get(message);
      if (!copy) this.#marked.set(message, (copy = withBreakpoint(message)));
      prompt[i] = copy;
      marked++;
    }
    return marked;
  }

  /**
   * Whether `error` is the provider refusing `cache_control` while caching was on. If so, caching is
   * off for the rest of the run, the warning is given, and the caller repeats the call once.
   */
  refused(error: unknown): boolean {
    if (!this.#on || !mentionsCacheControl(error)) return false;
    this.#on = false;
    this.warn(
      `gitclaw: the model provider "${this.model.provider}" refused prompt caching (a 400 error about ` +
        "cache_control); continuing without it, so every turn pays the full input price. Point the " +
        "provider at an endpoint that accepts cache_control to cut the cost.",
    );
    return true;
  }
}

const withBreakpoint = <M extends { providerOptions?: SharedV4ProviderOptions }>(message: M): M => ({
  ...message,
  providerOptions: { ...message.providerOptions, ...EPHEMERAL },
});

/** A 400 from the provider whose message or body names cache_control (or Bedrock's cachePoint). */
function mentionsCacheControl(error: unknown): boolean {
  const e = error as { statusCode?: number; message?: string; responseBody?: string; lastError?: unknown };
  const inner = (e?.lastError ?? e) as typeof e;
  return (
    inner?.statusCode === 400 && /cache_control|cachePoint/i.test(`${inner.message ?? ""} ${inner.responseBody ?? ""}`)
  );
}
