// The cloud providers' models as the run resolves them, against the stand-ins: Bedrock's caching only
// for the models that take cache points, and a request the provider refuses named with where the
// credentials came from and where the request went.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeModelError } from "../../../src/agent/assistant-draft.ts";
import { resolveModel } from "../../../src/agent/model.ts";
import { type AwsSts, startAwsSts } from "../../support/cloud/aws-sts.ts";
import { type OidcIssuer, startOidcIssuer } from "../../support/cloud/oidc-issuer.ts";
import { startFakeModel, type FakeModel } from "../../support/fake-model.ts";

const ROLE = "arn:aws:iam::123456789012:role/gitclaw";
let issuer: OidcIssuer;
let sts: AwsSts;
let model: FakeModel;

beforeAll(async () => {
  issuer = await startOidcIssuer();
  sts = await startAwsSts({ issuer: issuer.url, roles: [ROLE] });
  model = await startFakeModel();
});
afterAll(async () => {
  await Promise.all([issuer.stop(), sts.stop(), model.stop()]);
});

const env = () => ({
  ...issuer.env,
  GITCLAW_AWS_ROLE_ARN: ROLE,
  GITCLAW_AWS_REGION: "us-east-1",
  AWS_ENDPOINT_URL_STS: sts.url,
  AWS_ENDPOINT_URL_BEDROCK_RUNTIME: model.url,
  HOME: "/nonexistent",
});

describe("bedrock/…", () => {
  it("marks cache points only for the models that take them", async () => {
    const claude = await resolveModel("bedrock/us.anthropic.claude-haiku-4-5-20251001-v1:0", { providers: {} }, env());
    const llama = await resolveModel("bedrock/meta.llama3-3-70b-instruct-v1:0", { providers: {} }, env());
    expect([claude.api, claude.caching, llama.caching]).toEqual(["bedrock-converse-stream", true, false]);
    expect(claude.info.price?.input).toBe(1);
  });

  it("names a refused request with the credentials' source and the endpoint", async () => {
    model.checkSignatures(async () => ({
      status: 403,
      type: "AccessDeniedException",
      message: "You don't have access to the model with the specified model ID.",
    }));
    try {
      const resolved = await resolveModel(
        "bedrock/anthropic.claude-sonnet-4-5-20250929-v1:0",
        { providers: {} },
        env(),
      );
      const error = await Promise.resolve(
        resolved.model.doStream({ prompt: [{ role: "user", content: [{ type: "text", text: "hi" }] }] }),
      ).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(describeModelError(error, resolved)).toBe(
        `model API error 403: You don't have access to the model with the specified model ID. (the credentials from the job's OIDC token exchanged for the role ${ROLE} were refused at ${model.url} (AWS_ENDPOINT_URL_BEDROCK_RUNTIME))`,
      );
    } finally {
      model.checkSignatures(undefined);
    }
  });
});
