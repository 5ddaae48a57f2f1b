// The README's main command: `bun run local "…"` runs the whole lifecycle against the embedded
// emulator, here with the fake model standing in for the provider; `--demo` does it with no key.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModel } from "../support/fake-model.ts";
import { commitFile, createTempRepo, git, type TempRepo } from "../support/git-repo.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";
import { runCommand } from "../support/command.ts";

let model: FakeModel;
let repo: TempRepo;
beforeAll(async () => {
  model = await startFakeModel();
  repo = await createTempRepo({ "README.md": "# Demo\n\nTeh best project.\n", "GITCLAW-ENABLED.md": "on\n" });
});
afterAll(async () => {
  await model.stop();
  repo.cleanup();
});

const local = (args: string[], env: Record<string, string>, cwd = repo.dir) =>
  runCommand(["bun", join(PROJECT_ROOT, "scripts/local.ts"), ...args], {
    cwd,
    env: { PATH: process.env.PATH!, HOME: process.env.HOME ?? "/root", ...env },
  });

describe("bun run local", () => {
  it("says exactly which variable to set when no model is configured", async () => {
    const result = await local(["Fix the typo"], {});
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/ANTHROPIC_API_KEY is not set/);
    expect(result.stderr).toMatch(/GITCLAW_MODEL=ollama\/<model>/);
    // Outside gitclaw's checkout, `bun run local` does not exist: the hint names what works here.
    expect(result.stderr).toContain(
      `without a key (a scripted model): bun ${join(PROJECT_ROOT, "scripts/local.ts")} --demo`,
    );
    expect(result.stderr.split("\n")[0]).toMatch(/^gitclaw local: ANTHROPIC_API_KEY is not set/);
  });

  it("runs an issue end to end and continues it with --issue", async () => {
    const env = { ANTHROPIC_API_KEY: "sk-ant-local-test-key-000000", ANTHROPIC_BASE_URL: model.url };
    model.script([
      { toolCalls: [{ name: "edit", input: { path: "README.md", oldText: "Teh best", newText: "The best" } }] },
      { text: "Fixed the typo in README.md." },
    ]);
    const first = await local(["Fix the typo in the README"], env);
    expect(first.exitCode, first.stdout + first.stderr).toBe(0);
    expect(first.stdout).toMatch(/issue #1 with anthropic\/claude-sonnet-4-5/);
    expect(first.stdout).toMatch(/✓ edit/);
    expect(first.stdout).toContain("--- reply on issue #1 ---\nFixed the typo in README.md.");
    expect(first.stdout).toMatch(/gitclaw: issue #1 — Fix the typo in the README\ngitclaw\[bot\]/);
    expect(first.stdout).toMatch(/README\.md\s+\|\s+2 \+-/);
    const origin = join(repo.dir, ".gitclaw-local/origin.git");
    const readme = Bun.spawnSync(["git", "show", "HEAD:README.md"], { cwd: origin }).stdout.toString();
    expect(readme).toContain("The best project.");

    model.script([{ text: "You're welcome." }]);
    const before = model.requests.length;
    const second = await local(["--issue", "1", "thanks!"], env);
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain("You're welcome.");
    const request = JSON.stringify(model.requests[before]!.body);
    expect(request).toContain("Fix the typo in the README");
    expect(request).toContain("Fixed the typo in README.md.");
    expect(request).toContain("thanks!");
    // Each run its own id: the replies link to two different run pages.
    const runOf = (out: string) => /\/actions\/runs\/(\d+)\)/.exec(out)?.[1];
    expect(runOf(first.stdout), first.stdout).toBeDefined();
    expect(runOf(second.stdout), second.stdout).toBeDefined();
    expect(runOf(second.stdout)).not.toBe(runOf(first.stdout));
    expect(JSON.parse(readFileSync(join(repo.dir, ".gitclaw-local/issues.json"), "utf8"))).toEqual([
      { title: "Fix the typo in the README", body: "Fix the typo in the README", comments: ["thanks!"] },
    ]);
  });

  it("fails, naming the URL and the variable, when the model cannot be reached", async () => {
    const result = await local(["Hello"], {
      GITCLAW_MODEL: "ollama/qwen3-coder",
      OLLAMA_BASE_URL: "http://127.0.0.1:9/v1",
    });
    expect(result.exitCode, result.stdout + result.stderr).toBe(1);
    // The first thing said is the real cause, not a guess about the context window.
    expect(result.stdout.split("\n")[0]).toBe(
      "gitclaw local: warning: could not reach http://127.0.0.1:9/v1/models (OLLAMA_BASE_URL): connection refused (is the server running?)",
    );
    expect(result.stdout).not.toMatch(/context window|tokens .* are assumed/i);
    expect(result.stdout).toMatch(/cannot reach the model API at http:\/\/127\.0\.0\.1:9\/v1 \(OLLAMA_BASE_URL\)/);
    // One stop at the end of the reason's sentence, never "…the url?.".
    expect(result.stdout).toContain("Everything done so far is saved");
    expect(result.stdout).not.toMatch(/[?!.]\. Everything done so far/);
  });

  it("fails, naming the variable, when the model refuses the key", async () => {
    model.script([{ error: { status: 401, type: "authentication_error", message: "invalid x-api-key" } }]);
    const result = await local(["Hello"], {
      ANTHROPIC_API_KEY: "sk-ant-local-wrong-key-00000000",
      ANTHROPIC_BASE_URL: model.url,
    });
    expect(result.exitCode, result.stdout + result.stderr).toBe(1);
    expect(result.stdout).toMatch(
      /model API error 401: invalid x-api-key \(the key in ANTHROPIC_API_KEY was refused at http:\/\/127\.0\.0\.1:\d+\/v1 \(ANTHROPIC_BASE_URL\)\)/,
    );
  });

  it("--demo: runs the whole lifecycle without a key, the model scripted and said to be, and says how to run it for real", async () => {
    // A fresh clone on a branch of its own, as a newcomer's may be: the run works on that branch.
    const checkout = await createTempRepo({ "README.md": "# Fresh\n", "GITCLAW-ENABLED.md": "on\n" });
    await git(checkout.dir, "checkout", "-q", "-b", "try-gitclaw");
    const result = await local(["--demo"], {}, checkout.dir);
    expect(result.exitCode, result.stdout + result.stderr).toBe(0);
    const out = result.stdout;
    expect(out).toMatch(/^gitclaw local --demo: the model is SCRIPTED/);
    expect(out).toMatch(/issue #1 with anthropic\/gitclaw-demo-script \(scripted\)/);
    // No price is made up for the scripted model's tokens.
    expect(out).toMatch(/cost unknown/);
    expect(out).not.toMatch(/\$\d/);
    // The steps: the guard, 👀, the real tools, the push, the reply.
    for (const step of [
      /gitclaw guard: proceed/,
      /👀 added/,
      /✓ bash/,
      /✓ write/,
      /gitclaw: pushed [0-9a-f]+ to try-gitclaw/,
      /replied on #1/,
    ])
      expect(out).toMatch(step);
    expect(out).toContain("--- reply on issue #1 ---\n(Scripted demo model.)");
    // The commit on the demo's own throwaway remote: the file the tool wrote, the mapping and the session.
    const origin = join(checkout.dir, ".gitclaw-local/demo/origin.git");
    expect(out).toMatch(/gitclaw: issue #1 — Say hello/);
    expect(out).toMatch(/hello-gitclaw\.md\s+\|\s+3 \+\+\+/);
    const show = (path: string) =>
      Bun.spawnSync(["git", "show", `try-gitclaw:${path}`], { cwd: origin }).stdout.toString();
    expect(show("hello-gitclaw.md")).toMatch(/^# Hello from gitclaw\n/);
    const mapping = JSON.parse(show("state/issues/1.json"));
    expect(show(mapping.sessionPath)).toContain("Say hello");
    expect(out.trimEnd().split("\n").slice(-4).join("\n")).toContain(
      `With a real model:\n  ANTHROPIC_API_KEY=sk-ant-… bun ${join(PROJECT_ROOT, "scripts/local.ts")} "Fix the typo in the README"`,
    );
    // The demo keeps to a sandbox of its own.
    expect(existsSync(join(checkout.dir, ".gitclaw-local/issues.json"))).toBe(false);
    checkout.cleanup();
  });

  it("refuses a follow-up to an issue that does not exist", async () => {
    const result = await local(["--issue", "9", "hello"], {
      ANTHROPIC_API_KEY: "sk-ant-local-test-key-000000",
      ANTHROPIC_BASE_URL: model.url,
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/there is no local issue #9 \(there are 3\)/);
  });

  it("warns at start-up when the local llama.cpp server cannot give the model tools", async () => {
    const llama = await startFakeModel({
      server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: false },
      // The first answers the start-up check's one-token request with a tool: served, so the tools are dropped, not refused.
      turns: [{ text: "." }, { text: "I can only talk." }],
    });
    try {
      const result = await local(["Hello"], { GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: llama.openaiBaseUrl });
      expect(result.exitCode, result.stdout + result.stderr).toBe(0);
      const warning = `gitclaw local: warning: llama.cpp's chat template cannot describe tools (${llama.url}/props (chat_template_caps): supports_tool_calls false)`;
      expect(result.stdout.indexOf(warning), result.stdout).toBeGreaterThanOrEqual(0);
      expect(result.stdout).toMatch(/\n {2}fix: start llama-server with --jinja/);
      // Said before the run starts, and the run goes on with the window the server reported.
      expect(result.stdout.indexOf(warning)).toBeLessThan(result.stdout.indexOf("issue #4 with ollama/smollm2"));
      expect(result.stdout).toContain("I can only talk.");
    } finally {
      await llama.stop();
    }
  });

  it("--help prints the help, not an issue; an unknown option is refused", async () => {
    const help = await local(["--help"], {});
    expect(help.exitCode, help.stderr).toBe(0);
    expect(help.stdout).toMatch(/--issue <n> "follow-up"/);
    expect(help.stdout).toMatch(/--demo +the same with a scripted model/);
    const unknown = await local(["--verbose", "hi"], {});
    expect(unknown.exitCode).toBe(2);
    expect(unknown.stderr).toMatch(/^gitclaw local: unknown option --verbose\./);
  });

  it("a bad configuration is one line naming the key and the allowed values, no stack trace", async () => {
    const checkout = await createTempRepo({ ".github/gitclaw.json": '{ "network": "closed" }\n' });
    const result = await local(["Hello"], { ANTHROPIC_API_KEY: "sk-ant-local-test-key-000000" }, checkout.dir);
    expect(result.exitCode).toBe(1);
    expect(result.stderr.split("\n")[0]).toMatch(
      /^gitclaw local: \.github\/gitclaw\.json: "network" \(found "closed"\):/,
    );
    expect(result.stderr).toMatch(/"open"/);
    expect(result.stderr).not.toMatch(/^\s+at |\.ts:\d+|Bun v/m);
    checkout.cleanup();
  });

  it("follows the repository's HEAD on every run, in a subdirectory too, and keeps .gitclaw-local/ out of git add", async () => {
    const checkout = await createTempRepo({ "README.md": "# Later\n", "docs/x.md": "x\n" });
    const first = await local(["--demo"], {}, join(checkout.dir, "docs"));
    expect(first.exitCode).toBe(2);
    expect(first.stderr).toMatch(/the guard stopped the run: .*GITCLAW-ENABLED\.md/);
    // Switched on afterwards, as a user does: the next run sees the commit.
    await commitFile(checkout.dir, "GITCLAW-ENABLED.md", "on\n");
    const second = await local(["--demo"], {}, join(checkout.dir, "docs"));
    expect(second.exitCode, second.stdout + second.stderr).toBe(0);
    expect(second.stdout).toContain("brought the throwaway remote's main up to this checkout's HEAD");
    const origin = join(checkout.dir, ".gitclaw-local/demo/origin.git");
    const log = await git(origin, "log", "--format=%s", "main");
    expect(log.split("\n")).toEqual([
      expect.stringMatching(/^gitclaw: issue #2 — Say hello/),
      "edit GITCLAW-ENABLED.md",
      "initial",
    ]);
    // Both moved on (the run's commit there, a new one here): merged, the run's work kept.
    await commitFile(checkout.dir, "NOTES.md", "notes\n");
    const third = await local(["--demo", "Say hello again"], {}, checkout.dir);
    expect(third.stdout).toContain("merged this checkout's HEAD into the throwaway remote's main");
    expect(await git(origin, "show", "main:NOTES.md")).toBe("notes");
    expect(await git(origin, "show", "main:hello-gitclaw.md")).toMatch(/^# Hello from gitclaw/);
    expect(await git(checkout.dir, "status", "--porcelain")).toBe("");
    expect(await git(checkout.dir, "check-ignore", ".gitclaw-local/demo")).toBe(".gitclaw-local/demo");
    checkout.cleanup();
  });

  it("runs the repository's own workflow: an issue its if: skips is said to be, and a mention then runs", async () => {
    const checkout = await createTempRepo({ "README.md": "# Mine\n" });
    const init = await runCommand(["bun", join(PROJECT_ROOT, "src/cli/main.ts"), "init", "--trigger", "mention"], {
      cwd: checkout.dir,
    });
    expect(init.exitCode, init.stderr).toBe(0);
    await git(checkout.dir, "add", "-A");
    await git(checkout.dir, "-c", "user.name=Me", "-c", "user.email=me@example.com", "commit", "-q", "-m", "gitclaw");
    const skipped = await local(["--demo"], {}, checkout.dir);
    expect(skipped.exitCode).toBe(2);
    expect(skipped.stderr).toContain(
      `gitclaw local: the workflow's if: skipped the issue (${join(checkout.dir, ".github/workflows/gitclaw.yml")})`,
    );
    const mentioned = await local(["--demo", "@gitclaw say hello"], {}, checkout.dir);
    expect(mentioned.exitCode, mentioned.stdout + mentioned.stderr).toBe(0);
    expect(mentioned.stdout).toContain("--- reply on issue #2 ---\n(Scripted demo model.)");
    checkout.cleanup();
  });

  it("fails at once, not retried, when llama.cpp was started without --jinja, and says so at start-up", async () => {
    const llama = await startFakeModel({
      server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: false, jinja: false },
    });
    try {
      const result = await local(["Hello"], { GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: llama.openaiBaseUrl });
      expect(result.exitCode, result.stdout + result.stderr).toBe(1);
      expect(result.stdout).toContain(
        `gitclaw local: warning: llama.cpp refuses every request with tools (${llama.openaiBaseUrl}/chat/completions (500): tools param requires --jinja flag): every run would fail at once`,
      );
      expect(result.stdout).not.toContain("drops them without a word");
      expect(result.stdout).toContain(
        "The run failed: model API error 500: tools param requires --jinja flag (start llama-server with --jinja",
      );
      // The start-up check's request and the run's one: never asked again (retries wait 2 s, 4 s, 8 s).
      const chats = llama.requests.filter((request) => request.path.endsWith("/chat/completions"));
      expect(chats).toHaveLength(2);
    } finally {
      await llama.stop();
    }
  });
});
