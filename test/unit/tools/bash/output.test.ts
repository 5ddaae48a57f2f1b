import { describe, expect, it } from "vitest";
import { OutputWindow, type WindowLimits } from "../../../../src/tools/bash/output.ts";

const small: WindowLimits = { maxBytes: 200, headBytes: 60, maxLineChars: 20 };
const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join("");

const windowOf = (chunks: string[], limits = small) => {
  const window = new OutputWindow(limits);
  for (const chunk of chunks) window.write(chunk);
  window.end();
  return window;
};

describe("OutputWindow", () => {
  it("shows short output unchanged and reports it lossless", () => {
    const window = windowOf(["hello\nworld\n"]);
    const view = window.render();
    expect(view.text).toBe("hello\nworld");
    expect(view.totalLines).toBe(2);
    expect(view.elidedLines).toBe(0);
    expect(window.lossless).toBe(true);
  });

  it("normalises CRLF and bare CR, also when CRLF is split across chunks", () => {
    expect(windowOf(["a\r", "\nb\r\nc"]).render().text).toBe("a\nb\nc");
    expect(windowOf(["10%\r50%\r100%\n"]).render().text).toBe("10%\n50%\n100%");
  });

  it("cuts overlong lines with an ellipsis, also when a line arrives in pieces", () => {
    const long = "x".repeat(50);
    const view = windowOf([`${long}\nshort\n`, "y".repeat(15), "y".repeat(15), "\n"]).render();
    expect(view.text).toBe(`${"x".repeat(20)}…\nshort\n${"y".repeat(20)}…`);
    expect(view.cutLines).toBe(2);
  });

  it("keeps a head and a rolling tail with a marker counting the dropped lines and bytes", () => {
    const view = windowOf([numbered(1000)]).render();
    const lines = view.text.split("\n");
    expect(lines[0]).toBe("line 1");
    expect(lines.at(-1)).toBe("line 1000");
    const marker = lines.find((line) => line.startsWith("[…"));
    expect(marker).toMatch(/^\[… \d+ lines \([\d.]+ KB\) elided …\]$/);
    const shown = view.shownRanges.reduce((sum, [first, last]) => sum + last - first + 1, 0);
    expect(shown + view.elidedLines).toBe(1000);
    expect(Number(marker?.match(/(\d+) lines/)?.[1])).toBe(view.elidedLines);
    expect(Buffer.byteLength(view.text) - Buffer.byteLength(marker ?? "")).toBeLessThanOrEqual(small.maxBytes);
    const totalBytes = Buffer.byteLength(numbered(1000));
    // The marker takes the place of the final newline the text drops: shown + elided is every byte.
    const shownBytes = Buffer.byteLength(view.text) - Buffer.byteLength(marker ?? "");
    expect(view.elidedBytes + shownBytes).toBe(totalBytes);
  });

  it("renders the same whatever the chunking", () => {
    const text = `${numbered(300)}${"é".repeat(40)}\r\n${"z".repeat(30)}\rtail`;
    const whole = windowOf([text]).render();
    const byChar = windowOf([...text]).render();
    const byFive = windowOf(text.match(/[\s\S]{1,5}/g) ?? []).render();
    expect(byChar).toEqual(whole);
    expect(byFive).toEqual(whole);
  });

  it("never splits a multi-byte character when trimming the tail", () => {
    const view = windowOf(["€€€€€€€€€\n".repeat(100)]).render();
    expect(view.text).not.toContain("\uFFFD");
    expect(view.text.split("\n").at(-1)).toBe("€€€€€€€€€");
  });

  it("renders only what came after a cursor, with the unfinished line", () => {
    const window = new OutputWindow(small);
    window.write("one\ntwo\n");
    const first = window.render();
    window.write("three\nfour");
    const next = window.render(first.cursor);
    expect(next.text).toBe("three\nfour");
    expect(next.shownRanges).toEqual([[3, 4]]);
    window.write(`\n${numbered(500)}`);
    const afterMany = window.render(next.cursor);
    expect(afterMany.text.startsWith("four\nline 1\n")).toBe(true);
    expect(afterMany.text).not.toContain("three");
    expect(afterMany.text).toMatch(/\n\[… \d+ lines \([\d.]+ KB\) elided …\]\n/);
    expect(afterMany.text.endsWith("line 500")).toBe(true);
    expect(window.render(afterMany.cursor).text).toBe("");
  });
});
