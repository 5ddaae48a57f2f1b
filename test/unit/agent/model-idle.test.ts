// The idle clock of a model call (budgets.modelIdleSeconds): how it names the time, and that a
// stream's events keep it from running out while silence ends the call.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { describeIdle, IdleWatch, ModelIdleError } from "../../../src/agent/model-idle.ts";

describe("describeIdle", () => {
  it.each([
    [2000, "2 seconds"],
    [1000, "1 second"],
    [500, "0.5 seconds"],
    [90_000, "90 seconds"],
    [60_000, "1 minute"],
    [300_000, "5 minutes"],
    [150_000, "2 minutes 30 seconds"],
  ])("%d ms reads %s", (ms, text) => {
    expect(describeIdle(ms)).toBe(text);
  });
});

/**
 * A provider's stream that sends an event every `everyMs`, `count` times, then nothing, and fails once
 * `signal` aborts, as the request under it does.
 */
function trickle(count: number, everyMs: number, signal: AbortSignal): ReadableStream<LanguageModelV4StreamPart> {
  let sent = 0;
  const aborted = new Promise<never>((_, reject) =>
    signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")), { once: true }),
  );
  return new ReadableStream({
    async pull(controller) {
      await Promise.race([Bun.sleep(sent === count ? 60_000 : everyMs), aborted]);
      controller.enqueue({ type: "raw", rawValue: {} });
      controller.enqueue({ type: "text-delta", id: "t", delta: String(sent++) });
    },
  });
}

describe("IdleWatch", () => {
  it("lets a stream whose events come more often than the idle time run past it, then times out on silence", async () => {
    const watch = new IdleWatch(500);
    watch.arm();
    const seen: string[] = [];
    const started = performance.now();
    // Eight events 50 ms apart: 400 ms of streaming under a 500 ms idle clock, which a delta that came
    // 450 ms late (a loaded machine) would not run out.
    const failure = await (async () => {
      for await (const part of watch.watch(trickle(8, 50, watch.signal)))
        if (part.type === "text-delta") seen.push(part.delta);
    })().catch((error: unknown) => error);
    expect(seen).toEqual(["0", "1", "2", "3", "4", "5", "6", "7"]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(400);
    expect(failure).toBeInstanceOf(ModelIdleError);
    expect((failure as ModelIdleError).message).toBe("sent nothing for 0.5 seconds");
    expect(watch.fired).toBe(true);
  });

  it("names the timeout too when the provider reports the aborted read as an error part", async () => {
    const watch = new IdleWatch(50);
    watch.arm();
    const source = new ReadableStream<LanguageModelV4StreamPart>({
      async pull(controller) {
        await new Promise((resolve) => watch.signal.addEventListener("abort", resolve, { once: true }));
        controller.enqueue({ type: "error", error: new DOMException("aborted", "AbortError") });
        controller.close();
      },
    });
    const parts: LanguageModelV4StreamPart[] = [];
    for await (const part of watch.watch(source)) parts.push(part);
    expect(parts).toHaveLength(1);
    expect(parts[0]).toMatchObject({ type: "error", error: expect.any(ModelIdleError) });
  });

  it("never fires once stopped, nor without a limit", async () => {
    const stopped = new IdleWatch(20);
    stopped.arm();
    stopped.stop();
    const unlimited = new IdleWatch(Number.POSITIVE_INFINITY);
    unlimited.arm();
    await Bun.sleep(60);
    expect([stopped.fired, unlimited.fired]).toEqual([false, false]);
  });
});
