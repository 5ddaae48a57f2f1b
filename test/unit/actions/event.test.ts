// The one event parser, over GitHub's real example payloads moved onto the emulator's repository:
// issues and pull requests read as the same Trigger, with what a pull request event adds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventError, IrrelevantEvent, parseTrigger } from "../../../src/actions/event.ts";
import { pullRequestMarker } from "../../../src/github/marker.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";
import { validateWebhookPayload } from "../../support/openapi/validate.ts";
import {
  byGhost,
  issueCommentCreatedPayload,
  issueOpenedPayload,
  pullRequestLabeledPayload,
  reviewCommentCreatedPayload,
  reviewSubmittedPayload,
  workflowRunCompletedPayload,
} from "../../support/payloads.ts";

let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: "t" });
  gh.addUser({ login: "alice", permission: "write" });
});
afterAll(() => gh.stop());

const target = { owner: "acme", repo: "widgets" };
function pull(body = "Speeds it up.") {
  const pr = gh.createPullRequest({
    title: "Faster",
    body,
    user: "alice",
    head: { ref: "faster", sha: "b".repeat(40) },
  });
  return { ...target, issue: gh.issue(pr.number), pull: pr };
}

describe("parseTrigger on pull requests", () => {
  it("a comment on a pull request: its number, and the issue its body claims, from gitclaw's marker", () => {
    const t = pull(`Fixes #3\n\n${pullRequestMarker(3)}`);
    const comment = gh.addComment(t.pull.number, { body: "@gitclaw go", user: "alice" });
    const trigger = parseTrigger("issue_comment", issueCommentCreatedPayload({ ...t, comment }));
    expect(trigger).toMatchObject({
      issueNumber: t.pull.number,
      isPullRequest: true,
      pullRequest: { number: t.pull.number, claimsIssue: 3 },
      comment: { id: comment.id, body: "@gitclaw go", login: "alice" },
      repository: "acme/widgets",
    });
    expect(trigger.pullRequest?.head).toBeUndefined();
  });

  it("an inline review comment: the comment, its place in the diff, the head the event saw", () => {
    const t = pull();
    const comment = gh.addReviewComment(t.pull.number, {
      body: "rename",
      user: "alice",
      path: "a.ts",
      line: 4,
      diffHunk: "@@ x",
    });
    const trigger = parseTrigger("pull_request_review_comment", reviewCommentCreatedPayload({ ...t, comment }));
    expect(trigger).toMatchObject({
      eventName: "pull_request_review_comment",
      issueNumber: t.pull.number,
      title: "Faster",
      comment: { id: comment.id, body: "rename" },
      inline: { path: "a.ts", line: 4, diffHunk: "@@ x" },
      pullRequest: { head: { ref: "faster", sha: "b".repeat(40), repo: "acme/widgets" }, base: { ref: "main" } },
      triggeredAt: comment.created_at,
    });
  });

  it("a review: its state in lower case and its body; no comment", () => {
    const t = pull();
    const { review } = gh.addReview(t.pull.number, { user: "alice", state: "CHANGES_REQUESTED", body: "not yet" });
    const trigger = parseTrigger("pull_request_review", reviewSubmittedPayload({ ...t, review }));
    expect(trigger.review).toEqual({ id: review.id, state: "changes_requested", body: "not yet", login: "alice" });
    expect(trigger.comment).toBeUndefined();
  });

  it("a label added to a pull request (pull_request_target)", () => {
    const t = pull();
    gh.labelIssue(t.pull.number, "gitclaw", "alice");
    const payload = pullRequestLabeledPayload({
      ...t,
      pull: gh.pullRequest(t.pull.number),
      label: "gitclaw",
      sender: gh.addUser({ login: "alice" }),
    });
    expect(parseTrigger("pull_request_target", payload)).toMatchObject({
      action: "labeled",
      label: "gitclaw",
      labels: ["gitclaw"],
    });
  });

  it("a finished CI run: about its first pull request, or about nothing gitclaw works on", () => {
    const t = pull();
    const run = (pullRequests: number[], headBranch = "faster") =>
      gh.workflowRun(
        gh.addWorkflowRun({
          headSha: "b".repeat(40),
          headBranch,
          pullRequests,
          steps: [{ status: "completed", conclusion: "failure" }],
        }).id,
      );
    const sender = gh.addUser({ login: "alice" });
    const trigger = parseTrigger(
      "workflow_run",
      workflowRunCompletedPayload({ ...t, run: run([t.pull.number]), sender }),
    );
    expect(trigger).toMatchObject({
      issueNumber: t.pull.number,
      pullRequest: { number: t.pull.number, head: { ref: "faster", sha: "b".repeat(40) } },
      ci: { name: "CI", conclusion: "failure", headBranch: "faster", fromFork: false },
    });
    expect(() => parseTrigger("workflow_run", workflowRunCompletedPayload({ ...t, run: run([]), sender }))).toThrow(
      IrrelevantEvent,
    );
    // gitclaw's own branch, listed with no pull request (a dispatched run): the gate looks it up (number 0).
    const unlisted = workflowRunCompletedPayload({ ...t, run: run([], "gitclaw/issue-7"), sender });
    expect(parseTrigger("workflow_run", unlisted)).toMatchObject({
      issueNumber: 0,
      pullRequest: { number: 0, head: { ref: "gitclaw/issue-7" } },
      ci: { headBranch: "gitclaw/issue-7" },
    });
    const fromFork = {
      ...unlisted.workflow_run,
      head_repository: { ...unlisted.workflow_run.head_repository, full_name: "mallory/widgets" },
    };
    expect(() => parseTrigger("workflow_run", { ...unlisted, workflow_run: fromFork })).toThrow(IrrelevantEvent);
  });

  it("names every event it reads when it gets another", () => {
    expect(() => parseTrigger("push", {})).toThrow(EventError);
    expect(() => parseTrigger("push", {})).toThrow(/"pull_request_review_comment".*"workflow_run"/);
  });
});

