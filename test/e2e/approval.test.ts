// A human in the merge loop (approvals.required), end to end: gitclaw's pull request for an issue
// carries the commit status gitclaw/approval on its head, pending until enough people with write
// access who did not ask for the work approve that head, by review or by `/approve <sha>`; a new
// push makes it pending again. gitclaw never approves.
import { describe, expect, it } from "vitest";
import { issueCommentCreatedPayload, issueOpenedPayload, reviewSubmittedPayload } from "../support/payloads.ts";
import type { RestReview, StatusRecord } from "../support/github-emulator.ts";
import { checkoutWithConfig, OWNER, pullRequestAdding, REPO, useWorld } from "./support.ts";

const world = useWorld([
  { login: "alice", permission: "write" },
  { login: "bob", permission: "write" },
  { login: "carol", permission: "admin" },
  { login: "rita", permission: "read" },
]);
const target = { owner: OWNER, repo: REPO };
const CONTEXT = "gitclaw/approval";

describe("approvals.required: the gitclaw/approval status", () => {
  let issueNumber: number;
  let pullNumber: number;
  let firstHead: string;
  const head = () => world.gh.pullRequest(pullNumber).head.sha;
  const approval = (sha = head()): StatusRecord | undefined =>
    world.gh.commitStatuses(sha).find((status) => status.context === CONTEXT);
  const onReview = (review: RestReview) =>
    world.run(
      "pull_request_review",
      reviewSubmittedPayload({
        ...target,
        issue: world.gh.issue(pullNumber),
        pull: world.gh.pullRequest(pullNumber),
        review,
      }),
    );
  const onComment = (body: string, user: string) => {
    const comment = world.gh.addComment(pullNumber, { body, user });
    return world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(pullNumber), comment }),
    );
  };

  it("is pending on the head of the pull request gitclaw opened", async () => {
    await checkoutWithConfig(world, { delivery: "pull-request", approvals: { required: 2 } });
    world.gh.addUser({ login: "ci-bot", type: "Bot", permission: "write" });
    const issue = world.gh.createIssue({ title: "Add a greeting", body: "Please add hello.txt.", user: "alice" });
    issueNumber = issue.number;
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "hello.txt", content: "hello\n" } }] },
      { text: "Added hello.txt." },
    ]);

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    pullNumber = issueNumber + 1;
    expect(world.gh.pullRequest(pullNumber).head.ref).toBe(`gitclaw/issue-${issueNumber}`);
    firstHead = head();
    expect(approval()).toMatchObject({
      state: "pending",
      description: `Needs 2 approvals of ${firstHead.slice(0, 7)} by someone with write access who did not ask for it`,
      targetUrl: expect.stringContaining("/actions/runs/"),
    });
    // gitclaw never approves.
    expect(world.gh.requests.filter((r) => r.path.endsWith("/reviews") && r.method === "POST")).toEqual([]);
    expect(world.gh.violations).toEqual([]);
  });

  it("does not count the requester, a bot, a read-only user, a deleted account or an older head", async () => {
    const older = await world.repo.originGit("rev-parse", `${firstHead}~1`);
    const reviews = [
      world.gh.addReview(pullNumber, { user: "alice", state: "APPROVED", commitId: firstHead }).review,
      world.gh.addReview(pullNumber, { user: "ci-bot", state: "APPROVED", commitId: firstHead }).review,
      world.gh.addReview(pullNumber, { user: "bob", state: "APPROVED", commitId: older }).review,
      world.gh.addReview(pullNumber, { user: "rita", state: "APPROVED", commitId: firstHead }).review,
    ];
    // A deleted account's approval, as GitHub lists it: no user.
    const ghost = { ...reviews[3]!, id: reviews[3]!.id + 100_000, user: null };
    world.gh.failNext({ method: "GET", path: /\/pulls\/\d+\/reviews$/, status: 200, body: [...reviews, ghost] });

    const before = world.gh.requests.length;

    const run = await onReview(reviews[3]!);

    expect(run.stages.approval?.exitCode, run.logs).toBe(0);
    // The list with the deleted account's review was read, and did not stop the step.
    const listed = world.gh.requests.slice(before).filter((r) => r.method === "GET" && r.path.endsWith("/reviews"));
    expect(listed).toHaveLength(1);
    expect(run.proceed).toBe(false);
    expect(approval()).toMatchObject({ state: "pending", description: expect.stringMatching(/^Needs 2 approvals/) });
    expect(run.logs).toMatch(/not counted as approvers: .*alice/);
    expect(world.gh.violations).toEqual([]);
  });

  it("does not count /approve in a quote or in code, nor one naming another commit", async () => {
    const short = head().slice(0, 7);
    world.gh.addComment(pullNumber, { body: `> /approve ${short}\n\nQuoting the instructions.`, user: "bob" });
    world.gh.addComment(pullNumber, { body: `Write \`/approve ${short}\` to approve.`, user: "bob" });
    world.gh.addComment(pullNumber, { body: `\`\`\`\n/approve ${short}\n\`\`\``, user: "bob" });
    world.model.script([]);

    const older = await world.repo.originGit("rev-parse", `${head()}~1`);

    const run = await onComment(`/approve ${older.slice(0, 7)}`, "bob");

    // Only an approval: the agent is not asked anything.
    expect(run.proceed, run.logs).toBe(false);
    expect(run.stages.approval?.exitCode, run.logs).toBe(0);
    expect(approval()).toMatchObject({ state: "pending", description: expect.stringMatching(/^Needs 2 approvals/) });
  });

  it("counts an APPROVED review of the head by someone else with write access", async () => {
    const { review } = world.gh.addReview(pullNumber, { user: "bob", state: "APPROVED", commitId: head() });
    // Without statuses: write, GitHub refuses: the step fails and says why; the next event sets it.
    const refusal = { message: "Resource not accessible by integration", documentation_url: "https://docs.github.com" };
    world.gh.failNext({ method: "POST", path: /\/statuses\//, status: 403, body: refusal });
    const refused = await onReview(review);
    expect(refused.stages.approval?.exitCode).toBe(1);
    expect(refused.status).toBe("failure");
    expect(refused.logs).toContain(
      "could not update the approval status: the commit-status API answered 403 Resource not accessible by integration",
    );
    expect(approval()).toMatchObject({ state: "pending", description: expect.stringMatching(/^Needs 2 approvals/) });

    const run = await onReview(review);

    expect(run.stages.approval?.exitCode, run.logs).toBe(0);
    expect(approval()).toMatchObject({
      state: "pending",
      description: `1 of 2 approvals of ${head().slice(0, 7)}: @bob`,
    });
  });

  it("succeeds once /approve <sha> of the head brings the number, naming who approved", async () => {
    const replies = world.gh.comments(pullNumber).length;

    const run = await onComment(`/approve ${head().slice(0, 10)}`, "carol");

    expect(run.proceed, run.logs).toBe(false);
    expect(approval()).toMatchObject({ state: "success", description: "Approved by @bob, @carol" });
    // The status alone answers: no comment.
    expect(world.gh.comments(pullNumber)).toHaveLength(replies + 1);
    expect(world.gh.violations).toEqual([]);
  });

  it("is pending again on the head of gitclaw's next push", async () => {
    const approved = head();
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "bye.txt", content: "bye\n" } }] },
      { text: "Added bye.txt." },
    ]);

    const run = await onComment("Please add bye.txt too.", "alice");

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(head()).not.toBe(approved);
    expect(approval(approved)).toMatchObject({ state: "success" });
    expect(approval()).toMatchObject({ state: "pending", description: expect.stringMatching(/^Needs 2 approvals/) });
    expect(world.gh.violations).toEqual([]);
  });
});

