// Reads what bench/trace-preload.ts recorded in an agent process and splits its wall time into
// phases. Every figure is a sum of measured intervals; "other" is what is left of the wall time.
import { readFileSync } from "node:fs";
import type { TraceEvent } from "./trace-preload.ts";

export type { TraceEvent };

export const readTrace = (path: string) => JSON.parse(readFileSync(path, "utf8")) as TraceEvent[];

const duration = (e: TraceEvent) => (e.end ?? e.start) - e.start;
const sum = (events: TraceEvent[]) => events.reduce((total, e) => total + duration(e), 0);
const WRITES = new Set(["POST", "PATCH", "PUT", "DELETE"]);
/** @octokit/plugin-throttling's write limiter: at most one write per second. */
const WRITE_SPACING_MS = 1000;

export const PHASES = [
  "process start + imports",
  "model turns (HTTP, streamed)",
  "tools (bash calls)",
  "git: setup before the loop",
  "git: commit + push",
  "sandbox: tool user, workspace sharing, release (processes)",
  "GitHub API calls (HTTP)",
  "GitHub: waiting in Octokit's write throttle",
  "loop JS between model and tool calls",
  "other (setup and wrap-up JS, exit)",
] as const;
export type Phase = (typeof PHASES)[number];

/** Milliseconds per phase of one run that started at `spawnedAt` (epoch ms) and lasted `wallMs`. */
export function splitRun(
  events: TraceEvent[],
  spawnedAt: number,
  wallMs: number,
): Record<Phase, number> & { githubCalls: number; gitCalls: number; modelCalls: number; throttledWrites: string[] } {
  const main = events.find((e) => e.kind === "main")?.start ?? spawnedAt;
  const model = events.filter((e) => e.kind === "fetch" && e.what === "model");
  const github = events.filter((e) => e.kind === "fetch" && e.what === "github");
  const git = events.filter((e) => e.kind === "spawn" && e.what.startsWith("git "));
  const loopStart = model[0]?.start ?? Infinity;
  const loopEnd = model.at(-1)?.end ?? Infinity;
  // The tool's own measurement, as the agent logs it: "✓ bash (4 ms)".
  const tools = events
    .flatMap((e) => (e.kind === "line" ? [Number(/^[✓✗] \S+ \((\d+) ms\)/.exec(e.what)?.[1] ?? Number.NaN)] : []))
    .filter(Number.isFinite);

  // A write that starts about a second after the previous one waited in the throttle for the idle
  // gap before it (nothing else was running).
  let throttled = 0;
  const throttledWrites: string[] = [];
  let lastWrite: TraceEvent | undefined;
  for (const call of github) {
    if (!WRITES.has(call.method ?? "GET")) continue;
    if (lastWrite && call.start - lastWrite.start < WRITE_SPACING_MS + 50) {
      const busyUntil = Math.max(
        ...events.filter((e) => e !== call && e.start < call.start).map((e) => e.end ?? e.start),
      );
      throttled += Math.max(0, call.start - busyUntil);
      throttledWrites.push(
        `${call.method} started ${Math.round(call.start - lastWrite.start)} ms after the ${lastWrite.method}, idle for the last ${Math.round(call.start - busyUntil)} ms`,
      );
    }
    lastWrite = call;
  }

  const phases: Record<Phase, number> = {
    "process start + imports": main - spawnedAt,
    "model turns (HTTP, streamed)": sum(model),
    "tools (bash calls)": tools.reduce((a, b) => a + b, 0),
    "git: setup before the loop": sum(git.filter((e) => e.start < loopStart)),
    "git: commit + push": sum(git.filter((e) => e.start > loopEnd)),
    // The sandbox's own commands (getent, id, install, sudo, chgrp, chmod, setfacl, kill …) run
    // before the first model call and after the last; the view's holder lives the whole run and is
    // not counted (its start is a few milliseconds of the unshare command).
    "sandbox: tool user, workspace sharing, release (processes)": sum(
      events.filter(
        (e) =>
          e.kind === "spawn" &&
          !e.what.startsWith("git ") &&
          (e.start < loopStart || e.start > loopEnd) &&
          !(e.start < loopStart && (e.end ?? Infinity) > loopEnd),
      ),
    ),
    "GitHub API calls (HTTP)": sum(github),
    "GitHub: waiting in Octokit's write throttle": throttled,
    // From the first model call to the end of the last: what is neither the model nor a tool
    // (building the context, streaming into messages, session appends, progress updates).
    "loop JS between model and tool calls": 0,
    "other (setup and wrap-up JS, exit)": 0,
  };
  const inLoop = (e: TraceEvent) => e.start >= loopStart && e.start <= loopEnd;
  phases["loop JS between model and tool calls"] =
    loopEnd -
    loopStart -
    phases["model turns (HTTP, streamed)"] -
    phases["tools (bash calls)"] -
    sum(github.filter(inLoop)) -
    sum(git.filter(inLoop));
  phases["other (setup and wrap-up JS, exit)"] = wallMs - Object.values(phases).reduce((a, b) => a + b, 0);
  return { ...phases, githubCalls: github.length, gitCalls: git.length, modelCalls: model.length, throttledWrites };
}

/** From the end of the last model call to the log line "gitclaw: replied": commit, push and reply. */
export function wrapUp(events: TraceEvent[]): number {
  const lastModel = events.filter((e) => e.kind === "fetch" && e.what === "model").at(-1);
  const replied = events.find((e) => e.kind === "line" && e.what.startsWith("gitclaw: replied"));
  return replied && lastModel?.end ? replied.start - lastModel.end : Number.NaN;
}

/** The push phase of one run: from its first `git push` to the log line "gitclaw: pushed …". */
export function pushPhase(
  events: TraceEvent[],
): { pushMs: number; gitMs: number; commitToPushedMs: number; attempts: number } | undefined {
  const pushes = events.filter((e) => e.kind === "spawn" && e.what.startsWith("git push"));
  // The commit starts with its staging: `git update-index --add` of the changed paths (`git add` before).
  const add = events.find((e) => e.kind === "spawn" && /^git (add|update-index --add)/.test(e.what));
  const pushed = events.find((e) => e.kind === "line" && e.what.startsWith("gitclaw: pushed"));
  if (!pushes[0] || !pushed || !add) return undefined;
  // Time inside git commands during the phase; the rest is the backoff between attempts.
  const git = sum(
    events.filter(
      (e) => e.kind === "spawn" && e.what.startsWith("git ") && e.start >= pushes[0]!.start && e.start < pushed.start,
    ),
  );
  // Attempts of this phase only: a run pushes again later (the session's last entries, after the reply).
  const attempts = pushes.filter((e) => e.start < pushed.start).length;
  return { pushMs: pushed.start - pushes[0].start, gitMs: git, commitToPushedMs: pushed.start - add.start, attempts };
}
