// The tools' `git` (src/git/agent/git-shim.sh) run as a file on its own, as tool commands run it:
// first on PATH, beside the `real-git` and `repos` files it reads. Where git finds a git directory the
// `repos` file names (`-C` followed), the command works in the agent's repository for it; elsewhere,
// and for `init`/`clone`/`worktree`, git runs as ever; `push` is answered in one line and does nothing.
import { copyFileSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DELETE_PUSH_ANSWER, FORCE_PUSH_ANSWER, PUSH_ANSWER } from "../../../../src/git/agent/shim.ts";

const SHIM = join(import.meta.dirname, "../../../../src/git/agent/git-shim.sh");

let root: string;
let bin: string;
let workspace: string;
let agentGitDir: string;

beforeEach(async () => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "gitclaw-git-shim-")));
  [bin, workspace, agentGitDir] = [join(root, "bin"), join(root, "workspace"), join(root, "agent.git")];
  mkdirSync(bin);
  mkdirSync(join(workspace, "sub"), { recursive: true });
  await execa("git", ["init", "-q", workspace]);
  await execa("git", ["init", "-q", "--bare", agentGitDir]);
  copyFileSync(SHIM, join(bin, "git"));
  const real = (await execa("sh", ["-c", "command -v git"])).stdout.trim();
  writeFileSync(join(bin, "real-git"), `${real}\n`);
  writeFileSync(join(bin, "repos"), `${join(workspace, ".git")}\t${agentGitDir}\n`);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** `git …` as a tool command runs it: the shim first on PATH, in `cwd`. */
const git = (args: string[], cwd = root, env: Record<string, string> = {}) =>
  execa("git", args, {
    cwd,
    env: { PATH: `${bin}:${process.env.PATH}`, HOME: root, ...env },
    extendEnv: false,
    reject: false,
  });

describe("the tools' git, run on its own", () => {
  it("works in the agent's repository where git finds the workspace's git directory, -C followed", async () => {
    expect((await git(["rev-parse", "--absolute-git-dir"], workspace)).stdout).toBe(agentGitDir);
    expect((await git(["rev-parse", "--absolute-git-dir"], join(workspace, "sub"))).stdout).toBe(agentGitDir);
    expect((await git(["-C", "workspace/sub", "rev-parse", "--absolute-git-dir"])).stdout).toBe(agentGitDir);
    expect((await git(["-c", "x.y=1", "-C", workspace, "rev-parse", "--absolute-git-dir"])).stdout).toBe(agentGitDir);
  });

  it("leaves other repositories, init and a GIT_DIR of the command's own to git", async () => {
    const other = join(root, "other");
    expect((await git(["init", "-q", other])).exitCode).toBe(0);
    expect((await git(["rev-parse", "--absolute-git-dir"], other)).stdout).toBe(join(other, ".git"));
    const own = await git(["rev-parse", "--absolute-git-dir"], workspace, { GIT_DIR: join(other, ".git") });
    expect(own.stdout).toBe(join(other, ".git"));
  });

  it("answers push in one line, by what it asks, and pushes nothing", async () => {
    const cases: [string[], string][] = [
      [["push", "origin", "main"], PUSH_ANSWER],
      [["push", "--force", "origin", "main"], FORCE_PUSH_ANSWER],
      [["-C", workspace, "push", "origin", "+main"], FORCE_PUSH_ANSWER],
      [["push", "origin", "--delete", "topic"], DELETE_PUSH_ANSWER],
      [["push", "origin", ":topic"], DELETE_PUSH_ANSWER],
    ];
    for (const [args, answer] of cases) {
      const pushed = await git(args, workspace);
      expect({ args, exitCode: pushed.exitCode, stderr: pushed.stderr, stdout: pushed.stdout }).toEqual({
        args,
        exitCode: 1,
        stderr: answer,
        stdout: "",
      });
    }
    expect(PUSH_ANSWER).toMatch(/^gitclaw: tool commands cannot push \(they hold no credential\)/);
  });
});
