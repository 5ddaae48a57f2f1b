// Text written by people (issue titles and bodies, comments) is cleaned before the model reads
// it. The aim is narrow: remove what a person reading the issue on GitHub cannot see but the
// model would, the usual carrier of hidden prompt injection. Visible text is kept byte for byte.
//
// Fenced and indented code blocks get no exemption: GitHub shows them verbatim, but the model
// reads them as raw text, where an invisible character or bidi override hides just as well,
// and it is simpler to reason about one rule everywhere than about where a block really ends.
// Dependency-free (node: modules only): scripts that run before `bun install` use it too.

// Characters that render as nothing or change what is shown. Invisible characters can split a
// word the reader would notice, and tag characters and variation selectors can carry whole
// strings that never appear on screen ("ASCII smuggling").
const INVISIBLE = new RegExp(
  "[" +
    String.raw`\u0000-\u0008\u000B-\u001F\u007F-\u009F` + // C0/C1 except \t, \n (lone \r goes too)
    String.raw`\u00AD` + // soft hyphen
    String.raw`\u200B-\u200D\u2060\uFEFF` + // zero-width space and joiners, word joiner, BOM
    String.raw`\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069` + // bidi marks, overrides, isolates
    String.raw`\u{E0000}-\u{E007F}\u{E0100}-\u{E01EF}` + // tag characters, supplementary selectors
    "]",
  "gu",
);

// An unterminated comment hides everything after it, so it runs to the end of the text.
const HTML_COMMENT = /<!--[\s\S]*?(?:-->|$)/g;

// Bracketed text as CommonMark reads it: escapes and one level of nested brackets.
const BRACKETED = String.raw`\[(?:\\.|[^\\[\]]|\[(?:\\.|[^\\[\]])*\])*\]`;

// `![alt](url)` and `![alt][ref]` (also `![alt][]`): alt text is never shown.
const IMAGE_ALT = new RegExp(String.raw`!${BRACKETED}(?=[(\[])`, "g");

// A link title (a hover tooltip) in any of its three quotings.
const TITLE = String.raw`(?:"(?:\\.|[^"\\])*"|'(?:\\.|[^'\\])*'|\((?:\\.|[^()\\])*\))`;
// A link destination: `<…>` or a run without spaces, allowing balanced parentheses.
const DESTINATION = String.raw`(?:<[^<>\n]*>|(?:[^\s()<>]|\([^\s()]*\))+)`;

// Inline `[text](url "title")`, images too.
const INLINE_LINK_TITLE = new RegExp(String.raw`(\]\(\s*${DESTINATION})\s+${TITLE}(\s*\))`, "g");

// Reference definitions `[label]: url "title"`, invisible when rendered; `[//]: # (text)` is the
// well-known way to write a markdown "comment". Label and URL stay, as references use them.
const DEFINITION_TITLE = new RegExp(
  String.raw`(^ {0,3}${BRACKETED}:[ \t]*\n?[ \t]*${DESTINATION})(?:[ \t]+\n?|\n)[ \t]*${TITLE}[ \t]*$`,
  "gm",
);

// An HTML tag, attributes and all (values may contain `>` when quoted). End tags are included
// because attributes there are never shown at all.
const ATTRIBUTE_VALUE = String.raw`(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>\x60]+))?`;
const HTML_TAG = new RegExp(
  String.raw`</?[A-Za-z][A-Za-z0-9:-]*(?:\s+[^\s"'<>/=]+${ATTRIBUTE_VALUE})*\s*/?>`,
  "g",
);
// One attribute of a tag; scanning a whole tag with it never lands inside a quoted value.
const ATTRIBUTE = new RegExp(String.raw`\s+([^\s"'<>/=]+)${ATTRIBUTE_VALUE}`, "g");
// Attributes that are shown only as tooltips, to screen readers, or not at all.
const HIDDEN_ATTRIBUTE_NAME = /^(?:alt|title|aria-label|placeholder|data-.*)$/i;

// Numeric character references; the `;` is optional, as in HTML.
const NUMERIC_ENTITY = /&#(?:([0-9]+)|[xX]([0-9a-fA-F]+));?/g;

function isPrintableAscii(codePoint: number): boolean {
  return codePoint >= 0x20 && codePoint <= 0x7e;
}

export function sanitizeUserText(text: string): string {
  return (
    text
      .replace(/\r\n/g, "\n")
      // Invisible characters go first, so that they cannot break up the constructs below.
      .replace(INVISIBLE, "")
      .replace(HTML_COMMENT, "")
      .replace(IMAGE_ALT, "![]")
      .replace(INLINE_LINK_TITLE, "$1$2")
      .replace(DEFINITION_TITLE, "$1")
      .replace(HTML_TAG, (tag) =>
        tag.replace(ATTRIBUTE, (attribute, name: string) =>
          HIDDEN_ATTRIBUTE_NAME.test(name) ? "" : attribute,
        ),
      )
      // Printable ones stay as written (the model reads `&#60;` fine); the others would render
      // as invisible or look-alike characters, so they go.
      .replace(NUMERIC_ENTITY, (entity, decimal: string | undefined, hex: string | undefined) =>
        isPrintableAscii(decimal === undefined ? parseInt(hex ?? "", 16) : parseInt(decimal, 10))
          ? entity
          : "",
      )
  );
}

/**
 * Frames untrusted text as a markdown blockquote: every line starts with `> `, so nothing in it
 * can pose as the end of the frame or as a line of the prompt around it. Every line break the
 * model might see as one counts, not only `\n`.
 */
export function quoteAsData(text: string): string {
  return text
    .split(/\r\n|[\n\r\u0085\u2028\u2029]/)
    .map((line) => `> ${line}`)
    .join("\n");
}
