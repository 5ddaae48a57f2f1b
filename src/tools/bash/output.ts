import { formatBytes, plural } from "../../text/format.ts";
// The bounded view of command output the model sees. A command may print gigabytes; the window
// keeps about 50 KB (a fixed head plus a rolling tail) and its memory is bounded by its limits,
// never by the size of the output. The full text goes to a capped spill file (spill.ts).

export interface WindowLimits {
  /** Budget of the whole window in UTF-8 bytes (head + tail). */
  maxBytes: number;
  /** The first lines are kept up to this many bytes; the rest of the budget is the rolling tail. */
  headBytes: number;
  /** Longer lines are cut to this many characters and end in `…`. */
  maxLineChars: number;
}

export const DEFAULT_WINDOW_LIMITS: WindowLimits = { maxBytes: 50 * 1024, headBytes: 20 * 1024, maxLineChars: 768 };

/** How far a reader has seen the output: complete lines and their displayed bytes. */
export interface WindowCursor {
  lines: number;
  bytes: number;
}

export interface WindowView {
  /** Output after the cursor, with a marker where lines were dropped; no trailing newline. */
  text: string;
  /** Where the next incremental view starts. */
  cursor: WindowCursor;
  /** Lines so far, counting an unfinished last line. */
  totalLines: number;
  /** 1-based inclusive line ranges shown (head part, then tail part). */
  shownRanges: Array<[number, number]>;
  elidedLines: number;
  elidedBytes: number;
  /** Lines shortened to the line limit, over the whole output. */
  cutLines: number;
}

const ELLIPSIS = "…";

const countNewlines = (text: string): number => {
  let count = 0;
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) count++;
  return count;
};

/** Skips `count` lines of `text` (each ending in "\n"), returning the rest. */
const dropLines = (text: string, count: number): string => {
  let start = 0;
  for (let i = 0; i < count && start < text.length; i++) {
    const newline = text.indexOf("\n", start);
    if (newline === -1) return "";
    start = newline + 1;
  }
  return text.slice(start);
};

/** The longest suffix of `text` that fits in `maxBytes` UTF-8 bytes (it may start mid-line). */
const lastBytes = (text: string, maxBytes: number): string => {
  const encoded = Buffer.from(text, "utf8");
  if (encoded.length <= maxBytes) return text;
  let start = encoded.length - maxBytes;
  // Never start inside a multi-byte character: skip UTF-8 continuation bytes.
  while (start < encoded.length && ((encoded[start] ?? 0) & 0xc0) === 0x80) start++;
  return encoded.subarray(start).toString("utf8");
};

/**
 * The model's view of a stream of text: CR/CRLF normalised to line breaks (a bare CR, as in a
 * progress bar, starts a new line), long lines cut, the first lines kept as a head and the latest
 * as a rolling tail, with the middle counted but dropped.
 */
/**
 * Whether any line of `text` is longer than `max`, to skip per-line work on blocks without one.
 * A scan for newlines, linear in the text: the equivalent regex (`[^\n]{max+1}`) retries from every
 * position and cost 87% of the time of a command printing 200 MB (bench/memory).
 */
function hasLongLine(text: string, max: number): boolean {
  for (let start = 0; ; ) {
    const newline = text.indexOf("\n", start);
    const end = newline === -1 ? text.length : newline;
    if (end - start > max) return true;
    if (newline === -1) return false;
    start = newline + 1;
  }
}

export class OutputWindow {
  readonly #limits: WindowLimits;
  #head = "";
  #headBytes = 0;
  #headLines = 0;
  #headOpen = true;
  /** Recent complete lines in display form; compacted to the last `maxBytes` characters. */
  #tail: string[] = [];
  #tailChars = 0;
  #tailStartsMidLine = false;
  /** The unfinished last line, already cut to the line limit. */
  #pending = "";
  #pendingCut = false;
  #pendingCR = false;
  #lines = 0;
  #bytes = 0;
  #cutLines = 0;

