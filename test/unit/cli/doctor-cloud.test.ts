// The doctor on a cloud provider's model: the credentials got as a run gets them (an STS or Entra
// exchange against the stand-ins, nothing spent), what is missing named, the exchange skipped outside
// a job (no OIDC token there), and the workflow's `id-token: write` checked when gitclaw exchanges it.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CheckResult, type DoctorDeps, runDoctor } from "../../../src/cli/doctor.ts";
import { renderWorkflow } from "../../../src/cli/workflow.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { type AwsSts, startAwsSts } from "../../support/cloud/aws-sts.ts";
import { type Entra, startEntra } from "../../support/cloud/entra.ts";
import { type GoogleSts, startGoogleSts } from "../../support/cloud/google-sts.ts";
import { type OidcIssuer, startOidcIssuer } from "../../support/cloud/oidc-issuer.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

const ROLE = "arn:aws:iam::123456789012:role/gitclaw";
const AZURE = { tenantId: "tenant-1", clientId: "client-1" };
const WORKFLOW_PATH = ".github/workflows/gitclaw.yml";
let issuer: OidcIssuer;
let sts: AwsSts;
let entra: Entra;
let google: GoogleSts;
const GCP = {
  provider: "projects/1/locations/global/workloadIdentityPools/github/providers/acme",
  serviceAccount: "gitclaw@acme.iam.gserviceaccount.com",
};
let repo: TempRepo;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  sts = await startAwsSts({ issuer: issuer.url, roles: [ROLE] });
  entra = await startEntra({ issuer: issuer.url, ...AZURE, subject: "repo:acme/widgets:ref:refs/heads/main" });
  google = await startGoogleSts({ issuer: issuer.url, ...GCP });
  repo = await createTempRepo({ "GITCLAW-ENABLED.md": "on\n" });
});
afterAll(async () => {
  await Promise.all([issuer.stop(), sts.stop(), entra.stop(), google.stop()]);
  repo.cleanup();
});

/** The repository's workflow with these inputs, and `id-token: write` where `idToken` says. */
function setUp(model: string, inputs: [string, string][], idToken: boolean) {
  const defaults = parseConfig({});
  let text = renderWorkflow({ model, trigger: defaults.trigger }, inputs);
  if (idToken) text = text.replace("permissions:\n", "permissions:\n  id-token: write\n");
  mkdirSync(join(repo.dir, ".github/workflows"), { recursive: true });
  writeFileSync(join(repo.dir, WORKFLOW_PATH), text);
  writeFileSync(join(repo.dir, ".github/gitclaw.json"), JSON.stringify({ model }));
}

function deps(env: Record<string, string | undefined>): DoctorDeps {
  return {
    env: { HOME: "/nonexistent", ...env },
    cwd: repo.dir,
    readText: (path) => (existsSync(path) ? readFileSync(path, "utf8") : undefined),
    fetch,
    git: async () => ({ exitCode: 1, stdout: "" }),
    actionlint: async () => ({ exitCode: 0, output: "" }),
    bunVersion: "1.4.5",
    actionBunVersion: "1.4.5",
    actionUses: ["oven-sh/setup-bun@v2"],
  };
}

const byName = (results: CheckResult[]) => Object.fromEntries(results.map((result) => [result.name, result]));

describe("doctor on Bedrock", () => {
  it("exchanges the job's OIDC token for the role's credentials, and sees id-token: write", async () => {
    setUp(
      "bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0",
      [
        ["aws_role_arn", ROLE],
        ["aws_region", "us-east-1"],
      ],
      true,
    );
    const before = sts.issued.length;
    const results = byName(await runDoctor(deps({ ...issuer.env, AWS_ENDPOINT_URL_STS: sts.url })));
    expect(results.Credentials).toMatchObject({
      status: "PASS",
      detail: `the job's OIDC token exchanged for the role ${ROLE}: granted (a token exchange; nothing was spent)`,
    });
    expect(sts.issued.length).toBe(before + 1);
    expect(results.OIDC).toMatchObject({ status: "PASS" });
  });

  it("skips the exchange outside a job, and fails a workflow that gives the job no OIDC token", async () => {
    setUp(
      "bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0",
      [
        ["aws_role_arn", ROLE],
        ["aws_region", "us-east-1"],
      ],
      false,
    );
    const results = byName(await runDoctor(deps({})));
    expect(results.Credentials).toMatchObject({ status: "SKIP" });
    expect(results.Credentials!.detail).toContain("exists only inside a workflow run");
    expect(results.OIDC).toMatchObject({
      status: "FAIL",
      detail:
        "the gitclaw step passes aws_role_arn, but the job has no `id-token: write` permission: the runner gives it no OIDC token to exchange",
    });
  });

  it("names what is missing: the region, or any credentials", async () => {
    setUp("bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0", [], false);
    expect(byName(await runDoctor(deps({}))).Credentials).toMatchObject({
      status: "FAIL",
      detail: "the AWS region is not set: give the action aws_region (e.g. us-east-1), or set AWS_REGION in the job",
    });
    expect(byName(await runDoctor(deps({ AWS_REGION: "eu-west-1" }))).Credentials!.detail).toContain(
      "no AWS credentials for Bedrock: give the action aws_role_arn",
    );
  });
});

describe("doctor on Azure", () => {
  it("signs in with Entra ID, and names a refusal in one line", async () => {
    const inputs: [string, string][] = [
      ["azure_endpoint", "my-resource"],
      ["azure_client_id", AZURE.clientId],
      ["azure_tenant_id", AZURE.tenantId],
    ];
    setUp("azure/gpt-4.1", inputs, true);
    const env = { ...issuer.env, AZURE_AUTHORITY_HOST: entra.url };
    expect(byName(await runDoctor(deps(env))).Credentials).toMatchObject({ status: "PASS" });
    setUp("azure/gpt-4.1", [...inputs.slice(0, 2), ["azure_tenant_id", "other-tenant"]], true);
    const refused = byName(await runDoctor(deps(env))).Credentials!;
    expect(refused.status).toBe("FAIL");
    expect(refused.detail).toMatch(
      /^Entra ID refused the token exchange for the application client-1 in tenant other-tenant \(audience api:\/\/AzureADTokenExchange\): invalid_request: AADSTS90002/,
    );
  });
});

describe("doctor on Vertex", () => {
  it("exchanges the job's OIDC token through the workload identity provider for the service account's token", async () => {
    const inputs: [string, string][] = [
      ["gcp_workload_identity_provider", GCP.provider],
      ["gcp_service_account", GCP.serviceAccount],
      ["gcp_project", "acme"],
    ];
    setUp("vertex/claude-sonnet-4-5@20250929", inputs, true);
    const env = {
      ...issuer.env,
      GITCLAW_GCP_STS_URL: `${google.url}/v1/token`,
      GITCLAW_GCP_IAM_CREDENTIALS_URL: google.url,
    };
    const before = google.accessTokens.length;
    const results = byName(await runDoctor(deps(env)));
    expect(results.Credentials).toMatchObject({
      status: "PASS",
      detail: `the job's OIDC token exchanged through ${GCP.provider} as ${GCP.serviceAccount}: granted (a token exchange; nothing was spent)`,
    });
    expect(google.accessTokens.length).toBe(before + 1);
    expect(results.OIDC).toMatchObject({ status: "PASS" });
  });
});
