// pr_checkout and pr_push under the sandbox (src/sandbox/sandbox.ts), as in a run: the worktree lies in the
// run's worktree directory outside the workspace, tool commands edit it as the tool user but can
// neither commit nor move it, pr_push commits for them as the bot, and at the end of the run what
// was never pushed is reported before the directory goes. Needs root or passwordless sudo; CI runs
// as root.
import { existsSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { prepareSandbox, TOOL_USER, type Sandbox } from "../../../../src/sandbox/sandbox.ts";
import { closeWorktrees } from "../../../../src/git/worktree.ts";
import { createTools, type ToolSet } from "../../../../src/tools/index.ts";
import type { ToolContext } from "../../../../src/tools/types.ts";
import { commitFile, createTempRepo, git, type TempRepo } from "../../../support/git-repo.ts";
import { removeAsRoot } from "../../../support/privileged.ts";
import { findTool } from "../support.ts";
import { body, useWorld } from "./support.ts";

type Isolated = Extract<Sandbox, { isolated: true }>;

const PATH = "/usr/local/bin:/usr/bin:/bin";
const world = useWorld((current) => {
  current.gh.addUser({ login: "alice", permission: "write" });
});
let repo: TempRepo;
let sandbox: Isolated;
let toolset: ToolSet;
/** Made by the tool user; removed after each test. */
const strays: string[] = [];

beforeEach(async () => {
  repo = await createTempRepo({ "README.md": "# widgets\n" });
  world.gh.setBranch("main", await repo.git("rev-parse", "HEAD"));
  // A PR branch on origin, pushed by its author from a clone of their own.
  const author = await repo.clone("author");
  await git(author, "checkout", "-q", "-b", "feature");
  const head = await commitFile(author, "feature.txt", "feature\n", "Add the feature");
  await git(author, "push", "-q", "origin", "feature");
  world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });

  const prepared = await prepareSandbox({
    mode: "auto",
    workspace: repo.dir,
    agentOnly: [".git", "state"],
    secretDirs: [],
    path: PATH,
  });
  if (!prepared.isolated) throw new Error(`not isolated: ${prepared.reason}`);
  sandbox = prepared;
  toolset = createTools();
});

afterEach(async () => {
  await toolset.dispose();
  await sandbox.release();
  rmSync(sandbox.worktrees, { recursive: true, force: true });
  // The tool user's files in the sticky temp directory: only root (or sudo, on a runner) may remove them.
  for (const path of strays.splice(0)) await removeAsRoot(path);
  repo.cleanup();
});

/** The tool context of a sandboxed run in the test repository's checkout. */
const runContext = (): Partial<ToolContext> => ({
  workspace: repo.dir,
  runAs: sandbox,
  worktreesDir: sandbox.worktrees,
  env: { PATH, HOME: repo.root, LANG: "C.UTF-8" },
});

async function bash(command: string, cwd: string): Promise<string> {
  const result = await findTool(toolset.tools, "bash").execute({ command, cwd }, world.fixture.context(runContext()));
  return result.text;
}

async function checkout(): Promise<string> {
  const result = await world.call({ op: "pr_checkout", pr: 1 }, { context: runContext() });
  expect(result.isError, result.text).toBe(false);
  return String(result.details?.worktreePath);
}

