// Delivery "pull-request", end to end: an issue's work goes to gitclaw/issue-<n> with a draft pull
// request "Fixes #n"; later comments, on the issue or on the pull request, continue the same branch
// and session; "READY FOR REVIEW" marks it ready and asks the person who asked to review. A default
// branch that refuses every push (branch protection) blocks none of it.
import { describe, expect, it } from "vitest";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { markedIssue, REPLY_MARKER } from "../../src/github/marker.ts";
import { checkoutWithConfig, OWNER, REPO, sessionLines, useWorld } from "./support.ts";

const world = useWorld([
  { login: "alice", permission: "write" },
  { login: "bob", permission: "write" },
]);
const target = { owner: OWNER, repo: REPO };

/** The origin refuses pushes to main from now on, as branch protection does. */
const protectMain = () => world.gh.protectBranch("main", { requirePullRequest: true });

const onBranch = (ref: string, path: string) => world.repo.originGit("show", `${ref}:${path}`);
const sessionOf = async (branch: string, issue: number) =>
  JSON.parse(await onBranch(branch, `state/issues/${issue}.json`)) as { sessionPath: string; pullRequest?: number };

describe('delivery "pull-request"', () => {
  let issueNumber: number;
  let pullNumber: number;
  let sessionPath: string;
  const branch = () => `gitclaw/issue-${issueNumber}`;

  it("works on gitclaw/issue-<n> and opens a draft pull request that fixes the issue", async () => {
    await checkoutWithConfig(world, { delivery: "pull-request" });
    protectMain();
    const mainBefore = await world.repo.originGit("rev-parse", "main");
    const issue = world.gh.createIssue({ title: "Add a greeting", body: "Please add hello.txt.", user: "alice" });
    issueNumber = issue.number;
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "hello.txt", content: "hello\n" } }] },
      { text: "Added hello.txt; a farewell is still to come." },
    ]);

    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(await world.repo.originGit("rev-parse", "main")).toBe(mainBefore);
    expect(await onBranch(branch(), "hello.txt")).toBe("hello");
    const pulls = world.gh.requests.filter((r) => r.method === "POST" && r.path.endsWith("/pulls"));
    expect(pulls).toHaveLength(1);
    pullNumber = world.gh.issue(issueNumber + 1).number;
    const pull = world.gh.pullRequest(pullNumber);
    expect(pull).toMatchObject({
      draft: true,
      title: "Add a greeting",
      head: { ref: branch() },
      base: { ref: "main" },
    });
    expect(pull.body).toMatch(new RegExp(`^Fixes #${issueNumber}\\n\\nAdded hello.txt; a farewell is still to come.`));
    expect(pull.body).toContain("write `hello.txt`");
    expect(markedIssue(pull.body ?? "")).toBe(issueNumber);
    // The mapping, on the branch, links the issue to its pull request.
    const mapping = await sessionOf(branch(), issueNumber);
    expect(mapping.pullRequest).toBe(pullNumber);
    sessionPath = mapping.sessionPath;
    // The issue's reply links the pull request.
    const reply = world.gh.comments(issueNumber).at(-1)!.body ?? "";
    expect(reply).toContain("a farewell is still to come");
    expect(reply).toContain(`Opened the draft pull request #${pullNumber}`);
    expect(world.gh.violations).toEqual([]);
  });

  it("continues the same branch and session on a comment on the issue", async () => {
    const before = await world.repo.originGit("rev-parse", branch());
    const comment = world.gh.addComment(issueNumber, { body: "Now the farewell, please.", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "bye.txt", content: "bye\n" } }] },
      { text: "Added bye.txt.\n\nREADY FOR REVIEW" },
    ]);
    const requests = world.model.requests.length;
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issueNumber), comment }),
    );
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    // The earlier turns are in the model's context: the same session.
    expect(JSON.stringify(world.model.requests[requests]!.body)).toContain("a farewell is still to come");
    expect(await world.repo.originGit("rev-parse", `${branch()}~1`)).toBe(before);
    expect(await onBranch(branch(), "bye.txt")).toBe("bye");
    expect((await sessionOf(branch(), issueNumber)).sessionPath).toBe(sessionPath);
    // Ready: no longer a draft, and alice, who asked, is asked to review.
    expect(world.gh.pullRequest(pullNumber)).toMatchObject({ draft: false, requested_reviewers: [{ login: "alice" }] });
    const reply = world.gh.comments(issueNumber).at(-1)!.body ?? "";
    expect(reply).toContain("Added bye.txt.");
    expect(reply).not.toContain("READY FOR REVIEW");
    expect(reply).toContain(`#${pullNumber} is ready for review; review requested from @alice`);
    expect(world.gh.requests.filter((r) => r.method === "POST" && r.path.endsWith("/pulls"))).toHaveLength(1);
  });

  it("continues the issue's session on a comment on the pull request, and answers there", async () => {
    const before = await world.repo.originGit("rev-parse", branch());
    const comment = world.gh.addComment(pullNumber, { body: "Please also add a newline test.", user: "bob" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "newline.test", content: "ok\n" } }] },
      { text: "Added the test." },
    ]);
    const requests = world.model.requests.length;
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(pullNumber), comment }),
    );
    expect(run.proceed, run.logs).toBe(true);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(JSON.stringify(world.model.requests[requests]!.body)).toContain("Added bye.txt.");
    expect(await world.repo.originGit("rev-parse", `${branch()}~1`)).toBe(before);
    expect(await onBranch(branch(), "newline.test")).toBe("ok");
    const mapping = await sessionOf(branch(), issueNumber);
    expect(mapping).toMatchObject({ sessionPath, pullRequest: pullNumber });
    const lines = sessionLines(await onBranch(branch(), sessionPath));
    expect(lines.filter((l) => l.type === "custom" && l.customType === "gitclaw.issue")).toHaveLength(1);
    const replies = world.gh.comments(pullNumber).filter((c) => c.body?.includes(REPLY_MARKER));
    expect(replies.at(-1)!.body).toContain("Added the test.");
    expect(world.gh.violations).toEqual([]);
  });
});
