// What a local model server says about itself, and how it refuses a prompt too long for its window:
// llama.cpp's `/props` and `/v1/models` (`meta.n_ctx`), Ollama's `POST /api/show`, and each provider's
// context-overflow error body as the real servers send it (../shared reference:
// openai-compatible-server-sse.md). Kept apart from the streaming shapes so each can change alone.
import type { ModelApi } from "./index.ts";

export interface LocalServer {
  kind: "llama.cpp" | "ollama";
  /** The window the server reports (llama.cpp's n_ctx, Ollama's num_ctx); omitted: it reports none. */
  contextWindow?: number;
  /** Whether the chat template (llama.cpp) or the model (Ollama's capabilities) can take tools. */
  toolCalls: boolean;
  /** The model's name as the server knows it (default: "model.gguf" / the requested one). */
  model?: string;
  /** llama.cpp started with --jinja (default true); without it, a request with tools is refused with a 500. */
  jinja?: boolean;
}

/** llama.cpp without --jinja: a request with tools is refused at once, the same way every time. */
export function refuseWithoutJinja(
  body: Record<string, unknown>,
  server: LocalServer | undefined,
): Response | undefined {
  if (server?.kind !== "llama.cpp" || server.jinja !== false) return undefined;
  if (!Array.isArray(body.tools) || body.tools.length === 0) return undefined;
  const error = { code: 500, message: "tools param requires --jinja flag", type: "server_error" };
  return Response.json({ error }, { status: 500 });
}

/**
 * The server's context window: a prompt over it is refused with the provider's overflow error before
 * any scripted turn is used. Tokens are counted as request bytes / `charsPerToken` (default 4, what
 * gitclaw estimates; lower is a tokenizer that counts more than gitclaw's estimate).
 */
export interface ContextWindowLimit {
  tokens: number;
  charsPerToken?: number;
  /** Each CJK character counts this many tokens, as a real tokenizer counts Chinese (SmolLM2's: about 1.4). */
  cjkTokensPerChar?: number;
  /** The body an OpenAI-compatible route refuses with (default: llama.cpp's when `server` is llama.cpp, else OpenAI's). */
  flavour?: OverflowFlavour;
}

export type OverflowFlavour = "llama.cpp" | "openai" | "anthropic";

/** The overflow error each provider answers with, status and body, as the real servers send it. */
export function overflowBody(flavour: OverflowFlavour, prompt: number, window: number): unknown {
  if (flavour === "llama.cpp") {
    const message = `request (${prompt} tokens) exceeds the available context size (${window} tokens), try increasing it`;
    return { error: { code: 400, message, type: "exceed_context_size_error", n_prompt_tokens: prompt, n_ctx: window } };
  }
  if (flavour === "openai") {
    const message = `This model's maximum context length is ${window} tokens. However, your messages resulted in ${prompt} tokens. Please reduce the length of the messages.`;
    return { error: { message, type: "invalid_request_error", param: "messages", code: "context_length_exceeded" } };
  }
  const message = `prompt is too long: ${prompt} tokens > ${window} maximum`;
  return { type: "error", error: { type: "invalid_request_error", message } };
}

const CJK = /[\u3000-\u303f\u3400-\u4dbf\u4e00-\u9fff\uff00-\uffef]/gu;

/** The request's tokens as the server counts them: bytes / charsPerToken, each CJK character at its own rate when given. */
export function promptTokens(rawBody: string, limit: ContextWindowLimit): number {
  const bytes = (text: string) => new TextEncoder().encode(text).length;
  const perChar = limit.charsPerToken ?? 4;
  if (limit.cjkTokensPerChar === undefined) return Math.ceil(bytes(rawBody) / perChar);
  const cjk = rawBody.match(CJK)?.length ?? 0;
  return Math.ceil(bytes(rawBody.replace(CJK, "")) / perChar + cjk * limit.cjkTokensPerChar);
}

/** A 400 with the provider's overflow body when the request's prompt exceeds the window, else undefined. */
export function refuseOverflow(
  api: ModelApi,
  rawBody: string,
  limit: ContextWindowLimit | undefined,
  server: LocalServer | undefined,
): Response | undefined {
  if (!limit) return undefined;
  const prompt = promptTokens(rawBody, limit);
  if (prompt <= limit.tokens) return undefined;
  const flavour: OverflowFlavour =
    api === "anthropic" ? "anthropic" : (limit.flavour ?? (server?.kind === "llama.cpp" ? "llama.cpp" : "openai"));
  return Response.json(overflowBody(flavour, prompt, limit.tokens), { status: 400 });
}

