// The file tools open exactly the file their path check approved. Tool commands run as another user
// and can change the workspace between the check and the open; these tests make that change happen
// in between (deterministically, and then racing for real) and check nothing outside is touched.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { makeParentFolders, openConfined } from "../../../../src/tools/files/confined-file.ts";
import { describeFileError, resolveToolPath } from "../../../../src/tools/files/workspace.ts";
import { findTool, useTools } from "../support.ts";

const { fixture, toolset } = useTools();
const run = (name: string, args: Record<string, unknown>) =>
  findTool(toolset.tools, name).execute(args, fixture.context());

/** A folder `sub` in the workspace, and an outside folder holding a file the tools must not reach. */
function setUp(): { outside: string } {
  const outside = join(fixture.workspace, "..", "outside");
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "secret"), "TOP SECRET\n");
  mkdirSync(join(fixture.workspace, "sub"));
  writeFileSync(join(fixture.workspace, "sub", "secret"), "harmless\n");
  return { outside };
}

/** What a hostile tool command does between the check and the open. */
function swapSubForLink(outside: string): void {
  renameSync(join(fixture.workspace, "sub"), join(fixture.workspace, "sub.old"));
  symlinkSync(outside, join(fixture.workspace, "sub"));
}

describe("a folder replaced by a symlink after the path check", () => {
  it.each(["read", "update", "write"] as const)(
    "is refused when opening to %s, leaving the outside file alone",
    async (mode) => {
      const { outside } = setUp();
      const target = resolveToolPath(fixture.context(), "sub/secret");
      swapSubForLink(outside);
      await expect(openConfined(target, mode)).rejects.toThrow(
        `sub/secret changed while it was being opened (a folder on its path was replaced, e.g. by a symlink); nothing was ${mode === "read" ? "read" : "written"}.`,
      );
      expect(readFileSync(join(outside, "secret"), "utf8")).toBe("TOP SECRET\n");
    },
  );

  it("does not leave a file it created at the wrong place", async () => {
    const { outside } = setUp();
    const target = resolveToolPath(fixture.context(), "sub/new.txt");
    swapSubForLink(outside);
    await expect(openConfined(target, "write")).rejects.toThrow("changed while it was being opened");
    expect(existsSync(join(outside, "new.txt"))).toBe(false);
  });

  it("stops making missing folders, and removes the one made at the wrong place", async () => {
    const { outside } = setUp();
    const target = resolveToolPath(fixture.context(), "sub/made/deeper/new.txt");
    swapSubForLink(outside);
    await expect(makeParentFolders(target)).rejects.toThrow(
      "sub/made/deeper/new.txt changed while its folders were being made",
    );
    expect(existsSync(join(outside, "made"))).toBe(false);
  });

  it("is refused when the file itself became a symlink", async () => {
    const { outside } = setUp();
    const target = resolveToolPath(fixture.context(), "sub/secret");
    renameSync(target.real, `${target.real}.old`);
    symlinkSync(join(outside, "secret"), target.real);
    const error = await openConfined(target, "write").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "ELOOP" });
    expect(describeFileError(error, target.display)).toBe(
      "sub/secret became a symbolic link while it was being opened; nothing was changed. Try again once tool commands stop changing it.",
    );
    expect(readFileSync(join(outside, "secret"), "utf8")).toBe("TOP SECRET\n");
  });
});

describe("the file tools while a tool command swaps a folder back and forth", () => {
  it("never read or write outside the workspace", async () => {
    const { outside } = setUp();
    writeFileSync(join(fixture.workspace, "sub", "target.txt"), "inside\n");
    writeFileSync(join(outside, "target.txt"), "outside\n");
    // A real attacker: a separate process flipping `sub` between the folder and a link outside.
    const flipper = Bun.spawn(
      [
        "bash",
        "-c",
        `cd "$1" && while :; do mv sub sub.dir && ln -s "$2" sub; rm sub && mv sub.dir sub; done`,
        "flip",
        fixture.workspace,
        outside,
      ],
      { stdout: "ignore", stderr: "ignore" },
    );
    try {
      const seen = new Set<string>();
      for (let i = 0; i < 500; i++) {
        const read = await run("read", { path: "sub/secret" });
        seen.add(read.text);
        await run("write", { path: "sub/target.txt", content: `inside ${i}\n` });
        await run("write", { path: `sub/made-${i}/new.txt`, content: "new\n" });
        await run("edit", { path: "sub/target.txt", oldText: "inside", newText: "inside" + "!" });
      }
      expect([...seen].filter((text) => text.includes("TOP SECRET"))).toEqual([]);
    } finally {
      flipper.kill("SIGKILL");
      await flipper.exited;
    }
    expect(readFileSync(join(outside, "secret"), "utf8")).toBe("TOP SECRET\n");
    expect(readFileSync(join(outside, "target.txt"), "utf8")).toBe("outside\n");
    expect(execFileSync("ls", [outside], { encoding: "utf8" }).split("\n").filter(Boolean).sort()).toEqual([
      "secret",
      "target.txt",
    ]);
  });
});
