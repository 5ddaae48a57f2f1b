// The Anthropic model the loop calls: @ai-sdk/anthropic's, with request building made O(new messages).
// The SDK converts the whole prompt and serializes the whole body on every call, which at a thousand
// turns costs more than the turn itself (#18). Here the SDK only ever sees the system message and
// the messages not yet sent once. Anthropic messages are the prompt's runs of assistant messages and
// of user and tool messages; a run the SDK converted while it was not the last is settled: its JSON
// is kept as UTF-8, after the conversation's earlier runs, in one buffer that only grows. A request
// body is the SDK's own with that buffer and the fresh runs put in for its messages, byte for byte
// what the SDK would have sent (test/unit/agent/anthropic-model.test.ts), handed to fetch as a Blob
// so that no turn builds a string the size of the conversation. Response parsing, headers and errors
// stay the SDK's. The last run is always converted afresh: the SDK trims a trailing assistant text,
// and the loop marks the last message for caching in a fresh object each turn.
// The SDK adds an anthropic-beta header only for PDFs and file ids, which gitclaw never sends, so a
// settled run carries no header of its own.
import { createAnthropic } from "@ai-sdk/anthropic";
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Message } from "@ai-sdk/provider";

type Message = LanguageModelV4Message;

/** Ties a request to the call that made it; taken off before the request leaves. */
const CALL_HEADER = "x-gitclaw-call";
/** Stands in for the messages in the SDK's body; random, so no text in a prompt can look like it. */
const PLACEHOLDER = `\u0000messages-${crypto.randomUUID()}\u0000`;
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

const isAssistant = (message: Message) => message.role === "assistant";

/**
 * One conversation's request body, in one buffer that only grows: the settled runs' JSON, comma-joined
 * as UTF-8, stays where it is; each request writes the SDK's JSON before the messages into the room
 * kept in front of it, and the last run and the rest of the body after it. A request so costs its new
 * messages, not its conversation, in time and in memory the garbage collector must look after.
 */
class ConversationBody {
  /** The settled runs' prompt messages, in order. */
  readonly messages: Message[] = [];
  #bytes = new Uint8Array(256 * 1024);
  /** The settled runs are bytes [start, end). */
  #start = 32 * 1024;
  #end = this.#start;
  /** A body handed out and not yet sent: the next one is a copy, so it is never written under fetch. */
  #lent = false;

  /**
   * How many messages of `prompt` from `from` on are settled here, or -1 when the prompt does not
   * continue this conversation. A pointer comparison per message: the loop hands the same objects.
   */
  coveredIn(prompt: readonly Message[], from: number): number {
    const settled = this.messages;
    // The last run is the prompt's own (it must follow the settled ones), and begins a new run, or
    // the SDK would have merged it into the last settled one.
    const next = prompt[from + settled.length];
    const last = settled.at(-1);
    if (!next || (last && isAssistant(next) === isAssistant(last))) return -1;
    for (let k = 0; k < settled.length; k++) if (prompt[from + k] !== settled[k]) return -1;
    return settled.length;
  }

