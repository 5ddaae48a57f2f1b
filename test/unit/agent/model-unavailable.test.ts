// Which failures hand a run to the fallback model: a model out of service after its retries, never
// a request at fault.
import { APICallError } from "@ai-sdk/provider";
import { RetryError } from "ai";
import { describe, expect, it } from "vitest";
import { ModelIdleError } from "../../../src/agent/model-idle.ts";
import { modelUnavailable } from "../../../src/agent/model-unavailable.ts";

const callError = (statusCode: number | undefined, body = "", cause?: unknown) =>
  new APICallError({
    message: `status ${statusCode}`,
    url: "https://api.example/v1/messages",
    requestBodyValues: {},
    statusCode,
    responseBody: body,
    cause,
    isRetryable: statusCode === undefined || statusCode >= 500,
  });

const afterRetries = (last: unknown) =>
  new RetryError({ message: "Failed after 4 attempts", reason: "maxRetriesExceeded", errors: [last, last] });

describe("modelUnavailable", () => {
  it("names an overloaded or unavailable model after its retries", () => {
    expect(modelUnavailable(afterRetries(callError(529)))).toBe("overloaded (529)");
    expect(modelUnavailable(afterRetries(callError(503)))).toBe("unavailable (503)");
    expect(modelUnavailable(callError(502))).toBe("unavailable (502)");
  });

  it("names a model that could not be reached", () => {
    const refused = Object.assign(new Error("Unable to connect"), { code: "ConnectionRefused" });
    expect(modelUnavailable(afterRetries(callError(undefined, "", refused)))).toBe("unreachable (ConnectionRefused)");
  });

  it("names an overloaded_error sent in the stream", () => {
    expect(modelUnavailable({ type: "overloaded_error", message: "Overloaded" })).toMatch(/^overloaded/);
    expect(modelUnavailable({ type: "error", error: { type: "overloaded_error" } })).toMatch(/^overloaded/);
  });

  it("does not blame the model for the request's fault, an unsupported request, or silence", () => {
    for (const status of [400, 401, 404, 413, 422, 429]) expect(modelUnavailable(callError(status))).toBeUndefined();
    expect(modelUnavailable(callError(500))).toBeUndefined();
    const jinja = callError(503, JSON.stringify({ error: { message: "tools param requires --jinja flag" } }));
    expect(modelUnavailable(jinja)).toBeUndefined();
    expect(modelUnavailable(new ModelIdleError(60_000))).toBeUndefined();
    expect(modelUnavailable(new Error("something else"))).toBeUndefined();
  });
});
