// The doctor's checks of what the repository hands the agent: the instruction files and the MCP
// servers a run would read (from origin's default branch, as the run does: src/run/instructions.ts,
// src/mcp/declared.ts), and the tools.env variables, each of which the gitclaw step must set for
// tool commands to get it.
import { isMap, type Document, type YAMLMap } from "yaml";
import type { Config } from "../config/config.ts";
import { DEFAULT_INSTRUCTION_FILES, readInstructions } from "../run/instructions.ts";
import type { GitReader } from "../git/reader.ts";
import { instructionWarnings } from "../run/repository-instructions.ts";
import { expandSpec, readDeclarations } from "../mcp/declared.ts";
import { refusedHost } from "../mcp/server.ts";
import { egressPolicy } from "../egress/policy.ts";
import { pass, warn, type CheckResult } from "./checks.ts";
import { passedNames, type GitclawStep } from "./workflow.ts";
import { formatBytes } from "../text/format.ts";
import { readSkills, SKILL_FOLDERS } from "../skills/read.ts";
import { HOOKS_FOLDER, readHooks } from "../hooks/read.ts";

export async function instructionsCheck(git: GitReader, config: Config, branch?: string): Promise<CheckResult> {
  if (config.instructions === false) return pass("Instructions", "switched off (instructions: false)");
  const fix = (what: string) =>
    warn(
      "Instructions",
      `${what}, so the instruction files were not read`,
      `git fetch origin ${branch ?? "<default branch>"}`,
    );
  if (!branch) return fix("the default branch is unknown (the API was not reached)");
  const tracked = await git.run(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}^{commit}`]);
  if (tracked.exitCode !== 0) return fix(`origin/${branch} is not fetched here`);
  const loaded = await readInstructions(git, { branch, commit: tracked.stdout.trim() }, config.instructions);
  const files = loaded.files.map(
    (file) => `${file.path} (${formatBytes(file.bytes)}${file.note ? `, ${file.note}` : ""})`,
  );
  const dirs = loaded.nested.length ? [`directories: ${loaded.nested.map((file) => `${file.dir}/`).join(", ")}`] : [];
  const found = [...files, ...dirs].join("; ");
  const warnings = instructionWarnings(loaded);
  if (warnings.length)
    return warn(
      "Instructions",
      `from ${branch}: ${found}; ${warnings.join("; ")}`,
      "shorten the file or name fewer (instructions in .github/gitclaw.json): a run shows 16 KB of each, 32 KB in all",
    );
  if (!found) return pass("Instructions", `none on ${branch} (a run reads ${DEFAULT_INSTRUCTION_FILES.join(", ")})`);
  return pass("Instructions", `from ${branch}: ${found}`);
}

/** The skills a run would list (from origin's default branch, as the run reads them), and each SKILL.md it would leave out, with why. */
export async function skillsCheck(git: GitReader, branch: string | undefined): Promise<CheckResult | undefined> {
  if (!branch) return undefined;
  const tracked = await git.run(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}^{commit}`]);
  if (tracked.exitCode !== 0) return undefined;
  const loaded = await readSkills(git, { branch, commit: tracked.stdout.trim() });
  if (loaded.skills.length === 0 && loaded.leftOut.length === 0) return undefined;
  const found = `from ${branch}: ${loaded.skills.map((skill) => skill.name).join(", ") || "none to list"}`;
  if (loaded.leftOut.length === 0) return pass("Skills", found);
  const problems = loaded.leftOut.map((skipped) => `${skipped.path}: ${skipped.reason}`);
  return warn(
    "Skills",
    `${found}; left out: ${problems.join("; ")}`,
    `give each SKILL.md under ${SKILL_FOLDERS.join("/, ")}/ a front matter between --- lines with name: (its folder's name) and description:`,
  );
}

