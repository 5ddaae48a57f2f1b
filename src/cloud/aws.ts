// AWS credentials for Amazon Bedrock, never a stored key: either gitclaw exchanges the job's OIDC
// token itself (inputs aws_role_arn and aws_region, `id-token: write`) through STS
// AssumeRoleWithWebIdentity, or the runner's environment has them as AWS's own SDK resolves them
// (aws-actions/configure-aws-credentials' variables, a web identity token file, a profile). Both go
// through AWS's SDK (@aws-sdk/credential-provider-web-identity, -node); requests are signed with SigV4
// by the Bedrock provider's signer. Credentials are renewed before they expire (./refreshing.ts), and a
// refused exchange is named in one line: the role, the audience, what STS said.
import { existsSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { CloudCredentialError, type Env, jobOidcToken, oneLine } from "./oidc.ts";
import { type Granted, type RefreshOptions, refreshing } from "./refreshing.ts";

export const STS_AUDIENCE = "sts.amazonaws.com";

export interface AwsCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken?: string;
}

export interface AwsSetup {
  region: string;
  /** Where the credentials come from, in words, for the log and doctor. */
  source: string;
  credentials: () => Promise<AwsCredentials>;
}

/** The environment variables through which the SDK's own chain finds credentials. */
const CHAIN_SIGNALS = [
  "AWS_ACCESS_KEY_ID",
  "AWS_WEB_IDENTITY_TOKEN_FILE",
  "AWS_PROFILE",
  "AWS_CONTAINER_CREDENTIALS_FULL_URI",
  "AWS_CONTAINER_CREDENTIALS_RELATIVE_URI",
];

export function awsRegion(env: Env): string {
  const region = env.GITCLAW_AWS_REGION?.trim() || env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim();
  if (!region)
    throw new CloudCredentialError(
      "the AWS region is not set: give the action aws_region (e.g. us-east-1), or set AWS_REGION in the job",
    );
  return region;
}

/** How Bedrock's requests get their credentials; throws when there is no way, naming what to set. */
export function awsSetup(env: Env, options: RefreshOptions): AwsSetup {
  const region = awsRegion(env);
  const roleArn = env.GITCLAW_AWS_ROLE_ARN?.trim();
  if (roleArn) {
    const exchange = () => assumeRole(env, { roleArn, region });
    return {
      region,
      source: `the job's OIDC token exchanged for the role ${roleArn}`,
      credentials: refreshing(exchange, options),
    };
  }
  const signal = CHAIN_SIGNALS.find((name) => env[name]?.trim());
  const home = env.HOME?.trim() || homedir();
  const files = ["credentials", "config"].some((file) => existsSync(join(home, ".aws", file)));
  if (!signal && !files)
    throw new CloudCredentialError(
      "no AWS credentials for Bedrock: give the action aws_role_arn (with `permissions: id-token: write`), or run aws-actions/configure-aws-credentials before it",
    );
  const source = signal ? `AWS's credential chain (${signal})` : `AWS's credential chain (${home}/.aws)`;
  return { region, source, credentials: refreshing(() => fromChain(region), options) };
}

async function fromChain(region: string): Promise<Granted<AwsCredentials>> {
  const { defaultProvider } = await import("@aws-sdk/credential-provider-node");
  const found = await defaultProvider({ clientConfig: { region } })().catch((error: Error) => {
    throw new CloudCredentialError(`AWS's credential chain found no credentials for Bedrock: ${stsSaid(error)}`);
  });
  return granted(found);
}

/** AssumeRoleWithWebIdentity with a fresh OIDC token of the job, audience sts.amazonaws.com. */
async function assumeRole(
  env: Env,
  { roleArn, region }: { roleArn: string; region: string },
): Promise<Granted<AwsCredentials>> {
  const purpose = `assuming the AWS role ${roleArn}`;
  const token = await jobOidcToken(env, STS_AUDIENCE, { purpose });
  const { fromWebToken } = await import("@aws-sdk/credential-provider-web-identity");
  const endpoint = env.AWS_ENDPOINT_URL_STS?.trim() || env.AWS_ENDPOINT_URL?.trim() || undefined;
  const provider = fromWebToken({
    roleArn,
    webIdentityToken: token,
    roleSessionName: `gitclaw-${env.GITHUB_RUN_ID?.trim() || "local"}`,
    clientConfig: { region, ...(endpoint ? { endpoint } : {}) },
  });
  const found = await provider().catch((error: Error) => {
    throw new CloudCredentialError(
      `AWS STS refused AssumeRoleWithWebIdentity for the role ${roleArn} (audience ${STS_AUDIENCE}): ${stsSaid(error)}`,
    );
  });
  const result = granted(found);
  return { ...result, secrets: [...result.secrets, token] };
}

function granted(found: AwsCredentials & { expiration?: Date }): Granted<AwsCredentials> {
  const { accessKeyId, secretAccessKey, sessionToken } = found;
  return {
    value: { accessKeyId, secretAccessKey, ...(sessionToken ? { sessionToken } : {}) },
    expiresAt: found.expiration?.getTime(),
    secrets: [secretAccessKey, sessionToken ?? "", accessKeyId],
  };
}

/** The SDK's error as one line: its code (InvalidIdentityToken, AccessDenied…) and message. */
const stsSaid = (error: Error): string =>
  oneLine(`${error.name && error.name !== "Error" ? `${error.name}: ` : ""}${error.message}`);
