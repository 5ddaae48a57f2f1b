// The job's `if:` that init writes, evaluated by GitHub's own expression evaluator over real
// webhook payloads: it lets through every event the guard would accept for the trigger modes (it
// is a prefilter, never a second policy), and stops the irrelevant ones before a runner starts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  ACTION,
  CONCURRENCY_NUMBER,
  prefilter,
  renderWorkflow,
  TASK_DISPATCH_INPUTS,
  type Inputs,
  type Trigger,
} from "../../../src/cli/workflow.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { INPUT_ENV } from "../../../src/config/inputs.ts";
import { parseTrigger } from "../../../src/actions/event.ts";
import { triggerReason } from "../../../src/gate/triggers.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";
import {
  issueAssignedPayload,
  issueCommentCreatedPayload,
  issueLabeledPayload,
  issueOpenedPayload,
  pullRequestLabeledPayload,
  pullRequestPayload,
  reviewCommentCreatedPayload,
  reviewSubmittedPayload,
  workflowRunCompletedPayload,
} from "../../support/payloads.ts";
import { pullRequestMarker } from "../../../src/github/marker.ts";
import { condition } from "../../support/runner/expressions.ts";
import { loadAction } from "../../support/runner/job.ts";
import { PROJECT_ROOT } from "../../support/workflow.ts";

let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: "t" });
});
afterAll(() => gh.stop());

const target = { owner: "acme", repo: "widgets" };

/** Events of every kind, by a collaborator and by an outsider, with and without the handle, label, assignee. */
function events(): { name: string; eventName: string; payload: unknown }[] {
  const alice = gh.addUser({ login: "alice", permission: "write", association: "COLLABORATOR" });
  const eve = gh.addUser({ login: "eve", permission: "read", association: "NONE" });
  const claw = gh.addUser({ login: "claw", permission: "write", association: "COLLABORATOR" });
  const plain = gh.createIssue({ title: "Plain", body: "no handle", user: "alice" });
  const mentioned = gh.createIssue({ title: "Help @claw", body: "please", user: "alice" });
  const foreign = gh.createIssue({ title: "Help @claw", body: "please", user: "eve" });
  const labelled = gh.createIssue({ title: "Labelled", body: "x", user: "alice" });
  gh.labelIssue(labelled.number, "agent", "alice");
  const assigned = gh.createIssue({ title: "Assigned", body: "x", user: "alice" });
  gh.assignIssue(assigned.number, "claw", "alice");
  const comment = (issue: typeof plain, body: string, user: string) =>
    issueCommentCreatedPayload({
      ...target,
      issue: gh.issue(issue.number),
      comment: gh.addComment(issue.number, { body, user }),
    });
  return [
    { name: "opened", eventName: "issues", payload: issueOpenedPayload({ ...target, issue: plain }) },
    { name: "opened, mentioning", eventName: "issues", payload: issueOpenedPayload({ ...target, issue: mentioned }) },
    { name: "opened by an outsider", eventName: "issues", payload: issueOpenedPayload({ ...target, issue: foreign }) },
    {
      name: "labelled",
      eventName: "issues",
      payload: issueLabeledPayload({ ...target, issue: gh.issue(labelled.number), label: "agent", sender: alice }),
    },
    {
      name: "assigned",
      eventName: "issues",
      payload: issueAssignedPayload({ ...target, issue: gh.issue(assigned.number), assignee: claw, sender: alice }),
    },
    { name: "comment", eventName: "issue_comment", payload: comment(plain, "go on", "alice") },
    { name: "comment mentioning", eventName: "issue_comment", payload: comment(plain, "@claw go on", "alice") },
    { name: "comment by an outsider", eventName: "issue_comment", payload: comment(plain, "@claw hi", "eve") },
    { name: "comment on the labelled issue", eventName: "issue_comment", payload: comment(labelled, "more", "alice") },
    { name: "comment on the assigned issue", eventName: "issue_comment", payload: comment(assigned, "more", "alice") },
    {
      name: "comment by an outsider, assigned",
      eventName: "issue_comment",
      payload: comment(assigned, "ok", eve.login),
    },
    ...pullRequestEvents(alice),
  ];
}

