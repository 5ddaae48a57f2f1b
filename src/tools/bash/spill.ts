// The capped spill file behind the output window: the full (redacted) output of a command, so the
// model can open what the window left out. Above the cap it keeps the first and last halves.
import { closeSync, openSync, writeSync } from "node:fs";
import { formatBytes } from "../../text/format.ts";

export interface SpillLimits {
  /** Size cap of the spill file; above it the file keeps its first and last halves. */
  capBytes: number;
  /** Output up to this size stays in memory; the artifact is only created beyond it or on demand. */
  deferBytes: number;
}

const DEFAULT_SPILL_LIMITS: SpillLimits = { capBytes: 1024 * 1024, deferBytes: 64 * 1024 };

export interface SpillTarget {
  ref: string;
  path: string;
}

export interface SpillSummary {
  ref: string;
  /** Bytes of output offered to the spill. */
  totalBytes: number;
  /** Bytes left out of the file (the middle), 0 when it holds everything. */
  droppedBytes: number;
}

/** Room kept free for the marker line so the file never exceeds its cap. */
const MARKER_RESERVE = 256;

/**
 * Writes output to an artifact file, creating it lazily (small outputs never need one) and capping
 * it: the first half is written as it arrives, the last half is a rolling buffer written on close.
 */
export class SpillWriter {
  readonly #open: () => SpillTarget;
  readonly #limits: SpillLimits;
  #deferred: Buffer[] = [];
  #deferredBytes = 0;
  #target: SpillTarget | undefined;
  #fd: number | undefined;
  #headWritten = 0;
  /** Set by a gap: the head stays as it is, so the file never runs on across one unmarked. */
  #headClosed = false;
  #tail: Buffer[] = [];
  #tailBytes = 0;
  #totalBytes = 0;
  #error: string | undefined;

  constructor(open: () => SpillTarget, limits: SpillLimits = DEFAULT_SPILL_LIMITS) {
    this.#open = open;
    this.#limits = limits;
  }

  /** Why the spill could not be written, if it failed; the command itself is unaffected. */
  get error(): string | undefined {
    return this.#error;
  }

  write(text: string): void {
    if (text.length === 0 || this.#error !== undefined) return;
    const bytes = Buffer.from(text, "utf8");
    this.#totalBytes += bytes.length;
    if (this.#fd === undefined) {
      this.#deferred.push(bytes);
      this.#deferredBytes += bytes.length;
      if (this.#deferredBytes > this.#limits.deferBytes) this.materialise();
      return;
    }
    this.#append(bytes);
  }

  /** A gap of `bytes` left out of the output: it ends the kept tail, which later output refills. */
  skip(bytes: number): void {
    if (bytes === 0 || this.#error !== undefined) return;
    this.materialise();
    this.#totalBytes += bytes;
    this.#headClosed = true;
    this.#tail = [];
    this.#tailBytes = 0;
  }

  /** Creates the artifact now (if not yet) so that `close` returns a reference. */
  materialise(): void {
    if (this.#fd !== undefined || this.#error !== undefined) return;
    try {
      this.#target = this.#open();
      this.#fd = openSync(this.#target.path, "w");
    } catch (error) {
      this.#fail(error);
      return;
    }
    const deferred = this.#deferred;
    this.#deferred = [];
    this.#deferredBytes = 0;
    for (const bytes of deferred) this.#append(bytes);
  }

  /** Flushes and closes the file; undefined when no artifact was created (or writing it failed). */
  close(): SpillSummary | undefined {
    if (this.#fd === undefined || this.#target === undefined) return undefined;
    const fd = this.#fd;
    this.#fd = undefined;
    const droppedBytes = this.#totalBytes - this.#headWritten - this.#tailBytes;
    try {
      if (droppedBytes > 0) {
        const tail = Buffer.concat(this.#tail);
        const kept = `the first ${formatBytes(this.#headWritten)} and the last ${formatBytes(tail.length)}`;
        const marker = `\n[… ${formatBytes(droppedBytes)} elided: this log keeps ${kept} of ${formatBytes(this.#totalBytes)} …]\n`;
        writeSync(fd, marker);
        writeSync(fd, tail);
      }
      closeSync(fd);
    } catch (error) {
      this.#fail(error);
      return undefined;
    }
    this.#tail = [];
    return { ref: this.#target.ref, totalBytes: this.#totalBytes, droppedBytes };
  }

  #append(bytes: Buffer): void {
    const fd = this.#fd;
    if (fd === undefined) return;
    const headCap = Math.floor(this.#limits.capBytes / 2);
    let rest = bytes;
    if (this.#headWritten < headCap && !this.#headClosed) {
      const part = rest.subarray(0, headCap - this.#headWritten);
      try {
        writeSync(fd, part);
      } catch (error) {
        this.#fail(error);
        return;
      }
      this.#headWritten += part.length;
      rest = rest.subarray(part.length);
    }
    if (rest.length === 0) return;
    const tailCap = this.#limits.capBytes - headCap - MARKER_RESERVE;
    this.#tail.push(rest);
    this.#tailBytes += rest.length;
    while (this.#tailBytes > tailCap) {
      const first = this.#tail[0];
      if (first === undefined) break;
      const excess = this.#tailBytes - tailCap;
      if (first.length <= excess) {
        this.#tail.shift();
        this.#tailBytes -= first.length;
      } else {
        this.#tail[0] = first.subarray(excess);
        this.#tailBytes -= excess;
      }
    }
  }

  #fail(error: unknown): void {
    this.#error = error instanceof Error ? error.message : String(error);
    if (this.#fd !== undefined) {
      try {
        closeSync(this.#fd);
      } catch {
        // Already failing; the first error is the one worth reporting.
      }
      this.#fd = undefined;
    }
    this.#deferred = [];
    this.#tail = [];
  }
}
