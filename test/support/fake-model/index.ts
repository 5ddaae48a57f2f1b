// A scripted fake LLM server that speaks the real Anthropic Messages and OpenAI Chat Completions
// wire formats, so tests exercise the actual provider clients (SSE parsing, usage mapping, error
// handling) instead of a mock model object. The agent under test runs in a child process while the
// test drives this server in-process, so nothing here may block the event loop.
import * as anthropic from "./anthropic.ts";
import * as bedrock from "./bedrock.ts";
import * as gemini from "./gemini.ts";
import {
  type ContextWindowLimit,
  type LocalServer,
  localServerRoute,
  refuseOverflow,
  PROMPT_PROGRESS_EVERY_MS,
  promptProgressFrames,
  refuseWithoutJinja,
} from "./local-server.ts";
import * as openai from "./openai.ts";
import { cacheControlProblem, createPromptCache, type PromptUsage } from "./prompt-cache.ts";

export interface ToolCallTurn {
  /** Defaults to a provider-shaped id unique per request (`toolu_…` / `call_…`). */
  id?: string;
  name: string;
  input: unknown;
  /** Sent as the arguments text instead of JSON of `input`, e.g. cut-off JSON as small models send it. */
  rawArguments?: string;
}

export interface TurnError {
  status: number;
  /** The provider's error type; defaults to what that provider sends for the status. */
  type?: string;
  message?: string;
  /** Seconds, sent as the `retry-after` header. */
  retryAfter?: number;
}

export interface Turn {
  text?: string;
  thinking?: string;
  toolCalls?: ToolCallTurn[];
  /**
   * What to report instead of the default: the input side as the prompt-caching model bills the
   * request (prompt-cache.ts), output as the streamed text and arguments at four characters a token.
   * Given, it is reported as is: cache fields default to 0, input to the whole prompt. `input`
   * excludes cache reads and writes, as Anthropic's `input_tokens` does.
   */
  usage?: { input?: number; output?: number; cacheRead?: number; cacheWrite?: number };
  /** Default: toolUse when toolCalls are present, else stop. */
  stopReason?: "stop" | "toolUse" | "length";
  error?: TurnError;
  /** Milliseconds before the response starts. */
  delayMs?: number;
  /** Milliseconds between SSE events, to give tests time to kill the agent mid-stream. */
  chunkDelayMs?: number;
  /** Send the headers and the first half of the events, then stall until the client disconnects. */
  hang?: boolean;
  /**
   * Send this many stream events, then drop the connection (the socket is reset), as a server killed
   * mid-answer does: no finish, no usage, no `[DONE]`. Streams only.
   */
  breakAfter?: number;
  /**
   * Report no usage: the OpenAI-compatible stream sends no usage event, as servers that ignore
   * `include_usage` do. Anthropic always reports usage; there it changes nothing.
   */
  omitUsage?: boolean;
  /**
   * Go silent until the client gives up: "connection" accepts the request and never answers (a
   * stopped server process); "headers" sends the response headers, then nothing.
   */
  silent?: "connection" | "headers";
  /**
   * Milliseconds the server spends reading the prompt before its first event (a long prompt on a
   * CPU): llama.cpp sends nothing meanwhile, unless the request asks `return_progress`, when it
   * streams a `prompt_progress` event every PROMPT_PROGRESS_EVERY_MS (local-server.ts).
   */
  promptMs?: number;
}

/**
 * A turn, or one made from the request when it comes: to answer with ids from earlier tool results,
 * or to wait (a promise) until something else has happened, such as another conversation's request.
 */
export type ScriptedTurn = Turn | ((request: RecordedModelRequest) => Turn | Promise<Turn>);

export type ModelApi = "anthropic" | "openai" | "bedrock" | "gemini";

/**
 * A request's credentials checked as the provider checks them (Bedrock's SigV4, test/support/cloud/sigv4.ts;
 * an Entra ID bearer token): a refusal is answered in the route's error shape.
 */
