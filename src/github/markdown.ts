// The reply's Markdown in one place: GitHub's alert callouts, the collapsed patch, counted nouns,
// byte sizes and the comment-size limit, so every note renders the same way and one limit holds.
import { fence } from "../quote.ts";

/** GitHub rejects a comment (or review) body over this many characters. */
export const COMMENT_LIMIT = 65_536;

/** A patch longer than this is not shown inline: the reply must stay readable and well within the limit. */
export const SHOWN_PATCH_CHARS = 40_000;

export type CalloutKind = "NOTE" | "TIP" | "IMPORTANT" | "WARNING" | "CAUTION";

/** GitHub's alert block (`> [!WARNING]`): every line of `text` quoted under the head. */
export function callout(kind: CalloutKind, text: string): string {
  const lines = text.split("\n").map((line) => (line ? `> ${line}` : ">"));
  return [`> [!${kind}]`, ...lines].join("\n");
}

/** The patch collapsed under `summary`, or `tooLong` when it is longer than the one shown limit. */
export function patchBlock(patch: string, summary: string, tooLong: string): string {
  if (patch.length > SHOWN_PATCH_CHARS) return tooLong;
  return `<details><summary>${summary}</summary>\n\n${fence(patch.replace(/\n$/, ""), "diff")}\n\n</details>`;
}

/** "file", "files": the noun for a count. */
export const noun = (count: number, word: string): string => `${word}${count === 1 ? "" : "s"}`;

/** "1 file", "2 files". */
export const plural = (count: number, word: string): string => `${count} ${noun(count, word)}`;

/** "512 B", "4.3 KB", "1.2 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
