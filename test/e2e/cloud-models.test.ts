// Models bought through a cloud account, with no stored key anywhere, end to end: the workflow gives
// only a role (Bedrock) or an application (Azure) and `id-token: write`'s OIDC token; gitclaw exchanges
// the job's token at the stand-ins, which check what the real services check (test/support/cloud/: the
// token's issuer, audience and signature; SigV4 with AWS's signer; expiry), talks to the model through
// the provider's SDK, renews credentials that expire during the run, and says a refused exchange in
// one line. No credential value is seen in the log (past its mask), a comment, a commit or a session.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AwsSts, startAwsSts } from "../support/cloud/aws-sts.ts";
import { type OidcIssuer, startOidcIssuer } from "../support/cloud/oidc-issuer.ts";
import { type Entra, startEntra } from "../support/cloud/entra.ts";
import { type GoogleSts, startGoogleSts } from "../support/cloud/google-sts.ts";
import { sigV4Verifier } from "../support/cloud/sigv4.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { WORKFLOW_FILE } from "../support/workflow.ts";
import { createWorld, OWNER, REPO, visibleTraces, type World } from "./support.ts";

const ROLE = "arn:aws:iam::123456789012:role/gitclaw-bedrock";
const BEDROCK_MODEL = "bedrock/us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const AZURE = { tenantId: "8f3c0b0e-1d2a-4c5b-9e6f-0123456789ab", clientId: "2b7e1c4d-5a6f-4e8d-9c0b-fedcba987654" };

let world: World;
let issuer: OidcIssuer;
let sts: AwsSts;
let entra: Entra;
let google: GoogleSts;
const GCP = {
  provider: "projects/123456789/locations/global/workloadIdentityPools/github/providers/acme",
  serviceAccount: "gitclaw@acme-project.iam.gserviceaccount.com",
};
let keyless: string;

beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  issuer = await startOidcIssuer();
  sts = await startAwsSts({ issuer: issuer.url, roles: [ROLE] });
  entra = await startEntra({ issuer: issuer.url, ...AZURE, subject: "repo:acme/widgets:ref:refs/heads/main" });
  google = await startGoogleSts({ issuer: issuer.url, ...GCP });
  // Bedrock's requests must carry a valid SigV4 signature, Azure's a live Entra token, Vertex's a service account's.
  const sigv4 = sigV4Verifier(sts.find);
  world.model.checkSignatures(async (req, body) => {
    if (new URL(req.url).pathname.startsWith("/model/")) return sigv4(req, body);
    const bearer = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
    return bearer && (entra.valid(bearer) || google.valid(bearer))
      ? undefined
      : { status: 401, type: "invalid_token", message: "Unauthorized" };
  });
  // The repository's own workflow with the key's line replaced by the cloud inputs: no key is passed.
  const line = "          anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}\n";
  const text = readFileSync(WORKFLOW_FILE, "utf8");
  expect(text).toContain(line);
  const inputs = [
    "          aws_role_arn: ${{ vars.AWS_ROLE_ARN }}",
    "          aws_region: us-east-1",
    "          azure_endpoint: ${{ vars.AZURE_ENDPOINT }}",
    "          azure_client_id: ${{ vars.AZURE_CLIENT_ID }}",
    "          azure_tenant_id: ${{ vars.AZURE_TENANT_ID }}",
    "          gcp_workload_identity_provider: ${{ vars.GCP_PROVIDER }}",
    "          gcp_service_account: ${{ vars.GCP_SERVICE_ACCOUNT }}",
    "          gcp_project: acme-project",
    "          gcp_region: us-east5",
    "",
  ].join("\n");
  keyless = join(world.repo.root, "gitclaw-keyless.yml");
  writeFileSync(keyless, text.replace(line, inputs));
});
afterAll(async () => {
  await world.stop();
  await Promise.all([issuer.stop(), sts.stop(), entra.stop(), google.stop()]);
});

/** A run's settings on Bedrock with the role `role`: the keyless workflow, the runner's OIDC token, the stand-ins. */
const onBedrock = (role = ROLE) => ({
  workflowFile: keyless,
  vars: { GITCLAW_MODEL: BEDROCK_MODEL, AWS_ROLE_ARN: role },
  env: { ...issuer.env, AWS_ENDPOINT_URL_STS: sts.url, AWS_ENDPOINT_URL_BEDROCK_RUNTIME: world.model.url },
});

