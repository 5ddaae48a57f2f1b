// A GitHub App's token, end to end: the workflow passes app_id and app_private_key; the agent stage
// signs a JWT, finds the installation, mints a token for this repository with the permissions a run
// uses (as far as the installation has them), and pushes with it over an origin served like
// github.com, which records who pushed. The push starts CI (a push made with an App's token does;
// the job's token's does not), the reply is the App's bot's, and the token is revoked when the job
// ends: done, failed, cancelled, or killed outright (then the cleanup step revokes it). A wrong key
// is refused by the stand-in as GitHub refuses it, and the run says so in one line.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import type { CiRunner } from "../support/ci-runner.ts";
import { appKeyPair } from "../support/github-emulator/apps.ts";
import { serveGitOverHttp, type GitHttpServer } from "../support/git-http.ts";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { WORKFLOW_FILE } from "../support/workflow.ts";
import { createWorld, OWNER, playWorldCi, REPO, TOKEN, visibleTraces, type World } from "./support.ts";

const APP_ID = 4242;
const app = appKeyPair();
const CI = [
  "name: CI",
  "on: push",
  "jobs:",
  "  test:",
  "    runs-on: ubuntu-latest",
  "    steps:",
  "      - uses: actions/checkout@v4",
  "      - run: test -f answer.ts",
  "",
].join("\n");

let world: World;
let http: GitHttpServer;
let ci: CiRunner;
let withApp: string;
const target = { owner: OWNER, repo: REPO };

beforeAll(async () => {
  // ci.dispatch is set, and not needed: the App's push starts CI itself.
  world = await createWorld({
    ".github/workflows/ci.yml": CI,
    ".github/gitclaw.json": '{"ci":{"dispatch":["ci.yml"]}}',
  });
  world.gh.addUser({ login: "alice", permission: "write" });
  world.gh.installApp({
    id: APP_ID,
    slug: "claw-app",
    publicKey: app.publicKey,
    permissions: { contents: "write", issues: "write", pull_requests: "write", actions: "read", metadata: "read" },
  });
  ci = playWorldCi(world, ["ci.yml"]);
  // As GitHub: a push made with the job's token starts no workflow, one made with an App's token does.
  http = serveGitOverHttp(
    world.repo.origin,
    (token) => (world.gh.tokenKind(token) ? { workflows: false } : undefined),
    {
      onPush: (updates) => ci.onPush(updates),
    },
  );
  const line = "          anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}\n";
  const text = readFileSync(WORKFLOW_FILE, "utf8");
  expect(text).toContain(line);
  withApp = join(world.repo.root, "gitclaw-with-app.yml");
  const inputs = `          app_id: \${{ vars.APP_ID }}\n          app_private_key: \${{ secrets.APP_PRIVATE_KEY }}\n`;
  writeFileSync(withApp, text.replace(line, `${line}${inputs}`));
});
afterAll(async () => {
  http.stop();
  await world.stop();
});

function start(title: string, privateKey = app.privateKey, extra: Parameters<World["start"]>[2] = {}) {
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const running = world.start("issues", issueOpenedPayload({ ...target, issue }), {
    origin: http.url,
    workflowFile: withApp,
    vars: { APP_ID: String(APP_ID) },
    secrets: { APP_PRIVATE_KEY: privateKey },
    ...extra,
  });
  return { issue, running };
}

const minted = () => world.gh.installationTokens();

