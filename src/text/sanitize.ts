// Text written by people (issue titles and bodies, comments) is cleaned before the model reads
// it. The aim is narrow: remove what a person reading the issue on GitHub cannot see but the
// model would, the usual carrier of hidden prompt injection. Visible text is kept byte for byte.
//
// Structure comes from real parsers, never from patterns: micromark (CommonMark + GFM, as GitHub
// renders it) finds the Markdown constructs and the raw HTML in it by their source positions, and
// parse5 (the HTML standard's parser) reads that HTML. What GitHub does not show is collected as
// source ranges and cut out of the original text, so everything else stays exactly as written.
// What GitHub does not show follows its sanitiser (github/markup's allowlist of elements and
// attributes): attribute values are never displayed, so only a link's href and an image's src stay.
//
// Code gets no full exemption: GitHub shows it verbatim, but the model reads it as raw text, where
// an alt attribute reads like one outside code. There (and in text that merely looks like HTML),
// the attributes that exist to hide text go too. Within code nothing is a comment: GitHub shows
// `<!--` there as typed, and a workflow quoting gitclaw's own marker must reach the model whole.
// In text that merely looks like HTML, a closed comment goes; an unclosed `<!--` there is shown by
// GitHub as typed, so it hides nothing. Invisible characters go everywhere (src/text/invisible.ts).
// What was removed is counted, so the model can be told how much and why (removalNote).
//
// The parsers load only when a prompt is built (sanitizeAll, src/run/prompt.ts).
import { decodeNamedCharacterReference } from "decode-named-character-reference";
import { normalizeIdentifier } from "micromark-util-normalize-identifier";
import type { Event, TokenType } from "micromark-util-types";
import { parseFragment, Tokenizer, type DefaultTreeAdapterTypes as Html, type Token } from "parse5";
import { withoutInvisible } from "./invisible.ts";
import { markdownEvents } from "./quoted.ts";

type Range = [start: number, end: number];

/** What a character reference must not decode to: anything invisible or a control. */
const HIDES = /[\p{Default_Ignorable_Code_Point}\p{Cc}\uFFF9-\uFFFB]/u;

// Character references, which Markdown and HTML decode: numeric ones stay when they decode to
// printable ASCII (the model reads `&#60;` fine), named ones unless they decode to an invisible
// character (`&ZeroWidthSpace;`, `&shy;`, `&lrm;`); the `;` of a numeric one is optional, as in HTML.
const NUMERIC_REFERENCE = /&#(?:([0-9]+)|[xX]([0-9a-fA-F]+));?/g;
const NAMED_REFERENCE = /&([A-Za-z][A-Za-z0-9]{1,31});/g;

/** Elements whose content GitHub never shows. */
const CONTENT_HIDDEN = new Set(["script", "style"]);
/** The attributes a reader meets in rendered HTML: where a link goes, which image is shown. */
const SHOWN_ATTRIBUTES: Record<string, string> = { a: "href", img: "src" };
/** Attributes that exist to hide text, removed even where the markup itself is shown. */
const HIDING_ATTRIBUTE = /^(?:alt|title|aria-label|placeholder|data-.*)$/i;

export function sanitizeUserText(text: string): string {
  return cleanUserText(text).text;
}

/** A text as the model gets it, and how many characters of it went for each reason. */
export interface CleanText {
  text: string;
  removed: { invisible: number; comments: number; markup: number };
}

export function cleanUserText(text: string): CleanText {
  const lines = text.replace(/\r\n/g, "\n");
  const source = visibleReferences(lines);
  const { hidden, comments } = hiddenRanges(source);
  const clean = cut(source, [...hidden, ...comments]);
  const withoutComments = cut(source, comments);
  return {
    text: clean,
    removed: {
      invisible: lines.length - source.length,
      comments: source.length - withoutComments.length,
      markup: withoutComments.length - clean.length,
    },
  };
}

/** One line for the model saying how much of a text was removed and why, or nothing when nothing was. */
export function removalNote({ removed }: CleanText): string | undefined {
  const reasons = [
    removed.comments && `HTML comments ${count(removed.comments)}`,
    removed.markup &&
      `markup GitHub does not display (attributes, alt text, unused link definitions, scripts, styles) ${count(removed.markup)}`,
    removed.invisible && `invisible or control characters ${count(removed.invisible)}`,
  ].filter(Boolean);
  if (reasons.length === 0) return undefined;
  const total = removed.comments + removed.markup + removed.invisible;
  return `(gitclaw removed ${count(total)} characters of this text that a reader on GitHub does not see: ${reasons.join("; ")})`;
}

