// gitclaw under a repository's rules, end to end (delivery "push", the default): a default branch
// whose ruleset requires pull requests gets the work on gitclaw/issue-<n> with a pull request, read
// from the rules before the push, and the conversation lives on the state branch, resumed comment
// after comment; a push refused anyway (classic protection the job's token cannot read: GH006; a
// ruleset the run could not read: GH013) is named in the reply, and the work lands on a pull request.
import { describe, expect, it } from "vitest";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { verifyingOptions, webFlowKey } from "../support/web-flow.ts";
import { zipFolder } from "../support/zip.ts";
import { OWNER, REPO, TOKEN, useWorld, type World } from "./support.ts";

const target = { owner: OWNER, repo: REPO };

const onBranch = (world: World, ref: string, path: string) => world.repo.originGit("show", `${ref}:${path}`);
const mappingOn = async (world: World, ref: string, issue: number) =>
  JSON.parse(await onBranch(world, ref, `state/issues/${issue}.json`)) as { sessionPath: string; pullRequest?: number };
const pullsCreated = (world: World) =>
  world.gh.requests.filter((r) => r.method === "POST" && r.path.endsWith("/pulls")).length;
const lastReply = (world: World, issue: number) => world.gh.comments(issue).at(-1)!.body ?? "";

/** A new issue of alice's and the run it starts, whose model writes `file` and says `text`. */
async function openIssue(world: World, title: string, file: string, content: string, text: string) {
  const opened = world.gh.createIssue({ title, body: `Please add ${file}.`, user: "alice" });
  world.model.script([{ toolCalls: [{ name: "write", input: { path: file, content } }] }, { text }]);
  const run = await world.run("issues", issueOpenedPayload({ ...target, issue: opened }));
  expect(run.stages.agent!.exitCode, run.logs).toBe(0);
  return { opened, run };
}

/** One run answering a new comment on the issue, whose model writes `file` and says `text`. */
async function comment(world: World, issue: number, body: string, file: string, text: string) {
  const made = world.gh.addComment(issue, { body, user: "alice" });
  world.model.script([{ toolCalls: [{ name: "write", input: { path: file, content: `${file}\n` } }] }, { text }]);
  const requests = world.model.requests.length;
  const run = await world.run(
    "issue_comment",
    issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue), comment: made }),
  );
  expect(run.stages.agent!.exitCode, run.logs).toBe(0);
  return { run, context: JSON.stringify(world.model.requests[requests]!.body) };
}

describe("a default branch whose ruleset requires pull requests", () => {
  const world = useWorld();
  let issue: number;
  let pull: number;
  const branch = () => `gitclaw/issue-${issue}`;

  it("gets a pull request from gitclaw/issue-<n>, read from the rules before pushing, and says why", async () => {
    world.gh.addRuleset({ rules: [{ type: "pull_request" }] });
    const mainBefore = await world.repo.originGit("rev-parse", "main");
    const { opened, run } = await openIssue(
      world,
      "Add a greeting",
      "hello.txt",
      "hello\n",
      "Added hello.txt (turn one).",
    );
    issue = opened.number;
    expect(await world.repo.originGit("rev-parse", "main")).toBe(mainBefore);
    expect(await onBranch(world, branch(), "hello.txt")).toBe("hello");
    expect(pullsCreated(world)).toBe(1);
    pull = world.gh.issue(issue + 1).number;
    expect(world.gh.pullRequest(pull)).toMatchObject({ head: { ref: branch() }, base: { ref: "main" } });
    // No push to main was tried: the rules said so first.
    expect(run.logs).not.toContain("GH013");
    const reply = lastReply(world, issue);
    expect(reply).toContain("`main` does not take direct pushes: changes must be made through a pull request.");
    expect(reply).toContain(`Opened the draft pull request #${pull}`);
    expect(reply).toContain("The conversation is kept on [`gitclaw/state`]");
    // The conversation's home: the state branch, holding only state/.
    const mapping = await mappingOn(world, "gitclaw/state", issue);
    expect(mapping.pullRequest).toBe(pull);
    expect(await world.repo.originGit("ls-tree", "--name-only", "gitclaw/state")).toBe("state");
    expect(world.gh.violations).toEqual([]);
  });

  it("resumes the same conversation on the second and third comments, on the same pull request", async () => {
    const first = await mappingOn(world, "gitclaw/state", issue);
    const second = await comment(world, issue, "Now a farewell.", "bye.txt", "Added bye.txt (turn two).");
    expect(second.context).toContain("Added hello.txt (turn one).");
    const third = await comment(world, issue, "And a README line.", "notes.txt", "Added notes.txt (turn three).");
    expect(third.context).toContain("Added hello.txt (turn one).");
    expect(third.context).toContain("Added bye.txt (turn two).");
    for (const file of ["hello.txt", "bye.txt", "notes.txt"])
      expect(await onBranch(world, branch(), file)).toBe(file === "hello.txt" ? "hello" : file);
    expect(pullsCreated(world)).toBe(1);
    const mapping = await mappingOn(world, "gitclaw/state", issue);
    expect(mapping).toMatchObject({ sessionPath: first.sessionPath, pullRequest: pull });
    expect(await onBranch(world, "gitclaw/state", first.sessionPath)).toContain("turn three");
    expect(lastReply(world, issue)).toContain(`Pushed to #${pull}.`);
    expect(world.gh.violations).toEqual([]);
  });

  it("continues on a comment on the pull request, and the state branch gets that turn too", async () => {
    const onPull = await comment(world, pull, "Also a test.", "test.txt", "Added test.txt (turn four).");
    expect(onPull.context).toContain("Added notes.txt (turn three).");
    const mapping = await mappingOn(world, "gitclaw/state", issue);
    expect(await onBranch(world, "gitclaw/state", mapping.sessionPath)).toContain("turn four");
    expect(await onBranch(world, branch(), "test.txt")).toBe("test.txt");
    expect(pullsCreated(world)).toBe(1);
  });
});

