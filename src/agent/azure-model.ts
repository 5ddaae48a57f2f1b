// Azure OpenAI / Microsoft Foundry's model (`azure/<deployment>`): @ai-sdk/azure's chat-completions
// model for the deployment, authorised by the resource's key or by an Entra ID token asked for on each
// request (src/cloud/azure.ts renews it before it expires).
import { createAzure } from "@ai-sdk/azure";
import type { LanguageModelV4 } from "@ai-sdk/provider";

export function createAzureModel(settings: {
  /** The resource's OpenAI API prefix, e.g. https://my-resource.openai.azure.com/openai. */
  baseURL: string;
  deployment: string;
  apiKey?: string;
  token?: () => Promise<string>;
}): LanguageModelV4 {
  const { baseURL, deployment, apiKey, token } = settings;
  const auth = apiKey ? { apiKey } : { tokenProvider: token };
  return createAzure({ baseURL, ...auth }).chat(deployment);
}
