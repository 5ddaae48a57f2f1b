// The mistakes a newcomer makes, each named by the command line with its fix instead of passing in
// silence: `gitclaw init` refuses a bad option before writing anything, and `gitclaw doctor <path>`
// names typos in any gitclaw workflow's `with:`, a misspelt network preset, an unknown value or MCP
// transport with the allowed ones, and reads .mcp.json in both formats users have.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTempRepo, git, type TempRepo } from "../support/git-repo.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";
import { runCommand } from "../support/command.ts";

const home = mkdtempSync(join(tmpdir(), "gitclaw-home-"));
let repos: TempRepo[] = [];
afterEach(() => {
  for (const repo of repos) repo.cleanup();
  repos = [];
});

/** The command line as a user runs it, offline from GitHub (the API is a port where nothing listens). */
const gitclaw = (args: string[], cwd: string) =>
  runCommand(["bun", join(PROJECT_ROOT, "src/cli/main.ts"), ...args], {
    cwd,
    env: { PATH: process.env.PATH!, HOME: home, GITHUB_API_URL: "http://127.0.0.1:9" },
  });

/** A repository gitclaw init has put gitclaw into, with `files` on top, committed. */
async function installed(files: Record<string, string>, initArgs: string[] = []): Promise<string> {
  const repo = await createTempRepo({ "README.md": "# mine\n" });
  repos.push(repo);
  const init = await gitclaw(["init", ...initArgs], repo.dir);
  expect(init.exitCode, init.stderr).toBe(0);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(join(repo.dir, path, ".."), { recursive: true });
    writeFileSync(join(repo.dir, path), content);
  }
  await git(repo.dir, "add", "-A");
  await git(repo.dir, "-c", "user.name=Me", "-c", "user.email=me@example.com", "commit", "-q", "-m", "gitclaw");
  return repo.dir;
}

/** The doctor's line for one check, with its continuation lines. */
const line = (report: string, name: string) =>
  report.split(/\n(?=(?:PASS|WARN|FAIL) )/).find((entry) => new RegExp(`^(PASS|WARN|FAIL) +${name} `).test(entry)) ??
  `(no ${name} line in)\n${report}`;

describe("gitclaw init", () => {
  it("refuses a bad option value before writing anything, naming the allowed ones", async () => {
    const repo = await createTempRepo({ "README.md": "# mine\n" });
    repos.push(repo);
    for (const [args, message] of [
      [["--api", "grpc"], "gitclaw init: --api grpc: expected one of anthropic, openai-compatible."],
      [
        ["--prompt-workflow", "nighty"],
        'gitclaw init: --prompt-workflow nighty: expected one of nightly, triage, release-notes (did you mean "nightly"?).',
      ],
      [["--base-url", "localhost:11434"], "gitclaw init: --base-url localhost:11434: expected the API's root URL"],
    ] as const) {
      const result = await gitclaw(["init", ...args], repo.dir);
      expect(result.exitCode).toBe(1);
      expect(result.stderr.split("\n")[0]).toContain(message);
      expect(result.stderr).not.toMatch(/^\s+at /m);
    }
    expect(readdirSync(repo.dir).sort()).toEqual([".git", "README.md"]);
    expect(existsSync(join(repo.dir, ".github"))).toBe(false);
  });
});

describe("gitclaw", () => {
  it("names an unknown command first, then the usage", async () => {
    const result = await gitclaw(["frob"], home);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.split("\n")[0]).toBe('gitclaw: unknown command "frob"');
    expect(result.stderr).toContain("gitclaw doctor [path]");
  });
});

