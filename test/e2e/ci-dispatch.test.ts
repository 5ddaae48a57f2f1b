// CI on gitclaw's work with no secret but the job's token (ci.dispatch), end to end: the repository's
// own CI workflow (on: workflow_dispatch), read from origin and run on the runner stand-in. gitclaw
// pushes its pull request's branch with the job's token, which starts no workflow, then dispatches
// ci.yml on that branch and links the run in its reply. The run fails; its workflow_run event (sent,
// as GitHub sends it, by github-actions[bot]) starts gitclaw in trigger mode "ci", which fixes the
// branch and dispatches CI again, which passes. Every request the runs make carries the job's token.
import { describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import type { CiRunner } from "../support/ci-runner.ts";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload, workflowRunCompletedPayload } from "../support/payloads.ts";
import { askForTheAnswer, checkoutWithConfig, OWNER, playWorldCi, REPO, TOKEN, useWorld } from "./support.ts";

const CI = [
  "name: CI",
  "on:",
  "  workflow_dispatch:",
  "jobs:",
  "  test:",
  "    runs-on: ubuntu-latest",
  "    steps:",
  "      - uses: actions/checkout@v4",
  "      - run: |",
  '          grep -q "answer = 42" answer.ts || { echo "error: expected 42 in answer.ts, got: $(cat answer.ts)"; exit 1; }',
  "",
].join("\n");

const world = useWorld();
const target = { owner: OWNER, repo: REPO };

