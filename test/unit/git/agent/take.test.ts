// The agent's own repository (src/git/agent/), driven by the real git through the tools'
// `git`: commits made there reach the trusted repository only as data. Ref files and object files
// that are links, lying objects, odd branch names and planted configuration are refused or ignored;
// the trusted repository's configuration and hooks never change.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type AgentRepo, agentRepoEnv, openAgentRepo } from "../../../../src/git/agent/repository.ts";
import { takeRunCommits } from "../../../../src/git/agent/take.ts";
import { createGit, type Git } from "../../../../src/git/git.ts";
import { createTempRepo, type TempRepo } from "../../../support/git-repo.ts";

const SECRET = "npm_RegistryToken0123456789";

let repo: TempRepo;
let git: Git;
let dir: string;
let agent: AgentRepo;

beforeEach(async () => {
  repo = await createTempRepo({ "README.md": "# demo\n" });
  git = createGit(repo.dir);
  dir = mkdtempSync(join(tmpdir(), "gitclaw-agent-repo-"));
  const path = process.env.PATH ?? "";
  agent = await openAgentRepo({ git, workspace: repo.dir, dir, path, secrets: [SECRET] });
});
afterEach(() => {
  repo.cleanup();
  rmSync(dir, { recursive: true, force: true });
});

/** A command as a tool runs it: the tools' PATH, no identity of its own. */
async function tool(command: string) {
  const env = { PATH: agentRepoEnv(agent, process.env.PATH ?? "").PATH!, HOME: dir, GIT_CONFIG_NOSYSTEM: "1" };
  const result = await execa("sh", ["-c", command], { cwd: repo.dir, env, extendEnv: false, reject: false });
  return { ...result, out: `${result.stdout}${result.stderr}` };
}

const trustedConfig = () => readFileSync(join(repo.dir, ".git", "config"), "utf8");

describe("git in the workspace, for tool commands", () => {
  it("commits in the agent's repository, leaving the workspace's .git/ alone", async () => {
    const before = await git.must(["rev-parse", "HEAD"]);
    const done = await tool("echo a > a.txt && git add -A && git commit -q -m 'Add a' && git log --format=%an -1");
    expect(done.out.trim()).toBe("gitclaw[bot]");
    expect(await git.must(["rev-parse", "HEAD"])).toBe(before);
    expect((await tool("git push origin main")).out).toContain("gitclaw: tool commands cannot push");
  });

  it("takes the commits in order, with the values tool commands were given redacted", async () => {
    await tool(`echo 'token=${SECRET}' > .npmrc && git add -A && git commit -q -m 'One'`);
    await tool("echo two > two.txt && git add -A && git commit -q -m 'Two'");
    const taken = await takeRunCommits(git, agent);
    expect(taken.notes).toEqual([]);
    expect(await git.must(["log", "--format=%s", "-3"])).toBe("Two\nOne\ninitial");
    expect(await git.must(["show", "HEAD:.npmrc"])).toBe("token=[REDACTED]");
    expect(await git.must(["log", "-p", "--all"])).not.toContain(SECRET);
  });
});

describe("when gitclaw's own branch moved during the run (a sub-agent's series applied)", () => {
  it("replays the agent's commits onto it, in order, and loses neither side", async () => {
    await tool("echo a > a.txt && git add -A && git commit -q -m 'Agent: a'");
    await tool("echo b > b.txt && git add -A && git commit -q -m 'Agent: b'");
    writeFileSync(join(repo.dir, "task.txt"), "from a task\n");
    await git.must(["add", "task.txt"]);
    await git.must(["commit", "-q", "-m", "Task: applied"]);
    const taken = await takeRunCommits(git, agent);
    expect(taken.notes).toEqual([]);
    expect(await git.must(["log", "--format=%s", "-4"])).toBe("Agent: b\nAgent: a\nTask: applied\ninitial");
    expect(await git.must(["ls-tree", "--name-only", "HEAD"])).toContain("task.txt");
  });
});

