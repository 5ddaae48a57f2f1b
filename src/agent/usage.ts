// Token usage in pi's shape and its cost in USD. The ai SDK reports no cost, and its `inputTokens`
// includes cache reads and writes; pi's `input` does not.
import type { LanguageModelUsage } from "ai";
import { emptyUsage, type Usage } from "../session/entries.ts";
import type { ModelPrice } from "./catalog.ts";

export function toPiUsage(usage: LanguageModelUsage | undefined, price: ModelPrice | undefined): Usage {
  const result = emptyUsage();
  if (!usage) return result;
  const cacheRead = usage.inputTokenDetails?.cacheReadTokens ?? 0;
  const cacheWrite = usage.inputTokenDetails?.cacheWriteTokens ?? 0;
  result.input =
    usage.inputTokenDetails?.noCacheTokens ?? Math.max(0, (usage.inputTokens ?? 0) - cacheRead - cacheWrite);
  result.output = usage.outputTokens ?? 0;
  result.cacheRead = cacheRead;
  result.cacheWrite = cacheWrite;
  result.totalTokens = result.input + result.output + cacheRead + cacheWrite;
  if (price) {
    const c = result.cost;
    c.input = (result.input * price.input) / 1e6;
    c.output = (result.output * price.output) / 1e6;
    c.cacheRead = (cacheRead * price.cacheRead) / 1e6;
    c.cacheWrite = (cacheWrite * price.cacheWrite) / 1e6;
    c.total = c.input + c.output + c.cacheRead + c.cacheWrite;
  }
  return result;
}
