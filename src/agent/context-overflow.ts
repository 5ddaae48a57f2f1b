// A model API's "the prompt does not fit the context window", recognised across providers: llama.cpp's
// exceed_context_size_error, OpenAI's context_length_exceeded, Anthropic's "prompt is too long", and
// the wordings of vLLM, OpenRouter and other OpenAI-compatible servers. The loop compacts and retries
// once on it (src/agent/loop.ts), instead of failing every later comment the same way.

export interface ContextOverflow {
  /** The window the server names, when it names one (llama.cpp's n_ctx, "maximum context length is N"). */
  window?: number;
}

/** The provider's wordings; all mean the request has more tokens than the model's window. */
const OVERFLOW_WORDINGS = [
  /exceed_context_size_error|exceeds the available context size/i, // llama.cpp
  /context[_ ]length[_ ]exceeded/i, // OpenAI's code, and servers copying it
  /maximum context length is \d+/i, // OpenAI, vLLM, OpenRouter
  /prompt is too long/i, // Anthropic
  /input length and `?max_tokens`? exceed context limit/i, // Anthropic, with the answer's room
  /exceeds the context window|greater than the context length|reduce the length of the messages/i, // OpenAI, LM Studio, Groq
];

/** The numbers a wording gives for the window: llama.cpp's body field, or the limit in its text. */
const WINDOW_IN_TEXT = [
  /available context size \((\d+) tokens\)/i,
  /maximum context length is (\d+)/i,
  /tokens > (\d+) maximum/i,
  /exceed context limit: \d+ \+ \d+ > (\d+)/i,
];

interface ApiErrorLike {
  statusCode?: number;
  message?: string;
  responseBody?: string;
  lastError?: unknown;
}

/** The error of the last attempt: the SDK's retry wraps what the server said. */
function lastAttempt(error: unknown): ApiErrorLike | undefined {
  const e = error as ApiErrorLike | undefined;
  return (e?.lastError as ApiErrorLike | undefined) ?? e;
}

/** n_ctx from llama.cpp's JSON body, when the body is that. */
function nCtxOf(body: string | undefined): number | undefined {
  try {
    const nCtx = (JSON.parse(body ?? "") as { error?: { n_ctx?: unknown } }).error?.n_ctx;
    return typeof nCtx === "number" && nCtx > 0 ? nCtx : undefined;
  } catch {
    return undefined;
  }
}

/** What the server said when the request did not fit its window; undefined for any other failure. */
export function contextOverflow(error: unknown): ContextOverflow | undefined {
  const e = lastAttempt(error);
  // A refused request is a 4xx; an overflow never arrives as a 5xx or mid-stream with a 200.
  if (!e?.statusCode || e.statusCode < 400 || e.statusCode >= 500) return undefined;
  const text = `${e.message ?? ""}\n${e.responseBody ?? ""}`;
  if (!OVERFLOW_WORDINGS.some((wording) => wording.test(text))) return undefined;
  const stated = WINDOW_IN_TEXT.map((pattern) => pattern.exec(text)?.[1]).find(Boolean);
  const window = nCtxOf(e.responseBody) ?? (stated ? Number(stated) : undefined);
  return window ? { window } : {};
}
