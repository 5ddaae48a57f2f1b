// Where a text quotes and where it shows code, as GitHub renders it (micromark: CommonMark + GFM,
// read by markdownEvents, which the sanitiser reads with too): a block quote with every line GitHub
// shows in it, lazy continuation lines too, and fenced, indented and inline code. Two uses:
// - a mention counts only outside both (src/gate/triggers.ts): a quote reply carries the handle of
//   the comment it quotes, and code shows a handle rather than calls it;
// - in a part with write access, what its author quoted (someone else's text, as a quote reply
//   makes it) is marked as not theirs (src/run/prompt.ts).
// Loaded only when needed: a text naming the handle, a prompt being built.
import { parse, postprocess, preprocess } from "micromark";
import { gfm } from "micromark-extension-gfm";
import type { Event } from "micromark-util-types";

type Range = [start: number, end: number];

const CODE = new Set(["codeFenced", "codeIndented", "codeText"]);

/** A Markdown text read as GitHub reads it: micromark's events, with offsets into the text. */
export function markdownEvents(text: string): Event[] {
  return postprocess(
    parse({ extensions: [gfm()] })
      .document()
      .write(preprocess()(text, undefined, true)),
  ) as Event[];
}

/** The block quotes and the code of a Markdown text, as source ranges. */
function scan(text: string): { quotes: Range[]; code: Range[] } {
  const quotes: Range[] = [];
  const code: Range[] = [];
  for (const [kind, token] of markdownEvents(text)) {
    if (kind !== "exit") continue;
    const range: Range = [token.start.offset, token.end.offset];
    if (token.type === "blockQuote") quotes.push(range);
    else if (CODE.has(token.type)) code.push(range);
  }
  return { quotes, code };
}

/** The text a mention counts in: block quotes and code blanked (line breaks kept), the rest as written. */
export function unquotedProse(text: string): string {
  const { quotes, code } = scan(text);
  const blank = new Uint8Array(text.length);
  for (const [start, end] of [...quotes, ...code]) blank.fill(1, start, end);
  let prose = "";
  for (let i = 0; i < text.length; i++) prose += blank[i] && text[i] !== "\n" ? " " : text[i];
  return prose;
}

/** A run of whole lines of a text: the author's own, or what they quoted. */
export interface Segment {
  quoted: boolean;
  text: string;
}

/** The text as its own lines and quoted lines, in order; the line break between two runs belongs to neither. */
export function quoteSegments(text: string): Segment[] {
  const segments: Segment[] = [];
  let at = 0;
  const own = (end: number) => {
    const lines = text.slice(at, end).replace(/^\n/, "").replace(/\n$/, "");
    if (lines) segments.push({ quoted: false, text: lines });
  };
  // Top-level quotes only: a nested one lies inside its parent. Whole lines: a quote in a list item too.
  for (const [start, end] of scan(text).quotes.sort((a, b) => a[0] - b[0])) {
    if (start < at) continue;
    const lineStart = text.lastIndexOf("\n", start - 1) + 1;
    const lineEnd = text.indexOf("\n", end) === -1 ? text.length : text.indexOf("\n", end);
    own(lineStart);
    segments.push({ quoted: true, text: text.slice(lineStart, lineEnd) });
    at = lineEnd;
  }
  own(text.length);
  return segments;
}
