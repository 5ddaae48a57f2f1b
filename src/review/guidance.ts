// What the repository asks of a review: `.github/gitclaw-review.md`, else the `## Review` section of
// `AGENTS.md`, read from the default branch's commit (git objects, never a working tree), so a pull
// request cannot change how it is itself reviewed. Bounded like the instruction files.
import { cutAt } from "../text/cut.ts";
import { INSTRUCTION_LIMITS } from "../run/instructions.ts";
import type { GitReader } from "../git/reader.ts";

export const REVIEW_GUIDANCE_FILE = ".github/gitclaw-review.md";

export interface ReviewGuidance {
  /** Where it came from: the file, or `AGENTS.md § Review`. */
  source: string;
  text: string;
}

export async function readReviewGuidance(git: GitReader, commit: string): Promise<ReviewGuidance | undefined> {
  const own = await blobAt(git, commit, REVIEW_GUIDANCE_FILE);
  if (own?.trim()) return { source: REVIEW_GUIDANCE_FILE, text: cutAt(own.trim(), INSTRUCTION_LIMITS.perFile) };
  const agents = await blobAt(git, commit, "AGENTS.md");
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

/** A regular file's text at `commit`, when it exists and is not over the read limit. */
async function blobAt(git: GitReader, commit: string, path: string): Promise<string | undefined> {
  const size = await git.run(["cat-file", "-s", `${commit}:${path}`]);
  if (size.exitCode !== 0 || Number(size.stdout.trim()) > INSTRUCTION_LIMITS.read) return undefined;
  const type = await git.run(["cat-file", "-t", `${commit}:${path}`]);
  if (type.stdout.trim() !== "blob") return undefined;
  const read = await git.run(["cat-file", "blob", `${commit}:${path}`]);
  return read.exitCode === 0 ? read.stdout : undefined;
}