/** An issue run on Bedrock with the role `role`, through the runner's OIDC token and the stand-ins. */
function runOnBedrock(title: string, role = ROLE) {
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const run = world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), onBedrock(role));
  return { issue, run };
}

/** An issue run on Vertex AI with `model`, through workload identity federation and the stand-ins. */
async function runOnVertex(title: string, model: string) {
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const done = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
    workflowFile: keyless,
    vars: { GITCLAW_MODEL: model, GCP_PROVIDER: GCP.provider, GCP_SERVICE_ACCOUNT: GCP.serviceAccount },
    env: {
      ...issuer.env,
      GITCLAW_GCP_STS_URL: `${google.url}/v1/token`,
      GITCLAW_GCP_IAM_CREDENTIALS_URL: google.url,
      GITCLAW_VERTEX_BASE_URL: world.model.url,
    },
  });
  return { issue, done };
}

/** The text of every tool result in a Converse request (a user message's toolResult blocks). */
const converseToolResults = (body: Record<string, unknown>): string =>
  JSON.stringify(
    (body.messages as { content: { toolResult?: unknown }[] }[]).flatMap((m) =>
      m.content.map((c) => c.toolResult ?? []),
    ),
  );

const accessKeyOf = (headers: Record<string, string>) =>
  /Credential=([A-Z0-9]+)\//.exec(headers.authorization ?? "")?.[1];

