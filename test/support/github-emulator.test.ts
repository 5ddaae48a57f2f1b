// Drives the GitHub emulator over real HTTP with @octokit/rest (as the code under test does) and
// with plain fetch (to see raw statuses and headers). Every test ends by checking that nothing the
// emulator sent broke GitHub's OpenAPI description.
import { getOctokit } from "@actions/github";
import { retry } from "@octokit/plugin-retry";
import { Octokit } from "@octokit/rest";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { startGitHubEmulator, type GitHubEmulator, type Permission } from "./github-emulator.ts";
import { validateRequest, validateResponse } from "./openapi/validate.ts";
import { octokitApi } from "../../src/github/api.ts";
import { createGitHubClient } from "../../src/github/client.ts";
import {
  cancelWorkflowRun,
  dispatchWorkflow,
  downloadArtifact,
  findRunArtifact,
  getWorkflowRun,
} from "../../src/github/runs.ts";
import { readZip } from "../../src/tasks/zip.ts";
import { completeCheckRun, createCheckRun } from "../../src/github/checks.ts";
import { writeZip } from "./zip.ts";

const TOKEN = "ghs_emulatortoken";
const repo = { owner: "acme", repo: "widgets" };
const silent = { debug() {}, info() {}, warn() {}, error() {} };

let gh: GitHubEmulator;
let octokit: Octokit;

beforeEach(async () => {
  gh = await startGitHubEmulator({ ...repo, token: TOKEN, defaultBranch: "main", validate: true });
  octokit = new Octokit({ auth: TOKEN, baseUrl: gh.url, log: silent });
  gh.addUser({ login: "alice", permission: "write" });
});

afterEach(async () => {
  await gh.stop();
  expect(gh.violations).toEqual([]);
});

// Requests made wrong on purpose: each is recorded as a violation naming the operation and the field.
// Cleared once checked, so the check after each test still catches unexpected ones.
function expectRequestViolations(...expected: string[]): void {
  expect(gh.violations).toEqual(expected.map((line) => expect.stringContaining(line)));
  (gh.violations as string[]).length = 0;
}

// The HttpError Octokit throws, reduced to what GitHub answered.
async function failure(promise: Promise<unknown>): Promise<{ status: number; data: unknown }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error, "request should have failed").toBeDefined();
  const { status, response } = error as { status: number; response?: { data: unknown } };
  return { status, data: response?.data };
}

function get(path: string, headers: Record<string, string> = { authorization: `token ${TOKEN}` }): Promise<Response> {
  return fetch(`${gh.url}${path}`, { headers });
}

describe("repository and users", () => {
  it("serves the repository with its default branch and html links under serverUrl", async () => {
    const { data } = await octokit.rest.repos.get(repo);
    expect(data).toMatchObject({
      full_name: "acme/widgets",
      default_branch: "main",
      html_url: `${gh.serverUrl}/acme/widgets`,
      owner: { login: "acme" },
    });
  });

  it("serves user profiles, with the token's identity as a Bot", async () => {
    expect((await octokit.rest.users.getByUsername({ username: "alice" })).data).toMatchObject({
      login: "alice",
      type: "User",
    });
    expect((await octokit.rest.users.getByUsername({ username: "github-actions[bot]" })).data).toMatchObject({
      login: "github-actions[bot]",
      type: "Bot",
    });
    expect(await failure(octokit.rest.users.getByUsername({ username: "nobody" }))).toMatchObject({ status: 404 });
  });

  it.each<[Permission, string]>([
    ["admin", "admin"],
    ["maintain", "write"],
    ["write", "write"],
    ["triage", "read"],
    ["read", "read"],
    ["none", "none"],
  ])("reports role %s as permission %s", async (role, permission) => {
    gh.addUser({ login: "carol", permission: role });
    const { data } = await octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: "carol" });
    expect(data).toMatchObject({ permission, role_name: role, user: { login: "carol", role_name: role } });
  });

  it("answers 404 for the permission of an unknown user", async () => {
    const { status, data } = await failure(
      octokit.rest.repos.getCollaboratorPermissionLevel({ ...repo, username: "mallory" }),
    );
    expect(status).toBe(404);
    expect(data).toMatchObject({ message: "mallory is not a user" });
  });
});