/** The same kinds of events on pull requests: someone's, gitclaw's own (its body's marker), labelled, assigned. */
function pullRequestEvents(alice: ReturnType<GitHubEmulator["addUser"]>) {
  const pull = (body: string, ref: string) =>
    gh.createPullRequest({ title: "PR", body, user: "alice", head: { ref, sha: "b".repeat(40) } });
  const theirs = pull("A change.", "theirs");
  const own = pull(`Fixes #1\n\n${pullRequestMarker(1)}`, "gitclaw/issue-1");
  const labelled = pull("x", "labelled");
  gh.labelIssue(labelled.number, "agent", "alice");
  const assigned = pull("x", "assigned");
  gh.assignIssue(assigned.number, "claw", "alice");
  const on = (pr: typeof theirs) => ({ ...target, issue: gh.issue(pr.number), pull: gh.pullRequest(pr.number) });
  const prComment = (pr: typeof theirs, body: string, user = "alice") =>
    issueCommentCreatedPayload({
      ...target,
      issue: gh.issue(pr.number),
      comment: gh.addComment(pr.number, { body, user }),
    });
  const inline = (pr: typeof theirs, body: string, user = "alice") =>
    reviewCommentCreatedPayload({
      ...on(pr),
      comment: gh.addReviewComment(pr.number, { body, user, path: "a", line: 1 }),
    });
  const review = (pr: typeof theirs, state: "CHANGES_REQUESTED" | "COMMENTED", body: string) =>
    reviewSubmittedPayload({ ...on(pr), review: gh.addReview(pr.number, { user: "alice", state, body }).review });
  const ci = (branch: string, conclusion: "failure" | "success", pr: typeof theirs) => {
    const { id } = gh.addWorkflowRun({
      headSha: "b".repeat(40),
      headBranch: branch,
      pullRequests: [pr.number],
      steps: [{ status: "completed", conclusion }],
    });
    return workflowRunCompletedPayload({
      ...target,
      issue: gh.issue(pr.number),
      run: gh.workflowRun(id),
      sender: alice,
    });
  };
  return [
    { name: "PR comment", eventName: "issue_comment", payload: prComment(theirs, "nice") },
    { name: "PR comment mentioning", eventName: "issue_comment", payload: prComment(theirs, "@claw fix it") },
    {
      name: "PR comment mentioning @gitclaw",
      eventName: "issue_comment",
      payload: prComment(theirs, "@gitclaw fix it"),
    },
    { name: "PR comment on gitclaw's PR", eventName: "issue_comment", payload: prComment(own, "go on") },
    { name: "PR comment on the labelled PR", eventName: "issue_comment", payload: prComment(labelled, "more") },
    { name: "PR comment on the assigned PR", eventName: "issue_comment", payload: prComment(assigned, "more") },
    {
      name: "PR comment by an outsider, mentioning",
      eventName: "issue_comment",
      payload: prComment(theirs, "@claw hi", "eve"),
    },
    { name: "inline comment", eventName: "pull_request_review_comment", payload: inline(theirs, "nit") },
    {
      name: "inline comment mentioning",
      eventName: "pull_request_review_comment",
      payload: inline(theirs, "@claw rename"),
    },
    {
      name: "inline comment mentioning @gitclaw",
      eventName: "pull_request_review_comment",
      payload: inline(theirs, "@gitclaw rename"),
    },
    {
      name: "inline comment on gitclaw's PR",
      eventName: "pull_request_review_comment",
      payload: inline(own, "rename"),
    },
    {
      name: "inline comment on the labelled PR",
      eventName: "pull_request_review_comment",
      payload: inline(labelled, "rename"),
    },
    {
      name: "inline comment by an outsider, mentioning",
      eventName: "pull_request_review_comment",
      payload: inline(theirs, "@claw x", "eve"),
    },
    {
      name: "changes requested on gitclaw's PR",
      eventName: "pull_request_review",
      payload: review(own, "CHANGES_REQUESTED", ""),
    },
    {
      name: "changes requested on their PR",
      eventName: "pull_request_review",
      payload: review(theirs, "CHANGES_REQUESTED", "no"),
    },
    { name: "review mentioning", eventName: "pull_request_review", payload: review(theirs, "COMMENTED", "@claw see") },
    { name: "empty review", eventName: "pull_request_review", payload: review(theirs, "COMMENTED", "") },
    {
      name: "PR labelled",
      eventName: "pull_request_target",
      payload: pullRequestLabeledPayload({ ...on(labelled), label: "agent", sender: alice }),
    },
    {
      name: "CI failed on gitclaw's branch",
      eventName: "workflow_run",
      payload: ci("gitclaw/issue-1", "failure", own),
    },
    {
      name: "CI passed on gitclaw's branch",
      eventName: "workflow_run",
      payload: ci("gitclaw/issue-1", "success", own),
    },
    { name: "CI failed on their branch", eventName: "workflow_run", payload: ci("theirs", "failure", theirs) },
    {
      name: "PR opened",
      eventName: "pull_request_target",
      payload: pullRequestPayload({ ...on(theirs), action: "opened", sender: alice }),
    },
    {
      name: "PR pushed to",
      eventName: "pull_request_target",
      payload: pullRequestPayload({ ...on(theirs), action: "synchronize", sender: alice }),
    },
    { name: "review asked", eventName: "issue_comment", payload: prComment(theirs, "@gitclaw review") },
  ];
}

