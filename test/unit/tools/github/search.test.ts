// The search ops: how `q` is composed (query, date qualifier, repo scope, kind), what is sent, and
// how results are rendered.
import { describe, expect, it } from "vitest";
import { composeSearchQuery, searchScope, type SearchQueryInput } from "../../../../src/tools/github/search.ts";
import { audit, body, headerLine, REPO, START, useWorld } from "./support.ts";

const base = { thisRepo: REPO, now: START };
const q = (input: Omit<SearchQueryInput, "thisRepo" | "now">) => composeSearchQuery({ ...base, ...input });

describe("composing the query", () => {
  it("appends the date qualifier, this repository and the kind", () => {
    expect(q({ op: "search_issues", query: "is:open", since: "2026-05-01" })).toBe(
      "is:open created:>=2026-05-01 repo:acme/widgets is:issue",
    );
    expect(q({ op: "search_prs", query: "  fix  ", until: "3d", dateField: "updated" })).toBe(
      "fix updated:<=2026-05-09 repo:acme/widgets is:pr",
    );
    expect(q({ op: "search_issues", since: "2w", until: "2026-05-10" })).toBe(
      "created:2026-04-28..2026-05-10 repo:acme/widgets is:issue",
    );
  });

  it("uses committer-date for commits and pushed for repositories updated", () => {
    expect(q({ op: "search_commits", query: "fix", since: "1y", dateField: "created" })).toBe(
      "fix committer-date:>=2025-05-12 repo:acme/widgets",
    );
    expect(q({ op: "search_repos", query: "widgets", since: "1mo", dateField: "updated" })).toBe(
      "widgets pushed:>=2026-04-12",
    );
    expect(q({ op: "search_repos", query: "widgets", since: "1mo" })).toBe("widgets created:>=2026-04-12");
  });

  it("scopes to an explicit repo, to nothing when the query scopes itself, and never for repositories", () => {
    expect(q({ op: "search_code", query: "TODO", repo: { owner: "other", repo: "lib" } })).toBe("TODO repo:other/lib");
    for (const query of ["TODO org:acme", "repo:x/y TODO", "TODO user:bob", "TODO -owner:evil"]) {
      expect(q({ op: "search_code", query })).toBe(query);
      expect(searchScope({ op: "search_code", query, thisRepo: REPO })).toBeUndefined();
    }
    // A word that merely contains "repo:" is not a qualifier.
    expect(q({ op: "search_code", query: "myrepo:thing" })).toBe("myrepo:thing repo:acme/widgets");
    expect(searchScope({ op: "search_repos", query: "x", thisRepo: REPO })).toBeUndefined();
  });

  it("requires a query for code search and refuses its date bounds", () => {
    expect(() => q({ op: "search_code" })).toThrow("query is required for search_code");
    expect(() => q({ op: "search_code", query: "x", since: "3d" })).toThrow("search_code does not take since/until");
    expect(() => q({ op: "search_issues", query: "  " })).toThrow(
      "query is required (or pass since/until to filter by date)",
    );
    expect(() => q({ op: "search_issues", since: "soon" })).toThrow("invalid date bound: soon");
  });
});

