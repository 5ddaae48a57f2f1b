// The house rules the code keeps, checked like any other test: Biome's format and lint (120
// columns; functions in src/ under 60 lines), and no product code reaching into the tests.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "../support/workflow.ts";

const shipped = ["src", "lifecycle"];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

describe("the house", () => {
  it("is formatted and lint-clean by Biome (biome ci)", async () => {
    const child = Bun.spawn([join(PROJECT_ROOT, "node_modules/.bin/biome"), "ci", "--colors=off", "."], {
      cwd: PROJECT_ROOT,
      stdout: "pipe",
      stderr: "pipe",
    });
    const [out, err, exitCode] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    expect(exitCode, `${out}${err}`.slice(-6000)).toBe(0);
  });

  it("ships no code that imports the tests (src/ and lifecycle/ never reach into test/)", () => {
    const offenders = shipped
      .flatMap((dir) => files(join(PROJECT_ROOT, dir)))
      .filter((path) => /from\s+["'][^"']*\btest\/|import\(\s*["'][^"']*\btest\//.test(readFileSync(path, "utf8")))
      .map((path) => relative(PROJECT_ROOT, path));
    expect(offenders).toEqual([]);
  });
});
