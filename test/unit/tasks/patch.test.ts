// A task's series: exported into a file by `git format-patch`, and read back for the paths it
// touches (what the apply checks against protected paths and the caller's own changes).
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { exportPatch, patchPaths, seriesSubjects } from "../../../src/tasks/patch.ts";
import { commitFiles } from "./support.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

let repo: TempRepo;
afterEach(() => repo?.cleanup());

describe("exportPatch", () => {
  it("streams base..HEAD into the file, counts the commits, and says skipped when there are none", async () => {
    repo = await createTempRepo({
      "README.md": "# r\n",
      "tool.sh": "echo hi\n",
      ".github/workflows/ci.yml": "on: push\n",
    });
    const git = createGit(repo.dir);
    const base = await git.must(["rev-parse", "HEAD"]);
    const file = join(repo.root, "series.mbox");
    expect(await exportPatch(git, base, file)).toMatchObject({ status: "skipped", commitCount: 0 });
    expect(existsSync(file)).toBe(false);
    mkdirSync(join(repo.dir, "dir with space"));
    await commitFiles(git, { "dir with space/ä.txt": "ä\n", "bin.dat": "\u0000\u00ff" }, "Add odd names");
    await git.must(["mv", ".github/workflows/ci.yml", "moved.yml"]);
    chmodSync(join(repo.dir, "tool.sh"), 0o755);
    await git.must(["commit", "-qam", "Move the workflow, make tool.sh executable"]);
    const exported = await exportPatch(git, base, file);
    expect(exported).toMatchObject({ status: "ready", commitCount: 2, headSha: await git.must(["rev-parse", "HEAD"]) });
    const series = readFileSync(file, "utf8");
    expect(seriesSubjects(series)).toEqual(["Add odd names", "Move the workflow, make tool.sh executable"]);
    expect(patchPaths(series).sort()).toEqual(
      [".github/workflows/ci.yml", "bin.dat", "dir with space/ä.txt", "moved.yml", "tool.sh"].sort(),
    );
  });

  it("fails softly, with git's reason, when the range cannot be read", async () => {
    repo = await createTempRepo();
    const file = join(repo.root, "series.mbox");
    writeFileSync(file, "stale");
    const exported = await exportPatch(createGit(repo.dir), "0".repeat(40), file);
    expect(exported.status).toBe("failed");
    expect(exported.error).toMatch(/bad revision|Invalid revision|unknown revision/i);
    expect(existsSync(file)).toBe(false);
  });
});

describe("patchPaths", () => {
  it("reads quoted names, both sides of copies and renames, and ignores hunk lines that look like headers", () => {
    const series = [
      "Subject: [PATCH 1/1] x",
      "---",
      'diff --git "a/tab\\there" "b/tab\\there"',
      "--- /dev/null",
      '+++ "b/tab\\there"',
      "@@ -0,0 +1 @@",
      "+--- a/not-a-path",
      "diff --git a/old b/new",
      "similarity index 90%",
      "copy from old",
      "copy to new",
      "diff --git a/same name b/same name",
      "old mode 100644",
      "new mode 100755",
    ].join("\n");
    expect(patchPaths(series).sort()).toEqual(["new", "old", "same name", "tab\there"]);
  });
});
