// Turns `provider/model` into an `ai` SDK language model. Anthropic and any OpenAI-compatible
// server (OpenAI, OpenRouter, Ollama, vLLM, or one declared in the config) are supported, and the
// cloud providers that take no stored key (Amazon Bedrock, Azure OpenAI, Google Vertex AI:
// src/agent/cloud-model.ts).
// A provider's SDK is loaded when a model needs it: a run only ever uses one (bench/memory).
import type { Config } from "../config/config.ts";
import { assumedWindowSource, modelInfo, type ModelInfo } from "./catalog.ts";
import { learnContextWindow, servesLlamaCpp } from "./server-facts.ts";
import { ModelConfigError, type ResolvedModel, type SecretSink } from "./resolved-model.ts";

export { ModelConfigError, type ResolvedModel } from "./resolved-model.ts";

/** The cloud providers, whose credentials are exchanged rather than stored (src/agent/cloud-model.ts). */
export const CLOUD_PROVIDERS: readonly string[] = ["bedrock", "azure", "vertex"];

/** The provider is a cloud provider's, not one the configuration declares under the same name. */
export const isCloudProvider = (provider: string, config: Pick<Config, "providers">): boolean =>
  !config.providers[provider] && CLOUD_PROVIDERS.includes(provider);

interface ProviderSpec {
  api: "anthropic" | "openai-compatible";
  baseURL: string;
  baseUrlEnv?: string;
  apiKeyEnv?: string;
}

export const BUILT_IN: Record<string, ProviderSpec> = {
  anthropic: {
    api: "anthropic",
    baseURL: "https://api.anthropic.com/v1",
    baseUrlEnv: "ANTHROPIC_BASE_URL",
    apiKeyEnv: "ANTHROPIC_API_KEY",
  },
  openai: {
    api: "openai-compatible",
    baseURL: "https://api.openai.com/v1",
    baseUrlEnv: "OPENAI_BASE_URL",
    apiKeyEnv: "OPENAI_API_KEY",
  },
  openrouter: { api: "openai-compatible", baseURL: "https://openrouter.ai/api/v1", apiKeyEnv: "OPENROUTER_API_KEY" },
  ollama: { api: "openai-compatible", baseURL: "http://127.0.0.1:11434/v1", baseUrlEnv: "OLLAMA_BASE_URL" },
};

/** The provider's wire protocol and settings: declared in the configuration, built in, or given by the generic inputs. */
function providerFor(
  provider: string,
  spec: string,
  config: Pick<Config, "providers">,
  env: Record<string, string | undefined>,
): ProviderSpec {
  const declared = config.providers[provider];
  if (declared) return { ...declared };
  if (BUILT_IN[provider]) return BUILT_IN[provider];
  const baseURL = env[GENERIC.baseUrl]?.trim();
  const api = env[GENERIC.api]?.trim() || "openai-compatible";
  if (baseURL && (api === "anthropic" || api === "openai-compatible")) return { api, baseURL };
  if (baseURL) throw new ModelConfigError(`the action input api is "${api}": expected anthropic or openai-compatible`);
  const known = [...Object.keys(BUILT_IN), ...CLOUD_PROVIDERS, ...Object.keys(config.providers)].join(", ");
  throw new ModelConfigError(
    `unknown model provider "${provider}" in "${spec}": use one of ${known}, give the action a base_url for it, or declare it under "providers" in .github/gitclaw.json`,
  );
}

/** Where requests go, and which setting chose it (for messages a person can act on). */
function addressOf(
  p: ProviderSpec,
  provider: string,
  config: Pick<Config, "providers">,
  env: Record<string, string | undefined>,
): { baseURL: string; source: string } {
  const generic = env[GENERIC.baseUrl]?.trim();
  if (generic) return { baseURL: generic, source: "the action input base_url" };
  const fromEnv = p.baseUrlEnv ? env[p.baseUrlEnv]?.trim() : undefined;
  if (fromEnv) return { baseURL: fromEnv, source: p.baseUrlEnv! };
  if (config.providers[provider])
    return { baseURL: p.baseURL, source: `providers.${provider}.baseURL in .github/gitclaw.json` };
  return {
    baseURL: p.baseURL,
    source: `the default for ${provider}${p.baseUrlEnv ? `; set ${p.baseUrlEnv} to change it` : ""}`,
  };
}

/** ANTHROPIC_BASE_URL conventionally omits the `/v1` the Messages API lives under. */
function anthropicBaseUrl(url: string): string {
  const trimmed = url.replace(/\/+$/, "");
  return trimmed.endsWith("/v1") ? trimmed : `${trimmed}/v1`;
}