  settle(run: readonly Message[], json: string): void {
    this.messages.push(...run);
    this.#room(0, 1 + json.length * 3);
    if (this.#end > this.#start) this.#bytes[this.#end++] = 0x2c; // ","
    this.#end += encoder.encodeInto(json, this.#bytes.subarray(this.#end)).written;
  }

  /** `head`, the settled runs, then `rest`: the request's bytes, to be given back with release() once sent. */
  lend(head: string, rest: string): Uint8Array {
    const front = encoder.encode(head);
    this.#room(front.length, rest.length * 3);
    const from = this.#start - front.length;
    this.#bytes.set(front, from);
    const to = this.#end + encoder.encodeInto(rest, this.#bytes.subarray(this.#end)).written;
    const body = this.#lent ? this.#bytes.slice(from, to) : this.#bytes.subarray(from, to);
    this.#lent = true;
    return body;
  }

  release(): void {
    this.#lent = false;
  }

  /** At least `front` bytes before the settled runs and `back` after them. */
  #room(front: number, back: number): void {
    if (front <= this.#start && this.#end + back <= this.#bytes.length) return;
    const start = Math.max(this.#start, 2 * front);
    const settled = this.#bytes.subarray(this.#start, this.#end);
    const grown = new Uint8Array(Math.max(2 * this.#bytes.length, start + settled.length + back));
    grown.set(settled, start);
    [this.#bytes, this.#start, this.#end] = [grown, start, start + settled.length];
  }
}

const encoder = new TextEncoder();

/** What a call sends: its conversation's settled runs (the first `settledCount` messages), then the runs the SDK converts now. */
interface Plan {
  system: Message[];
  conversation: ConversationBody;
  settledCount: number;
  fresh: Message[][];
}

/** The SDK made a different number of Anthropic messages than there were runs: the call goes unspliced. */
class RunMismatch extends Error {}

/** The SDK's body with the conversation's settled runs put back in front of what it converted, lent by the conversation. */
function requestBody(body: string, plan: Plan): Uint8Array {
  const parsed = JSON.parse(body) as { messages?: unknown[] };
  const made = parsed.messages;
  const { conversation, fresh } = plan;
  if (!Array.isArray(made) || made.length !== fresh.length || conversation.messages.length !== plan.settledCount)
    throw new RunMismatch();
  const fragments = made.map((message) => JSON.stringify(message));
  // The last run is never settled (see the header comment).
  for (let i = 0; i < fresh.length - 1; i++) conversation.settle(fresh[i]!, fragments[i]!);
  const outer = JSON.stringify({ ...parsed, messages: PLACEHOLDER });
  const at = outer.indexOf(PLACEHOLDER_JSON);
  const last = fragments.at(-1);
  const separator = conversation.messages.length > 0 && last !== undefined ? "," : "";
  return conversation.lend(
    `${outer.slice(0, at)}[`,
    `${separator}${last ?? ""}]${outer.slice(at + PLACEHOLDER_JSON.length)}`,
  );
}

/** The prompt cut into runs, those its conversation settled before taken as they are; none for an unusual prompt. */
function planOf(prompt: readonly Message[], conversations: WeakMap<Message, ConversationBody>): Plan | undefined {
  let from = 0;
  while (from < prompt.length && prompt[from]!.role === "system") from++;
  const first = prompt[from];
  let conversation = first && conversations.get(first);
  let covered = conversation ? conversation.coveredIn(prompt, from) : -1;
  if (!conversation || covered < 0) {
    conversation = new ConversationBody();
    covered = 0;
    if (first) conversations.set(first, conversation);
  }
  const fresh: Message[][] = [];
  for (let i = from + covered; i < prompt.length; i++) {
    const message = prompt[i]!;
    if (message.role === "system") return undefined;
    const run = fresh.at(-1);
    if (run && isAssistant(run[0]!) === isAssistant(message)) run.push(message);
    else fresh.push([message]);
  }
  return { system: prompt.slice(0, from), conversation, settledCount: covered, fresh };
}

export function createAnthropicModel(settings: {
  baseURL: string;
  apiKey?: string;
  modelId: string;
  fetch?: typeof fetch;
}): LanguageModelV4 {
  const send = settings.fetch ?? fetch;
  // Keyed by each conversation's first message: sub-agents share the model, each with its own.
  const conversations = new WeakMap<Message, ConversationBody>();
  const plans = new Map<string, Plan>();
  let calls = 0;

  const spliceFetch: typeof fetch = Object.assign(
    async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const headers = { ...(init?.headers as Record<string, string> | undefined) };
      const plan = plans.get(headers[CALL_HEADER] ?? "");
      if (!plan || typeof init?.body !== "string") return send(input, init);
      delete headers[CALL_HEADER];
      const body = requestBody(init.body, plan);
      try {
        return await send(input, { ...init, headers, body });
      } finally {
        plan.conversation.release();
      }
    },
    { preconnect: fetch.preconnect },
  );

  const sdk = createAnthropic({ baseURL: settings.baseURL, apiKey: settings.apiKey, fetch: spliceFetch })(
    settings.modelId,
  );
  return {
    specificationVersion: sdk.specificationVersion,
    provider: sdk.provider,
    modelId: sdk.modelId,
    supportedUrls: sdk.supportedUrls,
    doGenerate: (options) => sdk.doGenerate(options),
    async doStream(options: LanguageModelV4CallOptions) {
      const plan = planOf(options.prompt, conversations);
      if (!plan) return sdk.doStream(options);
      const id = String(calls++);
      plans.set(id, plan);
      try {
        // The result's request.body is the SDK's record of what it converted, without the settled runs.
        const prompt = [...plan.system, ...plan.fresh.flat()];
        return await sdk.doStream({ ...options, prompt, headers: { ...options.headers, [CALL_HEADER]: id } });
      } catch (error) {
        if (error instanceof RunMismatch) return sdk.doStream(options);
        throw error;
      } finally {
        plans.delete(id);
      }
    },
  };
}