describe("approvals.required on someone's pull request gitclaw pushed to", () => {
  it("is pending after gitclaw's push; neither its author nor who asked counts", async () => {
    const pr = await pullRequestAdding(world, "feature", { "a.txt": "a\n" });
    expect(world.gh.commitStatuses(pr.head.sha)).toEqual([]);
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "b.txt", content: "b\n" } }] },
      { text: "Added b.txt." },
    ]);
    const asked = world.gh.addComment(pr.number, { body: "@gitclaw add b.txt", user: "bob" });

    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(pr.number), comment: asked }),
    );

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const head = world.gh.pullRequest(pr.number).head.sha;
    expect(head).not.toBe(pr.head.sha);
    const status = () => world.gh.commitStatuses(head).find((s) => s.context === CONTEXT);
    expect(status()).toMatchObject({ state: "pending" });
    // alice wrote the pull request, bob asked for gitclaw's change: carol is the second pair of eyes.
    world.gh.addReview(pr.number, { user: "alice", state: "APPROVED", commitId: head });
    world.gh.addReview(pr.number, { user: "bob", state: "APPROVED", commitId: head });
    const approve = world.gh.addComment(pr.number, { body: `/approve ${head}`, user: "carol" });
    const approved = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(pr.number), comment: approve }),
    );
    expect(approved.stages.approval?.exitCode, approved.logs).toBe(0);
    expect(status()).toMatchObject({
      state: "pending",
      description: `1 of 2 approvals of ${head.slice(0, 7)}: @carol`,
    });
    expect(world.gh.violations).toEqual([]);
  });
});
