// A GitHub App's installation token, minted in the job (inputs app_id and app_private_key), so that
// gitclaw's pushes and pull requests start workflows as a person's do: a JWT the App signs (RS256,
// issued a minute in the past against clock drift, valid nine minutes, the App's id as issuer)
// finds the App's installation on this repository, and buys a token for this repository alone with
// the permissions a run uses, as far as the installation has them (asking for one it lacks would be
// refused whole). The token lives an hour; gitclaw revokes it when the job is done with it.
// GHES: the same paths under GITHUB_API_URL.
import { createPrivateKey, sign } from "node:crypto";
import { ActionableError } from "../errors.ts";
import { fetchApi, type GitHubApi } from "./api.ts";
import { repoPath, type Repo } from "./operations.ts";

/** What a run does with the token: push, reply, open pull requests, read and start Actions runs, its review's check. */
export const RUN_PERMISSIONS = {
  contents: "write",
  issues: "write",
  pull_requests: "write",
  actions: "write",
  checks: "write",
} as const;

type Level = "read" | "write";

export interface InstallationToken {
  token: string;
  expiresAt: string;
  permissions: Record<string, string>;
}

/** The App could not get a token: which App, and what GitHub said, in one line. */
export class AppTokenError extends ActionableError {
  override name = "AppTokenError";
}

const base64url = (data: string | Buffer) => Buffer.from(data).toString("base64url");

/** The App's JWT: RS256 over `header.claims`, signed with its private key (PEM). */
export function appJwt(appId: string, privateKeyPem: string, nowSeconds = Math.floor(Date.now() / 1000)): string {
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(privateKeyPem.replace(/\\n/g, "\n"));
  } catch {
    throw new AppTokenError(
      `the GitHub App ${appId}: app_private_key is not a PEM private key (paste the whole .pem file GitHub generated, BEGIN and END lines too)`,
    );
  }
  const header = base64url(JSON.stringify({ alg: "RS256", typ: "JWT" }));
  // The App's id goes as the integer GitHub expects; a client id (Iv23…) as the string it is.
  const iss = /^\d+$/.test(appId) ? Number(appId) : appId;
  const claims = base64url(JSON.stringify({ iat: nowSeconds - 60, exp: nowSeconds + 540, iss }));
  const signature = sign("sha256", Buffer.from(`${header}.${claims}`), key);
  return `${header}.${claims}.${base64url(signature)}`;
}

/** The run's permissions the installation has, at the level it has them (read where it grants only read). */
export function narrowedPermissions(granted: Record<string, string>): Record<string, Level> {
  const narrowed: Record<string, Level> = {};
  for (const [name, wanted] of Object.entries(RUN_PERMISSIONS)) {
    const has = granted[name];
    if (has === "write" || has === "admin") narrowed[name] = wanted;
    else if (has === "read") narrowed[name] = "read";
  }
  return narrowed;
}

/** What GitHub said, as one short clause. */
function said(step: string, response: { status: number; data: unknown }): string {
  const message = (response.data as { message?: unknown } | null)?.message;
  return `${step} answered ${response.status}${typeof message === "string" ? ` "${message}"` : ""}`;
}

export interface MintOptions {
  apiUrl: string;
  repo: Repo;
  appId: string;
  privateKey: string;
}

export async function mintInstallationToken(options: MintOptions): Promise<InstallationToken> {
  const { repo, appId } = options;
  const refused = (why: string) =>
    new AppTokenError(`the GitHub App ${appId} could not get a token for ${repo.owner}/${repo.repo}: ${why}`);
  const jwtApi = fetchApi({ apiUrl: options.apiUrl, token: appJwt(appId, options.privateKey) });
  // A network failure is a refusal too, said as one line.
  const api: GitHubApi = {
    ...jwtApi,
    send: (...args) =>
      jwtApi.send(...args).catch((error: Error) => {
        throw refused(`${options.apiUrl} could not be reached (${error.message})`);
      }),
  };
  const found = await api.send("GET", `${repoPath(repo)}/installation`);
  if (found.status !== 200)
    throw refused(
      `${said("GET /repos/{owner}/{repo}/installation", found)}${found.status === 404 ? " (is the App installed on this repository?)" : ""}`,
    );
  const installation = found.data as { id: number; permissions?: Record<string, string> };
  const permissions = narrowedPermissions(installation.permissions ?? {});
  const body = { repositories: [repo.repo], permissions };
  const minted = await api.send("POST", `/app/installations/${installation.id}/access_tokens`, body);
  if (minted.status !== 201) throw refused(said("POST /app/installations/{id}/access_tokens", minted));
  const data = minted.data as { token: string; expires_at: string; permissions?: Record<string, string> };
  return { token: data.token, expiresAt: data.expires_at, permissions: data.permissions ?? permissions };
}

/** Revokes the token (DELETE /installation/token, authenticated by the token itself): true once it is gone. */
export async function revokeInstallationToken(apiUrl: string, token: string): Promise<boolean> {
  const response = await fetchApi({ apiUrl, token }).send("DELETE", "/installation/token");
  // 401: already revoked or expired, which is what was wanted.
  return response.status === 204 || response.status === 401;
}
