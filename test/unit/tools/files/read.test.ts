import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTools } from "../../../../src/tools/index.ts";
import type { ToolResult } from "../../../../src/tools/types.ts";
import { createFixture, type Fixture, findTool, REDACTED, SECRET } from "../support.ts";
import { MAX_IMAGE_BYTES } from "../../../../src/images/sniff.ts";
import { gifHeader, png } from "../../../support/images.ts";

let fixture: Fixture;
beforeEach(() => {
  fixture = createFixture();
});
afterEach(() => fixture.cleanup());

const read = (args: Record<string, unknown>): Promise<ToolResult> =>
  findTool(createTools().tools, "read").execute(args, fixture.context());
const put = (path: string, content: string | Uint8Array) => {
  mkdirSync(dirname(join(fixture.workspace, path)), { recursive: true });
  writeFileSync(join(fixture.workspace, path), content);
};
const numbered = (count: number, width = 0) =>
  Array.from({ length: count }, (_, i) => `line ${i + 1}`.padEnd(width, ".")).join("\n");

describe("read", () => {
  it("returns a whole small file", async () => {
    put("a.txt", "one\ntwo\n");
    expect(await read({ path: "a.txt" })).toMatchObject({ isError: false, text: "one\ntwo" });
  });

  it("pages with offset and limit and says how to continue", async () => {
    put("ten.txt", `${numbered(10)}\n`);
    const result = await read({ path: "ten.txt", offset: 3, limit: 2 });
    expect(result.text).toBe("line 3\nline 4\n\n[Showing lines 3-4 of 10. Use offset=5 to continue.]");
    expect(result.details).toMatchObject({ firstLine: 3, lastLine: 4, totalLines: 10 });
    expect((await read({ path: "ten.txt", offset: 9 })).text).toBe("line 9\nline 10");
  });

  it("caps a read at 2000 lines", async () => {
    put("long.txt", numbered(2500));
    const result = await read({ path: "long.txt", limit: 5000 });
    const lines = result.text.split("\n");
    expect(lines[1999]).toBe("line 2000");
    expect(lines.at(-1)).toBe("[Showing lines 1-2000 of 2500. Use offset=2001 to continue.]");
  });

  it("caps a read at 50 KB", async () => {
    put("wide.txt", numbered(1000, 99));
    const result = await read({ path: "wide.txt" });
    expect(Buffer.byteLength(result.text)).toBeLessThanOrEqual(50 * 1024 + 100);
    expect(result.text).toMatch(
      /\n\n\[Showing lines 1-(\d+) of 1000 \(50 KB limit\)\. Use offset=\d+ to continue\.\]$/,
    );
    const last = Number(result.text.match(/lines 1-(\d+)/)?.[1]);
    expect(result.text).toContain(`line ${last}.`);
    expect(result.text).not.toContain(`line ${last + 1}.`);
  });

  it("cuts very long lines", async () => {
    put("min.js", `${"x".repeat(5000)}\nnext`);
    const result = await read({ path: "min.js" });
    expect(result.text).toBe(`${"x".repeat(2000)}… [line cut: 5000 characters]\nnext`);
  });

  it("shows CRLF files without carriage returns", async () => {
    put("dos.txt", "a\r\nb\r\n");
    expect((await read({ path: "dos.txt" })).text).toBe("a\nb");
  });

  it("reports an offset past the end, an empty file, a missing file and a directory", async () => {
    put("three.txt", "1\n2\n3\n");
    put("empty.txt", "");
    mkdirSync(join(fixture.workspace, "dir"));
    expect(await read({ path: "three.txt", offset: 4 })).toMatchObject({
      isError: true,
      text: "Offset 4 is beyond the end of three.txt (3 lines).",
    });
    expect(await read({ path: "empty.txt" })).toMatchObject({ isError: false, text: "(empty file: empty.txt)" });
    expect(await read({ path: "nope.txt" })).toMatchObject({ isError: true, text: "File not found: nope.txt" });
    expect(await read({ path: "dir" })).toMatchObject({
      isError: true,
      text: "Is a directory: dir (list it with bash, e.g. ls).",
    });
    expect((await read({ path: "three.txt", offset: 0 })).text).toMatch(/^Invalid arguments for read: offset: /);
    expect(await read({ path: " " })).toMatchObject({ isError: true, text: "Path must not be empty." });
  });

  it("refuses a FIFO instead of blocking on it", async () => {
    execFileSync("mkfifo", [join(fixture.workspace, "pipe")]);
    expect(await read({ path: "pipe" })).toMatchObject({ isError: true, text: "Not a regular file: pipe" });
  });

  it("describes binary files instead of showing their bytes", async () => {
    put("doc.pdf", Buffer.from("%PDF-1.7\n\0"));
    put("blob.bin", Buffer.from([1, 2, 0, 4]));
    expect((await read({ path: "doc.pdf" })).text).toBe(
      "Binary file doc.pdf (PDF document, 10 B); its content is not shown. Inspect it with bash (e.g. file, xxd | head) if needed.",
    );
    expect((await read({ path: "blob.bin" })).text).toMatch(/^Binary file blob\.bin \(binary data, 4 B\)/);
  });

  describe("image files", () => {
    const readImage = (path: string, images: boolean) =>
      findTool(createTools().tools, "read").execute({ path }, fixture.context({ images }));

    it("returns the image itself to a model that takes images, as pi's read does", async () => {
      const picture = png(30, 20);
      put("shot.png", picture);
      const result = await readImage("shot.png", true);
      expect(result).toMatchObject({ isError: false, text: "Image file shot.png (image/png, 30×20, 92 B):" });
      expect(result.images).toEqual([{ data: picture.toString("base64"), mimeType: "image/png" }]);
    });

    it("gives a model without images the type and size only", async () => {
      put("shot.png", png(30, 20));
      const result = await readImage("shot.png", false);
      expect(result.text).toBe(
        "Image file shot.png (image/png, 30×20, 92 B); this model takes no images, so it is not shown.",
      );
      expect(result.images).toBeUndefined();
    });

    it("refuses an image over the limits or damaged, saying why", async () => {
      put("huge.png", Buffer.concat([png(10, 10), Buffer.alloc(MAX_IMAGE_BYTES)]));
      put("wide.gif", gifHeader(9000, 10));
      put("cut.png", png(10, 10).subarray(0, 12));
      expect((await readImage("huge.png", true)).text).toMatch(
        /^Image file huge\.png \(image\/png, 3\.8 MB\) cannot be shown: over the 3\.8 MB limit\.$/,
      );
      expect((await readImage("wide.gif", true)).text).toBe(
        "Image file wide.gif (image/gif, 13 B) cannot be shown: 9000×10 pixels, over the 8000 pixel limit.",
      );
      expect((await readImage("cut.png", true)).text).toContain("cannot be shown: a damaged image/png");
      for (const path of ["huge.png", "wide.gif", "cut.png"])
        expect((await readImage(path, true)).images).toBeUndefined();
    });

    it("does not show an image whose bytes hold a secret", async () => {
      put("leak.png", png(4, 4, { text: SECRET }));
      const result = await readImage("leak.png", true);
      expect(result).toMatchObject({
        isError: true,
        text: "Image file leak.png (image/png, 4×4, 127 B) is not shown: its bytes contain a secret.",
      });
      expect(result.images).toBeUndefined();
    });
  });

  it("redacts secrets", async () => {
    put(".env", `TOKEN=${SECRET}\n`);
    expect((await read({ path: ".env" })).text).toBe(`TOKEN=${REDACTED}`);
  });

  it("reads artifacts by reference and rejects unknown ones", async () => {
    const { ref, path } = fixture.artifacts.allocate("bash.log");
    writeFileSync(path, "saved output\n");
    expect((await read({ path: ref })).text).toBe("saved output");
    expect(await read({ path: "artifact://99" })).toMatchObject({
      isError: true,
      text: "Unknown artifact: artifact://99",
    });
  });
});

