// The policy: classification, the defaults (reads anywhere, writes on this repository, nothing
// destructive), configuration per class and per op, and denials that never reach the API.
import { describe, expect, it } from "vitest";
import { classify, decide, DEFAULT_POLICY, GitHubPolicyConfig, OPS } from "../../../../src/tools/github/policy.ts";
import { REPLY_MARKER } from "../../../../src/github/marker.ts";
import { audit, body, headerLine, REPO, useWorld } from "./support.ts";

const other = { owner: "someone", repo: "else" };

describe("classification and decisions", () => {
  it("classifies every op, and a forced push as destructive", () => {
    const reads = OPS.filter((op) => classify(op, {}) === "read");
    expect(reads).toEqual([
      "repo_view",
      "issue_view",
      "pr_view",
      "pr_diff",
      "file_read",
      "search_issues",
      "search_prs",
      "search_code",
      "search_commits",
      "search_repos",
      "run_watch",
    ]);
    expect(OPS.filter((op) => classify(op, {}) === "write")).toEqual([
      "pr_create",
      "pr_checkout",
      "pr_push",
      "comment",
      "pr_review",
      "attach",
    ]);
    expect(classify("pr_push", { forceWithLease: true })).toBe("destructive");
    expect(classify("pr_checkout", { forceWithLease: true })).toBe("write");
  });

  it("defaults: reads anywhere, writes only here, destructive never", () => {
    expect(decide(DEFAULT_POLICY, { op: "issue_view", opClass: "read", target: other, thisRepo: REPO }).allowed).toBe(
      true,
    );
    expect(
      decide(DEFAULT_POLICY, { op: "search_repos", opClass: "read", target: undefined, thisRepo: REPO }).allowed,
    ).toBe(true);
    expect(
      decide(DEFAULT_POLICY, {
        op: "comment",
        opClass: "write",
        target: { owner: "ACME", repo: "Widgets" },
        thisRepo: REPO,
      }).allowed,
    ).toBe(true);
    expect(decide(DEFAULT_POLICY, { op: "comment", opClass: "write", target: other, thisRepo: REPO })).toEqual({
      allowed: false,
      rule: 'tools.github.write = "this-repo"',
      reason:
        'denied by policy rule tools.github.write = "this-repo": comment (write) on someone/else is cross-repository; only acme/widgets is allowed. Change "tools.github" in .github/gitclaw.json to allow it.',
    });
    expect(
      decide(DEFAULT_POLICY, { op: "pr_push", opClass: "destructive", target: REPO, thisRepo: REPO }),
    ).toMatchObject({ allowed: false, rule: 'tools.github.destructive = "deny"' });
  });

  it("per-op entries override their class", () => {
    const policy = GitHubPolicyConfig.parse({ write: "deny", ops: { comment: "any-repo", search_code: "deny" } });
    expect(decide(policy, { op: "comment", opClass: "write", target: other, thisRepo: REPO }).allowed).toBe(true);
    expect(decide(policy, { op: "pr_create", opClass: "write", target: REPO, thisRepo: REPO })).toMatchObject({
      allowed: false,
      rule: 'tools.github.write = "deny"',
    });
    expect(decide(policy, { op: "search_code", opClass: "read", target: REPO, thisRepo: REPO })).toMatchObject({
      allowed: false,
      rule: 'tools.github.ops.search_code = "deny"',
    });
  });

  it("validates the configuration", () => {
    expect(GitHubPolicyConfig.parse({})).toEqual({
      read: "any-repo",
      write: "this-repo",
      destructive: "deny",
      ops: {},
    });
    expect(GitHubPolicyConfig.safeParse({ write: "yes" }).success).toBe(false);
    expect(GitHubPolicyConfig.safeParse({ ops: { pr_merge: "deny" } }).success).toBe(false);
    expect(GitHubPolicyConfig.safeParse({ extra: true }).success).toBe(false);
  });
});

describe("the tool under a policy", () => {
  const world = useWorld((w) => {
    w.gh.addUser({ login: "alice", permission: "write" });
    w.gh.createIssue({ title: "t", body: "b", user: "alice" });
  });

  it("denies a cross-repository write by default, naming the rule, without any request", async () => {
    const result = await world.call({ op: "comment", repo: "someone/else", issue: 1, body: "hi" });
    expect(result.isError).toBe(true);
    expect(headerLine(result)).toBe("[github github.com/someone/else comment write denied]");
    expect(body(result)).toContain('denied by policy rule tools.github.write = "this-repo"');
    expect(audit(result)).toMatchObject({
      op: "comment",
      class: "write",
      decision: "denied",
      rule: 'tools.github.write = "this-repo"',
      repo: "someone/else",
      status: "denied",
      bytes: expect.any(Number),
    });
    expect(world.gh.requests).toEqual([]);
  });

  it("denies a cross-repository write named by URL the same way", async () => {
    const result = await world.call({ op: "comment", issue: "https://github.com/someone/else/issues/3", body: "hi" });
    expect(audit(result)).toMatchObject({ decision: "denied", repo: "someone/else" });
    expect(world.gh.requests).toEqual([]);
  });

  it("denies every call of an op the configuration denies, reads included", async () => {
    const policy = GitHubPolicyConfig.parse({ read: "this-repo", ops: { issue_view: "deny" } });
    const viewed = await world.call({ op: "issue_view", issue: 1 }, { policy });
    expect(body(viewed)).toContain(
      'denied by policy rule tools.github.ops.issue_view = "deny": issue_view (read) is not allowed.',
    );
    const wide = await world.call({ op: "search_repos", query: "x" }, { policy });
    expect(body(wide)).toContain("search_repos (read) across GitHub is cross-repository");
    expect(world.gh.requests).toEqual([]);
  });

  it("lets allowed writes through to the API", async () => {
    const result = await world.call({ op: "comment", issue: 1, body: "On it." });
    expect(result.isError).toBe(false);
    expect(audit(result)).toMatchObject({
      decision: "allowed",
      status: "ok",
      rule: 'tools.github.write = "this-repo"',
    });
    expect(world.gh.comments(1).map((comment) => comment.body)).toEqual([`On it.\n${REPLY_MARKER}`]);
  });

  it("a write allowed anywhere by configuration reaches the API for another repository", async () => {
    const result = await world.call(
      { op: "comment", repo: "someone/else", issue: 1, body: "hi" },
      { policy: GitHubPolicyConfig.parse({ write: "any-repo" }) },
    );
    expect(audit(result)).toMatchObject({ decision: "allowed", status: "error", httpStatus: 404 });
    expect(world.gh.requests.map((request) => request.path)).toEqual(["/repos/someone/else/issues/1/comments"]);
  });

  it("keeps bodies out of the audit record", async () => {
    const result = await world.call({ op: "comment", issue: 1, body: "the body text" });
    expect(JSON.stringify(audit(result))).not.toContain("body text");
    expect(Object.keys(audit(result)).sort()).toEqual([
      "bytes",
      "class",
      "decision",
      "durationMs",
      "op",
      "repo",
      "rule",
      "status",
      "time",
    ]);
  });
});
