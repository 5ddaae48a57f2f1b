import { appendFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildContext } from "../../../src/session/context.ts";
import { SessionError, SessionFile, sessionFileName } from "../../../src/session/session-file.ts";
import { emptyUsage, parseEntry, parseEntryWithSchemas, type AssistantMessage } from "../../../src/session/entries.ts";
import { isKnownMessageEntry } from "../../../src/session/message-entry.ts";
import { readMapping, writeMapping } from "../../../src/session/mapping.ts";

const tmp = () => mkdtempSync(join(tmpdir(), "gitclaw-session-"));
const user = (text: string) => ({ role: "user" as const, content: [{ type: "text" as const, text }], timestamp: 1 });
const assistant = (text: string, extra: Partial<AssistantMessage> = {}): AssistantMessage => ({
  role: "assistant",
  content: [{ type: "text", text }],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  usage: emptyUsage(),
  stopReason: "stop",
  timestamp: 2,
  ...extra,
});

describe("SessionFile", () => {
  it("writes a pi v3 header and one line per entry, chained by parentId", () => {
    const dir = tmp();
    const now = () => new Date("2026-02-22T03:00:32.797Z");
    const session = SessionFile.create(dir, { cwd: "/work", id: "abc", now });
    expect(session.fileName).toBe("2026-02-22T03-00-32-797Z_abc.jsonl");
    const first = session.append({ type: "model_change", provider: "anthropic", modelId: "m" });
    const second = session.append({ type: "message", message: user("hi") });
    const lines = readFileSync(session.path, "utf8")
      .trimEnd()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({
      type: "session",
      version: 3,
      id: "abc",
      timestamp: "2026-02-22T03:00:32.797Z",
      cwd: "/work",
    });
    expect(lines[1]).toMatchObject({ type: "model_change", id: first.id, parentId: null });
    expect(lines[2]).toMatchObject({ type: "message", id: second.id, parentId: first.id, message: { role: "user" } });
    expect(Object.keys(lines[2])).toEqual(["type", "id", "parentId", "timestamp", "message"]);
    expect(first.id).toMatch(/^[0-9a-f]{8}$/);
  });

  it("loads what it wrote and rebuilds the context", () => {
    const dir = tmp();
    const session = SessionFile.create(dir, { cwd: "/w" });
    session.append({ type: "model_change", provider: "anthropic", modelId: "m" });
    session.append({ type: "message", message: user("hello") });
    session.append({ type: "message", message: assistant("hi there") });
    const loaded = SessionFile.load(session.path);
    expect(loaded.entries).toHaveLength(3);
    const context = loaded.context();
    expect(context.messages.map((m) => m.role)).toEqual(["user", "assistant"]);
    expect(context.model).toEqual({ provider: "anthropic", modelId: "claude-sonnet-4-5" });
  });

  it("skips and reports a truncated last line, then appends on a fresh line", () => {
    const dir = tmp();
    const session = SessionFile.create(dir, { cwd: "/w" });
    session.append({ type: "message", message: user("one") });
    appendFileSync(session.path, '{"type":"message","id":"dead","parentId":');
    const loaded = SessionFile.load(session.path);
    expect(loaded.entries).toHaveLength(1);
    expect(loaded.notes).toEqual([{ line: 3, reason: "truncated last line (interrupted write)" }]);
    loaded.append({ type: "message", message: user("two") });
    const again = SessionFile.load(session.path);
    expect(
      again.entries.map((e) => (e as { message: { content: { text: string }[] } }).message.content[0]!.text),
    ).toEqual(["one", "two"]);
    expect(again.notes).toEqual([{ line: 3, reason: "not a valid entry" }]);
  });

  it("refuses a file without a valid header with an actionable message", () => {
    const path = join(tmp(), "bad.jsonl");
    writeFileSync(path, "not json\n");
    expect(() => SessionFile.load(path)).toThrow(SessionError);
    expect(() => SessionFile.load(path)).toThrow(/line 1 must be a header/);
    expect(() => SessionFile.load(join(tmp(), "missing.jsonl"))).toThrow(/not found/);
  });

  it("follows the leaf's path only, like pi, and applies the latest compaction", () => {
    const dir = tmp();
    const path = join(dir, sessionFileName({ id: "s", timestamp: "2026-01-01T00:00:00.000Z" }));
    const line = (o: object) => JSON.stringify(o);
    const t = "2026-01-01T00:00:00.000Z";
    writeFileSync(
      path,
      `${[
        line({ type: "session", version: 3, id: "s", timestamp: t, cwd: "/" }),
        line({ type: "message", id: "a", parentId: null, timestamp: t, message: user("old question") }),
        line({ type: "message", id: "b", parentId: "a", timestamp: t, message: assistant("old answer") }),
        line({ type: "message", id: "x", parentId: "a", timestamp: t, message: assistant("abandoned branch") }),
        line({ type: "message", id: "c", parentId: "b", timestamp: t, message: user("kept question") }),
        line({
          type: "compaction",
          id: "d",
          parentId: "c",
          timestamp: t,
          summary: "They talked.",
          firstKeptEntryId: "c",
          tokensBefore: 999,
        }),
        line({ type: "message", id: "e", parentId: "d", timestamp: t, message: assistant("new answer") }),
        line({ type: "label", id: "f", parentId: "e", timestamp: t, targetId: "e", label: "x" }),
      ].join("\n")}\n`,
    );
    const context = SessionFile.load(path).context();
    const texts = context.messages.map((m) =>
      typeof m.content === "string" ? m.content : (m.content[0] as { text: string }).text,
    );
    expect(texts[0]).toContain("<summary>\nThey talked.\n</summary>");
    expect(texts.slice(1)).toEqual(["kept question", "new answer"]);
  });

  it("builds the context once, then extends it with each append: always what a rebuild from the file gives", () => {
    const session = SessionFile.create(tmp(), { cwd: "/w" });
    session.append({ type: "model_change", provider: "anthropic", modelId: "m" });
    session.append({ type: "message", message: user("first question") });
    const built = session.context();
    const call = { type: "toolCall" as const, id: "toolu_1", name: "bash", arguments: { command: "ls" } };
    const steps = [
      () =>
        session.append({
          type: "message",
          message: assistant("", { content: [call], stopReason: "toolUse", provider: "openai", model: "gpt-5" }),
        }),
      () =>
        session.append({
          type: "message",
          message: {
            role: "toolResult",
            toolCallId: "toolu_1",
            toolName: "bash",
            content: [{ type: "text", text: "README.md" }],
            isError: false,
            timestamp: 3,
          },
        }),
      () => session.append({ type: "custom", customType: "gitclaw.github_audit", data: { op: "repo_view" } }),
      () => session.append({ type: "thinking_level_change", thinkingLevel: "high" }),
      () => session.append({ type: "message", message: assistant("first answer") }),
    ];
    for (const step of steps) {
      step();
      // Extended in place, never rebuilt, and equal to a rebuild from the entries and from the file.
      expect(session.context()).toBe(built);
      expect(built).toEqual(buildContext(session.entries, session.leafId));
      expect(built).toEqual(SessionFile.load(session.path).context());
    }
    expect(built.messages.map((m) => m.role)).toEqual(["user", "assistant", "toolResult", "assistant"]);
    expect(built).toMatchObject({
      model: { provider: "anthropic", modelId: "claude-sonnet-4-5" },
      thinkingLevel: "high",
    });

    session.append({
      type: "compaction",
      summary: "They talked.",
      firstKeptEntryId: session.leafId!,
      tokensBefore: 999,
    });
    session.append({ type: "message", message: user("second question") });
    const compacted = session.context();
    expect(compacted).not.toBe(built);
    expect(compacted).toEqual(SessionFile.load(session.path).context());
    expect(compacted.messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
  });
});

describe("SessionFile.inMemory", () => {
  it("keeps its entries in memory, writes no file, and keeps its artifacts where it is told", () => {
    const dir = tmp();
    const path = join(dir, "state/sessions/parent.jsonl");
    const artifactsDir = join(dir, "out");
    const session = SessionFile.inMemory(path, { cwd: dir, artifactsDir });
    session.appendStart({ provider: "anthropic", modelId: "m" });
    session.appendCustom("gitclaw.task", { taskId: "t1" });
    expect(session.entries.map((entry) => entry.type)).toEqual(["model_change", "thinking_level_change", "custom"]);
    expect(session.entries[2]!.parentId).toBe(session.entries[1]!.id);
    expect(existsSync(path)).toBe(false);
    expect(readdirSync(dir)).toEqual([]);
    expect(session.path).toBe(path);
    expect(session.artifactsDir).toBe(artifactsDir);
  });
});

describe("issue mapping", () => {
  it("round-trips and is written atomically as pretty JSON", () => {
    const root = tmp();
    writeMapping(root, {
      issueNumber: 7,
      sessionPath: "state/sessions/x.jsonl",
      updatedAt: "2026-01-01T00:00:00.000Z",
      lastCommentId: 5,
    });
    const text = readFileSync(join(root, "state/issues/7.json"), "utf8");
    expect(text.endsWith("}\n")).toBe(true);
    expect(readMapping(root, 7)).toMatchObject({ sessionPath: "state/sessions/x.jsonl", lastCommentId: 5 });
    expect(readMapping(root, 8)).toBeUndefined();
  });

  it("names the file and the field when the mapping is broken", () => {
    const root = tmp();
    writeMapping(root, { issueNumber: 3, sessionPath: "s", updatedAt: "t" });
    writeFileSync(join(root, "state/issues/3.json"), JSON.stringify({ issueNumber: 3, updatedAt: "t" }));
    expect(() => readMapping(root, 3)).toThrow(/state\/issues\/3.json: field "sessionPath"/);
    writeFileSync(join(root, "state/issues/3.json"), "{");
    expect(() => readMapping(root, 3)).toThrow(/not valid JSON/);
  });
});

describe("parseEntry", () => {
  const entry = (message: unknown, extra: Record<string, unknown> = {}) => ({
    type: "message",
    id: "a1",
    parentId: null,
    timestamp: "2026-01-01T00:00:00.000Z",
    message,
    ...extra,
  });

  it("keeps fields and block types it does not know, as newer pi versions write them", () => {
    const message = {
      ...assistant("hi"),
      content: [
        { type: "text", text: "hi" },
        { type: "citation", source: "x" },
      ],
      newField: 1,
    };
    const parsed = parseEntry(entry(message, { label: "kept" }));
    expect(parsed).toEqual(entry(message, { label: "kept" }));
  });

  it("rejects a known block of the wrong shape, a message without a role, and a broken envelope", () => {
    expect(
      parseEntry(entry({ ...assistant("x"), content: [{ type: "toolCall", id: 1, name: "bash", arguments: {} }] })),
    ).toBeUndefined();
    expect(parseEntry(entry({ ...assistant("x"), content: [{ type: "text" }] }))).toBeUndefined();
    expect(parseEntry(entry({ content: "no role" }))).toBeUndefined();
    expect(parseEntry({ ...entry(user("x")), id: 7 })).toBeUndefined();
    expect(parseEntry(entry({ ...user("x"), timestamp: "soon" }))).toBeUndefined();
  });

  it("keeps messages of roles it does not send to the model (pi's bashExecution)", () => {
    const message = { role: "bashExecution", command: "ls", output: "" };
    expect(parseEntry(entry(message))).toEqual(entry(message));
  });
});

describe("a session holding model output gitclaw could not read before", () => {
  const toolCall = (args: unknown) =>
    assistant("", {
      content: [{ type: "toolCall", id: "toolu_1", name: "write", arguments: args as Record<string, unknown> }],
      stopReason: "toolUse",
    });

  it("loads tool calls whose arguments were stored as raw text, the conversation before them intact", () => {
    const session = SessionFile.create(tmp(), { cwd: "/w" });
    session.append({ type: "message", message: user("Please create a.txt") });
    // What earlier versions wrote for cut-off JSON arguments: a string where pi expects an object.
    session.append({ type: "message", message: toolCall('{"path":"a.txt","content":"hel') });
    session.append({ type: "message", message: user("and then?") });
    const loaded = SessionFile.load(session.path);
    expect(loaded.notes).toEqual([]);
    const messages = loaded.context().messages;
    expect(messages.map((m) => m.role)).toEqual(["user", "assistant", "user"]);
    expect(JSON.stringify(messages[0])).toContain("Please create a.txt");
    expect((messages[1] as AssistantMessage).content[0]).toMatchObject({
      arguments: { _rawArguments: '{"path":"a.txt","content":"hel' },
    });
  });

  it("keeps an unreadable line's place in the tree, a user's text in the conversation, and reports each line once", () => {
    const session = SessionFile.create(tmp(), { cwd: "/w" });
    const request = session.append({ type: "message", message: user("The original request") });
    // A user message of a shape nobody reads (content blocks without a type), and an entry that is junk.
    appendFileSync(
      session.path,
      `${JSON.stringify({ type: "message", id: "u2", parentId: request.id, timestamp: "2026-01-01T00:00:00Z", message: { role: "user", content: [{ text: "More detail" }] } })}\n`,
    );
    appendFileSync(
      session.path,
      `${JSON.stringify({ type: "message", id: "a1", parentId: "u2", timestamp: "2026-01-01T00:00:01Z", message: { role: "assistant", content: 7 } })}\n`,
    );
    const loaded = SessionFile.load(session.path);
    expect(loaded.notes.map((n) => [n.line, n.reported])).toEqual([
      [3, undefined],
      [4, undefined],
    ]);
    expect(loaded.notes[0]!.reason).toMatch(/its text is kept in the conversation/);
    loaded.append({ type: "message", message: user("Still there?") });
    const texts = loaded.context().messages.map((m) => JSON.stringify(m.content));
    expect(texts.join("|")).toMatch(/The original request.*More detail.*Still there\?/);

    loaded.append({ type: "custom", customType: "gitclaw.damaged_lines", data: { lines: [3, 4] } });
    expect(SessionFile.load(session.path).notes.every((note) => note.reported)).toBe(true);
  });
});

describe("the fast path for message entries", () => {
  const entry = (message: unknown, extra: object = {}) => ({
    type: "message",
    id: "a1",
    parentId: null,
    timestamp: "2026-01-01T00:00:00.000Z",
    message,
    ...extra,
  });
  const usage = emptyUsage();
  const call = { type: "toolCall", id: "t1", name: "bash", arguments: { command: "ls" } };
  const good = [
    entry(user("hi")),
    entry({ role: "user", content: "plain", timestamp: 1 }),
    entry(
      { role: "user", content: [{ type: "image", data: "AAAA", mimeType: "image/png" }], timestamp: 1 },
      { parentId: "a0", extra: true },
    ),
    entry(assistant("hi")),
    entry(
      assistant("", {
        content: [
          { type: "thinking", thinking: "hm", thinkingSignature: "sig" },
          call,
          { type: "future", x: 1 },
        ] as never,
        stopReason: "toolUse",
        errorMessage: "e",
      }),
    ),
    entry({
      role: "toolResult",
      toolCallId: "t1",
      toolName: "bash",
      content: [{ type: "text", text: "out" }],
      details: { exitCode: 0 },
      isError: false,
      timestamp: 3,
    }),
    entry({ role: "bashExecution", command: "ls" }),
  ];
  const bad = [
    entry({ role: "user", content: [{ type: "text" }], timestamp: 1 }),
    entry({ role: "user", content: "x" }),
    entry(assistant("", { content: [{ ...call, arguments: "{cut off" }] as never })),
    entry(assistant("", { content: [{ type: "text", text: 1 }] as never })),
    entry({ ...assistant("x"), stopReason: "done" }),
    entry({ ...assistant("x"), usage: { ...usage, cost: { ...usage.cost, total: "1" } } }),
    entry({ role: "toolResult", toolCallId: "t1", toolName: "bash", content: [], isError: "no", timestamp: 3 }),
    entry(user("hi"), { parentId: 7 }),
    entry(user("hi"), { id: undefined }),
    entry(null),
    { type: "model_change", id: "m", parentId: null, timestamp: "t", provider: "p", modelId: "m" },
  ];

  it("takes the entries gitclaw and pi write as they are, exactly as the schemas would", () => {
    for (const value of good) {
      expect(isKnownMessageEntry(value)).toBe(true);
      expect(parseEntryWithSchemas(value)).toEqual(value);
    }
  });

  it("leaves everything else to the schemas, which keep the final word", () => {
    for (const value of bad) {
      expect(isKnownMessageEntry(value)).toBe(false);
      expect(parseEntry(value)).toEqual(parseEntryWithSchemas(value));
    }
    // Arguments that are not an object are rewritten by the schema, not taken as they are.
    expect(parseEntry(bad[2])).toMatchObject({ message: { content: [{ arguments: { _rawArguments: "{cut off" } }] } });
  });
});
