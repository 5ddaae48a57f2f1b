// The reply's Markdown in one place: GitHub's alert callouts, the collapsed patch and the comment-size
// limit, so every note renders the same way and one limit holds (counted nouns and sizes: src/text/format.ts).
import { fence } from "../text/quote.ts";

/** GitHub rejects a comment (or review) body over this many characters. */
export const COMMENT_LIMIT = 65_536;

/** A patch longer than this is not shown inline: the reply must stay readable and well within the limit. */
export const SHOWN_PATCH_CHARS = 40_000;

export type CalloutKind = "NOTE" | "TIP" | "IMPORTANT" | "WARNING" | "CAUTION";

/** Text as one cell of a Markdown table: its pipes escaped, its lines joined. */
export const tableCell = (text: string): string => text.replace(/\|/g, "\\|").replace(/\n/g, " ");

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

/** Text from outside gitclaw (a host name a tool made up) on one line of at most `max` characters. */
export function oneLine(text: string, max: number): string {
  const line = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Keeps every @ from mentioning anyone: a zero-width space after it. */
const unmentioned = (text: string) => text.replace(/@/g, "@\u200b");

/** Outside text inside an HTML block (a summary line): one short line, HTML escaped, no mention. */
export const inertText = (text: string, max = 80): string =>
  unmentioned(oneLine(text, max).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;"));

/** Outside text as a code span: one short line, no backtick to end it early, no mention. */
export const codeSpan = (text: string, max = 400): string =>
  `\`${unmentioned(oneLine(text, max).replace(/`/g, "'"))}\``;
