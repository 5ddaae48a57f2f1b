// The emulator's Git Database API over real HTTP with @octokit/rest, against a real bare origin:
// objects land there as git objects, API commits are signed with the web-flow key exactly when GitHub
// signs them, refs move forward only unless forced, and GitHub's error answers come back as GitHub's.
import { createHash } from "node:crypto";
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGitHubEmulator, type GitHubEmulator } from "./github-emulator.ts";
import { createTempRepo, type TempRepo } from "./git-repo.ts";
import { verifyingOptions, webFlowKey } from "./web-flow.ts";

const TOKEN = "ghs_emulatortoken";
const repo = { owner: "acme", repo: "widgets" };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

let gh: GitHubEmulator;
let octokit: Octokit;
let temp: TempRepo;

beforeEach(async () => {
  temp = await createTempRepo({ "README.md": "# demo\n", "src/a.txt": "a\n", "src/b.txt": "b\n" });
  gh = await startGitHubEmulator({ ...repo, token: TOKEN, origin: temp.origin });
  octokit = new Octokit({ auth: TOKEN, baseUrl: gh.url, log: silent });
});

afterEach(async () => {
  await gh.stop();
  temp.cleanup();
  expect(gh.violations).toEqual([]);
});

async function failure(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
  const error = (await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  )) as { status: number; response?: { data: { message: string } } } | undefined;
  expect(error, "request should have failed").toBeDefined();
  return { status: error!.status, message: error!.response?.data.message ?? "" };
}

const mainTip = () => temp.originGit("rev-parse", "main");

