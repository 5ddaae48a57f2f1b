// tools.env values written into files by commands never reach a commit: the run's own (src/run/land.ts),
// pr_push's in a pull request worktree, and a sub-agent's `commit` all redact them from the changed
// files first, the known values only; a file too large to search is left out instead.
import { existsSync, mkdirSync, readFileSync, readlinkSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGit, type Git } from "../../../src/git/git.ts";
import { scrubChangedFiles } from "../../../src/git/scrub.ts";
import { createCommitTool } from "../../../src/tasks/tools/commit.ts";
import { commitWorktree } from "../../../src/git/worktree.ts";
import type { ToolContext } from "../../../src/tools/types.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

const SECRET = "npm_RegistryToken0123456789";
const FIXTURE = "Authorization: Bearer fixture-not-a-secret-0123";

let repo: TempRepo;
let git: Git;
beforeEach(async () => {
  repo = await createTempRepo({ "README.md": "# demo\n", "big.bin": "" });
  git = createGit(repo.dir);
});
afterEach(() => repo.cleanup());

const write = (path: string, content: string | Buffer) => writeFileSync(join(repo.dir, path), content);
const read = (path: string) => readFileSync(join(repo.dir, path));

describe("scrubChangedFiles", () => {
  it("redacts the values from text and binary files, leaving every other byte and token-shaped content", async () => {
    write(".npmrc", `//registry/:_authToken=${SECRET}\n${FIXTURE}\n`);
    const binary = Buffer.concat([Buffer.from([0xff, 0x00, 0xfe]), Buffer.from(SECRET), Buffer.from([0x80])]);
    write("blob.bin", binary);
    write("clean.txt", "nothing here\n");
    symlinkSync("/etc/hostname", join(repo.dir, "link"));
    const paths = [".npmrc", "blob.bin", "clean.txt", "link", "deleted.txt"];

    const scrubbed = await scrubChangedFiles(git, paths, [SECRET]);

    expect(scrubbed).toEqual({ redacted: [".npmrc", "blob.bin"], reverted: [], renamed: [] });
    expect(read(".npmrc").toString()).toBe(`//registry/:_authToken=[REDACTED]\n${FIXTURE}\n`);
    expect(read("blob.bin")).toEqual(
      Buffer.concat([Buffer.from([0xff, 0x00, 0xfe]), Buffer.from("[REDACTED]"), Buffer.from([0x80])]),
    );
    expect(read("clean.txt").toString()).toBe("nothing here\n");
  });

  it("finds the values base64-encoded too", async () => {
    write("config.json", JSON.stringify({ auth: Buffer.from(SECRET).toString("base64") }));
    await scrubChangedFiles(git, ["config.json"], [SECRET]);
    expect(read("config.json").toString()).toBe('{"auth":"[REDACTED]"}');
  });

  it("renames a path whose name holds a value, and points a link holding one at the redacted target", async () => {
    mkdirSync(join(repo.dir, `dir-${SECRET}`));
    write(`dir-${SECRET}/a.txt`, "a\n");
    symlinkSync(`/tmp/${SECRET}`, join(repo.dir, "link"));
    const scrubbed = await scrubChangedFiles(git, [`dir-${SECRET}/a.txt`, "link"], [SECRET]);
    expect(scrubbed).toEqual({ redacted: ["link"], reverted: [], renamed: ["dir-[REDACTED]/a.txt"] });
    expect(read("dir-[REDACTED]/a.txt").toString()).toBe("a\n");
    expect(readlinkSync(join(repo.dir, "link"))).toBe("/tmp/[REDACTED]");
  });

  it("undoes the change of a path named with a value when its redacted name is taken", async () => {
    write(`a-${SECRET}.txt`, "secret-named\n");
    write("a-[REDACTED].txt", "already here\n");
    const scrubbed = await scrubChangedFiles(git, [`a-${SECRET}.txt`, "a-[REDACTED].txt"], [SECRET]);
    expect(scrubbed).toEqual({ redacted: [], reverted: [`a-${SECRET}.txt`], renamed: [] });
    expect(existsSync(join(repo.dir, `a-${SECRET}.txt`))).toBe(false);
    expect(read("a-[REDACTED].txt").toString()).toBe("already here\n");
  });

  it("undoes the change of a file too large to search, and does nothing without values", async () => {
    write("big.bin", `${"x".repeat(100)}${SECRET}`);
    write("new-big.bin", "y".repeat(200));
    expect(await scrubChangedFiles(git, ["big.bin", "new-big.bin"], [])).toEqual({
      redacted: [],
      reverted: [],
      renamed: [],
    });
    const scrubbed = await scrubChangedFiles(git, ["big.bin", "new-big.bin"], [SECRET], 64);
    expect(scrubbed).toEqual({ redacted: [], reverted: ["big.bin", "new-big.bin"], renamed: [] });
    expect(read("big.bin").toString()).toBe("");
    expect(await repo.git("status", "--porcelain")).toBe("");
  });
});

describe("tools that commit", () => {
  it("pr_push's commit redacts them", async () => {
    write("token.txt", `${SECRET}\n`);
    const commit = await commitWorktree(git, "add the token", [], [SECRET]);
    expect(commit?.files).toBe(1);
    expect(await repo.git("show", "HEAD:token.txt")).toBe("[REDACTED]");
  });

  it("a sub-agent's commit redacts them", async () => {
    write("token.txt", `${SECRET}\n`);
    const tool = createCommitTool({ git, protectedPaths: [], trailers: {} });
    const context = { passedSecrets: [SECRET] } as unknown as ToolContext;
    const result = await tool.execute({ message: "add the token" }, context);
    expect(result.isError, result.text).toBe(false);
    expect(await repo.git("show", "HEAD:token.txt")).toBe("[REDACTED]");
  });
});
