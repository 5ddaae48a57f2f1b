// Token usage in pi's shape and its cost in USD. Neither the provider nor the ai SDK reports a cost,
// and both count cache reads and writes in the total input; pi's `input` does not.
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