const count = (n: number) => n.toLocaleString("en-US");

/** The text without invisible characters and the references that decode to them. */
function visibleReferences(text: string): string {
  // Invisible characters go first, so that they cannot break up the constructs below.
  return withoutInvisible(text)
    .replace(NUMERIC_REFERENCE, (reference, decimal: string | undefined, hex: string | undefined) => {
      const codePoint = decimal === undefined ? parseInt(hex ?? "", 16) : parseInt(decimal, 10);
      return codePoint >= 0x20 && codePoint <= 0x7e ? reference : "";
    })
    .replace(NAMED_REFERENCE, (reference, name: string) => {
      const decoded = decodeNamedCharacterReference(name);
      return decoded !== false && HIDES.test(decoded) ? "" : reference;
    });
}

/** A link or image being read: its label and how it is resolved. */
interface OpenLink {
  image: boolean;
  label?: Range;
  resolved: "resource" | "full reference" | "label";
}

interface Definition {
  range: Range;
  id: string;
  footnote: boolean;
}

/** What one pass over the Markdown finds: ranges hidden outright, and what the later steps need. */
interface MarkdownScan {
  source: string;
  hidden: Range[];
  html: Range[];
  code: Range[];
  /** The values of ```math blocks and $`…`$ spans. */
  mathCode: Range[];
  definitions: Definition[];
  /** The ids of the definitions a reader sees used. */
  shownLabels: Set<string>;
  /** The links and images open at this point, innermost last. */
  links: OpenLink[];
  definition?: Definition;
  /** Where the destination of a resource or definition ends: a title is cut from there. */
  valueStart: number;
  /** The value of a ```math block or a $`…`$ span, as its chunks arrive. */
  mathValue?: Range;
}

/** The source ranges GitHub does not show, in any order, possibly overlapping: comments apart. */
function hiddenRanges(source: string): { hidden: Range[]; comments: Range[] } {
  const scan = scanMarkdown(source);
  const hidden = [...scan.hidden, ...unusedDefinitions(scan)];
  const rendered = hiddenInRenderedHtml(source, scan.html);
  hidden.push(...rendered.hidden);
  // What is left as text or code, read as HTML: text and each piece of code on its own, so a
  // `<!--` in code cannot open a comment that runs on past it.
  const literal = mask(source, [...scan.html, ...hidden, ...rendered.comments], false);
  const text = hiddenInLiteralMarkup(mask(literal, scan.code, false), true);
  const withMarkup = scan.code.filter(([start, end]) => literal.slice(start, end).includes("<"));
  const code = withMarkup.map((range) => hiddenInLiteralMarkup(mask(literal, [range], true), false));
  hidden.push(...text.hidden, ...code.flatMap((piece) => piece.hidden));
  hidden.push(...hiddenInMath(mask(literal, scan.code, false), scan.mathCode, source));
  return { hidden, comments: [...rendered.comments, ...text.comments] };
}

function scanMarkdown(source: string): MarkdownScan {
  const scan: MarkdownScan = {
    source,
    hidden: [],
    html: [],
    code: [],
    mathCode: [],
    definitions: [],
    shownLabels: new Set(),
    links: [],
    valueStart: -1,
  };
  for (const [kind, token] of markdownEvents(source)) {
    const range: Range = [token.start.offset, token.end.offset];
    readLink(scan, kind, token.type, range);
    readTitle(scan, kind, token.type, range);
    readDefinition(scan, kind, token.type, range);
    readHtmlAndCode(scan, kind, token.type, range);
  }
  return scan;
}

/** A definition nobody sees used renders as nothing at all, label, destination and title. */
function unusedDefinitions(scan: MarkdownScan): Range[] {
  return scan.definitions.filter(({ id }) => !scan.shownLabels.has(id)).map(({ range }) => range);
}