export type SignatureCheck = (
  req: Request,
  body: string,
) => Promise<{ status: number; type: string; message: string } | undefined>;

export interface RecordedModelRequest {
  api: ModelApi;
  path: string;
  /** Lower-cased names; includes `x-api-key` / `authorization` so tests can check the key sent. */
  headers: Record<string, string>;
  body: Record<string, unknown>;
  /** The usage the response reported; unset for refused or failed requests. */
  usage?: WireTurn["usage"];
}

export type Respond = (request: RecordedModelRequest, index: number) => Turn;

export interface FakeModelOptions {
  turns?: ScriptedTurn[];
  /** Answers requests once the scripted turns are used up. */
  respond?: Respond;
  /** Refuse every Anthropic request carrying `cache_control` (400), as some Anthropic-compatible proxies do. */
  rejectCacheControl?: boolean;
  /** The one key GET /v1/models accepts (default: any key). */
  acceptKey?: string;
  /** Acts as a llama.cpp or Ollama server: /props, /v1/models meta, /api/show (local-server.ts). */
  server?: LocalServer;
  /** Refuses prompts longer than this window with the provider's overflow error (local-server.ts). */
  contextWindow?: ContextWindowLimit;
}

export interface FakeModel {
  url: string;
  /** What `createAnthropic({ baseURL })` takes. */
  anthropicBaseUrl: string;
  /** What `createOpenAICompatible({ baseURL })` takes. */
  openaiBaseUrl: string;
  /** Appends turns; they are served in order, one per request, across both APIs. */
  script(turns: ScriptedTurn[]): void;
  /**
   * Appends turns for one conversation: a request whose first user message contains `match` (a
   * sub-agent's task prompt, say) is served from this queue, never the shared one, so a parent and
   * children running at the same time are each scripted on their own. The first match, in the order
   * the conversations were first scripted, wins.
   */
  scriptFor(match: string, turns: ScriptedTurn[]): void;
  requests: RecordedModelRequest[];
  /** GET /v1/models requests, by the API their headers speak (kept apart: they use no scripted turn). */
  listRequests: { api: ModelApi; headers: Record<string, string> }[];
  /** Requests are refused unless this check passes them (default: no check). */
  checkSignatures(check: SignatureCheck | undefined): void;
  /** Empties the prompt cache, as if every entry had expired: the next request starts cold. */
  forgetCache(): void;
  /** Requests whose response has not yet finished or been abandoned by the client. */
  readonly inFlight: number;
  stop(): Promise<void>;
}

/** A turn after defaults are applied, with text and arguments already cut into stream deltas. */
export interface WireTurn {
  /** Index of the request in `requests`; makes response and tool call ids unique. */
  seq: number;
  model: string;
  text: string[];
  thinking: string[];
  toolCalls: { id: string | undefined; name: string; input: unknown; args: string[] }[];
  usage: { input: number; output: number; cacheRead: number; cacheWrite: number };
  stopReason: "stop" | "toolUse" | "length";
  /** The stream reports no usage (Turn.omitUsage). */
  omitUsage: boolean;
}

/** How one API renders a turn; `body` is the parsed request. */
interface WireFormat {
  frames(turn: WireTurn, body: Record<string, unknown>): (string | Uint8Array)[];
  /** Response headers of a stream besides its content type, as that API's server sends them. */
  streamHeaders?: Record<string, string>;
  message(turn: WireTurn, body: Record<string, unknown>): unknown;
  error(error: TurnError): unknown;
  /** The header naming the error's type, where the API has one (Bedrock's x-amzn-ErrorType). */
  errorType?(error: TurnError): string;
  models(ids: string[]): unknown;
}

/** What GET /v1/models lists, per API. */
const LISTED: Record<ModelApi, string[]> = {
  anthropic: ["claude-sonnet-4-5-20250929", "claude-haiku-4-5-20251001"],
  openai: ["gpt-4.1", "gpt-4.1-mini"],
  bedrock: [],
  gemini: [],
};

