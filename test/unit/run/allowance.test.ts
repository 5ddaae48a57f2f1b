// What text without write access a run passes on: each text capped, their sum capped, in order;
// text with write access whole; every cut said, on a line of gitclaw's, with where the text is.
import { describe, expect, it } from "vitest";
import { UNTRUSTED_RUN_CHARS, UNTRUSTED_TEXT_CHARS, withinAllowance } from "../../../src/run/allowance.ts";

const part = (trusted: boolean, text: string, url = "https://github.com/acme/widgets/issues/1#issuecomment-7") => ({
  trusted,
  text,
  url,
});
const lines = (count: number, width: number) =>
  Array.from({ length: count }, (_, i) => `${i}`.padEnd(width, "x")).join("\n");

describe("withinAllowance", () => {
  it("caps each text without write access at UNTRUSTED_TEXT_CHARS, at a line break, and links it", () => {
    const [cut] = withinAllowance([part(false, lines(1_000, 99))]);
    expect(cut!.text.length).toBeLessThanOrEqual(UNTRUSTED_TEXT_CHARS);
    expect(cut!.text.length).toBeGreaterThan(UNTRUSTED_TEXT_CHARS - 100);
    expect(cut!.text.endsWith("x")).toBe(true);
    expect(cut!.leftOut).toBe(
      `(gitclaw left out ${(99_999 - cut!.text.length).toLocaleString("en-US")} more characters of this text: ` +
        "a text by someone without write access brings at most 8,000 characters to a run. " +
        "All of it: https://github.com/acme/widgets/issues/1#issuecomment-7)",
    );
  });

  it("caps their sum at UNTRUSTED_RUN_CHARS, oldest first; text with write access is whole and costs nothing", () => {
    const long = "y".repeat(UNTRUSTED_TEXT_CHARS * 2);
    const trusted = part(true, "z".repeat(UNTRUSTED_RUN_CHARS * 2));
    const parts = withinAllowance([
      part(false, long),
      trusted,
      part(false, long),
      part(false, "short"),
      part(false, long),
      part(false, long),
    ]);
    expect(parts[1]).toBe(trusted);
    expect(parts.map((p) => p.text.length)).toEqual([
      UNTRUSTED_TEXT_CHARS,
      UNTRUSTED_RUN_CHARS * 2,
      UNTRUSTED_TEXT_CHARS,
      5,
      UNTRUSTED_RUN_CHARS - 2 * UNTRUSTED_TEXT_CHARS - 5,
      0,
    ]);
    expect(parts[3]!.leftOut).toBeUndefined();
    expect(parts[4]!.leftOut).toMatch(
      /^\(gitclaw left out [\d,]+ more characters of this text: texts by people without write access already brought the 24,000 characters a run takes of them\. All of it: /,
    );
    expect(parts[5]!.leftOut).toMatch(/^\(gitclaw left out the 16,000 characters of this text: texts by people/);
  });

  it("never cuts between the halves of a surrogate pair", () => {
    const [cut] = withinAllowance([part(false, `${"a".repeat(UNTRUSTED_TEXT_CHARS - 1)}😀 and more`)]);
    expect(cut!.text).toBe("a".repeat(UNTRUSTED_TEXT_CHARS - 1));
  });
});
