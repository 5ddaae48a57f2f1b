// Runs one shell command in its own process group and makes sure the whole group is gone when it
// finishes: on timeout, abort or cancel the group gets SIGTERM, then SIGKILL after a grace period;
// after a normal exit, background leftovers (`cmd &`) are terminated the same way. In a sandboxed
// run the command runs as the tool user (see src/sandbox/sandbox.ts).
import { existsSync } from "node:fs";
import { procFiles } from "./procfs.ts";
import { execa } from "execa";
import type { RunAs } from "../types.ts";

export const KILL_GRACE_MS = 5_000;
/**
 * When the whole run is cancelled, the runner kills everything 10 s after its first signal: the
 * commands get a short grace, so the run has the time to commit, push and reply.
 */
export const ABORT_GRACE_MS = 1_000;
/** How long readers may still drain the pipes once every process of the group is gone. */
const DRAIN_GRACE_MS = 500;
/** After SIGKILL the group dies promptly; this only bounds the wait if something is stuck in the kernel. */
const KILL_CONFIRM_MS = 2_000;
const GROUP_POLL_MS = 50;

export type StopReason = "timeout" | "abort" | "cancel";

export interface ProcessOptions {
  command: string;
  cwd: string;
  env: Record<string, string>;
  timeoutMs: number;
  /** Aborting it stops the command (reason "abort"). */
  signal: AbortSignal;
  /** Receives stdout and stderr, merged in arrival order, as raw bytes (valid during the call). */
  onOutput(bytes: Uint8Array): void;
  /** Run the command as this user instead of the agent's own. */
  runAs?: RunAs;
  /** What the command reads on stdin (default: nothing, stdin closed). */
  stdin?: Uint8Array;
  /** Receives stderr apart, when given: stdout alone goes to `onOutput` (a hook's answer, src/hooks/). */
  onStderr?(bytes: Uint8Array): void;
}

export interface ProcessOutcome {
  /** Exit code of the shell; null when it was killed by a signal or never started. */
  exitCode: number | null;
  signal: string | null;
  /** Set when we stopped the command. */
  stopReason?: StopReason;
  /** Set when the command could not be started at all. */
  spawnError?: string;
  wallTimeMs: number;
}

