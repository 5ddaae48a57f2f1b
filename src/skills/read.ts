// The repository's Agent Skills (a folder with a SKILL.md: YAML front matter `name` and
// `description`, a Markdown body, files beside it) under .agents/skills/, .github/skills/ and
// .claude/skills/, read from the git objects of the default branch's commit, never from the working
// tree: a pull request's head, a fork, an outsider or the agent's own edits cannot add or change one.
// Bounded in count and size; what is left out is kept with why, for the job summary and the doctor.
import { posix } from "node:path";
import { parse as parseYaml } from "yaml";
import { z } from "zod";
import { formatBytes } from "../text/format.ts";
import { listTree, readBlob, type GitReader } from "../git/reader.ts";
import { describeZodError } from "../zod-errors.ts";

/** Looked in, in this order: a name found in an earlier folder wins. */
export const SKILL_FOLDERS = [".agents/skills", ".github/skills", ".claude/skills"];
/** Skills listed at most, a SKILL.md read at most, and a body shown at most. */
export const SKILL_LIMITS = { count: 32, read: 64 * 1024, body: 16 * 1024 };
const SKILL_FILE = "SKILL.md";

/** The front matter as the Agent Skills specification has it; other fields (clients' own) are allowed. */
const SkillFrontMatter = z.looseObject({
  name: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, "lowercase letters, digits and single hyphens, not at either end"),
  description: z.string().trim().min(1).max(1024),
  compatibility: z.string().max(500).optional(),
});
const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/** A skill of the default branch, ready to list. */
export interface Skill {
  name: string;
  description: string;
  /** Its SKILL.md, repository-relative. */
  path: string;
  oid: string;
  bytes: number;
}

/** A SKILL.md that is not listed, and why. */
export interface LeftOutSkill {
  path: string;
  reason: string;
}

export interface RepositorySkills {
  branch: string;
  commit: string;
  skills: Skill[];
  leftOut: LeftOutSkill[];
}

/** Reads the skills of `commit` (the default branch's). */
export async function readSkills(git: GitReader, where: { branch: string; commit: string }): Promise<RepositorySkills> {
  const tree = await listTree(
    git,
    where.commit,
    SKILL_FOLDERS.map((folder) => `${folder}/`),
  );
  const found: RepositorySkills = { ...where, skills: [], leftOut: [] };
  for (const folder of SKILL_FOLDERS)
    for (const [path, entry] of tree) {
      if (posix.dirname(posix.dirname(path)) !== folder || posix.basename(path) !== SKILL_FILE) continue;
      if (!entry.mode.startsWith("100")) found.leftOut.push({ path, reason: "not a regular file" });
      else if (entry.size > SKILL_LIMITS.read)
        found.leftOut.push({ path, reason: `too large to read (over ${formatBytes(SKILL_LIMITS.read)})` });
      else addSkill(found, path, await readBlob(git, entry.oid), entry);
    }
  return found;
}

/** `text` as a skill of `found`, or left out with why (invalid, a name taken, over the count). */
function addSkill(found: RepositorySkills, path: string, text: string, entry: { oid: string; size: number }): void {
  const parsed = parseSkill(path, text);
  if ("reason" in parsed) return void found.leftOut.push({ path, reason: parsed.reason });
  const taken = found.skills.find((skill) => skill.name === parsed.name);
  if (taken) return void found.leftOut.push({ path, reason: `the name ${parsed.name} is ${taken.path}'s` });
  if (found.skills.length >= SKILL_LIMITS.count)
    return void found.leftOut.push({ path, reason: `more than ${SKILL_LIMITS.count} skills` });
  found.skills.push({ ...parsed, path, oid: entry.oid, bytes: entry.size });
}

/** The front matter of a SKILL.md at `path`, checked, or why it is not a skill. */
export function parseSkill(path: string, text: string): { name: string; description: string } | { reason: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { reason: "no YAML front matter (a --- line, name: and description:, a --- line)" };
  let data: unknown;
  try {
    data = parseYaml(match[1]!);
  } catch (error) {
    data = plainFields(match[1]!);
    if (!data) return { reason: `the front matter is not YAML: ${(error as Error).message.split("\n")[0]}` };
  }
  const checked = SkillFrontMatter.safeParse(data);
  if (!checked.success) return { reason: describeZodError(checked.error, "front matter", data).replace(/\n/g, "; ") };
  const folder = posix.basename(posix.dirname(path));
  if (checked.data.name !== folder) return { reason: `its name ${checked.data.name} is not its folder's (${folder})` };
  return { name: checked.data.name, description: checked.data.description.replace(/\s+/g, " ") };
}

/**
 * Front matter of `key: value` lines only, read as plain text: what clients accept although YAML does
 * not (a description with ": " in it unquoted, as many are written). Undefined for anything else.
 */
function plainFields(text: string): Record<string, string> | undefined {
  const fields: Record<string, string> = {};
  for (const line of text.split(/\r?\n/)) {
    if (!line.trim()) continue;
    const field = /^([A-Za-z][\w-]*):[ \t]*(.*)$/.exec(line);
    if (!field) return undefined;
    fields[field[1]!] = field[2]!.trim();
  }
  return fields;
}

/** The body of a skill's SKILL.md (after the front matter), from its blob. */
export async function skillBody(git: GitReader, skill: Skill): Promise<string> {
  const text = await readBlob(git, skill.oid);
  return text.replace(FRONT_MATTER, "").trim();
}