describe("a push refused anyway", () => {
  const world = useWorld();

  it("GH006 (classic protection the job's token cannot read) is named, and the work lands on a pull request", async () => {
    world.gh.protectBranch("main", { requirePullRequest: true });
    const { opened } = await openIssue(world, "Fix it", "fix.txt", "fixed\n", "Fixed (turn one).");
    const reply = lastReply(world, opened.number);
    expect(reply).toContain(
      "The push was refused: GH006: Protected branch update failed for refs/heads/main: Changes must be made through a pull request.",
    );
    expect(reply).toMatch(/Opened the draft pull request #\d+/);
    expect(await onBranch(world, `gitclaw/issue-${opened.number}`, "fix.txt")).toBe("fixed");
    // The next comment resumes from the state branch, though the checkout of main has no conversation.
    const next = await comment(world, opened.number, "One more.", "more.txt", "More (turn two).");
    expect(next.context).toContain("Fixed (turn one).");
    expect(await onBranch(world, `gitclaw/issue-${opened.number}`, "more.txt")).toBe("more.txt");
    expect(pullsCreated(world)).toBe(1);
    expect(world.gh.violations).toEqual([]);
  });
});

describe("a push refused by a ruleset the run could not read", () => {
  const world = useWorld();

  it("GH013 is named, with the rule, and the work lands on a pull request", async () => {
    world.gh.addRuleset({
      rules: [{ type: "required_status_checks", parameters: { required_status_checks: [{ context: "ci" }] } }],
    });
    world.gh.failNext({ method: "GET", path: /\/rules\/branches\//, status: 403, times: 5 });
    const { opened } = await openIssue(world, "Another", "other.txt", "other\n", "Done.");
    const reply = lastReply(world, opened.number);
    expect(reply).toContain(
      'The push was refused: GH013: Repository rule violations found for refs/heads/main: Required status check "ci" is expected.',
    );
    expect(reply).toMatch(/Opened the draft pull request #\d+/);
    expect(await onBranch(world, `gitclaw/issue-${opened.number}`, "other.txt")).toBe("other");
  });
});

describe("rules that refuse every branch gitclaw pushes to", () => {
  const world = useWorld();

  /** A run of the issue in a workflow run the emulator knows, whose artifacts it keeps. */
  async function runKept(event: string, payload: unknown) {
    const head = await world.repo.originGit("rev-parse", "main");
    const { id } = world.gh.addWorkflowRun({
      name: "gitclaw",
      headSha: head,
      event,
      steps: [{ status: "in_progress" }],
    });
    return world.run(event, payload, {
      runId: String(id),
      uploadArtifact: async ({ name, path }) => {
        world.gh.addArtifact(id, name, zipFolder(path));
      },
    });
  }

  it("keeps the conversation as an artifact, says where, and the next run resumes from it", async () => {
    world.gh.addRuleset({ include: ["~ALL"], rules: [{ type: "creation" }, { type: "update" }] });
    const opened = world.gh.createIssue({ title: "Locked", body: "Please add a.txt.", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "a.txt", content: "a\n" } }] },
      { text: "Wrote a.txt (turn one)." },
    ]);
    const first = await runKept("issues", issueOpenedPayload({ ...target, issue: opened }));
    // Nothing could be pushed: the job fails, and the reply says where the conversation is.
    expect(first.stages.agent!.exitCode, first.logs).not.toBe(0);
    const reply = lastReply(world, opened.number);
    expect(reply).toContain(`is saved as the artifact \`gitclaw-conversation-${opened.number}\` of [this run]`);
    expect(reply).toContain(`The next run of #${opened.number} downloads the newest artifact of that name`);
    const made = world.gh.addComment(opened.number, { body: "Go on.", user: "alice" });
    world.model.script([{ text: "Going on (turn two)." }]);
    const requests = world.model.requests.length;
    await runKept(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(opened.number), comment: made }),
    );
    expect(JSON.stringify(world.model.requests[requests]!.body)).toContain("Wrote a.txt (turn one).");
    expect(world.gh.violations).toEqual([]);
  });
});