describe("search ops against the emulator", () => {
  const world = useWorld((w) => {
    w.gh.addUser({ login: "alice", permission: "write" });
  });

  it("search_issues sends the composed q with per_page = limit and lists matches", async () => {
    world.gh.createIssue({
      title: "Login crash",
      body: "crashes on login",
      user: "alice",
      labels: ["bug"],
      createdAt: "2026-05-10T00:00:00Z",
    });
    world.gh.createIssue({ title: "Login old", body: "old", user: "alice", createdAt: "2026-01-01T00:00:00Z" });
    world.gh.createPullRequest({
      title: "Fix login",
      user: "alice",
      head: { ref: "fix", sha: "c".repeat(40) },
      createdAt: "2026-05-11T00:00:00Z",
    });

    const result = await world.call({ op: "search_issues", query: "login", since: "1w", limit: 5.8 });
    expect(world.gh.requests.at(-1)).toMatchObject({
      path: "/search/issues",
      query: { q: "login created:>=2026-05-05 repo:acme/widgets is:issue", per_page: "5" },
    });
    expect(headerLine(result)).toMatch(/^\[github github\.com\/acme\/widgets search_issues read ok /);
    expect(body(result)).toBe(
      [
        "# GitHub issues search",
        "Query: `login created:>=2026-05-05 repo:acme/widgets is:issue`",
        "1 results",
        "- #1 Login crash",
        "  acme/widgets · open · @alice · labels: bug · created 2026-05-10T00:00:00Z · updated 2026-05-10T00:00:00Z",
        `  ${world.gh.issue(1).html_url}`,
      ].join("\n"),
    );

    const prs = body(await world.call({ op: "search_prs", query: "login" }));
    expect(prs).toContain("# GitHub pull requests search");
    expect(prs).toContain("- #3 Fix login");
    expect(prs).not.toContain("Login crash");
  });

  it("a GitHub-wide search (query scoped elsewhere) shows * in the header and audit", async () => {
    const result = await world.call({ op: "search_prs", query: "org:someone-else bug" });
    expect(world.gh.requests.at(-1)?.query.q).toBe("org:someone-else bug is:pr");
    expect(headerLine(result)).toMatch(/^\[github github\.com\/\* search_prs read ok/);
    expect(audit(result).repo).toBe("*");
    expect(body(result)).toContain("0 results");
  });

  it("search_code asks for text matches and shows the first fragment line", async () => {
    world.gh.setFile("src/auth.ts", "export function login() {\n  // TODO: rate limit\n}\n");
    world.gh.setFile("README.md", "nothing here");
    const text = body(await world.call({ op: "search_code", query: "TODO" }));
    expect(world.gh.requests.at(-1)?.headers.accept).toContain("text-match");
    expect(text).toMatch(
      /^# GitHub code search\nQuery: `TODO repo:acme\/widgets`\n1 results\n- src\/auth\.ts — acme\/widgets @ [0-9a-f]{7} — \S+\n {2}> \/\/ TODO: rate limit$/,
    );
  });

  it("search_commits shows short sha, subject, author and date", async () => {
    const commit = world.gh.addCommit({
      message: "Fix the login\n\nlong body",
      authorLogin: "alice",
      date: "2026-05-01T10:00:00Z",
    });
    const text = body(await world.call({ op: "search_commits", query: "login", since: "2026-04-01" }));
    expect(world.gh.requests.at(-1)?.query.q).toBe("login committer-date:>=2026-04-01 repo:acme/widgets");
    expect(text).toContain(
      `- ${commit.sha.slice(0, 7)} Fix the login\n  acme/widgets · @alice · 2026-05-01T10:00:00Z · `,
    );
  });

  it("search_repos never adds repo: and lists repositories", async () => {
    const text = body(await world.call({ op: "search_repos", query: "widgets" }));
    expect(world.gh.requests.at(-1)?.query.q).toBe("widgets");
    expect(text).toMatch(/- acme\/widgets\n {2}★ 0 · forks 0 · open issues 0 · public · updated \S+ · \S+/);
  });

  it.each([
    [{ op: "search_issues" as const, query: "x", limit: 0 }, "limit must be a positive number"],
    [{ op: "search_code" as const, query: "x", until: "1d" }, "search_code does not take since/until"],
    [{ op: "search_code" as const }, "query is required for search_code"],
    [{ op: "search_commits" as const, query: "x", since: "tomorrowish" }, "invalid date bound: tomorrowish"],
  ])("refuses %j before any request", async (args, message) => {
    const result = await world.call(args);
    expect(result.isError).toBe(true);
    expect(body(result)).toContain(message);
    expect(world.gh.requests).toEqual([]);
  });

  it("caps limit at 50", async () => {
    await world.call({ op: "search_repos", query: "widgets", limit: 1000 });
    expect(world.gh.requests.at(-1)?.query.per_page).toBe("50");
  });
});