/**
 * GET /v1/models, which both APIs serve at the same path: Anthropic's clients send `x-api-key` and
 * `anthropic-version`, OpenAI's a bearer token. Without a key (or with another than `acceptKey`)
 * the answer is 401 in that API's error shape, as the real servers answer it.
 */
function listModels(req: Request, acceptKey: string | undefined): { api: ModelApi; response: Response } {
  const anthropicKey = req.headers.get("x-api-key");
  const api: ModelApi = anthropicKey !== null || req.headers.has("anthropic-version") ? "anthropic" : "openai";
  const key = api === "anthropic" ? anthropicKey : /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
  const wire = routes[api === "anthropic" ? "/v1/messages" : "/v1/chat/completions"]!.wire;
  const refused = !key || (acceptKey !== undefined && key !== acceptKey);
  const response = refused
    ? errorResponse(wire, { status: 401, message: key ? "invalid x-api-key" : "missing API key" })
    : Response.json(wire.models(LISTED[api]));
  return { api, response };
}

const routes: Record<string, { api: ModelApi; wire: WireFormat }> = {
  "/v1/messages": { api: "anthropic", wire: anthropic },
  "/v1/chat/completions": { api: "openai", wire: openai },
};

/** Vertex AI's Claude: Anthropic's Messages API at the model's streamRawPredict (the model in the path). */
const VERTEX_ANTHROPIC =
  /^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/anthropic\/models\/([^/:]+):streamRawPredict$/;

/** The route of a path: the fixed ones, or Bedrock's or Vertex's, whose path holds the model id. */
const routeOf = (path: string): { api: ModelApi; wire: WireFormat } | undefined =>
  routes[path] ??
  (bedrock.PATH.test(path)
    ? { api: "bedrock" as const, wire: bedrock }
    : VERTEX_ANTHROPIC.test(path)
      ? { api: "anthropic" as const, wire: anthropic }
      : gemini.PATH.test(path)
        ? { api: "gemini" as const, wire: gemini }
        : undefined);

// Real servers stream a few characters per delta; clients must reassemble them, so we make them.
const DELTA_CHARS = 8;

function split(text: string): string[] {
  // By code point, so a delta never ends in half a surrogate pair.
  const chars = Array.from(text);
  const pieces: string[] = [];
  for (let i = 0; i < chars.length; i += DELTA_CHARS) pieces.push(chars.slice(i, i + DELTA_CHARS).join(""));
  return pieces;
}

// Tool-call arguments arrive as the model makes them, a token at a time (llama-server sends `{`,
// `\n    "`, `list`, …): a word or a run of punctuation with the white space before it, at most
// DELTA_CHARS long.
const TOKEN = /\s*(?:[\p{L}\p{N}_]+|[^\p{L}\p{N}_\s]+)|\s+/gu;

function splitTokens(text: string): string[] {
  return (text.match(TOKEN) ?? []).flatMap(split);
}

// About four characters per token, like the prompt-caching model's estimate of the input.
const tokens = (chars: number) => Math.max(1, Math.ceil(chars / 4));

/** A scripted usage as reported: cache fields default to none, input to the whole prompt. */
function scripted(usage: NonNullable<Turn["usage"]>, prompt: PromptUsage): PromptUsage {
  const whole = prompt.input + prompt.cacheRead + prompt.cacheWrite;
  return { input: usage.input ?? whole, cacheRead: usage.cacheRead ?? 0, cacheWrite: usage.cacheWrite ?? 0 };
}

