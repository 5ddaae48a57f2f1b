// The files whose code runs elsewhere (src/isolated.ts) are isolated by their structure: types are
// all they import, and exported functions and types all they declare at their top level, so their
// functions can use nothing but globals, their arguments and each other.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { isolatedFile, isolatedScript } from "../../src/isolated.ts";
import { LINUX } from "../../src/linux.ts";
import { outgoingFilter } from "../../src/egress/refusals.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

const MARK = "// Isolated (src/isolated.ts)";

/** The product files that say they are isolated. */
function isolatedFiles(): string[] {
  const src = join(PROJECT_ROOT, "src");
  return (readdirSync(src, { recursive: true }) as string[])
    .filter((path) => path.endsWith(".ts") && readFileSync(join(src, path), "utf8").startsWith(MARK))
    .map((path) => relative(PROJECT_ROOT, join(src, path)))
    .sort();
}

const transpiler = new Bun.Transpiler({ loader: "ts" });

/** What a top-level line (Biome starts each top-level statement at column 0) may begin with. */
const ALLOWED = /^(\s|import type |export (async )?function\*? |(export )?(interface|type) |\}|\)|\/\/|\/\*\*|$)/;

/**
 * What in `source` breaks isolation: a value import (what Bun keeps once types are gone), and each
 * top-level line that is not a type import, an exported function, a type, or the end of one.
 */
function breaches(path: string, source: string): string[] {
  const imports = transpiler.scan(source).imports.map((found) => `${path}: imports ${found.path}`);
  const lines = source.split("\n").flatMap((line, i) => (ALLOWED.test(line) ? [] : [`${path}:${i + 1}: ${line}`]));
  return [...imports, ...lines];
}

describe("isolated files", () => {
  it("are the holders, the refusal observer, the socket hand-off and the tunnel threads", () => {
    expect(isolatedFiles()).toEqual([
      "src/egress/handoff.ts",
      "src/egress/namespace-holder.ts",
      "src/egress/refusals.ts",
      "src/egress/tunnel-thread.ts",
      "src/sandbox/view-holder.ts",
    ]);
  });

  it("import types only and declare nothing but exported functions and types", () => {
    const found = isolatedFiles().flatMap((path) => breaches(path, readFileSync(join(PROJECT_ROOT, path), "utf8")));
    expect(found).toEqual([]);
  });

  it("the check finds a value import, a constant and a function left unexported", () => {
    const source = [
      'import type { A } from "a";',
      'import { b } from "b";',
      "const limit = 3;",
      "function helper() {}",
      "export function ok(): void {}",
      "export interface I {}",
    ].join("\n");
    expect(breaches("f.ts", `${source}\nexport function uses() {\n  return b(limit);\n}`)).toEqual([
      "f.ts: imports b",
      'f.ts:2: import { b } from "b";',
      "f.ts:3: const limit = 3;",
      "f.ts:4: function helper() {}",
    ]);
  });

  it("make one script that calls its main, another file's functions handed over by their exported names", () => {
    // A bundle renames a function whose name another module declares too: `twice2`, exported as `twice`.
    function twice2(n: number): number {
      return 2 * n;
    }
    function main(other: { twice: typeof twice2 }): void {
      console.log(other.twice(21));
    }
    const file = { twice: twice2 };
    const script = isolatedScript([file, { main }], main, [isolatedFile(file)]);
    const run = Bun.spawnSync([process.execPath, "-e", script]);
    expect(run.stdout.toString()).toBe("42\n");
  });
});

describe("the refusals' packet filter", () => {
  it("is the classic BPF program the kernel was given as hex before it was named", () => {
    expect(outgoingFilter(LINUX)).toEqual([
      [0x20, 0, 0, 0xfffff004],
      [0x15, 0, 8, 4],
      [0x30, 0, 0, 0],
      [0x54, 0, 0, 0xf0],
      [0x15, 0, 4, 0x40],
      [0x20, 0, 0, 12],
      [0x15, 0, 2, 0x7f000001],
      [0x20, 0, 0, 16],
      [0x15, 1, 0, 0x7f000001],
      [0x06, 0, 0, 1024],
      [0x06, 0, 0, 0],
    ]);
  });
});
