// The patch of some paths' changes, for `git apply` elsewhere: edits, new and deleted files, an
// executable bit and binary content all come through, and neither the index nor the working tree
// of the repository it was taken from changes.
import { chmodSync, readFileSync, rmSync, statSync, writeFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { workingTreePatch } from "../../../src/git/patch.ts";
import { createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";

let repo: TempRepo | undefined;
afterEach(() => repo?.cleanup());

const BINARY = Buffer.from([0, 1, 2, 255, 254, 0, 10, 13, 0]);

describe("workingTreePatch", () => {
  it("applies on a fresh clone to give exactly the working tree's files, and leaves the repository as it was", async () => {
    repo = await createTempRepo({
      ".github/workflows/ci.yml": "on: push\n",
      ".github/workflows/old.yml": "on: schedule\n",
      "src/app.ts": "x\n",
    });
    const at = (path: string) => join(repo!.dir, path);
    writeFileSync(at(".github/workflows/ci.yml"), "on: [push, pull_request]\n");
    rmSync(at(".github/workflows/old.yml"));
    mkdirSync(at(".github/workflows/scripts"));
    writeFileSync(at(".github/workflows/scripts/run.sh"), "#!/bin/sh\necho hi\n");
    chmodSync(at(".github/workflows/scripts/run.sh"), 0o755);
    writeFileSync(at(".github/workflows/logo.bin"), BINARY);
    writeFileSync(at("src/app.ts"), "y\n");
    const status = await repo.git("status", "--porcelain");

    const paths = [
      ".github/workflows/ci.yml",
      ".github/workflows/old.yml",
      ".github/workflows/scripts/run.sh",
      ".github/workflows/logo.bin",
    ];
    const patch = await workingTreePatch(createGit(repo.dir), paths);
    expect(patch).not.toContain("src/app.ts");
    expect(await repo.git("status", "--porcelain")).toBe(status);

    const fresh = await repo.clone("fresh");
    writeFileSync(join(fresh, "change.patch"), patch);
    await git(fresh, "apply", "change.patch");
    rmSync(join(fresh, "change.patch"));
    for (const path of [".github/workflows/ci.yml", ".github/workflows/scripts/run.sh"])
      expect(readFileSync(join(fresh, path), "utf8")).toBe(readFileSync(at(path), "utf8"));
    expect(readFileSync(join(fresh, ".github/workflows/logo.bin"))).toEqual(BINARY);
    expect(statSync(join(fresh, ".github/workflows/scripts/run.sh")).mode & 0o111).not.toBe(0);
    expect(await git(fresh, "status", "--porcelain")).toBe(
      [
        // The helper trims the first line's leading space.
        "M .github/workflows/ci.yml",
        " D .github/workflows/old.yml",
        "?? .github/workflows/logo.bin",
        "?? .github/workflows/scripts/",
      ].join("\n"),
    );
  });

  it("is empty for paths that did not change", async () => {
    repo = await createTempRepo({ "a.txt": "a\n" });
    expect(await workingTreePatch(createGit(repo.dir), ["a.txt"])).toBe("");
    expect(await workingTreePatch(createGit(repo.dir), [])).toBe("");
  });
});
