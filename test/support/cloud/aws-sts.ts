// AWS STS as AssumeRoleWithWebIdentity meets a GitHub job: the query protocol (a form POST, an XML
// answer), the web identity token checked as AWS checks it against a registered OIDC provider (its
// signature with the issuer's published key, the issuer, the audience sts.amazonaws.com, the expiry),
// the role's trust (which roles exist), and short-lived credentials with an expiry. Credentials it
// issued are kept so the Bedrock stand-in can check SigV4 signatures made with them and refuse expired ones.
import { randomBytes } from "node:crypto";
import { verifyOidcToken } from "./oidc-issuer.ts";

export const STS_AUDIENCE = "sts.amazonaws.com";

export interface IssuedCredentials {
  accessKeyId: string;
  secretAccessKey: string;
  sessionToken: string;
  expiresAt: number;
  roleArn: string;
}

export interface AwsSts {
  url: string;
  /** Every exchange it granted, in order. */
  issued: IssuedCredentials[];
  /** Refusals, as STS said them. */
  refused: string[];
  /** How long credentials issued from now on last. */
  setLifetime(seconds: number): void;
  /** The credentials with this access key id, if STS issued them. */
  find(accessKeyId: string): IssuedCredentials | undefined;
  stop(): Promise<void>;
}

const XMLNS = "https://sts.amazonaws.com/doc/2011-06-15/";

function errorXml(status: number, code: string, message: string): Response {
  const body = `<ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type><Code>${code}</Code><Message>${message}</Message></Error><RequestId>${crypto.randomUUID()}</RequestId></ErrorResponse>`;
  return new Response(body, { status, headers: { "content-type": "text/xml" } });
}

function credentialsXml(c: IssuedCredentials, subject: string): Response {
  const body = [
    `<AssumeRoleWithWebIdentityResponse xmlns="${XMLNS}"><AssumeRoleWithWebIdentityResult>`,
    `<SubjectFromWebIdentityToken>${subject}</SubjectFromWebIdentityToken>`,
    `<Audience>${STS_AUDIENCE}</Audience>`,
    `<AssumedRoleUser><Arn>${c.roleArn.replace(":role/", ":assumed-role/")}/gitclaw</Arn><AssumedRoleId>AROA${randomBytes(8).toString("hex").toUpperCase()}:gitclaw</AssumedRoleId></AssumedRoleUser>`,
    `<Credentials><AccessKeyId>${c.accessKeyId}</AccessKeyId><SecretAccessKey>${c.secretAccessKey}</SecretAccessKey>`,
    `<SessionToken>${c.sessionToken}</SessionToken><Expiration>${new Date(c.expiresAt).toISOString()}</Expiration></Credentials>`,
    `</AssumeRoleWithWebIdentityResult><ResponseMetadata><RequestId>${crypto.randomUUID()}</RequestId></ResponseMetadata></AssumeRoleWithWebIdentityResponse>`,
  ].join("");
  return new Response(body, { headers: { "content-type": "text/xml" } });
}

const alnum = (n: number) =>
  randomBytes(n * 2)
    .toString("base64")
    .replace(/[^A-Za-z0-9]/g, "")
    .slice(0, n);

export async function startAwsSts(options: {
  /** The OIDC issuer AWS trusts (the account's registered provider). */
  issuer: string;
  /** The roles that trust it. */
  roles: string[];
  /** How long issued credentials last (AWS: 15 minutes to 12 hours; shorter here to test renewal). */
  lifetimeSeconds?: number;
}): Promise<AwsSts> {
  const issued: IssuedCredentials[] = [];
  const refused: string[] = [];
  let lifetime = options.lifetimeSeconds ?? 3600;
  const refuse = (status: number, code: string, message: string) => {
    refused.push(`${code}: ${message}`);
    return errorXml(status, code, message);
  };
  async function handle(req: Request): Promise<Response> {
    const form = new URLSearchParams(await req.text());
    if (form.get("Action") !== "AssumeRoleWithWebIdentity")
      return refuse(400, "InvalidAction", `Could not find operation ${form.get("Action")}`);
    const roleArn = form.get("RoleArn") ?? "";
    const verified = await verifyOidcToken(form.get("WebIdentityToken") ?? "", options.issuer);
    if ("error" in verified) return refuse(400, "InvalidIdentityToken", `Couldn't verify the token: ${verified.error}`);
    const { claims } = verified;
    if (claims.aud !== STS_AUDIENCE)
      return refuse(400, "InvalidIdentityToken", `Incorrect token audience ${String(claims.aud)}`);
    if (!options.roles.includes(roleArn))
      return refuse(403, "AccessDenied", "Not authorized to perform sts:AssumeRoleWithWebIdentity");
    const credentials: IssuedCredentials = {
      accessKeyId: `ASIA${alnum(16).toUpperCase()}`,
      secretAccessKey: alnum(40),
      sessionToken: `IQoJb3JpZ2luX2Vj${alnum(120)}`,
      expiresAt: Date.now() + lifetime * 1000,
      roleArn,
    };
    issued.push(credentials);
    return credentialsXml(credentials, String(claims.sub));
  }
  const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: handle });
  return {
    url: `http://127.0.0.1:${server.port}`,
    issued,
    refused,
    setLifetime(seconds) {
      lifetime = seconds;
    },
    find: (accessKeyId) => issued.find((c) => c.accessKeyId === accessKeyId),
    async stop() {
      await server.stop(true);
    },
  };
}
