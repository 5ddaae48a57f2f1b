// The Anthropic model the loop calls: @ai-sdk/anthropic's, its requests built from the new messages
// only (src/agent/incremental-body.ts). Anthropic alternates roles: the SDK makes one message of each
// run of assistant messages and of each run of user and tool messages, and sends the system prompt
// as a field of its own.
import { createAnthropic } from "@ai-sdk/anthropic";
import type { LanguageModelV4, LanguageModelV4Message } from "@ai-sdk/provider";
import { type Grouping, incrementalModel } from "./incremental-body.ts";

const isAssistant = (message: LanguageModelV4Message) => message.role === "assistant";

export const ANTHROPIC_GROUPING: Grouping = {
  joins: (unit, message) => isAssistant(unit[0]!) === isAssistant(message),
  size: () => 1,
  systemInMessages: false,
};

export function createAnthropicModel(settings: {
  baseURL: string;
  apiKey?: string;
  modelId: string;
  fetch?: typeof fetch;
}): LanguageModelV4 {
  const { baseURL, apiKey, modelId } = settings;
  return incrementalModel(
    (fetch) => createAnthropic({ baseURL, apiKey, fetch })(modelId),
    ANTHROPIC_GROUPING,
    settings.fetch,
  );
}
