// The emulator endpoints behind the github tool, driven directly with Octokit: seeded pull requests
// and git data, search, and workflow runs that move through scripted states. Every response is
// checked against GitHub's OpenAPI description (gh.violations).
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGitHubEmulator, type GitHubEmulator } from "./github-emulator.ts";
import { validateGraphqlResponse } from "./openapi/validate-graphql.ts";

const TOKEN = "ghs_emulatortoken";
const repo = { owner: "acme", repo: "widgets" };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

let gh: GitHubEmulator;
let octokit: Octokit;

beforeEach(async () => {
  gh = await startGitHubEmulator({ ...repo, token: TOKEN });
  octokit = new Octokit({ auth: TOKEN, baseUrl: gh.url, log: silent });
  gh.addUser({ login: "alice", permission: "write" });
});

afterEach(async () => {
  await gh.stop();
  expect(gh.violations).toEqual([]);
});

describe("pull requests", () => {
  it("shares numbers, comments and labels with issues", async () => {
    gh.createIssue({ title: "an issue", user: "alice" });
    const pr = gh.createPullRequest({
      title: "a PR",
      user: "alice",
      head: { ref: "feat", sha: "a".repeat(40) },
      labels: ["x"],
    });
    expect(pr.number).toBe(2);
    const { data: asIssue } = await octokit.rest.issues.get({ ...repo, issue_number: 2 });
    expect(asIssue.pull_request?.html_url).toBe(`${gh.serverUrl}/acme/widgets/pull/2`);
    const { data: listed } = await octokit.rest.pulls.list({ ...repo, head: "acme:feat" });
    expect(listed.map((item) => item.number)).toEqual([2]);
    expect((await octokit.rest.pulls.list({ ...repo, head: "acme:other" })).data).toEqual([]);
  });

  it("creates PRs from existing branches only, once per head and base", async () => {
    gh.setBranch("main", "1".repeat(40));
    gh.setBranch("feat", "2".repeat(40));
    const { status, data } = await octokit.rest.pulls.create({ ...repo, title: "t", head: "feat", base: "main" });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      head: { sha: "2".repeat(40), label: "acme:feat" },
      base: { sha: "1".repeat(40) },
      user: { login: "github-actions[bot]" },
    });
    await expect(octokit.rest.pulls.create({ ...repo, title: "t", head: "feat", base: "main" })).rejects.toMatchObject({
      status: 422,
    });
    await expect(octokit.rest.pulls.create({ ...repo, title: "t", head: "nope", base: "main" })).rejects.toMatchObject({
      status: 422,
    });
  });

  it("describes a fork's head with the fork's clone URL", async () => {
    gh.createPullRequest({
      title: "t",
      user: "alice",
      head: { ref: "fix", sha: "3".repeat(40) },
      fork: { owner: "bob", cloneUrl: "file:///tmp/fork.git" },
    });
    const { data } = await octokit.rest.pulls.get({ ...repo, pull_number: 1 });
    expect(data.head).toMatchObject({
      label: "bob:fix",
      repo: { full_name: "bob/widgets", fork: true, clone_url: "file:///tmp/fork.git" },
    });
  });
});

describe("git data", () => {
  it("serves files by ref, with paths whether or not their slashes are encoded", async () => {
    gh.setFile("src/a.ts", "A");
    const { data } = await octokit.rest.repos.getContent({ ...repo, path: "src/a.ts" });
    expect(Buffer.from((data as { content: string }).content, "base64").toString()).toBe("A");
    const raw = await fetch(`${gh.url}/repos/acme/widgets/contents/src/a.ts`, {
      headers: { authorization: `token ${TOKEN}` },
    });
    expect(raw.status).toBe(200);
    await expect(octokit.rest.repos.getContent({ ...repo, path: "src/a.ts", ref: "other" })).rejects.toMatchObject({
      status: 404,
    });
  });

  it("searches issues only with is:issue or is:pr, as GitHub now requires", async () => {
    gh.createIssue({ title: "flaky test", user: "alice" });
    await expect(octokit.rest.search.issuesAndPullRequests({ q: "flaky" })).rejects.toMatchObject({ status: 422 });
    expect(
      (await octokit.rest.search.issuesAndPullRequests({ q: "flaky is:issue repo:acme/widgets" })).data.total_count,
    ).toBe(1);
    expect(
      (await octokit.rest.search.issuesAndPullRequests({ q: "flaky is:issue repo:acme/other" })).data.total_count,
    ).toBe(0);
  });
});