describe("Actions settings", () => {
  it("serves them as a repository created today has them, and as a test sets them", async () => {
    const actions = () => octokit.rest.actions.getGithubActionsPermissionsRepository(repo).then((r) => r.data);
    const workflow = () =>
      octokit.rest.actions.getGithubActionsDefaultWorkflowPermissionsRepository(repo).then((r) => r.data);
    expect(await actions()).toEqual({ enabled: true, allowed_actions: "all", sha_pinning_required: false });
    expect(await workflow()).toEqual({ default_workflow_permissions: "read", can_approve_pull_request_reviews: false });
    gh.setActionsSettings({ allowedActions: "selected", defaultWorkflowPermissions: "write" });
    expect(await actions()).toMatchObject({
      allowed_actions: "selected",
      selected_actions_url: `${gh.url}/repos/acme/widgets/actions/permissions/selected-actions`,
    });
    expect((await workflow()).default_workflow_permissions).toBe("write");
    gh.setActionsSettings({ enabled: false });
    expect(await actions()).toEqual({ enabled: false });
  });
});

describe("workflow_dispatch runs, cancel and artifacts", () => {
  it("dispatches with the run's id back, follows and cancels the run, serves its artifact's zip", async () => {
    const api = octokitApi(createGitHubClient({ token: TOKEN, baseUrl: gh.url, log: () => {} }));
    const dispatched: unknown[] = [];
    gh.onDispatch((run) => dispatched.push(run));
    const inputs = { task_id: "t0123abcd", task_base_sha: "a".repeat(40) };
    const run = await dispatchWorkflow(api, repo, { workflow: "gitclaw.yml", ref: "main", inputs });
    expect(dispatched).toEqual([{ id: run.id, workflow: "gitclaw.yml", ref: "main", inputs }]);
    expect(await getWorkflowRun(api, repo, run.id)).toMatchObject({ status: "queued", conclusion: null });
    gh.setRunStatus(run.id, "in_progress");
    const zip = writeZip(new Map([["tasks/t0123abcd/report.md", new TextEncoder().encode("Done.\n")]]));
    gh.addArtifact(run.id, "task-t0123abcd", zip, 7);
    const artifact = await findRunArtifact(api, repo, run.id, "task-t0123abcd");
    expect(artifact).toMatchObject({ expired: false });
    const files = readZip(await downloadArtifact(api, repo, artifact!.id));
    expect(new TextDecoder().decode(files.get("tasks/t0123abcd/report.md"))).toBe("Done.\n");
    const cancels: number[] = [];
    gh.onCancel((id) => cancels.push(id));
    await cancelWorkflowRun(api, repo, run.id);
    expect(cancels).toEqual([run.id]);
    gh.setRunStatus(run.id, "completed", "cancelled");
    expect(await getWorkflowRun(api, repo, run.id)).toMatchObject({ status: "completed", conclusion: "cancelled" });
    // Cancelling a run that is over is GitHub's 409, which the client takes as nothing to do.
    await cancelWorkflowRun(api, repo, run.id);
    expect(cancels).toEqual([run.id]);
    gh.expireArtifact(artifact!.id);
    expect((await failure(downloadArtifact(api, repo, artifact!.id))).status).toBe(410);
  });

  it("refuses a dispatch of an unknown workflow or with more than 25 inputs, as GitHub does", async () => {
    const api = octokitApi(createGitHubClient({ token: TOKEN, baseUrl: gh.url, log: () => {} }));
    await expect(dispatchWorkflow(api, repo, { workflow: "../x", ref: "main", inputs: {} })).rejects.toThrow(/404/);
    const inputs = Object.fromEntries(Array.from({ length: 26 }, (_, i) => [`in${i}`, "x"]));
    await expect(dispatchWorkflow(api, repo, { workflow: "gitclaw.yml", ref: "main", inputs })).rejects.toThrow(/422/);
    expectRequestViolations(
      "POST /repos/{owner}/{repo}/actions/workflows/{workflow_id}/dispatches request: body /inputs must NOT have more than 25 properties",
    );
  });
});