function toWire(turn: Turn, seq: number, body: Record<string, unknown>, prompt: PromptUsage): WireTurn {
  const toolCalls = (turn.toolCalls ?? []).map((call) => ({
    id: call.id,
    name: call.name,
    input: call.input,
    args: splitTokens(call.rawArguments ?? JSON.stringify(call.input ?? {})),
  }));
  const outputChars = [turn.text ?? "", turn.thinking ?? "", ...toolCalls.map((c) => c.args.join(""))].join("").length;
  return {
    seq,
    model: typeof body.model === "string" ? body.model : "fake-model",
    text: split(turn.text ?? ""),
    thinking: split(turn.thinking ?? ""),
    toolCalls,
    usage: {
      output: turn.usage?.output ?? tokens(outputChars),
      ...(turn.usage ? scripted(turn.usage, prompt) : prompt),
    },
    stopReason: turn.stopReason ?? (toolCalls.length > 0 ? "toolUse" : "stop"),
    omitUsage: turn.omitUsage === true,
  };
}

/** Resolves after `ms`, or early when `signal` aborts. */
function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });
}

/** Resolves once `signal` aborts: how a `hang` turn waits for the client to give up. */
function aborted(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => signal.addEventListener("abort", () => resolve(), { once: true }));
}

/** A `silent: "connection"` turn: no byte is sent until the client gives up. */
async function silentUntilAbort(signal: AbortSignal): Promise<Response> {
  await aborted(signal);
  return new Response(null, { status: 499 });
}

function errorResponse(wire: WireFormat, error: TurnError): Response {
  const headers: Record<string, string> = {};
  if (error.retryAfter !== undefined) headers["retry-after"] = String(error.retryAfter);
  if (wire.errorType) headers["x-amzn-errortype"] = wire.errorType(error);
  return Response.json(wire.error(error), { status: error.status, headers });
}

/** What a stream sends before it stops sending, and how it stops: closed, stalled or broken off. */
interface StreamPlan {
  sent: (string | Uint8Array)[];
  ending: "close" | "stall" | "break";
}

// Bun's server writes the response headers with the first body bytes: a lone line break gets them
// out, and no SSE parser makes an event of it.
const HEADERS_ONLY = "\n";

/** The faults a turn may script into its stream (hang, breakAfter, silent), or the whole stream. */
function streamPlan(frames: (string | Uint8Array)[], turn: Turn): StreamPlan {
  if (turn.silent === "headers") return { sent: [HEADERS_ONLY], ending: "stall" };
  if (turn.breakAfter !== undefined) return { sent: frames.slice(0, turn.breakAfter), ending: "break" };
  if (turn.hang) return { sent: frames.slice(0, Math.ceil(frames.length / 2)), ending: "stall" };
  return { sent: frames, ending: "close" };
}

// A reset discards what the client has not read yet, so the events go out, the client gets a moment
// to read them (as from a real server, which dies long after its last event), and then the reset.
const BREAK_GRACE_MS = 1000;

/**
 * Drops the connection as a killed server does: erroring the stream makes Bun reset it (the client
 * sees ECONNRESET); with no argument it logs nothing.
 */
async function breakConnection(controller: ReadableStreamDefaultController, gone: AbortSignal): Promise<void> {
  await sleep(BREAK_GRACE_MS, gone);
  if (!gone.aborted) controller.error();
}

/** Streams `frames` as the turn's plan says, honouring chunkDelayMs; calls `finished` once, however it ends. */
function sse(
  { progress, frames }: { progress: string[]; frames: (string | Uint8Array)[] },
  turn: Turn,
  headers: Record<string, string>,
  disconnected: AbortSignal,
  finished: () => void,
): Response {
  const gone = new AbortController();
  disconnected.addEventListener("abort", () => gone.abort(), { once: true });
  const { sent, ending } = streamPlan(frames, turn);
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      try {
        for (const event of progress) {
          if (gone.signal.aborted) return;
          controller.enqueue(encoder.encode(event));
          await sleep(PROMPT_PROGRESS_EVERY_MS, gone.signal);
        }
        for (const [i, frame] of sent.entries()) {
          if (i > 0 && turn.chunkDelayMs) await sleep(turn.chunkDelayMs, gone.signal);
          if (gone.signal.aborted) return;
          controller.enqueue(typeof frame === "string" ? encoder.encode(frame) : frame);
        }
        if (ending === "break") return await breakConnection(controller, gone.signal);
        if (ending === "stall") await aborted(gone.signal);
        if (!gone.signal.aborted) controller.close();
      } finally {
        finished();
      }
    },
    cancel() {
      gone.abort();
    },
  });
  return new Response(stream, {
    headers: { "content-type": "text/event-stream; charset=utf-8", "cache-control": "no-cache", ...headers },
  });
}

