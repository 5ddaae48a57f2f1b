// The one event parser, over GitHub's real example payloads moved onto the emulator's repository:
// issues and pull requests read as the same Trigger, with what a pull request event adds.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EventError, IrrelevantEvent, parseTrigger } from "../../../src/actions/event.ts";
import { pullRequestMarker } from "../../../src/github/marker.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";
import {
  issueCommentCreatedPayload,
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
