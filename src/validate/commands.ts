// Which commands validate a run's change: `validate.commands` of the configuration, else the
// `## Validation` section of AGENTS.md on the default branch's commit (what the maintainers said,
// not what the run may have changed), else none: never guessed.
import type { Git } from "../git/git.ts";
import { validationSection } from "./section.ts";

/** AGENTS.md larger than this is not read for commands. */
const MAX_AGENTS_BYTES = 1024 * 1024;

export interface ValidationCommands {
  commands: string[];
  /** Where they were read: "validate.commands", or "AGENTS.md of <branch>". */
  source: string;
}

export async function validationCommands(
  configured: readonly string[] | undefined,
  git: Pick<Git, "run">,
  defaultBranch: { branch: string; commit: string } | undefined,
): Promise<ValidationCommands | undefined> {
  if (configured) return configured.length ? { commands: [...configured], source: "validate.commands" } : undefined;
  if (!defaultBranch) return undefined;
  const text = await agentsFile(git, defaultBranch.commit);
  const commands = text === undefined ? [] : validationSection(text);
  return commands.length ? { commands, source: `AGENTS.md of ${defaultBranch.branch}` } : undefined;
}

/** The root AGENTS.md of the commit, when it is a file of a readable size. */
async function agentsFile(git: Pick<Git, "run">, commit: string): Promise<string | undefined> {
  const size = await git.run(["cat-file", "-s", `${commit}:AGENTS.md`]);
  if (size.exitCode !== 0 || Number(size.stdout.trim()) > MAX_AGENTS_BYTES) return undefined;
  const read = await git.run(["cat-file", "blob", `${commit}:AGENTS.md`]);
  return read.exitCode === 0 ? read.stdout : undefined;
}
