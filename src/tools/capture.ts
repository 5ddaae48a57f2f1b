// What happens to a command's output on its way to the model: redaction, then the bounded window
// (what the model sees) and the capped spill file (what it can open with `read`).
import type { ArtifactStore } from "./types.ts";
import { DEFAULT_WINDOW_LIMITS, OutputWindow, type WindowCursor, type WindowLimits, type WindowView } from "./output.ts";
import { type SpillSummary, SpillWriter } from "./spill.ts";

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
}

export interface CaptureResult {
  view: WindowView;
  /** Present when the window is not the whole output and the artifact was written. */
  spill?: SpillSummary;
  /** Why the full output could not be saved, when that failed. */
  spillError?: string;
}

const COLLECT_EVERY_CHARS = 8 * 1024 * 1024;

export class OutputCapture {
  readonly #redact: (text: string) => string;
  readonly #window: OutputWindow;
  readonly #spill: SpillWriter;
  #heldBack = "";
  #released = 0;
  #sinceCollect = 0;
  #result: CaptureResult | undefined;

  constructor(options: CaptureOptions) {
    this.#redact = options.redact;
    this.#window = new OutputWindow(options.windowLimits ?? DEFAULT_WINDOW_LIMITS);
    this.#spill = new SpillWriter(() => options.artifacts.allocate(options.kind));
  }

  write(text: string): void {
    // A pipe drained after the command was reported has nothing left to add.
    if (this.#result !== undefined) return;
    const buffered = this.#heldBack + text;
    let release = buffered.lastIndexOf("\n") + 1;
    if (buffered.length - release > MAX_HELD_BACK_CHARS) {
      const whitespace = Math.max(buffered.lastIndexOf(" "), buffered.lastIndexOf("\t"));
      release = whitespace >= release ? whitespace + 1 : buffered.length;
    }
    this.#heldBack = buffered.slice(release);
    if (release > 0) this.#accept(this.#redact(buffered.slice(0, release)));
  }

  /** Characters passed on to the window so far: grows exactly when there is new output to show. */
  get released(): number {
    return this.#released;
  }

  /**
   * The output so far after `since`. An unterminated last line is not shown yet: redacting part of
   * a secret could let the rest of it through.
   */
  snapshot(since?: WindowCursor): WindowView {
    return this.#window.render(since);
  }

  /** Ends the stream: flushes, writes the artifact when the window lost anything, closes it. */
  finish(): CaptureResult {
    if (this.#result !== undefined) return this.#result;
    if (this.#heldBack.length > 0) this.#accept(this.#redact(this.#heldBack));
    this.#heldBack = "";
    this.#window.end();
    // An artifact is only worth referencing when the window is not the whole output.
    const lossless = this.#window.lossless;
    if (!lossless) this.#spill.materialise();
    const spill = this.#spill.close();
    this.#result = { view: this.#window.render(), spill: lossless ? undefined : spill, spillError: this.#spill.error };
    return this.#result;
  }

  #accept(text: string): void {
    this.#released += text.length;
    // A fast producer makes garbage faster than Bun's collector reclaims it: a synchronous collection
    // every 8 MB keeps a command printing gigabytes within a bounded footprint (bench/memory: the
    // tool's peak growth on 1 GB fell from 135 MB to about 50 MB, at about a second per GB).
    this.#sinceCollect += text.length;
    if (this.#sinceCollect >= COLLECT_EVERY_CHARS) {
      this.#sinceCollect = 0;
      Bun.gc(true);
    }
    this.#window.write(text);
    this.#spill.write(text);
  }
}
