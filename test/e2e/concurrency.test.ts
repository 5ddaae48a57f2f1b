// One run per issue at a time, and only people who may start a run can touch the queue: a
// collaborator's second comment waits while the first run works; an outsider's comment, which the
// job's `if:` skips, must not cancel it. GitHub cancels the run waiting in a group when another one
// joins, and a workflow-level group is joined before the job's `if:` is evaluated (the runner
// stand-in models both, test/support/runner/concurrency.ts): the group belongs on the job.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { init } from "../../src/cli/init.ts";
import { renderWorkflow } from "../../src/cli/workflow.ts";
import { parseConfig } from "../../src/config/config.ts";
import { createTempRepo } from "../support/git-repo.ts";
import { issueCommentCreatedPayload } from "../support/payloads.ts";
import { ConcurrencyGroups } from "../support/runner/concurrency.ts";
import { WORKFLOW_FILE, withWorkflowLevelConcurrency } from "../support/workflow.ts";
import { OWNER, REPO, useWorld } from "./support.ts";

const world = useWorld();
// Someone without any access: GitHub marks their comments NONE, and the job's if: skips them.
beforeAll(() => {
  world.gh.addUser({ login: "mallory" });
});
const target = { owner: OWNER, repo: REPO };
const KEY_INPUT: [string, string] = ["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"];

/** The workflow init writes today, in a file the runner can load. */
function generatedWorkflow(): string {
  const file = join(world.repo.root, "generated-gitclaw.yml");
  writeFileSync(
    file,
    renderWorkflow({ model: "anthropic/claude-sonnet-4-5", trigger: parseConfig({}).trigger }, [KEY_INPUT]),
  );
  return file;
}

/** A workflow an earlier init wrote (the group on the workflow), upgraded by running init again. */
async function upgradedWorkflow(): Promise<string> {
  const repo = await createTempRepo({ "README.md": "# demo\n" });
  init(repo.dir);
  const file = join(repo.dir, ".github/workflows/gitclaw.yml");
  writeFileSync(file, withWorkflowLevelConcurrency(readFileSync(file, "utf8")));
  init(repo.dir);
  const copy = join(world.repo.root, "upgraded-gitclaw.yml");
  writeFileSync(copy, readFileSync(file, "utf8"));
  repo.cleanup();
  return copy;
}

/** A collaborator's issue, and how to comment on it: the event of the comment's run. */
function queueIssue() {
  const issue = world.gh.createIssue({ title: "Queue", body: "a question", user: "alice" });
  const comment = (body: string, user: string) =>
    issueCommentCreatedPayload({
      ...target,
      issue: world.gh.issue(issue.number),
      comment: world.gh.addComment(issue.number, { body, user }),
    });
  return { issue, comment };
}

const WORKFLOWS: [string, () => string | Promise<string>][] = [
  ["the project's workflow", () => WORKFLOW_FILE],
  ["the workflow init writes", generatedWorkflow],
  ["an earlier init's workflow, upgraded", upgradedWorkflow],
];

describe.each(WORKFLOWS)("%s", (_, workflow) => {
  it("lets a collaborator's queued run go although an outsider commented while it waited", async () => {
    const workflowFile = await workflow();
    const concurrency = new ConcurrencyGroups();
    const { issue, comment } = queueIssue();
    // The first run holds the issue's group until the test lets its model answer.
    let answering!: () => void;
    const answer = new Promise<void>((resolve) => {
      answering = resolve;
    });
    let working!: () => void;
    const atWork = new Promise<void>((resolve) => {
      working = resolve;
    });
    world.model.script([
      async () => {
        working();
        await answer;
        return { text: "First answer." };
      },
      { text: "Second answer." },
    ]);
    const extra = { workflowFile, concurrency };
    const first = world.start("issue_comment", comment("first question", "alice"), extra);
    await atWork;
    const second = world.start("issue_comment", comment("second question", "alice"), extra);
    const outsider = world.start("issue_comment", comment("cancel that, please", "mallory"), extra);
    answering();
    const [firstRun, secondRun, outsiderRun] = await Promise.all([first.result, second.result, outsider.result]);

    expect(firstRun.stages.agent!.exitCode, firstRun.logs).toBe(0);
    expect(outsiderRun.skipped).toBe(true);
    expect(concurrency.cancelled).toEqual([]);
    expect(secondRun.cancelledWaiting).toBe(false);
    expect(secondRun.stages.agent!.exitCode, secondRun.logs).toBe(0);
    expect(world.gh.comments(issue.number).map((c) => c.body)).toEqual([
      "first question",
      "second question",
      "cancel that, please",
      expect.stringContaining("First answer."),
      expect.stringContaining("Second answer."),
    ]);
  });
});

describe("the stand-in's concurrency groups (the check can fail)", () => {
  it("cancel a collaborator's queued run when the group is the workflow's", async () => {
    const workflowFile = join(world.repo.root, "workflow-level-gitclaw.yml");
    writeFileSync(workflowFile, withWorkflowLevelConcurrency(readFileSync(WORKFLOW_FILE, "utf8")));
    const concurrency = new ConcurrencyGroups();
    const { issue, comment } = queueIssue();
    // A run holding the group stands in for the collaborator's first run.
    const holder = await concurrency.join(`gitclaw-issue-${issue.number}`);
    const extra = { workflowFile, concurrency };
    const second = world.start("issue_comment", comment("second question", "alice"), extra);
    const outsider = world.start("issue_comment", comment("cancel that, please", "mallory"), extra);
    holder.leave();
    const [secondRun, outsiderRun] = await Promise.all([second.result, outsider.result]);
    expect(secondRun.cancelledWaiting).toBe(true);
    expect(secondRun.stages).toEqual({});
    expect(outsiderRun.skipped).toBe(true);
    expect(concurrency.cancelled).toEqual([`gitclaw-issue-${issue.number}`]);
  });
});