/** llama.cpp's GET /props: the slot's context size and what the chat template can do. */
function llamaProps(server: LocalServer): unknown {
  return {
    default_generation_settings: { id: 0, n_ctx: server.contextWindow, is_processing: false, params: {} },
    total_slots: 1,
    model_path: `/models/${server.model ?? "model.gguf"}`,
    chat_template: "{% for message in messages %}…{% endfor %}",
    chat_template_caps: {
      supports_parallel_tool_calls: server.toolCalls,
      supports_system_role: true,
      supports_tool_calls: server.toolCalls,
      supports_tools: server.toolCalls,
    },
    build_info: "b1-0c1e570",
  };
}

/** llama.cpp's GET /v1/models: one model, its meta carrying the context size (when it reports one). No key needed. */
function llamaModels(server: LocalServer): unknown {
  const meta = {
    vocab_type: 2,
    n_vocab: 49152,
    n_ctx_train: 8192,
    ...(server.contextWindow ? { n_ctx: server.contextWindow } : {}),
  };
  return { object: "list", data: [{ id: server.model ?? "model.gguf", object: "model", owned_by: "llamacpp", meta }] };
}

/** Ollama's POST /api/show: the model's capabilities, its trained context length, and num_ctx when set. */
async function ollamaShow(server: LocalServer, req: Request): Promise<Response> {
  const asked = ((await req.json().catch(() => ({}))) as { model?: unknown; name?: unknown }) ?? {};
  const name = String(asked.model ?? asked.name ?? "");
  if (server.model && name !== server.model)
    return Response.json({ error: `model '${name}' not found` }, { status: 404 });
  return Response.json({
    parameters: server.contextWindow ? `num_ctx                        ${server.contextWindow}\nstop "<|im_end|>"` : "",
    details: { format: "gguf", family: "llama", parameter_size: "135M" },
    model_info: { "general.architecture": "llama", "llama.context_length": 131072 },
    capabilities: server.toolCalls ? ["completion", "tools"] : ["completion"],
  });
}

/** The local server's own endpoints, or undefined for a request they do not answer. */
export async function localServerRoute(req: Request, server: LocalServer | undefined): Promise<Response | undefined> {
  if (!server) return undefined;
  const path = new URL(req.url).pathname;
  if (server.kind === "llama.cpp" && req.method === "GET" && path === "/props")
    return Response.json(llamaProps(server));
  if (server.kind === "llama.cpp" && req.method === "GET" && path === "/v1/models")
    return Response.json(llamaModels(server));
  if (server.kind === "ollama" && req.method === "POST" && path === "/api/show") return ollamaShow(server, req);
  // Ollama lists its models without a key, and says nothing of their windows there.
  if (server.kind === "ollama" && req.method === "GET" && path === "/v1/models")
    return Response.json({
      object: "list",
      data: [{ id: server.model ?? "smollm2", object: "model", owned_by: "library" }],
    });
  return undefined;
}

/** How often llama.cpp reports its progress through a long prompt, here. */
export const PROMPT_PROGRESS_EVERY_MS = 200;

/**
 * llama.cpp's prompt progress, when the request asks for it (`return_progress`): one event with an
 * empty delta and a `prompt_progress` object per PROMPT_PROGRESS_EVERY_MS of `promptMs`. None for
 * another server, a request that does not ask, or a turn with no prompt time.
 */
export function promptProgressFrames(
  body: Record<string, unknown>,
  server: LocalServer | undefined,
  promptMs: number | undefined,
): string[] {
  if (!promptMs || server?.kind !== "llama.cpp" || body.return_progress !== true) return [];
  const count = Math.max(1, Math.ceil(promptMs / PROMPT_PROGRESS_EVERY_MS));
  const total = 4_096;
  return Array.from({ length: count }, (_, i) => {
    const processed = Math.round((total * (i + 1)) / count);
    const chunk = {
      choices: [{ finish_reason: null, index: 0, delta: {} }],
      created: Math.floor(Date.now() / 1000),
      id: "chatcmpl-progress",
      model: server.model ?? "model.gguf",
      object: "chat.completion.chunk",
      prompt_progress: { total, cache: 0, processed, time_ms: (i + 1) * PROMPT_PROGRESS_EVERY_MS },
    };
    return `data: ${JSON.stringify(chunk)}\n\n`;
  });
}
