// The Anthropic model the loop calls: @ai-sdk/anthropic's, with request building made O(new messages).
// The SDK converts the whole prompt and serializes the whole body on every call, which at a thousand
// turns costs more than the turn itself (#18). Here the SDK only ever sees the system message and
// the messages not yet sent once: each Anthropic message it produced before is kept as JSON text,
// keyed by the prompt messages it came from (the loop hands the same objects every turn), and the
// request body is the SDK's own with those fragments joined back in front, byte for byte what the SDK
// would have sent (test/unit/agent/anthropic-model.test.ts). Response parsing, headers and errors stay
// the SDK's. Anthropic messages are the prompt's runs of assistant messages and of user and tool
// messages; the last run is always converted afresh (the SDK trims a trailing assistant text, and the
// loop marks the last message for caching in a fresh object each turn).
// The SDK adds an anthropic-beta header only for PDFs and file ids, which gitclaw never sends, so a
// fragment carries no header of its own.
import { createAnthropic } from "@ai-sdk/anthropic";
import type { LanguageModelV4, LanguageModelV4CallOptions, LanguageModelV4Message } from "@ai-sdk/provider";

type Message = LanguageModelV4Message;

/** Ties a request to the call that made it; taken off before the request leaves. */
const CALL_HEADER = "x-gitclaw-call";
/** Stands in for the messages in the SDK's body; random, so no text in a prompt can look like it. */
const PLACEHOLDER = `\u0000messages-${crypto.randomUUID()}\u0000`;
const PLACEHOLDER_JSON = JSON.stringify(PLACEHOLDER);

/** What a call sends: the system messages, earlier runs as JSON, and the runs the SDK converts now. */
interface Plan {
  system: Message[];
  sent: string[];
  fresh: Message[][];
}

/** The SDK made a different number of Anthropic messages than there were runs: the call goes unspliced. */
class RunMismatch extends Error {}

export function createAnthropicModel(settings: {
  baseURL: string;
  apiKey?: string;
  modelId: string;
  fetch?: typeof fetch;
}): LanguageModelV4 {
  const send = settings.fetch ?? fetch;
  const converted = new WeakMap<Message, { run: readonly Message[]; json: string }>();
  const plans = new Map<string, Plan>();
  let calls = 0;

  const spliceFetch: typeof fetch = Object.assign(
    async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
      const headers = { ...(init?.headers as Record<string, string> | undefined) };
      const plan = plans.get(headers[CALL_HEADER] ?? "");
      if (!plan || typeof init?.body !== "string") return send(input, init);
      delete headers[CALL_HEADER];
      return send(input, { ...init, headers, body: splice(init.body, plan) });
    },
    { preconnect: fetch.preconnect },
  );

  /** The SDK's body with the earlier runs' fragments put back in front of what it converted. */
  function splice(body: string, plan: Plan): string {
    const parsed = JSON.parse(body) as { messages?: unknown[] };
    const made = parsed.messages;
    if (!Array.isArray(made) || made.length !== plan.fresh.length) throw new RunMismatch();
    const fragments = made.map((message) => JSON.stringify(message));
    // The last run is never reused (see the header comment).
    for (let i = 0; i < plan.fresh.length - 1; i++) {
      const run = plan.fresh[i]!;
      converted.set(run[0]!, { run, json: fragments[i]! });
    }
    const messages = `[${[...plan.sent, ...fragments].join(",")}]`;
    return JSON.stringify({ ...parsed, messages: PLACEHOLDER }).replace(PLACEHOLDER_JSON, () => messages);
  }

  /** The prompt cut into runs, the ones converted before taken as JSON; none for an unusual prompt. */
  function planOf(prompt: readonly Message[]): Plan | undefined {
    let i = 0;
    const system: Message[] = [];
    while (i < prompt.length && prompt[i]!.role === "system") system.push(prompt[i++]!);
    const runs: Message[][] = [];
    for (; i < prompt.length; i++) {
      const message = prompt[i]!;
      if (message.role === "system") return undefined;
      const last = runs.at(-1);
      if (last && (last[0]!.role === "assistant") === (message.role === "assistant")) last.push(message);
      else runs.push([message]);
    }
    const sent: string[] = [];
    while (sent.length < runs.length - 1) {
      const run = runs[sent.length]!;
      const known = converted.get(run[0]!);
      if (!known || known.run.length !== run.length || known.run.some((m, k) => m !== run[k])) break;
      sent.push(known.json);
    }
    return { system, sent, fresh: runs.slice(sent.length) };
  }

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
      const plan = planOf(options.prompt);
      if (!plan) return sdk.doStream(options);
      const id = String(calls++);
      plans.set(id, plan);
      try {
        // The result's request.body is the SDK's record of what it converted, without the earlier runs.
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
