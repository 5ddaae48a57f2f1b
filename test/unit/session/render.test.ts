// The session viewer renders what gitclaw writes and what pi writes, and its command line resolves
// issues through the mapping and fails with one clear line.
import { appendFileSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { emptyUsage, type AssistantMessage, type Usage } from "../../../src/session/entries.ts";
import { writeMapping } from "../../../src/session/mapping.ts";
import { renderSession, trimText } from "../../../src/session/render.ts";
import { SessionFile } from "../../../src/session/session-file.ts";
import { startFakeModel, type FakeModel } from "../../support/fake-model.ts";
import { piAgentDir, piPrintArgs, runPi } from "../../support/pi.ts";
import { PROJECT_ROOT } from "../../support/workflow.ts";
import { runCommand } from "../../support/command.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "gitclaw-render-"));
const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }], timestamp: 1 });
const usage = (input: number, output: number, cacheRead: number, cost: number): Usage => ({
  ...emptyUsage(),
  input,
  output,
  cacheRead,
  totalTokens: input + output + cacheRead,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: cost },
});
const assistant = (
  content: AssistantMessage["content"],
  u: Usage,
  stopReason: AssistantMessage["stopReason"] = "stop",
): AssistantMessage => ({
  role: "assistant",
  content,
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  usage: u,
  stopReason,
  timestamp: 2,
});
const toolResult = (toolCallId: string, toolName: string, text: string, isError = false) => ({
  role: "toolResult" as const,
  toolCallId,
  toolName,
  content: [{ type: "text" as const, text }],
  isError,
  timestamp: 3,
});
const numbered = (n: number, word: string) => Array.from({ length: n }, (_, i) => `${word} ${i + 1}`).join("\n");

