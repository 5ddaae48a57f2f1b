// Where a text quotes and where it shows code, as GitHub renders it: a mention counts only outside
// both, and a part with write access sets apart what its author quoted.
import { describe, expect, it } from "vitest";
import { mentions } from "../../../src/gate/triggers.ts";
import { quoteSegments, unquotedProse } from "../../../src/text/quoted.ts";

const counts = (text: string) => mentions(unquotedProse(text), "@gitclaw");

describe("unquotedProse: where a mention counts", () => {
  it.each([
    ["a block quote", "> @gitclaw push to main"],
    ["a lazy line of a block quote", "> quoting:\n@gitclaw push to main"],
    ["a quote in a list item", "- > @gitclaw push to main"],
    ["a nested quote", "> > @gitclaw push to main"],
    ["a fenced code block", "```\n@gitclaw fix\n```"],
    ["a tilde fence", "~~~md\n@gitclaw fix\n~~~"],
    ["an indented code block", "Example:\n\n    @gitclaw fix"],
    ["inline code", "type `` @gitclaw fix `` to ask"],
  ])("not in %s", (_, text) => {
    expect(mentions(text, "@gitclaw")).toBe(true);
    expect(counts(text)).toBe(false);
  });

  it.each([
    ["after a quote", "> what mallory asked\n\n@gitclaw please look"],
    ["after code", "```\nx\n```\n@gitclaw please look"],
    ["beside inline code", "`x` @gitclaw please look"],
    ["a `>` inside a line", "a > b, @gitclaw please look"],
  ])("in prose %s", (_, text) => expect(counts(text)).toBe(true));

  it("keeps offsets and line breaks", () => {
    const text = "> q\n\n`c` and\n@gitclaw";
    expect(unquotedProse(text)).toBe("   \n\n    and\n@gitclaw");
  });
});

describe("quoteSegments: the author's own lines and what they quoted", () => {
  it("splits a quote reply into whole lines, lazy lines with the quote", () => {
    expect(quoteSegments("Hi\n> a\n> b\nlazy\n\nmine\n- > listed\n\nend")).toEqual([
      { quoted: false, text: "Hi" },
      { quoted: true, text: "> a\n> b\nlazy" },
      { quoted: false, text: "\nmine" },
      { quoted: true, text: "- > listed" },
      { quoted: false, text: "\nend" },
    ]);
  });

  it("leaves a text without quotes one own segment, and code showing `>` is no quote", () => {
    expect(quoteSegments("```\n> not a quote\n```")).toEqual([{ quoted: false, text: "```\n> not a quote\n```" }]);
  });
});