describe("the Git Database API", () => {
  it("stores blobs in the origin, utf-8 and base64 alike, under git's own object ids", async () => {
    const text = await octokit.rest.git.createBlob({ ...repo, content: "héllo\n", encoding: "utf-8" });
    const bytes = Buffer.from([0, 1, 2, 255, 254]);
    const binary = await octokit.rest.git.createBlob({
      ...repo,
      content: bytes.toString("base64"),
      encoding: "base64",
    });
    expect(text.status).toBe(201);
    expect(await temp.originGit("cat-file", "blob", text.data.sha)).toBe("héllo");
    const gitId = createHash("sha1")
      .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
      .digest("hex");
    expect(binary.data.sha).toBe(gitId);
    expect(await temp.originGit("cat-file", "-s", gitId)).toBe("5");
  });

  it("builds a tree on base_tree with every mode, inline content and sha: null deletions", async () => {
    const base = await temp.originGit("rev-parse", "main^{tree}");
    const blob = await octokit.rest.git.createBlob({ ...repo, content: "#!/bin/sh\necho hi\n" });
    const { data } = await octokit.rest.git.createTree({
      ...repo,
      base_tree: base,
      tree: [
        { path: "src/a.txt", mode: "100644", type: "blob", sha: null },
        { path: "bin/run", mode: "100755", type: "blob", sha: blob.data.sha },
        { path: "link", mode: "120000", type: "blob", content: "src/b.txt" },
        { path: "docs/new.md", mode: "100644", type: "blob", content: "new\n" },
        { path: "vendor/lib", mode: "160000", type: "commit", sha: await mainTip() },
        { path: "copy", mode: "040000", type: "tree", sha: base },
      ],
    });
    const listing = await temp.originGit("ls-tree", "-r", data.sha);
    expect(listing).not.toMatch(/\tsrc\/a\.txt$/m);
    expect(listing).toMatch(/^100755 blob \w+\tbin\/run$/m);
    expect(listing).toMatch(/^120000 blob \w+\tlink$/m);
    expect(listing).toMatch(/^160000 commit \w+\tvendor\/lib$/m);
    expect(listing).toMatch(/^100644 blob \w+\tcopy\/src\/a\.txt$/m);
    expect(await temp.originGit("show", `${data.sha}:docs/new.md`)).toBe("new");
    expect(data.tree.map((entry) => entry.path)).toEqual(["README.md", "bin", "copy", "docs", "link", "src", "vendor"]);
    expect(data.tree.find((entry) => entry.path === "src")?.mode).toBe("040000");
  });

  it("refuses a tree entry whose object does not exist, and a deletion without a base tree", async () => {
    const missing = "1".repeat(40);
    const bad = await failure(
      octokit.rest.git.createTree({ ...repo, tree: [{ path: "x", mode: "100644", type: "blob", sha: missing }] }),
    );
    expect(bad).toEqual({ status: 422, message: `tree.sha ${missing} is not a valid blob` });
    const deletion = await failure(
      octokit.rest.git.createTree({ ...repo, tree: [{ path: "x", mode: "100644", type: "blob", sha: null }] }),
    );
    expect(deletion.status).toBe(422);
  });

  it("signs a commit made without author, committer or signature with the web-flow key, and verifies it", async () => {
    const tree = await temp.originGit("rev-parse", "main^{tree}");
    const { data } = await octokit.rest.git.createCommit({
      ...repo,
      message: "signed\n",
      tree,
      parents: [await mainTip()],
    });
    expect(data.verification).toMatchObject({ verified: true, reason: "valid" });
    expect(data.author).toMatchObject({
      name: "github-actions[bot]",
      email: expect.stringMatching(/^\d+\+github-actions\[bot\]@users\.noreply\.github\.com$/),
    });
    expect(data.committer).toMatchObject({ name: "GitHub", email: "noreply@github.com" });
    expect(await temp.originGit(...verifyingOptions(webFlowKey()), "log", "-1", "--format=%G?", data.sha)).toBe("G");
    const read = await octokit.rest.git.getCommit({ ...repo, commit_sha: data.sha });
    expect(read.data.message).toBe("signed\n");
    expect(read.data.verification.verified).toBe(true);
  });

  it("leaves a commit with a custom author unsigned, as GitHub does", async () => {
    const tree = await temp.originGit("rev-parse", "main^{tree}");
    const author = { name: "Alice", email: "alice@example.com", date: "2024-05-01T12:00:00Z" };
    const { data } = await octokit.rest.git.createCommit({ ...repo, message: "mine", tree, parents: [], author });
    expect(data.verification).toMatchObject({ verified: false, reason: "unsigned", signature: null });
    expect(data.author).toEqual(author);
    expect(await temp.originGit(...verifyingOptions(webFlowKey()), "log", "-1", "--format=%G?", data.sha)).toBe("N");
  });

  it("answers GitHub's words for a missing tree or parent", async () => {
    const tree = await temp.originGit("rev-parse", "main^{tree}");
    expect(await failure(octokit.rest.git.createCommit({ ...repo, message: "m", tree: "2".repeat(40) }))).toEqual({
      status: 422,
      message: "Tree SHA does not exist",
    });
    expect(
      await failure(octokit.rest.git.createCommit({ ...repo, message: "m", tree, parents: ["3".repeat(40)] })),
    ).toEqual({ status: 422, message: "Parent SHA does not exist or is not a commit object" });
  });

  it("reads, creates and moves refs: forward only unless forced, GitHub's 422 otherwise", async () => {
    const tip = await mainTip();
    const ref = await octokit.rest.git.getRef({ ...repo, ref: "heads/main" });
    expect(ref.data).toMatchObject({ ref: "refs/heads/main", object: { type: "commit", sha: tip } });
    expect((await failure(octokit.rest.git.getRef({ ...repo, ref: "heads/nope" }))).status).toBe(404);
    const tree = await temp.originGit("rev-parse", "main^{tree}");
    const child = await octokit.rest.git.createCommit({ ...repo, message: "next", tree, parents: [tip] });
    const sibling = await octokit.rest.git.createCommit({ ...repo, message: "other", tree, parents: [tip] });
    await octokit.rest.git.updateRef({ ...repo, ref: "heads/main", sha: child.data.sha, force: false });
    expect(await mainTip()).toBe(child.data.sha);
    expect(
      await failure(octokit.rest.git.updateRef({ ...repo, ref: "heads/main", sha: sibling.data.sha, force: false })),
    ).toEqual({ status: 422, message: "Update is not a fast forward" });
    await octokit.rest.git.updateRef({ ...repo, ref: "heads/main", sha: sibling.data.sha, force: true });
    expect(await mainTip()).toBe(sibling.data.sha);
    const created = await octokit.rest.git.createRef({ ...repo, ref: "refs/heads/side/x", sha: tip });
    expect(created.status).toBe(201);
    expect(await temp.originGit("rev-parse", "side/x")).toBe(tip);
    expect(await failure(octokit.rest.git.createRef({ ...repo, ref: "refs/heads/side/x", sha: tip }))).toEqual({
      status: 422,
      message: "Reference already exists",
    });
  });

  it("shows a commit's verification through GET /commits/{ref}: signed API commits valid, pushed ones unsigned", async () => {
    const pushed = await octokit.rest.repos.getCommit({ ...repo, ref: "main" });
    expect(pushed.data.commit.verification).toMatchObject({ verified: false, reason: "unsigned" });
    const tree = await temp.originGit("rev-parse", "main^{tree}");
    const api = await octokit.rest.git.createCommit({ ...repo, message: "api", tree, parents: [await mainTip()] });
    const { data } = await octokit.rest.repos.getCommit({ ...repo, ref: api.data.sha });
    expect(data.commit.verification).toMatchObject({ verified: true, reason: "valid" });
    expect(data.author?.login).toBe("github-actions[bot]");
  });

  it("refuses a blob past GitHub's 100 MiB limit", async () => {
    const big = Buffer.alloc(100 * 1024 * 1024 + 1);
    const answer = await fetch(`${gh.url}/repos/acme/widgets/git/blobs`, {
      method: "POST",
      headers: { authorization: `token ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ content: big.toString("base64"), encoding: "base64" }),
    });
    expect(answer.status).toBe(422);
  });
});
