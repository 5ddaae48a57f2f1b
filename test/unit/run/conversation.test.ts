// openConversation over committed state written by someone hostile: every mapping or session that
// would lead gitclaw to write outside state/sessions/, or to resume another issue's conversation,
// is refused with a notice and a new session, and no file outside state/sessions/ changes.
import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { openConversation } from "../../../src/run/conversation.ts";
import { CUSTOM } from "../../../src/session/custom.ts";
import { resolveSessionPath, writeMapping } from "../../../src/session/mapping.ts";
import { SessionError } from "../../../src/session/session-file.ts";

const header = (id: string) =>
  `${JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" })}\n`;
const userLine = (text: string) =>
  `${JSON.stringify({ type: "message", id: "u1", parentId: null, timestamp: "2026-01-01T00:00:01.000Z", message: { role: "user", content: [{ type: "text", text }], timestamp: 1 } })}\n`;
const claimLine = (issueNumber: number) =>
  `${JSON.stringify({ type: "custom", id: "c1", parentId: null, timestamp: "2026-01-01T00:00:00.500Z", customType: CUSTOM.issue, data: { issueNumber } })}\n`;

/** A repository and a folder beside it, with a valid session file in each place a mapping could name. */
function repoWith(files: Record<string, string>): { root: string; outside: string } {
  const base = mkdtempSync(join(tmpdir(), "gitclaw-conversation-"));
  const root = join(base, "repo");
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), content);
  }
  mkdirSync(join(root, "state", "sessions"), { recursive: true });
  writeFileSync(join(base, "outside.jsonl"), header("outside"));
  return { root, outside: base };
}

const mapTo = (root: string, issueNumber: number, sessionPath: string) =>
  writeMapping(root, { issueNumber, sessionPath, updatedAt: "t" });

/** Every file under `dir` but state/sessions/, with its content: what must not change. */
function snapshot(dir: string, root: string): Record<string, string> {
  const files = readdirSync(dir, { recursive: true, encoding: "utf8" }).map((name) => join(dir, name));
  const kept = files.filter(
    (path) => !relative(root, path).startsWith("state/sessions") && statSync(path, { throwIfNoEntry: false })?.isFile(),
  );
  return Object.fromEntries(kept.map((path) => [path, readFileSync(path, "utf8")]));
}

function refused(root: string, outside: string, issueNumber: number, notice: RegExp) {
  const before = snapshot(outside, root);
  const conversation = openConversation(root, issueNumber, { cwd: root });
  expect(conversation.mode).toBe("new");
  expect(conversation.notices).toEqual([expect.stringMatching(notice)]);
  expect(dirname(conversation.session.path)).toBe(join(root, "state", "sessions"));
  expect(conversation.session.artifactsDir).toBe(join(root, "state", "sessions", conversation.session.id));
  conversation.session.append({
    type: "message",
    message: { role: "user", content: [{ type: "text", text: "hi" }], timestamp: 1 },
  });
  expect(snapshot(outside, root)).toEqual(before);
  return conversation;
}

