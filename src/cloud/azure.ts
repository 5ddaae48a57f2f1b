// Azure OpenAI / Microsoft Foundry credentials: the resource's key (input azure_api_key), or no stored
// key at all: Microsoft Entra ID's client-credentials grant with the job's OIDC token as the client
// assertion (audience api://AzureADTokenExchange), for an application whose federated credential
// trusts this repository (inputs azure_client_id, azure_tenant_id; `id-token: write`). The access
// token, for https://cognitiveservices.azure.com/.default, is renewed before it expires
// (./refreshing.ts), and a refused exchange is named in one line: the application, the audience,
// what Entra said. The authority is AZURE_AUTHORITY_HOST, as Azure's SDKs read it (default
// login.microsoftonline.com).
import { z } from "zod";
import { CloudCredentialError, type Env, jobOidcToken } from "./oidc.ts";
import { type Granted, type RefreshOptions, refreshing } from "./refreshing.ts";

export const ENTRA_AUDIENCE = "api://AzureADTokenExchange";
export const COGNITIVE_SCOPE = "https://cognitiveservices.azure.com/.default";
const AUTHORITY = "https://login.microsoftonline.com";

export interface AzureSetup {
  /** The resource's OpenAI API prefix (…/openai), and which setting named it. */
  endpoint: { url: string; source: string };
  source: string;
  /** The key, when the resource's key is used; else the Entra token, renewed. */
  apiKey?: string;
  token?: () => Promise<string>;
}

const TokenAnswer = z.object({ access_token: z.string().min(1), expires_in: z.coerce.number() });
const Refusal = z.object({ error: z.string(), error_description: z.string().optional() });

/** The endpoint input as the SDK takes it: a resource name or URL becomes https://<name>.openai.azure.com/openai. */
export function azureEndpoint(env: Env): { url: string; source: string } {
  const given = env.GITCLAW_AZURE_ENDPOINT?.trim() || env.AZURE_OPENAI_ENDPOINT?.trim();
  const source = env.GITCLAW_AZURE_ENDPOINT?.trim() ? "the action input azure_endpoint" : "AZURE_OPENAI_ENDPOINT";
  if (!given)
    throw new CloudCredentialError(
      "azure_endpoint is not set: azure/* models need the resource, e.g. https://my-resource.openai.azure.com",
    );
  if (/^[a-z0-9-]+$/i.test(given)) return { url: `https://${given}.openai.azure.com/openai`, source };
  const url = new URL(given);
  const path = url.pathname.replace(/\/+$/, "");
  return { url: `${url.origin}${path || "/openai"}`, source };
}

export function azureSetup(env: Env, options: RefreshOptions): AzureSetup {
  const endpoint = azureEndpoint(env);
  const apiKey = env.AZURE_API_KEY?.trim();
  if (apiKey) return { endpoint, source: "the key in AZURE_API_KEY", apiKey };
  const clientId = env.GITCLAW_AZURE_CLIENT_ID?.trim() || env.AZURE_CLIENT_ID?.trim();
  const tenantId = env.GITCLAW_AZURE_TENANT_ID?.trim() || env.AZURE_TENANT_ID?.trim();
  if (!clientId || !tenantId)
    throw new CloudCredentialError(
      `no credentials for Azure OpenAI: give the action azure_client_id and azure_tenant_id (Entra ID with \`permissions: id-token: write\`), or azure_api_key${clientId || tenantId ? ` (${clientId ? "azure_tenant_id" : "azure_client_id"} is empty)` : ""}`,
    );
  const authority = env.AZURE_AUTHORITY_HOST?.trim().replace(/\/+$/, "") || AUTHORITY;
  const exchange = () => entraToken(env, { clientId, tenantId, authority });
  const source = `Entra ID: the job's OIDC token exchanged for the application ${clientId}`;
  return { endpoint, source, token: refreshing(exchange, options) };
}

/** The client-credentials grant with the job's OIDC token as the client assertion. */
async function entraToken(
  env: Env,
  settings: { clientId: string; tenantId: string; authority: string },
): Promise<Granted<string>> {
  const { clientId, tenantId, authority } = settings;
  const purpose = `signing in to Entra ID as the application ${clientId}`;
  const assertion = await jobOidcToken(env, ENTRA_AUDIENCE, { purpose });
  const form = new URLSearchParams({
    client_id: clientId,
    scope: COGNITIVE_SCOPE,
    grant_type: "client_credentials",
    client_assertion_type: "urn:ietf:params:oauth:client-assertion-type:jwt-bearer",
    client_assertion: assertion,
  });
  const url = `${authority}/${encodeURIComponent(tenantId)}/oauth2/v2.0/token`;
  const response = await fetch(url, { method: "POST", body: form }).catch((error: Error) => error);
  if (response instanceof Error) throw new CloudCredentialError(`${purpose}: cannot reach ${url}: ${response.message}`);
  const body = await response.json().catch(() => undefined);
  const token = TokenAnswer.safeParse(body);
  if (response.ok && token.success) {
    const { access_token: value, expires_in: seconds } = token.data;
    return { value, expiresAt: Date.now() + seconds * 1000, secrets: [value, assertion] };
  }
  const refusal = Refusal.safeParse(body);
  const said = refusal.success
    ? `${refusal.data.error}: ${refusal.data.error_description ?? ""}`
    : `HTTP ${response.status}`;
  throw new CloudCredentialError(
    `Entra ID refused the token exchange for the application ${clientId} in tenant ${tenantId} (audience ${ENTRA_AUDIENCE}): ${said.split("\n")[0]!.trim()}`,
  );
}
