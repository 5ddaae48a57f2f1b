// Cancel (the Cancel button, or timeout-minutes) exactly as a GitHub-hosted runner does it: SIGINT to
// the step's process, SIGTERM 7.5 s later, the whole tree killed 2.5 s after that. The agent hears the
// first signal, stops, commits and pushes what was done, and replies once; the backstop stays quiet.
// Killed outright between creating the progress comment and recording its id, the run still leaves
// one comment: the backstop finds the progress comment by its marker and turns it into the notice.
import { describe, expect, it } from "vitest";
import type { Turn } from "../support/fake-model.ts";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload, reviewCommentCreatedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, OWNER, REPO, useWorld } from "./support.ts";

const world = useWorld();
const target = { owner: OWNER, repo: REPO };

const CASES: { name: string; turns: Turn[]; turnsDone: number }[] = [
  {
    name: "mid model stream",
    turns: [
      { toolCalls: [{ name: "write", input: { path: "partial-stream.txt", content: "work so far\n" } }] },
      { text: "never finished", hang: true },
    ],
    turnsDone: 2,
  },
  {
    name: "mid tool, a command that ignores SIGTERM",
    turns: [
      { toolCalls: [{ name: "write", input: { path: "partial-tool.txt", content: "work so far\n" } }] },
      { toolCalls: [{ name: "bash", input: { command: "trap '' TERM INT; echo started; sleep 60" } }] },
    ],
    turnsDone: 2,
  },
];

describe.each(CASES)("a run cancelled $name", ({ turns, turnsDone }) => {
  it("lands the session and the partial work on origin and replies exactly once", async () => {
    const issue = world.gh.createIssue({ title: "Cancel me", body: "long task", user: "alice" });
    world.model.script(turns);
    const requests = world.model.requests.length;
    const running = world.start("issues", issueOpenedPayload({ ...target, issue }));
    while (world.model.requests.length < requests + turnsDone) await Bun.sleep(20);
    await Bun.sleep(300);
    running.cancel();
    const run = await running.result;

    expect(run.status).toBe("cancelled");
    // It was done before the runner's second signal: SIGINT was all it took.
    expect(run.stages.agent!.signals).toEqual(["SIGINT"]);
    expect(run.stages.agent!.stdout).toMatch(/received SIGINT/);
    const path = turns[0]!.toolCalls![0]!.input as { path: string };
    expect(await world.onOrigin(path.path)).toBe("work so far\n");
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    expect(await world.onOrigin(mapping.sessionPath)).toContain("long task");

    const comments = world.gh.comments(issue.number);
    expect(comments, run.logs).toHaveLength(1);
    expect(comments[0]!.body).toMatch(
      /Cancelled after \d+s, 2 turns\. Everything done so far is saved; comment to continue\./,
    );
    expect(run.stages.cleanup!.stdout).toMatch(/a reply exists/);
    expect(world.gh.reactions({ issue: issue.number })).toEqual([]);
  });
});

// Last in the file: it leaves origin's configuration with no progress delay.
describe("a run killed right after its progress comment was created, before its id was recorded", () => {
  it("leaves one comment: the progress comment, turned into the failure notice", async () => {
    const workspace = await checkoutWithConfig(world, { progress: { delaySeconds: 0 } });
    const issue = world.gh.createIssue({ title: "Kill me early", body: "long task", user: "alice" });
    const before = world.gh.requests.length;
    // The agent dies (SIGKILL, no handler runs) the moment GitHub answered the comment's creation.
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      workspace,
      env: { GITCLAW_FAULT: "after-progress-comment" },
    });
    expect(run.proceed).toBe(true);
    expect(run.stages.agent!.exitCode).not.toBe(0);
    expect(run.stages.cleanup!.exitCode, run.logs).toBe(0);

    const created = world.gh.requests
      .slice(before)
      .filter((r) => r.method === "POST" && r.path.endsWith(`/issues/${issue.number}/comments`));
    expect(created.map((r) => (r.body as { body: string }).body)).toEqual([
      expect.stringContaining("gitclaw is working…"),
    ]);
    const comments = world.gh.comments(issue.number);
    expect(comments, run.logs).toHaveLength(1);
    expect(comments[0]!.body).toMatch(/^gitclaw stopped before it could reply: the job failed/);
    expect(comments[0]!.body).not.toContain("gitclaw is working");
    expect(world.gh.reactions({ issue: issue.number })).toEqual([]);
  });

  it("in a review thread too: the reply there is the notice, nothing on the pull request", async () => {
    const author = await world.repo.clone("author-early");
    await git(author, "checkout", "-q", "-b", "early");
    const head = await commitFile(author, "early.ts", "export const early = 1;\n", "Add early.ts");
    await git(author, "push", "-q", "origin", "early");
    const pr = world.gh.createPullRequest({
      title: "Early",
      body: "x",
      user: "alice",
      head: { ref: "early", sha: head },
    });
    const comment = world.gh.addReviewComment(pr.number, {
      body: "@gitclaw make it 2",
      user: "alice",
      path: "early.ts",
      line: 1,
      diffHunk: "@@ -0,0 +1 @@\n+export const early = 1;",
    });
    const payload = reviewCommentCreatedPayload({ ...target, issue: world.gh.issue(pr.number), pull: pr, comment });
    const run = await world.run("pull_request_review_comment", payload, {
      env: { GITCLAW_FAULT: "after-progress-comment" },
    });
    expect(run.proceed, run.logs).toBe(true);
    expect(run.stages.agent!.exitCode).not.toBe(0);

    const [thread] = world.gh.reviewThreads(pr.number).filter((t) => t.root === comment.id);
    expect(thread!.comments, run.logs).toHaveLength(2);
    expect(thread!.comments[1]!.body).toMatch(/^gitclaw stopped before it could reply: the job failed/);
    expect(world.gh.comments(pr.number)).toEqual([]);
  });
});
