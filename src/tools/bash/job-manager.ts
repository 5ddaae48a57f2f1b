// Background commands (`bash` with `async: true`): each runs like a foreground command (same
// process group handling, redaction, window and spill) while the model keeps working, and is
// followed through the `job` tool. Whatever still runs at the end of the run is killed.
import { OutputCapture, type CaptureResult } from "./capture.ts";
import type { TimeoutSetting } from "./command-result.ts";
import type { WindowCursor, WindowView } from "./output.ts";
import { type ProcessOutcome, type RunningProcess, startProcess } from "./process.ts";
import type { ToolContext } from "../types.ts";

/** After the first new output, wait this much longer so a burst arrives in one poll. */
const OUTPUT_BATCH_MS = 200;

export type JobState = "running" | "completed" | "failed" | "timed out" | "cancelled" | "aborted";

export interface Job {
  readonly id: string;
  readonly command: string;
  readonly cwd: string;
  readonly timeout: TimeoutSetting;
  readonly startedAt: number;
  outcome?: ProcessOutcome;
  capture?: CaptureResult;
}

interface JobEntry extends Job {
  readonly output: OutputCapture;
  readonly process: RunningProcess;
  readonly done: Promise<void>;
  /** What the model has seen through polls: the window position and `OutputCapture.progress`. */
  cursor: WindowCursor;
  seenProgress: number;
  /** Called on new visible output and when the job ends. */
  listeners: Set<() => void>;
}

export interface JobStart {
  command: string;
  cwd: string;
  env: Record<string, string>;
  timeout: TimeoutSetting;
  context: ToolContext;
}

export interface JobPoll {
  job: Job;
  /** Output since the previous poll. */
  view: WindowView;
}

export const jobState = (job: Job): JobState => {
  const outcome = job.outcome;
  if (outcome === undefined) return "running";
  switch (outcome.stopReason) {
    case "timeout":
      return "timed out";
    case "cancel":
      return "cancelled";
    case "abort":
      return "aborted";
  }
  return outcome.exitCode === 0 ? "completed" : "failed";
};

/** A one-line label for a command: its first line, shortened. */
export const commandLabel = (command: string): string => {
  const firstLine = command.trim().split("\n")[0] ?? "";
  const label = firstLine.length > 80 ? `${firstLine.slice(0, 79)}…` : firstLine;
  return command.trim().includes("\n") ? `${label} …` : label;
};

export class JobManager {
  readonly #jobs = new Map<string, JobEntry>();
  #nextId = 1;

  start(spec: JobStart): Job {
    const id = `job-${this.#nextId++}`;
    const output = new OutputCapture({
      redact: spec.context.redact,
      artifacts: spec.context.artifacts,
      kind: "bash.log",
    });
    const listeners = new Set<() => void>();
    const notify = () => {
      for (const listener of listeners) listener();
    };
    const running = startProcess({
      command: spec.command,
      cwd: spec.cwd,
      env: spec.env,
      timeoutMs: spec.timeout.seconds * 1000,
      signal: spec.context.signal,
      runAs: spec.context.runAs,
      onOutput: (bytes) => {
        const before = output.progress;
        output.write(bytes);
        if (output.progress !== before) notify();
      },
    });
    const entry: JobEntry = {
      id,
      command: spec.command,
      cwd: spec.cwd,
      timeout: spec.timeout,
      startedAt: Date.now(),
      output,
      process: running,
      cursor: { lines: 0, bytes: 0 },
      seenProgress: 0,
      listeners,
      done: running.finished.then((outcome) => {
        entry.capture = output.finish();
        entry.outcome = outcome;
        notify();
      }),
    };
    this.#jobs.set(id, entry);
    return entry;
  }

  get(id: string): Job | undefined {
    return this.#jobs.get(id);
  }

  list(): Job[] {
    return [...this.#jobs.values()];
  }

  /**
   * Waits up to `waitMs` for the job to finish or print something new (or for `signal`), then
   * returns the output the model has not seen yet and marks it seen.
   */
  async poll(id: string, waitMs: number, signal: AbortSignal): Promise<JobPoll> {
    const entry = this.#entry(id);
    const deadline = Date.now() + waitMs;
    const hasNews = () => entry.outcome !== undefined || entry.output.progress !== entry.seenProgress;
    if (!hasNews()) {
      while (!hasNews() && !signal.aborted && Date.now() < deadline)
        await this.#nextEvent(entry, deadline - Date.now(), signal);
      // Output usually comes in bursts: give the rest of this one a moment to arrive.
      if (entry.outcome === undefined && !signal.aborted) {
        await this.#nextEvent(
          entry,
          Math.min(OUTPUT_BATCH_MS, deadline - Date.now()),
          signal,
          () => entry.outcome !== undefined,
        );
      }
    }
    const view = entry.output.snapshot(entry.cursor);
    entry.cursor = view.cursor;
    entry.seenProgress = entry.output.progress;
    return { job: entry, view };
  }

  /** Stops a running job and waits until its process group is gone. */
  async cancel(id: string): Promise<void> {
    const entry = this.#entry(id);
    entry.process.cancel();
    await entry.done;
  }

  /**
   * Kills every job still running; returns one note per job the end of the run killed, including
   * jobs already stopped because the run was aborted.
   */
  async dispose(): Promise<string[]> {
    const entries = [...this.#jobs.values()];
    const running = new Set(entries.filter((entry) => entry.outcome === undefined));
    await Promise.all([...running].map((entry) => this.cancel(entry.id)));
    return entries
      .filter((entry) => running.has(entry) || entry.outcome?.stopReason === "abort")
      .map(
        (entry) =>
          `Background job ${entry.id} was still running when the run ended and was killed: ${commandLabel(entry.command)}`,
      );
  }

  /** Callers look ids up with `get` first: an unknown id here is a bug. */
  #entry(id: string): JobEntry {
    const entry = this.#jobs.get(id);
    if (entry === undefined) throw new Error(`No background job ${id}`);
    return entry;
  }

  /** Resolves on the job's next event (output or end) when `accept` agrees, on timeout, or on abort. */
  #nextEvent(entry: JobEntry, ms: number, signal: AbortSignal, accept: () => boolean = () => true): Promise<void> {
    return new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        entry.listeners.delete(listener);
        signal.removeEventListener("abort", finish);
        resolve();
      };
      const listener = () => {
        if (accept()) finish();
      };
      const timer = setTimeout(finish, Math.max(0, ms));
      entry.listeners.add(listener);
      signal.addEventListener("abort", finish, { once: true });
    });
  }
}
