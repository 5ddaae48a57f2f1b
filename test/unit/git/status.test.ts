// `git status --porcelain=v1 -z` read right for every status code, including the first entry, whose
// leading space a trimmed read would lose (turning ` M lifecycle/GITCLAW-AGENT.ts` into `ifecycle/GITCLAW-AGENT.ts`).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { changedPaths, parseStatus, touchedPaths } from "../../../src/git/status.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

const repos: TempRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

describe("parseStatus", () => {
  it.each([
    [" M lifecycle/a.ts\0", [{ code: " M", path: "lifecycle/a.ts" }]],
    [" D .github/workflows/ci.yml\0", [{ code: " D", path: ".github/workflows/ci.yml" }]],
    ["M  a\0MM b\0A  c\0AM d\0AD e\0D  f\0 T g\0UU h\0AA i\0DU j\0?? k l\0", "codes"],
    [
      "R  new name\0old name\0 M z\0",
      [
        { code: "R ", path: "new name", from: "old name" },
        { code: " M", path: "z" },
      ],
    ],
    ["RM moved\0orig\0", [{ code: "RM", path: "moved", from: "orig" }]],
    ["C  copy\0source\0", [{ code: "C ", path: "copy", from: "source" }]],
    ["?? line\nbreak\0", [{ code: "??", path: "line\nbreak" }]],
    ["", []],
  ])("reads %j", (output, expected) => {
    const parsed = parseStatus(output);
    if (expected === "codes") {
      expect(parsed.map((c) => `${c.code}|${c.path}`)).toEqual([
        "M |a",
        "MM|b",
        "A |c",
        "AM|d",
        "AD|e",
        "D |f",
        " T|g",
        "UU|h",
        "AA|i",
        "DU|j",
        "??|k l",
      ]);
    } else expect(parsed).toEqual(expected);
  });

  it("refuses output it does not understand instead of guessing paths", () => {
    expect(() => parseStatus("M lifecycle/a.ts\0")).toThrow(/unexpected git status entry/);
  });

  it("counts a rename's source as touched too", () => {
    expect(touchedPaths(parseStatus("R  elsewhere.ts\0lifecycle/a.ts\0"))).toEqual(["elsewhere.ts", "lifecycle/a.ts"]);
  });
});

describe("changedPaths on a real working tree", () => {
  it("lists every kind of change with its exact path, the first one included", async () => {
    const repo = await createTempRepo({ "lifecycle/a.ts": "a\n", "b.txt": "b\n", "c.txt": "c\n", "d.txt": "d\n" });
    repos.push(repo);
    writeFileSync(join(repo.dir, "lifecycle/a.ts"), "changed\n");
    rmSync(join(repo.dir, "b.txt"));
    await repo.git("mv", "c.txt", "renamed.txt");
    writeFileSync(join(repo.dir, "d.txt"), "staged\n");
    await repo.git("add", "d.txt");
    mkdirSync(join(repo.dir, "new dir"));
    writeFileSync(join(repo.dir, "new dir/x y.txt"), "new\n");
    const changes = await changedPaths(createGit(repo.dir));
    expect(changes).toEqual([
      { code: " D", path: "b.txt" },
      { code: "M ", path: "d.txt" },
      { code: " M", path: "lifecycle/a.ts" },
      { code: "R ", path: "renamed.txt", from: "c.txt" },
      { code: "??", path: "new dir/x y.txt" },
    ]);
  });
});
