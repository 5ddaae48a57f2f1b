// One streamed model call through the provider's own interface (LanguageModelV4.doStream), with the
// prompt already in the provider's format: the loop keeps that prompt from turn to turn, so a call
// costs the same at turn 1,000 as at turn 10 on gitclaw's side. Failed requests are retried as the
// ai SDK's streamText retries them: retryable errors only (429, 5xx, overloaded; never a 5xx that
// says the request itself is unsupported: src/agent/unsupported-request.ts), exponential backoff
// from 2 s, the provider's retry-after headers respected when under a minute, the wait cut short by
// the abort signal. Only opening the stream is retried; an error mid-stream arrives as a part. With
// an idle time, a server that sends nothing for that long ends the call (src/agent/model-idle.ts).
import { APICallError, type LanguageModelV4, type LanguageModelV4CallOptions } from "@ai-sdk/provider";
import { retryWithExponentialBackoff } from "@ai-sdk/provider-utils";
import { RetryError } from "ai";
import { IdleWatch } from "./model-idle.ts";
import { unsupportedRequest } from "./unsupported-request.ts";

/** The wait the provider asks for (retry-after-ms, retry-after in seconds or as a date), if under a minute. */
export function retryDelayMs(error: unknown, backoffMs: number): number {
  const headers = APICallError.isInstance(error) ? error.responseHeaders : undefined;
  if (!headers) return backoffMs;
  let ms = headers["retry-after-ms"] ? Number.parseFloat(headers["retry-after-ms"]) : Number.NaN;
  const after = headers["retry-after"];
  if (Number.isNaN(ms) && after) {
    const seconds = Number.parseFloat(after);
    ms = Number.isNaN(seconds) ? Date.parse(after) - Date.now() : seconds * 1000;
  }
  return !Number.isNaN(ms) && ms >= 0 && (ms < 60_000 || ms < backoffMs) ? ms : backoffMs;
}

export async function streamModel(
  model: LanguageModelV4,
  options: LanguageModelV4CallOptions,
  maxRetries: number,
  idleMs = Number.POSITIVE_INFINITY,
) {
  const retry = retryWithExponentialBackoff({
    maxRetries,
    abortSignal: options.abortSignal,
    shouldRetry: (error) => APICallError.isInstance(error) && error.isRetryable && !unsupportedRequest(error),
    getDelayInMs: ({ error, exponentialBackoffDelay }) => retryDelayMs(error, exponentialBackoffDelay),
    createRetryError: ({ message, reason, errors }) => new RetryError({ message, reason, errors }),
  });
  const idle = new IdleWatch(idleMs);
  const abortSignal = options.abortSignal ? AbortSignal.any([options.abortSignal, idle.signal]) : idle.signal;
  const attempt = async () => {
    idle.arm();
    try {
      // Raw chunks, one per event the server sends, keep the idle clock from running out mid-answer.
      const result = await model.doStream({ ...options, abortSignal, includeRawChunks: true });
      // The headers came: the clock now waits for the first event.
      idle.arm();
      return result;
    } catch (error) {
      // No clock while a retry waits.
      idle.stop();
      throw idle.explain(error);
    }
  };
  const { stream } = await retry(attempt);
  return idle.watch(stream);
}
