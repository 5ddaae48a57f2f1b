// Text gitclaw writes into its own commits and pull requests (src/text/neutralise.ts): GitHub's closing
// keywords for other issues, skip directives and mentions lose their effect, and stay readable.
import { describe, expect, it } from "vitest";
import { commitMessage, withTrailers } from "../../../src/git/commit-message.ts";
import { neutralise } from "../../../src/text/neutralise.ts";

describe("neutralise", () => {
  it.each([
    ["fix #1", "fix issue 1"],
    ["Fixes: #2", "Fixes: issue 2"],
    ["CLOSED #3", "CLOSED issue 3"],
    ["resolve octo/repo#4", "resolve octo/repo issue 4"],
    ["closes https://github.com/octo/repo/issues/5", "closes github.com/octo/repo/issues/5"],
    ["resolved http://ghe.example/octo/repo/pull/6", "resolved ghe.example/octo/repo/pull/6"],
    ["fix #1, fix #2 and fixed #3", "fix issue 1, fix issue 2 and fixed issue 3"],
  ])("closing keyword: %s", (text, inert) => expect(neutralise(text)).toBe(inert));

  it("keeps the run's own issue, words that only contain a keyword, and references without one", () => {
    expect(neutralise("Fixes #7", { allowedIssue: 7 })).toBe("Fixes #7");
    expect(neutralise("Fixes #8", { allowedIssue: 7 })).toBe("Fixes issue 8");
    expect(neutralise("prefix #1, see #2, suffixes #3")).toBe("prefix #1, see #2, suffixes #3");
  });

  it.each([
    ["[skip ci]", "(skip ci)"],
    ["[CI SKIP]", "(CI SKIP)"],
    ["[no ci]", "(no ci)"],
    ["[skip actions]", "(skip actions)"],
    ["[actions skip]", "(actions skip)"],
    ["body\n\nskip-checks: true", "body\n\nskip-checks- true"],
    ["Skip-Checks:true", "Skip-Checks-true"],
  ])("skip directive: %s", (text, inert) => expect(neutralise(text)).toBe(inert));

  it("mentions nobody, leaving e-mail addresses and code-quoted names alone", () => {
    expect(neutralise("cc @bob and @octo/team")).toBe("cc ＠bob and ＠octo/team");
    expect(neutralise("mail bob@example.com or `@bob`")).toBe("mail bob@example.com or `@bob`");
  });

  it("is applied to the messages of gitclaw's commits: a title cut short, the model's message, never the trailers", () => {
    const coAuthor = { login: "alice", id: 7 };
    const title = `${"x".repeat(40)} fixes https://github.com/octo/repo/issues/1234`;
    expect(commitMessage({ issueNumber: 3, title, runUrl: "https://run" }).split("\n")[0]).toBe(
      `gitclaw: issue #3 — ${"x".repeat(40)} fixes github.com/oc`,
    );
    expect(withTrailers("Fix #1 [skip ci] for @bob", { coAuthor })).toBe(
      "Fix issue 1 (skip ci) for ＠bob\n\nCo-authored-by: alice <7+alice@users.noreply.github.com>",
    );
  });
});