describe("Amazon Bedrock with the job's OIDC token only", () => {
  it("answers an issue end to end, signed with STS's credentials, and no credential is seen anywhere", async () => {
    const before = world.model.requests.length;
    const exchanges = sts.issued.length;
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "env | sort" } }] },
      { toolCalls: [{ name: "write", input: { path: "answer.ts", content: "export const answer = 42;\n" } }] },
      { text: "Added answer.ts on Bedrock." },
    ]);
    const { issue, run } = runOnBedrock("The answer");
    const done = await run;
    expect(done.stages.agent!.exitCode, done.logs).toBe(0);
    const requests = world.model.requests.slice(before);
    expect(requests.map((r) => r.api)).toEqual(["bedrock", "bedrock", "bedrock"]);
    expect(requests[0]!.body.model).toBe(BEDROCK_MODEL.slice("bedrock/".length));
    // Prompt caching as Bedrock offers it: a cache point after the system prompt and the last message.
    expect(JSON.stringify(requests[0]!.body.system)).toContain('"cachePoint":{"type":"default"}');
    const granted = sts.issued.slice(exchanges);
    expect(granted).toHaveLength(1);
    expect(issuer.issued.at(-1)!.audience).toBe("sts.amazonaws.com");
    for (const request of requests) expect(accessKeyOf(request.headers)).toBe(granted[0]!.accessKeyId);
    expect(await world.onOrigin("answer.ts")).toBe("export const answer = 42;\n");
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Added answer.ts on Bedrock.");
    // The tool command's environment has neither the AWS credentials nor the runner's OIDC request.
    const env = converseToolResults(requests[1]!.body);
    expect(env).toContain("PATH=");
    // (AWS_PAGER= is the tools' own: no pager for the aws CLI.)
    expect(env, env).not.toMatch(/AWS_(?!PAGER=)|ACTIONS_ID_TOKEN|GITCLAW_/);
    const { secretAccessKey, sessionToken } = granted[0]!;
    const secrets = [
      secretAccessKey,
      sessionToken,
      issuer.issued.at(-1)!.token,
      issuer.env.ACTIONS_ID_TOKEN_REQUEST_TOKEN,
    ];
    expect(done.logs).toContain(`::add-mask::${secretAccessKey}`);
    expect(done.logs).toContain(`::add-mask::${sessionToken}`);
    const seen = await visibleTraces(world, done, issue.number);
    for (const secret of secrets) expect(seen).not.toContain(secret);
  });

  it("renews credentials that expire during the run: a second exchange, the later requests signed with it", async () => {
    sts.setLifetime(3);
    const before = world.model.requests.length;
    const exchanges = sts.issued.length;
    world.model.script([
      // Longer than the first credentials live: without a renewal the next request is refused as expired.
      { toolCalls: [{ name: "bash", input: { command: "sleep 4" } }] },
      { text: "Slept on Bedrock." },
    ]);
    const { issue, run } = runOnBedrock("A long one");
    const done = await run.finally(() => sts.setLifetime(3600));
    expect(done.stages.agent!.exitCode, done.logs).toBe(0);
    const granted = sts.issued.slice(exchanges);
    expect(granted.length).toBeGreaterThanOrEqual(2);
    const [first, second] = world.model.requests.slice(before).map((r) => accessKeyOf(r.headers));
    expect(first).toBe(granted[0]!.accessKeyId);
    expect(second).not.toBe(first);
    expect(granted.map((c) => c.accessKeyId)).toContain(second);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Slept on Bedrock.");
    const seen = await visibleTraces(world, done, issue.number);
    for (const c of granted) {
      expect(seen).not.toContain(c.secretAccessKey);
      expect(seen).not.toContain(c.sessionToken);
    }
  });

  it("keeps Claude's signed reasoning on Bedrock and sends it back untouched when the conversation resumes", async () => {
    world.model.script([
      { thinking: "The user wants a plan first.", toolCalls: [{ name: "bash", input: { command: "ls" } }] },
      { text: "Here is the plan." },
    ]);
    const { issue, run } = runOnBedrock("Reason about it");
    const done = await run;
    expect(done.stages.agent!.exitCode, done.logs).toBe(0);
    world.model.script([{ text: "Continuing on Bedrock." }]);
    const comment = world.gh.addComment(issue.number, { body: "Go on.", user: "alice" });
    const next = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ owner: OWNER, repo: REPO, issue, comment }),
      onBedrock(),
    );
    // The stand-in, as Bedrock, refuses reasoning sent back altered or without its signature.
    expect(next.stages.agent!.exitCode, next.logs).toBe(0);
    const resumed = JSON.stringify(world.model.requests.at(-1)!.body.messages);
    expect(resumed).toContain('"reasoningText":{"text":"The user wants a plan first.","signature":');
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Continuing on Bedrock.");
  });

  it("names a refused exchange in one line: the role, the audience, what STS said", async () => {
    const before = world.model.requests.length;
    const role = "arn:aws:iam::123456789012:role/not-trusting-this-repo";
    const { issue, run } = runOnBedrock("Refused", role);
    const done = await run;
    expect(done.stages.agent!.exitCode).toBe(1);
    expect(world.model.requests.length).toBe(before);
    const line = `AWS STS refused AssumeRoleWithWebIdentity for the role ${role} (audience sts.amazonaws.com): AccessDenied: Not authorized to perform sts:AssumeRoleWithWebIdentity`;
    expect(done.logs).toContain(line);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain(line);
  });
});

describe("Azure OpenAI with Entra ID through the job's OIDC token", () => {
  function runOnAzure(title: string, clientId = AZURE.clientId) {
    const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
    const run = world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
      workflowFile: keyless,
      vars: {
        GITCLAW_MODEL: "azure/gpt-4.1",
        AZURE_ENDPOINT: `${world.model.url}/v1`,
        AZURE_CLIENT_ID: clientId,
        AZURE_TENANT_ID: AZURE.tenantId,
      },
      env: { ...issuer.env, AZURE_AUTHORITY_HOST: entra.url },
    });
    return { issue, run };
  }

  it("answers an issue end to end with an Entra token, and the token is seen nowhere", async () => {
    const before = world.model.requests.length;
    const exchanges = entra.issued.length;
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "azure.txt", content: "from Azure\n" } }] },
      { text: "Wrote azure.txt on Azure." },
    ]);
    const { issue, run } = runOnAzure("Azure please");
    const done = await run;
    expect(done.stages.agent!.exitCode, done.logs).toBe(0);
    const requests = world.model.requests.slice(before);
    expect(requests.map((r) => [r.api, r.body.model])).toEqual([
      ["openai", "gpt-4.1"],
      ["openai", "gpt-4.1"],
    ]);
    const granted = entra.issued.slice(exchanges);
    expect(granted).toHaveLength(1);
    expect(issuer.issued.at(-1)!.audience).toBe("api://AzureADTokenExchange");
    for (const request of requests) expect(request.headers.authorization).toBe(`Bearer ${granted[0]!.token}`);
    expect(await world.onOrigin("azure.txt")).toBe("from Azure\n");
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Wrote azure.txt on Azure.");
    expect(done.logs).toContain(`::add-mask::${granted[0]!.token}`);
    const seen = await visibleTraces(world, done, issue.number);
    for (const secret of [granted[0]!.token, issuer.issued.at(-1)!.token]) expect(seen).not.toContain(secret);
  });

  it("names a refused sign-in in one line: the application, the audience, what Entra said", async () => {
    const stranger = "00000000-0000-4000-8000-000000000000";
    const { issue, run } = runOnAzure("Azure refused", stranger);
    const done = await run;
    expect(done.stages.agent!.exitCode).toBe(1);
    const line = `Entra ID refused the token exchange for the application ${stranger} in tenant ${AZURE.tenantId} (audience api://AzureADTokenExchange): unauthorized_client: AADSTS700016: Application with identifier '${stranger}' was not found in the directory.`;
    expect(done.logs).toContain(line);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain(line);
  });
});

