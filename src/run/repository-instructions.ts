// The run's phase for the repository's instruction files (src/run/instructions.ts): the default
// branch's commit as the workflow's checkout fetched it (refs/remotes/origin/<branch>; fetched when
// absent), read before any tool runs, then what the system prompt says of them and the job summary's
// table. A run goes on without them, saying why, when they cannot be read.
import * as workflow from "../actions/log.ts";
import { assertBranchName } from "../git/git.ts";
import { getDefaultBranch } from "../github/operations.ts";
import { readInstructions, type RepositoryInstructions } from "./instructions.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";
import { callout, tableCell } from "../github/markdown.ts";
import { formatBytes } from "../text/format.ts";

export async function loadInstructions(
  run: TargetedRun,
  workspace: Workspace,
): Promise<RepositoryInstructions | undefined> {
  if (run.config.instructions === false) return undefined;
  try {
    const { branch, commit } = await defaultBranchAt(run, workspace);
    const loaded = await readInstructions(workspace.git, { branch, commit }, run.config.instructions);
    for (const warning of instructionWarnings(loaded)) workflow.warning(`gitclaw: ${warning}`);
    const listed = loaded.files.map((file) => `${file.path} (${formatBytes(file.bytes)})`);
    if (listed.length) run.log(`gitclaw: instruction files of ${branch}: ${listed.join(", ")}`);
    return loaded;
  } catch (error) {
    workflow.warning(`gitclaw: the instruction files could not be read: ${run.redact((error as Error).message)}`);
    return undefined;
  }
}

/**
 * The default branch and its commit, whose git objects hold what the repository's maintainers said (as
 * the workflow's checkout fetched it, else fetched now). Instructions, skills, MCP servers and prompt
 * runs all read it: found once per workspace (a fetch leaves no tracking ref to find it by again).
 */
export function defaultBranchAt(
  run: DefaultBranchRun,
  workspace: Workspace,
): Promise<{ branch: string; commit: string }> {
  const known = defaultBranches.get(workspace);
  if (known) return known;
  const found = findDefaultBranch(run, workspace);
  defaultBranches.set(workspace, found);
  // A failure is not kept: the next reader tries again, as each did before.
  found.catch(() => defaultBranches.delete(workspace));
  return found;
}

/** What finding the default branch needs of a run: the event's word for it, else the API (a task job's too). */
export type DefaultBranchRun = Pick<TargetedRun, "api" | "repo"> & {
  trigger: Pick<TargetedRun["trigger"], "defaultBranch">;
};

const defaultBranches = new WeakMap<Workspace, Promise<{ branch: string; commit: string }>>();

async function findDefaultBranch(
  run: DefaultBranchRun,
  workspace: Workspace,
): Promise<{ branch: string; commit: string }> {
  const named = run.trigger.defaultBranch || (await getDefaultBranch(run.api, run.repo));
  const branch = await assertBranchName(workspace.git, named, "the repository's default branch");
  return { branch, commit: await defaultBranchCommit(workspace, branch) };
}

/** The default branch's commit: the checkout's remote-tracking ref, else fetched (objects only). */
export async function defaultBranchCommit(workspace: Workspace, branch: string): Promise<string> {
  const { git, remote } = workspace;
  const tracked = await git.run(["rev-parse", "--verify", "--quiet", `refs/remotes/origin/${branch}^{commit}`]);
  if (tracked.exitCode === 0) return tracked.stdout.trim();
  const shallow = (await git.must(["rev-parse", "--is-shallow-repository"])) === "true";
  const depth = shallow ? ["--depth=1"] : [];
  await git.must(["fetch", "-q", "--no-tags", ...depth, remote, `refs/heads/${branch}`], { remote: true });
  return git.must(["rev-parse", "FETCH_HEAD^{commit}"]);
}

/** What a person should know: files cut or left out, configured files the branch does not have. */
export function instructionWarnings(loaded: RepositoryInstructions): string[] {
  return [
    ...loaded.files
      .filter((file) => file.cut || file.note?.startsWith("left out") || file.note?.startsWith("too large"))
      .map((file) => `the instruction file ${file.path} is ${file.note!.replace(/^left out:/, "left out, as")}`),
    ...loaded.missing.map(
      (path) => `the instruction file ${path} (instructions in .github/gitclaw.json) is not on ${loaded.branch}`,
    ),
  ];
}

/** The system prompt's part for the files: the same from run to run while the default branch is. */
export function instructionsSection(loaded: RepositoryInstructions | undefined): string | undefined {
  if (!loaded || loaded.files.length === 0) return undefined;
  const parts = loaded.files.map((file) => {
    const heading = `## ${file.path}`;
    if (!file.text) return `${heading}\n(Not repeated here: ${file.note}.)`;
    const cut = file.cut ? [`[gitclaw: ${file.path} ends here, ${file.note}.]`] : [];
    return [heading, file.text.trimEnd(), ...cut].join("\n");
  });
  const intro = `The repository's instructions, from its default branch ${loaded.branch}, by its maintainers: follow them where the above does not conflict.`;
  return [intro, ...parts].join("\n\n");
}

/** The job summary's table of the instruction files, with a warning when one was cut or left out. */
export function instructionsSummary(loaded: RepositoryInstructions | undefined): string {
  if (!loaded || (loaded.files.length === 0 && loaded.nested.length === 0 && loaded.missing.length === 0)) return "";
  const rows = [
    ...loaded.files.map(
      (file) => `| \`${tableCell(file.path)}\` | ${formatBytes(file.bytes)} | ${tableCell(file.note ?? "whole")} |`,
    ),
    ...loaded.nested.map(
      (file) =>
        `| \`${tableCell(file.path)}\` | ${formatBytes(file.bytes)} | with the first file opened under \`${tableCell(file.dir)}/\` |`,
    ),
    ...loaded.missing.map((path) => `| \`${tableCell(path)}\` | — | not on ${loaded.branch} |`),
  ];
  const warnings = instructionWarnings(loaded);
  return [
    "",
    `### Instruction files (${loaded.branch} at ${loaded.commit.slice(0, 12)})`,
    "",
    "| file | size | in the prompt |",
    "|---|---|---|",
    ...rows,
    ...(warnings.length ? ["", callout("WARNING", warnings.map((warning) => `${warning}.`).join("\n"))] : []),
    "",
  ].join("\n");
}
