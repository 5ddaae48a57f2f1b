// The validation commands a repository names in prose: the `## Validation` section of its AGENTS.md,
// whose fenced code blocks hold one command a line and whose list items may each be one code span
// (`- \`bun test\``). Nothing else of the section is a command: a sentence is never guessed into one.

const SECTION = /^##\s+validation\s*#*\s*$/i;
const NEXT_SECTION = /^#{1,2}\s/;
const FENCE = /^\s*(```|~~~)/;
const LIST_ITEM_COMMAND = /^\s*(?:[-*+]|\d+[.)])\s+`([^`]+)`\s*$/;

/** The commands of the first `## Validation` section, in order; none without one. */
export function validationSection(markdown: string): string[] {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => SECTION.test(line));
  if (start < 0) return [];
  const commands: string[] = [];
  let fence: string | undefined;
  for (const line of lines.slice(start + 1)) {
    const opens = FENCE.exec(line);
    if (fence) {
      if (opens?.[1] === fence) fence = undefined;
      else if (line.trim() && !line.trim().startsWith("#")) commands.push(line.trim());
      continue;
    }
    if (NEXT_SECTION.test(line)) break;
    if (opens) fence = opens[1];
    else {
      const item = LIST_ITEM_COMMAND.exec(line);
      if (item) commands.push(item[1]!.trim());
    }
  }
  return commands.filter(Boolean);
}
