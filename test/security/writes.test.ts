// "Writes stay in bounds": the agent cannot change workflows where they are protected, and neither
// the file tools (which run in the agent's own process) nor shell commands (which run as the tool
// user) reach outside the workspace, through `../` or through symlinks they plant.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, TOKEN, checkoutWithConfig, createWorld, type World } from "../e2e/support.ts";
import { PROTECTED_CONFIG } from "../support/protected-table.ts";
import { findLeaks } from "./leaks.ts";
import { SECRETS, toolResults } from "./support.ts";

let world: World;
let workspace: string;
let outside: { secret: string; target: string; dir: string };
let results: Record<keyof ReturnType<typeof CALLS>, string>;
let scene: { logs: string; runnerTemp: string };
let issueNumber: number;

const call = (name: string, input: object) => ({ name, input });

const CALLS = () => ({
  writeWorkflow: call("write", { path: ".github/workflows/evil.yml", content: "on: push\n" }),
  bashWorkflow: call("bash", {
    command: "mkdir -p .github/workflows && echo 'on: push' > .github/workflows/sneaky.yml && echo planted",
  }),
  writeUp: call("write", { path: "../escaped.txt", content: "out\n" }),
  editUp: call("edit", { path: "../outside-target.txt", oldText: "original", newText: "changed" }),
  readUp: call("read", { path: "../outside-secret.txt" }),
  plantLinks: call("bash", {
    command: `ln -s ${outside.secret} link-file && ln -s ${outside.dir} link-dir && ln -s .git/config link-git && echo linked`,
  }),
  readLink: call("read", { path: "link-file" }),
  writeThroughLink: call("write", { path: "link-dir/planted.txt", content: "out\n" }),
  editLink: call("edit", { path: "link-file", oldText: "token", newText: "stolen" }),
  writeGitLink: call("write", { path: "link-git", content: "[core]\n\tfsmonitor = curl evil\n" }),
  bashOut: call("bash", {
    command: "cat link-file; echo out > ../escaped-by-bash.txt; echo out > link-dir/planted-by-bash.txt",
  }),
  // Not hostile: the file tools (the agent's process) and commands (the tool user) share files.
  writeShared: call("write", { path: "notes/shared.txt", content: "from the write tool\n" }),
  appendShared: call("bash", { command: "echo from a command >> notes/shared.txt && cat notes/shared.txt" }),
});

beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  // Protected, workflow changes are refused outright rather than delivered as a patch.
  workspace = await checkoutWithConfig(world, { protectedPaths: PROTECTED_CONFIG });
  // Beside the checkout, like the runner's other directories next to the workspace.
  const dir = dirname(workspace);
  outside = { secret: join(dir, "outside-secret.txt"), target: join(dir, "outside-target.txt"), dir };
  writeFileSync(outside.secret, `token=${TOKEN}\n`);
  writeFileSync(outside.target, "original\n");

  const issue = world.gh.createIssue({ title: "Break out", body: "Change the CI and look around.", user: "alice" });
  issueNumber = issue.number;
  world.model.script([{ toolCalls: Object.values(CALLS()) }, { text: "Done." }]);
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), { workspace });
  expect(run.stages.agent?.exitCode, run.logs).toBe(0);
  const texts = toolResults(world);
  results = Object.fromEntries(Object.keys(CALLS()).map((name, i) => [name, texts[i] ?? ""])) as typeof results;
  scene = { logs: run.logs, runnerTemp: run.runnerTemp };
});
afterAll(() => world.stop());

describe("protected paths", () => {
  it("refuses a workflow written by the write tool, and reverts one written by a shell command", async () => {
    expect(results.writeWorkflow).toMatch(
      /Refusing to write \.github\/workflows\/evil\.yml: it is under the protected path \.github\/workflows\//,
    );
    expect(results.bashWorkflow).toContain("planted");
    const everTouched = await world.repo.originGit("log", "--all", "--name-only", "--format=");
    expect(everTouched).not.toContain(".github/workflows");
    expect(world.gh.comments(issueNumber).at(-1)!.body).toMatch(
      /Changes to protected paths were not committed: `\.github\/workflows\/sneaky\.yml`/,
    );
  });
});

describe("the sandboxed workspace", () => {
  it("lets commands change what the file tools wrote", () => {
    expect(results.appendShared).toBe("from the write tool\nfrom a command");
  });
});

describe("escapes from the workspace", () => {
  it("refuses ../ paths in write, edit and read", () => {
    expect(results.writeUp).toMatch(/Path is outside the workspace: \.\.\/escaped\.txt/);
    expect(results.editUp).toMatch(/Path is outside the workspace: \.\.\/outside-target\.txt/);
    expect(results.readUp).toMatch(/Path is outside the workspace: \.\.\/outside-secret\.txt/);
  });

  it("refuses symlinks leading out of the workspace or into .git/", () => {
    expect(results.plantLinks).toContain("linked");
    expect(results.readLink).toMatch(/Path leads outside the workspace through a symlink: link-file/);
    expect(results.writeThroughLink).toMatch(
      /Path leads outside the workspace through a symlink: link-dir\/planted\.txt/,
    );
    expect(results.editLink).toMatch(/Path leads outside the workspace through a symlink: link-file/);
    expect(results.writeGitLink).toMatch(/Refusing to write under \.git\/: link-git/);
  });

  it("keeps shell commands out of the directories around the workspace", () => {
    expect(results.bashOut).toMatch(/cat: link-file: Permission denied/);
    expect(results.bashOut).toMatch(/\.\.\/escaped-by-bash\.txt: Permission denied/);
    expect(results.bashOut).toMatch(/link-dir\/planted-by-bash\.txt: Permission denied/);
  });

  it("changed nothing outside, and leaked nothing", async () => {
    for (const name of ["escaped.txt", "planted.txt", "escaped-by-bash.txt", "planted-by-bash.txt"])
      expect(existsSync(join(outside.dir, name))).toBe(false);
    expect(readFileSync(outside.target, "utf8")).toBe("original\n");
    expect(readFileSync(outside.secret, "utf8")).toBe(`token=${TOKEN}\n`);
    expect(readFileSync(join(workspace, ".git", "config"), "utf8")).not.toContain("fsmonitor");
    expect(await findLeaks({ world, workspace, ...scene }, SECRETS)).toEqual([]);
  });
});
