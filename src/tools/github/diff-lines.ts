// Which lines of a pull request's diff can take a review comment, read from the files endpoint's
// patches the way GitHub reads them: every line a hunk shows, counted in the base's version of the
// file (LEFT: removed and context lines) or the head's (RIGHT: added and context lines).
import type { DiffSide } from "../../github/pulls.ts";

/** One file's commentable lines per side, each mapped to the hunk (0, 1, …) it is in. */
export type CommentableLines = Record<DiffSide, Map<number, number>>;

const HUNK_HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function commentableLines(patch: string): CommentableLines {
  const lines: CommentableLines = { LEFT: new Map(), RIGHT: new Map() };
  let left = 0;
  let right = 0;
  let hunk = -1;
  for (const text of patch.split("\n")) {
    const header = HUNK_HEADER.exec(text);
    if (header) {
      left = Number(header[1]);
      right = Number(header[2]);
      hunk++;
    } else if (hunk < 0) continue;
    else if (text.startsWith("+")) lines.RIGHT.set(right++, hunk);
    else if (text.startsWith("-")) lines.LEFT.set(left++, hunk);
    else if (text.startsWith(" ")) {
      lines.LEFT.set(left++, hunk);
      lines.RIGHT.set(right++, hunk);
    }
  }
  return lines;
}

/** Line numbers as ranges, "1-8, 20-31", or "none". */
export function lineRanges(lines: Iterable<number>): string {
  const sorted = [...lines].sort((a, b) => a - b);
  const ranges: string[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const start = sorted[i]!;
    while (sorted[i + 1] === sorted[i]! + 1) i++;
    ranges.push(start === sorted[i] ? `${start}` : `${start}-${sorted[i]}`);
  }
  return ranges.join(", ") || "none";
}

/** What a comment on `path` can take, for a refusal: "RIGHT 1-8, 20-31; LEFT 3-5". */
export function describeCommentable(lines: CommentableLines): string {
  return (["RIGHT", "LEFT"] as const)
    .filter((side) => lines[side].size > 0)
    .map((side) => `${side} ${lineRanges(lines[side].keys())}`)
    .join("; ");
}
