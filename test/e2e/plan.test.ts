// Plan first, act after approval (#42), end to end with the sandbox on: a run asked for a plan
// (`@gitclaw plan`, or trigger.plan "on-label" and the label) is read-only — write refused, a
// command cannot write the workspace (its view is mounted read-only), the tools' own commits are
// not taken — and commits nothing but the conversation; its outcome is awaiting_approval. `/approve`
// from someone with write access carries the plan out in the same session with every tool; one in a
// quote or code, from an outsider or from a bot is no approval, and the plan stays read-only.
import { chmodSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResultTexts } from "../support/fake-model.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, useWorld, runRecorded, systemPrompt } from "./support.ts";

const world = useWorld(
  [
    { login: "alice", permission: "write" },
    { login: "eve", permission: "read" },
    { login: "deploy-bot[bot]", permission: "write" },
  ],
  { ".github/gitclaw.json": JSON.stringify({ trigger: { plan: "on-label", planLabel: "needs-plan" } }) },
);
beforeAll(() => {
  mkdirSync(SHARED);
  chmodSync(SHARED, 0o777);
});
afterAll(() => rmSync(SHARED, { recursive: true, force: true }));

const target = { owner: OWNER, repo: REPO };
const comment = (number: number, body: string, user: string) => {
  const added = world.gh.addComment(number, { body, user });
  return issueCommentCreatedPayload({ ...target, issue: world.gh.issue(number), comment: added });
};
const mapping = async (number: number) =>
  JSON.parse(await world.onOrigin(`state/issues/${number}.json`)) as { sessionPath: string };
/** The files the newest commit on origin's main changed. */
const lastCommitFiles = async () =>
  (await world.repo.originGit("show", "--name-only", "--format=", "main")).trim().split("\n");
const exists = (path: string) =>
  world.onOrigin(path).then(
    () => true,
    () => false,
  );

/**
 * Where a plan run's command leaves temporary files, which the run's end discards: at the top of the
 * temp folders, in a folder of its own, and in a folder of another owner's that anyone may write.
 */
const PROBE = `plan-probe-${process.pid}`;
const SHARED = `/tmp/${PROBE}-shared`;
const TEMP_FILES = [`/tmp/${PROBE}`, `/var/tmp/${PROBE}`, `/tmp/${PROBE}-dir/sub/file`, `${SHARED}/left/file`];

/** A plan run that tries every way of writing: write, a command in the workspace, a commit of the tools' git. */
const WRITE_ATTEMPTS = [
  { toolCalls: [{ name: "write", input: { path: "hello.txt", content: "hi\n" } }] },
  {
    toolCalls: [
      {
        name: "bash",
        input: {
          command:
            "echo hi > hello.txt; echo $?; touch src-new.txt; echo $?; git commit -q --allow-empty -m sneaky; echo commit $?; " +
            `mkdir -p /tmp/${PROBE}-dir/sub ${SHARED}/left && touch ${TEMP_FILES.join(" ")} && ls ${TEMP_FILES.join(" ")} | wc -l`,
        },
      },
    ],
  },
];

