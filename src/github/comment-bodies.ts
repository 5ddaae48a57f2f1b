// Replies as GitHub comments. GitHub rejects bodies over 65,536 characters, so long replies are split
// into several comments, in order, at paragraph or line boundaries — never cut, never lost.
import { COMMENT_LIMIT } from "./markdown.ts";
import { withReplyMarker } from "./marker.ts";

/** Room for the "(part i of n)" line and the hidden marker on every part. */
const OVERHEAD = 200;

/** Splits `text` into pieces of at most `limit` characters whose concatenation is exactly `text`. */
export function splitText(text: string, limit: number): string[] {
  const parts: string[] = [];
  let rest = text;
  while (rest.length > limit) {
    const window = rest.slice(0, limit);
    // Prefer a paragraph break, then a line break, then a space; only a single unbroken run is split hard.
    let cut = window.lastIndexOf("\n\n") + 2;
    if (cut < limit / 2) cut = window.lastIndexOf("\n") + 1;
    if (cut < limit / 2) cut = window.lastIndexOf(" ") + 1;
    if (cut < limit / 2) cut = limit;
    // Never split a surrogate pair.
    const code = rest.charCodeAt(cut - 1);
    if (code >= 0xd800 && code <= 0xdbff) cut--;
    parts.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  parts.push(rest);
  return parts;
}

/** The comment bodies for a reply: each carries the hidden marker so gitclaw never answers itself. */
export function replyBodies(text: string, footer = "", limit = COMMENT_LIMIT): string[] {
  const room = limit - OVERHEAD - footer.length;
  const pieces = splitText(text, room);
  return pieces.map((piece, i) => {
    const last = i === pieces.length - 1;
    const header = pieces.length > 1 ? `*(part ${i + 1} of ${pieces.length})*\n\n` : "";
    return withReplyMarker(`${header}${piece}${last && footer ? `\n\n${footer}` : ""}`);
  });
}