/** The hooks a run would run (from origin's default branch, as the run reads them), and what it would leave out, with why. */
export async function hooksCheck(git: GitReader, branch: string | undefined): Promise<CheckResult | undefined> {
  if (!branch) return undefined;
  const tracked = await git.run(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}^{commit}`]);
  if (tracked.exitCode !== 0) return undefined;
  const loaded = await readHooks(git, { branch, commit: tracked.stdout.trim() });
  if (loaded.hooks.length === 0 && loaded.leftOut.length === 0) return undefined;
  const hooks = loaded.hooks.map((hook) => `${hook.event} (${hook.source})`);
  const found = `from ${branch}: ${hooks.join(", ") || "none to run"}`;
  if (loaded.leftOut.length === 0) return pass("Hooks", found);
  const problems = loaded.leftOut.map((skipped) => `${skipped.path}: ${skipped.reason}`);
  return warn(
    "Hooks",
    `${found}; left out: ${problems.join("; ")}`,
    `write each hook in ${HOOKS_FOLDER}/*.json as Copilot's format has it: {"version": 1, "hooks": {"preToolUse": [{"type": "command", "bash": "…"}]}} (docs/hooks.md)`,
  );
}

/** tools.env's names that neither this environment nor the workflow (step, job or top-level env:) sets. */
export function toolEnvCheck(
  config: Config,
  env: Record<string, string | undefined>,
  workflow: { doc?: Document; step?: GitclawStep },
): CheckResult | undefined {
  const names = config.tools.env;
  if (names.length === 0) return undefined;
  const inWorkflow = new Set(
    [workflow.step?.step, workflow.step?.job, workflow.doc?.contents].flatMap((node) =>
      isMap(node) ? passedNames(node as YAMLMap, "env") : [],
    ),
  );
  const absent = names.filter((name) => !env[name]?.trim() && !inWorkflow.has(name));
  if (absent.length === 0) return pass("Tool environment", `${names.join(", ")} reach tool commands, redacted`);
  return warn(
    "Tool environment",
    `tools.env lists ${absent.join(", ")}, which neither this environment nor the workflow sets`,
    `pass ${absent.length === 1 ? "it" : "them"} on the gitclaw step: env: ${absent.map((name) => `${name}: \${{ secrets.${name} }}`).join(", ")}`,
  );
}

/** The MCP servers a run would start, and why one would not; nothing when none is declared. */
export async function mcpCheck(
  git: GitReader,
  config: Config,
  branch: string | undefined,
  /** The checkout, whose manifests give the network policy's default presets. */
  cwd: string,
): Promise<CheckResult | undefined> {
  // A run reads the default branch's .mcp.json; unknown or not fetched here, this checkout's HEAD stands in.
  const tracked = branch
    ? await git.run(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}^{commit}`])
    : undefined;
  const fromBranch = tracked?.exitCode === 0;
  const head = fromBranch ? undefined : await git.run(["rev-parse", "--verify", "--quiet", "HEAD^{commit}"]);
  if (!fromBranch && head?.exitCode !== 0) return undefined;
  const declared = await readDeclarations(git, (fromBranch ? tracked : head)!.stdout.trim(), config.mcp);
  if (declared.servers.length === 0 && declared.refused.length === 0) return undefined;
  // Only the names matter here: whether tools.env lists each ${NAME}; the run checks the values.
  const listed = Object.fromEntries(config.tools.env.map((name) => [name, "set"]));
  const problems = declared.refused.map((server) => `${server.name}: ${server.reason.replaceAll("\n", "; ")}`);
  for (const server of declared.servers) {
    try {
      const spec = expandSpec(server.spec, listed);
      const host = spec.type === "http" ? refusedHost(spec.url, egressPolicy(config.network, cwd)) : undefined;
      if (host) problems.push(`${server.name}: ${host}`);
    } catch (error) {
      problems.push(`${server.name}: ${(error as Error).message}`);
    }
  }
  const servers = declared.servers.map((server) => `${server.name} (${server.spec.type ?? "stdio"}, ${server.from})`);
  const where = fromBranch ? branch : "HEAD (the default branch is not fetched here)";
  const found = `from ${where}: ${servers.join(", ") || "none to start"}`;
  if (problems.length === 0) return pass("MCP servers", found);
  return warn(
    "MCP servers",
    `${found}; not started: ${problems.join("; ")}`,
    "see MCP servers in gitclaw's docs/configuration-guide.md",
  );
}
