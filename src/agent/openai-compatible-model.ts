// The model the loop calls on every OpenAI-compatible server (OpenAI, OpenRouter, Ollama, vLLM…):
// @ai-sdk/openai-compatible's chat model, its requests built from the new messages only
// (src/agent/incremental-body.ts). Chat completions keep one message per prompt message, the system
// prompt first among them, except that a tool message becomes one message per result.
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import { type Grouping, incrementalModel } from "./incremental-body.ts";

/**
 * llama.cpp sends nothing while it reads the prompt (a minute for a few thousand tokens on a CPU),
 * which the idle limit would take for a dead server; asked, a current build streams its progress
 * (`prompt_progress` events), each one keeping the idle clock alive (src/agent/model-idle.ts).
 * Older builds ignore the option. Only llama.cpp is asked: OpenAI refuses arguments it does not know.
 */
const withPromptProgress = (body: Record<string, unknown>): Record<string, unknown> =>
  body.stream === true ? { ...body, return_progress: true } : body;

export const OPENAI_COMPATIBLE_GROUPING: Grouping = {
  joins: () => false,
  size: ([message]) =>
    message!.role === "tool" ? message!.content.filter((part) => part.type !== "tool-approval-response").length : 1,
  systemInMessages: true,
};

export function createOpenAICompatibleModel(settings: {
  /** The provider's name, as the SDK reports it and reads its options by. */
  name: string;
  baseURL: string;
  apiKey?: string;
  modelId: string;
  fetch?: typeof fetch;
  /** The server is llama.cpp's: a streamed request asks it for its progress through the prompt. */
  llamaCpp?: boolean;
}): LanguageModelV4 {
  const { name, baseURL, apiKey, modelId } = settings;
  const transformRequestBody = settings.llamaCpp ? withPromptProgress : undefined;
  return incrementalModel(
    (fetch) =>
      createOpenAICompatible({ name, baseURL, apiKey, includeUsage: true, fetch, transformRequestBody }).chatModel(
        modelId,
      ),
    OPENAI_COMPATIBLE_GROUPING,
    settings.fetch,
  );
}
