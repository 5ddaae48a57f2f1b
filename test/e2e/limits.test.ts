// Failures and sizes at GitHub's and the model API's limits: retries that succeed, retries that run
// out (a clear reply, the session kept), issue bodies at GitHub's maximum, replies over it.
import { describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, sessionLines, useWorld } from "./support.ts";

const world = useWorld();
const target = { owner: OWNER, repo: REPO };
const replies = (issue: number) => world.gh.comments(issue).filter((c) => c.body?.includes(REPLY_MARKER));

describe("model API failures", () => {
  it("retries 429 and 529 answers, honouring retry-after, then succeeds", async () => {
    const issue = world.gh.createIssue({ title: "Flaky model", body: "x", user: "alice" });
    world.model.script([
      { error: { status: 429, retryAfter: 1 } },
      { error: { status: 529, retryAfter: 0 } },
      { text: "Made it." },
    ]);
    const before = world.model.requests.length;
    const started = Date.now();
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.model.requests.length - before).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
    expect(replies(issue.number).at(-1)!.body).toContain("Made it.");
  });

  it("after the last retry replies with the failure and keeps the session", async () => {
    const issue = world.gh.createIssue({ title: "Dead model", body: "x", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "before-failure.txt", content: "kept\n" } }] },
      ...Array.from({ length: 4 }, () => ({ error: { status: 529, message: "Overloaded", retryAfter: 0 } })),
    ]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    // A failed run fails its job: the stage's exit code says so, and the backstop sees the reply.
    expect(run.stages.agent!.exitCode, run.logs).toBe(1);
    expect(run.status).toBe("failure");
    expect(run.stages.cleanup!.stdout).toMatch(/a reply exists/);
    const reply = replies(issue.number).at(-1)!.body!;
    expect(reply).toMatch(
      /The run failed: model API error 529: Overloaded\. Everything done so far is saved; comment to try again\./,
    );
    expect(await world.onOrigin("before-failure.txt")).toBe("kept\n");
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const last = sessionLines(await world.onOrigin(mapping.sessionPath))
      .filter((l) => l.type === "message")
      .at(-1)!;
    expect(last.message).toMatchObject({
      role: "assistant",
      stopReason: "error",
      errorMessage: "model API error 529: Overloaded",
    });
  });
});

describe("GitHub API failures", () => {
  it("the guard fails closed when the permission check errors", async () => {
    const issue = world.gh.createIssue({ title: "Flaky permission", body: "x", user: "alice" });
    world.gh.failNext({ method: "GET", path: /\/collaborators\/alice\/permission$/, status: 502, times: 1 });
    const models = world.model.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.proceed).toBe(false);
    expect(run.stages.guard!.stdout).toMatch(
      /could not check alice's permission \(the collaborator-permission API answered 502.*\); failing closed/,
    );
    expect(world.model.requests.length).toBe(models);
  });

  it("retries GitHub 5xx answers and rate limits through Octokit and still replies", async () => {
    const issue = world.gh.createIssue({ title: "Flaky GitHub", body: "x", user: "alice" });
    world.gh.failNext({ method: "POST", path: new RegExp(`/issues/${issue.number}/comments$`), status: 503, times: 1 });
    // Then the retried reply hits a secondary rate limit (faults are taken in the order given).
    world.gh.failNext({
      method: "POST",
      path: new RegExp(`/issues/${issue.number}/comments$`),
      status: 403,
      body: { message: "You have exceeded a secondary rate limit" },
      headers: { "retry-after": "1" },
      times: 1,
    });
    world.model.script([{ text: "Despite GitHub." }]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(run.logs).toMatch(/secondary rate limit/);
    expect(replies(issue.number)).toHaveLength(1);
    expect(replies(issue.number)[0]!.body).toContain("Despite GitHub.");
  });
});

describe("sizes at GitHub's limits", () => {
  it("takes an issue body of 65,536 characters and splits a reply longer than a comment, in order", async () => {
    const body = `${"Please read all of this. ".repeat(2730)}END`.slice(0, 65_536);
    const issue = world.gh.createIssue({ title: "Huge", body, user: "alice" });
    const answer = Array.from(
      { length: 40 },
      (_, i) => `## Section ${i}\n\n${"All good here. ".repeat(300).trim()}`,
    ).join("\n\n");
    world.model.script([{ text: answer }]);
    const before = world.model.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(JSON.stringify(world.model.requests[before]!.body)).toContain(body.slice(-200));
    const parts = replies(issue.number);
    expect(parts.length).toBeGreaterThanOrEqual(3);
    parts.forEach((p, i) => {
      expect(p.body!.length).toBeLessThanOrEqual(65_536);
      expect(p.body).toMatch(new RegExp(`^\\*\\(part ${i + 1} of ${parts.length}\\)\\*`));
    });
    const text = parts
      .map((p) => p.body!.replace(/^\*\(part \d+ of \d+\)\*\n\n/, "").replace(`\n${REPLY_MARKER}`, ""))
      .join("");
    const firstDifference = [...answer].findIndex((ch, i) => text[i] !== ch);
    expect(firstDifference, text.slice(Math.max(0, firstDifference - 50), firstDifference + 50)).toBe(-1);
  });
});
