// pr_review against the emulator: one batched review with its inline comments, every comment checked
// against the pull request's patches before anything is posted, never an approval, the policy's say,
// secrets removed and gitclaw's marker on everything it writes.
import { describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../../../src/github/marker.ts";
import { GitHubPolicyConfig } from "../../../../src/tools/github/policy.ts";
import type { DiffFileRecord } from "../../../support/github-emulator.ts";
import { REDACTED, SECRET } from "../support.ts";
import { audit, body, headerLine, REPO, useWorld } from "./support.ts";

const HEAD = "c".repeat(40);

// src/app.ts, two hunks. Commentable: RIGHT 1-5 and 21-24, LEFT 1-4 and 20-22.
const APP_PATCH = [
  "@@ -1,4 +1,5 @@",
  " line 1",
  "-old 2",
  "+new 2",
  "+new 3",
  " line 3",
  " line 4",
  "@@ -20,3 +21,4 @@ function f() {",
  " c20",
  "+n22",
  " c21",
  " c22",
].join("\n");

const FILES: DiffFileRecord[] = [
  { filename: "src/app.ts", status: "modified", additions: 3, deletions: 1, patch: APP_PATCH },
  { filename: "README.md", status: "added", additions: 2, deletions: 0, patch: "@@ -0,0 +1,2 @@\n+# Title\n+text" },
  { filename: "logo.png", status: "added", additions: 0, deletions: 0 },
  {
    filename: "src/new-name.ts",
    previousFilename: "src/old-name.ts",
    status: "renamed",
    additions: 1,
    deletions: 1,
    patch: "@@ -1 +1 @@\n-a\n+b",
  },
];

const world = useWorld((w) => {
  w.gh.addUser({ login: "alice", permission: "write" });
  w.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: HEAD }, files: FILES });
});

const reviewPosts = (mark = 0) =>
  world.requestsSince(mark).filter((request) => request.method === "POST" && request.path.endsWith("/reviews"));