describe("issues and comments", () => {
  it("serves helper-made issues exactly as gh.issue() returns them, with author_association", async () => {
    gh.addUser({ login: "dave" });
    gh.addUser({ login: "erin", association: "MEMBER" });
    const byOwner = gh.createIssue({ title: "owner", body: "b", user: "acme" });
    const byCollaborator = gh.createIssue({
      title: "collaborator",
      body: "b",
      user: "alice",
      labels: ["gitclaw"],
      createdAt: "2024-05-01T12:00:00Z",
    });
    const byOutsider = gh.createIssue({ title: "outsider", body: null, user: "dave" });
    const byMember = gh.createIssue({ title: "member", user: "erin" });

    expect([byOwner, byCollaborator, byOutsider, byMember].map((issue) => issue.author_association)).toEqual([
      "OWNER",
      "COLLABORATOR",
      "NONE",
      "MEMBER",
    ]);
    const { data } = await octokit.rest.issues.get({ ...repo, issue_number: byCollaborator.number });
    expect(data).toEqual(gh.issue(byCollaborator.number));
    expect(data).toMatchObject({
      number: 2,
      created_at: "2024-05-01T12:00:00Z",
      user: { login: "alice", type: "User" },
      labels: [{ name: "gitclaw" }],
    });
  });

  it("creates issues through the API as the token's identity", async () => {
    const { status, data } = await octokit.rest.issues.create({
      ...repo,
      title: "From the agent",
      body: "",
      labels: ["bug"],
      assignees: ["alice", "ghost"],
    });
    expect(status).toBe(201);
    expect(data).toMatchObject({
      number: 1,
      body: null,
      user: { login: "github-actions[bot]", type: "Bot" },
      labels: [{ name: "bug" }],
      assignees: [{ login: "alice" }],
    });
    expect(gh.issue(1).title).toBe("From the agent");
  });

  it("posts comments as the bot and edits them", async () => {
    const issue = gh.createIssue({ title: "t", body: "b", user: "alice" });
    const created = await octokit.rest.issues.createComment({ ...repo, issue_number: issue.number, body: "On it." });
    expect(created.status).toBe(201);
    expect(created.data).toMatchObject({
      body: "On it.",
      user: { login: "github-actions[bot]", type: "Bot" },
      author_association: "NONE",
      performed_via_github_app: null,
      html_url: `${gh.serverUrl}/acme/widgets/issues/1#issuecomment-${created.data.id}`,
    });

    const edited = await octokit.rest.issues.updateComment({ ...repo, comment_id: created.data.id, body: "Done." });
    expect(edited.data.body).toBe("Done.");
    expect((await octokit.rest.issues.getComment({ ...repo, comment_id: created.data.id })).data).toEqual(
      gh.comments(issue.number)[0],
    );
    expect(gh.issue(issue.number).comments).toBe(1);
  });

  it("paginates comments with Link headers that octokit.paginate follows, and filters by since", async () => {
    const issue = gh.createIssue({ title: "t", body: "b", user: "alice" });
    for (let i = 1; i <= 7; i++)
      gh.addComment(issue.number, { body: `comment ${i}`, user: "alice", createdAt: `2024-05-0${i}T00:00:00Z` });

    const first = await get(`/repos/acme/widgets/issues/1/comments?per_page=3`);
    expect(first.headers.get("link")).toBe(
      `<${gh.url}/repos/acme/widgets/issues/1/comments?per_page=3&page=2>; rel="next", <${gh.url}/repos/acme/widgets/issues/1/comments?per_page=3&page=3>; rel="last"`,
    );
    const all = await octokit.paginate(octokit.rest.issues.listComments, {
      ...repo,
      issue_number: issue.number,
      per_page: 3,
    });
    expect(all.map((comment) => comment.body)).toEqual([1, 2, 3, 4, 5, 6, 7].map((i) => `comment ${i}`));
    expect(
      gh.requests.filter((request) => request.path.endsWith("/comments")).map((request) => request.query.page),
    ).toEqual([undefined, undefined, "2", "3"]);

    const recent = await octokit.rest.issues.listComments({
      ...repo,
      issue_number: issue.number,
      since: "2024-05-06T00:00:00Z",
    });
    expect(recent.data.map((comment) => comment.body)).toEqual(["comment 6", "comment 7"]);
  });

  it.each([
    ["empty", "", "Body cannot be blank"],
    ["blank", "  \n ", "Body cannot be blank"],
    ["too long", "x".repeat(65537), "Body is too long (maximum is 65536 characters)"],
  ])("rejects a comment body that is %s with 422 Validation Failed", async (_, body, message) => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const { status, data } = await failure(octokit.rest.issues.createComment({ ...repo, issue_number: 1, body }));
    expect(status).toBe(422);
    expect(data).toMatchObject({
      message: "Validation Failed",
      errors: [{ resource: "IssueComment", code: "unprocessable", message }],
    });
    expect(gh.comments(1)).toEqual([]);
  });

  it("accepts a comment body of exactly 65536 characters", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const { status } = await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: "x".repeat(65536) });
    expect(status).toBe(201);
  });

  it("serves labeled and assigned events with their actors and times", async () => {
    gh.addUser({ login: "bob", permission: "triage" });
    gh.createIssue({ title: "t", body: "b", user: "alice", labels: ["bug"] });
    const labeled = gh.labelIssue(1, "gitclaw", "bob");
    const assigned = gh.assignIssue(1, "alice", "bob");

    const { data } = await octokit.rest.issues.listEvents({ ...repo, issue_number: 1 });
    expect(data).toEqual([
      expect.objectContaining({
        event: "labeled",
        label: { name: "bug", color: "ededed" },
        actor: expect.objectContaining({ login: "alice" }),
      }),
      labeled,
      assigned,
    ]);
    expect(assigned).toMatchObject({ assignee: { login: "alice" }, assigner: { login: "bob" } });
    expect(gh.issue(1)).toMatchObject({ labels: [{ name: "bug" }, { name: "gitclaw" }], assignee: { login: "alice" } });
  });
});

