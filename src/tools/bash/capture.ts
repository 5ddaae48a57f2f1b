// What happens to a command's output on its way to the model: the tail gate (only bytes that can
// still be shown go on), decoding, redaction, then the bounded window (what the model sees) and the
// capped spill file (what it can open with `read`).
import type { ArtifactStore } from "../types.ts";
import {
  DEFAULT_WINDOW_LIMITS,
  OutputWindow,
  type WindowCursor,
  type WindowLimits,
  type WindowView,
} from "./output.ts";
import { type SpillSummary, SpillWriter } from "./spill.ts";
import { countLineBreaks, type GateLimits, type GateSink, TailGate } from "./tail-gate.ts";

/**
 * An unterminated line is held back so a secret is never split between two redaction calls. A line
 * longer than this is released at its last whitespace (token shapes contain none), or whole.
 */
const MAX_HELD_BACK_CHARS = 64 * 1024;

export interface CaptureOptions {
  redact(text: string): string;
  artifacts: ArtifactStore;
  /** Artifact kind, e.g. "bash.log". */
  kind: string;
  windowLimits?: WindowLimits;
  gateLimits?: GateLimits;
}

export interface CaptureResult {
  view: WindowView;
  /** Present when the window is not the whole output and the artifact was written. */
  spill?: SpillSummary;
  /** Why the full output could not be saved, when that failed. */
  spillError?: string;
}

export class OutputCapture {
  readonly #redact: (text: string) => string;
  readonly #window: OutputWindow;
  readonly #spill: SpillWriter;
  readonly #gate: TailGate;
  readonly #decoder = new TextDecoder();
  readonly #sink: GateSink = {
    pass: (bytes) => this.#writeText(this.#decoder.decode(bytes, { stream: true })),
    skip: (bytes, lines) => this.#skip(bytes, lines),
  };
  #heldBack = "";
  #released = 0;
  #result: CaptureResult | undefined;

  constructor(options: CaptureOptions) {
    this.#redact = options.redact;
    this.#window = new OutputWindow(options.windowLimits ?? DEFAULT_WINDOW_LIMITS);
    this.#spill = new SpillWriter(() => options.artifacts.allocate(options.kind));
    this.#gate = new TailGate(options.gateLimits);
  }

  /** Raw output bytes, in order. */
  write(bytes: Uint8Array): void {
    // A pipe drained after the command was reported has nothing left to add.
    if (this.#result !== undefined) return;
    this.#gate.write(bytes, this.#sink);
  }

  #writeText(text: string): void {
    const buffered = this.#heldBack + text;
    let release = buffered.lastIndexOf("\n") + 1;
    if (buffered.length - release > MAX_HELD_BACK_CHARS) {
      const whitespace = Math.max(buffered.lastIndexOf(" "), buffered.lastIndexOf("\t"));
      release = whitespace >= release ? whitespace + 1 : buffered.length;
    }
    this.#heldBack = buffered.slice(release);
    if (release > 0) this.#accept(this.#redact(buffered.slice(0, release)));
  }

  /** Changes exactly when a snapshot may show something new: output released or held by the gate. */
  get progress(): number {
    return this.#released + this.#gate.held;
  }

  /**
   * The output so far after `since`. An unterminated last line is not shown yet: redacting part of
   * a secret could let the rest of it through.
   */
  snapshot(since?: WindowCursor): WindowView {
    this.#gate.flush(this.#sink);
    return this.#window.render(since);
  }

  /** Ends the stream: flushes, writes the artifact when the window lost anything, closes it. */
  finish(): CaptureResult {
    if (this.#result !== undefined) return this.#result;
    this.#gate.flush(this.#sink);
    this.#heldBack += this.#decoder.decode();
    if (this.#heldBack.length > 0) this.#accept(this.#redact(this.#heldBack));
    this.#heldBack = "";
    this.#window.end();
    // An artifact is only worth referencing when the window is not the whole output.
    const lossless = this.#window.lossless;
    if (!lossless) this.#spill.materialise();
    const spill = this.#spill.close();
    this.#result = { view: this.#window.render(), spill: lossless ? undefined : spill, spillError: this.#spill.error };
    // A command that went past the gate left megabytes of garbage (its first 512 KiB as strings,
    // the pipe's chunks): collect it now, before the run builds its next request on top of it.
    if (this.#gate.gapped) Bun.gc(true);
    return this.#result;
  }

  /**
   * A gap: the gate left out `bytes` bytes. The held-back partial line belongs to it (released
   * alone, the start of a secret cut by the gap could be shown); the output resumes at a line start.
   */
  #skip(bytes: number, lines: number): void {
    const partial = this.#heldBack + this.#decoder.decode();
    this.#heldBack = "";
    const encoded = Buffer.from(partial, "utf8");
    const gap = bytes + encoded.length;
    this.#released += gap;
    this.#window.skip(gap, lines + countLineBreaks(encoded));
    this.#spill.skip(gap);
  }

  #accept(text: string): void {
    this.#released += text.length;
    this.#window.write(text);
    this.#spill.write(text);
  }
}
