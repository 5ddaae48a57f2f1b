// The diff a review reads, computed by git in the trusted checkout from the pull request's commits
// fetched as objects: nothing of the head is checked out or run, and no external diff driver or
// textconv filter is asked (they would run commands). A first review reads the whole change (from the
// merge base); a later one only what changed since the head it last reviewed. The request carries it
// bounded: each line with its number in the new version (so the model names lines without counting),
// files past the budget summarised by their counts.
import { fetchCommit } from "../git/branch.ts";
import type { Git } from "../git/git.ts";

export interface DiffFileSummary {
  path: string;
  additions: number;
  deletions: number;
  /** The file's diff is in the request (else only its counts are, and `why`). */
  shown: boolean;
  why?: UnreadFile["why"];
}

/** Why a review did not read a file: past the diff budget, binary, or the review was not made. */
export const UNREAD_REASONS = ["too large", "binary", "not reviewed"] as const;

/** A file of the pull request no review has shown the model. */
export interface UnreadFile {
  path: string;
  why: (typeof UNREAD_REASONS)[number];
}

export interface ReviewDiff {
  /** The commit the diff starts from: the merge base, or the head the last review read. */
  from: string;
  head: string;
  incremental: boolean;
  files: DiffFileSummary[];
  /** The diff as the request shows it. */
  text: string;
}

/** Flags that keep `git diff` from running anything the repository names (drivers, textconv). */
const SAFE_DIFF = ["diff", "--no-ext-diff", "--no-textconv", "--no-color", "--find-renames", "-U3"];

/** Where the pull request's change starts: the merge base with its base branch, else the deepest commit fetched. */
export async function changeBase(git: Git, remote: string, head: string, baseRef: string): Promise<string> {
  await git.run(["fetch", "-q", "--no-tags", "--depth=1", remote, `refs/heads/${baseRef}`], { remote: true });
  const base = await git.run(["merge-base", "FETCH_HEAD", head]);
  if (base.exitCode === 0 && base.stdout.trim()) return base.stdout.trim();
  // The base branch moved on since, past the shallow history: the head's first-parent line ends where it began.
  const line = await git.must(["rev-list", "--first-parent", head]);
  return line.split("\n").at(-1)!;
}

/** The last reviewed head, fetched, when the diff since it can be read; undefined when it is gone (a force push). */
export async function reachableHead(git: Git, remote: string, sha: string): Promise<string | undefined> {
  const fetched = await fetchCommit(git, remote, sha, 1).then(
    () => true,
    () => false,
  );
  return fetched ? sha : undefined;
}

/** The diff between two commits, bounded to `maxChars` of request. */
export async function readDiff(
  git: Git,
  range: { from: string; head: string; incremental: boolean },
  maxChars: number,
): Promise<ReviewDiff> {
  const patch = await git.must([...SAFE_DIFF, range.from, range.head]);
  const files: DiffFileSummary[] = [];
  const shown: string[] = [];
  let left = maxChars;
  // Each file at most a third of the budget: one huge file does not crowd out the rest.
  const perFile = Math.floor(maxChars / 3);
  for (const chunk of splitFiles(patch)) {
    const numbered = numberLines(chunk.text);
    const fits = !chunk.binary && numbered.length <= Math.min(left, perFile);
    if (fits) {
      shown.push(numbered);
      left -= numbered.length;
    }
    const { path, additions, deletions } = chunk;
    files.push({
      path,
      additions,
      deletions,
      shown: fits,
      ...(fits ? {} : { why: chunk.binary ? "binary" : "too large" }),
    });
  }
  const summarised = files.filter((file) => !file.shown);
  const listed = summarised.map((f) => `- ${f.path}: +${f.additions} −${f.deletions} (not shown: ${f.why})`);
  const text = [...shown, ...(listed.length ? [`Files summarised within the budget:\n${listed.join("\n")}`] : [])];
  return { ...range, files, text: text.join("\n") };
}

interface FileChunk {
  path: string;
  text: string;
  additions: number;
  deletions: number;
  binary: boolean;
}

function splitFiles(patch: string): FileChunk[] {
  const chunks = patch.split(/^(?=diff --git )/m).filter((chunk) => chunk.startsWith("diff --git "));
  return chunks.map((text) => {
    const lines = text.split("\n");
    const newPath = lines.find((line) => line.startsWith("+++ "))?.slice(4);
    const header = /^diff --git a\/.+ b\/(.+)$/.exec(lines[0]!)?.[1] ?? lines[0]!;
    const path = newPath && newPath !== "/dev/null" ? newPath.replace(/^b\//, "") : header;
    const body = lines.filter((line) => !/^(\+\+\+|---) /.test(line));
    return {
      path,
      text,
      additions: body.filter((line) => line.startsWith("+")).length,
      deletions: body.filter((line) => line.startsWith("-")).length,
      binary: lines.some((line) => line.startsWith("Binary files ")),
    };
  });
}

/** Each hunk line with its number in the new version (removed lines: none), as the answer must name them. */
function numberLines(text: string): string {
  let right = 0;
  let inHunk = false;
  return text
    .split("\n")
    .map((line) => {
      const header = /^@@ -\d+(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(line);
      if (header) {
        right = Number(header[1]);
        inHunk = true;
        return line;
      }
      if (!inHunk || line === "") return line;
      if (line.startsWith("-")) return `      ${line}`;
      if (line.startsWith("+") || line.startsWith(" ")) return `${String(right++).padStart(5)} ${line}`;
      return line;
    })
    .join("\n");
}
