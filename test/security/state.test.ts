// "Committed state": whoever can commit (write access, or a merged pull request) writes state/. It
// must not steer where gitclaw writes, nor which conversation it resumes: a session id that names a
// folder elsewhere, a mapping that leads out of state/sessions/, a mapping to another issue's
// session. Each run refuses, says so in the reply, and starts a new session.
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { git } from "../support/git-repo.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, useWorld } from "../e2e/support.ts";

const world = useWorld();
const target = { owner: OWNER, repo: REPO };
const header = (id: string) =>
  `${JSON.stringify({ type: "session", version: 3, id, timestamp: "2026-01-01T00:00:00.000Z", cwd: "/w" })}\n`;
const mapping = (issueNumber: number, sessionPath: string) =>
  JSON.stringify({ issueNumber, sessionPath, updatedAt: "2026-01-01T00:00:00.000Z" });

/** A checkout with `files` committed and pushed to origin, as a collaborator or a merged PR would leave them. */
async function committed(files: Record<string, string>): Promise<string> {
  const workspace = await world.checkout();
  for (const [path, content] of Object.entries(files)) {
    await Bun.write(join(workspace, path), content);
    await git(workspace, "add", path);
  }
  await git(workspace, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "state written by hand");
  await git(workspace, "push", "-q", "origin", "HEAD:main");
  return workspace;
}

/** A comment on issue `n` by alice, run in `workspace`; returns the reply gitclaw posted. */
async function commentOn(n: number, workspace: string): Promise<string> {
  const comment = world.gh.addComment(n, { body: "Carry on.", user: "alice" });
  const run = await world.run(
    "issue_comment",
    issueCommentCreatedPayload({ ...target, issue: world.gh.issue(n), comment }),
    { workspace },
  );
  expect(run.stages.agent?.exitCode, run.logs).toBe(0);
  return world.gh.comments(n).at(-1)!.body ?? "";
}

/** The mapping gitclaw committed for issue `n`, and its session file's first lines. */
async function landedSession(n: number): Promise<{ sessionPath: string; text: string }> {
  const { sessionPath } = JSON.parse(await world.onOrigin(`state/issues/${n}.json`)) as { sessionPath: string };
  return { sessionPath, text: await world.onOrigin(sessionPath) };
}

describe("paths taken from committed state stay in state/sessions/", () => {
  it("a session id naming .github/workflows does not make that folder the run's own", async () => {
    const n = world.gh.createIssue({ title: "Tidy up", body: "Clean the repository.", user: "alice" }).number;
    const workspace = await committed({
      "state/sessions/s.jsonl": header("../../.github/workflows"),
      [`state/issues/${n}.json`]: mapping(n, "state/sessions/s.jsonl"),
    });
    world.model.script([
      {
        toolCalls: [
          {
            name: "bash",
            input: { command: "mkdir -p .github/workflows && echo 'on: push' > .github/workflows/evil.yml" },
          },
        ],
      },
      { text: "Done." },
    ]);

    const reply = await commentOn(n, workspace);

    await expect(world.onOrigin(".github/workflows/evil.yml")).rejects.toThrow();
    expect(reply).toContain('the session id "../../.github/workflows" is not a plain name');
    expect(reply).toContain("Started a new session");
    expect((await landedSession(n)).sessionPath).toMatch(/^state\/sessions\/[^/]+\.jsonl$/);
  });

  it("a mapping naming a committed file elsewhere, or a file outside the repository, is not appended to", async () => {
    for (const sessionPath of ["docs/notes.jsonl", "../outside.jsonl"]) {
      const n = world.gh.createIssue({ title: "Notes", body: "Keep notes.", user: "alice" }).number;
      const workspace = await committed({
        "docs/notes.jsonl": header("notes"),
        [`state/issues/${n}.json`]: mapping(n, sessionPath),
      });
      const outside = join(dirname(workspace), "outside.jsonl");
      writeFileSync(outside, header("outside"));
      world.model.script([{ text: "Noted." }]);

      const reply = await commentOn(n, workspace);

      expect(await world.onOrigin("docs/notes.jsonl")).toBe(header("notes"));
      expect(readFileSync(outside, "utf8")).toBe(header("outside"));
      expect(reply).toContain(
        `names the session ${JSON.stringify(sessionPath)}, which is not a .jsonl file directly in state/sessions/`,
      );
      expect((await landedSession(n)).text).toContain("Carry on.");
    }
  });
});

describe("a session belongs to one issue", () => {
  it("a mapping pointing at another issue's session does not send that conversation to the model", async () => {
    const private85 = world.gh.createIssue({
      title: "Rotate the keys",
      body: "ISSUE-85-ONLY: the staging password is in vault/staging.",
      user: "alice",
    });
    world.model.script([{ text: "Rotated." }]);
    const first = await world.run("issues", issueOpenedPayload({ ...target, issue: private85 }));
    expect(first.stages.agent?.exitCode, first.logs).toBe(0);
    const session85 = await landedSession(private85.number);

    const n = world.gh.createIssue({ title: "Unrelated", body: "Something else.", user: "alice" }).number;
    const workspace = await committed({ [`state/issues/${n}.json`]: mapping(n, session85.sessionPath) });
    const before = world.model.requests.length;
    world.model.script([{ text: "Answered." }]);

    const reply = await commentOn(n, workspace);

    expect(JSON.stringify(world.model.requests.slice(before).map((r) => r.body))).not.toContain("ISSUE-85-ONLY");
    expect(reply).toContain(
      `points at ${session85.sessionPath}, the conversation of issue #${private85.number}; a session belongs to one issue`,
    );
    expect(await world.onOrigin(session85.sessionPath)).toBe(session85.text);
    expect((await landedSession(n)).sessionPath).not.toBe(session85.sessionPath);
  });
});
