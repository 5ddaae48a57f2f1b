// The artifact zip reader (src/tasks/zip.ts) against archives Info-ZIP's zip makes (deflated and
// stored entries, folders), and the test runner's writer (test/support/zip.ts) checked by unzip.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { readZip, ZipError } from "../../../src/tasks/zip.ts";
import { writeZip, zipFolder } from "../../support/zip.ts";

function folder(): string {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-zip-"));
  mkdirSync(join(dir, "tasks/t1"), { recursive: true });
  writeFileSync(join(dir, "tasks/t1/report.md"), "Done.\n".repeat(200));
  writeFileSync(join(dir, "tasks/t1/series.mbox"), Buffer.from([0, 1, 2, 255]));
  writeFileSync(join(dir, "naïve name.txt"), "ü\n");
  return dir;
}

const text = (bytes: Uint8Array | undefined) => new TextDecoder().decode(bytes);

describe("readZip", () => {
  it("reads what zip packs, deflated or stored, leaving folders out", async () => {
    const dir = folder();
    for (const level of ["-6", "-0"]) {
      const archive = join(dir, `a${level}.zip`);
      await execa("zip", ["-q", "-r", level, archive, "tasks", "naïve name.txt"], { cwd: dir });
      const files = readZip(new Uint8Array(readFileSync(archive)));
      expect([...files.keys()].sort()).toEqual(["naïve name.txt", "tasks/t1/report.md", "tasks/t1/series.mbox"]);
      expect(text(files.get("tasks/t1/report.md"))).toBe("Done.\n".repeat(200));
      expect([...files.get("tasks/t1/series.mbox")!]).toEqual([0, 1, 2, 255]);
      expect(text(files.get("naïve name.txt"))).toBe("ü\n");
    }
  });

  it("refuses what is not a zip, and an archive that unpacks to more than its limit", () => {
    expect(() => readZip(new TextEncoder().encode("not a zip at all, really not"))).toThrow(ZipError);
    const big = writeZip(new Map([["big", new Uint8Array(4096)]]));
    expect(() => readZip(big, 1024)).toThrow(/more than 1024 bytes/);
  });
});

describe("the runner's upload-artifact stand-in", () => {
  it("packs a folder as unzip reads it", async () => {
    const dir = folder();
    const archive = join(mkdtempSync(join(tmpdir(), "gitclaw-zip-out-")), "artifact.zip");
    writeFileSync(archive, zipFolder(dir));
    const tested = await execa("unzip", ["-t", archive]);
    expect(tested.stdout).toContain("No errors detected");
    expect((await execa("unzip", ["-p", archive, "tasks/t1/report.md"])).stdout).toBe("Done.\n".repeat(200).trimEnd());
  });
});
