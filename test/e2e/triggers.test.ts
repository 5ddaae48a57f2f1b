// Each trigger mode with GitHub's real example payloads: the guard starts a run only for the
// configured events, and irrelevant ones end before any API call.
import { describe, expect, it } from "vitest";
import {
  issueAssignedPayload,
  issueCommentCreatedPayload,
  issueCommentEditedPayload,
  issueLabeledPayload,
  issueOpenedPayload,
} from "../support/payloads.ts";
import { checkoutWithConfig, OWNER, REPO, useWorld } from "./support.ts";

const world = useWorld([
  { login: "alice", permission: "write" },
  { login: "claw", permission: "write" },
]);
const target = { owner: OWNER, repo: REPO };

const configured = (trigger: object): Promise<string> => checkoutWithConfig(world, { trigger });

describe("trigger modes", () => {
  it("label mode: runs on the configured label only", async () => {
    await configured({ modes: ["label"], label: "agent" });
    const alice = world.gh.addUser({ login: "alice", permission: "write" });
    const issue = world.gh.createIssue({ title: "Labelled", body: "please", user: "alice" });
    // The workflow's prefilter knows the label through the repository variable GITCLAW_LABEL.
    const vars = { GITCLAW_LABEL: "agent" };
    const opened = await world.run("issues", issueOpenedPayload({ ...target, issue }), { vars });
    expect(opened.proceed).toBe(false);
    expect(opened.stages.guard!.stdout).toMatch(/does not match the configured triggers \(label\)/);

    world.gh.labelIssue(issue.number, "bug", "alice");
    const other = await world.run(
      "issues",
      issueLabeledPayload({ ...target, issue: world.gh.issue(issue.number), label: "bug", sender: alice }),
      { vars },
    );
    expect(other.skipped).toBe(true);

    world.gh.labelIssue(issue.number, "agent", "alice");
    world.model.script([{ text: "Working on the labelled issue." }]);
    const run = await world.run(
      "issues",
      issueLabeledPayload({ ...target, issue: world.gh.issue(issue.number), label: "agent", sender: alice }),
      { vars },
    );
    expect(run.proceed).toBe(true);
    expect(run.stages.guard!.stdout).toMatch(/proceed: the label "agent" by alice has write permission/);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Working on the labelled issue.");
  });

  it("assign mode: runs when the issue is assigned to the configured user", async () => {
    await configured({ modes: ["assign"], assignee: "claw" });
    const alice = world.gh.addUser({ login: "alice", permission: "write" });
    const claw = world.gh.addUser({ login: "claw", permission: "write" });
    const issue = world.gh.createIssue({ title: "Assigned", body: "please", user: "alice" });
    world.gh.assignIssue(issue.number, "claw", "alice");
    world.model.script([{ text: "Assigned and on it." }]);
    const run = await world.run(
      "issues",
      issueAssignedPayload({ ...target, issue: world.gh.issue(issue.number), assignee: claw, sender: alice }),
      { vars: { GITCLAW_ASSIGNEE: "claw" } },
    );
    expect(run.proceed).toBe(true);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Assigned and on it.");
  });

  it("mention mode: comments without the handle cost no API call", async () => {
    await configured({ modes: ["mention"], mention: "@claw" });
    const issue = world.gh.createIssue({ title: "Mentions", body: "no handle here", user: "alice" });
    const quiet = world.gh.addComment(issue.number, { body: "just chatting", user: "alice" });
    const requests = world.gh.requests.length;
    const skipped = await world.run("issue_comment", issueCommentCreatedPayload({ ...target, issue, comment: quiet }));
    expect(skipped.proceed).toBe(false);
    expect(world.gh.requests.length).toBe(requests);

    const loud = world.gh.addComment(issue.number, { body: "@claw can you look?", user: "alice" });
    world.model.script([{ text: "Looking now." }]);
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment: loud }),
    );
    expect(run.proceed).toBe(true);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Looking now.");
  });

  it("an edited comment never starts a run", async () => {
    await configured({ modes: ["issue"] });
    const issue = world.gh.createIssue({ title: "Edits", body: "x", user: "alice" });
    const comment = world.gh.addComment(issue.number, { body: "now with new instructions", user: "alice" });
    const run = await world.run(
      "issue_comment",
      issueCommentEditedPayload({ ...target, issue, comment, previousBody: "old" }),
    );
    expect(run.proceed).toBe(false);
  });
});
