// A provider's model whose requests cost their new messages, not the conversation (#18). The ai SDK's
// providers convert the whole prompt and serialize the whole body on every call, which at a thousand
// turns costs more than the turn itself. Here the SDK only ever sees the system messages and the
// messages not yet sent once. The prompt after its system messages is cut into units, each of which
// the provider makes into API messages of its own (Anthropic: a run of assistant, or of user and tool
// messages, one message; OpenAI-compatible: one prompt message, a tool message one per result). A unit
// the SDK converted while it was not the last is settled: its JSON is kept as UTF-8, after the
// conversation's earlier units, in one buffer that only grows (ConversationBody). A request body is
// the SDK's own with that buffer put in among its messages, byte for byte what the SDK would have
// sent (test/unit/agent/incremental-body.test.ts), and handed to fetch as a view of the buffer, so no
// turn builds a string, or garbage, the size of the conversation. Response parsing, headers and
// errors stay the SDK's. The last unit is always converted afresh: the Anthropic SDK trims a trailing
// assistant text, and the loop marks the last message for caching in a fresh object each turn.
// The SDKs add headers only for what gitclaw never sends (PDFs, file ids), so a settled unit carries none.
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Message } from "@ai-sdk/provider";

type Message = LanguageModelV4Message;

/** How a provider makes API messages of the prompt's messages. */
export interface Grouping {
  /** Whether `message` joins `unit`, the provider making one API message of both. */
  joins(unit: readonly Message[], message: Message): boolean;
  /** How many API messages the provider makes of `unit`. */
  size(unit: readonly Message[]): number;
  /** The system messages are the body's first messages (OpenAI-compatible), not a field of their own (Anthropic). */
  systemInMessages: boolean;
}

/** Ties a request to the call that made it; taken off before the request leaves. */
const CALL_HEADER = "x-gitclaw-call";
/** Stands in for the messages in the SDK's body; random, so no text in a prompt can look like it. */
const PLACEHOLDER = `\u0000messages-${crypto.randomUUID()}\u0000`;
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

const encoder = new TextEncoder();

/**
 * One conversation's request body, in one buffer that only grows: the settled units' JSON, comma-joined
 * as UTF-8, stays where it is; each request writes the SDK's JSON before it into the room kept in front
 * of it, and the last unit and the rest of the body after it.
 */
class ConversationBody {
  /** The settled units' prompt messages, in order. */
  readonly messages: Message[] = [];
  /** The last settled unit. */
  last: readonly Message[] | undefined;
  #bytes = new Uint8Array(256 * 1024);
  /** The settled units are bytes [start, end). */
  #start = 32 * 1024;
  #end = this.#start;
  /** A body handed out and not yet sent: the next one is a copy, so it is never written under fetch. */
  #lent = false;

  get empty(): boolean {
    return this.#end === this.#start;
  }

  /**
   * How many messages of `prompt` from `from` on are settled here, or -1 when the prompt does not
   * continue this conversation. A pointer comparison per message: the loop hands the same objects.
   */
  coveredIn(prompt: readonly Message[], from: number, grouping: Grouping): number {
    const settled = this.messages;
    // The last unit is the prompt's own (it must follow the settled ones) and begins a unit of its
    // own, or the SDK would have merged it into the last settled one.
    const next = prompt[from + settled.length];
    if (!next || (this.last && grouping.joins(this.last, next))) return -1;
    for (let k = 0; k < settled.length; k++) if (prompt[from + k] !== settled[k]) return -1;
    return settled.length;
  }

  /** A unit, and the JSON of the API messages made of it (comma-joined; none is ""). */
  settle(unit: readonly Message[], json: string): void {
    this.messages.push(...unit);
    this.last = unit;
    if (json === "") return;
    this.#room(0, 1 + json.length * 3);
    if (!this.empty) this.#bytes[this.#end++] = 0x2c; // ","
    this.#end += encoder.encodeInto(json, this.#bytes.subarray(this.#end)).written;
  }

  /** `head`, the settled units, then `rest`: the request's bytes, to be given back with release() once sent. */
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

