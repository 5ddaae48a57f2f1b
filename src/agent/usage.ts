// Token usage in pi's shape and its cost in USD. Neither the provider nor the ai SDK reports a cost,
// and both count cache reads and writes in the total input; pi's `input` does not. A turn the provider
// reported nothing for is estimated, and marked so.
import type { LanguageModelV4Usage } from "@ai-sdk/provider";
import type { LanguageModelUsage } from "ai";
import { emptyUsage, type Usage } from "../session/entries.ts";
import type { ModelPrice } from "./catalog.ts";

interface TokenCounts {
  total?: number;
  noCache?: number;
  cacheRead?: number;
  cacheWrite?: number;
  output?: number;
}

/** The provider's counts (a streamed turn's) or the SDK's (generateText's, for a compaction summary). */
function countsOf(usage: LanguageModelV4Usage | LanguageModelUsage): TokenCounts {
  if (typeof usage.inputTokens === "object") {
    const { inputTokens: input, outputTokens: output } = usage as LanguageModelV4Usage;
    return { ...input, output: output.total };
  }
  const { inputTokens, inputTokenDetails: details, outputTokens } = usage as LanguageModelUsage;
  return {
    total: inputTokens,
    noCache: details?.noCacheTokens,
    cacheRead: details?.cacheReadTokens,
    cacheWrite: details?.cacheWriteTokens,
    output: outputTokens,
  };
}

export function toPiUsage(
  usage: LanguageModelV4Usage | LanguageModelUsage | undefined,
  price: ModelPrice | undefined,
): Usage {
  const result = emptyUsage();
  if (!usage) return result;
  const counts = countsOf(usage);
  const cacheRead = counts.cacheRead ?? 0;
  const cacheWrite = counts.cacheWrite ?? 0;
  result.input = counts.noCache ?? Math.max(0, (counts.total ?? 0) - cacheRead - cacheWrite);
  result.output = counts.output ?? 0;
  result.cacheRead = cacheRead;
  result.cacheWrite = cacheWrite;
  return priced(result, price);
}

/** Whether the provider counted anything: servers that ignore include_usage report no counts at all. */
export function usageReported(usage: LanguageModelV4Usage): boolean {
  return usage.inputTokens.total !== undefined || usage.outputTokens.total !== undefined;
}

/**
 * A turn's usage estimated from its request and what it streamed, marked as estimated: for a turn the
 * provider reported none for, which it bills all the same (a stream that broke off, was aborted or
 * timed out). Counting it as zero would let the cost and token budgets under-count.
 */
export function estimatedUsage(tokens: { input: number; output: number }, price: ModelPrice | undefined): Usage {
  const result = emptyUsage();
  result.input = tokens.input;
  result.output = tokens.output;
  result.estimated = true;
  return priced(result, price);
}

/** The total and the cost of a usage's counts. */
function priced(result: Usage, price: ModelPrice | undefined): Usage {
  result.totalTokens = result.input + result.output + result.cacheRead + result.cacheWrite;
  if (price) {
    const c = result.cost;
    c.input = (result.input * price.input) / 1e6;
    c.output = (result.output * price.output) / 1e6;
    c.cacheRead = (result.cacheRead * price.cacheRead) / 1e6;
    c.cacheWrite = (result.cacheWrite * price.cacheWrite) / 1e6;
    c.total = c.input + c.output + c.cacheRead + c.cacheWrite;
  }
  return result;
}
