// The text the model reads after a command (foreground, or a finished background job): output
// window, notices, and a last line saying how the command ended when it did not succeed.
import type { CaptureResult } from "./capture.ts";
import { DEFAULT_WINDOW_LIMITS, type WindowView } from "./output.ts";
import type { ProcessOutcome } from "./process.ts";
import { fail, ok, type ToolResult } from "../types.ts";
import { formatBytes, plural } from "../../text/format.ts";

export const DEFAULT_TIMEOUT_SECONDS = 300;
export const MIN_TIMEOUT_SECONDS = 1;
export const MAX_TIMEOUT_SECONDS = 3600;

export interface TimeoutSetting {
  seconds: number;
  requestedSeconds: number;
  /** Set when the request was outside the allowed range. */
  notice?: string;
}

export function resolveTimeout(requested: number | undefined): TimeoutSetting {
  const requestedSeconds = requested ?? DEFAULT_TIMEOUT_SECONDS;
  const seconds = Math.min(MAX_TIMEOUT_SECONDS, Math.max(MIN_TIMEOUT_SECONDS, requestedSeconds));
  if (seconds === requestedSeconds) return { seconds, requestedSeconds };
  return {
    seconds,
    requestedSeconds,
    notice: `Timeout clamped to ${seconds}s (requested ${requestedSeconds}s; allowed range ${MIN_TIMEOUT_SECONDS}-${MAX_TIMEOUT_SECONDS}s).`,
  };
}

/** The last line of an unsuccessful command, or undefined when it exited with 0. */
function describeEnding(outcome: ProcessOutcome, timeout: TimeoutSetting): string | undefined {
  if (outcome.spawnError !== undefined) return `Failed to start command: ${outcome.spawnError}`;
  switch (outcome.stopReason) {
    case "timeout":
      return `Command timed out after ${timeout.seconds} seconds`;
    case "abort":
      return "Command aborted: the run is being cancelled";
    case "cancel":
      return "Command cancelled";
  }
  if (outcome.signal !== null) return `Command was killed by signal ${outcome.signal}`;
  if (outcome.exitCode !== 0) return `Command exited with code ${outcome.exitCode}`;
  return undefined;
}

const formatRanges = (ranges: Array<[number, number]>): string =>
  ranges.map(([first, last]) => (first === last ? `${first}` : `${first}-${last}`)).join(" and ");

/**
 * Says what the window left out and where the full output is, or undefined when nothing was. The
 * artifact is named whenever there is one: a job's last poll may be complete while earlier polls
 * were not.
 */
function describeTruncation(
  view: WindowView,
  capture: Pick<CaptureResult, "spill" | "spillError">,
): string | undefined {
  const parts: string[] = [];
  if (view.elidedLines > 0) {
    parts.push(
      `Showing lines ${formatRanges(view.shownRanges)} of ${view.totalLines}; ${plural(view.elidedLines, "middle line")} (${formatBytes(view.elidedBytes)}) elided.`,
    );
  }
  if (view.cutLines > 0)
    parts.push(`${plural(view.cutLines, "long line")} cut at ${DEFAULT_WINDOW_LIMITS.maxLineChars} characters.`);
  const { spill, spillError } = capture;
  if (spill !== undefined) {
    const capped =
      spill.droppedBytes > 0
        ? ` (${formatBytes(spill.totalBytes)} capped: ${formatBytes(spill.droppedBytes)} of the middle left out)`
        : "";
    parts.push(`Full output${capped}: ${spill.ref} (open it with the read tool).`);
  } else if (parts.length > 0 && spillError !== undefined) {
    parts.push(`The full output could not be saved: ${spillError}`);
  }
  return parts.length > 0 ? `[${parts.join(" ")}]` : undefined;
}

export interface CommandReport {
  view: WindowView;
  capture: CaptureResult;
  outcome: ProcessOutcome;
  timeout: TimeoutSetting;
  /** Lines before the body, e.g. a background job's header. */
  heading?: string;
}

export function formatCommandResult({ view, capture, outcome, timeout, heading }: CommandReport): ToolResult {
  const ending = describeEnding(outcome, timeout);
  const trailer = [describeTruncation(view, capture), timeout.notice, ending].filter((line) => line !== undefined);
  const body = view.text === "" ? "(no output)" : view.text;
  const text = [heading, trailer.length > 0 ? `${body}\n\n${trailer.join("\n")}` : body]
    .filter((part) => part !== undefined)
    .join("\n\n");
  const details = {
    exitCode: outcome.exitCode,
    signal: outcome.signal,
    wallTimeMs: Math.round(outcome.wallTimeMs),
    timeoutSeconds: timeout.seconds,
    requestedTimeoutSeconds: timeout.requestedSeconds,
    stopReason: outcome.stopReason,
    truncation: {
      totalLines: view.totalLines,
      shownRanges: view.shownRanges,
      elidedLines: view.elidedLines,
      elidedBytes: view.elidedBytes,
      cutLines: view.cutLines,
      artifact: capture.spill?.ref,
      outputBytes: capture.spill?.totalBytes,
      artifactDroppedBytes: capture.spill?.droppedBytes,
    },
  };
  return ending === undefined ? ok(text, details) : fail(text, details);
}