const passes = (trigger: Trigger, eventName: string, payload: unknown) =>
  condition(prefilter(trigger), { github: { event_name: eventName, event: payload } }, "success");

const NO_PLAN = { plan: false, planLabel: "gitclaw:plan" } as const;

describe("the prefilter init writes", () => {
  const policies: Trigger[] = [
    {
      modes: ["issue"],
      mention: "@gitclaw",
      label: "gitclaw",
      assignee: "gitclaw",
      changesRequested: true,
      ...NO_PLAN,
    },
    { modes: ["mention"], mention: "@claw", label: "gitclaw", assignee: "gitclaw", changesRequested: true, ...NO_PLAN },
    { modes: ["label"], mention: "@gitclaw", label: "agent", assignee: "gitclaw", changesRequested: true, ...NO_PLAN },
    { modes: ["assign"], mention: "@gitclaw", label: "gitclaw", assignee: "claw", changesRequested: true, ...NO_PLAN },
    {
      modes: ["mention", "label", "assign"],
      mention: "@claw",
      label: "agent",
      assignee: "claw",
      changesRequested: true,
      ...NO_PLAN,
    },
    {
      modes: ["issue", "ci"],
      mention: "@gitclaw",
      label: "gitclaw",
      assignee: "gitclaw",
      changesRequested: true,
      ...NO_PLAN,
    },
    {
      modes: ["mention"],
      mention: "@claw",
      label: "gitclaw",
      assignee: "gitclaw",
      changesRequested: false,
      ...NO_PLAN,
    },
    {
      modes: ["review"],
      mention: "@gitclaw",
      label: "gitclaw",
      assignee: "gitclaw",
      changesRequested: false,
      ...NO_PLAN,
    },
  ];

  it("passes every event the guard accepts, and stops what no mode accepts", () => {
    const all = events();
    const table = policies.map((policy) => ({
      modes: policy.modes.join(","),
      passed: all.filter((event) => passes(policy, event.eventName, event.payload)).map((event) => event.name),
    }));
    for (const policy of policies) {
      for (const event of all) {
        const accepted = triggerReason(parseTrigger(event.eventName, event.payload), policy) !== undefined;
        // An outsider never gets past the prefilter; a CI run has no person behind it.
        const trusted = !/outsider/.test(event.name);
        if (accepted && trusted) expect(passes(policy, event.eventName, event.payload), event.name).toBe(true);
      }
    }
    expect(table).toEqual([
      {
        modes: "issue",
        passed: [
          "opened",
          "opened, mentioning",
          "comment",
          "comment mentioning",
          "comment on the labelled issue",
          "comment on the assigned issue",
          "PR comment mentioning @gitclaw",
          "PR comment on gitclaw's PR",
          "inline comment mentioning @gitclaw",
          "inline comment on gitclaw's PR",
          "changes requested on gitclaw's PR",
          "review asked",
        ],
      },
      {
        modes: "mention",
        passed: [
          "opened, mentioning",
          "comment mentioning",
          "PR comment mentioning",
          "inline comment mentioning",
          "changes requested on gitclaw's PR",
          "review mentioning",
        ],
      },
      {
        modes: "label",
        passed: [
          "labelled",
          "comment on the labelled issue",
          "PR comment on the labelled PR",
          "inline comment on the labelled PR",
          "changes requested on gitclaw's PR",
          "PR labelled",
        ],
      },
      {
        modes: "assign",
        passed: [
          "assigned",
          "comment on the assigned issue",
          "PR comment on the assigned PR",
          "changes requested on gitclaw's PR",
        ],
      },
      {
        modes: "mention,label,assign",
        passed: [
          "opened, mentioning",
          "labelled",
          "assigned",
          "comment mentioning",
          "comment on the labelled issue",
          "comment on the assigned issue",
          "PR comment mentioning",
          "PR comment on the labelled PR",
          "PR comment on the assigned PR",
          "inline comment mentioning",
          "inline comment on the labelled PR",
          "changes requested on gitclaw's PR",
          "review mentioning",
          "PR labelled",
        ],
      },
      {
        modes: "issue,ci",
        passed: [
          "opened",
          "opened, mentioning",
          "comment",
          "comment mentioning",
          "comment on the labelled issue",
          "comment on the assigned issue",
          "PR comment mentioning @gitclaw",
          "PR comment on gitclaw's PR",
          "inline comment mentioning @gitclaw",
          "inline comment on gitclaw's PR",
          "changes requested on gitclaw's PR",
          "CI failed on gitclaw's branch",
          "review asked",
        ],
      },
      {
        modes: "mention",
        passed: [
          "opened, mentioning",
          "comment mentioning",
          "PR comment mentioning",
          "inline comment mentioning",
          "review mentioning",
        ],
      },
      {
        modes: "review",
        passed: [
          "comment",
          "comment mentioning",
          "comment on the labelled issue",
          "comment on the assigned issue",
          "PR comment mentioning @gitclaw",
          "inline comment mentioning @gitclaw",
          "PR opened",
          "PR pushed to",
          "review asked",
        ],
      },
    ]);
  });
});

