// Google Cloud credentials for Vertex AI, never a stored key: gitclaw's own workload identity
// federation (inputs gcp_workload_identity_provider, and gcp_service_account to impersonate;
// `id-token: write`): the job's OIDC token (audience https://iam.googleapis.com/<provider>) exchanged
// at Google's STS, then, with a service account, for its access token through the IAM Credentials
// API's generateAccessToken; or Application Default Credentials as google-github-actions/auth leaves
// them (GOOGLE_APPLICATION_CREDENTIALS). Both through google-auth-library (IdentityPoolClient,
// GoogleAuth). The access token is renewed before it expires (./refreshing.ts), and a refused exchange
// is named in one line: the provider, the audience, what Google said. GITCLAW_GCP_STS_URL and
// GITCLAW_GCP_IAM_CREDENTIALS_URL point the exchange elsewhere (a private endpoint, the tests' stand-ins).
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import type { AuthClient } from "google-auth-library";
import { CloudCredentialError, type Env, jobOidcToken, oneLine } from "./oidc.ts";
import { refreshing, type RefreshOptions } from "./refreshing.ts";

const SCOPE = "https://www.googleapis.com/auth/cloud-platform";

export interface GoogleSetup {
  project: string;
  location: string;
  source: string;
  client: AuthClient;
  /** The access token, renewed before it expires. */
  token: () => Promise<string>;
}

export function googleProject(env: Env): { project: string; location: string } {
  const project =
    env.GITCLAW_GCP_PROJECT?.trim() || env.GOOGLE_VERTEX_PROJECT?.trim() || env.GOOGLE_CLOUD_PROJECT?.trim();
  if (!project)
    throw new CloudCredentialError(
      "the Google Cloud project is not set: give the action gcp_project (or set GOOGLE_CLOUD_PROJECT)",
    );
  const location = env.GITCLAW_GCP_REGION?.trim() || env.GOOGLE_VERTEX_LOCATION?.trim() || "global";
  return { project, location };
}

export async function googleSetup(env: Env, options: RefreshOptions): Promise<GoogleSetup> {
  const { project, location } = googleProject(env);
  const provider = env.GITCLAW_GCP_WORKLOAD_IDENTITY_PROVIDER?.trim();
  const serviceAccount = env.GITCLAW_GCP_SERVICE_ACCOUNT?.trim();
  const { client, source, refused } = provider
    ? await federated(env, { provider, serviceAccount, secrets: options.secrets })
    : await applicationDefault(env);
  const exchange = async () => {
    const { token } = await client.getAccessToken().catch((error: Error) => {
      throw new CloudCredentialError(`${refused}: ${googleSaid(error)}`);
    });
    if (!token) throw new CloudCredentialError(`${refused}: no access token came back`);
    const expiry = (client as { credentials?: { expiry_date?: number | null } }).credentials?.expiry_date ?? undefined;
    return { value: token, expiresAt: expiry, secrets: [token] };
  };
  return { project, location, source, client, token: refreshing(exchange, options) };
}

async function federated(
  env: Env,
  settings: { provider: string; serviceAccount?: string; secrets: RefreshOptions["secrets"] },
) {
  const { provider, serviceAccount } = settings;
  const audience = `https://iam.googleapis.com/${provider}`;
  const sts = env.GITCLAW_GCP_STS_URL?.trim() || "https://sts.googleapis.com/v1/token";
  const iam =
    env.GITCLAW_GCP_IAM_CREDENTIALS_URL?.trim().replace(/\/+$/, "") || "https://iamcredentials.googleapis.com";
  const purpose = `signing in to Google Cloud through ${provider}`;
  const { IdentityPoolClient } = await import("google-auth-library");
  const client = new IdentityPoolClient({
    type: "external_account",
    audience: `//iam.googleapis.com/${provider}`,
    subject_token_type: "urn:ietf:params:oauth:token-type:jwt",
    token_url: sts,
    scopes: [SCOPE],
    ...(serviceAccount
      ? {
          service_account_impersonation_url: `${iam}/v1/projects/-/serviceAccounts/${serviceAccount}:generateAccessToken`,
        }
      : {}),
    subject_token_supplier: {
      getSubjectToken: async () => {
        const token = await jobOidcToken(env, audience, { purpose });
        settings.secrets([token]);
        return token;
      },
    },
  });
  const as = serviceAccount ? ` as ${serviceAccount}` : "";
  return {
    client: client as AuthClient,
    source: `the job's OIDC token exchanged through ${provider}${as}`,
    refused: `Google refused the exchange through the workload identity provider ${provider}${as} (audience ${audience})`,
  };
}

/** google-github-actions/auth's credentials file, or gcloud's; never the metadata server's guess. */
async function applicationDefault(env: Env) {
  const file = env.GOOGLE_APPLICATION_CREDENTIALS?.trim();
  const gcloud = join(env.HOME?.trim() || homedir(), ".config/gcloud/application_default_credentials.json");
  if (!file && !existsSync(gcloud))
    throw new CloudCredentialError(
      "no Google Cloud credentials for Vertex AI: give the action gcp_workload_identity_provider (with `permissions: id-token: write`), or run google-github-actions/auth before it",
    );
  const { GoogleAuth } = await import("google-auth-library");
  const client = (await new GoogleAuth({
    scopes: [SCOPE],
    ...(file ? { keyFile: file } : {}),
  }).getClient()) as AuthClient;
  const source = `Application Default Credentials (${file ? "GOOGLE_APPLICATION_CREDENTIALS" : gcloud})`;
  return { client, source, refused: `Google refused the ${source}` };
}

/** The error as one line: Google's own words (e.g. "invalid_grant: The audience … does not match"). */
function googleSaid(error: Error): string {
  const data = (error as { response?: { data?: { error?: string; error_description?: string } } }).response?.data;
  return oneLine(data?.error ? `${data.error}: ${data.error_description ?? ""}` : error.message);
}
