// A server error that says the request itself cannot be served: llama.cpp started without --jinja
// answers every request with tools `500 tools param requires --jinja flag`, and servers refuse a
// feature they lack with "not supported". Asking again gets the same answer, so it is not retried
// (src/agent/model-call.ts), and doctor names it apart from a template that drops tools.
import { APICallError } from "@ai-sdk/provider";

/** Wordings of a 5xx that blames the request's content, not the server's state. */
const UNSUPPORTED_WORDINGS = [/requires --jinja/i, /\bnot (?:supported|implemented)\b/i, /\bunsupported\b/i];

/** The server's message when a 5xx refuses the request itself, else undefined. */
export function unsupportedRequest(error: unknown): string | undefined {
  if (!APICallError.isInstance(error)) return undefined;
  return unsupportedAnswer(error.statusCode ?? 0, serverMessage(error.responseBody) ?? error.message);
}

/** `message` when a response with `status` and that message refuses the request itself, else undefined. */
export function unsupportedAnswer(status: number, message: string | undefined): string | undefined {
  if (status < 500 || !message) return undefined;
  return UNSUPPORTED_WORDINGS.some((wording) => wording.test(message)) ? message : undefined;
}

/** `error.message` of an OpenAI-style error body, or the body's own `message`. */
export function serverMessage(body: string | undefined): string | undefined {
  if (!body) return undefined;
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const message = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    return typeof message === "string" ? message : undefined;
  } catch {
    return undefined;
  }
}

/** What to do about a request the server cannot serve, when gitclaw knows. */
export function unsupportedFix(message: string): string {
  return /requires --jinja/i.test(message)
    ? "start llama-server with --jinja (gitclaw always sends its tools)"
    : "the server cannot serve this request: use a server or model that supports it";
}
