// What the repository asks of a review: `.github/gitclaw-review.md`, else the `## Review` section of
// `AGENTS.md`, read from the default branch's commit (git objects, never a working tree), so a pull
// request cannot change how it is itself reviewed. Bounded like the instruction files.
import { cutAt } from "../text/cut.ts";
import { INSTRUCTION_LIMITS } from "../run/instructions.ts";
import { fileAt, type GitReader } from "../git/reader.ts";

export const REVIEW_GUIDANCE_FILE = ".github/gitclaw-review.md";

export interface ReviewGuidance {
  /** Where it came from: the file, or `AGENTS.md § Review`. */
  source: string;
  text: string;
}

export async function readReviewGuidance(git: GitReader, commit: string): Promise<ReviewGuidance | undefined> {
  const own = await fileAt(git, commit, REVIEW_GUIDANCE_FILE, INSTRUCTION_LIMITS.read);
  if (own?.trim()) return { source: REVIEW_GUIDANCE_FILE, text: cutAt(own.trim(), INSTRUCTION_LIMITS.perFile) };
  const agents = await fileAt(git, commit, "AGENTS.md", INSTRUCTION_LIMITS.read);
  const section = agents === undefined ? undefined : reviewSection(agents);
  return section ? { source: "AGENTS.md § Review", text: cutAt(section, INSTRUCTION_LIMITS.perFile) } : undefined;
}

/** The text under a `## Review` heading, up to the next heading of its level or above. */
export function reviewSection(markdown: string): string | undefined {
  const lines = markdown.split(/\r?\n/);
  const start = lines.findIndex((line) => /^##\s+Review\s*#*\s*$/i.test(line));
  if (start < 0) return undefined;
  const end = lines.findIndex((line, i) => i > start && /^#{1,2}\s/.test(line));
  const section = lines
    .slice(start + 1, end < 0 ? undefined : end)
    .join("\n")
    .trim();
  return section || undefined;
}
