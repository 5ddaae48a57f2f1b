import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { backoffDelay, commitAll, createGit, pushWithRetry, removePersistedCredentials, tokenAuthEnv } from "../../src/git.ts";
import { commitFile, createTempRepo, type TempRepo } from "../support/git-repo.ts";

const repos: TempRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));
const fresh = async () => {
  const repo = await createTempRepo({ "README.md": "# demo\n", "shared.txt": "line\n" });
  repos.push(repo);
  return repo;
};
const noSleep = async () => {};

describe("commitAll", () => {
  it("commits everything as the bot and reports nothing to commit", async () => {
    const repo = await fresh();
    const git = createGit(repo.dir);
    expect(await commitAll(git, "nothing")).toBeUndefined();
    writeFileSync(join(repo.dir, "new.txt"), "hello\n");
    const sha = await commitAll(git, "gitclaw: test\n\nCo-authored-by: a <1+a@users.noreply.github.com>");
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(await repo.git("log", "-1", "--format=%an <%ae>|%B")).toContain("gitclaw[bot] <gitclaw[bot]@users.noreply.github.com>|gitclaw: test");
  });
});

describe("pushWithRetry", () => {
  it("pushes and verifies the commit is on the remote branch", async () => {
    const repo = await fresh();
    const git = createGit(repo.dir);
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    const sha = await commitAll(git, "a");
    const outcome = await pushWithRetry(git, { branch: "main", attempts: 8, fallbackBranch: "side", sleep: noSleep });
    expect(outcome).toMatchObject({ landed: true, sha, branch: "main", attempts: 1 });
    expect(await repo.originGit("rev-parse", "main")).toBe(sha);
  });

  it("rebases onto a concurrent push to another file and lands both", async () => {
    const repo = await fresh();
    const other = await repo.clone("other");
    const theirs = await commitFile(other, "theirs.txt", "theirs\n");
    await createGit(other).run(["push", "-q", "origin", "main"]);
    const git = createGit(repo.dir);
    writeFileSync(join(repo.dir, "ours.txt"), "ours\n");
    await commitAll(git, "ours");
    const delays: number[] = [];
    const outcome = await pushWithRetry(git, { branch: "main", attempts: 8, fallbackBranch: "side", sleep: async (ms) => void delays.push(ms), random: () => 0.5 });
    expect(outcome.landed).toBe(true);
    expect(outcome.attempts).toBe(2);
    expect(delays).toHaveLength(1);
    const log = await repo.originGit("log", "--format=%H %s", "main");
    expect(log).toContain(theirs);
    expect(log).toContain(" ours");
  });

  it("keeps a conflicting commit on its own branch instead of taking a side", async () => {
    const repo = await fresh();
    const other = await repo.clone("other");
    await commitFile(other, "shared.txt", "their change\n");
    await createGit(other).run(["push", "-q", "origin", "main"]);
    const theirsOnMain = await repo.originGit("rev-parse", "main");
    const git = createGit(repo.dir);
    writeFileSync(join(repo.dir, "shared.txt"), "our change\n");
    const ours = await commitAll(git, "ours");
    const outcome = await pushWithRetry(git, { branch: "main", attempts: 8, fallbackBranch: "gitclaw/issue-1-42", sleep: noSleep });
    expect(outcome).toMatchObject({ landed: false, branch: "gitclaw/issue-1-42", sha: ours });
    expect(outcome.landed || (outcome as { reason: string }).reason).toMatch(/conflict/);
    expect(await repo.originGit("rev-parse", "main")).toBe(theirsOnMain);
    expect(await repo.originGit("rev-parse", "gitclaw/issue-1-42")).toBe(ours);
    expect(readFileSync(join(repo.dir, "shared.txt"), "utf8")).toBe("our change\n");
  });

  it("gives up with a clear error after the attempts when the remote is unreachable", async () => {
    const repo = await fresh();
    const git = createGit(repo.dir);
    await repo.git("remote", "set-url", "origin", join(repo.root, "nowhere.git"));
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    await commitAll(git, "a");
    await expect(pushWithRetry(git, { branch: "main", attempts: 4, fallbackBranch: "side", sleep: noSleep })).rejects.toThrow(/after 4 attempts/);
  });

  it("backs off exponentially with jitter, capped", () => {
    expect(backoffDelay(1, 500, () => 0)).toBe(500);
    expect(backoffDelay(1, 500, () => 1)).toBe(1000);
    expect(backoffDelay(3, 500, () => 1)).toBe(4000);
    expect(backoffDelay(20, 500, () => 1)).toBe(30_000);
  });
});

describe("credentials", () => {
  it("removes persisted extraheaders, also from included files", async () => {
    const repo = await fresh();
    const included = join(repo.root, "checkout-credentials.config");
    writeFileSync(included, "[http \"https://github.com/\"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46c2VjcmV0\n");
    await repo.git("config", "--local", "http.https://github.com/.extraheader", "AUTHORIZATION: basic abc");
    await repo.git("config", "--local", "include.path", included);
    const removed = await removePersistedCredentials(createGit(repo.dir));
    expect(removed).toHaveLength(2);
    const all = await repo.git("config", "--list", "--show-origin");
    expect(all).not.toMatch(/extraheader/i);
  });

  it("hands the credential only to remote commands, through the environment", async () => {
    const repo = await fresh();
    const git = createGit(repo.dir, { authEnv: tokenAuthEnv("https://github.com/o/r", "tok") });
    expect((await git.run(["config", "--get", "http.extraheader"], { auth: true })).stdout).toMatch(/^AUTHORIZATION: basic /);
    expect((await git.run(["config", "--get", "http.extraheader"])).exitCode).toBe(1);
    expect(readFileSync(join(repo.dir, ".git/config"), "utf8")).not.toMatch(/extraheader/);
  });

  it("builds push authentication (environment, never argv) only for http remotes", () => {
    expect(tokenAuthEnv("/tmp/origin.git", "t")).toEqual({});
    expect(tokenAuthEnv("https://github.com/o/r", "tok")).toEqual({
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "http.extraheader",
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from("x-access-token:tok").toString("base64")}`,
    });
  });
});
