// Who asked is read from GitHub, not from what the would-be approvers can edit: the issue is the one
// the head branch names, whatever the pull request's marker claims; a pull request gitclaw neither
// opened nor pushed to gets no status. Against the GitHub stand-in, with its OpenAPI checks.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateApproval } from "../../../src/approval/approval.ts";
import { fetchApi } from "../../../src/github/api.ts";
import { pullRequestMarker } from "../../../src/github/marker.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../support/github-emulator.ts";

let gh: GitHubEmulator;
beforeAll(async () => {
  gh = await startGitHubEmulator({ owner: "acme", repo: "widgets", token: "t" });
  for (const login of ["alice", "bob", "carol"]) gh.addUser({ login, permission: "write" });
});
afterAll(() => gh.stop());

const env = { owner: "acme", repo: "widgets", serverUrl: "https://github.example", runId: "7" };
const update = (pull: number, required = 1) =>
  updateApproval({ api: fetchApi({ apiUrl: gh.url, token: "t" }), env, pull, required });

function pullRequest(ref: string, body: string, sha: string) {
  gh.addCommit({ message: "work", sha });
  return gh.createPullRequest({ title: "Work", body, user: "github-actions[bot]", head: { ref, sha } }).number;
}

describe("updateApproval", () => {
  it("takes the requester from the issue the head branch names, not from a forged marker", async () => {
    const asked = gh.createIssue({ title: "Please", body: "", user: "alice" }).number;
    const other = gh.createIssue({ title: "Mine", body: "", user: "bob" }).number;
    // The marker names bob's issue, as an edit of the body could: bob is not excluded by it, alice stays excluded.
    const sha = "a".repeat(40);
    const pull = pullRequest(`gitclaw/issue-${asked}`, `Fixes #${asked}\n\n${pullRequestMarker(other)}`, sha);
    gh.addReview(pull, { user: "alice", state: "APPROVED", commitId: sha });

    const first = await update(pull);

    expect(first).toMatchObject({ set: true, head: sha, decision: { state: "pending", approvers: [] } });
    expect("excluded" in first && first.excluded).toEqual(expect.arrayContaining(["alice"]));
    gh.addReview(pull, { user: "bob", state: "APPROVED", commitId: sha });
    expect(await update(pull)).toMatchObject({ set: true, decision: { state: "success", approvers: ["bob"] } });
    const statuses = gh.commitStatuses(sha);
    expect(statuses.map((s) => [s.state, s.description])).toEqual([
      ["success", "Approved by @bob"],
      ["pending", "Needs 1 approval of aaaaaaa by someone with write access who did not ask for it"],
    ]);
    expect(statuses[0]!.targetUrl).toBe("https://github.example/acme/widgets/actions/runs/7");
    // Asked again with nothing new: the same status is not posted twice.
    expect(await update(pull)).toMatchObject({ set: false, decision: { state: "success" } });
    expect(gh.commitStatuses(sha)).toHaveLength(2);
    expect(gh.violations).toEqual([]);
  });

  it("leaves alone a pull request gitclaw neither opened nor pushed to", async () => {
    const marked = pullRequest("feature", pullRequestMarker(1), "b".repeat(40));
    expect(await update(marked)).toEqual({
      set: false,
      reason: `#${marked} is not gitclaw's pull request, nor did gitclaw push to it`,
    });
    expect(gh.commitStatuses("b".repeat(40))).toEqual([]);
    expect(gh.violations).toEqual([]);
  });
});
