// One progress comment per run: it appears once the run has lasted a moment ("working…", run
// link), is edited as the agent goes — one checklist line per tool call — at most once per
// throttle interval, and finally becomes the reply. The 👀 reaction stays the instant signal; this
// is the narrative. A run done within the delay just replies: one comment, one write.
import type { AgentEvent } from "../agent/loop.ts";
import type { GitHubApi } from "../github/api.ts";
import type { Repo } from "../github/operations.ts";
import { issueThread, type ReplyThread } from "../github/thread.ts";
import { formatDuration } from "./format.ts";
import { progressMarker, withReplyMarker } from "../github/marker.ts";
import { faultPoint } from "./fault.ts";
import { plural } from "../text/format.ts";

export interface Step {
  label: string;
  status: "running" | "ok" | "error";
  durationMs?: number;
}

export interface ProgressOptions {
  api: GitHubApi;
  repo: Repo;
  issueNumber: number;
  /** Where the comment goes (default: the issue's comments). */
  thread?: ReplyThread;
  runUrl: string;
  throttleMs?: number;
  /** How long the run goes before the comment is posted; 0 posts it at start. */
  delayMs?: number;
  now?: () => number;
  redact: (text: string) => string;
  /**
   * Called with the comment id once it exists, so the backstop can finish it if the run dies; should
   * it die before, the backstop finds the comment by its marker (progressMarker).
   */
  onCreated?: (commentId: number) => void;
  log?: (line: string) => void;
}

/** One line per tool call: the tool and the gist of its arguments. */
export function describeCall(name: string, args: Record<string, unknown>): string {
  const gist =
    typeof args.command === "string"
      ? args.command
      : typeof args.path === "string"
        ? args.path
        : typeof args.op === "string"
          ? args.op
          : "";
  const oneLine = gist.replace(/\s+/g, " ").trim();
  const short = oneLine.length > 80 ? `${oneLine.slice(0, 77)}…` : oneLine;
  return short ? `${name} \`${short.replace(/`/g, "'")}\`` : name;
}

export function renderSteps(steps: readonly Step[]): string {
  return steps
    .map((s) => {
      const mark = s.status === "running" ? "⏳" : s.status === "ok" ? "✓" : "✗";
      const time = s.durationMs === undefined ? "" : ` (${formatDuration(s.durationMs, true)})`;
      return `- ${mark} ${s.label}${time}`;
    })
    .join("\n");
}

export class ProgressComment {
  readonly steps: Step[] = [];
  private commentId: number | undefined;
  /** When the last write started: writes are spaced from start to start, however long each takes. */
  private lastWrite = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: Promise<unknown> = Promise.resolve();
  /** An edit is on its way to GitHub: the next one waits for it, then for the rest of the interval. */
  private inFlight = false;
  /** Something changed since the last edit. */
  private dirty = false;
  /** The reply is being written: no more live edits. */
  private closed = false;
  private turn = 0;
  private readonly now: () => number;
  private readonly throttleMs: number;
  private readonly thread: ReplyThread;

  constructor(private readonly options: ProgressOptions) {
    this.now = options.now ?? Date.now;
    this.throttleMs = options.throttleMs ?? 3000;
    this.thread = options.thread ?? issueThread(options.api, options.repo, options.issueNumber);
  }

  /** Posts the "working…" comment after the delay, or now when there is none. */
  async start(): Promise<void> {
    const delayMs = this.options.delayMs ?? 0;
    if (delayMs === 0) return this.post();
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pending = this.pending.then(() => this.post());
    }, delayMs);
    this.timer.unref?.();
  }

  /** A failure here only costs the live view, never the run. */
  private async post(): Promise<void> {
    try {
      this.lastWrite = this.now();
      const id = await this.thread.post(this.body());
      faultPoint("after-progress-comment", process.env);
      this.commentId = id;
      this.options.onCreated?.(id);
    } catch (error) {
      this.options.log?.(`could not post the progress comment: ${(error as Error).message}`);
    }
  }

  onEvent(event: AgentEvent): void {
    if (event.type === "turn_start") this.turn = event.turn;
    else if (event.type === "tool_start")
      this.steps.push({ label: describeCall(event.call.name, event.call.arguments), status: "running" });
    else if (event.type === "tool_end") {
      const step = this.steps.findLast((s) => s.status === "running");
      if (step) Object.assign(step, { status: event.result.isError ? "error" : "ok", durationMs: event.durationMs });
    } else return;
    this.schedule();
  }

  /**
   * Throttled: one edit at a time, each starting at least the interval after the one before (an
   * edit still in flight counts), carrying the latest state when it starts.
   */
  private schedule(): void {
    this.dirty = true;
    if (this.closed || this.commentId === undefined || this.timer || this.inFlight) return;
    const wait = Math.max(0, this.lastWrite + this.throttleMs - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.pending = this.pending.then(() => this.edit());
    }, wait);
  }

  private async edit(): Promise<void> {
    if (this.commentId === undefined || !this.dirty) return;
    this.dirty = false;
    this.inFlight = true;
    this.lastWrite = this.now();
    try {
      await this.thread.edit(this.commentId, this.body());
    } catch (error) {
      this.options.log?.(`could not update the progress comment: ${(error as Error).message}`);
    } finally {
      this.inFlight = false;
    }
    if (this.dirty) this.schedule();
  }

  private body(): string {
    const header = `⏳ **gitclaw is working…**${this.turn ? ` (turn ${this.turn})` : ""} · [run](${this.options.runUrl})`;
    const steps = this.steps.length ? `\n\n${renderSteps(this.steps)}` : "";
    return this.options.redact(withReplyMarker(`${header}${steps}\n${progressMarker(this.options.runUrl)}`));
  }

  /** The checklist folded under the reply, so the final comment keeps the record of what was done. */
  stepsDetails(): string {
    if (this.steps.length === 0) return "";
    return `<details><summary>${plural(this.steps.length, "step")}</summary>\n\n${renderSteps(this.steps)}\n\n</details>`;
  }

  /**
   * Turns the progress comment into the reply's first part; returns false when there is no progress
   * comment to reuse (the caller then posts the reply as new comments).
   */
  async finish(firstBody: string): Promise<boolean> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.pending;
    if (this.commentId === undefined) return false;
    try {
      await this.thread.edit(this.commentId, firstBody);
      return true;
    } catch (error) {
      this.options.log?.(`could not turn the progress comment into the reply: ${(error as Error).message}`);
      return false;
    }
  }
}