/** Positions of `parts` in `text`, which must all be present and in this order. */
function expectInOrder(text: string, parts: string[]): void {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `"${part}" after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

/** A session as gitclaw writes it, plus an abandoned branch and an entry type the viewer does not know. */
function gitclawSession(dir: string): SessionFile {
  const session = SessionFile.create(dir, { cwd: "/home/runner/work/demo", id: "render-me" });
  session.append({ type: "model_change", provider: "anthropic", modelId: "claude-sonnet-4-5" });
  session.append({ type: "thinking_level_change", thinkingLevel: "off" });
  const ask = session.append({ type: "message", message: user("Fix the typo in the README") });
  session.append({
    type: "message",
    message: assistant(
      [
        { type: "thinking", thinking: "The README probably says teh." },
        { type: "text", text: "Let me look." },
        { type: "toolCall", id: "c1", name: "bash", arguments: { command: "grep -rn teh .", timeout: 30 } },
        { type: "toolCall", id: "c2", name: "read", arguments: { path: "docs/missing.md" } },
      ],
      usage(1200, 80, 300, 0.0123),
      "toolUse",
    ),
  });
  session.append({ type: "message", message: toolResult("c1", "bash", numbered(45, "match")) });
  session.append({ type: "message", message: toolResult("c2", "read", "File not found: docs/missing.md", true) });
  const fix = session.append({
    type: "message",
    message: assistant(
      [
        {
          type: "toolCall",
          id: "c3",
          name: "write",
          arguments: { path: "NOTES.md", content: `${numbered(30, "note")}\n` },
        },
        { type: "toolCall", id: "c4", name: "edit", arguments: { path: "README.md", oldText: "teh", newText: "the" } },
      ],
      usage(2000, 120, 1000, 0.02),
      "toolUse",
    ),
  });
  session.append({ type: "message", message: toolResult("c3", "write", "Wrote NOTES.md") });
  session.append({ type: "message", message: toolResult("c4", "edit", "Edited README.md") });
  session.append({
    type: "compaction",
    summary: "Fixed the typo in README.md.\nWrote NOTES.md.",
    firstKeptEntryId: fix.id,
    tokensBefore: 50000,
  });
  session.append({
    type: "message",
    message: assistant([{ type: "text", text: "Fixed the typo in `README.md`." }], usage(500, 20, 0, 0.001)),
  });
  const run = session.append({
    type: "custom",
    customType: "gitclaw.run",
    data: { runId: "42", outcome: "done", turns: 3, usage: usage(3700, 220, 1300, 0.0333), durationMs: 12000 },
  });
  const line = (entry: object) => appendFileSync(session.path, `${JSON.stringify(entry)}\n`);
  line({
    type: "message",
    id: "abandon1",
    parentId: ask.id,
    timestamp: "2026-01-01T00:00:00.000Z",
    message: user("an abandoned question"),
  });
  line({
    type: "bookmark",
    id: "future01",
    parentId: run.id,
    timestamp: "2026-01-01T00:00:00.000Z",
    note: "from a newer pi",
  });
  return SessionFile.load(session.path);
}

describe("renderSession on a session written by gitclaw", () => {
  const session = gitclawSession(tmp());
  const markdown = renderSession(session, { displayPath: "state/sessions/x.jsonl" });

  it("starts with the session id, file, cwd and model", () => {
    expect(markdown).toMatch(/^# Session render-me\n/);
    expect(markdown).toContain("- **File:** `state/sessions/x.jsonl`");
    expect(markdown).toContain("- **cwd:** `/home/runner/work/demo`");
    expect(markdown).toContain("- **Model:** `anthropic/claude-sonnet-4-5`");
  });

  it("shows the conversation in order: user, thinking folded, text, compact tool calls, trimmed results, usage", () => {
    expectInOrder(markdown, [
      "## User\n\nFix the typo in the README",
      "## Assistant",
      "<details><summary>Thinking (1 line)</summary>",
      "The README probably says teh.",
      "</details>",
      "Let me look.",
      "**bash** · timeout: `30`\n\n```sh\ngrep -rn teh .\n```",
      "**read** `docs/missing.md`",
      "<sub>1,200 in · 80 out · 300 cached · $0.0123</sub>",
      "**✓ bash** result\n\n```\nmatch 1\n",
      "match 20\n… 25 more lines\n```",
      "**✗ read** result\n\n```\nFile not found: docs/missing.md\n```",
      "**write** `NOTES.md` (30 lines)",
      "note 20\n… 10 more lines",
      "**edit** `README.md`\n\n```diff\n- teh\n+ the\n```",
      "**✓ write** result",
      "**✓ edit** result",
      "**Compaction** (50,000 tokens before): from here on the model saw this summary in place of the first 4 messages above.",
      "> Fixed the typo in README.md.\n> Wrote NOTES.md.",
      "## Assistant\n\nFixed the typo in `README.md`.",
      '_gitclaw.run: runId: "42" · outcome: "done" · turns: 3 · usage: {…} · durationMs: 12000_',
      "## Total (this path)\n\n3 model calls · 4 tool calls (1 failed)\n\n3,700 in · 220 out · 1,300 cached · $0.0333",
    ]);
    expect(markdown).not.toContain("match 21");
  });

  it("renders the leaf's path only, counts the other branches, and skips entry types it does not know", () => {
    expect(markdown).toContain("- **Other branches:** 1 entry not on this path (not shown)");
    expect(markdown).not.toContain("an abandoned question");
    expect(markdown).not.toContain("from a newer pi");
  });

  it("says which counts are estimated: a turn the provider reported no usage for, and a total with it", () => {
    const session = SessionFile.create(tmp(), { cwd: "/w" });
    session.append({ type: "message", message: user("explain") });
    const broken = { ...usage(900, 12, 0, 0), estimated: true as const };
    session.append({
      type: "message",
      message: { ...assistant([{ type: "text", text: "The parser first reads" }], broken, "error"), errorMessage: "x" },
    });
    const text = renderSession(SessionFile.load(session.path));
    expect(text).toContain("<sub>900 in · 12 out · 0 cached · estimated: the provider reported none for a turn</sub>");
    expect(text).toContain(
      "900 in · 12 out · 0 cached · cost unknown · estimated: the provider reported none for a turn",
    );
  });

  it("marks a tool call that has no result, a failed model call and a line cut by a crash", () => {
    const dir = tmp();
    const cut = SessionFile.create(dir, { cwd: "/w" });
    cut.append({ type: "message", message: user("run the tests") });
    cut.append({
      type: "message",
      message: assistant(
        [{ type: "toolCall", id: "t1", name: "bash", arguments: { command: "bun test" } }],
        usage(10, 5, 0, 0),
        "toolUse",
      ),
    });
    cut.append({
      type: "message",
      message: { ...assistant([], emptyUsage(), "error"), errorMessage: "overloaded_error" },
    });
    appendFileSync(cut.path, '{"type":"message","id":"dead","parentId":');
    const text = renderSession(SessionFile.load(cut.path));
    expect(text).toContain("- **Damaged lines skipped:** line 5: truncated last line (interrupted write)");
    expect(text).toContain("_No result recorded: the run ended before this call finished._");
    expect(text).toContain("> ✗ The model call failed: overloaded_error");
    expect(text).toContain("## Total\n\n2 model calls · 1 tool call\n\n10 in · 5 out · 0 cached · cost unknown");
  });
});

