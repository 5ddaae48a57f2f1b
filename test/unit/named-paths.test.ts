// What the house says about itself points at something: every repository path named in `.ci/run`,
// the README, docs/ and code comments exists, and every test path `.ci/run` hands to the test command names
// test files (CI checks after the pass that each of them ran: scripts/ci-ran.ts). A path moved by a
// regroup and not followed fails here, not silently.
import { existsSync, mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { ciTestPaths, notRun, testFilesUnder } from "../../scripts/ci-ran.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

/** The folders of this repository a mention starts with; `.github/` is left out: mostly the user's repository. */
const TOP_FOLDERS = ["src", "lifecycle", "scripts", "test", "bench", ".ci", ".github/workflows"];
/** What a relative mention (`../support/workflow.ts`, `../support/`) ends with to count as a path. */
const KNOWN_EXTENSION = /\.(ts|js|md|json|jsonl|ya?ml|sh)$/;
const SKIPPED_FOLDERS = new Set(["node_modules", ".git", ".tmp", "dist", "state"]);
const TOKEN = /(?<![\w/:.@-])(?:\.{1,2}\/)?[\w.@-]+(?:\/[\w.@-]+)*\/?/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    if (SKIPPED_FOLDERS.has(name)) return [];
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : /\.(ts|ya?ml)$/.test(name) ? [path] : [];
  });
}

/** The comment text of a file (TypeScript line and block comments, YAML `#` ones); other files whole. */
function commentText(file: string, text: string): string {
  const lines = text.split("\n");
  if (file.endsWith(".ts"))
    return lines
      .map((line) => (/^\s*(\/\/|\/\*|\*)/.test(line) ? line : (/\s\/\/\s(.*)$/.exec(line)?.[1] ?? "")))
      .join("\n");
  if (/\.ya?ml$/.test(file)) return lines.map((line) => /(?:^|\s)#(.*)$/.exec(line)?.[1] ?? "").join("\n");
  return text;
}

/**
 * The path-looking mentions in `text` that name nothing: a known top folder's paths (from the root),
 * relative ones with a known extension (from the file's folder). Placeholders (`<n>`, `*`, `{…}`, `…`)
 * are no paths, nor is a path the file also writes as a string: that is its test's fixture.
 */
function missingPaths(file: string, text: string): string[] {
  const comments = commentText(file, text);
  const missing: string[] = [];
  for (const match of comments.matchAll(TOKEN)) {
    const token = match[0].replace(/[.,:;]+$/, "");
    const around = comments.slice(Math.max(0, match.index - 1), match.index + match[0].length + 1);
    if (/[<>{}*$…]/.test(around) || text.includes(`"${token}"`)) continue;
    const relativeMention = /^\.{1,2}\//.test(token) && (KNOWN_EXTENSION.test(token) || token.endsWith("/"));
    const fromRoot = TOP_FOLDERS.some((top) => token === top || token.startsWith(`${top}/`));
    if (!relativeMention && !fromRoot) continue;
    // A relative mention in a source or a page counts from its folder: a docs/ page links the README one up.
    const base = relativeMention && /\.(ts|md)$/.test(file) ? dirname(file) : PROJECT_ROOT;
    // `bench/resume` names the benchmark bench/resume.ts, as `bun run bench resume` does.
    if (!existsSync(join(base, token)) && !existsSync(join(base, `${token}.ts`))) missing.push(token);
  }
  return missing;
}

const named = (file: string) =>
  missingPaths(file, readFileSync(file, "utf8")).map((path) => `${relative(PROJECT_ROOT, file)}: ${path}`);

describe("paths named in the house's own text", () => {
  it("exist: in .ci/run, the README, docs/, and the comments of every source, test, script and workflow", () => {
    const docs = readdirSync(join(PROJECT_ROOT, "docs"), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith(".md"))
      .map((name) => join(PROJECT_ROOT, "docs", name));
    expect(docs).toContain(join(PROJECT_ROOT, "docs/configuration.md"));
    const files = [
      join(PROJECT_ROOT, ".ci/run"),
      join(PROJECT_ROOT, "README.md"),
      ...docs,
      ...sourceFiles(PROJECT_ROOT),
    ];
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap(named)).toEqual([]);
  });

  it("are found when stale, and placeholders, URLs and fixtures are not taken for paths (the check can fail)", () => {
    const file = join(PROJECT_ROOT, "src/run/example.ts");
    const text = [
      "// src/run/progress.ts and ./fault.ts, test/tools/confined-file.test.ts, src/nowhere/",
      "// ../nowhere.ts; state/sessions/<id>.jsonl, test/**/*.test.ts, https://github.com/acme/src/x.ts",
      "// bench/resume, src/app.ts (a fixture), node_modules/yaml/dist/index.js, /proc/self/fd",
      'const fixture = "src/app.ts"; // src/stages/',
    ].join("\n");
    expect(missingPaths(file, text)).toEqual(["test/tools/confined-file.test.ts", "src/nowhere/", "../nowhere.ts"]);
    const page = join(PROJECT_ROOT, "docs/example.md");
    expect(missingPaths(page, "[the README](../README.md), [gone](../nowhere.md), src/cli/doctor.ts")).toEqual([
      "../nowhere.md",
    ]);
  });

  it("in .ci/run's root pass are test files or folders of them", () => {
    const paths = ciTestPaths(readFileSync(join(PROJECT_ROOT, ".ci/run"), "utf8"));
    expect(paths).toContain("test/security");
    for (const path of paths) expect(testFilesUnder(PROJECT_ROOT, path), path).not.toEqual([]);
  });

  it("are each checked against the pass's report: a named file that did not run, or a stale name, fails", () => {
    const report = join(mkdtempSync(join(tmpdir(), "gitclaw-report-")), "report.json");
    const ran = (files: string[]) =>
      writeFileSync(report, JSON.stringify({ testResults: files.map((file) => ({ name: join(PROJECT_ROOT, file) })) }));
    const sandbox = testFilesUnder(PROJECT_ROOT, "test/unit/tools/files");
    ran(["test/unit/tools/github/pr-sandbox.test.ts", ...sandbox]);
    expect(
      notRun(PROJECT_ROOT, report, ["test/unit/tools/files", "test/unit/tools/github/pr-sandbox.test.ts"]),
    ).toEqual([]);
    ran(["test/unit/tools/github/pr-sandbox.test.ts"]);
    expect(
      notRun(PROJECT_ROOT, report, ["test/unit/tools/files/confined-file.test.ts", "test/tools/confined-file.test.ts"]),
    ).toEqual([
      "test/unit/tools/files/confined-file.test.ts (named as test/unit/tools/files/confined-file.test.ts): did not run",
      "test/tools/confined-file.test.ts: names no test file (moved or deleted?)",
    ]);
  });
});
