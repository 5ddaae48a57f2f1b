// What an OpenAI-compatible server says about the model it serves, where it says it: the context
// window (llama.cpp's `/v1/models` meta.n_ctx and `/props`, vLLM's max_model_len, OpenRouter's
// context_length, Ollama's `/api/show`) and whether it can take tools (llama.cpp's chat template caps,
// Ollama's "tools" capability). Each probe is one short request; a server that does not answer one
// simply says nothing, so a cloud API costs a few 404s at most.
import { z } from "zod";
import { serverMessage, unsupportedAnswer } from "./unsupported-request.ts";

/** A probe is a quick look: a local server answers in milliseconds, and a run must not wait on one. */
export const PROBE_TIMEOUT_MS = 2_000;

export interface ServerProbe {
  /** The API's root as the model uses it (…/v1). */
  baseURL: string;
  modelId: string;
  apiKey?: string;
  fetch?: typeof fetch;
}

export interface LearnedWindow {
  tokens: number;
  /** Where it was read, e.g. "http://127.0.0.1:8080/props". */
  source: string;
}

export interface ToolSupport {
  server: "llama.cpp" | "Ollama";
  supported: boolean;
  /** Where it was read, and what said so. */
  source: string;
  /** The server refuses every request with tools (llama.cpp without --jinja): what it said. */
  refused?: string;
}

const Tokens = z.int().positive();

const ModelsList = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.string(),
      meta: z.looseObject({ n_ctx: Tokens.optional() }).nullish(),
      max_model_len: Tokens.nullish(),
      context_length: Tokens.nullish(),
    }),
  ),
});

const LlamaProps = z.looseObject({
  default_generation_settings: z.looseObject({ n_ctx: Tokens.optional() }).optional(),
  chat_template_caps: z
    .looseObject({ supports_tool_calls: z.boolean().optional(), supports_tools: z.boolean().optional() })
    .optional(),
});

const OllamaShow = z.looseObject({
  capabilities: z.array(z.string()).optional(),
  model_info: z.record(z.string(), z.unknown()).optional(),
  parameters: z.string().optional(),
});

/** The server's root: llama.cpp and Ollama serve /props and /api/show beside /v1, not under it. */
const serverRoot = (baseURL: string) => baseURL.replace(/\/+$/, "").replace(/\/v1$/, "");

/** The parsed JSON of a request, or undefined when the server is not there, refuses, or answers something else. */
async function probe<T>(server: ServerProbe, url: string, schema: z.ZodType<T>, init: RequestInit = {}) {
  const headers: Record<string, string> = { ...(server.apiKey ? { authorization: `Bearer ${server.apiKey}` } : {}) };
  if (init.body) headers["content-type"] = "application/json";
  try {
    const response = await (server.fetch ?? fetch)(url, {
      ...init,
      headers,
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    if (!response.ok) {
      await response.body?.cancel();
      return undefined;
    }
    const parsed = schema.safeParse(await response.json());
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const ollamaShow = (p: ServerProbe) =>
  probe(p, `${serverRoot(p.baseURL)}/api/show`, OllamaShow, {
    method: "POST",
    body: JSON.stringify({ model: p.modelId }),
  });

/** `/v1/models`: llama.cpp's meta.n_ctx, vLLM's max_model_len, OpenRouter's context_length, for this model. */
async function windowFromModels(p: ServerProbe): Promise<LearnedWindow | undefined> {
  const url = `${p.baseURL.replace(/\/+$/, "")}/models`;
  const list = await probe(p, url, ModelsList);
  // llama.cpp serves one model under whatever name it was loaded as: the only entry is the one.
  const entry = list?.data.find((m) => m.id === p.modelId) ?? (list?.data.length === 1 ? list.data[0] : undefined);
  const tokens = entry?.meta?.n_ctx ?? entry?.max_model_len ?? entry?.context_length;
  return tokens ? { tokens, source: url } : undefined;
}

/** Ollama's window: num_ctx when the model sets one (what the server runs with), else the model's own context length. */
function ollamaWindow(show: z.infer<typeof OllamaShow>): number | undefined {
  const numCtx = /^num_ctx\s+(\d+)/m.exec(show.parameters ?? "")?.[1];
  if (numCtx) return Number(numCtx);
  const arch = show.model_info?.["general.architecture"];
  const length = show.model_info?.[`${arch}.context_length`];
  return typeof length === "number" && length > 0 ? length : undefined;
}

/** The context window the server reports for the model, or undefined when it reports none. */
export async function learnContextWindow(p: ServerProbe): Promise<LearnedWindow | undefined> {
  const fromModels = await windowFromModels(p);
  if (fromModels) return fromModels;
  const root = serverRoot(p.baseURL);
  const props = await probe(p, `${root}/props`, LlamaProps);
  const nCtx = props?.default_generation_settings?.n_ctx;
  if (nCtx) return { tokens: nCtx, source: `${root}/props` };
  const show = await ollamaShow(p);
  const ollama = show && ollamaWindow(show);
  return ollama ? { tokens: ollama, source: `${root}/api/show` } : undefined;
}

/** Whether the server is llama.cpp's (its /props answers with its generation settings). */
export async function servesLlamaCpp(p: ServerProbe): Promise<boolean> {
  const props = await probe(p, `${serverRoot(p.baseURL)}/props`, LlamaProps);
  return props?.default_generation_settings !== undefined;
}

/** Whether the server can give the model tools, where it can tell: llama.cpp's template caps, Ollama's capabilities. */
export async function toolSupport(p: ServerProbe): Promise<ToolSupport | undefined> {
  const root = serverRoot(p.baseURL);
  const caps = (await probe(p, `${root}/props`, LlamaProps))?.chat_template_caps;
  if (caps && (caps.supports_tool_calls !== undefined || caps.supports_tools !== undefined)) {
    const supported = caps.supports_tool_calls !== false && caps.supports_tools !== false;
    const refusal = supported ? undefined : await toolsRefusal(p);
    if (refusal) return { server: "llama.cpp", supported, ...refusal };
    return { server: "llama.cpp", supported, source: `${root}/props (chat_template_caps)` };
  }
  const capabilities = (await ollamaShow(p))?.capabilities;
  if (!capabilities) return undefined;
  return { server: "Ollama", supported: capabilities.includes("tools"), source: `${root}/api/show (capabilities)` };
}

/**
 * A template that cannot describe tools means one of two things on llama.cpp: started with --jinja,
 * it drops them without a word; started without, it refuses every request with tools (500). One
 * request of one token with a tool tells which: what the server said when it refused, else undefined.
 */
async function toolsRefusal(p: ServerProbe): Promise<{ source: string; refused: string } | undefined> {
  const url = `${p.baseURL.replace(/\/+$/, "")}/chat/completions`;
  const tool = { type: "function", function: { name: "probe", parameters: { type: "object", properties: {} } } };
  const body = { model: p.modelId, messages: [{ role: "user", content: "." }], tools: [tool], max_tokens: 1 };
  const headers = { "content-type": "application/json", ...(p.apiKey ? { authorization: `Bearer ${p.apiKey}` } : {}) };
  try {
    const init = { method: "POST", headers, body: JSON.stringify(body), signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) };
    const response = await (p.fetch ?? fetch)(url, init);
    const refused = unsupportedAnswer(response.status, serverMessage(await response.text()));
    return refused ? { source: `${url} (${response.status})`, refused } : undefined;
  } catch {
    return undefined;
  }
}