/** `%G?` of each commit in `range` on origin, against the web-flow key only: G is a good signature. */
const signatures = async (world: World, range: string) =>
  (await world.repo.originGit(...verifyingOptions(webFlowKey()), "log", "--format=%G?", range)).split("\n");

describe("rules that require signed commits (no commits.sign in the config)", () => {
  const world = useWorld();

  it("land signed on their own: every commit on the default branch is verified, and a git push would have been refused", async () => {
    world.gh.addRuleset({ include: ["~ALL"], rules: [{ type: "required_signatures" }] });
    const mainBefore = await world.repo.originGit("rev-parse", "main");
    const { opened } = await openIssue(world, "Sign it", "signed.txt", "signed\n", "Signed (turn one).");
    expect(await onBranch(world, "main", "signed.txt")).toBe("signed");
    expect(await signatures(world, `${mainBefore}..main`)).toEqual(expect.arrayContaining(["G"]));
    expect(new Set(await signatures(world, `${mainBefore}..main`))).toEqual(new Set(["G"]));
    expect(pullsCreated(world)).toBe(0);
    // The next comment continues the same conversation, signed again.
    const next = await comment(world, opened.number, "Once more.", "again.txt", "Again (turn two).");
    expect(next.context).toContain("Signed (turn one).");
    expect(new Set(await signatures(world, `${mainBefore}..main`))).toEqual(new Set(["G"]));
    expect(world.gh.violations).toEqual([]);
  });

  it("the API refuses an update the rules forbid, in GitHub's words", async () => {
    world.gh.addRuleset({ rules: [{ type: "pull_request" }] });
    const tip = await world.repo.originGit("rev-parse", "main");
    const response = await fetch(`${world.gh.url}/repos/${OWNER}/${REPO}/git/refs/heads/main`, {
      method: "PATCH",
      headers: { authorization: `token ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ sha: tip, force: false }),
    });
    expect(response.status).toBe(422);
    expect(((await response.json()) as { message: string }).message).toContain(
      "Changes must be made through a pull request.",
    );
  });
});

describe("rules that require signed commits on every branch, and pull requests on the default branch", () => {
  const world = useWorld();

  it("the pull request's branch and the state branch hold signed commits only", async () => {
    world.gh.addRuleset({ include: ["~ALL"], rules: [{ type: "required_signatures" }] });
    world.gh.addRuleset({ rules: [{ type: "pull_request" }] });
    const { opened, run } = await openIssue(world, "Both rules", "both.txt", "both\n", "Both (turn one).");
    const branch = `gitclaw/issue-${opened.number}`;
    expect(await onBranch(world, branch, "both.txt")).toBe("both");
    expect(new Set(await signatures(world, `main..${branch}`))).toEqual(new Set(["G"]));
    expect(await world.repo.originGit("branch", "--list"), run.logs).toContain("gitclaw/state");
    expect(new Set(await signatures(world, "gitclaw/state"))).toEqual(new Set(["G"]));
    expect(lastReply(world, opened.number)).toMatch(/Opened the draft pull request #\d+/);
  });
});