/** The generic inputs (api_key, base_url, api): any provider, or the chosen one's address and key. */
const GENERIC = { baseUrl: "GITCLAW_BASE_URL", apiKey: "GITCLAW_API_KEY", api: "GITCLAW_API" } as const;

/**
 * The catalogue's or the config's facts, else the window an OpenAI-compatible server reports (a local
 * server's is often far smaller than the 128k assumed for an unknown model).
 */
async function infoFor(
  spec: { provider: string; modelId: string; api: ProviderSpec["api"] },
  config: Partial<Pick<Config, "models">>,
  probe: { baseURL: string; apiKey?: string; fetch?: typeof fetch },
): Promise<ModelInfo> {
  const info = modelInfo(spec.provider, spec.modelId, config.models);
  const assumed = info.contextWindowSource === assumedWindowSource(`${spec.provider}/${spec.modelId}`);
  if (!assumed || spec.api !== "openai-compatible") return info;
  const learned = await learnContextWindow({ ...probe, modelId: spec.modelId });
  return learned
    ? { ...info, contextWindow: learned.tokens, contextWindowSource: `reported by ${learned.source}` }
    : info;
}

/** `provider/model`: the provider, and the rest (a Bedrock id may hold more slashes and colons). */
function splitSpec(spec: string): { provider: string; modelId: string } {
  const slash = spec.indexOf("/");
  if (slash <= 0 || slash === spec.length - 1) {
    throw new ModelConfigError(
      `model "${spec}" is not of the form provider/model, e.g. anthropic/claude-sonnet-4-5 (the action input model, or "model" in .github/gitclaw.json)`,
    );
  }
  return { provider: spec.slice(0, slash), modelId: spec.slice(slash + 1) };
}

export async function resolveModel(
  spec: string,
  config: Pick<Config, "providers"> & Partial<Pick<Config, "models">>,
  env: Record<string, string | undefined>,
  /**
   * How to ask the server about the model (its context window); default: the global fetch. `secrets`
   * takes the short-lived credentials a cloud provider's exchange returns (the redactor, the log's mask).
   */
  options: { fetch?: typeof fetch; secrets?: SecretSink } = {},
): Promise<ResolvedModel> {
  const { provider, modelId } = splitSpec(spec);
  if (isCloudProvider(provider, config)) {
    const { resolveCloudModel } = await import("./cloud-model.ts");
    return resolveCloudModel({ provider, modelId }, config, env, { secrets: options.secrets ?? (() => {}) });
  }
  const p = providerFor(provider, spec, config, env);
  const { baseURL, source } = addressOf(p, provider, config, env);
  const apiKey = (p.apiKeyEnv ? env[p.apiKeyEnv]?.trim() : undefined) || env[GENERIC.apiKey]?.trim() || undefined;
  if (p.apiKeyEnv && !apiKey) {
    const input = p.apiKeyEnv.toLowerCase();
    throw new ModelConfigError(
      `${p.apiKeyEnv} is not set: the model ${spec} needs it. Add it as a repository secret and pass it to the action as ${input} (or api_key).`,
    );
  }
  const info = await infoFor({ provider, modelId, api: p.api }, config, { baseURL, apiKey, fetch: options.fetch });
  const vision = info.vision ?? p.api === "anthropic";
  if (p.api === "anthropic") {
    const { createAnthropicModel } = await import("./anthropic-model.ts");
    const endpoint = { url: anthropicBaseUrl(baseURL), source };
    return {
      provider,
      modelId,
      api: "anthropic-messages",
      model: createAnthropicModel({ baseURL: endpoint.url, apiKey, modelId }),
      info,
      vision,
      keyEnv: p.apiKeyEnv,
      endpoint,
      caching: true,
    };
  }
  const { createOpenAICompatibleModel } = await import("./openai-compatible-model.ts");
  const endpoint = { url: baseURL, source };
  // The cloud APIs built in are not llama.cpp: no probe for them.
  const cloud = BUILT_IN[provider] !== undefined && provider !== "ollama" && baseURL === BUILT_IN[provider].baseURL;
  const llamaCpp = !cloud && (await servesLlamaCpp({ baseURL, modelId, apiKey, fetch: options.fetch }));
  return {
    provider,
    modelId,
    api: "openai-completions",
    model: createOpenAICompatibleModel({ name: provider, baseURL, apiKey, modelId, llamaCpp }),
    info,
    vision,
    keyEnv: p.apiKeyEnv,
    endpoint,
  };
}
