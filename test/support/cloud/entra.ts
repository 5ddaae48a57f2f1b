// Microsoft Entra ID's token endpoint as a GitHub job's workload identity federation meets it:
// POST /<tenant>/oauth2/v2.0/token, the client-credentials grant whose client assertion is the job's
// OIDC token. The assertion is checked as Entra checks a federated credential: the issuer's signature
// (its published key), the issuer, the audience api://AzureADTokenExchange, the subject the
// application trusts; the scope must be Cognitive Services'. It answers an access token with its
// lifetime, or Entra's error body (AADSTS codes). Tokens it issued are kept for the model's check.
import { randomBytes } from "node:crypto";
import { verifyOidcToken } from "./oidc-issuer.ts";

export const ENTRA_AUDIENCE = "api://AzureADTokenExchange";
export const COGNITIVE_SCOPE = "https://cognitiveservices.azure.com/.default";

export interface Entra {
  url: string;
  issued: { token: string; expiresAt: number }[];
  /** Whether `token` is a live access token this authority issued. */
  valid(token: string): boolean;
  stop(): Promise<void>;
}

function refusal(error: string, description: string, status = 400): Response {
  return Response.json(
    {
      error,
      error_description: `${description}\r\nTrace ID: ${crypto.randomUUID()}`,
      error_codes: [Number(/AADSTS(\d+)/.exec(description)?.[1] ?? 0)],
    },
    { status },
  );
}

export async function startEntra(options: {
  issuer: string;
  tenantId: string;
  clientId: string;
  /** The subject the application's federated credential names. */
  subject: string;
  lifetimeSeconds?: number;
}): Promise<Entra> {
  const issued: Entra["issued"] = [];
  async function handle(req: Request): Promise<Response> {
    const path = new URL(req.url).pathname;
    if (req.method !== "POST" || path !== `/${options.tenantId}/oauth2/v2.0/token`)
      return refusal("invalid_request", `AADSTS90002: Tenant '${path.split("/")[1]}' not found.`, 400);
    const form = new URLSearchParams(await req.text());
    if (form.get("client_id") !== options.clientId)
      return refusal(
        "unauthorized_client",
        `AADSTS700016: Application with identifier '${form.get("client_id")}' was not found in the directory.`,
      );
    if (form.get("scope") !== COGNITIVE_SCOPE)
      return refusal("invalid_scope", `AADSTS70011: The provided value for scope ${form.get("scope")} is not valid.`);
    if (form.get("client_assertion_type") !== "urn:ietf:params:oauth:client-assertion-type:jwt-bearer")
      return refusal(
        "invalid_request",
        "AADSTS7000218: The request body must contain the following parameter: 'client_assertion' or 'client_secret'.",
      );
    const verified = await verifyOidcToken(form.get("client_assertion") ?? "", options.issuer);
    if ("error" in verified)
      return refusal("invalid_client", `AADSTS700024: Client assertion is not valid: ${verified.error}.`, 401);
    if (verified.claims.aud !== ENTRA_AUDIENCE)
      return refusal(
        "invalid_client",
        `AADSTS700212: No matching federated identity record found for presented assertion audience '${String(verified.claims.aud)}'.`,
        401,
      );
    if (verified.claims.sub !== options.subject)
      return refusal(
        "invalid_client",
        `AADSTS700213: No matching federated identity record found for presented assertion subject '${String(verified.claims.sub)}'.`,
        401,
      );
    const lifetime = options.lifetimeSeconds ?? 3599;
    const token = `eyJ0eXAiOiJKV1QifQ.${randomBytes(48).toString("base64url")}.${randomBytes(32).toString("base64url")}`;
    issued.push({ token, expiresAt: Date.now() + lifetime * 1000 });
    return Response.json({ token_type: "Bearer", expires_in: lifetime, ext_expires_in: lifetime, access_token: token });
  }
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handle });
  return {
    url: `http://127.0.0.1:${server.port}`,
    issued,
    valid: (token) => issued.some((t) => t.token === token && t.expiresAt > Date.now()),
    async stop() {
      await server.stop(true);
    },
  };
}