export interface RunningProcess {
  pid: number | undefined;
  finished: Promise<ProcessOutcome>;
  /** Stops the command (reason "cancel"); `finished` settles once the group is gone. */
  cancel(): void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

const isRoot = (): boolean => process.getuid?.() === 0;

interface Launch {
  file: string;
  args: string[];
  env: Record<string, string>;
}

// What sudo changes in the environment it passes on (with --preserve-env): its own SUDO_* variables,
// the target user's names and mail box, and PATH (secure_path). The allowed ones gitclaw sets again;
// they are never tools.env names (src/tool-env.ts refuses those), so no secret reaches a command line.
const SUDO_SETS = ["SUDO_COMMAND", "SUDO_USER", "SUDO_UID", "SUDO_GID", "SUDO_HOME", "MAIL", "USERNAME"];
const SUDO_RESETS = ["PATH", "HOME", "LOGNAME", "USER", "SHELL", "TERM"];

/** Runs the rest as the first process of a new PID namespace, with a /proc of its own. */
export const OWN_PID_NAMESPACE = ["unshare", "--pid", "--fork", "--kill-child", "--mount-proc", "--"];

/** The arguments of `env` that run `argv` in `cwd` with exactly `env`, undoing what sudo changed. */
function envArgs(env: Record<string, string>, cwd: string, argv: readonly string[]): string[] {
  if (isRoot()) return ["-C", cwd, ...argv];
  const unset = [...SUDO_SETS, ...SUDO_RESETS].filter((name) => env[name] === undefined);
  const reset = SUDO_RESETS.filter((name) => env[name] !== undefined).map((name) => `${name}=${env[name]}`);
  // Options first: env reads everything after its first assignment as assignments or the command.
  return [...unset.flatMap((name) => ["-u", name]), "-C", cwd, ...reset, ...argv];
}

/**
 * How to start `argv` as `runAs` in `cwd`, with HOME set to its home. Switching user, entering the
 * sandbox's mount and network namespaces (nsenter) and making the command's own PID namespace take
 * root: root runs them directly, anyone else through passwordless sudo, as on GitHub-hosted runners
 * (prepareSandbox checks that it works). The environment travels as the environment, never as
 * arguments: a tools.env value on sudo's command line would land in the system's logs.
 *
 * - `unshare --pid --fork --kill-child --mount-proc`: the command is the first process of a PID
 *   namespace of its own, so when it ends the kernel kills everything it started, also what
 *   double-forked into the background; its /proc shows only them. Where the machine cannot
 *   (RunAs.pidNamespaces), release() still kills what is left at the end of the run.
 * - `setpriv --no-new-privs`: set-user-ID and set-group-ID programs (crontab, at, sudo, su, pkexec)
 *   gain nothing, so the tool user cannot hand a job to a scheduler outside the sandbox.
 * - nsenter resets the working directory: `env -C` sets it again, inside the namespaces.
 */
export function launchAs(
  runAs: RunAs | undefined,
  argv: readonly string[],
  env: Record<string, string>,
  cwd = "/",
): Launch {
  const [file = "", ...args] = argv;
  if (runAs === undefined) return { file, args, env };
  const userEnv = { ...env, HOME: runAs.home };
  const namespaces = [
    ...(runAs.mountNamespacePid === undefined ? [] : [`--target=${runAs.mountNamespacePid}`, "--mount"]),
    ...(runAs.netNamespacePid === undefined ? [] : [`--net=/proc/${runAs.netNamespacePid}/ns/net`]),
  ];
  const enter = namespaces.length === 0 ? [] : ["nsenter", ...namespaces, "--"];
  const command = [
    ...enter,
    ...(runAs.pidNamespaces === false ? [] : OWN_PID_NAMESPACE),
    ...["setpriv", `--reuid=${runAs.uid}`, `--regid=${runAs.gid}`, "--clear-groups", "--no-new-privs", "--"],
    ...["env", ...envArgs(userEnv, cwd, argv)],
  ];
  const [first = "", ...rest] = isRoot() ? command : ["sudo", "-n", "--preserve-env", ...command];
  return { file: first, args: rest, env: userEnv };
}

/**
 * Whether any process of the group is still running. `kill(-pgid, 0)` alone is not enough: it
 * also succeeds for zombies, and orphans re-parented to an init that does not reap them (common in
 * containers) stay zombies forever. On Linux, /proc tells the states apart.
 */
const groupIsAlive = (pgid: number): boolean => {
  try {
    process.kill(-pgid, 0);
  } catch (error) {
    // EPERM: the group exists but belongs to the tool user; /proc still tells whether it runs.
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  if (process.platform !== "linux") return true;
  try {
    for (const { content } of procFiles("stat")) {
      // Fields after the parenthesised command name: state ppid pgrp …
      const [state, , pgrp] = content.slice(content.lastIndexOf(")") + 2).split(" ");
      if (Number(pgrp) === pgid && state !== "Z" && state !== "X") return true;
    }
  } catch {
    return true; // /proc unreadable: assume it still runs, and let the kill deadline decide
  }
  return false;
};

export const signalGroup = (pgid: number, signal: NodeJS.Signals, runAs: RunAs | undefined): void => {
  if (runAs !== undefined && !isRoot()) {
    // The tool user's processes accept signals only from themselves and root.
    void execa("sudo", ["-n", "kill", "-s", signal, "--", `-${pgid}`], { reject: false, stdin: "ignore" });
    return;
  }
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
};

/**
 * Reads a pipe to its end, handing each chunk to `onOutput` and then freeing it. Bun's native pipe
 * hands over whole buffers of their own: releasing each one at once keeps a command printing
 * gigabytes within a few MB, with no collection to wait for. (execa's Node streams over the same
 * pipe hand out slices of shared slabs, which only a full GC reclaims: 60 MB more per GB and a
 * second slower, bench/memory.) Returns the reader's cancel, to stop waiting for a pipe that a
 * process which left the group still holds open.
 */
function drain(
  pipe: ReadableStream<Uint8Array>,
  onOutput: (bytes: Uint8Array) => void,
): { ended: Promise<void>; cancel(): void } {
  const reader = pipe.getReader();
  const ended = (async () => {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      onOutput(value);
      const { buffer } = value;
      if (buffer instanceof ArrayBuffer && value.byteOffset === 0 && value.byteLength === buffer.byteLength)
        buffer.transfer(0);
    }
  })().catch(() => {});
  return { ended, cancel: () => void reader.cancel().catch(() => {}) };
}

/**
 * Bun.spawn rather than execa here: the output of an agent's commands is the one stream that can be
 * gigabytes, and the native pipe is what keeps it cheap (see drain). `detached` makes the shell a
 * process-group leader, so the group can be signalled as a whole.
 */
function spawnGroupLeader(
  launch: ReturnType<typeof launchAs>,
  cwd: string,
  stdin: Uint8Array | undefined,
): Bun.Subprocess<Bun.SpawnOptions.Writable, "pipe", "pipe"> {
  return Bun.spawn([launch.file, ...launch.args], {
    cwd,
    env: launch.env,
    detached: true,
    stdin: stdin ?? "ignore",
    stdout: "pipe",
    stderr: "pipe",
  });
}

/** posix_spawn reports a missing working directory as a missing program: name the real cause. */
const spawnErrorOf = (file: string, cwd: string, error: unknown): string =>
  existsSync(cwd)
    ? `${file} could not be started: ${(error as Error).message}`
    : `the working directory ${cwd} does not exist`;

const notStarted = (spawnError: string, startedAt: number): RunningProcess => ({
  pid: undefined,
  finished: Promise.resolve({ exitCode: null, signal: null, spawnError, wallTimeMs: performance.now() - startedAt }),
  cancel: () => {},
});

export function startProcess(options: ProcessOptions): RunningProcess {
  const startedAt = performance.now();
  // `exec 2>&1` gives stderr the same pipe as stdout, so the kernel keeps their order. The command
  // is passed as an argument and `eval`ed in the same shell (a second `bash -c` would double the
  // cost of a short command, bench/bash-overhead); its line numbers stay its own.
  const script = options.onStderr ? 'eval "$1"' : 'exec 2>&1; eval "$1"';
  const launch = launchAs(options.runAs, ["bash", "-c", script, "bash", options.command], options.env, options.cwd);
  let subprocess: Bun.Subprocess<Bun.SpawnOptions.Writable, "pipe", "pipe">;
  try {
    subprocess = spawnGroupLeader(launch, options.cwd, options.stdin);
  } catch (error) {
    return notStarted(spawnErrorOf(launch.file, options.cwd, error), startedAt);
  }
  const group = new GroupStop(subprocess.pid, options.runAs);
  const pipes = [
    drain(subprocess.stdout, options.onOutput),
    drain(subprocess.stderr, options.onStderr ?? options.onOutput),
  ];
  const leaderExited = subprocess.exited.then((code) => {
    group.leaderGone = true;
    const signal = subprocess.signalCode === null ? null : String(subprocess.signalCode);
    return { code: signal === null ? code : null, signal };
  });
  const timeoutTimer = setTimeout(() => group.stop("timeout"), options.timeoutMs);
  const onAbort = () => group.stop("abort");
  options.signal.addEventListener("abort", onAbort, { once: true });
  if (options.signal.aborted) onAbort();

  const supervise = async (): Promise<ProcessOutcome> => {
    const exit = await leaderExited;
    clearTimeout(timeoutTimer);
    await group.windUp(options.signal.aborted);
    await settlePipes(pipes);
    return {
      exitCode: exit.code,
      signal: exit.signal,
      stopReason: group.reason,
      wallTimeMs: performance.now() - startedAt,
    };
  };
  const finished = supervise().finally(() => {
    clearTimeout(timeoutTimer);
    group.dispose();
    options.signal.removeEventListener("abort", onAbort);
  });
  return { pid: subprocess.pid, finished, cancel: () => group.stop("cancel") };
}

/** Stopping a command's process group: SIGTERM, then SIGKILL once its grace is over. */
class GroupStop {
  reason: StopReason | undefined;
  leaderGone = false;
  private killDeadline: number | undefined;
  private killTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly pid: number,
    private readonly runAs: RunAs | undefined,
  ) {}

