// Token usage in pi's shape, and its cost in USD from a small price table (per million tokens).
// The ai SDK reports no cost, and its `inputTokens` includes cache reads and writes.
import type { LanguageModelUsage } from "ai";
import { emptyUsage, type Usage } from "../session/entries.ts";

interface Price {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

// Published list prices, USD per million tokens. Unknown models cost 0 (reported as unknown in the footer).
const PRICES: [RegExp, Price][] = [
  [/claude-opus-4-[15]|claude-opus-4-6/, { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 }],
  [/claude-opus-4/, { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 }],
  [/claude-sonnet-4|claude-3-7-sonnet|claude-3-5-sonnet/, { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 }],
  [/claude-haiku-4/, { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 }],
  [/claude-3-5-haiku/, { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 }],
  [/gpt-4o-mini/, { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0 }],
  [/gpt-4o/, { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 0 }],
];

export function priceFor(modelId: string): Price | undefined {
  return PRICES.find(([pattern]) => pattern.test(modelId))?.[1];
}

export function toPiUsage(usage: LanguageModelUsage | undefined, modelId: string): Usage {
  const result = emptyUsage();
  if (!usage) return result;
  const cacheRead = usage.inputTokenDetails?.cacheReadTokens ?? 0;
  const cacheWrite = usage.inputTokenDetails?.cacheWriteTokens ?? 0;
  result.input = usage.inputTokenDetails?.noCacheTokens ?? Math.max(0, (usage.inputTokens ?? 0) - cacheRead - cacheWrite);
  result.output = usage.outputTokens ?? 0;
  result.cacheRead = cacheRead;
  result.cacheWrite = cacheWrite;
  result.totalTokens = result.input + result.output + cacheRead + cacheWrite;
  const price = priceFor(modelId);
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

export function addUsage(total: Usage, usage: Usage): Usage {
  const sum = emptyUsage();
  for (const key of ["input", "output", "cacheRead", "cacheWrite", "totalTokens"] as const) sum[key] = total[key] + usage[key];
  for (const key of ["input", "output", "cacheRead", "cacheWrite", "total"] as const) sum.cost[key] = total.cost[key] + usage.cost[key];
  return sum;
}
