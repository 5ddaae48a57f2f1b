// The cloud providers' credentials, driven directly against the stand-ins of test/support/cloud/: the
// OIDC exchanges, their renewal before expiry, the one-line refusals and what is missing named, and
// the stand-ins' own checks (a SigV4 signature over another body is refused), so the e2e cannot pass
// vacuously.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { awsSetup } from "../../../src/cloud/aws.ts";
import { azureEndpoint, azureSetup } from "../../../src/cloud/azure.ts";
import { googleSetup } from "../../../src/cloud/google.ts";
import { refreshing } from "../../../src/cloud/refreshing.ts";
import { refusedToolEnvName } from "../../../src/tool-env.ts";
import { type AwsSts, startAwsSts } from "../../support/cloud/aws-sts.ts";
import { type Entra, startEntra } from "../../support/cloud/entra.ts";
import { type OidcIssuer, startOidcIssuer } from "../../support/cloud/oidc-issuer.ts";
import { sigV4Verifier } from "../../support/cloud/sigv4.ts";

const ROLE = "arn:aws:iam::123456789012:role/gitclaw";
const AZURE = { tenantId: "tenant-1", clientId: "client-1" };
let issuer: OidcIssuer;
let sts: AwsSts;
let entra: Entra;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  sts = await startAwsSts({ issuer: issuer.url, roles: [ROLE] });
  entra = await startEntra({ issuer: issuer.url, ...AZURE, subject: "repo:acme/widgets:ref:refs/heads/main" });
});
afterAll(async () => {
  await Promise.all([issuer.stop(), sts.stop(), entra.stop()]);
});

const awsEnv = () => ({
  ...issuer.env,
  GITCLAW_AWS_ROLE_ARN: ROLE,
  GITCLAW_AWS_REGION: "us-east-1",
  AWS_ENDPOINT_URL_STS: sts.url,
  HOME: "/nonexistent",
});

describe("renewal", () => {
  it("renews 5 minutes before the end, or halfway for short credentials, with one exchange for calls at the same time", async () => {
    let clock = 0;
    let exchanges = 0;
    const lifetimes = [3_600_000, 60_000];
    const secrets: string[] = [];
    const get = refreshing(
      async () => {
        const life = lifetimes[exchanges]!;
        exchanges++;
        return { value: exchanges, expiresAt: clock + life, secrets: [`secret-value-${exchanges}`] };
      },
      { secrets: (values) => secrets.push(...values), now: () => clock },
    );
    expect(await Promise.all([get(), get(), get()])).toEqual([1, 1, 1]);
    clock = 3_600_000 - 300_001;
    expect(await get()).toBe(1);
    clock = 3_600_000 - 300_000;
    expect(await get()).toBe(2);
    clock += 29_999;
    expect(await get()).toBe(2);
    expect(secrets).toEqual(["secret-value-1", "secret-value-2"]);
  });
});

describe("AWS", () => {
  it("exchanges the job's OIDC token for the role's credentials, every value handed to the redactor", async () => {
    const secrets: string[] = [];
    const setup = awsSetup(awsEnv(), { secrets: (values) => secrets.push(...values) });
    const credentials = await setup.credentials();
    const issued = sts.issued.at(-1)!;
    expect(credentials).toEqual({
      accessKeyId: issued.accessKeyId,
      secretAccessKey: issued.secretAccessKey,
      sessionToken: issued.sessionToken,
    });
    expect(secrets).toEqual(
      expect.arrayContaining([issued.secretAccessKey, issued.sessionToken, issuer.issued.at(-1)!.token]),
    );
    expect(setup.source).toBe(`the job's OIDC token exchanged for the role ${ROLE}`);
  });

  it("names what is missing: the region, any credentials, the OIDC permission", async () => {
    const secrets = { secrets: () => {} };
    expect(() => awsSetup({ GITCLAW_AWS_ROLE_ARN: ROLE }, secrets)).toThrow(
      /the AWS region is not set: give the action aws_region/,
    );
    expect(() => awsSetup({ AWS_REGION: "us-east-1", HOME: "/nonexistent" }, secrets)).toThrow(
      "no AWS credentials for Bedrock: give the action aws_role_arn (with `permissions: id-token: write`), or run aws-actions/configure-aws-credentials before it",
    );
    const noOidc = awsSetup({ GITCLAW_AWS_ROLE_ARN: ROLE, AWS_REGION: "us-east-1" }, secrets);
    await expect(noOidc.credentials()).rejects.toThrow(
      `assuming the AWS role ${ROLE}: the job's OIDC token is not available (ACTIONS_ID_TOKEN_REQUEST_URL is unset): give the job \`permissions: id-token: write\``,
    );
  });

  it("the STS stand-in refuses a token for another audience, as AWS does", async () => {
    const token = (await (
      await fetch(`${issuer.env.ACTIONS_ID_TOKEN_REQUEST_URL}&audience=api://AzureADTokenExchange`, {
        headers: { authorization: `Bearer ${issuer.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN}` },
      })
    ).json()) as { value: string };
    const form = new URLSearchParams({
      Action: "AssumeRoleWithWebIdentity",
      RoleArn: ROLE,
      WebIdentityToken: token.value,
    });
    const response = await fetch(sts.url, { method: "POST", body: form });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      "<Code>InvalidIdentityToken</Code><Message>Incorrect token audience api://AzureADTokenExchange</Message>",
    );
  });

  it("the Bedrock stand-in's SigV4 check passes the SDK's signature and refuses one over another body", async () => {
    const credentials = await awsSetup(awsEnv(), { secrets: () => {} }).credentials();
    const check = sigV4Verifier(sts.find);
    const seen: (string | undefined)[] = [];
    const capture = async (input: string | URL | Request, init?: RequestInit) => {
      const req = new Request(input as string, init as RequestInit);
      const body = String(init?.body);
      seen.push((await check(req, body))?.type, (await check(req, body.replace("hi", "ho")))?.type);
      return new Response("{}", { status: 500 });
    };
    const model = createAmazonBedrock({
      region: "us-east-1",
      credentialProvider: async () => credentials,
      fetch: capture as typeof fetch,
      baseURL: "http://127.0.0.1:9",
    })("amazon.nova-pro-v1:0");
    await Promise.resolve(
      model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }),
    ).catch(() => {});
    expect(seen.slice(0, 2)).toEqual([undefined, "InvalidSignatureException"]);
  });
});

