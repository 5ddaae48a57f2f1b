// A GitHub App installed on the emulated repository, as GitHub plays it: a JWT is checked (RS256
// against the App's public key, `iat`/`exp` window, issuer) with GitHub's own refusals, installation
// tokens are scoped (this repository, the permissions asked for, never more than the installation
// has), revocable (a revoked or expired token is "Bad credentials"), and each request made with
// one is held to its permissions ("Resource not accessible by integration").
import { createPublicKey, generateKeyPairSync, randomBytes, verify, type KeyObject } from "node:crypto";
import { ApiError } from "./http.ts";

export type PermissionLevel = "read" | "write";

export interface AppInput {
  id: number;
  slug: string;
  /** The App's public key (PEM): the JWT must verify against it. */
  publicKey: string;
  /** What the installation on this repository was granted. */
  permissions: Record<string, PermissionLevel>;
}

export interface AppRecord extends Omit<AppInput, "publicKey"> {
  publicKey: KeyObject;
  installationId: number;
  createdAt: string;
}

export interface InstallationTokenRecord {
  token: string;
  permissions: Record<string, PermissionLevel>;
  repositories: string[];
  expiresAt: number;
  revoked: boolean;
}

/** A fresh RSA key pair as GitHub gives an App one (PEM): the public half for installApp, the private for the workflow. */
export const appKeyPair = () =>
  generateKeyPairSync("rsa", {
    modulusLength: 2048,
    publicKeyEncoding: { type: "spki", format: "pem" },
    privateKeyEncoding: { type: "pkcs8", format: "pem" },
  });

const MAX_LIFETIME_S = 600;
/** GitHub tolerates this much clock drift on `iat`. */
const DRIFT_S = 60;

const unauthorized = (message: string) => new ApiError(401, message);

function decodePart(part: string | undefined): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? "", "base64url").toString("utf8"));
    if (typeof value === "object" && value !== null) return value as Record<string, unknown>;
  } catch {
    // Falls through to the refusal.
  }
  throw unauthorized("A JSON web token could not be decoded");
}

/** Which permission a REST route needs, by its template: GitHub's categories, coarsely. */
export function permissionFor(method: string, template: string): { name: string; level: PermissionLevel } {
  const level: PermissionLevel = method === "GET" ? "read" : "write";
  const categories: [RegExp, string][] = [
    [/\/pulls(\/|$)/, "pull_requests"],
    [/\/issues(\/|$)/, "issues"],
    [/\/actions\//, "actions"],
    [/\/check-(runs|suites)/, "checks"],
    [/\/statuses\//, "statuses"],
    [/\/(contents|git|commits|branches|compare)\//, "contents"],
  ];
  const found = categories.find(([pattern]) => pattern.test(template));
  return found ? { name: found[1], level } : { name: "metadata", level: "read" };
}

const covers = (has: PermissionLevel | undefined, wanted: PermissionLevel) =>
  has === "write" || (has === "read" && wanted === "read");

export class AppsState {
  app?: AppRecord;
  readonly tokens = new Map<string, InstallationTokenRecord>();
  /** Seconds since the epoch; a test may move the clock. */
  nowSeconds = () => Math.floor(Date.now() / 1000);

  constructor(
    private readonly nextId: () => number,
    private readonly now: () => string,
  ) {}

  install(input: AppInput): AppRecord {
    this.app = {
      ...input,
      publicKey: createPublicKey(input.publicKey),
      installationId: this.nextId(),
      createdAt: this.now(),
    };
    return this.app;
  }

  /** The App a `Bearer <jwt>` header authenticates, or GitHub's refusal. */
  verifyJwt(header: string | null): AppRecord {
    const jwt = /^bearer\s+(\S+)$/i.exec(header ?? "")?.[1];
    const parts = jwt?.split(".") ?? [];
    if (parts.length !== 3) throw unauthorized("A JSON web token could not be decoded");
    const [head, body, signature] = parts as [string, string, string];
    if (decodePart(head).alg !== "RS256") throw unauthorized("A JSON web token could not be decoded");
    const claims = decodePart(body);
    const app = this.app;
    const signed = Buffer.from(`${head}.${body}`);
    if (!app || !verify("sha256", signed, app.publicKey, Buffer.from(signature, "base64url")))
      throw unauthorized("A JSON web token could not be decoded");
    this.checkClaims(claims, app);
    return app;
  }

  private checkClaims(claims: Record<string, unknown>, app: AppRecord): void {
    const now = this.nowSeconds();
    const { iat, exp, iss } = claims;
    if (typeof iat !== "number" || iat > now + DRIFT_S)
      throw unauthorized(
        "'Issued at' claim ('iat') must be an Integer representing the time that the assertion was issued.",
      );
    if (typeof exp !== "number" || exp <= now)
      throw unauthorized(
        "'Expiration time' claim ('exp') must be a numeric value representing the future time at which the assertion expires.",
      );
    if (exp - iat > MAX_LIFETIME_S) throw unauthorized("'Expiration time' claim ('exp') is too far in the future.");
    // The App's id as an integer (a client id would be a string: the stand-in's Apps have none).
    if (iss !== app.id) throw unauthorized("'Issuer' claim ('iss') must be an Integer");
  }

  /** A token for the installation, narrowed as asked; refused past what the installation has. */
  mint(app: AppRecord, repo: string, body: { repositories?: unknown; permissions?: unknown }): InstallationTokenRecord {
    const repositories = Array.isArray(body.repositories) ? body.repositories.map(String) : [repo];
    if (repositories.some((name) => name.toLowerCase() !== repo.toLowerCase()))
      throw new ApiError(
        422,
        "There is at least one repository that does not exist or is not accessible to the parent installation.",
      );
    const asked = (body.permissions ?? app.permissions) as Record<string, PermissionLevel>;
    if (Object.entries(asked).some(([name, level]) => !covers(app.permissions[name], level)))
      throw new ApiError(422, "The permissions requested are not granted to this installation.");
    const record = {
      token: `ghs_${randomBytes(18).toString("base64url").replace(/[-_]/g, "x")}`,
      permissions: { ...asked, metadata: "read" as const },
      repositories,
      expiresAt: this.nowSeconds() + 3600,
      revoked: false,
    };
    this.tokens.set(record.token, record);
    return record;
  }

  /** The installation token `token` is, while it is good: not revoked, not expired. */
  live(token: string | undefined): InstallationTokenRecord | undefined {
    const record = token === undefined ? undefined : this.tokens.get(token);
    return record && !record.revoked && record.expiresAt > this.nowSeconds() ? record : undefined;
  }

  /** GitHub's refusal of a request `record` may not make, if it may not. */
  refusal(record: InstallationTokenRecord, method: string, template: string): ApiError | undefined {
    const { name, level } = permissionFor(method, template);
    return covers(record.permissions[name], level)
      ? undefined
      : new ApiError(403, "Resource not accessible by integration");
  }
}
