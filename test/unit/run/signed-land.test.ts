// The signed publish against the GitHub stand-in and a real origin, through land(): a branch that
// moves between reading it and updating it answers 422 (GitHub's "Update is not a fast forward"), and
// the landing replays and tries again without ever forcing; a change of hundreds of files costs a
// handful of requests; a new branch is created; trailers are added once, where git reads them.
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { addTrailers } from "../../../src/git/commit-message.ts";
import { createGit, type Git } from "../../../src/git/git.ts";
import { land } from "../../../src/git/land.ts";
import { fetchApi, type GitHubApi } from "../../../src/github/api.ts";
import { waitingOutSecondaryLimits } from "../../../src/github/git-database.ts";
import { signedPublish } from "../../../src/run/signed-land.ts";
import { commitFile, createTempRepo, git as gitIn, type TempRepo } from "../../support/git-repo.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";
import { verifyingOptions, webFlowKey } from "../../support/web-flow.ts";

const TOKEN = "ghs_signedlandtoken";
const repo = { owner: "acme", repo: "widgets" };
const ALICE = "Co-authored-by: alice <7+alice@users.noreply.github.com>";

let temp: TempRepo;
let gh: GitHubEmulator;
let git: Git;
let api: GitHubApi;

beforeEach(async () => {
  temp = await createTempRepo({ "README.md": "# demo\n", "keep.txt": "keep\n" });
  gh = await startGitHubEmulator({ ...repo, token: TOKEN, origin: temp.origin });
  git = createGit(temp.dir);
  api = fetchApi({ apiUrl: gh.url, token: TOKEN });
});

afterEach(async () => {
  await gh.stop();
  temp.cleanup();
  expect(gh.violations).toEqual([]);
});

const options = (base: string, head: string, publish: ReturnType<typeof signedPublish>) => ({
  remote: temp.origin,
  branch: "main",
  base,
  head,
  attempts: 4,
  fallbackBranch: "side",
  sleep: async () => {},
  publish,
});

const signatures = async (range: string) =>
  (await temp.originGit(...verifyingOptions(webFlowKey()), "log", "--format=%G?", range)).split("\n");

