// read, write and edit inside the run's PR worktrees (github pr_checkout): addressed by absolute
// path, confined to that one worktree also through symlinks, with .git and protected paths judged
// relative to the worktree's root.
import { mkdirSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { ToolsOptions } from "../../../../src/tools/index.ts";
import { createTools } from "../../../../src/tools/index.ts";
import type { ToolResult } from "../../../../src/tools/types.ts";
import { findTool, makeWorktree, useTools } from "../support.ts";

const { fixture } = useTools();

const run = (
  name: "read" | "write" | "edit",
  args: Record<string, unknown>,
  options: ToolsOptions = {},
): Promise<ToolResult> => findTool(createTools(options).tools, name).execute(args, fixture.context());

describe("file tools in a PR worktree", () => {
  it("read, write and edit files there by absolute path, and name them by it", async () => {
    const worktree = makeWorktree(fixture);
    const file = join(worktree, "src", "x.ts");
    expect(await run("write", { path: file, content: "const a = 1;\n" })).toMatchObject({
      isError: false,
      text: `Wrote 13 bytes to ${file} (created missing parent folders).`,
    });
    expect(await run("edit", { path: file, oldText: "a = 1", newText: "a = 2" })).toMatchObject({
      isError: false,
      text: `Edited ${file}: replaced line 1.`,
    });
    expect(await run("read", { path: file })).toMatchObject({
      isError: false,
      text: "const a = 2;",
      details: { path: file },
    });
    // Relative paths stay workspace-relative.
    expect((await run("write", { path: "pr-1/x.ts", content: "w" })).text).toBe(
      "Wrote 1 bytes to pr-1/x.ts (created missing parent folders).",
    );
    expect(readFileSync(join(fixture.workspace, "pr-1", "x.ts"), "utf8")).toBe("w");
  });

  it("leave new files and folders group-writable for tool commands, whatever the umask", async () => {
    const worktree = makeWorktree(fixture);
    expect(process.umask() & 0o020).toBe(0o020); // the test runs where the umask denies group write
    expect((await run("write", { path: join(worktree, "a", "b", "new.txt"), content: "x" })).isError).toBe(false);
    expect(statSync(join(worktree, "a")).mode & 0o070).toBe(0o070);
    expect(statSync(join(worktree, "a", "b")).mode & 0o070).toBe(0o070);
    expect(statSync(join(worktree, "a", "b", "new.txt")).mode & 0o060).toBe(0o060);
    // In the workspace the sandbox's umask decides, as for every other file the agent writes.
    expect((await run("write", { path: "ws.txt", content: "x" })).isError).toBe(false);
    expect(statSync(join(fixture.workspace, "ws.txt")).mode & 0o020).toBe(0);
  });

  it("never write the worktree's .git file or anything under a .git segment", async () => {
    const worktree = makeWorktree(fixture);
    const gitFile = join(worktree, ".git");
    const before = readFileSync(gitFile, "utf8");
    symlinkSync(".git", join(worktree, "gitlink"));
    expect(await run("write", { path: gitFile, content: "gitdir: /tmp/evil\n" })).toMatchObject({
      isError: true,
      text: `Refusing to write under .git/: ${gitFile}.`,
    });
    expect((await run("edit", { path: join(worktree, ".GIT"), oldText: "gitdir", newText: "x" })).text).toMatch(
      /^Refusing to write under \.git\/: /,
    );
    expect((await run("write", { path: join(worktree, "gitlink"), content: "x" })).text).toBe(
      `Refusing to write under .git/: ${join(worktree, "gitlink")}.`,
    );
    expect((await run("write", { path: join(worktree, "vendor", ".git", "HEAD"), content: "x" })).isError).toBe(true);
    expect(readFileSync(gitFile, "utf8")).toBe(before);
    // Reading it is harmless.
    expect((await run("read", { path: gitFile })).text).toBe(before.trimEnd());
  });

  it("refuse protected paths relative to the worktree's root, state/ included", async () => {
    const worktree = makeWorktree(fixture);
    const options = { protectedPaths: [".github/workflows/", "state/"] };
    const workflow = join(worktree, ".github", "workflows", "ci.yml");
    expect(await run("write", { path: workflow, content: "on: push" }, options)).toMatchObject({
      isError: true,
      text: `Refusing to write ${workflow}: it is under the protected path .github/workflows/.`,
    });
    expect(
      (await run("write", { path: join(worktree, "state", "issues", "1.json"), content: "{}" }, options)).text,
    ).toMatch(/under the protected path state\/\.$/);
    mkdirSync(join(worktree, ".github", "workflows"), { recursive: true });
    writeFileSync(workflow, "on: push\n");
    expect((await run("edit", { path: workflow, oldText: "push", newText: "pull_request" }, options)).isError).toBe(
      true,
    );
    expect(readFileSync(workflow, "utf8")).toBe("on: push\n");
    expect(
      (await run("write", { path: join(worktree, ".github", "dependabot.yml"), content: "x" }, options)).isError,
    ).toBe(false);
  });

  it("refuse symlinks leading out of the worktree, into another one or into one from the workspace", async () => {
    const worktree = makeWorktree(fixture);
    const other = makeWorktree(fixture, "acme-widgets", "pr-2");
    writeFileSync(join(fixture.workspace, "secret.txt"), "workspace file\n");
    writeFileSync(join(other, "b.txt"), "other worktree\n");
    symlinkSync(join(fixture.workspace, "secret.txt"), join(worktree, "to-workspace"));
    symlinkSync(other, join(worktree, "to-other"));
    symlinkSync(join(fixture.workspace, "..", "planted.txt"), join(worktree, "dangling"));
    symlinkSync(worktree, join(fixture.workspace, "to-worktree"));

    const leads = (name: string) =>
      new RegExp(`^Path leads outside the PR worktree ${worktree} through a symlink: ${join(worktree, name)}`);
    expect((await run("read", { path: join(worktree, "to-workspace") })).text).toMatch(leads("to-workspace"));
    expect((await run("write", { path: join(worktree, "to-other", "b.txt"), content: "x" })).text).toMatch(
      leads("to-other/b.txt"),
    );
    expect((await run("write", { path: join(worktree, "dangling"), content: "x" })).text).toMatch(leads("dangling"));
    expect((await run("write", { path: "to-worktree/x.txt", content: "x" })).text).toMatch(
      /^Path leads outside the workspace through a symlink: to-worktree\/x\.txt -> /,
    );
    expect(readFileSync(join(other, "b.txt"), "utf8")).toBe("other worktree\n");
  });

  it("accept nothing else under the worktree directory", async () => {
    makeWorktree(fixture);
    const dir = fixture.worktrees;
    mkdirSync(join(dir, "acme-widgets", "pr-2"));
    mkdirSync(join(dir, "acme-widgets", "pr-3", ".git"), { recursive: true });
    symlinkSync("pr-1", join(dir, "acme-widgets", "pr-4"));
    const notInside = (path: string) =>
      `Path is not inside a PR worktree: ${path} (under ${dir} only the worktrees pr_checkout made, ${dir}/<owner>-<repo>/pr-<n>, can be used).`;
    for (const path of [
      dir,
      join(dir, "x.txt"),
      join(dir, "acme-widgets"),
      join(dir, "acme-widgets", "x.txt"),
      join(dir, "acme-widgets", "pr-2", "x.txt"),
      join(dir, "acme-widgets", "pr-3", "x.txt"),
      join(dir, "acme-widgets", "pr-4", "x.txt"),
    ]) {
      expect(await run("write", { path, content: "x" }), path).toMatchObject({ isError: true, text: notInside(path) });
    }
    expect((await run("read", { path: join(dir, "acme-widgets", "pr-4", ".git") })).text).toBe(
      notInside(join(dir, "acme-widgets", "pr-4", ".git")),
    );
  });

  it("name both places in a refusal outside them, and only the workspace without a worktree directory", async () => {
    expect((await run("write", { path: "/etc/x", content: "x" })).text).toBe(
      `Path is outside the workspace: /etc/x (paths must stay inside ${fixture.workspace}, or a PR worktree from pr_checkout (an absolute path under ${fixture.worktrees})).`,
    );
    const result = await findTool(createTools().tools, "read").execute(
      { path: join(fixture.worktrees, "acme-widgets", "pr-1", "x") },
      fixture.context({ worktreesDir: undefined }),
    );
    expect(result.text).toMatch(/^Path is outside the workspace: .* \(paths must stay inside [^,]*\)\.$/);
  });
});
