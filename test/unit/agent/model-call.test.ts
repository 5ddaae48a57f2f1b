// The model call the loop makes through the provider's doStream: its retries match the ai SDK's
// (retryable errors only, the provider's retry-after honoured, the wait cut short by an abort).
import { APICallError, type LanguageModelV4Prompt, type LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { retryDelayMs, streamModel } from "../../../src/agent/model-call.ts";
import { ModelIdleError } from "../../../src/agent/model-idle.ts";
import { resolveModel } from "../../../src/agent/model.ts";
import { startFakeModel, type FakeModel } from "../../support/fake-model.ts";

let fake: FakeModel;
beforeAll(async () => (fake = await startFakeModel()));
afterAll(() => fake.stop());

const prompt: LanguageModelV4Prompt = [{ role: "user", content: [{ type: "text", text: "hi" }] }];
const anthropic = () =>
  resolveModel(
    "anthropic/claude-sonnet-4-5",
    { providers: {} },
    { ANTHROPIC_API_KEY: "test-key-123456", ANTHROPIC_BASE_URL: fake.url },
  ).then((resolved) => resolved.model);

async function text(stream: ReadableStream<LanguageModelV4StreamPart>): Promise<string> {
  let said = "";
  for await (const part of stream) if (part.type === "text-delta") said += part.delta;
  return said;
}

describe("streamModel", () => {
  it("retries an overloaded answer after the wait the provider asks for, then streams", async () => {
    fake.script([{ error: { status: 529, message: "Overloaded", retryAfter: 0 } }, { text: "made it" }]);
    const before = fake.requests.length;
    const stream = await streamModel(await anthropic(), { prompt }, 2);
    expect(await text(stream)).toBe("made it");
    expect(fake.requests.length - before).toBe(2);
  });

  it("does not retry a request the provider refuses, and names its error", async () => {
    fake.script([{ error: { status: 400, message: "the prompt is malformed" } }, { text: "never sent" }]);
    const before = fake.requests.length;
    const failure = await streamModel(await anthropic(), { prompt }, 3).catch((error: unknown) => error);
    expect(APICallError.isInstance(failure) && failure.statusCode).toBe(400);
    expect(fake.requests.length - before).toBe(1);
    // The turn it did not ask for is still queued: served now, the next test starts clean.
    expect(await text(await streamModel(await anthropic(), { prompt }, 0))).toBe("never sent");
  });

  it("gives up waiting for a retry once aborted", async () => {
    fake.script([{ error: { status: 429, retryAfter: 50 } }, { text: "too late" }]);
    const before = fake.requests.length;
    const controller = new AbortController();
    const call = streamModel(await anthropic(), { prompt, abortSignal: controller.signal }, 3);
    while (fake.requests.length === before) await new Promise((resolve) => setTimeout(resolve, 5));
    controller.abort();
    await expect(call).rejects.toThrow(/abort/i);
    expect(fake.requests.length - before).toBe(1);
    expect(await text(await streamModel(await anthropic(), { prompt }, 0))).toBe("too late");
  });
});

describe("streamModel's idle time", () => {
  it("ends a call whose server sends nothing with the idle timeout, and never runs the clock while a retry waits", async () => {
    fake.script([{ text: "never sent", silent: "connection" }]);
    const silent = await streamModel(await anthropic(), { prompt }, 0, 300).catch((error: unknown) => error);
    expect(silent).toBeInstanceOf(ModelIdleError);

    // The wait the server asks for (2 s) is longer than the idle time (1 s): only a clock that stops
    // while the retry waits lets the second attempt through.
    fake.script([{ error: { status: 529, message: "Overloaded", retryAfter: 2 } }, { text: "after the wait" }]);
    const before = fake.requests.length;
    expect(await text(await streamModel(await anthropic(), { prompt }, 1, 1000))).toBe("after the wait");
    expect(fake.requests.length - before).toBe(2);
  });
});

describe("retryDelayMs", () => {
  const refused = (headers: Record<string, string>) =>
    new APICallError({ message: "busy", url: "u", requestBodyValues: {}, statusCode: 429, responseHeaders: headers });

  it("takes retry-after-ms, else retry-after in seconds or as a date, when under a minute", () => {
    expect(retryDelayMs(refused({ "retry-after-ms": "1500", "retry-after": "9" }), 2000)).toBe(1500);
    expect(retryDelayMs(refused({ "retry-after": "3" }), 2000)).toBe(3000);
    const soon = retryDelayMs(refused({ "retry-after": new Date(Date.now() + 10_000).toUTCString() }), 2000);
    expect(soon).toBeGreaterThan(8000);
    expect(soon).toBeLessThanOrEqual(10_000);
  });

  it("keeps the backoff when the provider asks for nothing usable or for over a minute", () => {
    expect(retryDelayMs(new Error("socket hang up"), 4000)).toBe(4000);
    expect(retryDelayMs(refused({}), 4000)).toBe(4000);
    expect(retryDelayMs(refused({ "retry-after": "120" }), 4000)).toBe(4000);
    expect(retryDelayMs(refused({ "retry-after": "-1" }), 4000)).toBe(4000);
  });
});