// A deleted account: GitHub keeps what it wrote and sends `user: null` (its webhook schema allows it);
// the account itself is the ghost, whom the gate never trusts (test/unit/gate).
describe("parseTrigger with a deleted account (user: null)", () => {
  const ghost = () => gh.addUser({ login: "ghost" });
  const valid = (event: `${string}.${string}`, payload: object) => {
    expect(validateWebhookPayload(event, payload)).toEqual([]);
    return payload;
  };

  it("an issue, a comment, an inline comment and a review by a deleted account read as ghost's", () => {
    const t = pull();
    const alice = gh.addUser({ login: "alice" });
    const issue = byGhost(t.issue);
    const opened = valid("issues.opened", issueOpenedPayload({ ...t, issue, sender: alice }));
    expect(parseTrigger("issues", opened)).toMatchObject({ issueAuthor: "ghost", actor: { login: "alice" } });

    const comment = byGhost(gh.addComment(t.pull.number, { body: "@gitclaw go", user: "alice" }));
    // issue_comment's schema keeps the issue's author (not nullable there), the comment's may be null.
    const commented = valid("issue_comment.created", issueCommentCreatedPayload({ ...t, comment, sender: ghost() }));
    expect(parseTrigger("issue_comment", commented)).toMatchObject({
      comment: { id: comment.id, login: "ghost" },
      actor: { login: "ghost" },
    });

    const pr = { ...t, pull: byGhost(gh.pullRequest(t.pull.number)) };
    const inline = byGhost(
      gh.addReviewComment(t.pull.number, { body: "rename", user: "alice", path: "a.ts", line: 1 }),
    );
    const inlinePayload = reviewCommentCreatedPayload({ ...pr, comment: inline, sender: ghost() });
    valid("pull_request_review_comment.created", inlinePayload);
    expect(parseTrigger("pull_request_review_comment", inlinePayload)).toMatchObject({
      issueAuthor: "ghost",
      comment: { login: "ghost" },
    });

    const review = byGhost(gh.addReview(t.pull.number, { user: "alice", state: "COMMENTED", body: "hm" }).review);
    const reviewed = valid("pull_request_review.submitted", reviewSubmittedPayload({ ...pr, review, sender: ghost() }));
    expect(parseTrigger("pull_request_review", reviewed).review).toEqual({
      id: review.id,
      state: "commented",
      body: "hm",
      login: "ghost",
    });
  });

  it("a CI run started by a deleted account, whose pull request list has a null: its first pull request", () => {
    const t = pull();
    const { id } = gh.addWorkflowRun({
      headSha: "b".repeat(40),
      headBranch: "faster",
      pullRequests: [t.pull.number],
      steps: [{ status: "completed", conclusion: "failure" }],
    });
    const payload = workflowRunCompletedPayload({ ...t, run: gh.workflowRun(id), sender: ghost() });
    const { workflow_run: run } = payload;
    const deleted = {
      ...payload,
      workflow_run: { ...run, actor: null, triggering_actor: null, pull_requests: [null, ...run.pull_requests] },
    };
    valid("workflow_run.completed", deleted);
    expect(parseTrigger("workflow_run", deleted)).toMatchObject({
      issueNumber: t.pull.number,
      actor: { login: "ghost" },
    });
  });
});