describe("the inputs' variables", () => {
  it("are the ones action.yml passes each input as", () => {
    const action = loadAction(PROJECT_ROOT);
    const passed: Record<string, string> = {};
    for (const step of action.runs.steps)
      for (const [name, value] of Object.entries(step.env ?? {})) {
        const input = /^\$\{\{ inputs\.(\w+) \}\}$/.exec(value)?.[1];
        if (input && input !== "github_token") passed[input] = name;
      }
    expect(passed).toEqual(INPUT_ENV);
    expect(
      Object.keys(action.inputs)
        .filter((input) => input !== "github_token")
        .sort(),
    ).toEqual(Object.keys(INPUT_ENV).sort());
  });
});

describe("the workflow with sub-agents on Actions (tasks.actions)", () => {
  const trigger = parseConfig({}).trigger;
  const inputs: Inputs = [["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"]];
  const workflow = (actionsRunner: boolean) =>
    parse(renderWorkflow({ model: "anthropic/claude-sonnet-4-5", trigger, actionsRunner }, inputs)) as {
      on: Record<string, { inputs?: Record<string, unknown> } | null>;
      permissions: Record<string, string>;
      jobs: Record<
        string,
        { if: string; permissions?: Record<string, string>; steps: { uses?: string; with?: object }[] }
      >;
    };

  it("grants actions: write and declares workflow_dispatch only when tasks run on Actions", () => {
    const plain = workflow(false);
    expect(plain.permissions.actions).toBe("read");
    expect(plain.on.workflow_dispatch).toBeUndefined();
    expect(Object.keys(plain.jobs)).toEqual(["agent"]);
    const fanned = workflow(true);
    expect(fanned.permissions.actions).toBe("write");
    expect(Object.keys(fanned.on.workflow_dispatch!.inputs!)).toEqual([...TASK_DISPATCH_INPUTS]);
  });

  it("queues the agent job per issue, on the job: a run its if: skips never joins the group", () => {
    for (const actionsRunner of [false, true]) {
      const rendered = workflow(actionsRunner) as ReturnType<typeof workflow> & { concurrency?: unknown };
      expect(rendered.concurrency).toBeUndefined();
      expect((rendered.jobs.agent as { concurrency?: unknown }).concurrency).toEqual({
        group: `gitclaw-issue-\${{ ${CONCURRENCY_NUMBER} }}`,
        "cancel-in-progress": false,
      });
    }
  });

  it("gives the task job a read-only token, its base checked out, gitclaw in child mode and the upload", () => {
    const { task } = workflow(true).jobs;
    expect(task!.permissions).toEqual({ contents: "read" });
    expect(task!.steps.map((step) => step.uses)).toEqual([
      "actions/checkout@v4",
      ACTION,
      expect.stringMatching(/^actions\/upload-artifact@/),
    ]);
    expect(task!.steps[0]!.with).toMatchObject({ ref: "${{ inputs.task_base_sha }}", "persist-credentials": false });
    expect(task!.steps[1]!.with).toMatchObject({ task_id: "${{ inputs.task_id }}", anthropic_api_key: inputs[0]![1] });
    expect(task!.steps[2]!.with).toMatchObject({
      name: "task-${{ inputs.task_id }}",
      path: "${{ runner.temp }}/gitclaw-task/",
    });
  });
});

