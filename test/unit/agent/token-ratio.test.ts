// The server's count of a request, read from each provider's refusal as the real servers word it, and
// what gitclaw makes of it: the conversation's estimates corrected, English's ordinary difference not.
import { APICallError } from "@ai-sdk/provider";
import { describe, expect, it } from "vitest";
import { contextOverflow } from "../../../src/agent/context-overflow.ts";
import { TokenRatio } from "../../../src/agent/token-ratio.ts";
import { overflowBody, type OverflowFlavour } from "../../support/fake-model/local-server.ts";

const refusal = (flavour: OverflowFlavour) =>
  new APICallError({
    message: "Bad Request",
    url: "http://127.0.0.1/v1/chat/completions",
    requestBodyValues: {},
    statusCode: 400,
    responseBody: JSON.stringify(overflowBody(flavour, 10_412, 8_192)),
  });

describe("the server's count in a refusal", () => {
  it.each(["llama.cpp", "openai", "anthropic"] as const)("is read from %s's words", (flavour) => {
    expect(contextOverflow(refusal(flavour))).toEqual({ window: 8_192, promptTokens: 10_412 });
  });
});

describe("TokenRatio", () => {
  it("corrects the conversation's part of an estimate by what the server counted, never the fixed part", () => {
    const tokens = new TokenRatio(1_000);
    expect(tokens.correct(2_600)).toBe(2_600);
    // A 6.3k-character Chinese issue: estimated 1.6k, counted 10.4k with the 1k of instructions and tools.
    tokens.learn(11_400, 2_600);
    expect(tokens.value).toBeCloseTo(6.5);
    expect(tokens.correct(2_600)).toBe(11_400);
    // It only grows within a run: a lower count later does not undo it.
    tokens.learn(2_700, 2_600);
    expect(tokens.value).toBeCloseTo(6.5);
  });

  it("learns from an answer's usage only when it shows dense text", () => {
    const tokens = new TokenRatio(1_000);
    tokens.learn(3_000, 2_600, "usage");
    expect(tokens.value).toBe(1);
    tokens.learn(6_000, 2_600, "usage");
    expect(tokens.value).toBeCloseTo(5_000 / 1_600);
  });

  it("takes no count past the densest text as the conversation's (a usage with a cache's whole prefix)", () => {
    const tokens = new TokenRatio(1_000);
    // 100k input tokens reported for a request estimated at 1.5k: not text eight times denser than English.
    tokens.learn(100_000, 1_500, "usage");
    expect(tokens.value).toBe(8);
    expect(tokens.correct(1_500)).toBe(5_000);
  });
});
