// The stand-in's GitHub App, driven through gitclaw's own client code (src/github/app-token.ts) and
// raw fetch: a JWT that is not the App's, not yet valid, expired, too long-lived or from another
// issuer is refused with GitHub's words; a token is for this repository and the permissions asked,
// never more than the installation has; a request beyond them is refused; a revoked token is
// "Bad credentials". Every response is checked against GitHub's OpenAPI description.
import { createPrivateKey, sign } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  appJwt,
  mintInstallationToken,
  narrowedPermissions,
  revokeInstallationToken,
} from "../../src/github/app-token.ts";
import { fetchApi } from "../../src/github/api.ts";
import { startGitHubEmulator, type GitHubEmulator } from "./github-emulator.ts";
import { appKeyPair } from "./github-emulator/apps.ts";

const repo = { owner: "acme", repo: "widgets" };
const APP_ID = 77;
const app = appKeyPair();
const now = () => Math.floor(Date.now() / 1000);

/** A JWT with the claims given, signed with `key`. */
function jwt(claims: Record<string, unknown>, key = app.privateKey): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
  const body = `${part({ alg: "RS256", typ: "JWT" })}.${part(claims)}`;
  return `${body}.${sign("sha256", Buffer.from(body), createPrivateKey(key)).toString("base64url")}`;
}

let gh: GitHubEmulator;
beforeEach(async () => {
  gh = await startGitHubEmulator({ ...repo, token: "ghs_jobtoken" });
  gh.installApp({
    id: APP_ID,
    slug: "claw",
    publicKey: app.publicKey,
    permissions: { contents: "write", issues: "read", metadata: "read" },
  });
});
afterEach(async () => {
  await gh.stop();
  expect(gh.violations).toEqual([]);
});

const installation = (token: string) =>
  fetchApi({ apiUrl: gh.url, token }).send("GET", "/repos/acme/widgets/installation");

describe("the stand-in's GitHub App", () => {
  it("checks the JWT: signature, iat, exp, lifetime, issuer", async () => {
    const good = { iat: now() - 60, exp: now() + 540, iss: APP_ID };
    expect((await installation(jwt(good))).status).toBe(200);
    const cases: [Record<string, unknown>, string, string?][] = [
      [good, "A JSON web token could not be decoded", appKeyPair().privateKey],
      [{ ...good, iat: now() + 600 }, "'Issued at' claim ('iat') must be an Integer"],
      [{ ...good, iat: now() - 700, exp: now() - 100 }, "'Expiration time' claim ('exp') must be a numeric value"],
      [{ ...good, exp: now() + 900 }, "'Expiration time' claim ('exp') is too far in the future."],
      [{ ...good, iss: 78 }, "'Issuer' claim ('iss') must be an Integer"],
      [{ ...good, iss: String(APP_ID) }, "'Issuer' claim ('iss') must be an Integer"],
    ];
    for (const [claims, said, key] of cases) {
      const answer = await installation(jwt(claims, key));
      expect(answer.status).toBe(401);
      expect((answer.data as { message: string }).message).toContain(said);
    }
    expect((await installation("ghs_jobtoken")).status).toBe(401);
  });

  it("gitclaw's JWT: RS256, issued a minute back, nine minutes valid, the App as issuer", () => {
    const [head, body] = appJwt(String(APP_ID), app.privateKey, 1_000_000).split(".");
    expect(JSON.parse(Buffer.from(head!, "base64url").toString())).toEqual({ alg: "RS256", typ: "JWT" });
    expect(JSON.parse(Buffer.from(body!, "base64url").toString())).toEqual({
      iat: 999_940,
      exp: 1_000_540,
      iss: APP_ID,
    });
    expect(() => appJwt("7", "not a key")).toThrow(/app_private_key is not a PEM private key/);
  });

  it("mints a token narrowed to what the installation has, holds requests to it, and revokes it", async () => {
    expect(narrowedPermissions({ contents: "write", issues: "read", metadata: "read" })).toEqual({
      contents: "write",
      issues: "read",
    });
    const minted = await mintInstallationToken({
      apiUrl: gh.url,
      repo,
      appId: String(APP_ID),
      privateKey: app.privateKey,
    });
    expect(minted.permissions).toEqual({ contents: "write", issues: "read", metadata: "read" });
    const api = fetchApi({ apiUrl: gh.url, token: minted.token });
    expect((await api.send("GET", "/repos/acme/widgets")).status).toBe(200);
    gh.createIssue({ title: "x", body: "y", user: "acme" });
    const comment = await api.send("POST", "/repos/acme/widgets/issues/1/comments", { body: "hi" });
    expect(comment).toMatchObject({ status: 403, data: { message: "Resource not accessible by integration" } });

    // More than the installation has, or another repository: refused whole.
    const asJwt = fetchApi({ apiUrl: gh.url, token: appJwt(String(APP_ID), app.privateKey) });
    const { installationId } = gh.installApp({
      id: APP_ID,
      slug: "claw",
      publicKey: app.publicKey,
      permissions: { contents: "read" },
    });
    const tooMuch = await asJwt.send("POST", `/app/installations/${installationId}/access_tokens`, {
      permissions: { contents: "write" },
    });
    expect(tooMuch).toMatchObject({
      status: 422,
      data: { message: "The permissions requested are not granted to this installation." },
    });
    const elsewhere = await asJwt.send("POST", `/app/installations/${installationId}/access_tokens`, {
      repositories: ["gadgets"],
    });
    expect(elsewhere.status).toBe(422);

    expect(await revokeInstallationToken(gh.url, minted.token)).toBe(true);
    expect(gh.installationTokens()[0]!.revoked).toBe(true);
    expect((await api.send("GET", "/repos/acme/widgets")).status).toBe(401);
    expect(gh.tokenKind(minted.token)).toBeUndefined();
  });

  it("a wrong key or a missing installation: one line naming the App and what GitHub said", async () => {
    const options = { apiUrl: gh.url, repo, appId: String(APP_ID) };
    await expect(mintInstallationToken({ ...options, privateKey: appKeyPair().privateKey })).rejects.toThrow(
      'the GitHub App 77 could not get a token for acme/widgets: GET /repos/{owner}/{repo}/installation answered 401 "A JSON web token could not be decoded"',
    );
    await expect(
      mintInstallationToken({ ...options, repo: { owner: "acme", repo: "gadgets" }, privateKey: app.privateKey }),
    ).rejects.toThrow('answered 404 "Not Found" (is the App installed on this repository?)');
    await expect(
      mintInstallationToken({ ...options, apiUrl: "http://127.0.0.1:9", privateKey: app.privateKey }),
    ).rejects.toThrow(
      /^the GitHub App 77 could not get a token for acme\/widgets: http:\/\/127\.0\.0\.1:9 could not be reached/,
    );
  });
});