  /** At least `front` bytes before the settled units and `back` after them. */
  #room(front: number, back: number): void {
    if (front <= this.#start && this.#end + back <= this.#bytes.length) return;
    const start = Math.max(this.#start, 2 * front);
    const settled = this.#bytes.subarray(this.#start, this.#end);
    const grown = new Uint8Array(Math.max(2 * this.#bytes.length, start + settled.length + back));
    grown.set(settled, start);
    [this.#bytes, this.#start, this.#end] = [grown, start, start + settled.length];
  }
}

/** What a call sends: its conversation's settled units (the first `settledCount` messages), then the units the SDK converts now. */
interface Plan {
  system: Message[];
  conversation: ConversationBody;
  settledCount: number;
  fresh: Message[][];
}

/** The SDK made other API messages than the units call for: the call goes unspliced. */
class UnitMismatch extends Error {}

/** The prompt cut into units, those its conversation settled before taken as they are; none for an unusual prompt. */
function planOf(
  prompt: readonly Message[],
  conversations: WeakMap<Message, ConversationBody>,
  grouping: Grouping,
): Plan | undefined {
  let from = 0;
  while (from < prompt.length && prompt[from]!.role === "system") from++;
  const first = prompt[from];
  let conversation = first && conversations.get(first);
  let covered = conversation ? conversation.coveredIn(prompt, from, grouping) : -1;
  if (!conversation || covered < 0) {
    conversation = new ConversationBody();
    covered = 0;
    if (first) conversations.set(first, conversation);
  }
  const fresh: Message[][] = [];
  for (let i = from + covered; i < prompt.length; i++) {
    const message = prompt[i]!;
    if (message.role === "system") return undefined;
    const unit = fresh.at(-1);
    if (unit && grouping.joins(unit, message)) unit.push(message);
    else fresh.push([message]);
  }
  return { system: prompt.slice(0, from), conversation, settledCount: covered, fresh };
}

/** The SDK's messages, as JSON: those of the system messages, then those of each fresh unit. */
function fragmentsOf(made: unknown, plan: Plan, grouping: Grouping): { system: string; units: string[] } {
  const systemCount = grouping.systemInMessages ? plan.system.length : 0;
  const sizes = plan.fresh.map((unit) => grouping.size(unit));
  const expected = systemCount + sizes.reduce((a, b) => a + b, 0);
  if (!Array.isArray(made) || made.length !== expected || plan.conversation.messages.length !== plan.settledCount)
    throw new UnitMismatch();
  const json = made.map((message) => JSON.stringify(message));
  let at = systemCount;
  const units = sizes.map((size) => json.slice(at, (at += size)).join(","));
  return { system: json.slice(0, systemCount).join(","), units };
}

/** The SDK's body with the conversation's settled units put back among what it converted, lent by the conversation. */
function requestBody(body: string, plan: Plan, grouping: Grouping): Uint8Array {
  const parsed = JSON.parse(body) as { messages?: unknown };
  const { system, units } = fragmentsOf(parsed.messages, plan, grouping);
  const { conversation, fresh } = plan;
  // The last unit is never settled (see the header comment).
  for (let i = 0; i < fresh.length - 1; i++) conversation.settle(fresh[i]!, units[i]!);
  const last = units.at(-1) ?? "";
  const outer = JSON.stringify({ ...parsed, messages: PLACEHOLDER });
  const at = outer.indexOf(PLACEHOLDER_JSON);
  const settled = !conversation.empty;
  const head = `${outer.slice(0, at)}[${system}${system && (settled || last) ? "," : ""}`;
  return conversation.lend(head, `${settled && last ? "," : ""}${last}]${outer.slice(at + PLACEHOLDER_JSON.length)}`);
}

/** The SDK's headers as it gave them (a plain object, as the ai SDK's providers do), the call's own taken off. */
function withoutCallHeader(given: RequestInit["headers"]): RequestInit["headers"] {
  if (given instanceof Headers || Array.isArray(given)) {
    const headers = new Headers(given);
    headers.delete(CALL_HEADER);
    return headers;
  }
  return Object.fromEntries(Object.entries(given ?? {}).filter(([name]) => name.toLowerCase() !== CALL_HEADER));
}

/**
 * The model `create` makes with the fetch it is given, its requests built as above. `send` is the
 * fetch that sends them (tests record bodies with it).
 */
export function incrementalModel(
  create: (fetch: typeof globalThis.fetch) => LanguageModelV4,
  grouping: Grouping,
  send: typeof fetch = fetch,
): LanguageModelV4 {
  // Keyed by each conversation's first message: sub-agents share the model, each with its own.
  const conversations = new WeakMap<Message, ConversationBody>();
  const plans = new Map<string, Plan>();
  let calls = 0;
  const spliceFetch: typeof fetch = Object.assign(
    async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const id = new Headers(init?.headers).get(CALL_HEADER);
      if (id === null) return send(input, init);
      // A request of a planned call never leaves as the SDK made it (its earlier messages left out).
      const plan = plans.get(id);
      if (!plan || typeof init?.body !== "string") throw new UnitMismatch();
      const headers = withoutCallHeader(init.headers);
      const body = requestBody(init.body, plan, grouping);
      try {
        return await send(input, { ...init, headers, body });
      } finally {
        plan.conversation.release();
      }
    },
    { preconnect: fetch.preconnect },
  );
  const sdk = create(spliceFetch);
  return {
    specificationVersion: sdk.specificationVersion,
    provider: sdk.provider,
    modelId: sdk.modelId,
    supportedUrls: sdk.supportedUrls,
    doGenerate: (options) => sdk.doGenerate(options),
    async doStream(options: LanguageModelV4CallOptions) {
      const plan = planOf(options.prompt, conversations, grouping);
      if (!plan) return sdk.doStream(options);
      const id = String(calls++);
      plans.set(id, plan);
      try {
        // The result's request.body is the SDK's record of what it converted, without the settled units.
        const prompt = [...plan.system, ...plan.fresh.flat()];
        return await sdk.doStream({ ...options, prompt, headers: { ...options.headers, [CALL_HEADER]: id } });
      } catch (error) {
        if (error instanceof UnitMismatch) return sdk.doStream(options);
        throw error;
      } finally {
        plans.delete(id);
      }
    },
  };
}