  constructor(limits: WindowLimits = DEFAULT_WINDOW_LIMITS) {
    this.#limits = limits;
  }

  write(chunk: string): void {
    const text = this.#normaliseLineBreaks(chunk);
    const first = text.indexOf("\n");
    if (first === -1) {
      this.#extendPending(text);
      return;
    }
    this.#extendPending(text.slice(0, first));
    this.#completePending();
    const last = text.lastIndexOf("\n");
    if (last > first) this.#acceptBlock(text.slice(first + 1, last + 1));
    this.#extendPending(text.slice(last + 1));
  }

  /**
   * A gap in the output: `bytes` bytes with `lines` line breaks were left out, and what follows
   * starts a new line. The tail is dropped with it (it would run on across the gap) and counted as
   * elided; the next lines refill it.
   */
  skip(bytes: number, lines: number): void {
    this.#pendingCR = false;
    if (this.#pending.length > 0 || this.#pendingCut) this.#completePending();
    this.#headOpen = false;
    this.#tail = [];
    this.#tailChars = 0;
    this.#tailStartsMidLine = false;
    this.#lines += lines;
    this.#bytes += bytes;
  }

  /** Completes an unfinished last line; call once the stream has ended. */
  end(): void {
    if (this.#pendingCR) {
      this.#pendingCR = false;
      this.#completePending();
    }
    if (this.#pending.length > 0 || this.#pendingCut) this.#completePending();
  }

  /** True when nothing was dropped or cut: the window is the whole output. */
  get lossless(): boolean {
    const view = this.render();
    return view.elidedLines === 0 && view.cutLines === 0;
  }

  /** Renders the output after `since` (default: from the start). */
  render(since: WindowCursor = { lines: 0, bytes: 0 }): WindowView {
    const tail = this.#compactTail();
    let shownTail = lastBytes(tail, Math.max(0, this.#limits.maxBytes - this.#headBytes));
    const start = tail.length - shownTail.length;
    const startsMidLine = start > 0 ? tail.charCodeAt(start - 1) !== 10 : this.#tailStartsMidLine;
    if (startsMidLine) shownTail = dropLines(shownTail, 1);
    const tailLines = countNewlines(shownTail);
    const firstTailLine = this.#lines - tailLines + 1;

    const parts: string[] = [];
    const shownRanges: Array<[number, number]> = [];
    let headPartBytes = 0;
    let headPartLines = 0;
    if (since.lines < this.#headLines) {
      const headPart = dropLines(this.#head, since.lines);
      parts.push(headPart);
      shownRanges.push([since.lines + 1, this.#headLines]);
      headPartBytes = Buffer.byteLength(headPart);
      headPartLines = this.#headLines - since.lines;
    }
    const skipTail = Math.min(tailLines, Math.max(0, since.lines + 1 - firstTailLine));
    const tailPart = dropLines(shownTail, skipTail);
    const tailPartLines = tailLines - skipTail;
    const elidedLines = this.#lines - since.lines - headPartLines - tailPartLines;
    const elidedBytes = this.#bytes - since.bytes - headPartBytes - Buffer.byteLength(tailPart);
    if (elidedLines > 0)
      parts.push(`[${ELLIPSIS} ${plural(elidedLines, "line")} (${formatBytes(elidedBytes)}) elided ${ELLIPSIS}]\n`);
    if (tailPartLines > 0) {
      parts.push(tailPart);
      shownRanges.push([this.#lines - tailPartLines + 1, this.#lines]);
    }

    const unfinishedLine = this.#pending;
    if (unfinishedLine.length > 0) {
      parts.push(this.#cutLine(unfinishedLine, this.#pendingCut));
      const lineNumber = this.#lines + 1;
      const previous = shownRanges.at(-1);
      if (previous && previous[1] === this.#lines) previous[1] = lineNumber;
      else shownRanges.push([lineNumber, lineNumber]);
    }
    const text = parts.join("");
    return {
      text: text.endsWith("\n") ? text.slice(0, -1) : text,
      cursor: { lines: this.#lines, bytes: this.#bytes },
      totalLines: this.#lines + (unfinishedLine.length > 0 ? 1 : 0),
      shownRanges,
      elidedLines: Math.max(0, elidedLines),
      elidedBytes: Math.max(0, elidedBytes),
      cutLines: this.#cutLines + (this.#pendingCut ? 1 : 0),
    };
  }

  #normaliseLineBreaks(chunk: string): string {
    let text = this.#pendingCR ? `\r${chunk}` : chunk;
    // A CR at the end of a chunk may be the first half of a CRLF split across chunks.
    this.#pendingCR = text.endsWith("\r");
    if (this.#pendingCR) text = text.slice(0, -1);
    return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
  }

  #isCut(line: string, alreadyCut: boolean): boolean {
    return alreadyCut || line.length > this.#limits.maxLineChars;
  }

  #cutLine(line: string, alreadyCut = false): string {
    if (!this.#isCut(line, alreadyCut)) return line;
    let end = Math.min(line.length, this.#limits.maxLineChars);
    // Do not split a surrogate pair.
    const lastCode = line.charCodeAt(end - 1);
    if (lastCode >= 0xd800 && lastCode <= 0xdbff) end--;
    return line.slice(0, end) + ELLIPSIS;
  }

  #extendPending(text: string): void {
    if (text.length === 0 || this.#pendingCut) return;
    const room = this.#limits.maxLineChars - this.#pending.length;
    if (text.length <= room) {
      this.#pending += text;
      return;
    }
    this.#pending += text.slice(0, room);
    this.#pendingCut = true;
  }

  #completePending(): void {
    const shown = this.#cutLine(this.#pending, this.#pendingCut);
    if (shown !== this.#pending) this.#cutLines++;
    this.#pending = "";
    this.#pendingCut = false;
    this.#acceptShownLine(shown);
  }

  #acceptShownLine(shown: string): void {
    const bytes = Buffer.byteLength(shown) + 1;
    this.#lines++;
    this.#bytes += bytes;
    if (this.#headOpen && this.#headBytes + bytes <= this.#limits.headBytes) {
      this.#head += `${shown}\n`;
      this.#headBytes += bytes;
      this.#headLines++;
      return;
    }
    this.#headOpen = false;
    this.#pushTail(`${shown}\n`);
  }

  /** Accepts complete lines (`block` ends with "\n"); after the head, without per-line work. */
  #acceptBlock(block: string): void {
    let start = 0;
    while (this.#headOpen && start < block.length) {
      const newline = block.indexOf("\n", start);
      const line = block.slice(start, newline);
      const shown = this.#cutLine(line);
      if (shown !== line) this.#cutLines++;
      this.#acceptShownLine(shown);
      start = newline + 1;
    }
    if (start >= block.length) return;
    let rest = start > 0 ? block.slice(start) : block;
    const lines = countNewlines(rest);
    if (hasLongLine(rest, this.#limits.maxLineChars)) {
      rest = rest
        .split("\n")
        .map((line) => {
          const shown = this.#cutLine(line);
          if (shown !== line) this.#cutLines++;
          return shown;
        })
        .join("\n");
    }
    this.#lines += lines;
    this.#bytes += Buffer.byteLength(rest);
    this.#pushTail(rest);
  }

  #pushTail(text: string): void {
    this.#tail.push(text);
    this.#tailChars += text.length;
    if (this.#tailChars > 2 * this.#limits.maxBytes) this.#compactTail();
  }

  /** Joins the tail into one string of at most `maxBytes` characters (≥ `maxBytes` bytes). */
  #compactTail(): string {
    let joined = this.#tail.join("");
    if (joined.length > this.#limits.maxBytes) {
      const start = joined.length - this.#limits.maxBytes;
      this.#tailStartsMidLine = joined.charCodeAt(start - 1) !== 10;
      joined = joined.slice(start);
    }
    this.#tail = joined.length > 0 ? [joined] : [];
    this.#tailChars = joined.length;
    return joined;
  }
}
