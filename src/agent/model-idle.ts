// The idle timeout of a model call (`budgets.modelIdleSeconds`): a server that accepts the request
// and then sends nothing (a stopped process, a stuck proxy) would otherwise hold the turn until the
// run's time budget ends, and the reply would blame that budget. The clock runs from each request
// until its response's headers, and from each stream event to the next (the provider's raw chunks,
// one per SSE event); it stops while a retry waits, and when the stream ends.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { plural } from "../text/format.ts";

/** The model sent nothing for the idle time: before the response's headers, or between two stream events. */
export class ModelIdleError extends Error {
  override name = "ModelIdleError";
  constructor(readonly idleMs: number) {
    super(`sent nothing for ${describeIdle(idleMs)}`);
  }
}

/** "90 seconds", "5 minutes", "1 minute 30 seconds": as the setting reads, never rounded to a wrong figure. */
export function describeIdle(ms: number): string {
  const seconds = Math.round(ms / 100) / 10;
  if (seconds < 120 && seconds % 60 !== 0) return plural(seconds, "second");
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round((seconds - minutes * 60) * 10) / 10;
  return rest === 0 ? plural(minutes, "minute") : `${plural(minutes, "minute")} ${plural(rest, "second")}`;
}

/**
 * One model call's idle clock: armed on every sign of life, its signal aborts the request when it runs
 * out. Arming only notes the time; one timer per quiet spell checks it, not one per streamed token.
 */
export class IdleWatch {
  readonly #controller = new AbortController();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #lastSign = 0;

  constructor(readonly idleMs: number) {}

  get signal(): AbortSignal {
    return this.#controller.signal;
  }

  get fired(): boolean {
    return this.#controller.signal.aborted;
  }

  /** Starts the clock again from now (the request went out, headers or an event came). */
  arm(): void {
    this.#lastSign = performance.now();
    if (this.#timer === undefined && Number.isFinite(this.idleMs) && !this.fired) this.#check(this.idleMs);
  }

  stop(): void {
    clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  /** In `ms`: the timeout when nothing came since the last sign, else a check when the clock would run out. */
  #check(ms: number): void {
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      const quiet = performance.now() - this.#lastSign;
      if (quiet >= this.idleMs) this.#controller.abort(new ModelIdleError(this.idleMs));
      else this.#check(this.idleMs - quiet);
    }, ms);
  }

  /** The error to report: the idle timeout when it fired, else what was thrown. */
  explain(error: unknown): unknown {
    return this.fired ? this.#controller.signal.reason : error;
  }

  /**
   * The provider's stream with the clock armed on each event and the raw chunks (asked for only to
   * see each event) left out; an error after the clock ran out is the idle timeout.
   */
  watch(stream: ReadableStream<LanguageModelV4StreamPart>): ReadableStream<LanguageModelV4StreamPart> {
    const reader = stream.getReader();
    return new ReadableStream<LanguageModelV4StreamPart>({
      pull: async (controller) => {
        try {
          for (;;) {
            const { value, done } = await reader.read();
            if (done) {
              this.stop();
              return controller.close();
            }
            this.arm();
            // A provider may report the aborted read as an error part rather than throw it.
            if (value.type === "error") return controller.enqueue({ ...value, error: this.explain(value.error) });
            if (value.type !== "raw") return controller.enqueue(value);
          }
        } catch (error) {
          this.stop();
          controller.error(this.explain(error));
        }
      },
      cancel: (reason) => {
        this.stop();
        return reader.cancel(reason);
      },
    });
  }
}