describe("gitclaw doctor <path>", () => {
  it("names typos in the with: of every gitclaw workflow, the prompt recipes included, with the input meant", async () => {
    const dir = await installed({}, ["--prompt-workflow", "nightly"]);
    const workflow = join(dir, ".github/workflows/gitclaw.yml");
    const text = readFileSync(workflow, "utf8");
    writeFileSync(
      workflow,
      text.replace(
        /( +)anthropic_api_key: (.*)\n/,
        "$1anthropic_api_key: $2\n$1trigger_mode: mention\n$1max_turn: 3\n",
      ),
    );
    const recipe = join(dir, ".github/workflows/gitclaw-nightly.yml");
    writeFileSync(recipe, readFileSync(recipe, "utf8").replace(/^( +)prompt:/m, "$1promt:"));
    // Run from elsewhere: the path names the repository.
    const result = await gitclaw(["doctor", dir], join(dir, ".."));
    const inputs = line(result.stdout, "Inputs");
    expect(inputs).toMatch(/^FAIL +Inputs/);
    expect(inputs).toContain(
      '.github/workflows/gitclaw.yml: with: trigger_mode is not an input of gitclaw\'s action (did you mean "trigger_modes"?)',
    );
    expect(inputs).toContain(
      '.github/workflows/gitclaw.yml: with: max_turn is not an input of gitclaw\'s action (did you mean "max_turns"?)',
    );
    expect(inputs).toContain(
      '.github/workflows/gitclaw-nightly.yml: with: promt is not an input of gitclaw\'s action (did you mean "prompt"?)',
    );
    expect(inputs).toMatch(/fix: rename or remove it/);
    expect(result.exitCode).toBe(1);
  });

  it("passes the with: of a clean install, prompt recipe included", async () => {
    const dir = await installed({}, ["--prompt-workflow", "triage"]);
    const result = await gitclaw(["doctor", dir], dir);
    expect(line(result.stdout, "Inputs")).toMatch(
      /^PASS +Inputs +every with: of gitclaw's steps is an input of the action \(\.github\/workflows\/gitclaw-triage\.yml, \.github\/workflows\/gitclaw\.yml\)/,
    );
  });

  it("names a network entry that is a misspelt preset, and an unknown network value with the allowed ones", async () => {
    const typo = await installed({
      ".github/gitclaw.json": '{ "network": { "allow": ["npmjs", "registry.example.com"] } }\n',
    });
    const configuration = line((await gitclaw(["doctor"], typo)).stdout, "Configuration");
    expect(configuration).toMatch(
      /^FAIL +Configuration +\.github\/gitclaw\.json: "network\.allow\.0" \(found "npmjs"\): not a preset: did you mean "npm"\?/,
    );
    const closed = await installed({ ".github/gitclaw.json": '{ "network": "closed" }\n' });
    expect(line((await gitclaw(["doctor"], closed)).stdout, "Configuration")).toMatch(
      /^FAIL +Configuration +\.github\/gitclaw\.json: "network" \(found "closed"\): expected one of "open"\|"off"\|"audit", or an object\n/,
    );
  });

  it("names a misspelt key of the configuration with the key it most likely meant", async () => {
    const dir = await installed({
      ".github/gitclaw.json": '{ "budgets": { "maxTurn": 3 }, "modle": "openai/gpt-4.1" }\n',
    });
    const configuration = line((await gitclaw(["doctor"], dir)).stdout, "Configuration");
    expect(configuration).toContain('.github/gitclaw.json: Unrecognized key: "modle" (did you mean "model"?)');
    expect(configuration).toContain(
      '.github/gitclaw.json: "budgets" (found {"maxTurn":3}): Unrecognized key: "maxTurn" (did you mean "maxTurns"?)',
    );
  });

  it("reads .mcp.json in VS Code's format (servers) as in Claude's (mcpServers), and names an unknown transport", async () => {
    const vscode = {
      servers: {
        files: { type: "stdio", command: "npx", args: ["-y", "@modelcontextprotocol/server-filesystem", "."] },
        remote: { type: "sse", url: "https://mcp.example.com/sse" },
      },
    };
    const dir = await installed({ ".mcp.json": JSON.stringify(vscode) });
    const mcp = line((await gitclaw(["doctor"], dir)).stdout, "MCP servers");
    expect(mcp).toMatch(
      /^WARN +MCP servers +from HEAD \(the default branch is not fetched here\): files \(stdio, \.mcp\.json\)/,
    );
    expect(mcp).toContain(
      'remote: .mcp.json (servers.remote): "type" (found "sse"): expected "stdio" (a command) or "http" (a URL)',
    );
    const claude = await installed({ ".mcp.json": JSON.stringify({ mcpServers: { files: vscode.servers.files } }) });
    expect(line((await gitclaw(["doctor"], claude)).stdout, "MCP servers")).toMatch(
      /^PASS +MCP servers +from HEAD \(the default branch is not fetched here\): files \(stdio, \.mcp\.json\)$/,
    );
  });

  it("refuses a path that is not a repository in one line", async () => {
    const repo = await createTempRepo();
    repos.push(repo);
    const result = await gitclaw(["doctor", join(repo.dir, "nowhere")], repo.dir);
    expect(result.exitCode).toBe(2);
    expect(result.stderr.trim()).toBe(
      `gitclaw doctor: ${join(repo.dir, "nowhere")} is not a git repository (no .git there): give the repository's root`,
    );
  });
});
