// What gitclaw's earlier copy installer left in a repository: lifecycle/GITCLAW-*.ts, gitclaw's own
// files in src/, package.json scripts and dependencies, perhaps a bun.lock, and a workflow running
// them. gitclaw now runs from the action, so they are dead weight; each is reported with how to
// remove it, never deleted: src/ and package.json are also the user's, and they decide.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { WORKFLOW_FILE } from "../config/paths.ts";

const OLD_SCRIPTS = ["gitclaw:doctor", "gitclaw:session"];
/** The runtime dependencies the copy installer added to package.json. */
const OLD_DEPENDENCIES = [
  "@ai-sdk/anthropic",
  "@ai-sdk/openai-compatible",
  "@octokit/plugin-retry",
  "@octokit/plugin-throttling",
  "@octokit/rest",
  "ai",
  "decode-named-character-reference",
  "execa",
  "micromark",
  "micromark-extension-gfm",
  "micromark-util-normalize-identifier",
  "parse5",
  "zod",
];
const OLD_STAGES = ["GITCLAW-ENABLED", "GITCLAW-INDICATOR", "GITCLAW-AGENT"].map((stage) => `lifecycle/${stage}.ts`);
const OTHER_LOCKFILES = ["package-lock.json", "yarn.lock", "pnpm-lock.yaml"];

interface PackageJson {
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
}

function readPackageJson(target: string): PackageJson {
  try {
    return JSON.parse(readFileSync(join(target, "package.json"), "utf8")) as PackageJson;
  } catch {
    return {};
  }
}

/**
 * gitclaw's files are exactly those its entry points import, directly or not: a user's own file in
 * src/ is never imported by lifecycle/GITCLAW-*.ts.
 */
function importedFiles(target: string, roots: string[]): string[] {
  const seen = new Set<string>();
  const queue = roots.filter((root) => existsSync(join(target, root)));
  while (queue.length > 0) {
    const path = queue.shift()!;
    if (seen.has(path)) continue;
    seen.add(path);
    const text = readFileSync(join(target, path), "utf8");
    for (const match of text.matchAll(/(?:\bfrom|\bimport)\s*\(?\s*["'](\.{1,2}\/[^"']+)["']/g)) {
      const imported = relative(target, join(target, dirname(path), match[1]!));
      if (!seen.has(imported) && existsSync(join(target, imported))) queue.push(imported);
    }
  }
  return [...seen].filter((path) => path.startsWith("src/")).sort();
}

/** What is left of a copy installation, one item per kind with the command that removes it; [] when none. */
export function oldInstallation(target: string, oldWorkflow: boolean): string[] {
  const stages = OLD_STAGES.filter((path) => existsSync(join(target, path)));
  const pkg = readPackageJson(target);
  const scripts = OLD_SCRIPTS.filter((name) => pkg.scripts?.[name] !== undefined);
  if (stages.length === 0 && scripts.length === 0 && !oldWorkflow) return [];
  const items: string[] = [];
  if (oldWorkflow)
    items.push(
      `${WORKFLOW_FILE} runs gitclaw from lifecycle/ (left as it is). To switch to the action, move your own ` +
        `settings out of it (secrets, env), delete it and run init again: git rm ${WORKFLOW_FILE}`,
    );
  if (stages.length > 0) items.push(`the stages: git rm ${stages.join(" ")}`);
  const entryPoints = scripts.map((name) => /\bbun\s+(\S+\.ts)/.exec(pkg.scripts![name]!)?.[1] ?? "");
  const ownFiles = importedFiles(target, [...OLD_STAGES, ...entryPoints]);
  if (ownFiles.length > 0)
    items.push(`gitclaw's ${ownFiles.length} files in src/ (imported by the stages): git rm ${ownFiles.join(" ")}`);
  if (scripts.length > 0) items.push(`package.json: the scripts ${scripts.join(", ")}`);
  const dependencies = OLD_DEPENDENCIES.filter((name) => pkg.dependencies?.[name] !== undefined);
  if (dependencies.length > 0)
    items.push(`package.json: the dependencies ${dependencies.join(", ")}, unless your own code uses them`);
  const other = OTHER_LOCKFILES.find((name) => existsSync(join(target, name)));
  if (other && existsSync(join(target, "bun.lock")))
    items.push(`bun.lock beside your ${other}, unless you use Bun yourself: git rm bun.lock`);
  return items;
}
