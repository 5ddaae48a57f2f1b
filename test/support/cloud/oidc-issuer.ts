// The runner's OIDC token service as a job with `permissions: id-token: write` meets it: GET
// $ACTIONS_ID_TOKEN_REQUEST_URL&audience=… with the bearer $ACTIONS_ID_TOKEN_REQUEST_TOKEN answers
// `{ "value": "<JWT>" }`, an RS256 token whose issuer is this server, signed with a key made for the
// test and published as a JWKS at /.well-known/jwks, as token.actions.githubusercontent.com publishes
// its keys. The cloud stand-ins (./aws-sts.ts, ./entra.ts) verify tokens against it as the real
// services verify GitHub's.
import {
  createPublicKey,
  createSign,
  createVerify,
  generateKeyPairSync,
  randomBytes,
  type KeyObject,
} from "node:crypto";

export interface OidcIssuer {
  url: string;
  /** What the runner sets for the step (ACTIONS_ID_TOKEN_REQUEST_URL and _TOKEN). */
  env: { ACTIONS_ID_TOKEN_REQUEST_URL: string; ACTIONS_ID_TOKEN_REQUEST_TOKEN: string };
  /** Every token handed out, with its audience. */
  issued: { audience: string; token: string }[];
  stop(): Promise<void>;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");

function sign(claims: Record<string, unknown>, key: KeyObject, kid: string): string {
  const head = b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }));
  const body = b64url(JSON.stringify(claims));
  const signature = createSign("RSA-SHA256").update(`${head}.${body}`).sign(key);
  return `${head}.${body}.${b64url(signature)}`;
}

export async function startOidcIssuer(
  options: { subject?: string; lifetimeSeconds?: number } = {},
): Promise<OidcIssuer> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const bearer = `oidc-request-${randomBytes(24).toString("hex")}`;
  const issued: OidcIssuer["issued"] = [];
  const jwks = { keys: [{ ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" }] };
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch(req) {
      const url = new URL(req.url);
      if (url.pathname === "/.well-known/jwks") return Response.json(jwks);
      if (url.pathname !== "/token") return new Response("not found", { status: 404 });
      if (req.headers.get("authorization") !== `Bearer ${bearer}`)
        return Response.json({ message: "Bad credentials" }, { status: 401 });
      const audience = url.searchParams.get("audience") ?? issuerUrl;
      const now = Math.floor(Date.now() / 1000);
      const claims = {
        iss: issuerUrl,
        aud: audience,
        sub: options.subject ?? "repo:acme/widgets:ref:refs/heads/main",
        repository: "acme/widgets",
        iat: now,
        nbf: now - 5,
        exp: now + (options.lifetimeSeconds ?? 300),
        jti: randomBytes(8).toString("hex"),
      };
      const token = sign(claims, privateKey, kid);
      issued.push({ audience, token });
      return Response.json({ count: 1, value: token });
    },
  });
  const issuerUrl = `http://127.0.0.1:${server.port}`;
  return {
    url: issuerUrl,
    env: {
      ACTIONS_ID_TOKEN_REQUEST_URL: `${issuerUrl}/token?api-version=2.0`,
      ACTIONS_ID_TOKEN_REQUEST_TOKEN: bearer,
    },
    issued,
    async stop() {
      await server.stop(true);
    },
  };
}

export type Verified = { claims: Record<string, unknown> } | { error: string };

/**
 * A token checked as a cloud provider checks one from a trusted OIDC issuer: its signature against
 * the key the issuer publishes (fetched from `${issuer}/.well-known/jwks`), its issuer, its expiry.
 */
export async function verifyOidcToken(token: string, trustedIssuer: string): Promise<Verified> {
  const [head, body, signature] = token.split(".");
  if (!head || !body || !signature) return { error: "not a JWT" };
  const header = JSON.parse(Buffer.from(head, "base64url").toString()) as { kid?: string };
  const claims = JSON.parse(Buffer.from(body, "base64url").toString()) as Record<string, unknown>;
  if (claims.iss !== trustedIssuer) return { error: `the issuer ${String(claims.iss)} is not trusted` };
  const { keys } = (await (await fetch(`${trustedIssuer}/.well-known/jwks`)).json()) as {
    keys: { kid: string; [k: string]: unknown }[];
  };
  const jwk = keys.find((key) => key.kid === header.kid);
  if (!jwk) return { error: "no published key has the token's kid" };
  const key = createPublicKey({ key: jwk as never, format: "jwk" });
  const valid = createVerify("RSA-SHA256").update(`${head}.${body}`).verify(key, Buffer.from(signature, "base64url"));
  if (!valid) return { error: "the signature does not match the issuer's published key" };
  if (typeof claims.exp !== "number" || claims.exp * 1000 < Date.now()) return { error: "the token has expired" };
  return { claims };
}
