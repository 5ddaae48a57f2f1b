import { readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OutputCapture } from "../../src/tools/capture.ts";
import type { WindowLimits } from "../../src/tools/output.ts";
import { createFixture, type Fixture, REDACTED, SECRET } from "./support.ts";

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
    capture.write(`token=${SECRET.slice(0, half)}`);
    expect(capture.snapshot().text).toBe("");
    capture.write(`${SECRET.slice(half)}\n${numbered(200)}token=${SECRET}\n`);
    const result = capture.finish();
    expect(result.view.text).not.toContain(SECRET.slice(0, half));
    expect(result.view.text).toContain(REDACTED);
    const content = readFileSync(fixture.artifacts.resolve(result.spill?.ref ?? "") ?? "", "utf8");
    expect(content).not.toContain(SECRET.slice(0, half));
    expect(content.split(REDACTED).length - 1).toBe(2);
  });

  it("holds back an unfinished line until it ends, then redacts it whole", () => {
    const capture = new OutputCapture({ redact: (text) => text.replaceAll(SECRET, REDACTED), artifacts: fixture.artifacts, kind: "bash.log" });
    capture.write("ready\nPassword is ghp_SENT");
    expect(capture.snapshot().text).toBe("ready");
    capture.write(SECRET.slice("ghp_SENT".length));
    expect(capture.finish().view.text).toBe(`ready\nPassword is ${REDACTED}`);
  });

  it("releases an endless line at whitespace, so memory stays bounded", () => {
    const capture = new OutputCapture({ redact: (text) => text.replaceAll(SECRET, REDACTED), artifacts: fixture.artifacts, kind: "bash.log" });
    for (let i = 0; i < 200; i++) capture.write(`${"w".repeat(999)} `);
    capture.write(SECRET);
    const view = capture.snapshot();
    expect(view.text.length).toBeGreaterThan(0);
    expect(view.cutLines).toBe(1);
    expect(capture.finish().view.text).not.toContain(SECRET);
  });
});
