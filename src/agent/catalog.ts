// What gitclaw knows about a model: list prices (USD per million tokens) and the context window.
// A small table of families, dated, plus per-model overrides from the config's "models" key —
// the ai SDK reports no cost, and a stale catalogue is worse than an explicit override.
export interface ModelPrice {
  input: number;
  output: number;
  cacheRead: number;
  cacheWrite: number;
}

export interface ModelInfo {
  contextWindow: number;
  price?: ModelPrice;
  /** Takes images (screenshots in issues, `read` of an image file); undefined: as its API's default. */
  vision?: boolean;
}

export interface ModelOverride {
  contextWindow?: number;
  cost?: ModelPrice;
  vision?: boolean;
}

// Published list prices and windows as of 2026-11. Matched against the model id, first match wins.
const FAMILIES: [RegExp, ModelInfo][] = [
  [
    /claude-opus-4-[5-9]/,
    { contextWindow: 200_000, price: { input: 5, output: 25, cacheRead: 0.5, cacheWrite: 6.25 } },
  ],
  [/claude-opus-4/, { contextWindow: 200_000, price: { input: 15, output: 75, cacheRead: 1.5, cacheWrite: 18.75 } }],
  [
    /claude-sonnet-4|claude-3-7-sonnet|claude-3-5-sonnet/,
    { contextWindow: 200_000, price: { input: 3, output: 15, cacheRead: 0.3, cacheWrite: 3.75 } },
  ],
  [/claude-haiku-4/, { contextWindow: 200_000, price: { input: 1, output: 5, cacheRead: 0.1, cacheWrite: 1.25 } }],
  [/claude-3-5-haiku/, { contextWindow: 200_000, price: { input: 0.8, output: 4, cacheRead: 0.08, cacheWrite: 1 } }],
  [
    /gpt-4\.1/,
    { contextWindow: 1_047_576, price: { input: 2, output: 8, cacheRead: 0.5, cacheWrite: 0 }, vision: true },
  ],
  [
    /gpt-4o-mini/,
    { contextWindow: 128_000, price: { input: 0.15, output: 0.6, cacheRead: 0.075, cacheWrite: 0 }, vision: true },
  ],
  [
    /gpt-4o/,
    { contextWindow: 128_000, price: { input: 2.5, output: 10, cacheRead: 1.25, cacheWrite: 0 }, vision: true },
  ],
  [
    /gpt-5/,
    { contextWindow: 400_000, price: { input: 1.25, output: 10, cacheRead: 0.125, cacheWrite: 0 }, vision: true },
  ],
];

/** Unknown models (local servers, new releases): a conservative window and no price (cost shows as unknown). */
const UNKNOWN: ModelInfo = { contextWindow: 128_000 };

export function modelInfo(provider: string, modelId: string, overrides: Record<string, ModelOverride> = {}): ModelInfo {
  const base = FAMILIES.find(([pattern]) => pattern.test(modelId))?.[1] ?? UNKNOWN;
  const override = overrides[`${provider}/${modelId}`] ?? overrides[modelId];
  const vision = override?.vision ?? base.vision;
  return {
    contextWindow: override?.contextWindow ?? base.contextWindow,
    price: override?.cost ?? base.price,
    ...(vision === undefined ? {} : { vision }),
  };
}