/** Links and images: an image's alt text is hidden, and so is the label of `[text][label]`. */
function readLink(scan: MarkdownScan, kind: Event[0], type: TokenType, range: Range): void {
  const link = scan.links.at(-1);
  if (kind === "enter") {
    if (type === "link" || type === "image") scan.links.push({ image: type === "image", resolved: "label" });
    else if (type === "resource") link!.resolved = "resource";
    else if (type === "referenceString") link!.resolved = "full reference";
    return;
  }
  switch (type) {
    case "labelText":
      link!.label = range;
      // An image's label is its alt text, which is never shown.
      if (link!.image) scan.hidden.push(range);
      break;
    case "reference":
      // `[text][label]` shows only `text`: the label is plumbing that can carry anything.
      if (link!.resolved === "full reference") scan.hidden.push(range);
      break;
    case "link":
    case "image":
      scan.links.pop();
      // `[label]` and `[label][]` show the label: those are the definitions a reader sees used.
      if (!link!.image && link!.resolved === "label" && link!.label)
        scan.shownLabels.add(normalizeIdentifier(scan.source.slice(...link!.label)));
      break;
    case "gfmFootnoteCallString":
      scan.shownLabels.add(`^${normalizeIdentifier(scan.source.slice(...range))}`);
      break;
  }
}

/** A link's or a definition's title is a tooltip at most: cut it with the blanks before it. */
function readTitle(scan: MarkdownScan, kind: Event[0], type: TokenType, range: Range): void {
  if (kind === "enter") {
    if (type === "resource") scan.valueStart = range[0] + 1;
    return;
  }
  if (type === "resourceDestination" || type === "definitionDestination") scan.valueStart = range[1];
  else if (type === "resourceTitle" || type === "definitionTitle") scan.hidden.push([scan.valueStart, range[1]]);
}

/** Definitions and footnote definitions, with the id each defines. */
function readDefinition(scan: MarkdownScan, kind: Event[0], type: TokenType, range: Range): void {
  if (kind === "enter") {
    if (type === "definition" || type === "gfmFootnoteDefinition")
      scan.definition = { range, id: "", footnote: type === "gfmFootnoteDefinition" };
    return;
  }
  switch (type) {
    case "definitionLabelString":
      scan.definition!.id = normalizeIdentifier(scan.source.slice(...range));
      break;
    case "gfmFootnoteDefinitionLabelString":
      scan.definition!.id = `^${normalizeIdentifier(scan.source.slice(...range))}`;
      break;
    case "definition":
    case "gfmFootnoteDefinition":
      scan.definitions.push(scan.definition!);
      scan.definition = undefined;
      break;
  }
}

/** Raw HTML, code, and the math among the code (```math blocks, $`…`$ spans). */
function readHtmlAndCode(scan: MarkdownScan, kind: Event[0], type: TokenType, range: Range): void {
  const { source } = scan;
  if (kind === "enter") {
    if (type === "codeText" && source[range[0] - 1] === "$" && source[range[1]] === "$")
      scan.mathValue = [Infinity, -Infinity];
    return;
  }
  switch (type) {
    case "htmlFlow":
    case "htmlText":
      scan.html.push(range);
      break;
    case "codeFencedFenceInfo":
      if (
        source
          .slice(...range)
          .trim()
          .toLowerCase() === "math"
      )
        scan.mathValue = [Infinity, -Infinity];
      break;
    case "codeFlowValue":
    case "codeTextData":
      if (scan.mathValue)
        scan.mathValue = [Math.min(scan.mathValue[0], range[0]), Math.max(scan.mathValue[1], range[1])];
      break;
    case "codeFenced":
    case "codeIndented":
    case "codeText":
      scan.code.push(range);
      if (scan.mathValue && scan.mathValue[0] < scan.mathValue[1]) scan.mathCode.push(scan.mathValue);
      scan.mathValue = undefined;
      break;
  }
}

/** `source` with the characters inside `ranges` (or outside them) turned into spaces, line breaks kept, so offsets stay. */
function mask(source: string, ranges: Range[], keepInside: boolean): string {
  const inside = new Uint8Array(source.length + 1);
  for (const [start, end] of ranges) inside.fill(1, start, end);
  let out = "";
  let from = 0;
  for (let i = 0; i <= source.length; i++) {
    const keep = i < source.length && (inside[i] === 1) === keepInside;
    if (keep && from === -1) from = i;
    if (!keep && from !== -1) {
      out += source.slice(from, i);
      from = -1;
    }
    if (!keep && i < source.length) out += source[i] === "\n" ? "\n" : " ";
  }
  return out;
}

