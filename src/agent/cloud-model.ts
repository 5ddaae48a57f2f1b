// The cloud providers that take no stored key: `bedrock/<model id or inference profile>` (Amazon
// Bedrock, credentials from the job's OIDC token or AWS's chain, src/cloud/aws.ts). Their credentials
// are exchanged when the model is resolved (a refusal ends the run before it starts, in one line) and
// renewed before they expire; each value is a secret from the moment it exists (`secrets`).
import { awsSetup } from "../cloud/aws.ts";
import { modelInfo } from "./catalog.ts";
import { bedrockCaches, bedrockEndpoint, createBedrockModel } from "./bedrock-model.ts";
import type { ResolvedModel, SecretSink } from "./resolved-model.ts";
import type { Config } from "../config/config.ts";

export interface CloudOptions {
  secrets: SecretSink;
  fetch?: typeof fetch;
}

export async function resolveCloudModel(
  spec: { provider: string; modelId: string },
  config: Partial<Pick<Config, "models">>,
  env: Record<string, string | undefined>,
  options: CloudOptions,
): Promise<ResolvedModel> {
  const { provider, modelId } = spec;
  const info = modelInfo(provider, modelId, config.models);
  const aws = awsSetup(env, { secrets: options.secrets, fetch: options.fetch });
  const endpoint = bedrockEndpoint(env, aws.region);
  const baseURL = endpoint.source.startsWith("AWS_ENDPOINT_URL") ? endpoint.url : undefined;
  // Exchanged now: a refused exchange ends the run before it starts, in one line.
  await aws.credentials();
  return {
    provider,
    modelId,
    api: "bedrock-converse-stream",
    model: createBedrockModel({ region: aws.region, modelId, credentials: aws.credentials, baseURL }),
    info,
    vision: info.vision ?? /anthropic\.claude|amazon\.nova/.test(modelId),
    endpoint,
    credentials: { source: aws.source, check: async () => void (await aws.credentials()) },
    caching: bedrockCaches(modelId),
  };
}