describe("plan first, act after approval", () => {
  it("writes nothing in a plan run, then /approve carries the plan out in the same session", async () => {
    const issue = world.gh.createIssue({ title: "Hello", body: "@gitclaw plan\n\nAdd hello.txt.", user: "alice" });
    world.model.script([...WRITE_ATTEMPTS, { text: "Plan: 1. add hello.txt saying hi. 2. check it." }]);
    const planned = await runRecorded(world, "issues", issueOpenedPayload({ ...target, issue }));

    expect(planned.run.stages.agent!.exitCode, planned.run.logs).toBe(0);
    expect(planned.run.stages.agent!.outputs.outcome).toBe("awaiting_approval");
    expect(systemPrompt(planned.requests[0]!)).toContain("This run is read-only");
    const results = toolResultTexts(planned.requests.at(-1)!);
    expect(results[0]).toBe("write is refused: this run is a plan awaiting approval (/approve carries it out).");
    expect(results[1]).toMatch(/Read-only file system/);
    expect(results[1]).not.toMatch(/^0$/m);
    // Its temporary files were there while it ran, and are gone.
    expect(results[1]).toMatch(/^4$/m);
    for (const path of TEMP_FILES) expect(existsSync(path), path).toBe(false);
    expect(existsSync(`/tmp/${PROBE}-dir`)).toBe(false);
    expect(existsSync(`${SHARED}/left`)).toBe(false);
    expect(existsSync(SHARED)).toBe(true);
    // Nothing but the conversation reached origin: no file, no commit of the tools' git.
    expect(await exists("hello.txt")).toBe(false);
    expect(await exists("src-new.txt")).toBe(false);
    expect((await lastCommitFiles()).every((path) => path.startsWith("state/"))).toBe(true);
    expect(await world.repo.originGit("log", "--format=%s", "main")).not.toContain("sneaky");
    const reply = world.gh.comments(issue.number).at(-1)?.body ?? "";
    expect(reply).toContain("Plan: 1. add hello.txt");
    expect(reply).toContain("This is a plan: nothing was changed. Comment `/approve`");
    const session = (await mapping(issue.number)).sessionPath;

    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "hello.txt", content: "hi\n" } }] },
      { text: "Done: hello.txt added." },
    ]);
    const approved = await runRecorded(world, "issue_comment", comment(issue.number, "/approve", "alice"));

    expect(approved.run.stages.agent!.exitCode, approved.run.logs).toBe(0);
    expect(approved.run.stages.agent!.outputs.outcome).toBe("done");
    const prompt = systemPrompt(approved.requests[0]!);
    expect(prompt).toContain("@alice approved your plan: carry it out now, with every tool.");
    expect(prompt).not.toContain("This run is read-only");
    // The same session: the plan run's turns are in this request's messages.
    expect(JSON.stringify(approved.requests[0]!.messages)).toContain("Plan: 1. add hello.txt saying hi.");
    expect((await mapping(issue.number)).sessionPath).toBe(session);
    expect(await world.onOrigin("hello.txt")).toBe("hi\n");
  });

  it("is asked for by the label; a quoted or coded /approve, an outsider's or a bot's is no approval", async () => {
    const issue = world.gh.createIssue({
      title: "Refactor",
      body: "Split utils.",
      user: "alice",
      labels: ["needs-plan"],
    });
    world.model.script([{ text: "Plan: split utils into two files." }]);
    const planned = await runRecorded(world, "issues", issueOpenedPayload({ ...target, issue }));
    expect(planned.run.stages.agent!.outputs.outcome, planned.run.logs).toBe("awaiting_approval");

    world.gh.addComment(issue.number, { body: "/approve", user: "eve" });
    // Written before the plan was made (as while the plan run still ran): it approves nothing.
    world.gh.addComment(issue.number, { body: "/approve", user: "alice", createdAt: "2020-01-01T00:00:00Z" });
    world.gh.addComment(issue.number, { body: "/approve", user: "deploy-bot[bot]" });
    const quoted =
      "> /approve\n\nNot yet: write `/approve` when ready, and\n\n```\n/approve\n```\n\nkeep the old name too.";
    world.model.script([...WRITE_ATTEMPTS, { text: "Revised plan: keep the old name as a re-export." }]);
    const revised = await runRecorded(world, "issue_comment", comment(issue.number, quoted, "alice"));

    expect(revised.run.stages.agent!.exitCode, revised.run.logs).toBe(0);
    expect(revised.run.stages.agent!.outputs.outcome).toBe("awaiting_approval");
    const results = toolResultTexts(revised.requests.at(-1)!);
    expect(results.at(-2)).toMatch(/^write is refused/);
    expect(results.at(-1)).toMatch(/Read-only file system/);
    expect(await exists("hello.txt")).toBe(true); // the first test's, untouched
    expect((await lastCommitFiles()).every((path) => path.startsWith("state/"))).toBe(true);
    expect(systemPrompt(revised.requests[0]!)).not.toContain("approved your plan");
  });

  it("is not asked for by an outsider's @gitclaw plan, nor by one in a quote", async () => {
    const issue = world.gh.createIssue({ title: "Typo", body: "Fix the typo in README.", user: "alice" });
    world.gh.addComment(issue.number, { body: "@gitclaw plan first, please", user: "eve" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "typo.txt", content: "fixed\n" } }] },
      { text: "Fixed." },
    ]);
    const ask = "> @gitclaw plan first, please\n\nNo plan needed: go ahead.";
    const run = await runRecorded(world, "issue_comment", comment(issue.number, ask, "alice"));

    expect(run.run.stages.agent!.exitCode, run.run.logs).toBe(0);
    expect(run.run.stages.agent!.outputs.outcome).toBe("done");
    expect(systemPrompt(run.requests[0]!)).not.toContain("This run is read-only");
    expect(await world.onOrigin("typo.txt")).toBe("fixed\n");
  });
});
