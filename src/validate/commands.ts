// Which commands validate a run's change: `validate.commands` of the configuration, else the
// `## Validation` section of AGENTS.md on the default branch's commit (what the maintainers said,
// not what the run may have changed), else none: never guessed.
import { fileAt, type GitReader } from "../git/reader.ts";
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
  git: GitReader,
  defaultBranch: { branch: string; commit: string } | undefined,
): Promise<ValidationCommands | undefined> {
  if (configured) return configured.length ? { commands: [...configured], source: "validate.commands" } : undefined;
  if (!defaultBranch) return undefined;
  const text = await fileAt(git, defaultBranch.commit, "AGENTS.md", MAX_AGENTS_BYTES);
  const commands = text === undefined ? [] : validationSection(text);
  return commands.length ? { commands, source: `AGENTS.md of ${defaultBranch.branch}` } : undefined;
}