describe("read confinement", () => {
  it("rejects .. and absolute paths outside the workspace", async () => {
    writeFileSync(join(fixture.workspace, "..", "outside.txt"), "secret");
    const escaped = await read({ path: "../outside.txt" });
    expect(escaped.isError).toBe(true);
    expect(escaped.text).toMatch(/^Path is outside the workspace: \.\.\/outside\.txt/);
    expect((await read({ path: join(fixture.workspace, "..", "outside.txt") })).text).toMatch(
      /^Path is outside the workspace: /,
    );
    expect((await read({ path: "~/.bashrc" })).text).toMatch(/^Path is outside the workspace: ~\/\.bashrc/);
  });

  it("accepts absolute paths and harmless .. inside the workspace", async () => {
    put("src/a.txt", "inside");
    expect((await read({ path: join(fixture.workspace, "src", "a.txt") })).text).toBe("inside");
    expect((await read({ path: "src/../src/a.txt" })).text).toBe("inside");
  });

  it("rejects symlinks that lead outside", async () => {
    writeFileSync(join(fixture.workspace, "..", "outside.txt"), "secret");
    symlinkSync(join(fixture.workspace, "..", "outside.txt"), join(fixture.workspace, "link.txt"));
    symlinkSync(join(fixture.workspace, ".."), join(fixture.workspace, "up"));
    expect((await read({ path: "link.txt" })).text).toMatch(
      /^Path leads outside the workspace through a symlink: link\.txt -> /,
    );
    expect((await read({ path: "up/outside.txt" })).text).toMatch(
      /^Path leads outside the workspace through a symlink: up\/outside\.txt -> /,
    );
  });

  it("follows symlinks that stay inside", async () => {
    put("real.txt", "target");
    symlinkSync("real.txt", join(fixture.workspace, "alias.txt"));
    expect((await read({ path: "alias.txt" })).text).toBe("target");
  });
});