describe("the workflow with trigger mode review", () => {
  const inputs: Inputs = [["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"]];
  const render = (modes: Trigger["modes"]) =>
    parse(
      renderWorkflow(
        { model: "anthropic/claude-sonnet-4-5", trigger: parseConfig({ trigger: { modes } }).trigger },
        inputs,
      ),
    ) as { on: Record<string, { types: string[] }>; permissions: Record<string, string> };

  it("follows pull requests opened, pushed to and marked ready on pull_request_target, with checks: write", () => {
    const review = render(["issue", "review"]);
    expect(review.on.pull_request_target!.types).toEqual(["opened", "synchronize", "ready_for_review"]);
    expect(review.on.pull_request).toBeUndefined();
    expect(review.permissions.checks).toBe("write");
    const plain = render(["issue"]);
    expect(plain.on.pull_request_target).toBeUndefined();
    expect(plain.permissions.checks).toBeUndefined();
    expect(render(["label", "review"]).on.pull_request_target!.types).toEqual([
      "labeled",
      "opened",
      "synchronize",
      "ready_for_review",
    ]);
  });
});

describe("the workflow with approvals.required", () => {
  const trigger = parseConfig({}).trigger;
  const inputs: Inputs = [["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"]];
  const rendered = (approvalStatus: boolean) =>
    parse(renderWorkflow({ model: "anthropic/claude-sonnet-4-5", trigger, approvalStatus }, inputs)) as {
      on: Record<string, { types: string[] }>;
      permissions: Record<string, string>;
    };
  const passes = (approvalStatus: boolean, eventName: string, payload: unknown) =>
    condition(prefilter(trigger, approvalStatus), { github: { event_name: eventName, event: payload } }, "success");

  it("grants statuses: write, follows dismissals, and lets a deciding review and /approve through, only then", () => {
    expect(rendered(true).permissions.statuses).toBe("write");
    expect(rendered(false).permissions.statuses).toBeUndefined();
    expect(rendered(true).on.pull_request_review!.types).toEqual(["submitted", "dismissed"]);
    expect(rendered(false).on.pull_request_review!.types).toEqual(["submitted"]);
    const pr = gh.createPullRequest({ title: "PR", body: "", user: "alice", head: { ref: "x", sha: "c".repeat(40) } });
    const on = { ...target, issue: gh.issue(pr.number), pull: gh.pullRequest(pr.number) };
    const reviewed = (state: "APPROVED" | "COMMENTED") =>
      reviewSubmittedPayload({ ...on, review: gh.addReview(pr.number, { user: "alice", state }).review });
    const approve = issueCommentCreatedPayload({
      ...target,
      issue: gh.issue(pr.number),
      comment: gh.addComment(pr.number, { body: "/approve ccccccc", user: "alice" }),
    });
    expect(passes(true, "pull_request_review", reviewed("APPROVED"))).toBe(true);
    expect(passes(false, "pull_request_review", reviewed("APPROVED"))).toBe(false);
    expect(passes(true, "pull_request_review", reviewed("COMMENTED"))).toBe(false);
    expect(passes(true, "issue_comment", approve)).toBe(true);
    expect(passes(false, "issue_comment", approve)).toBe(false);
    // Only people with write access approve: an outsider's /approve starts no runner.
    gh.addUser({ login: "mallory" });
    const outsider = issueCommentCreatedPayload({
      ...target,
      issue: gh.issue(pr.number),
      comment: gh.addComment(pr.number, { body: "/approve ccccccc", user: "mallory" }),
    });
    expect(passes(true, "issue_comment", outsider)).toBe(false);
  });
});
