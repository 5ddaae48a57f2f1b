// Google's token exchange for workload identity federation, as a GitHub job meets it: STS
// (POST /v1/token, RFC 8693 token exchange) checks the job's OIDC token against the pool's provider
// (the issuer's published key, the issuer, the audience https://iam.googleapis.com/<provider>, the
// `//iam.googleapis.com/<provider>` audience of the request) and answers a federated access token;
// the IAM Credentials API (POST /v1/projects/-/serviceAccounts/<sa>:generateAccessToken) takes that
// token and answers the service account's. Errors as Google words them. Tokens are kept for the
// model's check.
import { randomBytes } from "node:crypto";
import { verifyOidcToken } from "./oidc-issuer.ts";

export interface GoogleSts {
  url: string;
  /** Federated tokens (STS) and service-account tokens (IAM Credentials) issued, in order. */
  federated: string[];
  accessTokens: { token: string; expiresAt: number }[];
  valid(token: string): boolean;
  stop(): Promise<void>;
}

const googleError = (status: number, error: string, description: string) =>
  Response.json({ error, error_description: description }, { status });

export async function startGoogleSts(options: {
  issuer: string;
  /** projects/<n>/locations/global/workloadIdentityPools/<pool>/providers/<provider> */
  provider: string;
  serviceAccount: string;
  lifetimeSeconds?: number;
}): Promise<GoogleSts> {
  const federated: string[] = [];
  const accessTokens: GoogleSts["accessTokens"] = [];
  async function exchange(req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    if (form.get("grant_type") !== "urn:ietf:params:oauth:grant-type:token-exchange")
      return googleError(400, "unsupported_grant_type", `Unsupported grant type ${form.get("grant_type")}`);
    if (form.get("audience") !== `//iam.googleapis.com/${options.provider}`)
      return googleError(
        400,
        "invalid_target",
        'The target service indicated by the "audience" parameters is invalid.',
      );
    const verified = await verifyOidcToken(form.get("subject_token") ?? "", options.issuer);
    if ("error" in verified)
      return googleError(
        400,
        "invalid_grant",
        `ID Token issued by the issuer could not be verified: ${verified.error}`,
      );
    const expected = `https://iam.googleapis.com/${options.provider}`;
    if (verified.claims.aud !== expected)
      return googleError(
        400,
        "invalid_grant",
        `The audience in ID Token [${String(verified.claims.aud)}] does not match the expected audience ${expected}.`,
      );
    const token = `ya29.d.federated-${randomBytes(32).toString("base64url")}`;
    federated.push(token);
    return Response.json({
      access_token: token,
      issued_token_type: "urn:ietf:params:oauth:token-type:access_token",
      token_type: "Bearer",
      expires_in: 3600,
    });
  }
  async function impersonate(req: Request, account: string): Promise<Response> {
    const bearer = /^Bearer (.+)$/.exec(req.headers.get("authorization") ?? "")?.[1];
    if (!bearer || !federated.includes(bearer))
      return Response.json(
        { error: { code: 401, message: "Request had invalid authentication credentials.", status: "UNAUTHENTICATED" } },
        { status: 401 },
      );
    if (account !== options.serviceAccount)
      return Response.json(
        {
          error: {
            code: 403,
            message: "Permission 'iam.serviceAccounts.getAccessToken' denied on resource (or it may not exist).",
            status: "PERMISSION_DENIED",
          },
        },
        { status: 403 },
      );
    const lifetime = options.lifetimeSeconds ?? 3600;
    const token = `ya29.c.${randomBytes(48).toString("base64url")}`;
    const expiresAt = Date.now() + lifetime * 1000;
    accessTokens.push({ token, expiresAt });
    return Response.json({ accessToken: token, expireTime: new Date(expiresAt).toISOString() });
  }
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    async fetch(req) {
      const path = new URL(req.url).pathname;
      if (req.method === "POST" && path === "/v1/token") return exchange(req);
      const account = /^\/v1\/projects\/-\/serviceAccounts\/([^/:]+):generateAccessToken$/.exec(path)?.[1];
      if (req.method === "POST" && account) return impersonate(req, decodeURIComponent(account));
      return googleError(404, "not_found", `no route for ${req.method} ${path}`);
    },
  });
  return {
    url: `http://127.0.0.1:${server.port}`,
    federated,
    accessTokens,
    valid: (token) => accessTokens.some((t) => t.token === token && t.expiresAt > Date.now()),
    async stop() {
      await server.stop(true);
    },
  };
}
