import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutputCapture } from "../../../../src/tools/bash/capture.ts";
import type { WindowLimits } from "../../../../src/tools/bash/output.ts";
import { createFixture, type Fixture, REDACTED, SECRET } from "../support.ts";

const bytes = (text: string) => Buffer.from(text, "utf8");
const small: WindowLimits = { maxBytes: 200, headBytes: 60, maxLineChars: 20 };
const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join("");

describe("OutputCapture", () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = createFixture();
  });
  afterEach(() => fixture.cleanup());

  it("redacts a secret split across writes, in the window and in the artifact", () => {
    const capture = new OutputCapture({
      redact: (text) => text.replaceAll(SECRET, REDACTED),
      artifacts: fixture.artifacts,
      kind: "bash.log",
      windowLimits: small,
    });
    const half = SECRET.length / 2;
    capture.write(bytes(`token=${SECRET.slice(0, half)}`));
    expect(capture.snapshot().text).toBe("");
    capture.write(bytes(`${SECRET.slice(half)}\n${numbered(200)}token=${SECRET}\n`));
    const result = capture.finish();
    expect(result.view.text).not.toContain(SECRET.slice(0, half));
    expect(result.view.text).toContain(REDACTED);
    const content = readFileSync(fixture.artifacts.resolve(result.spill?.ref ?? "") ?? "", "utf8");
    expect(content).not.toContain(SECRET.slice(0, half));
    expect(content.split(REDACTED).length - 1).toBe(2);
  });

  it("holds back an unfinished line until it ends, then redacts it whole", () => {
    const capture = new OutputCapture({
      redact: (text) => text.replaceAll(SECRET, REDACTED),
      artifacts: fixture.artifacts,
      kind: "bash.log",
    });
    capture.write(bytes("ready\nPassword is ghp_SENT"));
    expect(capture.snapshot().text).toBe("ready");
    capture.write(bytes(SECRET.slice("ghp_SENT".length)));
    expect(capture.finish().view.text).toBe(`ready\nPassword is ${REDACTED}`);
  });

  it("releases an endless line at whitespace, so memory stays bounded", () => {
    const capture = new OutputCapture({
      redact: (text) => text.replaceAll(SECRET, REDACTED),
      artifacts: fixture.artifacts,
      kind: "bash.log",
    });
    for (let i = 0; i < 200; i++) capture.write(bytes(`${"w".repeat(999)} `));
    capture.write(bytes(SECRET));
    const view = capture.snapshot();
    expect(view.text.length).toBeGreaterThan(0);
    expect(view.cutLines).toBe(1);
    expect(capture.finish().view.text).not.toContain(SECRET);
  });
});

describe("OutputCapture past the tail gate", () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = createFixture();
  });
  afterEach(() => fixture.cleanup());

  const gated = () =>
    new OutputCapture({
      redact: (text) => text.replaceAll(SECRET, REDACTED),
      artifacts: fixture.artifacts,
      kind: "bash.log",
      windowLimits: small,
      gateLimits: { passBytes: 500, keepBytes: 300 },
    });
  const artifact = (ref = "") => readFileSync(fixture.artifacts.resolve(ref) ?? "", "utf8");

  it("shows the head, the exact count of elided lines and the latest lines, in 7-byte writes", () => {
    const capture = gated();
    const text = numbered(2000);
    for (let i = 0; i < text.length; i += 7) capture.write(bytes(text.slice(i, i + 7)));
    const { view, spill } = capture.finish();
    expect(view.totalLines).toBe(2000);
    expect(view.text.startsWith("line 1\nline 2\n")).toBe(true);
    expect(view.text.endsWith("line 1999\nline 2000")).toBe(true);
    const last = view.shownRanges.at(-1) ?? [0, 0];
    expect(last[1]).toBe(2000);
    expect(view.elidedLines).toBe(2000 - view.shownRanges.reduce((sum, [a, b]) => sum + b - a + 1, 0));
    expect(view.text).toMatch(/\[… \d+ lines \(.+\) elided …\]/);
    expect(spill?.totalBytes).toBe(Buffer.byteLength(text));
    const saved = artifact(spill?.ref);
    expect(saved.startsWith("line 1\n")).toBe(true);
    expect(saved.endsWith("line 2000\n")).toBe(true);
    expect(saved).toContain("elided");
  });

  it("never shows part of a secret cut by the gap, at either side of it", () => {
    const capture = gated();
    // The pass-through ends inside the first secret; the ring resumes inside the second.
    capture.write(bytes(`${"a".repeat(480)} ${SECRET}\n`));
    capture.write(bytes(`${"b".repeat(1000)}\n`));
    capture.write(bytes(`${SECRET}${SECRET}\nlast line\n`));
    const { view, spill } = capture.finish();
    for (const shown of [view.text, artifact(spill?.ref)]) {
      expect(shown).not.toContain(SECRET.slice(0, 8));
      expect(shown).not.toContain(SECRET.slice(-8));
    }
    expect(view.text.endsWith("last line")).toBe(true);
  });

  it("counts bare CRs as line breaks in the gap, as the window does", () => {
    const capture = gated();
    const text = `${Array.from({ length: 300 }, (_, i) => `progress ${i}\r`).join("")}done\n`;
    capture.write(bytes(text));
    const { view } = capture.finish();
    expect(view.totalLines).toBe(301);
    expect(view.text.endsWith("done")).toBe(true);
  });

  it("keeps multi-byte characters whole across writes and the gap", () => {
    const capture = gated();
    const text = "héllo wörld ✓ 🎉\n".repeat(200);
    const encoded = bytes(text);
    for (let i = 0; i < encoded.length; i += 5) capture.write(encoded.subarray(i, i + 5));
    const { view } = capture.finish();
    expect(view.text).not.toContain("\uFFFD");
    expect(view.text.endsWith("héllo wörld ✓ 🎉")).toBe(true);
    expect(view.totalLines).toBe(200);
  });

  it("shows new output at each snapshot while the ring is in use", () => {
    const capture = gated();
    capture.write(bytes(numbered(100)));
    const first = capture.snapshot();
    expect(first.text.endsWith("line 100")).toBe(true);
    const before = capture.progress;
    capture.write(bytes("line 101\n"));
    expect(capture.progress).not.toBe(before);
    const next = capture.snapshot(first.cursor);
    expect(next.text).toBe("line 101");
  });
});