describe("ci.dispatch: CI that gitclaw starts with the job's token", () => {
  let ci: CiRunner;
  let issueNumber: number;
  let pullNumber: number;
  const branch = () => `gitclaw/issue-${issueNumber}`;

  it("a push of gitclaw's branch dispatches ci.yml on it, and the reply links the run", async () => {
    const workspace = await checkoutWithConfig(world, {
      delivery: "pull-request",
      trigger: { modes: ["issue", "ci"] },
      ci: { maxAttempts: 2, dispatch: [".github/workflows/ci.yml"] },
    });
    await commitFile(workspace, ".github/workflows/ci.yml", CI, "CI on workflow_dispatch");
    await git(workspace, "push", "-q", "origin", "HEAD:main");
    ci = playWorldCi(world, ["ci.yml"]);
    const asked = await askForTheAnswer(world);
    const { run } = asked;
    issueNumber = asked.issueNumber;
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    pullNumber = issueNumber + 1;
    expect(world.gh.pullRequest(pullNumber).head.ref).toBe(branch());

    expect(ci.runs.map(({ workflow, event, branch }) => ({ workflow, event, branch }))).toEqual([
      { workflow: "ci.yml", event: "workflow_dispatch", branch: branch() },
    ]);
    const [started] = ci.runs;
    const reply = world.gh.comments(issueNumber).at(-1)!.body!;
    expect(reply).toContain(
      `Started CI on \`${branch()}\`: [ci.yml](${world.gh.workflowRun(started!.runId).html_url})`,
    );
    await ci.idle();
    const failed = world.gh.workflowRun(started!.runId);
    expect(failed.conclusion).toBe("failure");
    expect(failed.head_sha).toBe(await world.repo.originGit("rev-parse", branch()));
    expect(failed.pull_requests?.map((pull) => pull.number)).toEqual([pullNumber]);
    expect(world.gh.violations).toEqual([]);
  });

  it("the failed run starts trigger mode ci, which fixes the branch; CI dispatched again passes", async () => {
    const [failed] = ci.runs;
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "answer.ts", content: "export const answer = 42;\n" } }] },
      { text: "CI wanted 42; answer.ts now exports 42." },
    ]);
    const before = world.model.requests.length;
    const sender = world.gh.addUser({ login: "github-actions[bot]", type: "Bot" });
    const payload = workflowRunCompletedPayload({
      ...target,
      issue: world.gh.issue(pullNumber),
      run: world.gh.workflowRun(failed!.runId),
      sender,
    });
    const run = await world.run("workflow_run", payload);
    expect(run.proceed, run.logs).toBe(true);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    // The failed job's log, from the Actions API, is what the model was asked about.
    expect(JSON.stringify(world.model.requests[before]!.body)).toContain(
      "error: expected 42 in answer.ts, got: export const answer = 41;",
    );
    expect(await world.repo.originGit("show", `${branch()}:answer.ts`)).toBe("export const answer = 42;");

    expect(ci.runs).toHaveLength(2);
    await ci.idle();
    const again = world.gh.workflowRun(ci.runs[1]!.runId);
    expect(again.head_sha).toBe(await world.repo.originGit("rev-parse", branch()));
    expect(again.conclusion).toBe("success");
    const replies = world.gh.comments(pullNumber).filter((c) => c.body?.includes(REPLY_MARKER));
    expect(replies.at(-1)!.body).toContain(`[ci.yml](${again.html_url})`);
    // No secret but the job's token: every request of every run carried it, and only it.
    const auth = new Set(world.gh.requests.map((r) => r.headers.authorization).filter(Boolean));
    expect(
      [...auth].every((header) => header!.endsWith(` ${TOKEN}`)),
      [...auth].join("\n"),
    ).toBe(true);
    expect(world.gh.violations).toEqual([]);
  });

  it("a listed workflow GitHub will not dispatch: the work is pushed, the reply says what the workflow needs", async () => {
    const workspace = await checkoutWithConfig(world, {
      delivery: "pull-request",
      trigger: { modes: ["issue", "ci"] },
      ci: { dispatch: ["ci.yml", "lint.yml"] },
    });
    await commitFile(workspace, ".github/workflows/lint.yml", CI.replace("  workflow_dispatch:", "  push:"), "lint");
    await git(workspace, "push", "-q", "origin", "HEAD:main");
    const issue = world.gh.createIssue({ title: "Docs", body: "Add docs.md.", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "docs.md", content: "# docs\n" } }] },
      { text: "Added docs.md." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(await world.repo.originGit("show", `gitclaw/issue-${issue.number}:docs.md`)).toBe("# docs");
    const reply = world.gh.comments(issue.number).at(-1)!.body!;
    expect(reply).toContain("> [!WARNING]\n> Started CI on");
    expect(reply).toContain(
      "> Could not start `lint.yml` (ci.dispatch): the workflow-dispatch API answered 422 Workflow does not have 'workflow_dispatch' trigger. It needs `on: workflow_dispatch`, and this job `permissions: actions: write`.",
    );
    expect(ci.runs.at(-1)!.workflow).toBe("ci.yml");
    await ci.idle();
  });

  it("a failed run whose event lists no pull request: gitclaw finds it by the run's branch", async () => {
    const { runId, branch: head } = ci.runs.at(-1)!;
    const run = world.gh.workflowRun(runId);
    expect(run.conclusion).toBe("failure");
    const pull = run.pull_requests![0]!.number;
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "answer.ts", content: "export const answer = 42;\n" } }] },
      { text: "CI wanted answer.ts; added it." },
    ]);
    const sender = world.gh.addUser({ login: "github-actions[bot]", type: "Bot" });
    // As GitHub may send it for a run it did not start for a pull request.
    const unlisted = { ...run, pull_requests: [] };
    const payload = workflowRunCompletedPayload({ ...target, issue: world.gh.issue(pull), run: unlisted, sender });
    const before = world.gh.requests.length;
    const fixed = await world.run("workflow_run", payload);
    expect(fixed.proceed, fixed.logs).toBe(true);
    expect(fixed.stages.agent!.exitCode, fixed.logs).toBe(0);
    const lookups = world.gh.requests.slice(before).filter((r) => r.path.endsWith("/pulls") && r.query.head);
    expect(lookups.map((r) => r.query.head)).toContain(`${OWNER}:${head}`);
    expect(await world.repo.originGit("show", `${head}:answer.ts`)).toBe("export const answer = 42;");
    expect(world.gh.comments(pull).at(-1)!.body).toContain("CI wanted answer.ts; added it.");
    await ci.idle();
    expect(world.gh.violations).toEqual([]);
  });
});
