// The commands of AGENTS.md's `## Validation` section (src/validate/section.ts): a fenced block's
// lines and list items that are one code span, nothing of the prose, nothing past the next section.
import { describe, expect, it } from "vitest";
import { validationSection } from "../../../src/validate/section.ts";

describe("validationSection", () => {
  it("reads fenced lines and code-span list items, in order, and stops at the next section", () => {
    const markdown = [
      "# Project",
      "- `not this`",
      "## Validation ##",
      "Run `bun test` and friends before you finish:",
      "- `bun test`",
      "1. `bun run lint`",
      "- run the `typecheck` script (prose, not a command)",
      "```sh",
      "# a comment",
      "bunx tsc --noEmit",
      "",
      "## a shell comment, not the section's end",
      "bun run e2e",
      "```",
      "### Notes",
      "* `bun run docs:check`",
      "## Style",
      "- `never`",
    ].join("\n");
    expect(validationSection(markdown)).toEqual([
      "bun test",
      "bun run lint",
      "bunx tsc --noEmit",
      "bun run e2e",
      "bun run docs:check",
    ]);
  });

  it("finds nothing without the section, nor in a section of prose alone", () => {
    expect(validationSection("# A\n- `bun test`\n## Testing\n```\nbun test\n```\n")).toEqual([]);
    expect(validationSection("## validation\nRun the tests, please.\n")).toEqual([]);
  });
});