describe("pr_review", () => {
  it("posts one review with every inline comment, at the head it checked, and names its URL and count", async () => {
    const result = await world.call({
      op: "pr_review",
      pr: 1,
      event: "REQUEST_CHANGES",
      body: "Please fix these.",
      inline: [
        { path: "src/app.ts", line: 3, body: "Why a third constant?" },
        { path: "src/app.ts", start_line: 21, line: 23, body: "Simpler:", suggestion: "c20\nn22 fixed\nc21\n" },
        { path: "src/app.ts", line: 2, side: "LEFT", body: "This was fine." },
        { path: "./README.md", line: 1, body: `The token ${SECRET} leaked here.` },
      ],
    });
    expect(result.isError, result.text).toBe(false);
    expect(headerLine(result)).toMatch(/^\[github github\.com\/acme\/widgets pr_review write ok \d+B\]$/);

    const { data: reviews } = await world.github.rest.pulls.listReviews({ ...REPO, pull_number: 1 });
    expect(reviews).toHaveLength(1);
    const review = reviews[0]!;
    expect(review).toMatchObject({
      state: "CHANGES_REQUESTED",
      body: `Please fix these.\n${REPLY_MARKER}`,
      commit_id: HEAD,
    });
    expect(body(result)).toBe(
      [
        "# Reviewed PR #1 (REQUEST_CHANGES) with 4 inline comments",
        `- ${review.html_url}`,
        `- at ${HEAD.slice(0, 12)}`,
        "- src/app.ts:3 (RIGHT)",
        "- src/app.ts:21-23 (RIGHT)",
        "- src/app.ts:2 (LEFT)",
        "- README.md:1 (RIGHT)",
      ].join("\n"),
    );
    expect(result.details).toMatchObject({ number: 1, reviewId: review.id, url: review.html_url, comments: 4 });

    const { data: comments } = await world.github.rest.pulls.listReviewComments({ ...REPO, pull_number: 1 });
    expect(
      comments.map(({ path, line, side, start_line, body, pull_request_review_id }) => ({
        path,
        line,
        side,
        start_line,
        body,
        pull_request_review_id,
      })),
    ).toEqual(
      [
        {
          path: "src/app.ts",
          line: 3,
          side: "RIGHT",
          start_line: null,
          body: `Why a third constant?\n${REPLY_MARKER}`,
        },
        {
          path: "src/app.ts",
          line: 23,
          side: "RIGHT",
          start_line: 21,
          body: `Simpler:\n\n\`\`\`suggestion\nc20\nn22 fixed\nc21\n\`\`\`\n${REPLY_MARKER}`,
        },
        { path: "src/app.ts", line: 2, side: "LEFT", start_line: null, body: `This was fine.\n${REPLY_MARKER}` },
        {
          path: "README.md",
          line: 1,
          side: "RIGHT",
          start_line: null,
          body: `The token ${REDACTED} leaked here.\n${REPLY_MARKER}`,
        },
      ].map((comment) => ({ ...comment, pull_request_review_id: review.id })),
    );
    expect(comments[1]!.diff_hunk).toBe("@@ -20,3 +21,4 @@ function f() {\n c20\n+n22\n c21");
    // One request writes: the review and its comments together.
    expect(world.gh.requests.filter((request) => request.method !== "GET")).toHaveLength(1);
    expect(audit(result)).toMatchObject({ op: "pr_review", class: "write", decision: "allowed", status: "ok" });
  });

  it("comments without a summary, and fences a suggestion that holds backticks", async () => {
    const result = await world.call({
      op: "pr_review",
      pr: "https://github.com/acme/widgets/pull/1",
      inline: [{ path: "README.md", line: 2, suggestion: "Run ```make``` first." }],
    });
    expect(body(result)).toMatch(/^# Reviewed PR #1 \(COMMENT\) with 1 inline comment\n/);
    const { data: comments } = await world.github.rest.pulls.listReviewComments({ ...REPO, pull_number: 1 });
    expect(comments.map((comment) => comment.body)).toEqual([
      `\`\`\`\`suggestion\nRun \`\`\`make\`\`\` first.\n\`\`\`\`\n${REPLY_MARKER}`,
    ]);
  });

  it("posts nothing when a comment is outside the diff, and says which and what lines can take it", async () => {
    const result = await world.call({
      op: "pr_review",
      pr: 1,
      body: "Some notes.",
      inline: [
        { path: "src/app.ts", line: 3, body: "fine" },
        { path: "src/app.ts", line: 10, body: "outside" },
        { path: "docs/guide.md", line: 1, body: "not in the PR" },
        { path: "src/old-name.ts", line: 1, body: "renamed" },
        { path: "logo.png", line: 1, body: "binary" },
        { path: "src/app.ts", start_line: 4, line: 22, body: "across hunks" },
        { path: "src/app.ts", line: 23, side: "LEFT", body: "past the base's lines" },
      ],
    });
    expect(result.isError).toBe(true);
    expect(body(result)).toBe(
      [
        "no review was posted: 6 inline comments are not on lines of PR #1's diff, and GitHub refuses the whole " +
          "review for one (7 given). Move or drop them, or say it in body:",
        "- inline[1] src/app.ts:10 (RIGHT): line 10 (RIGHT) is outside the diff; commentable lines of src/app.ts: " +
          "RIGHT 1-5, 21-24; LEFT 1-4, 20-22",
        "- inline[2] docs/guide.md:1 (RIGHT): PR #1 does not change docs/guide.md; it changes src/app.ts, README.md, " +
          "logo.png, src/new-name.ts",
        "- inline[3] src/old-name.ts:1 (RIGHT): src/old-name.ts was renamed to src/new-name.ts; comment on src/new-name.ts",
        "- inline[4] logo.png:1 (RIGHT): GitHub shows no diff for logo.png (binary or too large), so no line takes a comment",
        "- inline[5] src/app.ts:4-22 (RIGHT): start_line 4 and line 22 are in different hunks; a range stays in one " +
          "(line 22's hunk: RIGHT 21-24); commentable lines of src/app.ts: RIGHT 1-5, 21-24; LEFT 1-4, 20-22",
        "- inline[6] src/app.ts:23 (LEFT): line 23 (LEFT) is outside the diff; commentable lines of src/app.ts: " +
          "RIGHT 1-5, 21-24; LEFT 1-4, 20-22",
      ].join("\n"),
    );
    expect(reviewPosts()).toEqual([]);
    expect(audit(result)).toMatchObject({ decision: "allowed", status: "error" });
  });

  it("is right to check: the emulator, like GitHub, refuses the whole review for one such comment", async () => {
    const refused = await world.github.rest.pulls
      .createReview({
        ...REPO,
        pull_number: 1,
        event: "COMMENT",
        comments: [
          { path: "src/app.ts", line: 3, body: "fine" },
          { path: "src/app.ts", line: 10, body: "outside" },
        ],
      })
      .catch((error: { status: number; response: { data: unknown } }) => error);
    expect(refused).toMatchObject({
      status: 422,
      response: {
        data: {
          message: "Unprocessable Entity",
          errors: [
            "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank",
          ],
        },
      },
    });
    const { data: reviews } = await world.github.rest.pulls.listReviews({ ...REPO, pull_number: 1 });
    expect(reviews).toEqual([]);
  });

  it("passes on what GitHub refuses that only GitHub knows: changes requested on its own pull request", async () => {
    world.gh.createPullRequest({
      title: "Mine",
      user: "github-actions[bot]",
      head: { ref: "mine", sha: HEAD },
      files: FILES,
    });
    const result = await world.call({ op: "pr_review", pr: 2, event: "REQUEST_CHANGES", body: "Redo it." });
    expect(body(result)).toBe(
      "GitHub rejected the request (422 Unprocessable Entity): Review Can not request changes on your own pull request.",
    );
    expect(audit(result)).toMatchObject({ status: "error", httpStatus: 422 });
  });

  it("never approves", async () => {
    const result = await world.call({ op: "pr_review", pr: 1, event: "APPROVE", body: "LGTM" });
    expect(result.isError).toBe(true);
    expect(body(result)).toBe(
      "pr_review never approves: approving a pull request is left to a person. Use event COMMENT or REQUEST_CHANGES.",
    );
    expect(audit(result)).toMatchObject({ class: "write", decision: "denied", rule: "arguments", status: "invalid" });
    expect(world.gh.requests).toEqual([]);
  });

  it("is a write the policy can deny, and stays on this repository by default", async () => {
    const policy = GitHubPolicyConfig.parse({ ops: { pr_review: "deny" } });
    const denied = await world.call({ op: "pr_review", pr: 1, body: "x" }, { policy });
    expect(body(denied)).toContain('denied by policy rule tools.github.ops.pr_review = "deny"');
    const elsewhere = await world.call({ op: "pr_review", repo: "someone/else", pr: 1, body: "x" });
    expect(body(elsewhere)).toContain('denied by policy rule tools.github.write = "this-repo"');
    expect(world.gh.requests).toEqual([]);
  });

  it.each([
    ["nothing to say", { pr: 1 }, "pr_review needs body, inline comments, or both"],
    ["no pull request", { body: "x" }, "pr_review needs pr: one PR number or URL"],
    [
      "changes requested without saying which",
      { pr: 1, event: "REQUEST_CHANGES" as const },
      "pr_review with event REQUEST_CHANGES needs body",
    ],
    [
      "a range that ends before it starts",
      { pr: 1, inline: [{ path: "a.ts", line: 3, start_line: 5, body: "x" }] },
      "start_line (5) must come before line (3)",
    ],
    [
      "a start side without a start line",
      { pr: 1, inline: [{ path: "a.ts", line: 3, start_side: "LEFT" as const, body: "x" }] },
      "start_side needs start_line",
    ],
    [
      "an empty comment",
      { pr: 1, inline: [{ path: "a.ts", line: 3 }] },
      "inline[0] (a.ts:3) needs body (or suggestion)",
    ],
    [
      "a suggestion for the base's lines",
      { pr: 1, inline: [{ path: "a.ts", line: 3, side: "LEFT" as const, suggestion: "y" }] },
      "a suggestion replaces lines of the pull request's version: use side RIGHT",
    ],
    [
      "a body over GitHub's limit",
      { pr: 1, body: "x".repeat(65_537) },
      "the review body is 65537 characters; GitHub allows 65536",
    ],
    [
      "a runaway number of comments",
      { pr: 1, inline: Array.from({ length: 101 }, () => ({ path: "a", line: 1, body: "x" })) },
      "pr_review takes at most 100 inline comments; 101 were given",
    ],
  ])("refuses %s before any request", async (_, args, message) => {
    const result = await world.call({ op: "pr_review", ...args });
    expect(result.isError).toBe(true);
    expect(body(result)).toContain(message);
    expect(world.gh.requests).toEqual([]);
  });

  it("refuses GitHub's older position form and unknown fields by name", async () => {
    const result = await world.call({
      op: "pr_review",
      pr: 1,
      inline: [{ path: "a.ts", line: 1, position: 4, body: "x" }],
    } as never);
    expect(result.text).toContain('inline.0: Unrecognized key: "position"');
    expect(world.gh.requests).toEqual([]);
  });
});
