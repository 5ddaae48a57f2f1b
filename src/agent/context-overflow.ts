// A model API's "the prompt does not fit the context window", recognised across providers: llama.cpp's
// exceed_context_size_error, OpenAI's context_length_exceeded, Anthropic's "prompt is too long", and
// the wordings of vLLM, OpenRouter and other OpenAI-compatible servers. The loop compacts and retries
// once on it (src/agent/loop.ts), instead of failing every later comment the same way.

export interface ContextOverflow {
  /** The window the server names, when it names one (llama.cpp's n_ctx, "maximum context length is N"). */
  window?: number;
  /** The request's size as the server counted it, when it says (llama.cpp's n_prompt_tokens, "resulted in N tokens"). */
  promptTokens?: number;
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

/** The error of the last attempt: the SDK's retry (streamText's RetryError) wraps what the server said. */
export function lastAttempt(error: unknown): ApiErrorLike | undefined {
  const e = error as ApiErrorLike | undefined;
  return (e?.lastError as ApiErrorLike | undefined) ?? e;
}

/** The numbers a wording gives for the request's own size. */
const PROMPT_IN_TEXT = [/request \((\d+) tokens\)/i, /resulted in (\d+) tokens/i, /prompt is too long: (\d+) tokens/i];

/** A count from llama.cpp's JSON body (`n_ctx`, `n_prompt_tokens`), when the body is that. */
function countOf(body: string | undefined, field: "n_ctx" | "n_prompt_tokens"): number | undefined {
  try {
    const count = (JSON.parse(body ?? "") as { error?: Record<string, unknown> }).error?.[field];
    return typeof count === "number" && count > 0 ? count : undefined;
  } catch {
    return undefined;
  }
}

/** The first number one of `patterns` finds in `text`. */
function numberIn(text: string, patterns: RegExp[]): number | undefined {
  const found = patterns.map((pattern) => pattern.exec(text)?.[1]).find(Boolean);
  return found ? Number(found) : undefined;
}

/** What the server said when the request did not fit its window; undefined for any other failure. */
export function contextOverflow(error: unknown): ContextOverflow | undefined {
  const e = lastAttempt(error);
  // A refused request is a 4xx; an overflow never arrives as a 5xx or mid-stream with a 200.
  if (!e?.statusCode || e.statusCode < 400 || e.statusCode >= 500) return undefined;
  const text = `${e.message ?? ""}\n${e.responseBody ?? ""}`;
  if (!OVERFLOW_WORDINGS.some((wording) => wording.test(text))) return undefined;
  const window = countOf(e.responseBody, "n_ctx") ?? numberIn(text, WINDOW_IN_TEXT);
  const promptTokens = countOf(e.responseBody, "n_prompt_tokens") ?? numberIn(text, PROMPT_IN_TEXT);
  return { ...(window ? { window } : {}), ...(promptTokens ? { promptTokens } : {}) };
}
