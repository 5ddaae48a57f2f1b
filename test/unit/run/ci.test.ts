// Fix attempts for failed CI runs never loop: the failure's signature ignores what changes from run to
// run, and the attempts are read back from the trailers of the branch's own commits.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CI_TRAILER, earlierAttempts, failureSignature } from "../../../src/run/ci.ts";
import type { Workspace } from "../../../src/run/types.ts";
import { commitMessage } from "../../../src/git/commit-message.ts";
import { createGit } from "../../../src/git/git.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

describe("failureSignature", () => {
  const log = (stamp: string, ms: number, sha: string) =>
    [
      `${stamp} Run bun test`,
      `${stamp} ✓ parses (${ms}ms)`,
      `${stamp} error: expected 42, received 41 at src/answer.ts:3 (commit ${sha})`,
      `${stamp} 1 fail`,
    ].join("\n");

  it("is the same for the same failure at another time, duration and commit", () => {
    const first = failureSignature("CI", [{ job: "test", tail: log("2026-01-01T10:00:00.1234567Z", 12, "abc1234") }]);
    const again = failureSignature("CI", [{ job: "test", tail: log("2026-01-02T11:30:00.7654321Z", 97, "def5678") }]);
    expect(again).toBe(first);
    expect(first).toMatch(/^[0-9a-f]{12}$/);
  });

  it("differs for another error, another job or another workflow", () => {
    const tail = log("2026-01-01T10:00:00Z", 1, "abc1234");
    const sig = failureSignature("CI", [{ job: "test", tail }]);
    expect(failureSignature("CI", [{ job: "test", tail: tail.replace("expected", "cannot find") }])).not.toBe(sig);
    expect(failureSignature("CI", [{ job: "lint", tail }])).not.toBe(sig);
    expect(failureSignature("Nightly", [{ job: "test", tail }])).not.toBe(sig);
  });

  it("falls back to the last lines when none says what failed, and copes with a missing log", () => {
    expect(failureSignature("CI", [{ job: "build", tail: "step one\ncompiling" }])).not.toBe(
      failureSignature("CI", [{ job: "build", tail: "step one\nlinking" }]),
    );
    expect(failureSignature("CI", [{ job: "build", tail: undefined }])).toMatch(/^[0-9a-f]{12}$/);
  });
});

describe("earlierAttempts", () => {
  let repo: TempRepo;
  beforeAll(async () => {
    repo = await createTempRepo();
  });
  afterAll(() => repo.cleanup());

  const commit = (message: string) =>
    repo.git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "--allow-empty", "-m", message);

  it("reads the signatures of the branch's last commits from their trailers, newest first", async () => {
    const plan = { issueNumber: 3, title: "Fix", runUrl: "https://x/run/1", coAuthor: { login: "alice", id: 1 } };
    await commit(commitMessage({ ...plan, trailers: [`${CI_TRAILER}: aaaaaaaaaaaa (attempt 1 of 3, run 1)`] }));
    await commit("a person's commit\n\nGitclaw-CI-Fix-Not: zzz");
    await commit(commitMessage({ ...plan, trailers: [`${CI_TRAILER}: bbbbbbbbbbbb (attempt 2 of 3, run 2)`] }));
    const workspace = { git: createGit(repo.dir) } as Workspace;
    expect(await earlierAttempts(workspace, 3)).toEqual(["bbbbbbbbbbbb", "aaaaaaaaaaaa"]);
    // Only the pull request's own commits count.
    expect(await earlierAttempts(workspace, 1)).toEqual(["bbbbbbbbbbbb"]);
  });
});