describe("trimText", () => {
  it("keeps short text, cuts by lines and by characters, and says how much is left out", () => {
    expect(trimText("a\nb\n")).toBe("a\nb");
    expect(trimText(numbered(3, "l"), 2)).toBe("l 1\nl 2\n… 1 more line");
    expect(trimText("x".repeat(10), 20, 4)).toBe("xxxx\n… 6 more characters");
    expect(trimText(`${"x".repeat(10)}\nnext`, 20, 4)).toBe("xxxx\n… 1 more line");
  });
});

describe("renderSession on a session written by pi", () => {
  let model: FakeModel;
  let markdown: string;

  beforeAll(async () => {
    model = await startFakeModel({
      turns: [
        {
          toolCalls: [{ name: "bash", input: { command: "echo from-pi" } }],
          usage: { input: 1000, output: 50, cacheRead: 200 },
        },
        { text: "pi says the build is green.", usage: { input: 1100, output: 10 } },
      ],
    });
    const dir = tmp();
    const run = await runPi(piPrintArgs("check the build", ["--session-dir", dir]), {
      agentDir: piAgentDir(model.url),
      cwd: dir,
    });
    expect(run.exitCode, run.stderr).toBe(0);
    const [file] = readdirSync(dir).filter((f) => f.endsWith(".jsonl"));
    markdown = renderSession(SessionFile.load(join(dir, file!)));
  });
  afterAll(() => model.stop());

  it("shows pi's prompt, bash call, its result, the reply and usage", () => {
    expect(markdown).toContain("- **Model:** `fake/claude-sonnet-4-5`");
    expectInOrder(markdown, [
      "## User\n\ncheck the build",
      "## Assistant\n\n**bash**\n\n```sh\necho from-pi\n```",
      "<sub>1,000 in · 50 out · 200 cached</sub>",
      "**✓ bash** result\n\n```\nfrom-pi\n```",
      "## Assistant\n\npi says the build is green.",
      "<sub>1,100 in · 10 out · 0 cached</sub>",
      "## Total\n\n2 model calls · 1 tool call\n\n2,100 in · 60 out · 200 cached · cost unknown",
    ]);
  });
});

