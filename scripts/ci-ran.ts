// `bun scripts/ci-ran.ts <vitest JSON report> <test path…>`: after a test pass, fails unless every test
// file under each named path (a file or a folder) is in the report. vitest runs whatever of its filters
// matches and says nothing of one that matches no file, so a test moved away would silently not run.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve } from "node:path";

/** The test files a path names: itself, or every `*.test.ts` under it; none when it does not exist. */
export function testFilesUnder(root: string, path: string): string[] {
  const full = join(root, path);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return path.endsWith(".test.ts") ? [path] : [];
  return readdirSync(full).flatMap((name) => testFilesUnder(root, join(path, name)));
}

/** The paths `.ci/run` hands to the test command in its root pass (its `root_tests=(…)`). */
export function ciTestPaths(script: string): string[] {
  const list = /^root_tests=\(([^)]*)\)/m.exec(script)?.[1];
  if (list === undefined) throw new Error(".ci/run names no root_tests=(…)");
  return list.split(/\s+/).filter(Boolean);
}

/** One line per named path that names no test file, or whose test files did not all run. */
export function notRun(root: string, reportFile: string, paths: string[]): string[] {
  const report = JSON.parse(readFileSync(reportFile, "utf8")) as { testResults: { name: string }[] };
  const ran = new Set(report.testResults.map((result) => relative(root, resolve(root, result.name))));
  return paths.flatMap((path) => {
    const files = testFilesUnder(root, path);
    if (files.length === 0) return [`${path}: names no test file (moved or deleted?)`];
    return files.filter((file) => !ran.has(file)).map((file) => `${file} (named as ${path}): did not run`);
  });
}

if (import.meta.main) {
  const [reportFile, ...paths] = Bun.argv.slice(2);
  if (!reportFile || paths.length === 0) {
    console.error("usage: bun scripts/ci-ran.ts <vitest JSON report> <test path…>");
    process.exit(2);
  }
  const problems = notRun(process.cwd(), reportFile, paths);
  for (const problem of problems) console.error(`ci: ${problem}`);
  if (problems.length === 0) console.log(`ci: every test file under ${paths.join(", ")} ran`);
  process.exit(problems.length === 0 ? 0 : 1);
}
