// The ready signal and the draft pull request's body (src/run/deliver.ts).
import { describe, expect, it } from "vitest";
import { pullRequestBody, readySignal } from "../../../src/run/deliver.ts";
import { markedIssue } from "../../../src/github/marker.ts";

describe("readySignal", () => {
  it("is the final message's last non-empty line, taken out of the reply", () => {
    expect(readySignal("Done: added the parser.\n\nREADY FOR REVIEW\n")).toEqual({
      ready: true,
      text: "Done: added the parser.",
    });
    expect(readySignal("Done.\nREADY FOR REVIEW  ")).toEqual({ ready: true, text: "Done." });
  });

  it("is nothing anywhere else, nor in other words", () => {
    expect(readySignal("READY FOR REVIEW\nbut one more thing").ready).toBe(false);
    expect(readySignal("It is ready for review.").ready).toBe(false);
    expect(readySignal("").ready).toBe(false);
  });
});

describe("pullRequestBody", () => {
  it("fixes the issue, carries the summary and steps, and the marker the guard reads", () => {
    const body = pullRequestBody(12, "Added a parser.", "<details><summary>2 steps</summary></details>");
    expect(body.startsWith("Fixes #12\n\nAdded a parser.\n\n<details>")).toBe(true);
    expect(markedIssue(body)).toBe(12);
    expect(pullRequestBody(3, "", "")).toBe(`Fixes #3\n\n<!-- gitclaw:pull-request issue=3 -->`);
  });
});
