// GitHub's failures as one clear message each: credentials, missing permissions (naming the
// workflow's permissions entry), not found, rate limits with their reset, validation errors.
import { describe, expect, it } from "vitest";
import { audit, body, headerLine, START, testClient, useWorld } from "./support.ts";

const world = useWorld((w) => {
  w.gh.addUser({ login: "alice", permission: "write" });
  w.gh.createIssue({ title: "t", body: "b", user: "alice" });
  w.gh.setBranch("main", "a".repeat(40));
});

const forbidden = {
  message: "Resource not accessible by integration",
  documentation_url: "https://docs.github.com/rest",
};

describe("error mapping", () => {
  it("401: the token is bad", async () => {
    const result = await world.call(
      { op: "issue_view", issue: 1 },
      { github: testClient(world.gh.url, { token: "ghs_wrong" }) },
    );
    expect(result.isError).toBe(true);
    expect(headerLine(result)).toBe("[github github.com/acme/widgets issue_view read error]");
    expect(body(result)).toBe(
      "GitHub rejected the token (401 Bad credentials): it is missing, expired or revoked. The workflow must pass GITHUB_TOKEN: ${{ github.token }} to this step.",
    );
    expect(audit(result)).toMatchObject({ status: "error", httpStatus: 401 });
  });

  it("403: names the permission GitHub says it accepts", async () => {
    world.gh.failNext({
      method: "POST",
      path: /\/pulls$/,
      status: 403,
      body: forbidden,
      headers: { "x-accepted-github-permissions": "pull_requests=write" },
    });
    const result = await world.call({ op: "pr_create", title: "x", head: "feature", base: "main" });
    expect(body(result)).toBe(
      'GitHub refused pr_create on acme/widgets (403 Resource not accessible by integration): the token lacks a permission. Grant "pull-requests: write" under permissions: in the workflow file (.github/workflows/gitclaw.yml).',
    );
  });

  it("403 without GitHub's hint: names the op's own permission", async () => {
    world.gh.failNext({ method: "POST", path: /\/comments$/, status: 403, body: forbidden });
    expect(body(await world.call({ op: "comment", issue: 1, body: "hi" }))).toContain(
      'Grant "issues: write" under permissions:',
    );
    world.gh.failNext({ path: /\/actions\/runs\/\d+$/, status: 403, body: forbidden });
    expect(body(await world.call({ op: "run_watch", run: 5 }))).toContain('Grant "actions: read" under permissions:');
  });

  it("404: not found, or not visible to the token", async () => {
    const result = await world.call({ op: "issue_view", issue: 99 });
    expect(body(result)).toBe(
      "not found (404) for issue_view on acme/widgets: it does not exist, or the token cannot see it (GitHub answers 404 rather than 403 for private resources).",
    );
    expect(audit(result).httpStatus).toBe(404);
  });

  it("403 with the rate limit exhausted: says when it resets", async () => {
    const reset = START / 1000 + 600;
    world.gh.failNext({
      path: /\/issues\/1$/,
      status: 403,
      body: { message: "API rate limit exceeded for installation ID 1." },
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) },
    });
    const result = await world.call({ op: "issue_view", issue: 1 });
    expect(body(result)).toBe(
      "GitHub API rate limit exhausted (403): it resets at 2026-05-12T15:10:00.000Z (in 600s). Wait, or make fewer calls (lower limit, narrower queries).",
    );
  });

  it("429: a secondary rate limit, with retry-after, after Octokit's own retries", async () => {
    const limited = {
      message: "You have exceeded a secondary rate limit.",
      documentation_url: "https://docs.github.com/rest",
    };
    world.gh.failNext({ path: /\/issues\/1$/, status: 429, body: limited, headers: { "retry-after": "30" }, times: 4 });
    const result = await world.call({ op: "issue_view", issue: 1 });
    expect(body(result)).toBe(
      "GitHub secondary rate limit hit (429: You have exceeded a secondary rate limit.): retry after 30s, and make calls one at a time.",
    );
    expect(world.gh.requests).toHaveLength(4);
  });

  it("the production client retries a primary rate limit before the error surfaces", async () => {
    const reset = Math.floor(Date.now() / 1000) - 1;
    world.gh.failNext({
      path: /\/issues\/1$/,
      status: 403,
      body: { message: "API rate limit exceeded" },
      headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) },
      times: 3,
    });
    const result = await world.call(
      { op: "issue_view", issue: 1 },
      { github: testClient(world.gh.url, { production: true }) },
    );
    expect(body(result)).toMatch(/^GitHub API rate limit exhausted \(403\): it resets at /);
    expect(world.gh.requests).toHaveLength(3);
  });

  it("422: lists GitHub's validation errors", async () => {
    const missingHead = await world.call({ op: "pr_create", title: "x", head: "no-such-branch", base: "main" });
    expect(body(missingHead)).toBe("GitHub rejected the request (422 Validation Failed): PullRequest.head invalid.");
    world.gh.setBranch("feature", "b".repeat(40));
    await world.call({ op: "pr_create", title: "x", head: "feature", base: "main" });
    const duplicate = await world.call({ op: "pr_create", title: "again", head: "feature", base: "main" });
    expect(body(duplicate)).toBe(
      "GitHub rejected the request (422 Validation Failed): A pull request already exists for acme:feature.",
    );
  });

  it("an unreachable API", async () => {
    const result = await world.call({ op: "repo_view" }, { github: testClient("http://127.0.0.1:9") });
    expect(body(result)).toMatch(
      /^could not reach the GitHub API for repo_view: .+\. Check GITHUB_API_URL and the network\.$/,
    );
    expect(audit(result)).toMatchObject({ status: "error", httpStatus: 500 });
  });
});
