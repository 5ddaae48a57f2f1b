// The reply's Markdown helpers, and a note built from them: one callout per note, every line quoted
// once, a patch shown up to the one limit and linked past it.
import { describe, expect, it } from "vitest";
import { callout, codeSpan, inertText, patchBlock, SHOWN_PATCH_CHARS } from "../../../src/github/markdown.ts";
import { formatBytes, plural } from "../../../src/text/format.ts";
import { describePush } from "../../../src/run/reply.ts";

describe("the reply's Markdown", () => {
  it("shows outside text inert: one short line, HTML escaped in an HTML block, no mention, no early end of a code span", () => {
    const name = "</summary><h2>@octocat`x\ny</h2>";
    expect(inertText(name)).toBe("&lt;/summary&gt;&lt;h2&gt;@\u200boctocat`x?y&lt;/h2&gt;");
    expect(codeSpan(name)).toBe("`</summary><h2>@\u200boctocat'x?y</h2>`");
    expect(inertText("a".repeat(500), 10)).toBe(`${"a".repeat(9)}…`);
  });

  it("quotes every line of a callout once, a blank line as a bare >", () => {
    expect(callout("WARNING", "first\n\n- second")).toBe("> [!WARNING]\n> first\n>\n> - second");
  });

  it("says a push failure with a saved session in one callout, no line quoted twice", () => {
    const note = describePush(undefined, "rejected", { compare: (b) => b, sessionSaved: true });
    expect(note).toBe(
      "> [!WARNING]\n> The changes could not be pushed: rejected\n" +
        "> The conversation was saved on its own; the changes are not on any branch.",
    );
  });

  it("shows a patch up to the limit and says what to do past it", () => {
    const patch = "diff --git a/x b/x\n+y\n";
    expect(patchBlock(patch, "The patch", "too long")).toBe(
      "<details><summary>The patch</summary>\n\n```diff\ndiff --git a/x b/x\n+y\n```\n\n</details>",
    );
    expect(patchBlock("+".repeat(SHOWN_PATCH_CHARS + 1), "The patch", "too long")).toBe("too long");
  });

  it("counts nouns and sizes", () => {
    expect([plural(1, "file"), plural(2, "file"), plural(0, "file")]).toEqual(["1 file", "2 files", "0 files"]);
    expect([0, 1023, 1024, 4096, 3 * 1024 * 1024].map(formatBytes)).toEqual([
      "0 B",
      "1023 B",
      "1.0 KB",
      "4.0 KB",
      "3.0 MB",
    ]);
  });
});
