// gitclaw's branch names (src/git/branch-names.ts): the names earlier runs made must stay the names
// later runs look for, so each is spelled out here as it appears on GitHub.
import { describe, expect, it } from "vitest";
import { isGitclawBranch, issueBranch, issueOfHead, runBranch, sideBranch } from "../../../src/git/branch-names.ts";

describe("gitclaw's branch names", () => {
  it("names an issue's, a prompt run's and each side branch as earlier runs did", () => {
    expect(issueBranch(12)).toBe("gitclaw/issue-12");
    expect(runBranch("nightly-update")).toBe("gitclaw/run-nightly-update");
    expect(sideBranch({ kind: "run" }, "777")).toBe("gitclaw/run-777-side");
    expect(sideBranch({ kind: "issue", number: 3 }, "777")).toBe("gitclaw/issue-3-777");
    expect(sideBranch({ kind: "pr", number: 4 }, "777")).toBe("gitclaw/pr-4-777");
    expect(sideBranch({ kind: "link", number: 3 }, "777")).toBe("gitclaw/issue-3-777-link");
    expect(sideBranch({ kind: "review", number: 5 }, "777")).toBe("gitclaw/review-5-777");
  });

  it("reads the issue from this repository's issue branch only", () => {
    expect(issueOfHead({ repo: "Owner/Repo", ref: "gitclaw/issue-12" }, "owner/repo")).toBe(12);
    expect(issueOfHead({ repo: "fork/repo", ref: "gitclaw/issue-12" }, "owner/repo")).toBeUndefined();
    expect(issueOfHead({ repo: "owner/repo", ref: "gitclaw/issue-012" }, "owner/repo")).toBeUndefined();
    expect(issueOfHead({ repo: "owner/repo", ref: "gitclaw/issue-12-777" }, "owner/repo")).toBeUndefined();
  });

  it("knows gitclaw's branches whatever their case", () => {
    expect(isGitclawBranch("GitClaw/issue-1")).toBe(true);
    expect(isGitclawBranch("feature/gitclaw")).toBe(false);
  });
});