describe("what the agent plants in its repository", () => {
  it("a ref file that is a link is not followed: nothing is taken", async () => {
    await tool("echo a > a.txt && git add -A && git commit -q -m 'Add a'");
    const ref = join(agent.gitDir, "refs/heads/main");
    const sha = readFileSync(ref, "utf8").trim();
    writeFileSync(join(dir, "elsewhere"), `${sha}\n`);
    unlinkSync(ref);
    symlinkSync(join(dir, "elsewhere"), ref);
    const before = await git.must(["rev-parse", "HEAD"]);
    expect((await takeRunCommits(git, agent)).head).toBeUndefined();
    expect(await git.must(["rev-parse", "HEAD"])).toBe(before);
  });

  it("an object file that is a link is never followed: the rest is taken without it", async () => {
    await tool("echo a > a.txt && git add -A && git commit -q -m 'Add a'");
    const object = join(agent.gitDir, "objects", "ab", "c".repeat(38));
    mkdirSync(join(agent.gitDir, "objects", "ab"), { recursive: true });
    symlinkSync("/etc/passwd", object);
    const taken = await takeRunCommits(git, agent);
    expect(taken.head).toMatch(/^[0-9a-f]{40}$/);
    expect((await git.run(["cat-file", "-e", `ab${"c".repeat(38)}`])).exitCode).not.toBe(0);
  });

  it("a lying object (content that is not its name's) is refused by the checked fetch", async () => {
    await tool("echo a > a.txt && git add -A && git commit -q -m 'Add a'");
    const tip = readFileSync(join(agent.gitDir, "refs/heads/main"), "utf8").trim();
    const path = join(agent.gitDir, "objects", tip.slice(0, 2), tip.slice(2));
    const other = (await tool("echo other | git hash-object -w --stdin")).stdout.trim();
    // git writes objects read-only: the agent, who owns its repository, replaces the file instead.
    const lie = readFileSync(join(agent.gitDir, "objects", other.slice(0, 2), other.slice(2)));
    unlinkSync(path);
    writeFileSync(path, lie);
    const before = await git.must(["rev-parse", "HEAD"]);
    const taken = await takeRunCommits(git, agent);
    expect(taken.head).toBeUndefined();
    expect(taken.notes.join("\n")).toMatch(/were not taken/);
    expect(await git.must(["rev-parse", "HEAD"])).toBe(before);
  });

  it("a tree with a .git entry (git's own checks refuse it) is not taken, and its objects stay out", async () => {
    const blob = (await tool("echo '[core] fsmonitor = touch /tmp/owned' | git hash-object -w --stdin")).stdout.trim();
    const tree = (await tool(`printf '100644 blob ${blob}\\t.git\\n' | git mktree`)).stdout.trim();
    const commit = (await tool(`git commit-tree ${tree} -p HEAD -m 'Plant .git'`)).stdout.trim();
    expect((await tool(`git update-ref refs/heads/main ${commit}`)).exitCode).toBe(0);
    const before = await git.must(["rev-parse", "HEAD"]);
    const taken = await takeRunCommits(git, agent);
    expect(taken.head).toBeUndefined();
    expect(taken.notes.join("\n")).toMatch(/were not taken/);
    expect(await git.must(["rev-parse", "HEAD"])).toBe(before);
    expect((await git.run(["cat-file", "-e", tree])).exitCode).not.toBe(0);
  });

  it("a branch named like an option is not read", async () => {
    writeFileSync(join(agent.gitDir, "HEAD"), "ref: refs/heads/--upload-pack=touch /tmp/x\n");
    const taken = await takeRunCommits(git, agent);
    expect(taken.notes.join("\n")).toContain("could not be read");
  });

  it("hooks, fsmonitor, filters and includes in its configuration leave the trusted repository untouched", async () => {
    const marker = join(dir, "ran");
    await tool(
      [
        `git config core.fsmonitor 'touch ${marker}'`,
        `git config filter.x.clean 'touch ${marker}; cat'`,
        `git config core.hooksPath ${dir}`,
        "echo '* filter=x' > .gitattributes",
        "echo a > a.txt && git add -A && git commit -q -m 'Add a'",
      ].join(" && "),
    );
    rmSync(marker, { force: true });
    const config = trustedConfig();
    const taken = await takeRunCommits(git, agent);
    expect(taken.head).toMatch(/^[0-9a-f]{40}$/);
    // The trusted side's work after the import: status, add, commit of the working tree.
    await git.must(["status", "--porcelain"]);
    await git.must(["add", "-A"]);
    expect(() => readFileSync(marker)).toThrow();
    expect(trustedConfig()).toBe(config);
  });
});
