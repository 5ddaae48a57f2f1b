// The github tool's result text: a one-line header that makes the host, repository, op and policy
// class of every call visible in the conversation, and a body capped at 64 KB while it is built,
// so a huge diff or log never sits in memory twice or reaches the model whole.

import { formatBytes } from "../../text/format.ts";

export const MAX_OUTPUT_BYTES = 64 * 1024;

/** "512B", "4.3KB", "1.2MB": the compact size of the header. */
export const formatSize = (bytes: number): string => formatBytes(bytes).replace(" ", "");

export interface HeaderFields {
  host: string;
  /** `owner/repo`, or `*` for a GitHub-wide search. */
  repo: string;
  op: string;
  opClass: string;
  outcome: "ok" | "error" | "denied" | "invalid";
  /** Size of the body, shown for successful calls. */
  bytes?: number;
}

export function header(fields: HeaderFields): string {
  const size = fields.outcome === "ok" && fields.bytes !== undefined ? ` ${formatSize(fields.bytes)}` : "";
  return `[github ${fields.host}/${fields.repo} ${fields.op} ${fields.opClass} ${fields.outcome}${size}]`;
}

/**
 * Accumulates the body up to a byte budget. Once full it ignores further text, so producers can
 * check `full` and stop fetching more pages.
 */
export class BoundedText {
  #parts: string[] = [];
  #bytes = 0;
  #truncated = false;

  constructor(readonly maxBytes = MAX_OUTPUT_BYTES) {}

  get full(): boolean {
    return this.#truncated;
  }

  get bytes(): number {
    return this.#bytes;
  }

  /** Appends text; returns false once the budget is spent. */
  push(text: string): boolean {
    if (this.#truncated) return false;
    const size = Buffer.byteLength(text);
    if (this.#bytes + size <= this.maxBytes) {
      this.#parts.push(text);
      this.#bytes += size;
      return true;
    }
    // Cut at a character boundary: decoding a byte prefix drops a split last character.
    const room = this.maxBytes - this.#bytes;
    const prefix = Buffer.from(text)
      .subarray(0, room)
      .toString("utf8")
      .replace(/\uFFFD$/, "");
    this.#parts.push(prefix);
    this.#bytes += Buffer.byteLength(prefix);
    this.#truncated = true;
    return false;
  }

  line(text = ""): boolean {
    return this.push(`${text}\n`);
  }

  /** The body, ending with a marker that says how to narrow the call when it was cut. */
  text(narrow: string): string {
    const body = this.#parts.join("").replace(/\n+$/, "");
    const cap = this.maxBytes % 1024 === 0 ? `${this.maxBytes / 1024}KB` : formatSize(this.maxBytes);
    return this.#truncated ? `${body}\n[truncated at ${cap}; ${narrow}]` : body;
  }
}
