// "A fork's code never runs with the secrets": a fork's pull request is worked on only in the
// sandbox, as the tool user (test/e2e/fork-pull-requests.test.ts shows that run, and that nothing
// of it is pushed). Here what must not happen: a run where the sandbox cannot isolate tool
// commands refuses before the model or any tool sees the fork's code, and a fork's failed CI run,
// even on a branch it named gitclaw/issue-<n>, never starts a fix, whatever the payload claims.
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitFile, git } from "../support/git-repo.ts";
import { issueCommentCreatedPayload, workflowRunCompletedPayload } from "../support/payloads.ts";
import { OWNER, REPO, checkoutWithConfig, createWorld, type World } from "../e2e/support.ts";
import { findLeaks } from "./leaks.ts";
import { SECRETS } from "./support.ts";

let world: World;
beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  world.gh.addUser({ login: "mallory", permission: "read" });
});
afterAll(() => world.stop());

const target = { owner: OWNER, repo: REPO };

/** mallory's fork, with `ref` carrying a script that would take the secrets, and her pull request from it. */
async function forkPullRequest(ref: string) {
  const fork = join(world.repo.root, `fork-${ref.replaceAll("/", "-")}.git`);
  await execa("git", ["clone", "-q", "--bare", world.repo.origin, fork]);
  const author = join(world.repo.root, `mallory-${ref.replaceAll("/", "-")}`);
  await execa("git", ["clone", "-q", fork, author]);
  await git(author, "checkout", "-q", "-b", ref);
  const head = await commitFile(author, "test.sh", "env > /tmp/stolen; cat /proc/*/environ\n", "Add tests");
  await git(author, "push", "-q", "origin", ref);
  const pr = world.gh.createPullRequest({
    title: "Add tests",
    body: "Run test.sh, please.",
    user: "mallory",
    head: { ref, sha: head },
    fork: { owner: "mallory", cloneUrl: `file://${fork}` },
  });
  return { pr, head };
}

async function refs(): Promise<string> {
  return world.repo.originGit("for-each-ref", "--format=%(refname) %(objectname)");
}

describe("a fork's failed CI run", () => {
  /** The workflow_run.completed event of a failed run of the fork's head, its head repository as given. */
  function failedRun(pr: { number: number }, head: string, headRepository: "fork" | "claims-base") {
    const { id } = world.gh.addWorkflowRun({
      headSha: head,
      headBranch: "gitclaw/issue-1",
      event: "pull_request",
      pullRequests: [pr.number],
      steps: [
        {
          status: "completed",
          conclusion: "failure",
          jobs: [{ name: "t", status: "completed", conclusion: "failure", log: "boom\n" }],
        },
      ],
    });
    const run = world.gh.workflowRun(id);
    const fork = world.gh.pullRequest(pr.number).head.repo!;
    const sender = world.gh.addUser({ login: "mallory", permission: "read" });
    return workflowRunCompletedPayload({
      ...target,
      issue: world.gh.issue(pr.number),
      run: headRepository === "fork" ? { ...run, head_repository: fork as typeof run.head_repository } : run,
      sender,
    });
  }

  it("on a branch it named gitclaw/issue-1: the guard and the agent stage both refuse, nothing runs", async () => {
    await checkoutWithConfig(world, { trigger: { modes: ["issue", "ci"] } });
    const { pr, head } = await forkPullRequest("gitclaw/issue-1");
    const before = { model: world.model.requests.length, refs: await refs(), comments: world.gh.comments(pr.number) };
    const payload = failedRun(pr, head, "fork");
    const guard = await world.run("workflow_run", payload, { prefilter: false, only: ["guard"] });
    expect(guard.proceed).toBe(false);
    expect(guard.stages.guard!.stdout).toMatch(/workflow_run\.completed does not match the configured triggers/);
    const alone = await world.run("workflow_run", payload, { prefilter: false, only: ["agent"] });
    expect(alone.stages.agent!.exitCode, alone.logs).toBe(0);
    expect(alone.stages.agent!.stdout).toMatch(/not running for this event/);
    expect(world.model.requests.length).toBe(before.model);
    expect(await refs()).toBe(before.refs);
    expect(world.gh.comments(pr.number)).toEqual(before.comments);
  });

  it("with a payload that claims the head is this repository's: the pull request says fork, so no fix", async () => {
    const { pr, head } = await forkPullRequest("gitclaw/issue-2");
    const before = { model: world.model.requests.length, refs: await refs(), comments: world.gh.comments(pr.number) };
    const run = await world.run("workflow_run", failedRun(pr, head, "claims-base"), { prefilter: false });
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(run.stages.agent!.stdout).toContain(
      `no fix attempt: #${pr.number} is not gitclaw's pull request for an issue`,
    );
    expect(world.model.requests.length).toBe(before.model);
    expect(await refs()).toBe(before.refs);
    expect(world.gh.comments(pr.number)).toEqual(before.comments);
    expect(
      await findLeaks({ world, workspace: run.workspace, runnerTemp: run.runnerTemp, logs: run.logs }, SECRETS),
    ).toEqual([]);
  });
});

describe("a maintainer's request on a fork's pull request", () => {
  it("where tool commands cannot be isolated: refused before the model or any tool sees the fork's code", async () => {
    await checkoutWithConfig(world, { sandbox: "off" });
    const { pr } = await forkPullRequest("tests");
    const comment = world.gh.addComment(pr.number, { body: "@gitclaw run test.sh and fix it", user: "alice" });
    world.model.script([{ toolCalls: [{ name: "bash", input: { command: "sh test.sh" } }] }, { text: "Ran it." }]);
    const before = { model: world.model.requests.length, refs: await refs() };
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(pr.number), comment }),
    );
    expect(run.proceed, run.logs).toBe(true);
    expect(run.stages.agent!.exitCode).not.toBe(0);
    expect(run.logs).toContain("runs only in the sandbox, and there is none here");
    expect(world.model.requests.length).toBe(before.model);
    expect(await refs()).toBe(before.refs);
    const said = world.gh.comments(pr.number).at(-1)!.body ?? "";
    expect(said).toContain("runs only in the sandbox");
    expect(
      await findLeaks({ world, workspace: run.workspace, runnerTemp: run.runnerTemp, logs: run.logs }, SECRETS),
    ).toEqual([]);
  });
});
