// The cloud providers that take no stored key: `bedrock/<model id or inference profile>` (Amazon
// Bedrock, credentials from the job's OIDC token or AWS's chain, src/cloud/aws.ts) and
// `azure/<deployment>` (Azure OpenAI / Foundry, an Entra ID token from the job's OIDC token or the
// resource's key, src/cloud/azure.ts). Their credentials are exchanged when the model is resolved (a
// refusal ends the run before it starts, in one line) and renewed before they expire; each value is a
// secret from the moment it exists (`secrets`).
import { awsSetup } from "../cloud/aws.ts";
import { azureSetup } from "../cloud/azure.ts";
import type { Config } from "../config/config.ts";
import { createAzureModel } from "./azure-model.ts";
import { bedrockCaches, bedrockEndpoint, createBedrockModel } from "./bedrock-model.ts";
import { modelInfo } from "./catalog.ts";
import type { ResolvedModel, SecretSink } from "./resolved-model.ts";

export interface CloudOptions {
  secrets: SecretSink;
  fetch?: typeof fetch;
}

type Spec = { provider: string; modelId: string };
type Env = Record<string, string | undefined>;

export function resolveCloudModel(
  spec: Spec,
  config: Partial<Pick<Config, "models">>,
  env: Env,
  options: CloudOptions,
): Promise<ResolvedModel> {
  return spec.provider === "azure" ? azureModel(spec, config, env, options) : bedrockModel(spec, config, env, options);
}

async function bedrockModel(spec: Spec, config: Partial<Pick<Config, "models">>, env: Env, options: CloudOptions) {
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
  } satisfies ResolvedModel;
}

async function azureModel(spec: Spec, config: Partial<Pick<Config, "models">>, env: Env, options: CloudOptions) {
  const { provider, modelId } = spec;
  const info = modelInfo(provider, modelId, config.models);
  const azure = azureSetup(env, { secrets: options.secrets, fetch: options.fetch });
  if (azure.apiKey) options.secrets([azure.apiKey]);
  const token = azure.token;
  // Exchanged now, as for Bedrock.
  if (token) await token();
  const model = createAzureModel({ baseURL: azure.endpoint.url, deployment: modelId, apiKey: azure.apiKey, token });
  return {
    provider,
    modelId,
    api: "openai-completions",
    model,
    info,
    vision: info.vision,
    ...(azure.apiKey ? { keyEnv: "AZURE_API_KEY" } : {}),
    endpoint: azure.endpoint,
    credentials: { source: azure.source, check: async () => void (token ? await token() : undefined) },
  } satisfies ResolvedModel;
}
