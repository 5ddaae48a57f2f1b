// The test origin refuses as GitHub does: a push by a token without the `workflows` permission whose
// new commits create, change or delete anything under .github/workflows/, on every ref it updates
// (branches, refs/gitclaw/…, tags); pushes that leave workflow files alone go through.
import { rmSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitFile, createTempRepo, git, type TempRepo } from "./git-repo.ts";
import { serveGitOverHttp, type GitHttpServer } from "./git-http.ts";

const JOB = "job-token-0123456789";
const WORKFLOWS = "workflows-token-0123456789";
const CI = "name: ci\non: push\njobs: {}\n";

let repo: TempRepo;
let http: GitHttpServer;

beforeAll(async () => {
  repo = await createTempRepo({ "README.md": "# demo\n", ".github/workflows/ci.yml": CI });
  http = serveGitOverHttp(repo.origin, { [JOB]: { workflows: false }, [WORKFLOWS]: { workflows: true } });
});
afterAll(() => {
  http.stop();
  repo.cleanup();
});

/** Pushes `source:ref` with `token`; whether origin took it, and what it said. */
async function push(token: string, source: string, ref: string): Promise<{ ok: boolean; stderr: string }> {
  const url = http.url.replace("http://", `http://x-access-token:${token}@`);
  const result = await execa("git", ["push", "-q", url, `${source}:${ref}`], {
    cwd: repo.dir,
    reject: false,
    env: { GIT_TERMINAL_PROMPT: "0" },
  });
  return { ok: result.exitCode === 0, stderr: String(result.stderr) };
}

let commits = 0;

/** A new commit (never one origin has) on top of main made by `change` in the clone, left unpushed. */
async function commitOnMain(change: () => unknown): Promise<string> {
  await git(repo.dir, "checkout", "-q", "-B", "scratch", "origin/main");
  await change();
  await git(repo.dir, "add", "-A");
  await git(
    repo.dir,
    "-c",
    "user.name=T",
    "-c",
    "user.email=t@example.com",
    "commit",
    "-q",
    "-m",
    `change ${++commits}`,
  );
  return git(repo.dir, "rev-parse", "HEAD");
}

const edit = () => writeFileSync(join(repo.dir, ".github/workflows/ci.yml"), `${CI}# edited\n`);
const create = () => writeFileSync(join(repo.dir, ".github/workflows/new.yml"), CI);
const remove = () => unlinkSync(join(repo.dir, ".github/workflows/ci.yml"));
const wipe = () => rmSync(join(repo.dir, ".github"), { recursive: true });

describe("the test origin's workflow-file rule", () => {
  for (const [what, change] of [
    ["creates", create],
    ["modifies", edit],
    ["deletes", remove],
    ["deletes the whole folder of", wipe],
  ] as const)
    for (const ref of ["refs/heads/feature", "refs/gitclaw/tasks/t0000000a", "refs/tags/v1"])
      it(`refuses a job-token push that ${what} a workflow file, on ${ref}`, async () => {
        const commit = await commitOnMain(change);
        const before = http.refusals().length;
        const pushed = await push(JOB, commit, ref);
        expect(pushed.ok).toBe(false);
        expect(pushed.stderr).toContain("without `workflows` permission");
        expect(http.refusals()).toHaveLength(before + 1);
        expect(await git(repo.origin, "for-each-ref", ref)).toBe("");
      });

  it("refuses a workflow change buried under a later commit that leaves workflows alone", async () => {
    await commitOnMain(remove);
    const top = await commitFile(repo.dir, "src/a.ts", "a\n");
    expect((await push(JOB, top, "refs/heads/buried")).ok).toBe(false);
  });

  it("takes a job-token push that leaves workflow files alone, and a workflows-token push that changes them", async () => {
    const plain = await commitOnMain(() => writeFileSync(join(repo.dir, "notes.txt"), "n\n"));
    expect(await push(JOB, plain, "refs/gitclaw/tasks/t0000000b")).toMatchObject({ ok: true });
    const removed = await commitOnMain(remove);
    expect(await push(WORKFLOWS, removed, "refs/heads/with-workflows")).toMatchObject({ ok: true });
    expect(await git(repo.origin, "rev-parse", "refs/heads/with-workflows")).toBe(removed);
  });

  it("takes a job-token push that only deletes a ref", async () => {
    const plain = await commitOnMain(() => writeFileSync(join(repo.dir, "other.txt"), "o\n"));
    expect((await push(JOB, plain, "refs/gitclaw/tasks/t0000000c")).ok).toBe(true);
    expect((await push(JOB, "", "refs/gitclaw/tasks/t0000000c")).ok).toBe(true);
    expect(await git(repo.origin, "for-each-ref", "refs/gitclaw/tasks/t0000000c")).toBe("");
  });
});

// An annotated tag is peeled to the commits it brings.
describe("an annotated tag", () => {
  it("is refused when its commit deletes a workflow file", async () => {
    const commit = await commitOnMain(remove);
    await execa("git", ["-c", "user.name=T", "-c", "user.email=t@e", "tag", "-f", "-a", "-m", "v2", "v2", commit], {
      cwd: repo.dir,
    });
    expect((await push(JOB, "refs/tags/v2", "refs/tags/v2")).ok).toBe(false);
  });
});
