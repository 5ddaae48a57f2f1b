// The one protected-path matcher and the revert before the commit. The same table of paths goes
// through every route in test/security/protected.test.ts.
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { isProtected, protectedPathsFrom, revertProtectedChanges } from "../../../src/git/protected.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

const PATTERNS = protectedPathsFrom([
  ".github/workflows/",
  ".github/gitclaw.json",
  "lifecycle/",
  "bunfig.toml",
  "**/*.pem",
]);

describe("isProtected", () => {
  it.each([
    [".github/workflows/ci.yml", true],
    [".GitHub/Workflows/ci.yml", true],
    [".github/gitclaw.json", true],
    [".github/gitclaw.json.bak", false],
    [".github/dependabot.yml", false],
    ["lifecycle/GITCLAW-AGENT.ts", true],
    ["lifecycle", true],
    ["lifecycles/x.ts", false],
    ["bunfig.toml", true],
    ["sub/bunfig.toml", false],
    ["keys/deploy.pem", true],
    ["KEYS/DEPLOY.PEM", true],
    ["deploy.pem", true],
    ["deploy.pem.txt", false],
    ["state/issues/9.json", true],
    ["./state/sessions/x.jsonl", true],
    ["src/state/x.ts", false],
    ["README.md", false],
    // The agent's extensions, whatever the configuration lists: read from the default branch only.
    [".agents/skills/deploy/SKILL.md", true],
    [".github/skills/x/run.sh", true],
    [".claude/skills/y/SKILL.md", true],
    [".github/hooks/guard.json", true],
    [".github/hooks", true],
    [".github/agents/reviewer.agent.md", true],
    [".claude/agents/helper.md", true],
    [".claude/settings.json", true],
    [".claude/settings.local.json", false],
    ["docs/skills/x.md", false],
  ])("%s → %s", (path, expected) => {
    expect(isProtected(path, PATTERNS)).toBe(expected);
  });
});

describe("revertProtectedChanges", () => {
  const repos: TempRepo[] = [];
  afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));

  it("restores and removes every protected change, the first one in path order included", async () => {
    const repo = await createTempRepo({
      ".github/workflows/ci.yml": "on: push\n",
      "lifecycle/GITCLAW-AGENT.ts": "agent\n",
      "keep.txt": "keep\n",
      "state/issues/1.json": "{}\n",
    });
    repos.push(repo);
    const at = (path: string) => join(repo.dir, path);
    rmSync(at(".github/workflows/ci.yml"));
    writeFileSync(at("lifecycle/GITCLAW-AGENT.ts"), "agent\nhostile()\n");
    mkdirSync(at(".GitHub/workflows"), { recursive: true });
    writeFileSync(at(".GitHub/workflows/x.yml"), "on: push\n");
    mkdirSync(at("keys"));
    writeFileSync(at("keys/deploy.pem"), "-----BEGIN-----\n");
    // A nested repository under a protected path: `git clean -fd` alone would keep it.
    await execa("git", ["init", "-q", at("lifecycle/embedded")]);
    writeFileSync(at("lifecycle/embedded/payload.ts"), "x\n");
    await repo.git("mv", "keep.txt", "lifecycle/moved.txt");
    writeFileSync(at("state/issues/1.json"), '{"sessionPath":"elsewhere"}\n');
    writeFileSync(at("state/issues/2.json"), "{}\n");
    writeFileSync(at("notes.txt"), "allowed\n");

    const reverted = await revertProtectedChanges(createGit(repo.dir), PATTERNS, ["state/issues/2.json"]);
    expect(reverted.sort()).toEqual(
      [
        ".GitHub/workflows/x.yml",
        ".github/workflows/ci.yml",
        "keys/deploy.pem",
        "lifecycle/GITCLAW-AGENT.ts",
        "lifecycle/embedded/",
        "lifecycle/moved.txt",
        "state/issues/1.json",
      ].sort(),
    );
    expect(readFileSync(at(".github/workflows/ci.yml"), "utf8")).toBe("on: push\n");
    expect(readFileSync(at("lifecycle/GITCLAW-AGENT.ts"), "utf8")).toBe("agent\n");
    expect(readFileSync(at("state/issues/1.json"), "utf8")).toBe("{}\n");
    for (const gone of [".GitHub/workflows/x.yml", "keys/deploy.pem", "lifecycle/embedded", "lifecycle/moved.txt"])
      expect(existsSync(at(gone)), gone).toBe(false);
    // What is left to commit: the allowed change, the run's own file, and the rename's other half.
    expect((await repo.git("status", "--porcelain", "--untracked-files=all")).split("\n").sort()).toEqual(
      ["?? notes.txt", "?? state/issues/2.json", "D  keep.txt"].sort(),
    );
  });
});
