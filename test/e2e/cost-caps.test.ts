// The cost caps count every model call gitclaw makes (#37), through the real stages: a run whose
// session lives on its pull request's branch (delivery "pull-request") counts against the day's cap
// of the next run, which checks out the default branch; an automatic review of an outsider's pull
// request (review.outsiders) is refused, before the model, once the day's cap is spent, with a
// neutral check that says why. Runs that start together: test/unit/run/cost-claim.test.ts.
import { describe, expect, it } from "vitest";
import { CUSTOM } from "../../src/session/custom.ts";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload, pullRequestPayload } from "../support/payloads.ts";
import { checkoutWithConfig, OWNER, REPO, useWorld } from "./support.ts";

const world = useWorld([
  { login: "alice", permission: "write" },
  { login: "eve", permission: "read" },
]);
const target = { owner: OWNER, repo: REPO };
// $0.45 a call at the fake model's prices: two of them pass a cap of $0.50.
const costly = { input: 100_000, output: 10_000 };

describe('budgets.maxCostUsdPerDay with delivery "pull-request"', () => {
  it("counts a run whose session is on its pull request's branch against the next run, on another issue", async () => {
    await checkoutWithConfig(world, { delivery: "pull-request", budgets: { maxCostUsdPerDay: 0.5 } });
    const first = world.gh.createIssue({ title: "Costly one", body: "Add one.txt.", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "one.txt", content: "1\n" } }], usage: costly },
      { text: "Added one.txt.", usage: costly },
    ]);
    const spent = await world.run("issues", issueOpenedPayload({ ...target, issue: first }));
    expect(spent.stages.agent!.exitCode, spent.logs).toBe(0);
    // Its session is on gitclaw/issue-<n>, not on the default branch the next run checks out.
    const onMain = await world.repo.originGit("ls-tree", "-r", "--name-only", "main", "state/sessions");
    expect(onMain).toBe("");

    const before = world.model.requests.length;
    const second = world.gh.createIssue({ title: "Another", body: "Add two.txt.", user: "alice" });
    world.model.script([{ text: "never asked" }]);
    const refused = await world.run("issues", issueOpenedPayload({ ...target, issue: second }));
    expect(refused.stages.agent!.exitCode, refused.logs).toBe(0);
    expect(world.model.requests.length).toBe(before);
    expect(refused.stages.agent!.outputs.outcome).toBe("cost_cap");
    const reply = world.gh.comments(second.number).at(-1)!.body!;
    expect(reply).toMatch(/the runs of this repository cost \$0\.90 today \(\d{4}-\d\d-\d\d UTC\) over 1 run/);
    expect(reply).toContain("`budgets.maxCostUsdPerDay` ($0.50)");
    world.model.script([]);
  });
});

describe("an automatic review", () => {
  it("is refused before the model once the day's cap is spent, an outsider's under review.outsiders too", async () => {
    const workspace = await checkoutWithConfig(world, {
      trigger: { modes: ["issue", "review"] },
      review: { outsiders: true },
      budgets: { maxCostUsdPerDay: 0.5 },
    });
    // A run of today on the default branch that cost $1 (what a committed session says).
    const run = { type: "custom", customType: CUSTOM.run, data: { usage: { cost: { total: 1 } } } };
    const line = JSON.stringify({ ...run, timestamp: new Date().toISOString() });
    await commitFile(workspace, "state/sessions/spent.jsonl", `${line}\n`, "a costly day");
    await git(workspace, "push", "-q", "origin", "HEAD:main");

    const author = await world.repo.clone("author-outsider");
    await git(author, "checkout", "-q", "-b", "outsider");
    const head = await commitFile(author, "src/evil.ts", "export const evil = 1;\n", "Add evil");
    await git(author, "push", "-q", "origin", "outsider");
    const patch = "@@ -0,0 +1 @@\n+export const evil = 1;";
    const files = [{ filename: "src/evil.ts", status: "added" as const, additions: 1, deletions: 0, patch }];
    const pr = world.gh.createPullRequest({
      title: "Evil",
      body: "Review me.",
      user: "eve",
      head: { ref: "outsider", sha: head },
      files,
      commits: 1,
    });
    const before = world.model.requests.length;
    const pull = world.gh.pullRequest(pr.number);
    const sender = world.gh.addUser({ login: "eve" });
    const payload = pullRequestPayload({ ...target, issue: world.gh.issue(pr.number), pull, action: "opened", sender });
    const reviewed = await world.run("pull_request_target", payload);

    expect(reviewed.stages.agent!.exitCode, reviewed.logs).toBe(0);
    expect(world.model.requests.length).toBe(before);
    const [check] = world.gh.checkRuns().filter((c) => c.headSha === head);
    expect(check).toMatchObject({ name: "gitclaw review", status: "completed", conclusion: "neutral" });
    expect(check!.output.title).toBe("Not reviewed: a cost cap is reached");
    expect(check!.output.summary).toContain("`budgets.maxCostUsdPerDay` ($0.50)");
    expect(world.gh.violations).toEqual([]);
  });
});
