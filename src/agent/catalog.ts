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
  /** Where the window comes from, for messages a person can act on (the config key, the server, …). */
  contextWindowSource: string;
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
const FAMILIES: [RegExp, { contextWindow: number; price: ModelPrice; vision?: boolean }][] = [
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

/** Whether the catalogue knows the model id (its prices and window). */
export const inCatalogue = (modelId: string) => FAMILIES.some(([pattern]) => pattern.test(modelId));

/** Unknown models (local servers, new releases): a window assumed until the server or the config says, and no price. */
export const ASSUMED_CONTEXT_WINDOW = 128_000;

/** The source of a window nobody stated: a server may still report it (src/agent/server-facts.ts). */
export const assumedWindowSource = (spec: string) =>
  `assumed for an unknown model; set models["${spec}"].contextWindow in .github/gitclaw.json`;

export function modelInfo(provider: string, modelId: string, overrides: Record<string, ModelOverride> = {}): ModelInfo {
  const spec = `${provider}/${modelId}`;
  const base = FAMILIES.find(([pattern]) => pattern.test(modelId))?.[1];
  const key = overrides[spec] ? spec : modelId;
  const override = overrides[key];
  const price = override?.cost ?? base?.price;
  const vision = override?.vision ?? base?.vision;
  const facts = { price, ...(vision === undefined ? {} : { vision }) };
  if (override?.contextWindow)
    return {
      contextWindow: override.contextWindow,
      contextWindowSource: `models["${key}"] in .github/gitclaw.json`,
      ...facts,
    };
  if (base) return { contextWindow: base.contextWindow, contextWindowSource: "gitclaw's model catalogue", ...facts };
  return { contextWindow: ASSUMED_CONTEXT_WINDOW, contextWindowSource: assumedWindowSource(spec), ...facts };
}