describe("a mapping that leads out of state/sessions/ is refused", () => {
  it.each([
    [
      "a file outside the repository",
      "../outside.jsonl",
      /"\.\.\/outside\.jsonl", which is not a \.jsonl file directly in state\/sessions\//,
    ],
    [
      "a committed file elsewhere in the repository",
      "docs/notes.jsonl",
      /"docs\/notes\.jsonl", which is not a \.jsonl file directly in state\/sessions\//,
    ],
    [
      "a path through state/sessions/ and back out",
      "state/sessions/../issues/9.jsonl",
      /which is not a \.jsonl file directly in state\/sessions\//,
    ],
    [
      "a folder below state/sessions/",
      "state/sessions/deeper/s.jsonl",
      /which is not a \.jsonl file directly in state\/sessions\//,
    ],
    [
      "a file that is not a session file",
      "state/sessions/notes.md",
      /which is not a \.jsonl file directly in state\/sessions\//,
    ],
  ])("%s", (_what, sessionPath, notice) => {
    const { root, outside } = repoWith({
      "docs/notes.jsonl": header("notes"),
      "state/sessions/deeper/s.jsonl": header("deep"),
      "state/issues/9.jsonl": header("x"),
    });
    mapTo(root, 7, sessionPath);
    refused(root, outside, 7, notice);
  });

  it("a session file that is a symbolic link out of state/sessions/", () => {
    const { root, outside } = repoWith({ "docs/notes.jsonl": header("notes") });
    symlinkSync("../../docs/notes.jsonl", join(root, "state/sessions/link.jsonl"));
    mapTo(root, 7, "state/sessions/link.jsonl");
    refused(root, outside, 7, /"state\/sessions\/link\.jsonl", which is a symbolic link or not a file/);
  });

  it("a session whose id would put its artifacts folder elsewhere", () => {
    const { root, outside } = repoWith({ "state/sessions/s.jsonl": header("../../.github/workflows") });
    mapTo(root, 7, "state/sessions/s.jsonl");
    refused(root, outside, 7, /the session id "\.\.\/\.\.\/\.github\/workflows" is not a plain name/);
  });

  it("a session whose artifacts folder is a symbolic link", () => {
    const { root, outside } = repoWith({
      "state/sessions/s.jsonl": header("abc"),
      ".github/workflows/ci.yml": "on: push\n",
    });
    symlinkSync("../../.github/workflows", join(root, "state/sessions/abc"));
    mapTo(root, 7, "state/sessions/s.jsonl");
    refused(
      root,
      outside,
      7,
      /state\/sessions\/abc, the artifacts folder of state\/sessions\/s\.jsonl, is a symbolic link/,
    );
  });

  it("a mapping file that is a symbolic link, or names another issue", () => {
    const { root, outside } = repoWith({
      "docs/map.json": JSON.stringify({ issueNumber: 7, sessionPath: "../outside.jsonl", updatedAt: "t" }),
    });
    mkdirSync(join(root, "state/issues"), { recursive: true });
    symlinkSync("../../docs/map.json", join(root, "state/issues/7.json"));
    refused(root, outside, 7, /state\/issues\/7\.json is a symbolic link or not a file/);
    writeFileSync(
      join(root, "state/issues/8.json"),
      JSON.stringify({ issueNumber: 9, sessionPath: "state/sessions/x.jsonl", updatedAt: "t" }),
    );
    refused(root, outside, 8, /state\/issues\/8\.json says it is issue 9's/);
  });

  it.each(["state", "state/sessions", "state/issues"])(
    "%s being a symbolic link stops the run with what to do",
    (folder) => {
      const { root } = repoWith({ "elsewhere/keep.txt": "x" });
      const target = join(root, "elsewhere");
      rmSync(join(root, folder), { recursive: true, force: true });
      symlinkSync(target, join(root, folder));
      expect(() => openConversation(root, 7, { cwd: root })).toThrow(SessionError);
      expect(() => openConversation(root, 7, { cwd: root })).toThrow(
        `${folder} is a symbolic link; gitclaw keeps conversations only in real folders under state/`,
      );
      expect(readdirSync(target)).toEqual(["keep.txt"]);
    },
  );
});

describe("a mapping inside state/sessions/", () => {
  it("resolves from a repository given by a relative path too", () => {
    const { root } = repoWith({ "state/sessions/s.jsonl": header("abc") });
    const mapping = { issueNumber: 7, sessionPath: "state/sessions/s.jsonl", updatedAt: "t" };
    expect(resolveSessionPath(relative(process.cwd(), root), mapping)).toBe(join(root, "state/sessions/s.jsonl"));
  });
});

describe("a session belongs to one issue", () => {
  it("refuses another issue's session, by the issue it records", () => {
    const { root, outside } = repoWith({
      "state/sessions/85.jsonl": header("s85") + claimLine(85) + userLine("issue 85's secret plan"),
    });
    mapTo(root, 84, "state/sessions/85.jsonl");
    const conversation = refused(
      root,
      outside,
      84,
      /points at state\/sessions\/85\.jsonl, the conversation of issue #85; a session belongs to one issue/,
    );
    expect(JSON.stringify(conversation.session.context())).not.toContain("secret plan");
    expect(readFileSync(join(root, "state/sessions/85.jsonl"), "utf8")).not.toContain("hi");
  });

  it("refuses a session that records no issue when another issue's mapping names it", () => {
    const { root, outside } = repoWith({
      "state/sessions/85.jsonl": header("s85") + userLine("issue 85's secret plan"),
    });
    mapTo(root, 85, "state/sessions/85.jsonl");
    mapTo(root, 84, "state/sessions/85.jsonl");
    refused(root, outside, 84, /the conversation of issue #85/);
  });

  it("resumes its own session, and records the issue in one that did not say (written by pi)", () => {
    const { root } = repoWith({ "state/sessions/7.jsonl": header("s7") + userLine("earlier") });
    mapTo(root, 7, "state/sessions/7.jsonl");
    const first = openConversation(root, 7, { cwd: root });
    expect(first).toMatchObject({ mode: "resume", notices: [] });
    expect(first.session.entries.at(-1)).toMatchObject({
      type: "custom",
      customType: CUSTOM.issue,
      data: { issueNumber: 7 },
    });
    const second = openConversation(root, 7, { cwd: root });
    expect(second.session.entries.filter((e) => e.type === "custom")).toHaveLength(1);
  });

  it("records the issue in every new session", () => {
    const { root } = repoWith({});
    const { session } = openConversation(root, 3, { cwd: root });
    expect(session.entries).toEqual([
      expect.objectContaining({ type: "custom", customType: CUSTOM.issue, data: { issueNumber: 3 } }),
    ]);
  });
});
