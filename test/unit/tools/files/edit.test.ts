import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTools } from "../../../../src/tools/index.ts";
import type { ToolResult } from "../../../../src/tools/types.ts";
import { createFixture, type Fixture, findTool } from "../support.ts";

let fixture: Fixture;
beforeEach(() => {
  fixture = createFixture();
});
afterEach(() => fixture.cleanup());

const edit = (args: Record<string, unknown>): Promise<ToolResult> =>
  findTool(createTools().tools, "edit").execute(args, fixture.context());
const put = (path: string, content: string | Buffer) => writeFileSync(join(fixture.workspace, path), content);
const contentOf = (path: string) => readFileSync(join(fixture.workspace, path), "utf8");

describe("edit", () => {
  it("replaces text that occurs exactly once", async () => {
    put("a.ts", "const a = 1;\nconst b = 2;\nconst c = 3;\n");
    const result = await edit({ path: "a.ts", oldText: "const b = 2;\nconst c", newText: "const b = 20;\nconst c" });
    expect(result).toMatchObject({ isError: false, text: "Edited a.ts: replaced lines 2-3." });
    expect(contentOf("a.ts")).toBe("const a = 1;\nconst b = 20;\nconst c = 3;\n");
  });

  it("tells not found and found several times apart", async () => {
    put("a.ts", "x = 1\nx = 1\ny = 2\nx = 1\n");
    expect(await edit({ path: "a.ts", oldText: "z = 3", newText: "z = 4" })).toMatchObject({
      isError: true,
      text: "oldText was not found in a.ts. It must match the file exactly, including whitespace and line breaks: read the file again and copy the text to replace.",
    });
    expect(await edit({ path: "a.ts", oldText: "x = 1", newText: "x = 2" })).toMatchObject({
      isError: true,
      text: "oldText was found 3 times in a.ts (at lines 1, 2, 4). It must match exactly once: include more surrounding lines to make it unique.",
    });
    expect(contentOf("a.ts")).toBe("x = 1\nx = 1\ny = 2\nx = 1\n");
  });

  it("preserves CRLF line endings and a BOM", async () => {
    put("win.txt", "\uFEFFfirst\r\nsecond\r\nthird\r\n");
    const result = await edit({ path: "win.txt", oldText: "second\nthird", newText: "2nd\nthird\nfourth" });
    expect(result.isError).toBe(false);
    expect(readFileSync(join(fixture.workspace, "win.txt"))).toEqual(
      Buffer.from("\uFEFFfirst\r\n2nd\r\nthird\r\nfourth\r\n"),
    );
  });

  it("writes newText with the file's line endings", async () => {
    put("unix.txt", "a\nb\n");
    await edit({ path: "unix.txt", oldText: "a\r\nb", newText: "A\r\nB" });
    expect(contentOf("unix.txt")).toBe("A\nB\n");
  });

  it("leaves the other lines of a mixed-ending file alone", async () => {
    put("mixed.txt", "a\r\nb\nc\r\n");
    await edit({ path: "mixed.txt", oldText: "b", newText: "B" });
    expect(contentOf("mixed.txt")).toBe("a\r\nB\nc\r\n");
  });

  it("falls back to a whitespace-tolerant match and says so", async () => {
    put("f.py", "def f():\n    if x:  \n        return 1\n    return 2\n");
    const result = await edit({ path: "f.py", oldText: "if x:\n    return 1\n", newText: "if x:\n    return 10\n" });
    expect(result).toMatchObject({
      isError: false,
      text: "Edited f.py: replaced lines 2-3 using a whitespace-tolerant match: oldText differed from the file only in indentation or trailing spaces, so newText was re-indented to match.",
    });
    expect(result.details).toMatchObject({ whitespaceTolerant: true, reindented: true });
    expect(contentOf("f.py")).toBe("def f():\n    if x:\n        return 10\n    return 2\n");
  });

  it("reports trailing-space-only differences without re-indenting", async () => {
    put("t.txt", "alpha   \nbeta\n");
    const result = await edit({ path: "t.txt", oldText: "alpha\nbeta", newText: "ALPHA\nbeta" });
    expect(result.text).toBe(
      "Edited t.txt: replaced lines 1-2 using a whitespace-tolerant match: oldText differed from the file only in indentation or trailing spaces.",
    );
    expect(contentOf("t.txt")).toBe("ALPHA\nbeta\n");
  });

  it("refuses an ambiguous whitespace-tolerant match", async () => {
    put("dup.txt", "  a\n  b\n\ta\n\tb\n");
    const result = await edit({ path: "dup.txt", oldText: "a\nb", newText: "c" });
    expect(result).toMatchObject({
      isError: true,
      text: "oldText was not found exactly in dup.txt, and ignoring indentation it matches 2 places (at lines 1, 3). Copy the exact text, with more surrounding lines.",
    });
  });

  it("rejects empty or unchanged text, missing files and binary files", async () => {
    put("bin.dat", Buffer.from([0, 1, 2]));
    put("a.txt", "abc");
    expect((await edit({ path: "a.txt", oldText: "", newText: "x" })).text).toBe(
      "oldText must not be empty. To create or overwrite a file, use the write tool.",
    );
    expect((await edit({ path: "a.txt", oldText: "b", newText: "b" })).text).toBe(
      "oldText and newText are identical: there is nothing to change.",
    );
    expect(await edit({ path: "missing.txt", oldText: "a", newText: "b" })).toMatchObject({
      isError: true,
      text: "File not found: missing.txt",
    });
    expect((await edit({ path: "bin.dat", oldText: "a", newText: "b" })).text).toBe(
      "Cannot edit bin.dat: it is a binary file.",
    );
  });
});
