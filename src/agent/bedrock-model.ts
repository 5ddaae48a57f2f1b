// Amazon Bedrock's model (`bedrock/<model id or inference profile>`): @ai-sdk/amazon-bedrock's chat
// model, which speaks Bedrock's Converse API (ConverseStream, its event-stream framing decoded by
// @smithy/eventstream-codec) and signs every request with SigV4 (aws4fetch) using the credentials of
// src/cloud/aws.ts, asked for on each request so renewed ones take over in a long run. The requests
// are the SDK's whole: a signed body cannot be rewritten after signing, as the incremental bodies of
// the other providers are (src/agent/incremental-body.ts).
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import type { LanguageModelV4 } from "@ai-sdk/provider";
import type { AwsCredentials } from "../cloud/aws.ts";

export function createBedrockModel(settings: {
  region: string;
  modelId: string;
  credentials: () => Promise<AwsCredentials>;
  /** The runtime endpoint when it is not Bedrock's own for the region (AWS_ENDPOINT_URL_BEDROCK_RUNTIME). */
  baseURL?: string;
}): LanguageModelV4 {
  const { region, modelId, credentials, baseURL } = settings;
  return createAmazonBedrock({ region, baseURL, credentialProvider: credentials })(modelId);
}

/** Where Bedrock's runtime is: the endpoint variable AWS's SDKs honour, else the region's. */
export function bedrockEndpoint(
  env: Record<string, string | undefined>,
  region: string,
): { url: string; source: string } {
  const own = env.AWS_ENDPOINT_URL_BEDROCK_RUNTIME?.trim();
  if (own) return { url: own.replace(/\/+$/, ""), source: "AWS_ENDPOINT_URL_BEDROCK_RUNTIME" };
  const all = env.AWS_ENDPOINT_URL?.trim();
  if (all) return { url: all.replace(/\/+$/, ""), source: "AWS_ENDPOINT_URL" };
  return { url: `https://bedrock-runtime.${region}.amazonaws.com`, source: `Bedrock's endpoint for ${region}` };
}

/** Bedrock's models that take prompt caching (cachePoint): Anthropic's Claude and Amazon's Nova. */
export const bedrockCaches = (modelId: string): boolean => /anthropic\.claude|amazon\.nova/.test(modelId);
