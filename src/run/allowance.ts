// How much text by people without write access one run passes to the model. Their text is data,
// never instructions, but it still fills the request, and the session keeps it for every later turn
// and run: eight long comments by anyone who can comment would make a collaborator's one-line
// question cost a hundred thousand tokens, for good. So each such text (a comment, an issue's title
// and body, an inline comment with its diff) brings at most UNTRUSTED_TEXT_CHARS of itself, and all
// of them together at most UNTRUSTED_RUN_CHARS, oldest first; a part cut short says, on a line of
// gitclaw's own, how much was left out and where the whole text is. Text with write access (the
// person asking, gitclaw's own requests) is never cut.

/** The most of one text by someone without write access that a run passes to the model. */
export const UNTRUSTED_TEXT_CHARS = 8_000;
/** The most of all texts by people without write access that one run passes to the model together. */
export const UNTRUSTED_RUN_CHARS = 24_000;

interface Capped {
  trusted: boolean;
  text: string;
  /** Where the whole text is (its comment, issue or pull request on GitHub). */
  url?: string;
  /** gitclaw's line saying what was left out, when the text was cut. */
  leftOut?: string;
}

/** The parts as the model gets them: with write access whole, without it capped, in order. */
export function withinAllowance<T extends Capped>(parts: T[]): (T & { leftOut?: string })[] {
  let remaining = UNTRUSTED_RUN_CHARS;
  return parts.map((part) => {
    if (part.trusted) return part;
    const limit = Math.min(UNTRUSTED_TEXT_CHARS, remaining);
    const text = part.text.length <= limit ? part.text : cut(part.text, limit);
    remaining -= text.length;
    if (text === part.text) return part;
    const why =
      limit < UNTRUSTED_TEXT_CHARS
        ? `texts by people without write access already brought the ${count(UNTRUSTED_RUN_CHARS)} characters a run takes of them`
        : `a text by someone without write access brings at most ${count(UNTRUSTED_TEXT_CHARS)} characters to a run`;
    const left = count(part.text.length - text.length);
    const amount = text ? `${left} more characters` : `the ${left} characters`;
    const where = part.url ? `. All of it: ${part.url}` : "";
    return { ...part, text, leftOut: `(gitclaw left out ${amount} of this text: ${why}${where})` };
  });
}

const count = (n: number) => n.toLocaleString("en-US");

/** The start of `text`, at most `limit` characters: up to a line break in its second half, else within the line. */
function cut(text: string, limit: number): string {
  const lineEnd = text.lastIndexOf("\n", limit);
  if (lineEnd > limit / 2) return text.slice(0, lineEnd);
  // Never between the halves of a surrogate pair.
  const end = /[\uD800-\uDBFF]/.test(text[limit - 1] ?? "") ? limit - 1 : limit;
  return text.slice(0, end);
}