describe("Azure", () => {
  it("takes the endpoint as a resource name or URL", () => {
    expect(azureEndpoint({ GITCLAW_AZURE_ENDPOINT: "my-resource" }).url).toBe(
      "https://my-resource.openai.azure.com/openai",
    );
    expect(azureEndpoint({ GITCLAW_AZURE_ENDPOINT: "https://my-resource.openai.azure.com/" }).url).toBe(
      "https://my-resource.openai.azure.com/openai",
    );
    expect(() => azureEndpoint({})).toThrow(/azure_endpoint is not set/);
  });

  it("signs in with Entra ID through the job's OIDC token, or names what is missing", async () => {
    const env = { ...issuer.env, GITCLAW_AZURE_ENDPOINT: "my-resource", AZURE_AUTHORITY_HOST: entra.url };
    const setup = azureSetup(
      { ...env, GITCLAW_AZURE_CLIENT_ID: AZURE.clientId, GITCLAW_AZURE_TENANT_ID: AZURE.tenantId },
      { secrets: () => {} },
    );
    expect(entra.valid(await setup.token!())).toBe(true);
    expect(() => azureSetup({ ...env, GITCLAW_AZURE_CLIENT_ID: AZURE.clientId }, { secrets: () => {} })).toThrow(
      "no credentials for Azure OpenAI: give the action azure_client_id and azure_tenant_id (Entra ID with `permissions: id-token: write`), or azure_api_key (azure_tenant_id is empty)",
    );
    expect(azureSetup({ ...env, AZURE_API_KEY: "azure-key-0123456789" }, { secrets: () => {} }).apiKey).toBe(
      "azure-key-0123456789",
    );
  });
});

describe("Google Cloud", () => {
  it("names what is missing: the project, or any credentials (never asking the metadata server)", async () => {
    const secrets = { secrets: () => {} };
    await expect(googleSetup({ HOME: "/nonexistent" }, secrets)).rejects.toThrow(
      "the Google Cloud project is not set: give the action gcp_project (or set GOOGLE_CLOUD_PROJECT)",
    );
    await expect(googleSetup({ GITCLAW_GCP_PROJECT: "acme", HOME: "/nonexistent" }, secrets)).rejects.toThrow(
      "no Google Cloud credentials for Vertex AI: give the action gcp_workload_identity_provider (with `permissions: id-token: write`), or run google-github-actions/auth before it",
    );
  });
});

describe("tool commands", () => {
  it("never get the cloud credentials through tools.env", () => {
    for (const name of [
      "AWS_SECRET_ACCESS_KEY",
      "AWS_SESSION_TOKEN",
      "AWS_ACCESS_KEY_ID",
      "AZURE_API_KEY",
      "ACTIONS_ID_TOKEN_REQUEST_TOKEN",
    ])
      expect(refusedToolEnvName(name), name).toMatch(/tool commands never get it/);
  });
});
