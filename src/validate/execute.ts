// The validation commands run as the bash tool runs a command: in the workspace, as the tool user,
// in the sandbox's namespaces (so under the network policy), with the tool commands' environment,
// each with a time limit, its whole process group killed at the end. What comes back is whether it
// passed, how long it took, and its output's tail, redacted.
import { buildCommandEnv } from "../tools/bash/bash-env.ts";
import { startProcess } from "../tools/bash/process.ts";
import type { ToolContext } from "../tools/types.ts";

/** What of a command's output is kept: its last bytes, then its last lines. */
const TAIL_BYTES = 64 * 1024;
const TAIL_LINES = 40;
const TAIL_CHARS = 4000;

export interface CommandResult {
  command: string;
  passed: boolean;
  exitCode: number | null;
  /** Stopped at validate.timeoutSeconds. */
  timedOut: boolean;
  durationMs: number;
  /** The output's last lines, redacted. */
  tail: string;
}

export type CommandRunner = Pick<ToolContext, "workspace" | "env" | "commandEnv" | "runAs" | "signal" | "redact">;

/** However late the run is, a command gets at least this long. */
const MIN_SECONDS = 10;

/**
 * Each command in turn, all of them whatever the earlier ones did: the reply states each. Each may take
 * `timeoutSeconds`, and no longer than the run's deadline leaves (budgets.maxMinutes: the job must still
 * commit and reply), but at least MIN_SECONDS.
 */
export async function runCommands(
  commands: readonly string[],
  runner: CommandRunner,
  limits: { timeoutSeconds: number; deadline?: number; now?: () => number },
): Promise<CommandResult[]> {
  const results: CommandResult[] = [];
  for (const command of commands) {
    const left = limits.deadline === undefined ? Infinity : (limits.deadline - (limits.now ?? Date.now)()) / 1000;
    const seconds = Math.min(limits.timeoutSeconds, Math.max(MIN_SECONDS, Math.floor(left)));
    results.push(await runCommand(command, runner, seconds));
  }
  return results;
}

async function runCommand(command: string, runner: CommandRunner, timeoutSeconds: number): Promise<CommandResult> {
  const chunks: Uint8Array[] = [];
  let kept = 0;
  const running = startProcess({
    command,
    cwd: runner.workspace,
    env: buildCommandEnv({ ...runner.env, ...runner.commandEnv }),
    timeoutMs: timeoutSeconds * 1000,
    signal: runner.signal,
    runAs: runner.runAs,
    onOutput: (bytes) => {
      chunks.push(bytes.slice());
      kept += bytes.length;
      while (kept - (chunks[0]?.length ?? 0) >= TAIL_BYTES) kept -= chunks.shift()!.length;
    },
  });
  const outcome = await running.finished;
  const timedOut = outcome.stopReason === "timeout";
  const text = Buffer.concat(chunks).toString("utf8");
  const notes = [
    ...(outcome.spawnError ? [`(could not start: ${outcome.spawnError})`] : []),
    ...(timedOut ? [`(stopped after ${timeoutSeconds} s: validate.timeoutSeconds, or the run's deadline)`] : []),
  ];
  return {
    command,
    passed: outcome.exitCode === 0 && !outcome.stopReason,
    exitCode: outcome.exitCode,
    timedOut,
    durationMs: outcome.wallTimeMs,
    tail: runner.redact([tailOf(text), ...notes].filter(Boolean).join("\n")),
  };
}

/** The last lines of a command's output, at most TAIL_CHARS of them. */
function tailOf(text: string): string {
  const lines = text.replace(/\s+$/, "").split("\n").slice(-TAIL_LINES).join("\n");
  return lines.length > TAIL_CHARS ? `…${lines.slice(-TAIL_CHARS)}` : lines;
}
