// The first stage of a command's output, in raw bytes. Everything the model can ever see of a
// command is a head and a tail (the window, the capped spill file), so after the first `passBytes`
// the gate keeps only the latest `keepBytes` in a fixed ring and counts what falls out. Decoding,
// redaction and the window then cost what is kept, not what was printed: a command printing 1 GB
// is read at pipe speed with no allocation per chunk beyond the pipe's own (bench/memory).

/** Where the gate's output goes: bytes to process, or a gap of bytes nobody will see. */
export interface GateSink {
  /** Bytes in order; only valid during the call (they may be a view of the ring). */
  pass(bytes: Uint8Array): void;
  /** `bytes` of output (with `lines` line breaks) were left out here; what follows starts a line. */
  skip(bytes: number, lines: number): void;
}

export interface GateLimits {
  /** Bytes passed straight through before the ring takes over. */
  passBytes: number;
  /** Size of the ring: the most recent bytes kept for the next flush. */
  keepBytes: number;
}

/**
 * Sized for the largest consumer, the spill file (1 MiB: its first and last halves, spill.ts): the
 * pass-through fills its head (and the window's 20 KB head on the way), the ring its tail, with
 * room to find a line start.
 */
export const DEFAULT_GATE_LIMITS: GateLimits = { passBytes: 512 * 1024, keepBytes: 576 * 1024 };

const LF = 0x0a;
const CR = 0x0d;
const SPACE = 0x20;
const TAB = 0x09;

/** Line breaks in `bytes`: LF, CRLF and a bare CR (a progress bar's redraw) each count once. */
export function countLineBreaks(bytes: Uint8Array): number {
  let count = 0;
  for (let i = bytes.indexOf(LF); i !== -1; i = bytes.indexOf(LF, i + 1)) count++;
  for (let i = bytes.indexOf(CR); i !== -1; i = bytes.indexOf(CR, i + 1)) if (bytes[i + 1] !== LF) count++;
  return count;
}

/**
 * Where to resume after a gap: at once if the gap ended a line, else just after the first line
 * break, else after the first blank (a secret's shape has none, so a cut token is never shown in
 * part), else at the first character.
 */
function resumePoint(bytes: Uint8Array, atLineStart: boolean): number {
  if (atLineStart) return 0;
  for (let i = 0; i < bytes.length; i++) {
    if (bytes[i] === LF) return i + 1;
    if (bytes[i] === CR) return bytes[i + 1] === LF ? i + 2 : i + 1;
  }
  for (let i = 0; i < bytes.length; i++) if (bytes[i] === SPACE || bytes[i] === TAB) return i + 1;
  let start = 0;
  while (start < bytes.length && ((bytes[start] ?? 0) & 0xc0) === 0x80) start++;
  return start;
}

export class TailGate {
  readonly #limits: GateLimits;
  #passLeft: number;
  /** Allocated on first use: most commands never print past the pass-through. */
  #ring: Uint8Array | undefined;
  #ringStart = 0;
  #ringLength = 0;
  #droppedBytes = 0;
  #droppedLines = 0;
  #lastDropped = LF;
  #received = 0;
  #gapped = false;

  constructor(limits: GateLimits = DEFAULT_GATE_LIMITS) {
    this.#limits = limits;
    this.#passLeft = limits.passBytes;
  }

  /** Bytes received so far. */
  get received(): number {
    return this.#received;
  }

  /** Whether any output was left out. */
  get gapped(): boolean {
    return this.#gapped;
  }

  /** Bytes held back for the next flush (ring content and what fell out of it). */
  get held(): number {
    return this.#ringLength + this.#droppedBytes;
  }

  write(chunk: Uint8Array, sink: GateSink): void {
    this.#received += chunk.length;
    let rest = chunk;
    if (this.#passLeft > 0) {
      const part = rest.subarray(0, this.#passLeft);
      this.#passLeft -= part.length;
      sink.pass(part);
      rest = rest.subarray(part.length);
    }
    if (rest.length > 0) this.#keep(rest);
  }

  /** Emits what the ring holds, after a `skip` for whatever fell out of it, and empties it. */
  flush(sink: GateSink): void {
    const ring = this.#ring;
    if (ring === undefined || this.held === 0) return;
    // One contiguous copy: a flush happens once per call or per job poll, not per chunk.
    const first = ring.subarray(this.#ringStart, Math.min(ring.length, this.#ringStart + this.#ringLength));
    const kept = new Uint8Array(this.#ringLength);
    kept.set(first);
    kept.set(ring.subarray(0, this.#ringLength - first.length), first.length);
    this.#ringStart = 0;
    this.#ringLength = 0;
    let start = 0;
    if (this.#droppedBytes > 0) {
      start = resumePoint(kept, this.#lastDropped === LF || (this.#lastDropped === CR && kept[0] !== LF));
      const lead = kept.subarray(0, start);
      sink.skip(this.#droppedBytes + lead.length, this.#droppedLines + countLineBreaks(lead));
      this.#droppedBytes = 0;
      this.#droppedLines = 0;
    }
    if (start < kept.length) sink.pass(kept.subarray(start));
  }

  #keep(bytes: Uint8Array): void {
    const size = this.#limits.keepBytes;
    const ring = (this.#ring ??= new Uint8Array(size));
    if (bytes.length >= size) {
      this.#drop(this.#ringLength);
      this.#countDropped(bytes.subarray(0, bytes.length - size));
      ring.set(bytes.subarray(bytes.length - size));
      this.#ringStart = 0;
      this.#ringLength = size;
      return;
    }
    this.#drop(Math.max(0, this.#ringLength + bytes.length - size));
    const end = (this.#ringStart + this.#ringLength) % size;
    const first = Math.min(bytes.length, size - end);
    ring.set(bytes.subarray(0, first), end);
    ring.set(bytes.subarray(first), 0);
    this.#ringLength += bytes.length;
  }

  /** Lets the oldest `count` bytes of the ring fall out, counting them. */
  #drop(count: number): void {
    const ring = this.#ring;
    if (ring === undefined || count === 0) return;
    const first = Math.min(count, ring.length - this.#ringStart);
    this.#countDropped(ring.subarray(this.#ringStart, this.#ringStart + first));
    this.#countDropped(ring.subarray(0, count - first));
    this.#ringStart = (this.#ringStart + count) % ring.length;
    this.#ringLength -= count;
  }

  #countDropped(bytes: Uint8Array): void {
    if (bytes.length === 0) return;
    this.#gapped = true;
    this.#droppedBytes += bytes.length;
    this.#droppedLines += countLineBreaks(bytes);
    this.#lastDropped = bytes[bytes.length - 1] ?? LF;
  }
}