describe("a PR worktree under the sandbox", () => {
  it("lies outside the workspace, in the run's directory under the system temp directory", async () => {
    const worktree = await checkout();
    expect(worktree).toBe(join(sandbox.worktrees, "acme-widgets", "pr-1"));
    expect(sandbox.worktrees.startsWith(`${tmpdir()}/`)).toBe(true);
    expect(worktree.startsWith(`${repo.dir}/`)).toBe(false);
  });

  it("is edited by tool commands as the tool user and committed and pushed by pr_push as the bot", async () => {
    const worktree = await checkout();
    const evil = join(tmpdir(), `gitclaw-evil-${process.pid}-${Date.now()}`);
    strays.push(evil);
    const output = await bash(
      [
        "id -un",
        "echo fixed >> README.md && echo new > added.txt && rm feature.txt && echo edited",
        "git status --short",
        "git commit -qam sneaky 2>&1 | head -1",
        // Neither the worktree nor its directory can be renamed or replaced.
        "mv ../pr-1 ../moved 2>&1 | head -1; mkdir ../planted 2>&1 | head -1",
        // Its .git file can be rewritten; pr_push does not follow it.
        `git init -q ${evil} && printf 'gitdir: ${evil}/.git\\n' > .git && echo redirected`,
      ].join("\n"),
      worktree,
    );
    expect(output).toContain(`${TOOL_USER}\nedited\n`);
    expect(output).toMatch(/ M README\.md\n D feature\.txt\n\?\? added\.txt/);
    expect(output).toMatch(/index\.lock': Permission denied/);
    expect(output).toMatch(/cannot move '\.\.\/pr-1' to '\.\.\/moved': Permission denied/);
    expect(output).toMatch(/cannot create directory .\.\.\/planted.: Permission denied/);
    expect(output).toContain("redirected");

    const pushed = await world.call(
      { op: "pr_push", branch: "pr-1", message: "Fix the readme" },
      { context: runContext(), commit: { coAuthor: { login: "alice", id: 7 } } },
    );
    expect(pushed.isError, pushed.text).toBe(false);
    expect(body(pushed)).toMatch(
      /^# Pushed Pull Request Branch\n- Committed 3 changed files as gitclaw\[bot\] \([0-9a-f]{12} "Fix the readme"\)/,
    );
    expect(await repo.originGit("log", "-1", "--format=%an%n%B", "feature")).toBe(
      "gitclaw[bot]\nFix the readme\n\nCo-authored-by: alice <7+alice@users.noreply.github.com>",
    );
    expect(await repo.originGit("show", "feature:README.md")).toBe("# widgets\nfixed");
    expect(await repo.originGit("ls-tree", "--name-only", "feature")).toBe("README.md\nadded.txt");
    expect(existsSync(join(evil, ".git", "index"))).toBe(false);
  });

  it("is edited by read, write and edit too, and tool commands can change what they wrote", async () => {
    const worktree = await checkout();
    const file = (name: string, args: Record<string, unknown>) =>
      findTool(toolset.tools, name).execute(args, world.fixture.context(runContext()));
    const readme = join(worktree, "README.md");
    expect(await file("edit", { path: readme, oldText: "# widgets", newText: "# widgets, edited" })).toMatchObject({
      isError: false,
      text: `Edited ${readme}: replaced line 1.`,
    });
    const added = join(worktree, "docs", "guide", "new.md");
    expect((await file("write", { path: added, content: "written\n" })).isError).toBe(false);
    // The worker thread's umask denies group write: the tools grant it themselves.
    const output = await bash(
      "echo appended >> README.md && echo appended >> docs/guide/new.md && echo more > docs/guide/more.md && echo ok",
      worktree,
    );
    expect(output).toBe("ok");
    expect(await file("read", { path: readme })).toMatchObject({ isError: false, text: "# widgets, edited\nappended" });

    const pushed = await world.call(
      { op: "pr_push", branch: "pr-1", message: "Edit with the file tools" },
      { context: runContext() },
    );
    expect(pushed.isError, pushed.text).toBe(false);
    expect(body(pushed)).toMatch(/^# Pushed Pull Request Branch\n- Committed 3 changed files as gitclaw\[bot\]/);
    expect(await repo.originGit("show", "feature:README.md")).toBe("# widgets, edited\nappended");
    expect(await repo.originGit("show", "feature:docs/guide/new.md")).toBe("written\nappended");
    expect(await repo.originGit("show", "feature:docs/guide/more.md")).toBe("more");
  });

  it("holding work never pushed at the end of the run is reported, then removed", async () => {
    const worktree = await checkout();
    await bash("echo unfinished >> README.md", worktree);
    await sandbox.release();

    const notes = await closeWorktrees(repo.dir, sandbox.worktrees, { PATH });
    expect(notes).toEqual([`pr-1 (${worktree}): 1 changed file never pushed with pr_push`]);
    expect(existsSync(sandbox.worktrees)).toBe(false);
    expect((await repo.git("worktree", "list")).split("\n")).toHaveLength(1);
    // The branch stays, so commits on it would not be lost.
    expect(await repo.git("branch", "--list", "pr-1")).toContain("pr-1");
  });
});
