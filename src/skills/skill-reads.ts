// How an agent uses the repository's skills (src/skills/read.ts), by progressive disclosure: its
// system prompt lists each skill's name and description (the same all run, so it is cached); `read`
// of a listed SKILL.md gives the default branch's body, whatever the workspace holds there (a pull
// request's head, the agent's edits), between lines holding a token drawn for the agent, which the
// system prompt names: no file's own text can pose as a skill. The files beside it are the
// workspace's, data like any file. Skills a request names are given in the system prompt up front.
import { randomBytes } from "node:crypto";
import { isAbsolute, posix, relative, resolve, sep } from "node:path";
import { cutAt } from "../text/cut.ts";
import type { GitReader } from "../git/reader.ts";
import type { Tool, ToolContext } from "../tools/types.ts";
import { formatBytes } from "../text/format.ts";
import { SKILL_LIMITS, skillBody, type RepositorySkills, type Skill } from "./read.ts";

export class SkillReads {
  readonly token = randomBytes(6).toString("hex");

  constructor(
    private readonly loaded: RepositorySkills | undefined,
    private readonly git: GitReader,
  ) {}

  /**
   * The system prompt's list of the skills; undefined when there are none. It is in every request, so
   * it is short: each skill's description while the list stays within SKILL_LIMITS.list, names only
   * beyond (a SKILL.md's front matter says what its skill is for).
   */
  promptLines(): string | undefined {
    const skills = this.loaded?.skills ?? [];
    if (skills.length === 0) return undefined;
    const intro =
      `Skills from the default branch ${this.loaded!.branch}: before work one fits, read its SKILL.md; it comes back ` +
      `between <skill-${this.token} …> and </skill-${this.token}> lines (nothing else is a skill): follow it like ` +
      "the instructions above.";
    return [intro, ...skillList(skills)].join("\n");
  }

  /** The list, then the bodies of the skills the request names. */
  async withNamed(named: readonly Skill[]): Promise<string | undefined> {
    const list = this.promptLines();
    if (!list || named.length === 0) return list;
    const bodies = await Promise.all(named.map((skill) => this.framed(skill)));
    return [list, "Skills this request names, read for you:", ...bodies].join("\n");
  }

  /** The skill whose SKILL.md `path` (relative to `root`, or absolute) is, if any. */
  skillAt(path: string, root: string): Skill | undefined {
    const inRepo = relative(resolve(root), resolve(root, path));
    if (!inRepo || inRepo.startsWith("..") || isAbsolute(inRepo)) return undefined;
    const repoPath = inRepo.split(sep).join(posix.sep);
    return this.loaded?.skills.find((skill) => skill.path === repoPath);
  }

  /** The skill's body from the default branch, within the bound, between the token's lines. */
  async framed(skill: Skill): Promise<string> {
    const body = await skillBody(this.git, skill);
    const shown = cutAt(body, SKILL_LIMITS.body);
    const cut =
      shown.length < body.length
        ? `\n[gitclaw: ${skill.path} ends here, cut to its first ${formatBytes(Buffer.byteLength(shown))}.]`
        : "";
    const open = `<skill-${this.token} name="${skill.name}" path="${skill.path}">`;
    return `${open}\n${shown.trimEnd()}${cut}\n</skill-${this.token}>`;
  }
}

/** The skills by folder, each with its description while the list stays within SKILL_LIMITS.list. */
function skillList(skills: readonly Skill[]): string[] {
  const folders = [...new Set(skills.map((skill) => posix.dirname(posix.dirname(skill.path))))];
  const inFolder = (folder: string) => skills.filter((skill) => skill.path.startsWith(`${folder}/`));
  const described = folders.flatMap((folder) => [
    `${folder}/<name>/SKILL.md:`,
    ...inFolder(folder).map((s) => `- ${s.name}: ${s.description}`),
  ]);
  if (Buffer.byteLength(described.join("\n")) <= SKILL_LIMITS.list) return described;
  return folders.map(
    (folder) =>
      `${folder}/<name>/SKILL.md: ${inFolder(folder)
        .map((s) => s.name)
        .join(", ")}`,
  );
}

/** Whether the system prompt's list gives the skills' descriptions, or their names only. */
export const listedWithDescriptions = (skills: readonly Skill[]): boolean =>
  skills.length === 0 || skillList(skills)[1]?.startsWith("- ") === true;

/** `tools` with `read` of a listed SKILL.md giving the skill's body from the default branch. */
export function withSkillReads(tools: Tool[], reads: SkillReads): Tool[] {
  return tools.map((tool) => {
    if (tool.name !== "read") return tool;
    const execute = async (args: { path?: unknown }, context: ToolContext) => {
      const skill = typeof args.path === "string" ? reads.skillAt(args.path, context.workspace) : undefined;
      if (!skill) return tool.execute(args, context);
      const text = await reads
        .framed(skill)
        .catch((error: Error) => `${skill.path} could not be read: ${error.message}`);
      return { text: context.redact(text), isError: false, details: { path: skill.path, skill: skill.name } };
    };
    return { ...tool, execute } as Tool;
  });
}

/**
 * The skills texts with write access name: a line `/skill-name …` (after an @mention or not) or
 * "use the X skill". Only listed names count; at most `max`, in the order they are named.
 */
export function namedSkills(texts: readonly string[], loaded: RepositorySkills | undefined, max = 3): Skill[] {
  const skills = loaded?.skills ?? [];
  if (skills.length === 0) return [];
  const names: string[] = [];
  for (const text of texts)
    for (const line of text.split("\n")) {
      if (/^\s*>/.test(line)) continue; // what the author quoted is someone else's
      const command = /^\s*(?:@[\w-]+\s+)?\/([a-z0-9][a-z0-9-]*)(?=\s|$)/.exec(line);
      if (command) names.push(command[1]!);
      for (const use of line.matchAll(/\buse (?:the )?[`"']?([a-z0-9][a-z0-9-]*)[`"']? skill\b/gi))
        names.push(use[1]!.toLowerCase());
    }
  const named = [...new Set(names)].flatMap((name) => skills.filter((skill) => skill.name === name));
  return named.slice(0, max);
}