  /** Stops the group, once: not after the shell exited (its group is being wound up anyway, and its id may be reused). */
  stop(reason: StopReason): void {
    if (this.reason !== undefined || this.leaderGone) return;
    this.reason = reason;
    this.terminate(reason === "abort" ? ABORT_GRACE_MS : KILL_GRACE_MS);
  }

  /** Leftovers still in the group (background jobs of the command) are not allowed to outlive it. */
  async windUp(aborted: boolean): Promise<void> {
    if (groupIsAlive(this.pid)) this.terminate(aborted ? ABORT_GRACE_MS : KILL_GRACE_MS);
    const confirmed = () => this.killDeadline === undefined || Date.now() >= this.killDeadline + KILL_CONFIRM_MS;
    while (groupIsAlive(this.pid) && !confirmed()) await sleep(GROUP_POLL_MS);
  }

  dispose(): void {
    clearTimeout(this.killTimer);
  }

  private terminate(graceMs: number): void {
    const pid = this.pid;
    if (this.killDeadline !== undefined) return;
    signalGroup(pid, "SIGTERM", this.runAs);
    this.killDeadline = Date.now() + graceMs;
    this.killTimer = setTimeout(() => signalGroup(pid, "SIGKILL", this.runAs), graceMs);
  }
}

/** Waits for the pipes to end; a process that left the group (setsid) may still hold them open, so not for long. */
async function settlePipes(pipes: ReturnType<typeof drain>[]): Promise<void> {
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const grace = new Promise<false>((resolve) => (graceTimer = setTimeout(() => resolve(false), DRAIN_GRACE_MS)));
  const drained = await Promise.race([Promise.all(pipes.map((pipe) => pipe.ended)).then(() => true as const), grace]);
  // Cleared, or the pending grace would hold the process open after its last command.
  clearTimeout(graceTimer);
  if (!drained) for (const pipe of pipes) pipe.cancel();
}
