import { existsSync, readFileSync, statSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { SpillWriter } from "../../../../src/tools/bash/spill.ts";
import { createFixture, type Fixture } from "../support.ts";

const numbered = (count: number) => Array.from({ length: count }, (_, i) => `line ${i + 1}\n`).join("");

describe("SpillWriter", () => {
  let fixture: Fixture;
  beforeEach(() => {
    fixture = createFixture();
  });
  afterEach(() => fixture.cleanup());

  it("creates no artifact for small output unless asked to", () => {
    const spill = new SpillWriter(() => fixture.artifacts.allocate("test.log"), { capBytes: 1000, deferBytes: 100 });
    spill.write("tiny\n");
    expect(spill.close()).toBeUndefined();
    expect(fixture.artifacts.allocated).toBe(0);

    const asked = new SpillWriter(() => fixture.artifacts.allocate("test.log"), { capBytes: 1000, deferBytes: 100 });
    asked.write("tiny\n");
    asked.materialise();
    const summary = asked.close();
    expect(summary?.ref).toBe("artifact://1");
    expect(readFileSync(fixture.artifacts.resolve("artifact://1") ?? "", "utf8")).toBe("tiny\n");
  });

  it("caps the file, keeping the head and the tail around a marker", () => {
    const spill = new SpillWriter(() => fixture.artifacts.allocate("test.log"), { capBytes: 2000, deferBytes: 100 });
    const text = numbered(2000);
    for (const chunk of text.match(/[\s\S]{1,333}/g) ?? []) spill.write(chunk);
    const summary = spill.close();
    const path = fixture.artifacts.resolve(summary?.ref ?? "") ?? "";
    const content = readFileSync(path, "utf8");
    expect(statSync(path).size).toBeLessThanOrEqual(2000);
    expect(content.startsWith("line 1\nline 2\n")).toBe(true);
    expect(content.endsWith("line 1999\nline 2000\n")).toBe(true);
    expect(content).toMatch(/\[… [\d.]+ KB elided: this log keeps the first/);
    expect(summary?.totalBytes).toBe(Buffer.byteLength(text));
    expect(summary?.droppedBytes).toBeGreaterThan(0);
  });

  it("reports a failure to create the artifact instead of throwing", () => {
    const spill = new SpillWriter(() => ({ ref: "artifact://x", path: "/nonexistent-dir/x.log" }), {
      capBytes: 1000,
      deferBytes: 10,
    });
    spill.write("more than ten bytes\n");
    expect(spill.close()).toBeUndefined();
    expect(spill.error).toMatch(/ENOENT|no such file/i);
    expect(existsSync("/nonexistent-dir/x.log")).toBe(false);
  });
});