describe("a signed landing", () => {
  it("replays and retries when the ref update answers 422 because the branch moved, never forcing", async () => {
    const base = await gitIn(temp.dir, "rev-parse", "HEAD");
    await commitFile(temp.dir, "mine.txt", "mine\n", "Mine");
    const head = await gitIn(temp.dir, "rev-parse", "HEAD");
    const other = await temp.clone("other");
    let raced = false;
    // Someone pushes between the landing's read of the branch and its update.
    const racing: GitHubApi = {
      graphql: api.graphql,
      async send(method, path, body, request) {
        if (method === "PATCH" && !raced) {
          raced = true;
          await commitFile(other, "theirs.txt", "theirs\n", "Theirs");
          await gitIn(other, "push", "-q", "origin", "HEAD:main");
        }
        return api.send(method, path, body, request);
      },
    };
    const outcome = await land(git, options(base, head, signedPublish({ git, api: racing, repo, trailers: [ALICE] })));
    expect(outcome).toMatchObject({ landed: true, branch: "main", attempts: 2 });
    expect(await temp.originGit("log", "--format=%s", `${base}..main`)).toBe("Mine\nTheirs");
    expect(await signatures(`${base}..main`)).toEqual(["G", "N"]);
    expect(outcome.sha).toBe(await temp.originGit("rev-parse", "main"));
    const updates = gh.requests.filter((request) => request.method === "PATCH");
    expect(updates).toHaveLength(2);
    expect(updates.map((request) => (request.body as { force: boolean }).force)).toEqual([false, false]);
    expect(await temp.originGit("log", "-1", "--format=%B", "main")).toContain(ALICE);
  });

  it("lands 300 changed files (text, binary, deleted) in a handful of requests", async () => {
    const base = await gitIn(temp.dir, "rev-parse", "HEAD");
    for (let i = 0; i < 290; i++) {
      mkdirSync(join(temp.dir, `dir${i % 7}`), { recursive: true });
      writeFileSync(join(temp.dir, `dir${i % 7}/file${i}.txt`), `line ${i}\n`);
    }
    for (let i = 0; i < 10; i++) writeFileSync(join(temp.dir, `bin${i}.dat`), Buffer.from([0, i, 255]));
    await gitIn(temp.dir, "rm", "-q", "keep.txt");
    await gitIn(temp.dir, "add", "-A");
    await gitIn(temp.dir, "-c", "user.name=T", "-c", "user.email=t@t", "commit", "-qm", "Many");
    const head = await gitIn(temp.dir, "rev-parse", "HEAD");
    const outcome = await land(git, options(base, head, signedPublish({ git, api, repo, trailers: [] })));
    expect(outcome.landed).toBe(true);
    expect(await temp.originGit("rev-parse", "main^{tree}")).toBe(await gitIn(temp.dir, "rev-parse", "HEAD^{tree}"));
    const calls = gh.requests.map(
      (request) => `${request.method} ${request.path.replace(/^\/repos\/acme\/widgets/, "")}`,
    );
    expect(calls.filter((call) => call === "POST /git/blobs")).toHaveLength(10);
    expect(calls.filter((call) => call !== "POST /git/blobs")).toEqual([
      "GET /git/ref/heads/main",
      "POST /git/trees",
      "POST /git/commits",
      "PATCH /git/refs/heads/main",
    ]);
  });

  it("carries a file that became a folder, a folder that became a file, a rename and a file that became a link", async () => {
    await commitFile(temp.dir, "tools/run.sh", "echo\n", "Tools");
    await gitIn(temp.dir, "push", "-q", "origin", "HEAD:main");
    const base = await gitIn(temp.dir, "rev-parse", "HEAD");
    await gitIn(temp.dir, "rm", "-q", "README.md", "tools/run.sh");
    mkdirSync(join(temp.dir, "README.md"));
    writeFileSync(join(temp.dir, "README.md/index.md"), "# demo\n");
    writeFileSync(join(temp.dir, "tools"), "now a file\n");
    await gitIn(temp.dir, "mv", "keep.txt", "kept.txt");
    await gitIn(temp.dir, "add", "-A");
    await gitIn(temp.dir, "-c", "user.name=T", "-c", "user.email=t@t", "commit", "-qm", "Shapes");
    await gitIn(temp.dir, "rm", "-q", "kept.txt");
    symlinkSync("tools", join(temp.dir, "kept.txt"));
    await gitIn(temp.dir, "add", "-A");
    await gitIn(temp.dir, "-c", "user.name=T", "-c", "user.email=t@t", "commit", "-qm", "Link");
    const head = await gitIn(temp.dir, "rev-parse", "HEAD");
    const outcome = await land(git, options(base, head, signedPublish({ git, api, repo, trailers: [] })));
    expect(outcome.landed).toBe(true);
    expect(await temp.originGit("rev-parse", "main^{tree}")).toBe(await gitIn(temp.dir, "rev-parse", `${head}^{tree}`));
    expect(await temp.originGit("rev-parse", "main~1^{tree}")).toBe(
      await gitIn(temp.dir, "rev-parse", `${head}~1^{tree}`),
    );
    expect(await temp.originGit("log", "--format=%s", `${base}..main`)).toBe("Link\nShapes");
  });

  it("sends a large file as a blob of its own, byte for byte", async () => {
    const base = await gitIn(temp.dir, "rev-parse", "HEAD");
    const large = Buffer.alloc(3 * 1024 * 1024);
    for (let i = 0; i < large.length; i++) large[i] = (i * 7919) % 251;
    writeFileSync(join(temp.dir, "large.bin"), large);
    writeFileSync(join(temp.dir, "large.txt"), "a line of text\n".repeat(150_000));
    await gitIn(temp.dir, "add", "-A");
    await gitIn(temp.dir, "-c", "user.name=T", "-c", "user.email=t@t", "commit", "-qm", "Large");
    const head = await gitIn(temp.dir, "rev-parse", "HEAD");
    const outcome = await land(git, options(base, head, signedPublish({ git, api, repo, trailers: [] })));
    expect(outcome.landed).toBe(true);
    expect(await temp.originGit("rev-parse", "main:large.bin")).toBe(
      await gitIn(temp.dir, "rev-parse", "HEAD:large.bin"),
    );
    expect(await temp.originGit("rev-parse", "main^{tree}")).toBe(await gitIn(temp.dir, "rev-parse", "HEAD^{tree}"));
    expect(gh.requests.filter((request) => request.path.endsWith("/git/blobs"))).toHaveLength(2);
  });

  it("creates a branch that does not exist yet from the run's start", async () => {
    const base = await gitIn(temp.dir, "rev-parse", "HEAD");
    await commitFile(temp.dir, "side.txt", "side\n", "Side");
    const head = await gitIn(temp.dir, "rev-parse", "HEAD");
    const publish = signedPublish({ git, api, repo, trailers: [] });
    const outcome = await land(git, { ...options(base, head, publish), branch: "gitclaw/issue-7" });
    expect(outcome.landed).toBe(true);
    expect(await temp.originGit("log", "--format=%s", "main..gitclaw/issue-7")).toBe("Side");
    expect(await signatures("main..gitclaw/issue-7")).toEqual(["G"]);
  });
});

describe("a landing's client", () => {
  it("waits out GitHub's secondary rate limit and asks again", async () => {
    const base = await gitIn(temp.dir, "rev-parse", "HEAD");
    await commitFile(temp.dir, "later.txt", "later\n", "Later");
    const head = await gitIn(temp.dir, "rev-parse", "HEAD");
    const message = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";
    gh.failNext({ method: "POST", path: /\/git\/trees$/, status: 403, body: { message } });
    const waits: number[] = [];
    const patient = waitingOutSecondaryLimits(api, async (ms) => void waits.push(ms), 60_000);
    const outcome = await land(git, options(base, head, signedPublish({ git, api: patient, repo, trailers: [] })));
    expect(outcome).toMatchObject({ landed: true, attempts: 1 });
    expect(waits).toEqual([60_000]);
    expect(gh.requests.filter((request) => request.path.endsWith("/git/trees"))).toHaveLength(2);
  });
});

describe("addTrailers", () => {
  it("joins a trailer paragraph, starts one otherwise, and repeats none", () => {
    expect(addTrailers("Subject\n\nBody.\n", [ALICE])).toBe(`Subject\n\nBody.\n\n${ALICE}\n`);
    expect(addTrailers(`Subject\n\nRun: x\n`, [ALICE])).toBe(`Subject\n\nRun: x\n${ALICE}\n`);
    expect(addTrailers(`Subject\n\n${ALICE}\n`, [ALICE])).toBe(`Subject\n\n${ALICE}\n`);
    expect(addTrailers("Subject", [ALICE, ALICE])).toBe(`Subject\n\n${ALICE}\n`);
  });
});
