// A task's commits as a patch series: exported with `git format-patch --stdout --binary base..HEAD`
// straight into a file (any size, bounded memory), and read back for the paths it touches, which the
// apply checks against protected paths (an early hint only: what the series changed once applied
// decides, src/tasks/apply.ts) and the parent's own changes before `git am` runs.
import { rmSync } from "node:fs";
import type { Git } from "../git/git.ts";
import type { GitFormatPatch } from "./records.ts";

export type ExportedPatch = Pick<GitFormatPatch, "status" | "baseSha" | "headSha" | "commitCount" | "error">;

/** Exports base..HEAD of `git`'s worktree into `file`: ready, skipped (no commits) or failed (with why). */
export async function exportPatch(git: Git, baseSha: string, file: string): Promise<ExportedPatch> {
  try {
    const headSha = await git.must(["rev-parse", "HEAD"]);
    const commitCount = Number(await git.must(["rev-list", "--count", `${baseSha}..${headSha}`]));
    if (commitCount === 0) return { status: "skipped", baseSha, headSha, commitCount };
    const range = `${baseSha}..${headSha}`;
    const made = await git.run(["format-patch", "--stdout", "--binary", "--no-signature", range], { stdoutFile: file });
    if (made.exitCode !== 0) {
      rmSync(file, { force: true });
      const said = made.stderr.trim() || `exit code ${made.exitCode}`;
      return { status: "failed", baseSha, headSha, error: `git format-patch failed: ${said}` };
    }
    return { status: "ready", baseSha, headSha, commitCount };
  } catch (error) {
    rmSync(file, { force: true });
    return { status: "failed", baseSha, error: (error as Error).message };
  }
}

/** Git's C-style quoting of a path ("a\tb", octal bytes for non-ASCII), undone. */
function unquote(text: string): string {
  if (!text.startsWith('"')) return text;
  const bytes: number[] = [];
  const escapes: Record<string, number> = { a: 7, b: 8, t: 9, n: 10, v: 11, f: 12, r: 13, '"': 34, "\\": 92 };
  for (let i = 1; i < text.length - 1; i++) {
    const char = text[i]!;
    if (char !== "\\") {
      bytes.push(...Buffer.from(char));
      continue;
    }
    const next = text[++i]!;
    if (/[0-7]/.test(next)) {
      bytes.push(Number.parseInt(text.slice(i, i + 3), 8));
      i += 2;
    } else bytes.push(escapes[next] ?? next.charCodeAt(0));
  }
  return Buffer.from(bytes).toString("utf8");
}

/** `a/x b/x` (or quoted): the path of a diff header that names one path, whichever side it is read from. */
function headerPath(rest: string): string | undefined {
  if (rest.startsWith('"')) {
    const end = /^"(?:[^"\\]|\\.)*"/.exec(rest)?.[0];
    return end ? unquote(end).replace(/^a\//, "") : undefined;
  }
  // Both sides name the same path unless the change is a rename or copy, whose own lines say more.
  const half = (rest.length - 1) / 2;
  const [a, b] = [rest.slice(0, half), rest.slice(half + 1)];
  return a.startsWith("a/") && b === `b/${a.slice(2)}` ? a.slice(2) : undefined;
}

/** A path as a header line gives it: quoted, or up to the tab git adds after a name with spaces. */
const linePath = (text: string) => unquote(/^"(?:[^"\\]|\\.)*"/.exec(text)?.[0] ?? text.split("\t")[0]!);

const LINE_PATHS: [RegExp, (match: string) => string | undefined][] = [
  [/^(?:rename|copy) (?:from|to) (.+)$/, linePath],
  [/^(?:---|\+\+\+) (.+)$/, (side) => (side === "/dev/null" ? undefined : linePath(side).replace(/^[ab]\//, ""))],
];

/**
 * Every path the series touches, both sides of renames and copies included, read from its diff
 * headers as `git am` reads them: `diff --git`, `rename/copy from/to` and the `---`/`+++` lines.
 */
export function patchPaths(series: string): string[] {
  const paths = new Set<string>();
  let inHeader = false;
  for (const line of series.split("\n")) {
    if (line.startsWith("diff --git ")) {
      inHeader = true;
      const path = headerPath(line.slice("diff --git ".length));
      if (path) paths.add(path);
      continue;
    }
    if (!inHeader) continue;
    if (line.startsWith("@@") || line.startsWith("GIT binary patch")) {
      inHeader = false;
      continue;
    }
    for (const [pattern, path] of LINE_PATHS) {
      const match = pattern.exec(line)?.[1];
      const found = match === undefined ? undefined : path(match);
      if (found) paths.add(found);
    }
  }
  return [...paths];
}

/** The subjects of the series' commits, in order (format-patch's `[PATCH n/m]` prefix removed). */
export function seriesSubjects(series: string): string[] {
  return [...series.matchAll(/^Subject: (?:\[PATCH[^\]]*\] )?(.*(?:\n[ \t].*)*)$/gm)].map((m) =>
    m[1]!.replace(/\n[ \t]+/g, " ").trim(),
  );
}