describe("workflow runs", () => {
  it("moves runs through their scripted states, shows late runs late, and redirects to job logs", async () => {
    const run = gh.addWorkflowRun({
      headSha: "4".repeat(40),
      steps: [
        { status: "queued" },
        {
          status: "completed",
          conclusion: "failure",
          jobs: [{ name: "build", status: "completed", conclusion: "failure", log: "boom\n" }],
        },
      ],
    });
    const late = gh.addWorkflowRun({ headSha: "4".repeat(40), appearAfter: 1, steps: [{ status: "in_progress" }] });

    const first = await octokit.rest.actions.listWorkflowRunsForRepo({ ...repo, head_sha: "4".repeat(40) });
    expect(first.data.workflow_runs.map((item) => [item.id, item.status])).toEqual([[run.id, "queued"]]);
    await expect(octokit.rest.actions.getWorkflowRun({ ...repo, run_id: late.id })).rejects.toMatchObject({
      status: 404,
    });

    gh.advanceWorkflowRuns();
    const second = await octokit.rest.actions.listWorkflowRunsForRepo({ ...repo, head_sha: "4".repeat(40) });
    expect(second.data.workflow_runs.map((item) => [item.id, item.status, item.conclusion])).toEqual([
      [late.id, "in_progress", null],
      [run.id, "completed", "failure"],
    ]);
    const { data: jobs } = await octokit.rest.actions.listJobsForWorkflowRun({ ...repo, run_id: run.id });
    expect(jobs.jobs).toMatchObject([{ id: run.jobIds.build, name: "build", conclusion: "failure" }]);

    const redirect = await fetch(`${gh.url}/repos/acme/widgets/actions/jobs/${run.jobIds.build}/logs`, {
      headers: { authorization: `token ${TOKEN}` },
      redirect: "manual",
    });
    expect(redirect.status).toBe(302);
    const { data: log } = await octokit.rest.actions.downloadJobLogsForWorkflowRun({
      ...repo,
      job_id: run.jobIds.build!,
    });
    expect(log).toBe("boom\n");
  });
});