type Node = Html.ChildNode | Html.DocumentFragment;
const isElement = (node: Node): node is Html.Element => "tagName" in node;

function* walk(node: Node): Generator<Html.ChildNode> {
  for (const child of "childNodes" in node ? node.childNodes : []) {
    yield child;
    if (!isElement(child) || !CONTENT_HIDDEN.has(child.tagName)) yield* walk(child);
    if (isElement(child) && child.tagName === "template") yield* walk((child as Html.Template).content);
  }
}

/** Where a tag's name ends in the source: after `<` or `</` and the name as written. */
function nameEnd(text: string, start: number): number {
  let i = start + (text[start + 1] === "/" ? 2 : 1);
  while (i < text.length && !/[\s/>]/.test(text[i]!)) i++;
  return i;
}

/** `start` moved back over the blanks before it, down to `floor`. */
function withBlanksBefore(text: string, start: number, floor: number): number {
  while (start > floor && /\s/.test(text[start - 1]!)) start--;
  return start;
}

/** The last offset inside an element: its end tag's, or its last descendant's when it was never closed. */
function elementEnd(node: Html.ChildNode): number {
  const children = "childNodes" in node ? node.childNodes : [];
  return Math.max(node.sourceCodeLocation?.endOffset ?? 0, ...children.map(elementEnd));
}

/**
 * The raw HTML GitHub renders, read as one document (text between its pieces is blanked, so a
 * comment or a <style> opened in one piece runs on as it does in the rendered page). Kept: text,
 * tag names, a link's href and an image's src, the closing `>`; everything else in the pieces goes,
 * and comments and the content of script and style elements go wherever they reach.
 */
function hiddenInRenderedHtml(source: string, pieces: Range[]): { hidden: Range[]; comments: Range[] } {
  if (pieces.length === 0) return { hidden: [], comments: [] };
  const text = mask(source, pieces, true);
  const kept: Range[] = [];
  const hidden: Range[] = [];
  const comments: Range[] = [];
  for (const node of walk(parseFragment(text, { sourceCodeLocationInfo: true }))) {
    const location = node.sourceCodeLocation;
    if (!location) continue;
    if (node.nodeName === "#comment") comments.push([location.startOffset, location.endOffset]);
    else if (node.nodeName === "#text") kept.push([location.startOffset, location.endOffset]);
    else if (isElement(node) && CONTENT_HIDDEN.has(node.tagName)) hidden.push([location.startOffset, elementEnd(node)]);
    else if (isElement(node)) {
      const { startTag, endTag, attrs } = node.sourceCodeLocation!;
      if (startTag) {
        const name = nameEnd(text, startTag.startOffset);
        kept.push([startTag.startOffset, name]);
        const shown = SHOWN_ATTRIBUTES[node.tagName];
        const attribute = shown ? attrs?.[shown] : undefined;
        if (attribute) kept.push([withBlanksBefore(text, attribute.startOffset, name), attribute.endOffset]);
        const close = text[startTag.endOffset - 2] === "/" ? startTag.endOffset - 2 : startTag.endOffset - 1;
        kept.push([withBlanksBefore(text, close, name), startTag.endOffset]);
      }
      if (endTag)
        kept.push([endTag.startOffset, nameEnd(text, endTag.startOffset)], [endTag.endOffset - 1, endTag.endOffset]);
    }
  }
  return { hidden: [...subtract(subtract(pieces, kept), comments), ...hidden], comments };
}

/**
 * In text and code, which GitHub shows as typed: hiding attributes, anything after an end tag's
 * name, and in text (`withComments`) closed comments. Read token by token (every tag, also stray
 * ones, and no element's content is taken as raw text), since no page is built from it. An
 * unclosed `<!--` hides nothing: the text after it is read again from just past it.
 */
function hiddenInLiteralMarkup(text: string, withComments: boolean): { hidden: Range[]; comments: Range[] } {
  const hidden: Range[] = [];
  const comments: Range[] = [];
  let from = 0;
  while (from >= 0 && text.includes("<", from)) {
    const unclosed = readLiteralMarkup(from === 0 ? text : mask(text, [[0, from]], false), hidden, comments);
    from = unclosed < 0 ? -1 : unclosed + "<!--".length;
  }
  return { hidden, comments: withComments ? comments : [] };
}

