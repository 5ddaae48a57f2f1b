import { existsSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTools, type ToolsOptions } from "../../../../src/tools/index.ts";
import type { ToolResult } from "../../../../src/tools/types.ts";
import { createFixture, type Fixture, findTool } from "../support.ts";

let fixture: Fixture;
beforeEach(() => {
  fixture = createFixture();
});
afterEach(() => fixture.cleanup());

const write = (args: Record<string, unknown>, options: ToolsOptions = {}): Promise<ToolResult> =>
  findTool(createTools(options).tools, "write").execute(args, fixture.context());
const edit = (args: Record<string, unknown>, options: ToolsOptions = {}): Promise<ToolResult> =>
  findTool(createTools(options).tools, "edit").execute(args, fixture.context());
const contentOf = (path: string) => readFileSync(join(fixture.workspace, path), "utf8");

describe("write", () => {
  it("creates missing parent folders and reports the bytes written", async () => {
    const result = await write({ path: "a/b/c.txt", content: "héllo" });
    expect(result).toMatchObject({
      isError: false,
      text: "Wrote 6 bytes to a/b/c.txt (created missing parent folders).",
    });
    expect(contentOf("a/b/c.txt")).toBe("héllo");
  });

  it("overwrites an existing file", async () => {
    writeFileSync(join(fixture.workspace, "x.txt"), "old content");
    expect((await write({ path: "x.txt", content: "new" })).text).toBe("Wrote 3 bytes to x.txt.");
    expect(contentOf("x.txt")).toBe("new");
  });

  it("refuses to write a directory", async () => {
    mkdirSync(join(fixture.workspace, "dir"));
    expect(await write({ path: "dir", content: "x" })).toMatchObject({ isError: true, text: "Is a directory: dir" });
  });
});

describe("write confinement", () => {
  it("rejects .. and absolute paths outside the workspace", async () => {
    expect((await write({ path: "../escape.txt", content: "x" })).text).toMatch(
      /^Path is outside the workspace: \.\.\/escape\.txt/,
    );
    expect((await write({ path: "/tmp/gitclaw-escape.txt", content: "x" })).text).toMatch(
      /^Path is outside the workspace: /,
    );
    expect(existsSync(join(fixture.workspace, "..", "escape.txt"))).toBe(false);
  });

  it("rejects writing through symlinks that lead outside, dangling ones included", async () => {
    const outside = join(fixture.workspace, "..", "outside");
    mkdirSync(outside);
    symlinkSync(outside, join(fixture.workspace, "out"));
    symlinkSync(join(outside, "planted.txt"), join(fixture.workspace, "dangling.txt"));
    expect((await write({ path: "out/x.txt", content: "x" })).text).toMatch(
      /^Path leads outside the workspace through a symlink: out\/x\.txt -> /,
    );
    expect((await write({ path: "dangling.txt", content: "x" })).text).toMatch(
      /^Path leads outside the workspace through a symlink: dangling\.txt -> /,
    );
    expect(existsSync(join(outside, "x.txt"))).toBe(false);
    expect(existsSync(join(outside, "planted.txt"))).toBe(false);
  });

  it("never writes under .git/, also through a symlink or in a nested repository", async () => {
    mkdirSync(join(fixture.workspace, ".git"));
    writeFileSync(join(fixture.workspace, ".git", "config"), "[core]\n");
    symlinkSync(".git", join(fixture.workspace, "gitdir"));
    expect(await write({ path: ".git/config", content: "x" })).toMatchObject({
      isError: true,
      text: "Refusing to write under .git/: .git/config.",
    });
    expect((await write({ path: "gitdir/hooks/pre-commit", content: "x" })).text).toBe(
      "Refusing to write under .git/: gitdir/hooks/pre-commit.",
    );
    expect((await write({ path: "vendor/lib/.git/HEAD", content: "x" })).text).toBe(
      "Refusing to write under .git/: vendor/lib/.git/HEAD.",
    );
    expect((await edit({ path: ".git/config", oldText: "core", newText: "x" })).text).toBe(
      "Refusing to write under .git/: .git/config.",
    );
    expect(contentOf(".git/config")).toBe("[core]\n");
    expect((await write({ path: ".github/notes.md", content: "ok" })).isError).toBe(false);
  });

  it("refuses protected paths given in options, in write and edit", async () => {
    const options = { protectedPaths: [".github/workflows/", "**/*.pem"] };
    const refused = await write({ path: ".github/workflows/ci.yml", content: "on: push" }, options);
    expect(refused).toMatchObject({
      isError: true,
      text: "Refusing to write .github/workflows/ci.yml: it is under the protected path .github/workflows/.",
    });
    expect((await write({ path: ".GitHub/Workflows/x.yml", content: "x" }, options)).isError).toBe(true);
    expect((await write({ path: "certs/server.pem", content: "x" }, options)).text).toBe(
      "Refusing to write certs/server.pem: it is under the protected path **/*.pem.",
    );
    expect((await write({ path: ".github/dependabot.yml", content: "x" }, options)).isError).toBe(false);

    mkdirSync(join(fixture.workspace, ".github", "workflows"), { recursive: true });
    writeFileSync(join(fixture.workspace, ".github", "workflows", "ci.yml"), "on: push\n");
    expect(
      (await edit({ path: ".github/workflows/ci.yml", oldText: "push", newText: "pull_request" }, options)).isError,
    ).toBe(true);
    expect(contentOf(".github/workflows/ci.yml")).toBe("on: push\n");
  });

  it("protects nothing inside the tools by default", async () => {
    expect((await write({ path: ".github/workflows/ci.yml", content: "on: push" })).isError).toBe(false);
  });
});
