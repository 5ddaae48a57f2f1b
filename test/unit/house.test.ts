// The house rules the code keeps, checked like any other test: Biome's format and lint (120
// columns), every function within 60 lines as written, and no product code reaching into the tests.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { backUpImports, importCycles, importGraph } from "../../scripts/house-plan.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

const shipped = ["src", "lifecycle"];

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Where a function, method or block-bodied arrow starts (Biome's formatting puts each on its own line). */
const FUNCTION_START =
  /^(\s*)(?:export\s+)?(?:default\s+)?(?:(?:async\s+)?function\*?\s*[\w$]*\s*[<(]|(?:(?:public|private|protected|static|override|async|get|set)\s+)*#?[\w$]+\s*(?:<[^>]*>)?\((?!.*\)\s*;\s*$)|(?:const|let)\s+[\w$]+(?:\s*:[^=]+)?\s*=\s*(?:async\s+)?(?:\([^)]*\)?|[\w$]+)\s*(?:=>|$)|[\w$]+\s*:\s*(?:async\s+)?\([^)]*\)?(?:\s*:[^=]*)?\s*(?:=>|$))/;
const NOT_A_FUNCTION = /^\s*(if|for|while|switch|catch|return|await|throw|else|do|try|new|super|this)\b/;

/**
 * The functions in `path` longer than `max` lines, counted from the first line to the last as written:
 * a function ends at the first `}` line at its own indentation (Biome formats every file that way).
 */
function longFunctions(path: string, max: number): string[] {
  const lines = readFileSync(path, "utf8").split("\n");
  return lines.flatMap((line, start) => {
    const indent = FUNCTION_START.exec(line)?.[1];
    if (indent === undefined || NOT_A_FUNCTION.test(line)) return [];
    const end = lines.findIndex((next, i) => i > start && next.startsWith(`${indent}}`));
    const between = lines.slice(start + 1, end);
    // A line at the same indentation that is not the header's close means this was a statement, not a body.
    const statement = between.some((l) => l.trim() && l.startsWith(indent) && !/^[\s)}]/.test(l.slice(indent.length)));
    if (end === -1 || statement || end - start + 1 <= max) return [];
    return [`${relative(PROJECT_ROOT, path)}:${start + 1} ${line.trim().slice(0, 50)} (${end - start + 1} lines)`];
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

  it("keeps every function in src/, lifecycle/ and scripts/ within 60 lines", () => {
    const long = [...shipped, "scripts"]
      .flatMap((dir) => files(join(PROJECT_ROOT, dir)))
      .flatMap((path) => longFunctions(path, 60));
    expect(long).toEqual([]);
  });

  it("measures a function from its first line to its last", () => {
    const dir = mkdtempSync(join(tmpdir(), "house-"));
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  const v${i} = ${i};`).join("\n");
    writeFileSync(
      join(dir, "f.ts"),
      `export function ok() {\n${body(58)}\n}\n\nconst long = async (a: number) => {\n${body(59)}\n};\n`,
    );
    expect(longFunctions(join(dir, "f.ts"), 60)).toEqual([
      expect.stringMatching(/f\.ts:62 const long = async .* \(61 lines\)$/),
    ]);
    rmSync(dir, { recursive: true });
  });

  it("ships no code that imports the tests (src/ and lifecycle/ never reach into test/)", () => {
    const offenders = shipped
      .flatMap((dir) => files(join(PROJECT_ROOT, dir)))
      .filter((path) => /from\s+["'][^"']*\btest\/|import\(\s*["'][^"']*\btest\//.test(readFileSync(path, "utf8")))
      .map((path) => relative(PROJECT_ROOT, path));
    expect(offenders).toEqual([]);
  });

  it("writes callouts through src/github/markdown.ts and counted nouns through src/text/format.ts, nowhere by hand", () => {
    const handWritten: [RegExp, string][] = [
      [/`> \[!(?:NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/, join("src", "github", "markdown.ts")],
      [/=== 1 \? "" : "s"/, join("src", "text", "format.ts")],
    ];
    const offenders = shipped
      .flatMap((dir) => files(join(PROJECT_ROOT, dir)))
      .filter((path) =>
        handWritten.some(([pattern, home]) => !path.endsWith(home) && pattern.test(readFileSync(path, "utf8"))),
      )
      .map((path) => relative(PROJECT_ROOT, path));
    expect(offenders).toEqual([]);
  });

  it("has no import cycle in src/ (scripts/house-plan.ts draws the plan)", () => {
    expect(importCycles(importGraph(PROJECT_ROOT))).toEqual([]);
  });

  it("finds a planted import cycle and an import back up a floor", () => {
    const graph = new Map([
      ["src/run/a.ts", ["src/run/b.ts", "src/stages/agent.ts"]],
      ["src/run/b.ts", ["src/run/a.ts"]],
      ["src/stages/agent.ts", []],
    ]);
    expect(importCycles(graph)).toEqual([["src/run/a.ts", "src/run/b.ts"]]);
    expect(backUpImports(graph)).toEqual(["src/run/a.ts -> src/stages/agent.ts"]);
  });
});
