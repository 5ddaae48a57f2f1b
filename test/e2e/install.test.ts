// The package as a stranger gets it: packed, installed from the tarball alone (offline, into a prefix
// of its own, far from any gitclaw checkout), then `gitclaw --version`, `init`, `doctor` and
// `local --demo` in a scratch repository, each through the installed bin.
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel } from "../support/fake-model.ts";
import { git } from "../support/git-repo.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

const scratch = mkdtempSync(join(tmpdir(), "gitclaw-install-"));
const prefix = join(scratch, "prefix");
const repo = join(scratch, "myrepo");
const manifest = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8"));
/** Nothing of the developer's: a home and npm cache of the test's own, and only git, bun and npm on PATH. */
const env = {
  PATH: `${join(prefix, "bin")}:${process.env.PATH}`,
  HOME: join(scratch, "home"),
  npm_config_cache: join(scratch, "npm-cache"),
  // Offline from GitHub: the API is a port where nothing listens.
  GITHUB_API_URL: "http://127.0.0.1:9",
};
/** Offline from the model's API too: the same port. */
const ANTHROPIC_BASE_URL = "http://127.0.0.1:9/v1";

const gitclaw = (args: string[]) =>
  execa("gitclaw", args, { cwd: repo, env, extendEnv: false, reject: false, all: true, stdin: "ignore" });

beforeAll(async () => {
  const pack = await execa("npm", ["pack", "--silent", "--pack-destination", scratch], {
    cwd: PROJECT_ROOT,
    env: { npm_config_cache: env.npm_config_cache },
  });
  const tarball = join(scratch, pack.stdout.trim().split("\n").at(-1)!);
  // From the tarball alone: --offline fails if anything must come from the registry.
  await execa("npm", ["install", "--global", "--offline", "--no-audit", "--no-fund", "--prefix", prefix, tarball], {
    cwd: scratch,
    env,
    extendEnv: false,
  });
  await execa("git", ["init", "-q", "-b", "main", repo]);
  writeFileSync(join(repo, "README.md"), "# my project\n");
}, 60_000);
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe("the installed package", () => {
  it("declares no dependency: everything it runs is bundled into dist/", () => {
    expect(manifest.private).toBeUndefined();
    expect(manifest.dependencies ?? {}).toEqual({});
    expect(manifest.files).toEqual(expect.arrayContaining(["dist/", "action.yml", "docs/"]));
    const installed = join(prefix, "lib/node_modules/gitclaw");
    for (const file of ["dist/gitclaw.js", "action.yml", "docs/configuration.md"])
      expect(existsSync(join(installed, file)), file).toBe(true);
    expect(existsSync(join(installed, "src"))).toBe(false);
    expect(existsSync(join(installed, "node_modules"))).toBe(false);
  });

  it("answers --version and --help", async () => {
    const version = await gitclaw(["--version"]);
    expect(version.exitCode, version.all).toBe(0);
    expect(version.stdout.trim()).toBe(manifest.version);
    const help = await gitclaw(["--help"]);
    expect(help.exitCode).toBe(0);
    for (const command of ["init", "doctor [path]", "local", "session"])
      expect(help.stdout).toContain(`gitclaw ${command}`);
  });

  it("init, doctor, local --demo in a scratch repository", async () => {
    const init = await gitclaw(["init"]);
    expect(init.exitCode, init.all).toBe(0);
    expect(init.stdout).toContain("added      .github/workflows/gitclaw.yml");
    // The next steps name the command that is installed, not one that only works once published.
    expect(init.stdout).toContain("`GITHUB_TOKEN=$(gh auth token) gitclaw doctor`");
    await git(repo, "add", "-A");
    await git(repo, "-c", "user.name=Me", "-c", "user.email=me@example.com", "commit", "-q", "-m", "Add gitclaw");

    // Offline, as init's next step says (a token and the model's key here), with the repository's origin:
    // doctor checks what it can and names each address it could not reach; nothing wrong, so it exits 0.
    await git(repo, "remote", "add", "origin", "https://github.com/me/myproject.git");
    const keys = { GITHUB_TOKEN: "ghp_offline0000", ANTHROPIC_API_KEY: "sk-ant-offline-0000", ANTHROPIC_BASE_URL };
    const doctor = await execa("gitclaw", ["doctor"], {
      cwd: repo,
      env: { ...env, ...keys },
      extendEnv: false,
      reject: false,
    });
    expect(doctor.stdout).toMatch(/^PASS {2}Sentinel +GITCLAW-ENABLED\.md is present$/m);
    expect(doctor.stdout).toMatch(/^PASS {2}Configuration +valid$/m);
    expect(doctor.stdout).toMatch(/^SKIP {2}API +could not reach http:\/\/127\.0\.0\.1:9: /m);
    expect(doctor.stdout).toMatch(
      /^SKIP {2}Provider +could not reach http:\/\/127\.0\.0\.1:9\/.*models \(ANTHROPIC_BASE_URL\)/m,
    );
    expect(doctor.stdout).toMatch(
      /^SKIP {2}Permissions +not checked for me\/myproject: http:\/\/127\.0\.0\.1:9 was not reached$/m,
    );
    expect(doctor.stdout).toMatch(/^0 failed, .*, 3 not checked$/m);
    expect(doctor.exitCode, doctor.stdout).toBe(0);
    await git(repo, "remote", "remove", "origin");

    const demo = await gitclaw(["local", "--demo"]);
    expect(demo.exitCode, demo.all).toBe(0);
    expect(demo.stdout).toMatch(/^gitclaw local --demo: the model is SCRIPTED/);
    expect(demo.stdout).toMatch(/gitclaw: pushed [0-9a-f]+ to main/);
    expect(demo.stdout).toContain('ANTHROPIC_API_KEY=sk-ant-… gitclaw local "Fix the typo in the README"');
    // With a model (the fake one standing in for the provider): a new issue, then a follow-up on it.
    const model = await startFakeModel({ turns: [{ text: "Hello from the model." }, { text: "You're welcome." }] });
    try {
      const withModel = { ...env, ANTHROPIC_API_KEY: "sk-ant-install-test-000000", ANTHROPIC_BASE_URL: model.url };
      const run = (args: string[]) =>
        execa("gitclaw", ["local", ...args], { cwd: repo, env: withModel, extendEnv: false, reject: false, all: true });
      const first = await run(["Say hi"]);
      expect(first.exitCode, first.all).toBe(0);
      expect(first.stdout).toContain("--- reply on issue #1 ---\nHello from the model.");
      const second = await run(["--issue", "1", "thanks"]);
      expect(second.exitCode, second.all).toBe(0);
      expect(second.stdout).toContain("You're welcome.");
      expect(second.stdout).toContain('Continue with: gitclaw local --issue 1 "…"');
    } finally {
      await model.stop();
    }
    // Nothing of the sandbox is staged: .gitclaw-local/ is excluded in the repository's own .git/info/exclude.
    expect(await git(repo, "status", "--porcelain")).toBe("");
    expect(readFileSync(join(repo, ".git/info/exclude"), "utf8")).toContain("/.gitclaw-local/");
  });
});
