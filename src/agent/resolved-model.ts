// What resolving `provider/model` gives the run (src/agent/model.ts, and for the cloud providers
// src/agent/cloud-model.ts): the SDK's model, its facts, where it is and how it is authorised.
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { ActionableError } from "../errors.ts";
import type { ModelInfo } from "./catalog.ts";

export interface ResolvedModel {
  provider: string;
  modelId: string;
  /** pi's `api` field for assistant messages. */
  api: "anthropic-messages" | "openai-completions" | "bedrock-converse-stream" | "google-vertex";
  /** The provider's own model interface: the loop calls its doStream directly. */
  model: LanguageModelV4;
  /** Context window and prices. */
  info: ModelInfo;
  /** Takes images: the catalogue's or the configuration's word, else yes for Anthropic's API and no for others. */
  vision?: boolean;
  /** Names of environment variables holding keys: their values are secrets to redact. */
  keyEnv?: string;
  /** Where requests go and who said so, for error messages a person can act on. */
  endpoint: { url: string; source: string };
  /** Where a cloud provider's short-lived credentials come from, in words (the log, doctor, a refusal's message). */
  credentials?: { source: string };
  /** The model takes prompt-caching marks (Anthropic's cache_control, Bedrock's cachePoint). */
  caching?: boolean;
}

export class ModelConfigError extends ActionableError {
  override name = "ModelConfigError";
}

/** Hands every short-lived credential an exchange returns to the redactor and the log's mask. */
export type SecretSink = (values: string[]) => void;