describe("GraphQL", () => {
  it("answers only the minimized-comments queries, and records any other as a violation", async () => {
    gh.createIssue({ title: "an issue", user: "alice" });
    gh.addComment(1, { body: "hidden", user: "alice", minimized: "off-topic" });
    const { MINIMIZED_QUERY } = await import("../../src/tools/github/minimized.ts");
    const answer = await octokit.graphql<{ repository: { issueOrPullRequest: { comments: { nodes: unknown[] } } } }>(
      MINIMIZED_QUERY,
      { owner: "acme", name: "widgets", number: 1, after: null },
    );
    expect(answer.repository.issueOrPullRequest.comments.nodes).toEqual([
      { id: gh.comments(1)[0]!.node_id, isMinimized: true, minimizedReason: "off-topic" },
    ]);
    await expect(
      octokit.graphql(MINIMIZED_QUERY, { owner: "acme", name: "widgets", number: 9, after: null }),
    ).rejects.toThrow("Could not resolve to an issue or pull request with the number of 9.");
    await expect(
      new Octokit({ auth: "wrong", baseUrl: gh.url, log: silent }).graphql(MINIMIZED_QUERY, {
        owner: "acme",
        name: "widgets",
        number: 1,
      }),
    ).rejects.toMatchObject({ status: 401 });

    gh.createPullRequest({ title: "a PR", user: "alice", head: { ref: "feature", sha: "c".repeat(40) } });
    const review = gh.addReviewComment(2, { body: "old", user: "alice", path: "a.ts", line: 1, minimized: "outdated" });
    const shown = gh.addReviewComment(2, { body: "current", user: "alice", path: "a.ts", line: 2 });
    const { MINIMIZED_NODES_QUERY } = await import("../../src/tools/github/minimized.ts");
    const nodes = await octokit.graphql<{ nodes: unknown[] }>(MINIMIZED_NODES_QUERY, {
      ids: [review.node_id, shown.node_id],
    });
    expect(nodes.nodes).toEqual([
      { id: review.node_id, isMinimized: true, minimizedReason: "outdated" },
      { id: shown.node_id, isMinimized: false, minimizedReason: null },
    ]);
    await expect(octokit.graphql(MINIMIZED_NODES_QUERY, { ids: ["nope"] })).rejects.toThrow(
      "Could not resolve to a node with the global id of 'nope'",
    );

    await expect(octokit.graphql("query { viewer { login } }")).rejects.toThrow("emulator: unsupported query");
    expect(gh.violations).toEqual([
      expect.stringContaining("the emulator does not know this query: query { viewer { login } }"),
    ]);
    // Expected here: cleared so the check after each test still catches unexpected ones.
    (gh.violations as string[]).length = 0;
  });

  it("refuses a document GitHub's schema refuses, with GraphQL's message, and records it as a violation", async () => {
    const wrongField = 'query gitclawWrong($owner: String!) { repository(owner: $owner, name: "widgets") { nme } }';
    await expect(octokit.graphql(wrongField, { owner: "acme" })).rejects.toThrow(
      'Cannot query field "nme" on type "Repository".',
    );
    const deprecated = `query gitclawOld($id: ID!) { node(id: $id) { ... on PullRequestReviewComment { databaseId } } }`;
    await expect(octokit.graphql(deprecated, { id: "PRRC_1" })).rejects.toThrow(
      "PullRequestReviewComment.databaseId is deprecated",
    );
    const variables =
      'query gitclawVars($number: Int!) { repository(owner: "acme", name: "widgets") { issue(number: $number) { id } } }';
    await expect(octokit.graphql(variables, { number: "seven" })).rejects.toThrow(
      'Variable "$number" got invalid value "seven"',
    );
    expect(gh.violations).toEqual([
      'POST /graphql gitclawWrong: Cannot query field "nme" on type "Repository". Did you mean "name"?',
      expect.stringContaining("POST /graphql gitclawOld: The field PullRequestReviewComment.databaseId is deprecated."),
      expect.stringContaining('POST /graphql gitclawVars: Variable "$number" got invalid value "seven"'),
    ]);
    (gh.violations as string[]).length = 0;
  });

  it("checks the stand-in's own answers against the schema: an id no Int holds, a null where none may be", () => {
    const query = `query gitclawThreads($number: Int!) { repository(owner: "acme", name: "widgets") {
      pullRequest(number: $number) { reviewThreads(first: 1) { nodes { id isResolved comments(first: 1) {
      nodes { databaseId fullDatabaseId } } } } } } }`;
    const answer = (thread: object) => ({
      data: { repository: { pullRequest: { reviewThreads: { nodes: [thread] } } } },
    });
    const comments = (id: number) => ({ nodes: [{ databaseId: id, fullDatabaseId: String(id) }] });
    expect(
      validateGraphqlResponse(query, { number: 1 }, answer({ id: "T", isResolved: false, comments: comments(7) })),
    ).toEqual([]);
    const thread = (resolved: boolean | null, id: number) =>
      answer({ id: "T", isResolved: resolved, comments: comments(id) });
    expect(validateGraphqlResponse(query, { number: 1 }, thread(null, 7))).toEqual([
      "repository.pullRequest.reviewThreads.nodes.0.isResolved: Cannot return null for non-nullable field PullRequestReviewThread.isResolved.",
    ]);
    expect(validateGraphqlResponse(query, { number: 1 }, thread(true, 2 ** 32))).toEqual([
      "repository.pullRequest.reviewThreads.nodes.0.comments.nodes.0.databaseId: Int cannot represent non 32-bit signed integer value: 4294967296",
    ]);
  });
});
