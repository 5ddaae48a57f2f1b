// Whether a failed model call means the model is out of service rather than the request at fault:
// overloaded (529, Anthropic's `overloaded_error`), unavailable (502, 503, 504) or unreachable (no
// response at all), after the call's own retries. Only these hand the run to the fallback model
// (runAgentLoop in src/agent/loop.ts); a 4xx is the request's fault and would fail the same way on any model, and
// a 5xx that refuses the request itself (src/agent/unsupported-request.ts) is not the server's state.
import { APICallError } from "@ai-sdk/provider";
import { lastAttempt } from "./context-overflow.ts";
import { ModelIdleError } from "./model-idle.ts";
import { unsupportedRequest } from "./unsupported-request.ts";

const OUT_OF_SERVICE: Record<number, string> = {
  502: "unavailable (502)",
  503: "unavailable (503)",
  504: "unavailable (504)",
  529: "overloaded (529)",
};

/** Why the model is out of service ("overloaded (529)", "unreachable: …"), or undefined when the failure is not that. */
export function modelUnavailable(error: unknown): string | undefined {
  // streamText's RetryError carries every attempt's error; the last one says how the retries ended.
  const failure: unknown = lastAttempt(error);
  if (failure instanceof ModelIdleError) return undefined;
  if (APICallError.isInstance(failure)) return statusReason(failure);
  if (overloadedPart(failure)) return "overloaded (an overloaded_error in its stream)";
  return undefined;
}

function statusReason(error: APICallError): string | undefined {
  if (unsupportedRequest(error)) return undefined;
  if (error.statusCode === undefined) return `unreachable (${causeCode(error) ?? "no response"})`;
  return OUT_OF_SERVICE[error.statusCode];
}

/** The system error code of a request that got no response (ECONNREFUSED, ConnectionRefused). */
function causeCode(error: APICallError): string | undefined {
  const code = (error.cause as { code?: unknown } | undefined)?.code;
  return typeof code === "string" ? code : undefined;
}

/** Anthropic reports overload mid-stream as an error event: `{"type":"overloaded_error",…}`. */
function overloadedPart(error: unknown): boolean {
  const e = error as { type?: unknown; error?: { type?: unknown } } | undefined;
  return e?.type === "overloaded_error" || e?.error?.type === "overloaded_error";
}
