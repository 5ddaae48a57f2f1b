// The YAML front matter of a Markdown file the repository keeps for agents (a skill's SKILL.md, a
// custom agent's .agent.md): a `---` line, YAML, a `---` line, then the body. One reader for both.
import { parse as parseYaml } from "yaml";

const FRONT_MATTER = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n---\r?(?:\n|$)/;

/** The front matter's data and the body after it, or why there is no front matter to read. */
export function readFrontMatter(text: string): { data: unknown; body: string } | { reason: string } {
  const match = FRONT_MATTER.exec(text);
  if (!match) return { reason: "no YAML front matter (a --- line, name: and description:, a --- line)" };
  const body = text.slice(match[0].length).trim();
  try {
    return { data: parseYaml(match[1]!), body };
  } catch (error) {
    const data = plainFields(match[1]!);
    if (!data) return { reason: `the front matter is not YAML: ${(error as Error).message.split("\n")[0]}` };
    return { data, body };
  }
}

/** The body of a file with front matter (all of it when there is none). */
export const bodyAfterFrontMatter = (text: string) => text.replace(FRONT_MATTER, "").trim();

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