describe("a GitHub App's token", () => {
  it("pushes the work (CI starts for it), replies as the App, and is revoked at the end", async () => {
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "answer.ts", content: "export const answer = 42;\n" } }] },
      { text: "Added answer.ts." },
    ]);
    const before = world.gh.requests.length;
    const { issue, running } = start("The answer");
    const run = await running.result;
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    // The exchange: the JWT found the installation; the token is this repository's, narrowed.
    const asked = world.gh.requests.slice(before).find((r) => r.path.endsWith("/access_tokens"));
    expect(asked?.body).toEqual({
      repositories: [REPO],
      permissions: { contents: "write", issues: "write", pull_requests: "write", actions: "read" },
    });
    expect(minted()).toHaveLength(1);
    const [token] = minted();
    expect(token!.revoked).toBe(true);
    expect(run.stages.agent!.stdout).toContain("gitclaw: revoked the GitHub App token");
    // The App's token pushed main, so CI ran for it.
    const pushes = http.pushes().filter((push) => push.token === token!.token);
    expect(pushes.map((push) => push.ref)).toEqual(["refs/heads/main"]);
    expect(http.pushes().filter((push) => push.token === TOKEN)).toEqual([]);
    await ci.idle();
    expect(ci.runs.map(({ event, branch }) => ({ event, branch }))).toEqual([{ event: "push", branch: "main" }]);
    expect(world.gh.workflowRun(ci.runs[0]!.runId).conclusion).toBe("success");
    expect(world.gh.requests.filter((r) => r.path.endsWith("/dispatches"))).toEqual([]);
    expect(run.stages.agent!.stdout).toContain("ci.dispatch is not needed with a GitHub App's token");
    // The reply is the App's bot's; the token is nowhere to be seen.
    const reply = world.gh.comments(issue.number).filter((c) => c.body?.includes(REPLY_MARKER));
    expect(reply.map((c) => c.user?.login)).toEqual(["claw-app[bot]"]);
    const seen = await visibleTraces(world, run, issue.number);
    expect(seen).not.toContain(token!.token);
    // Nor is any line of the App's key.
    const keyLines = app.privateKey.split("\n").filter((line) => line && !line.startsWith("-----"));
    expect(keyLines.filter((line) => seen.includes(line))).toEqual([]);
    expect(run.logs).toContain(`::add-mask::${token!.token}`);
    // Revoked means refused.
    const after = await fetch(`${world.gh.url}/repos/${OWNER}/${REPO}`, {
      headers: { authorization: `token ${token!.token}` },
    });
    expect(after.status).toBe(401);
    expect(world.gh.violations).toEqual([]);
  });

  it("a push made with the job's token starts no CI, as on GitHub", async () => {
    const clone = await world.repo.clone("job-token-push");
    await commitFile(clone, "job.txt", "pushed with the job's token\n");
    const runs = ci.runs.length;
    const url = new URL(http.url);
    url.username = "x-access-token";
    url.password = TOKEN;
    await git(clone, "push", "-q", url.toString(), "HEAD:refs/heads/job-token");
    expect(http.pushes().at(-1)).toMatchObject({ token: TOKEN, ref: "refs/heads/job-token" });
    expect(ci.runs).toHaveLength(runs);
  });

  it("is revoked when the run fails", async () => {
    world.model.script([{ error: { status: 401, message: "invalid x-api-key" } }]);
    const count = minted().length;
    const { running } = start("A failing run");
    const run = await running.result;
    expect(run.stages.agent!.exitCode, run.logs).toBe(1);
    expect(minted()).toHaveLength(count + 1);
    expect(minted().at(-1)!.revoked).toBe(true);
  });

  it("is revoked when the run is cancelled", async () => {
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "partial.txt", content: "so far\n" } }] },
      { text: "never finished", hang: true },
    ]);
    const count = minted().length;
    const requests = world.model.requests.length;
    const { running } = start("Cancel me");
    while (world.model.requests.length < requests + 2) await Bun.sleep(20);
    running.cancel();
    const run = await running.result;
    expect(run.status).toBe("cancelled");
    expect(run.stages.agent!.signals).toEqual(["SIGINT"]);
    expect(minted()).toHaveLength(count + 1);
    expect(minted().at(-1)!.revoked).toBe(true);
    expect(run.stages.agent!.stdout).toContain("gitclaw: revoked the GitHub App token");
  });

  it("is revoked by the cleanup step when the agent is killed outright", async () => {
    const count = minted().length;
    world.model.script([{ text: "never answered", hang: true }]);
    const { running } = start("Kill me", app.privateKey, { env: { GITCLAW_FAULT: "after-progress-comment" } });
    const run = await running.result;
    expect(run.stages.agent!.exitCode).not.toBe(0);
    expect(minted()).toHaveLength(count + 1);
    expect(minted().at(-1)!.revoked).toBe(true);
    expect(run.stages.cleanup!.stdout).toContain("gitclaw: revoked the GitHub App token");
  });

  it("a wrong key: refused by GitHub's JWT check, said in one line, no token, nothing pushed", async () => {
    const count = { minted: minted().length, pushes: http.pushes().length, model: world.model.requests.length };
    const { issue, running } = start("Wrong key", appKeyPair().privateKey);
    const run = await running.result;
    expect(run.stages.agent!.exitCode).toBe(1);
    const said = `the GitHub App ${APP_ID} could not get a token for ${OWNER}/${REPO}: GET /repos/{owner}/{repo}/installation answered 401 "A JSON web token could not be decoded"`;
    expect(run.stages.agent!.stdout).toContain(`::error::gitclaw: ${said}`);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain(said);
    expect(minted()).toHaveLength(count.minted);
    expect(http.pushes()).toHaveLength(count.pushes);
    expect(world.model.requests).toHaveLength(count.model);
  });
});
