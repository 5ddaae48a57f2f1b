import { afterAll, describe, expect, it } from "vitest";
import { createGitHubClient } from "../../../src/github/client.ts";
import { REPLY_MARKER } from "../../../src/github/marker.ts";

// A loopback server that records each request's body and answers with an empty object.
const seen: { method: string; path: string; body: Record<string, unknown> | undefined }[] = [];
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  async fetch(request) {
    const text = await request.text();
    seen.push({
      method: request.method,
      path: new URL(request.url).pathname,
      body: text ? JSON.parse(text) : undefined,
    });
    return Response.json({ id: 1 });
  },
});
afterAll(() => void server.stop(true));

const github = createGitHubClient({ token: "t", baseUrl: `http://127.0.0.1:${server.port}`, paced: false });
const repo = { owner: "acme", repo: "widgets" };

describe("every comment written through gitclaw's client carries the reply marker", () => {
  it.each([
    ["an issue comment", () => github.rest.issues.createComment({ ...repo, issue_number: 1, body: "hi" })],
    ["an edited issue comment", () => github.rest.issues.updateComment({ ...repo, comment_id: 2, body: "hi" })],
    [
      "a review comment",
      () =>
        github.rest.pulls.createReviewComment({
          ...repo,
          pull_number: 3,
          body: "hi",
          commit_id: "a",
          path: "x",
          line: 1,
        }),
    ],
    [
      "a reply to a review comment",
      () => github.rest.pulls.createReplyForReviewComment({ ...repo, pull_number: 3, comment_id: 4, body: "hi" }),
    ],
    ["an edited review comment", () => github.rest.pulls.updateReviewComment({ ...repo, comment_id: 4, body: "hi" })],
    ["a review", () => github.rest.pulls.createReview({ ...repo, pull_number: 3, body: "hi", event: "COMMENT" })],
    [
      "a submitted review",
      () => github.rest.pulls.submitReview({ ...repo, pull_number: 3, review_id: 5, body: "hi", event: "COMMENT" }),
    ],
    ["a commit comment", () => github.rest.repos.createCommitComment({ ...repo, commit_sha: "a", body: "hi" })],
  ])("%s", async (_what, call) => {
    await call();
    expect(seen.at(-1)!.body!.body).toBe(`hi\n${REPLY_MARKER}`);
  });

  it("marks a review's inline comments too, each once", async () => {
    const comments = [
      { path: "a.ts", line: 1, body: "one" },
      { path: "a.ts", line: 2, body: `two\n${REPLY_MARKER}` },
    ];
    await github.rest.pulls.createReview({ ...repo, pull_number: 3, event: "COMMENT", comments });
    expect(seen.at(-1)!.body!.comments).toEqual([
      { path: "a.ts", line: 1, body: `one\n${REPLY_MARKER}` },
      { path: "a.ts", line: 2, body: `two\n${REPLY_MARKER}` },
    ]);
  });

  it("adds it once, and leaves other requests alone", async () => {
    await github.rest.issues.createComment({ ...repo, issue_number: 1, body: `done\n${REPLY_MARKER}` });
    expect(seen.at(-1)!.body!.body).toBe(`done\n${REPLY_MARKER}`);
    await github.rest.issues.update({ ...repo, issue_number: 1, body: "an issue body" });
    expect(seen.at(-1)!.body!.body).toBe("an issue body");
    await github.rest.issues.listComments({ ...repo, issue_number: 1 });
    expect(seen.at(-1)).toMatchObject({ method: "GET", body: undefined });
  });
});
