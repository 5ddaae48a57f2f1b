// The action runs dist/, not the sources: dist/ must be exactly what `bun run build` makes of them,
// and the package (`bunx gitclaw`) ships it with the action.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { describe, expect, it } from "vitest";
import { staleDist } from "../../scripts/build.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

describe("dist/", () => {
  it("is the build of the current sources (run `bun run build` and commit dist/ when this fails)", async () => {
    const stale = await staleDist(join(PROJECT_ROOT, "dist"), join(PROJECT_ROOT, ".tmp", "dist-check"));
    expect(stale, "stale in dist/: run `bun run build` and commit dist/").toEqual([]);
  });
});

describe("the indicator's bundle", () => {
  it("holds gitclaw's own code only: it runs on the clock to 👀 (bench indicator), so no library loads", () => {
    const bundle = readFileSync(join(PROJECT_ROOT, "dist/GITCLAW-INDICATOR.js"), "utf8");
    const modules = [...bundle.matchAll(/^\/\/ (\S+\.[jt]s)$/gm)].map((m) => m[1] ?? "");
    expect(modules).toContain("src/stages/indicator.ts");
    expect(modules.filter((path) => !path.startsWith("src/") && !path.startsWith("lifecycle/"))).toEqual([]);
  });
});

describe("the package", () => {
  it("holds the action and a gitclaw command that runs on its own, as `bunx gitclaw` runs it", async () => {
    const out = mkdtempSync(join(tmpdir(), "gitclaw-pack-"));
    try {
      const pack = await execa("npm", ["pack", "--silent", "--pack-destination", out], { cwd: PROJECT_ROOT });
      const tarball = join(out, pack.stdout.trim().split("\n").at(-1)!);
      await execa("tar", ["xzf", tarball, "-C", out]);
      const files = (readdirSync(join(out, "package"), { recursive: true }) as string[]).sort();
      expect(files).toEqual(expect.arrayContaining(["action.yml", "dist/gitclaw.js", "dist/GITCLAW-AGENT.js"]));
      expect(files.filter((file) => /^(src|test|lifecycle|scripts)\//.test(file))).toEqual([]);
      const manifest = JSON.parse(readFileSync(join(out, "package/package.json"), "utf8"));
      expect(manifest.bin).toEqual({ gitclaw: "dist/gitclaw.js" });

      // Outside any checkout and without node_modules, the bin puts gitclaw into a repository.
      const repo = join(out, "repo");
      await execa("git", ["init", "-q", repo]);
      const init = await execa(join(out, "package", manifest.bin.gitclaw), ["init", repo], { cwd: out });
      expect(init.stdout).toContain("added      .github/workflows/gitclaw.yml");
      expect(readFileSync(join(repo, ".github/workflows/gitclaw.yml"), "utf8")).toContain("uses: gitclaw/gitclaw@v1");
    } finally {
      rmSync(out, { recursive: true, force: true });
    }
  });
});