describe("reactions", () => {
  it("adds an issue reaction as the bot, returns 200 for a repeat, and removes it", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const added = await octokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: "eyes" });
    expect(added.status).toBe(201);
    expect(added.data).toMatchObject({ content: "eyes", user: { login: "github-actions[bot]" } });

    const again = await octokit.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: "eyes" });
    expect(again.status).toBe(200);
    expect(again.data.id).toBe(added.data.id);
    expect(gh.issue(1).reactions).toMatchObject({ total_count: 1, eyes: 1 });
    expect((await octokit.rest.reactions.listForIssue({ ...repo, issue_number: 1 })).data).toEqual(
      gh.reactions({ issue: 1 }),
    );

    const removed = await octokit.rest.reactions.deleteForIssue({
      ...repo,
      issue_number: 1,
      reaction_id: added.data.id,
    });
    expect(removed.status).toBe(204);
    expect(gh.reactions({ issue: 1 })).toEqual([]);
    expect(
      await failure(octokit.rest.reactions.deleteForIssue({ ...repo, issue_number: 1, reaction_id: added.data.id })),
    ).toMatchObject({ status: 404 });
  });

  it("keeps comment reactions apart from issue reactions", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const comment = gh.addComment(1, { body: "@gitclaw go", user: "alice" });
    const added = await octokit.rest.reactions.createForIssueComment({
      ...repo,
      comment_id: comment.id,
      content: "rocket",
    });
    expect(added.status).toBe(201);
    expect(gh.reactions({ comment: comment.id })).toEqual([added.data]);
    expect(gh.reactions({ issue: 1 })).toEqual([]);
    expect(gh.comments(1)[0]?.reactions).toMatchObject({ total_count: 1, rocket: 1 });

    // A reaction id only exists under its own subject, and an issue id is never a comment id.
    expect(
      await failure(octokit.rest.reactions.deleteForIssue({ ...repo, issue_number: 1, reaction_id: added.data.id })),
    ).toMatchObject({ status: 404 });
    expect(
      await failure(
        octokit.rest.reactions.createForIssueComment({ ...repo, comment_id: gh.issue(1).id, content: "eyes" }),
      ),
    ).toMatchObject({ status: 404 });
    expect(
      (
        await octokit.rest.reactions.deleteForIssueComment({
          ...repo,
          comment_id: comment.id,
          reaction_id: added.data.id,
        })
      ).status,
    ).toBe(204);
  });

  it("rejects an unknown reaction content with 422", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const response = await fetch(`${gh.url}/repos/acme/widgets/issues/1/reactions`, {
      method: "POST",
      headers: { authorization: `token ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ content: "thumbsup" }),
    });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({
      message: "Validation Failed",
      errors: [{ resource: "Reaction", field: "content" }],
    });
    expectRequestViolations(
      "POST /repos/{owner}/{repo}/issues/{issue_number}/reactions request: body /content must be equal to one of the allowed values (+1, -1, laugh",
    );
  });
});

describe("errors like GitHub's", () => {
  it("answers 401 Bad credentials to a wrong or missing token, and accepts Bearer", async () => {
    const wrong = new Octokit({ auth: "ghs_wrong", baseUrl: gh.url, log: silent });
    expect(await failure(wrong.rest.repos.get(repo))).toEqual({
      status: 401,
      data: { message: "Bad credentials", documentation_url: "https://docs.github.com/rest", status: "401" },
    });
    expect((await get("/repos/acme/widgets", {})).status).toBe(401);
    expect((await get("/repos/acme/widgets", { authorization: `Bearer ${TOKEN}` })).status).toBe(200);
  });

  it("answers 404 Not Found to unknown routes, other repositories and unknown issues", async () => {
    for (const path of [
      "/nope",
      "/repos/acme/other",
      "/repos/acme/widgets/issues/abc",
      "/repos/acme/widgets/issues/99",
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(404);
      expect(await response.json()).toEqual({
        message: "Not Found",
        documentation_url: "https://docs.github.com/rest",
        status: "404",
      });
    }
    expectRequestViolations(
      "GET /repos/{owner}/{repo}/issues/{issue_number} request: path parameter /issue_number must be integer",
    );
  });

  it("answers 400 to a body that is not JSON", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const response = await fetch(`${gh.url}/repos/acme/widgets/issues/1/comments`, {
      method: "POST",
      headers: { authorization: `token ${TOKEN}` },
      body: "{oops",
    });
    expect(response.status).toBe(400);
    expect(gh.requests.at(-1)).toMatchObject({ method: "POST", body: "{oops" });
  });

  it("records every request with lower-cased headers, query and parsed body", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    await octokit.rest.issues.createComment({ ...repo, issue_number: 1, body: "hello" });
    await octokit.rest.issues.listComments({ ...repo, issue_number: 1, per_page: 5 });
    expect(gh.requests).toEqual([
      expect.objectContaining({
        method: "POST",
        path: "/repos/acme/widgets/issues/1/comments",
        query: {},
        body: { body: "hello" },
      }),
      expect.objectContaining({ method: "GET", query: { per_page: "5" }, body: undefined }),
    ]);
    expect(gh.requests[0]?.headers).toMatchObject({
      authorization: `token ${TOKEN}`,
      "content-type": expect.stringContaining("application/json"),
    });
  });
});

describe("clients", () => {
  // @actions/github sends through undici's fetch rather than the global one.
  it("serves @actions/github's getOctokit as well as @octokit/rest", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const actions = getOctokit(TOKEN, { baseUrl: gh.url, log: silent });
    const { status } = await actions.rest.reactions.createForIssue({ ...repo, issue_number: 1, content: "eyes" });
    expect(status).toBe(201);
    expect(gh.reactions({ issue: 1 })).toMatchObject([{ content: "eyes" }]);
  });
});

describe("fault injection", () => {
  it("fails the next matching request with 503, then Octokit's retry succeeds", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    gh.failNext({ method: "POST", path: /\/issues\/\d+\/comments$/, status: 503 });
    const RetryingOctokit = Octokit.plugin(retry);
    const retrying = new RetryingOctokit({
      auth: TOKEN,
      baseUrl: gh.url,
      log: silent,
      retry: { retryAfterBaseValue: 1 },
    });

    const { status } = await retrying.rest.issues.createComment({ ...repo, issue_number: 1, body: "after a 503" });
    expect(status).toBe(201);
    expect(gh.requests.filter((request) => request.method === "POST")).toHaveLength(2);
    expect(gh.comments(1).map((comment) => comment.body)).toEqual(["after a 503"]);
  });

  it("sends the given status, body and headers `times` times, only to matching requests", async () => {
    const rateLimited = {
      message: "You have exceeded a secondary rate limit.",
      documentation_url: "https://docs.github.com/rest",
    };
    gh.failNext({
      path: /^\/repos\/acme\/widgets$/,
      status: 429,
      body: rateLimited,
      headers: { "retry-after": "1" },
      times: 2,
    });
    gh.failNext({ method: "POST", path: /./, status: 403 });

    expect((await get("/users/alice")).status).toBe(200);
    for (let attempt = 0; attempt < 2; attempt++) {
      const response = await get("/repos/acme/widgets");
      expect(response.status).toBe(429);
      expect(response.headers.get("retry-after")).toBe("1");
      expect(await response.json()).toEqual(rateLimited);
    }
    expect((await get("/repos/acme/widgets")).status).toBe(200);
    // Faults answer before authentication: a 403 with GitHub's default body.
    const forbidden = await fetch(`${gh.url}/repos/acme/widgets/issues`, { method: "POST" });
    expect(forbidden.status).toBe(403);
    expect(await forbidden.json()).toEqual({
      message: "Forbidden",
      documentation_url: "https://docs.github.com/rest",
      status: "403",
    });
  });
});

describe("OpenAPI validation", () => {
  const issuePath = "/repos/{owner}/{repo}/issues/{issue_number}";

  it("reports a response body that breaks the operation's schema", () => {
    const issue = gh.createIssue({ title: "t", body: "b", user: "alice" });
    expect(validateResponse("GET", issuePath, 200, issue)).toEqual([]);
    expect(validateResponse("GET", issuePath, 200, { ...issue, id: String(issue.id) })).toContain(
      "/id must be integer",
    );
    const { html_url: _, ...withoutHtmlUrl } = issue;
    expect(validateResponse("GET", issuePath, 200, withoutHtmlUrl)).toContain(
      "/ must have required property 'html_url'",
    );
    expect(validateResponse("GET", issuePath, 200, { ...issue, created_at: "yesterday" })).toContain(
      '/created_at must match format "date-time"',
    );
  });

  it("checks undocumented error statuses against basic-error and refuses undocumented successes", () => {
    expect(validateResponse("GET", issuePath, 401, { message: "Bad credentials", documentation_url: "x" })).toEqual([]);
    expect(validateResponse("GET", issuePath, 401, { message: 401 })).toEqual(["/message must be string"]);
    expect(validateResponse("GET", issuePath, 202, {})).toEqual(["status 202 is not documented"]);
    expect(validateResponse("GET", "/repos/{owner}/{repo}/releases", 200, [])).toEqual([
      "GET /repos/{owner}/{repo}/releases is not in github-rest.json",
    ]);
    expect(validateResponse("DELETE", `${issuePath}/reactions/{reaction_id}`, 204, { unexpected: true })).toEqual([
      "/ must be empty: status 204 has no content",
    ]);
  });

  it("checks a request's path and query parameters and its JSON body against the operation", () => {
    const params = { owner: "acme", repo: "widgets", issue_number: "7" };
    const query = (text: string) => new URLSearchParams(text);
    const comments = `${issuePath}/comments`;
    expect(validateRequest("POST", comments, { params, query: query(""), body: { body: "hi" } })).toEqual([]);
    expect(validateRequest("POST", comments, { params, query: query(""), body: { body: 5 } })).toEqual([
      "body /body must be string",
    ]);
    expect(validateRequest("POST", comments, { params, query: query(""), body: {} })).toEqual([
      "body / must have required property 'body'",
    ]);
    expect(validateRequest("POST", comments, { params, query: query(""), body: undefined })).toEqual([
      "body is required",
    ]);
    expect(validateRequest("GET", comments, { params, query: query("per_page=100&page=2"), body: undefined })).toEqual(
      [],
    );
    expect(
      validateRequest("GET", comments, {
        params: { ...params, issue_number: "x" },
        query: query("per_page=many&sort=created"),
        body: undefined,
      }),
    ).toEqual([
      "path parameter /issue_number must be integer",
      "query parameter / must NOT have additional properties: sort",
      "query parameter /per_page must be integer",
    ]);
    const review = { params: { owner: "acme", repo: "widgets", pull_number: "7" }, query: query("") };
    expect(
      validateRequest("POST", "/repos/{owner}/{repo}/pulls/{pull_number}/reviews", {
        ...review,
        body: { event: "APPROVED", comments: [{ path: "a.ts", line: "3" }] },
      }),
    ).toEqual([
      "body /event must be equal to one of the allowed values (APPROVE, REQUEST_CHANGES, COMMENT)",
      "body /comments/0 must have required property 'body'",
      "body /comments/0/line must be integer",
    ]);
  });

  it("records a request GitHub would not accept in gh.violations, naming the operation and the field", async () => {
    gh.createIssue({ title: "t", body: "b", user: "alice" });
    const response = await fetch(`${gh.url}/repos/acme/widgets/issues/1/comments?per_page=10`, {
      method: "POST",
      headers: { authorization: `token ${TOKEN}`, "content-type": "application/json" },
      body: JSON.stringify({ body: ["not", "a", "string"] }),
    });
    await response.body?.cancel();
    expectRequestViolations(
      `POST ${issuePath}/comments request: query parameter / must NOT have additional properties: per_page`,
      `POST ${issuePath}/comments request: body /body must be string`,
    );
  });

  it("records the emulator's own off-spec responses in gh.violations", async () => {
    const other = await startGitHubEmulator({ ...repo, token: TOKEN });
    try {
      other.addUser({ login: "alice" });
      // The helper trusts its input, so a malformed timestamp reaches the response.
      other.createIssue({ title: "t", body: "b", user: "alice", createdAt: "yesterday" });
      await fetch(`${other.url}/repos/acme/widgets/issues/1`, { headers: { authorization: `token ${TOKEN}` } });
      expect(other.violations).toEqual([
        `GET ${issuePath} 200: /created_at must match format "date-time"`,
        `GET ${issuePath} 200: /updated_at must match format "date-time"`,
      ]);
    } finally {
      await other.stop();
    }
  });
});

describe("attachments of a private repository", () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);

  it("serves an attachment link only with the token, by a redirect to its signed URL", async () => {
    const url = gh.addAttachment(bytes);
    expect(url).toMatch(new RegExp(`^${gh.serverUrl}/user-attachments/assets/[0-9a-f-]{36}$`));
    expect((await fetch(url, { redirect: "manual" })).status).toBe(404);
    const redirect = await fetch(url, { redirect: "manual", headers: { authorization: `Bearer ${TOKEN}` } });
    expect(redirect.status).toBe(302);
    const signed = redirect.headers.get("location")!;
    expect(signed).toMatch(/\/_user-content\/[0-9a-f-]{36}\?jwt=[0-9a-f]+$/);
    expect(new Uint8Array(await (await fetch(signed)).arrayBuffer())).toEqual(bytes);
    expect((await fetch(signed.replace(/jwt=.*/, "jwt=forged"))).status).toBe(404);
  });

  it("renders body_html with the signed URLs for the full+json media type, as the OpenAPI description allows", async () => {
    const url = gh.addAttachment(bytes);
    const issue = gh.createIssue({ title: "shot", body: `see ![x](${url})`, user: "alice" });
    const comment = gh.addComment(issue.number, { body: `and ${url}`, user: "alice" });
    const plain = await octokit.rest.issues.get({ ...repo, issue_number: issue.number });
    expect(plain.data.body_html).toBeUndefined();
    const full = { headers: { accept: "application/vnd.github.full+json" } };
    const rendered = await octokit.rest.issues.get({ ...repo, issue_number: issue.number, ...full });
    expect(rendered.data.body_text).toBe(`see ![x](${url})`);
    const src = /<img src="([^"]+)"/.exec(rendered.data.body_html!)?.[1];
    expect(src).toMatch(/\/_user-content\/.+\?jwt=/);
    expect(new Uint8Array(await (await fetch(src!)).arrayBuffer())).toEqual(bytes);
    const onComment = await octokit.rest.issues.getComment({ ...repo, comment_id: comment.id, ...full });
    expect(onComment.data.body_html).toContain(`<img src="${src}"`);
  });
});

describe("check runs (the checks API)", () => {
  const api = () => octokitApi(createGitHubClient({ token: TOKEN, baseUrl: gh.url }));

  it("creates a check run in progress on a commit, completes it with annotations past 50, and lists both", async () => {
    const { sha } = gh.addCommit({ message: "Change things" });
    const id = await createCheckRun(api(), repo, {
      name: "gitclaw review",
      headSha: sha,
      detailsUrl: "https://example.com/run",
      title: "Reviewing",
    });
    let { data: listed } = await octokit.rest.checks.listForRef({ ...repo, ref: sha });
    expect(listed.check_runs).toMatchObject([{ id, name: "gitclaw review", status: "in_progress", conclusion: null }]);

    const annotations = Array.from({ length: 52 }, (_, i) => ({
      path: "src/a.ts",
      startLine: i + 1,
      endLine: i + 1,
      level: "warning" as const,
      title: `finding ${i}`,
      message: "look",
    }));
    const output = { title: "Findings to fix", summary: "- a finding", annotations };
    await completeCheckRun(api(), repo, id, { conclusion: "failure", output });

    ({ data: listed } = await octokit.rest.checks.listForRef({ ...repo, ref: sha, check_name: "gitclaw review" }));
    expect(listed.check_runs).toMatchObject([
      { id, status: "completed", conclusion: "failure", output: { title: "Findings to fix", annotations_count: 52 } },
    ]);
    const all = await octokit.paginate(octokit.rest.checks.listAnnotations, { ...repo, check_run_id: id });
    expect(all.map((a) => a.start_line).sort((a, b) => a - b)).toEqual(annotations.map((a) => a.startLine));
    expect(all[0]).toMatchObject({ path: "src/a.ts", annotation_level: "warning", blob_href: expect.any(String) });
    expect((await octokit.rest.checks.listForRef({ ...repo, ref: sha, check_name: "other" })).data.total_count).toBe(0);
  });

  it("refuses what GitHub refuses: an unknown commit, a bad conclusion, more than 50 annotations, an output without title", async () => {
    const { sha } = gh.addCommit({ message: "Change" });
    const create = (body: object) =>
      octokit.request("POST /repos/{owner}/{repo}/check-runs", { ...repo, ...body } as never);
    expect((await failure(create({ name: "x", head_sha: "f".repeat(40) }))).status).toBe(422);
    const { data } = await create({ name: "x", head_sha: sha });
    const update = (body: object) =>
      octokit.request("PATCH /repos/{owner}/{repo}/check-runs/{check_run_id}", {
        ...repo,
        check_run_id: (data as { id: number }).id,
        ...body,
      } as never);
    expect((await failure(update({ conclusion: "approved" }))).status).toBe(422);
    expect((await failure(update({ status: "completed" }))).status).toBe(422);
    expect((await failure(update({ output: { summary: "no title" } }))).status).toBe(422);
    const many = Array.from({ length: 51 }, () => ({
      path: "a",
      start_line: 1,
      end_line: 1,
      annotation_level: "notice",
      message: "m",
    }));
    expect((await failure(update({ output: { title: "t", summary: "s", annotations: many } }))).status).toBe(422);
    expect((await failure(octokit.rest.checks.listAnnotations({ ...repo, check_run_id: 999_999 }))).status).toBe(404);
    const check = "PATCH /repos/{owner}/{repo}/check-runs/{check_run_id} request: body";
    expectRequestViolations(
      `${check} /conclusion must be equal to one of the allowed values (action_required, cancelled, failure`,
      `${check} / must have required property 'conclusion'`,
      `${check} /status must be equal to one of the allowed values (queued, in_progress)`,
      `${check} / must match a schema in anyOf`,
      `${check} /output/annotations must NOT have more than 50 items`,
    );
  });
});

describe("commit statuses", () => {
  const sha = "d".repeat(40);

  it("keeps each status, shows the newest per context in the combined status, and lists them newest first", async () => {
    gh.addCommit({ message: "work", sha });
    const create = (state: "pending" | "success", description: string) =>
      octokit.rest.repos.createCommitStatus({ ...repo, sha, state, context: "gitclaw/approval", description });
    const { status, data } = await create("pending", "Needs 1 approval");
    expect(status).toBe(201);
    expect(data).toMatchObject({
      state: "pending",
      context: "gitclaw/approval",
      creator: { login: "github-actions[bot]" },
    });
    await create("success", "Approved by @bob");
    await octokit.rest.repos.createCommitStatus({ ...repo, sha, state: "failure", context: "ci" });
    const combined = (await octokit.rest.repos.getCombinedStatusForRef({ ...repo, ref: sha })).data;
    expect(combined).toMatchObject({ state: "failure", sha, total_count: 2 });
    expect(combined.statuses.map((s) => [s.context, s.state])).toEqual([
      ["ci", "failure"],
      ["gitclaw/approval", "success"],
    ]);
    const listed = (await octokit.rest.repos.listCommitStatusesForRef({ ...repo, ref: sha })).data;
    expect(listed.map((s) => s.state)).toEqual(["failure", "success", "pending"]);
    expect(gh.commitStatuses(sha)).toHaveLength(3);
  });

  it("refuses an unknown commit, a state outside the four and a description past 140 characters, in GitHub's words", async () => {
    gh.addCommit({ message: "work", sha });
    const create = (body: object) =>
      octokit.request("POST /repos/{owner}/{repo}/statuses/{sha}", { ...repo, sha, ...body } as never);
    const unknown = await failure(
      octokit.rest.repos.createCommitStatus({ ...repo, sha: "e".repeat(40), state: "pending" }),
    );
    expect(unknown).toMatchObject({ status: 422, data: { message: `No commit found for SHA: ${"e".repeat(40)}` } });
    expect((await failure(create({ state: "approved" }))).status).toBe(422);
    expectRequestViolations("POST /repos/{owner}/{repo}/statuses/{sha} request: body /state must be equal to one of");
    const long = await failure(create({ state: "pending", description: "x".repeat(141) }));
    expect(long).toMatchObject({
      status: 422,
      data: {
        message: "Validation Failed",
        errors: [
          {
            resource: "Status",
            code: "custom",
            field: "description",
            message: "description is too long (maximum is 140 characters)",
          },
        ],
      },
    });
    expect((await create({ state: "pending", description: "x".repeat(140) })) as { status: number }).toMatchObject({
      status: 201,
    });
  });
});
