// The cloud providers that take no stored key: `bedrock/<model id or inference profile>` (Amazon
// Bedrock, credentials from the job's OIDC token or AWS's chain, src/cloud/aws.ts) and
// `azure/<deployment>` (Azure OpenAI / Foundry, an Entra ID token from the job's OIDC token or the
// resource's key, src/cloud/azure.ts) and `vertex/<model>` (Google Vertex AI: Claude or Gemini, workload
// identity federation or Application Default Credentials, src/cloud/google.ts). Their credentials are exchanged when the model is resolved (a
// refusal ends the run before it starts, in one line) and renewed before they expire; each value is a
// secret from the moment it exists (`secrets`).
import { awsSetup } from "../cloud/aws.ts";
import { azureSetup } from "../cloud/azure.ts";
import { googleSetup } from "../cloud/google.ts";
import type { Config } from "../config/config.ts";
import { createAzureModel } from "./azure-model.ts";
import { bedrockCaches, bedrockEndpoint, createBedrockModel } from "./bedrock-model.ts";
import { modelInfo } from "./catalog.ts";
import type { ResolvedModel, SecretSink } from "./resolved-model.ts";
import { createVertexModel, isVertexClaude, vertexEndpoint } from "./vertex-model.ts";

export interface CloudOptions {
  secrets: SecretSink;
}

type Spec = { provider: string; modelId: string };
type Env = Record<string, string | undefined>;

export function resolveCloudModel(
  spec: Spec,
  config: Partial<Pick<Config, "models">>,
  env: Env,
  options: CloudOptions,
): Promise<ResolvedModel> {
  if (spec.provider === "azure") return azureModel(spec, config, env, options);
  if (spec.provider === "vertex") return vertexModel(spec, config, env, options);
  return bedrockModel(spec, config, env, options);
}

async function vertexModel(spec: Spec, config: Partial<Pick<Config, "models">>, env: Env, options: CloudOptions) {
  const { provider, modelId } = spec;
  const info = modelInfo(provider, modelId, config.models);
  const google = await googleSetup(env, { secrets: options.secrets });
  // Exchanged now, as for Bedrock.
  await google.token();
  const endpoint = vertexEndpoint(env, google.location);
  const baseURL = endpoint.source === "GITCLAW_VERTEX_BASE_URL" ? endpoint.url : undefined;
  const claude = isVertexClaude(modelId);
  return {
    provider,
    modelId,
    api: claude ? "anthropic-messages" : "google-vertex",
    model: await createVertexModel({ ...google, modelId, baseURL }),
    info,
    vision: info.vision ?? true,
    endpoint,
    credentials: { source: google.source },
  } satisfies ResolvedModel;
}

async function bedrockModel(spec: Spec, config: Partial<Pick<Config, "models">>, env: Env, options: CloudOptions) {
  const { provider, modelId } = spec;
  const info = modelInfo(provider, modelId, config.models);
  const aws = awsSetup(env, { secrets: options.secrets });
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
    vision: info.vision ?? bedrockCaches(modelId),
    endpoint,
    credentials: { source: aws.source },
    caching: bedrockCaches(modelId),
  } satisfies ResolvedModel;
}

async function azureModel(spec: Spec, config: Partial<Pick<Config, "models">>, env: Env, options: CloudOptions) {
  const { provider, modelId } = spec;
  const info = modelInfo(provider, modelId, config.models);
  const azure = azureSetup(env, { secrets: options.secrets });
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
    credentials: { source: azure.source },
  } satisfies ResolvedModel;
}
