// The project's test command: vitest on Bun (threads pool), then one plain `N passed, N failed` line
// that CI reads. Extra arguments go to vitest (e.g. a file filter). Set GITCLAW_SKIP_STRESS=1 to skip
// the heavy stress tests locally; CI always runs them.
//
// The end-to-end tests run the action as users get it, from dist/. Outside CI, dist/ is rebuilt
// first so they test the sources as they are (commit the result); in CI it is left alone, and
// test/unit/dist.test.ts fails when the committed dist/ is stale.
import { mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "./build.ts";

const report = join(import.meta.dir, "..", ".tmp", "vitest-report.json");
mkdirSync(join(report, ".."), { recursive: true });
rmSync(report, { force: true });

if (process.env.CI !== "true") await build(join(import.meta.dir, "..", "dist"));

const child = Bun.spawn(
  [
    "bun",
    "x",
    "--bun",
    "vitest",
    "run",
    "--reporter=default",
    "--reporter=json",
    `--outputFile.json=${report}`,
    ...Bun.argv.slice(2),
  ],
  { stdio: ["inherit", "inherit", "inherit"] },
);
const exitCode = await child.exited;

let passed = 0;
let failed = 0;
let skipped = 0;
try {
  const result = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: { status: string; assertionResults: { status: string }[] }[];
  };
  passed = result.numPassedTests;
  // A file that fails to load has no failed tests of its own: count it, or a broken file would pass.
  // (vitest's numFailedTestSuites also counts every describe block around a failed test.)
  const brokenFiles = result.testResults.filter(
    (file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"),
  ).length;
  failed = result.numFailedTests + brokenFiles;
  skipped = result.numPendingTests + result.numTodoTests;
} catch {
  console.error(`test: vitest wrote no report at ${report} (exit code ${exitCode})`);
  failed = Math.max(1, failed);
}
console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
process.exit(exitCode !== 0 || failed > 0 ? 1 : 0);