/** One pass of hiddenInLiteralMarkup: where an unclosed comment starts, or -1. */
function readLiteralMarkup(text: string, hidden: Range[], comments: Range[]): number {
  let unclosed = -1;
  const ignore = () => {};
  const tokenizer = new Tokenizer(
    { sourceCodeLocationInfo: true },
    {
      onComment: ({ location }) => {
        if (!location) return;
        if (text[location.endOffset - 1] === ">") comments.push([location.startOffset, location.endOffset]);
        else unclosed = location.startOffset;
      },
      onStartTag: ({ location }: Token.TagToken) => {
        for (const [name, attribute] of Object.entries(location?.attrs ?? {})) {
          if (HIDING_ATTRIBUTE.test(name))
            hidden.push([
              withBlanksBefore(text, attribute.startOffset, nameEnd(text, location!.startOffset)),
              attribute.endOffset,
            ]);
        }
      },
      onEndTag: ({ location }: Token.TagToken) =>
        location && hidden.push([nameEnd(text, location.startOffset), location.endOffset - 1]),
      onDoctype: ignore,
      onEof: ignore,
      onCharacter: ignore,
      onNullCharacter: ignore,
      onWhitespaceCharacter: ignore,
    },
  );
  tokenizer.write(text, true);
  return unclosed;
}

// Math as GitHub reads it in text: `$$…$$`, or `$…$` on one line that neither starts nor ends
// with a blank and is not followed by a digit (so prices stay prose).
const MATH_SPAN = /(?<!\\)\$\$([\s\S]+?)\$\$|(?<![\\$])\$(?=[^\s$])((?:\\.|[^$\n\\])*?[^\s\\])\$(?!\d)/g;
// TeX that typesets as nothing: \phantom and its kin draw blank space, % comments are not drawn.
const TEX_HIDDEN = /\\[hv]?phantom\s*\{|(?<!\\)%/g;

/** In math (`$…$`, `$$…$$`, ```math blocks, $`…`$): \phantom{…} groups and % comments. */
function hiddenInMath(text: string, mathCode: Range[], source: string): Range[] {
  const values: Range[] = [...mathCode];
  for (const match of text.matchAll(MATH_SPAN)) {
    const start = match.index + (match[1] === undefined ? 1 : 2);
    values.push([start, start + (match[1] ?? match[2]!).length]);
  }
  const hidden: Range[] = [];
  for (const [start, end] of values) {
    const tex = source.slice(start, end);
    for (const match of tex.matchAll(TEX_HIDDEN)) {
      let stop = match[0] === "%" ? tex.indexOf("\n", match.index) : closingBrace(tex, match.index + match[0].length);
      if (stop < 0) stop = tex.length;
      hidden.push([start + match.index, start + stop]);
    }
  }
  return hidden;
}

/** The offset after the `}` that closes the group opened just before `from`, or -1. */
function closingBrace(tex: string, from: number): number {
  let depth = 1;
  for (let i = from; i < tex.length; i++) {
    if (tex[i] === "\\") i++;
    else if (tex[i] === "{") depth++;
    else if (tex[i] === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** The parts of `ranges` not covered by `minus`. */
function subtract(ranges: Range[], minus: Range[]): Range[] {
  const covered = new Uint8Array(Math.max(0, ...ranges.map((r) => r[1])) + 1);
  for (const [start, end] of minus) covered.fill(1, start, end);
  const out: Range[] = [];
  for (const [start, end] of ranges) {
    for (let i = start; i < end; i++) {
      if (covered[i]) continue;
      const last = out.at(-1);
      if (last && last[1] === i) last[1] = i + 1;
      else out.push([i, i + 1]);
    }
  }
  return out;
}

/** `source` without the characters inside any of `ranges`. */
function cut(source: string, ranges: Range[]): string {
  const sorted = ranges.filter(([start, end]) => end > start).sort((a, b) => a[0] - b[0]);
  let out = "";
  let at = 0;
  for (const [start, end] of sorted) {
    if (start > at) out += source.slice(at, start);
    at = Math.max(at, end);
  }
  return out + source.slice(at);
}
