// The approval decision: which approvals of a pull request's head count, and the status it makes.
import { describe, expect, it } from "vitest";
import { approvedShas, onlyApproves } from "../../../src/approval/command.ts";
import {
  approvalClaims,
  coAuthors,
  decideApproval,
  requesters,
  type ApprovalComment,
} from "../../../src/approval/decide.ts";
import type { SubmittedReview } from "../../../src/github/approval-api.ts";
import { unquotedProse } from "../../../src/text/quoted.ts";

const HEAD = "0123456789abcdef0123456789abcdef01234567";
const OLD = "fedcba9876543210fedcba9876543210fedcba98";
const user = (login: string, type = "User") => ({ login, type });
const review = (login: string | undefined, state: string, commitId = HEAD, type = "User"): SubmittedReview => ({
  ...(login ? { author: user(login, type) } : {}),
  state,
  commitId,
});
const comment = (login: string | undefined, body: string, fromGitclaw = false): ApprovalComment => ({
  ...(login ? { author: user(login) } : {}),
  prose: unquotedProse(body),
  fromGitclaw,
});
const none = new Set<string>();

describe("/approve <sha>", () => {
  it("names the head by its full or abbreviated sha, in prose only", () => {
    expect(approvedShas("/approve 0123456")).toEqual(["0123456"]);
    expect(approvedShas(`Looks right.\n/approve ${HEAD.toUpperCase()}`)).toEqual([HEAD]);
    expect(approvedShas("/approve 012345")).toEqual([]); // too short to name a commit
    expect(approvedShas("/approve")).toEqual([]);
    expect(approvedShas("/approved 0123456")).toEqual([]);
    expect(approvedShas(unquotedProse("> /approve 0123456"))).toEqual([]);
    expect(approvedShas(unquotedProse("`/approve 0123456`"))).toEqual([]);
    expect(approvedShas(unquotedProse("```\n/approve 0123456\n```"))).toEqual([]);
  });

  it("alone in a comment, is an approval rather than a request to the agent", () => {
    expect(onlyApproves("/approve 0123456\n")).toBe(true);
    expect(onlyApproves("/approve 0123456\nand rename the helper")).toBe(false);
    expect(onlyApproves("please fix the test")).toBe(false);
  });
});

describe("approvalClaims", () => {
  it("counts an APPROVED review of the head and /approve naming it", () => {
    const claims = approvalClaims(HEAD, [review("bob", "APPROVED")], [comment("carol", "/approve 0123456")], none);
    expect(claims).toEqual(["bob", "carol"]);
  });

  it("does not count the requester, bots, deleted accounts, gitclaw's own text or older heads", () => {
    const claims = approvalClaims(
      HEAD,
      [
        review("Alice", "APPROVED"),
        review("ci-bot", "APPROVED", HEAD, "Bot"),
        review("helper[bot]", "APPROVED"),
        review(undefined, "APPROVED"),
        review("dave", "APPROVED", OLD),
      ],
      [
        comment("erin", "/approve fedcba9"),
        comment(undefined, "/approve 0123456"),
        comment("frank", "> /approve 0123456"),
        comment("gitclaw-pat-user", "Say `/approve 0123456` to approve.\n/approve 0123456", true),
      ],
      new Set(["alice"]),
    );
    expect(claims).toEqual([]);
  });

  it("lets a later request for changes or a dismissal on the head take a review's approval back", () => {
    expect(approvalClaims(HEAD, [review("bob", "APPROVED"), review("bob", "CHANGES_REQUESTED")], [], none)).toEqual([]);
    expect(approvalClaims(HEAD, [review("bob", "APPROVED"), review("bob", "DISMISSED")], [], none)).toEqual([]);
    expect(approvalClaims(HEAD, [review("bob", "APPROVED"), review("bob", "COMMENTED")], [], none)).toEqual(["bob"]);
  });
});

describe("requesters", () => {
  it("are the issue's author, the pull request's, and everyone the commits credit, lower-cased", () => {
    const commits = [
      {
        sha: HEAD,
        message: "gitclaw: issue #1 — x\n\nRun: r\n\nCo-authored-by: Carol <7+Carol@users.noreply.github.com>",
        author: user("gitclaw[bot]", "Bot"),
      },
      { sha: OLD, message: "fix\n\nCo-authored-by: Dave <dave@example.com>", committer: user("Erin") },
    ];
    const asked = requesters({ issueAuthor: user("Alice"), pullAuthor: "github-actions[bot]", commits });
    expect([...asked].sort()).toEqual(["alice", "carol", "dave", "erin", "gitclaw[bot]", "github-actions[bot]"]);
    expect(coAuthors("x\n\nCo-authored-by: a <1+a@users.noreply.github.com>\nCo-authored-by: b <b@x>")).toEqual([
      "a",
      "b",
    ]);
  });

  it("ignore deleted accounts", () => {
    expect([...requesters({ pullAuthor: "ghost", commits: [] })]).toEqual([]);
  });
});

describe("decideApproval", () => {
  it("is pending until enough approvers with write access, then names them", () => {
    const writers = new Set(["bob", "carol"]);
    const may = (login: string) => writers.has(login);
    const pending = decideApproval(HEAD, 2, ["bob", "reader"], may);
    expect(pending).toMatchObject({ state: "pending", approvers: ["bob"] });
    expect(pending.description).toBe("1 of 2 approvals of 0123456: @bob");
    expect(decideApproval(HEAD, 1, [], may).description).toMatch(/^Needs 1 approval of 0123456 /);
    const done = decideApproval(HEAD, 2, ["bob", "carol"], may);
    expect(done).toEqual({ state: "success", description: "Approved by @bob, @carol", approvers: ["bob", "carol"] });
  });

  it("keeps the description within GitHub's 140 characters", () => {
    const many = Array.from({ length: 30 }, (_, i) => `reviewer-number-${i}`);
    const { description } = decideApproval(HEAD, 1, many, () => true);
    expect(description.length).toBe(140);
    expect(description.endsWith("…")).toBe(true);
  });
});