describe("bun scripts/session.ts", () => {
  const repo = tmp();
  const session = gitclawSession(join(repo, "state/sessions"));
  const sessionPath = `state/sessions/${session.fileName}`;
  writeMapping(repo, { issueNumber: 7, sessionPath, updatedAt: "2026-01-01T00:00:00.000Z" });

  const viewer = (args: string[], cwd = repo) =>
    runCommand(["bun", join(PROJECT_ROOT, "scripts/session.ts"), ...args], { cwd });

  it("renders an issue's session through state/issues/<n>.json in the current directory or --repo", async () => {
    const here = await viewer(["7"]);
    expect(here.exitCode, here.stderr).toBe(0);
    expect(here.stdout).toMatch(/^# Session render-me\n/);
    expect(here.stdout).toContain(`- **File:** \`${sessionPath}\``);
    const elsewhere = await viewer(["--repo", repo, "#7"], tmpdir());
    expect(elsewhere.exitCode, elsewhere.stderr).toBe(0);
    expect(elsewhere.stdout).toContain("Fixed the typo in `README.md`.");
  });

  it("renders a file given by path", async () => {
    const result = await viewer([join(repo, sessionPath)], tmpdir());
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain("## User\n\nFix the typo in the README");
  });

  it("fails with one clear line and exit code 1", async () => {
    mkdirSync(join(repo, "state/issues"), { recursive: true });
    writeMapping(repo, {
      issueNumber: 8,
      sessionPath: "state/sessions/gone.jsonl",
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    writeFileSync(join(repo, "notes.jsonl"), "just some notes\n");
    const cases: [string[], RegExp][] = [
      [["99"], /^gitclaw session: no session for issue 99: state\/issues\/99\.json does not exist/],
      [["8"], /^gitclaw session: issue 8 maps to state\/sessions\/gone\.jsonl, which does not exist$/],
      [["missing.jsonl"], /^gitclaw session: Session file not found: .*missing\.jsonl$/],
      [["notes.jsonl"], /^gitclaw session: .*notes\.jsonl is not a pi session/],
    ];
    for (const [args, message] of cases) {
      const result = await viewer(args);
      expect(result.exitCode, args.join(" ")).toBe(1);
      expect(result.stdout).toBe("");
      expect(result.stderr.trimEnd().split("\n")).toHaveLength(1);
      expect(result.stderr.trimEnd()).toMatch(message);
    }
  });

  it("prints its usage without an argument", async () => {
    const result = await viewer([]);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain("<issue-number|file.jsonl> [--repo <dir>]");
  });
});

describe("renderSession with sub-agents", () => {
  it("shows the parent of a child's session and the tree of tasks below a parent's", () => {
    const repo = tmp();
    const dir = join(repo, "state/sessions");
    const parent = SessionFile.create(dir, { cwd: repo });
    const child = SessionFile.create(dir, { cwd: "/tmp/task-t1", parentSession: `state/sessions/${parent.fileName}` });
    const grandchild = SessionFile.create(dir, {
      cwd: "/tmp/task-t2",
      parentSession: `state/sessions/${child.fileName}`,
    });
    const task = (taskId: string, title: string, status: string, session: SessionFile) => ({
      taskId,
      title,
      status,
      sessionPath: `state/sessions/${session.fileName}`,
    });
    child.appendCustom("gitclaw.task", { taskId: "t1", title: "outer", parentSession: "x" });
    child.appendCustom("gitclaw.task", task("t2", "inner", "running", grandchild));
    child.appendCustom("gitclaw.task", task("t2", "inner", "reported", grandchild));
    parent.appendCustom("gitclaw.task", task("t1", "outer", "reported", child));
    parent.appendCustom("gitclaw.task", { taskId: "t3", title: "queued one", status: "terminated" });

    const markdown = renderSession(parent, { repoRoot: repo });
    expect(markdown).toContain(
      [
        "- **Sub-agents:**",
        `  - \`t1\` outer: reported · \`state/sessions/${child.fileName}\``,
        `    - \`t2\` inner: reported · \`state/sessions/${grandchild.fileName}\``,
        "  - `t3` queued one: terminated",
      ].join("\n"),
    );
    expect(renderSession(child)).toContain(`- **Parent session:** \`state/sessions/${parent.fileName}\``);
  });
});