describe("Google Vertex AI through workload identity federation", () => {
  it("answers an issue end to end on Claude, the job's OIDC token exchanged at STS and for the service account's token", async () => {
    const before = world.model.requests.length;
    const granted = google.accessTokens.length;
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "vertex.txt", content: "from Vertex\n" } }] },
      { text: "Wrote vertex.txt on Vertex." },
    ]);
    const { issue, done } = await runOnVertex("Vertex please", "vertex/claude-sonnet-4-5@20250929");
    expect(done.stages.agent!.exitCode, done.logs).toBe(0);
    const requests = world.model.requests.slice(before);
    expect(requests.map((r) => r.path)).toEqual([
      "/v1/projects/acme-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict",
      "/v1/projects/acme-project/locations/us-east5/publishers/anthropic/models/claude-sonnet-4-5@20250929:streamRawPredict",
    ]);
    const [token] = google.accessTokens.slice(granted);
    expect(token).toBeDefined();
    expect(issuer.issued.at(-1)!.audience).toBe(`https://iam.googleapis.com/${GCP.provider}`);
    for (const request of requests) expect(request.headers.authorization).toBe(`Bearer ${token!.token}`);
    expect(await world.onOrigin("vertex.txt")).toBe("from Vertex\n");
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Wrote vertex.txt on Vertex.");
    expect(done.logs).toContain(`::add-mask::${token!.token}`);
    const seen = await visibleTraces(world, done, issue.number);
    for (const secret of [token!.token, google.federated.at(-1)!, issuer.issued.at(-1)!.token])
      expect(seen).not.toContain(secret);
  });

  it("answers an issue end to end on Gemini, its tool calls and answer in Google's own format", async () => {
    const before = world.model.requests.length;
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "gemini.txt", content: "from Gemini\n" } }] },
      { text: "Wrote gemini.txt on Gemini." },
    ]);
    const { issue, done } = await runOnVertex("Gemini please", "vertex/gemini-2.5-pro");
    expect(done.stages.agent!.exitCode, done.logs).toBe(0);
    const requests = world.model.requests.slice(before);
    expect(requests.map((r) => [r.api, r.path])).toEqual([
      [
        "gemini",
        "/v1/projects/acme-project/locations/us-east5/publishers/google/models/gemini-2.5-pro:streamGenerateContent",
      ],
      [
        "gemini",
        "/v1/projects/acme-project/locations/us-east5/publishers/google/models/gemini-2.5-pro:streamGenerateContent",
      ],
    ]);
    for (const request of requests)
      expect(google.valid(request.headers.authorization!.slice("Bearer ".length))).toBe(true);
    // The tool's result went back as Gemini takes one: a functionResponse part naming the call.
    expect(JSON.stringify(requests[1]!.body.contents)).toContain('"functionResponse":{"name":"write"');
    expect(await world.onOrigin("gemini.txt")).toBe("from Gemini\n");
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Wrote gemini.txt on Gemini.");
  });
});
