// The run's phase for the repository's skills (src/skills/read.ts): read from the default branch's
// commit before any tool runs, logged, and the job summary's table with what was left out. A run
// goes on without them, saying why, when they cannot be read.
import * as workflow from "../actions/log.ts";
import { callout, tableCell } from "../github/markdown.ts";
import { formatBytes } from "../text/format.ts";
import { readSkills, SKILL_LIMITS, type RepositorySkills, type Skill } from "../skills/read.ts";
import { listedWithDescriptions } from "../skills/skill-reads.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";

export async function loadSkills(run: TargetedRun, workspace: Workspace): Promise<RepositorySkills | undefined> {
  try {
    const loaded = await readSkills(workspace.git, await defaultBranchAt(run, workspace));
    for (const skipped of loaded.leftOut)
      workflow.warning(`gitclaw: the skill ${skipped.path} is left out: ${skipped.reason}`);
    if (loaded.skills.length)
      run.log(`gitclaw: skills of ${loaded.branch}: ${loaded.skills.map((skill) => skill.name).join(", ")}`);
    return loaded;
  } catch (error) {
    workflow.warning(`gitclaw: the skills could not be read: ${run.redact((error as Error).message)}`);
    return undefined;
  }
}

/** The job summary's table of the skills: listed, read up front, or left out with why. */
export function skillsSummary(loaded: RepositorySkills | undefined, preloaded: readonly Skill[] = []): string {
  if (!loaded || (loaded.skills.length === 0 && loaded.leftOut.length === 0)) return "";
  const listed = listedWithDescriptions(loaded.skills) ? "listed" : "listed by name";
  const rows = [
    ...loaded.skills.map(
      (skill) =>
        `| ${skill.name} | \`${tableCell(skill.path)}\` | ${formatBytes(skill.bytes)} | ${listed}${preloaded.includes(skill) ? ", read up front (named)" : ""} |`,
    ),
    ...loaded.leftOut.map(
      (skipped) => `| — | \`${tableCell(skipped.path)}\` | — | left out: ${tableCell(skipped.reason)} |`,
    ),
  ];
  const warning = loaded.leftOut.length
    ? ["", callout("WARNING", `${loaded.leftOut.length} SKILL.md left out of this run: see the table.`)]
    : [];
  const namesOnly =
    listed === "listed by name"
      ? [
          "",
          `The descriptions together pass ${formatBytes(SKILL_LIMITS.list)}, so the prompt lists the skills by name; ` +
            "the model reads a SKILL.md to learn what its skill is for.",
        ]
      : [];
  return [
    "",
    `### Skills (${loaded.branch} at ${loaded.commit.slice(0, 12)})`,
    "",
    "| skill | file | size | in this run |",
    "|---|---|---|---|",
    ...rows,
    ...namesOnly,
    ...warning,
    "",
  ].join("\n");
}
