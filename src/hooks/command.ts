// One hook command, run as a tool command is (src/tools/bash/process.ts): as the tool user, in the
// sandbox, under the network policy, with the tool commands' environment (no secret but tools.env's)
// and its own `env`, killed with its process group at its timeoutSec. The event's JSON on stdin;
// stdout is its answer, stderr only a clue for why it failed. Both bounded.
import { posix } from "node:path";
import { buildCommandEnv } from "../tools/bash/bash-env.ts";
import { startProcess } from "../tools/bash/process.ts";
import type { ToolContext } from "../tools/types.ts";
import type { Hook } from "./read.ts";

/** What a hook's stdout may hold (an answer is a line of JSON), and what of stderr is kept. */
const KEPT = { stdout: 64 * 1024, stderr: 2 * 1024 };

/** Where and as whom hooks run: the tools' context, and the root of the default branch's files. */
export interface HookPlace {
  root: string;
  context: Pick<ToolContext, "env" | "commandEnv" | "runAs" | "signal">;
}

export interface HookOutcome {
  /** Why it failed (did not start, timed out, exited non-zero), or undefined when it exited 0. */
  failure?: string;
  stdout: string;
}

export async function runHookCommand(hook: Hook, input: unknown, place: HookPlace): Promise<HookOutcome> {
  const stdout = new Bounded(KEPT.stdout);
  const stderr = new Bounded(KEPT.stderr);
  const { context } = place;
  const running = startProcess({
    command: hook.bash,
    cwd: posix.join(place.root, hook.cwd),
    env: buildCommandEnv({ ...context.env, ...context.commandEnv }, hook.env),
    timeoutMs: hook.timeoutSec * 1000,
    signal: context.signal,
    runAs: context.runAs,
    stdin: new TextEncoder().encode(`${JSON.stringify(input)}\n`),
    onOutput: (bytes) => stdout.add(bytes),
    onStderr: (bytes) => stderr.add(bytes),
  });
  const outcome = await running.finished;
  const clue = stderr.text().trim().split("\n").at(-1)?.slice(0, 300);
  const said = clue ? `: ${clue}` : "";
  const failure = outcome.spawnError
    ? `it could not start: ${outcome.spawnError}`
    : outcome.stopReason === "timeout"
      ? `it ran past its timeoutSec (${hook.timeoutSec} s)`
      : outcome.stopReason
        ? "it was stopped with the run"
        : outcome.exitCode !== 0
          ? `it exited with ${outcome.exitCode ?? outcome.signal}${said}`
          : undefined;
  return { ...(failure ? { failure } : {}), stdout: stdout.text() };
}

/** Bytes up to a limit; what comes after is dropped and marked. */
class Bounded {
  private readonly chunks: Uint8Array[] = [];
  private size = 0;
  private cut = false;

  constructor(private readonly limit: number) {}

  add(bytes: Uint8Array): void {
    const room = this.limit - this.size;
    if (room <= 0) return void (this.cut = true);
    const kept = bytes.byteLength > room ? bytes.slice(0, room) : bytes.slice();
    if (kept.byteLength < bytes.byteLength) this.cut = true;
    this.chunks.push(kept);
    this.size += kept.byteLength;
  }

  text(): string {
    return new TextDecoder().decode(Buffer.concat(this.chunks)) + (this.cut ? "\n[cut]" : "");
  }
}