/** The text of every tool result a request carries, oldest first, in either API's message shape. */
export function toolResultTexts(body: Record<string, unknown>): string[] {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
  const text = (content: unknown): string =>
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((part: { text?: unknown }) => (typeof part?.text === "string" ? part.text : "")).join("")
        : "";
  return messages.flatMap((message) => {
    if (message.role === "tool") return [text(message.content)];
    if (message.role !== "user" || !Array.isArray(message.content)) return [];
    return (message.content as { type?: unknown; content?: unknown }[])
      .filter((part) => part?.type === "tool_result")
      .map((part) => text(part.content));
  });
}

/** The text of the first user message of a request, in either API's message shape: what names a conversation. */
/** The text of the first or the last user message of a request body, in either API's message shape. */
export function userText(body: Record<string, unknown>, which: "first" | "last"): string {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: unknown; content?: unknown }[]) : [];
  const isUser = (m: { role?: unknown }) => m.role === "user";
  const content = (which === "first" ? messages.find(isUser) : messages.findLast(isUser))?.content;
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .filter((part): part is { type: "text"; text: string } => part?.type === "text" && typeof part.text === "string")
    .map((part) => part.text)
    .join("\n");
}

export async function startFakeModel(options: FakeModelOptions = {}): Promise<FakeModel> {
  const queue = [...(options.turns ?? [])];
  const conversations: { match: string; turns: ScriptedTurn[] }[] = [];
  const requests: RecordedModelRequest[] = [];
  const listRequests: FakeModel["listRequests"] = [];
  // What this server has cached, as the provider would for one API key.
  let cache = createPromptCache();
  let inFlight = 0;
  let signatures: SignatureCheck | undefined;

  async function handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname;
    const local = await localServerRoute(req, options.server);
    if (local) return local;
    if (req.method === "GET" && path === "/v1/models") {
      const { api, response } = listModels(req, options.acceptKey);
      listRequests.push({ api, headers: Object.fromEntries(req.headers) });
      return response;
    }
    const route = routeOf(path);
    if (req.method !== "POST" || !route) {
      return Response.json({ error: { message: `fake model: no route for ${req.method} ${path}` } }, { status: 404 });
    }
    const rawBody = await req.text();
    const unsigned = await signatures?.(req, rawBody);
    if (unsigned)
      return errorResponse(route.wire, { status: unsigned.status, type: unsigned.type, message: unsigned.message });
    let body: unknown;
    try {
      body = JSON.parse(rawBody);
    } catch {
      body = undefined;
    }
    if (typeof body !== "object" || body === null || Array.isArray(body)) {
      return errorResponse(route.wire, { status: 400, message: "fake model: request body is not a JSON object" });
    }
    const index = requests.length;
    const recorded: RecordedModelRequest = {
      api: route.api,
      path,
      headers: Object.fromEntries(req.headers),
      body: body as Record<string, unknown>,
    };
    requests.push(recorded);
    // Refused before a scripted turn is used, as the real API refuses before any model runs.
    if (route.api === "anthropic" && options.rejectCacheControl && rawBody.includes('"cache_control"')) {
      return errorResponse(route.wire, { status: 400, message: "cache_control: Extra inputs are not permitted" });
    }
    const inPath = bedrock.PATH.exec(path) ?? VERTEX_ANTHROPIC.exec(path) ?? gemini.PATH.exec(path);
    if (inPath) recorded.body.model = decodeURIComponent(inPath[1]!);
    const refused =
      cacheControlProblem(route.api, recorded.body) ??
      (route.api === "anthropic" ? anthropic.thinkingSignatureProblem(recorded.body) : undefined) ??
      (route.api === "bedrock" ? bedrock.reasoningSignatureProblem(recorded.body) : undefined);
    if (refused) return errorResponse(route.wire, { status: 400, message: refused });
    const noJinja = refuseWithoutJinja(recorded.body, options.server);
    if (noJinja) return noJinja;
    const overflow = refuseOverflow(route.api, rawBody, options.contextWindow, options.server);
    if (overflow) return overflow;

    const conversation = conversations.find((c) => userText(recorded.body, "first").includes(c.match));
    if (conversation && conversation.turns.length === 0) {
      const message = `fake model: no scripted turn left for the conversation matching ${JSON.stringify(conversation.match)}`;
      return errorResponse(route.wire, { status: 500, message });
    }
    const next = conversation ? conversation.turns.shift() : queue.shift();
    let turn: Turn | undefined;
    try {
      turn = typeof next === "function" ? await next(recorded) : next;
    } catch (err) {
      return errorResponse(route.wire, { status: 500, message: `fake model: a scripted turn threw: ${String(err)}` });
    }
    if (!turn && options.respond) {
      try {
        turn = options.respond(recorded, index);
      } catch (err) {
        const message = `fake model: respond() threw for request #${index}: ${String(err)}`;
        return errorResponse(route.wire, { status: 500, message });
      }
    }
    if (!turn) {
      return errorResponse(route.wire, {
        status: 500,
        message: `fake model: no scripted turn left for request #${index}`,
      });
    }

    if (turn.delayMs) await sleep(turn.delayMs, req.signal);
    if (turn.silent === "connection") return silentUntilAbort(req.signal);
    if (turn.error) return errorResponse(route.wire, turn.error);
    const wire = toWire(turn, index, recorded.body, cache.usage(route.api, recorded.body));
    recorded.usage = wire.usage;

    // ConverseStream always streams, Gemini's streamGenerateContent says so in its path; the others in the body.
    const streams =
      route.api === "bedrock" || (route.api === "gemini" ? /:stream/i.test(path) : recorded.body.stream === true);
    if (!streams) {
      if (turn.hang || turn.silent) await aborted(req.signal);
      return Response.json(route.wire.message(wire, recorded.body));
    }
    const progress = route.api === "openai" ? promptProgressFrames(recorded.body, options.server, turn.promptMs) : [];
    if (turn.promptMs && progress.length === 0) await sleep(turn.promptMs, req.signal);
    // The stream outlives this handler, so it counts as in flight until it ends or is abandoned.
    inFlight++;
    const frames = route.wire.frames(wire, recorded.body);
    return sse({ progress, frames }, turn, route.wire.streamHeaders ?? {}, req.signal, () => inFlight--);
  }

  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    // Bun closes connections idle for 10 s by default, which would end a `hang` turn on its own.
    idleTimeout: 0,
    async fetch(req) {
      inFlight++;
      try {
        return await handle(req);
      } finally {
        inFlight--;
      }
    },
  });

  const url = `http://127.0.0.1:${server.port}`;
  return {
    url,
    anthropicBaseUrl: `${url}/v1`,
    openaiBaseUrl: `${url}/v1`,
    script(turns) {
      queue.push(...turns);
    },
    scriptFor(match, turns) {
      const conversation = conversations.find((c) => c.match === match);
      if (conversation) conversation.turns.push(...turns);
      else conversations.push({ match, turns: [...turns] });
    },
    requests,
    listRequests,
    checkSignatures(check) {
      signatures = check;
    },
    forgetCache() {
      cache = createPromptCache();
    },
    get inFlight() {
      return inFlight;
    },
    async stop() {
      await server.stop(true);
    },
  };
}
