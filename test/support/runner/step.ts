// One `run:` step, started and stopped the way a GitHub-hosted runner does it: the script in a file,
// `bash --noprofile --norc -e -o pipefail <file>`, in a process group of its own; fresh
// GITHUB_OUTPUT, GITHUB_ENV and GITHUB_STEP_SUMMARY files; and on cancel, SIGINT to the step's
// process, SIGTERM 7.5 s later, and the whole tree killed 2.5 s after that.
import { appendFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

export interface StepResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** `name=value` and heredoc entries the step wrote to $GITHUB_OUTPUT. */
  outputs: Record<string, string>;
  /** What it wrote to $GITHUB_ENV, for the steps after it. */
  env: Record<string, string>;
  /** What signals the runner sent, in order (cancellation). */
  signals: string[];
}

export interface RunningStep {
  pid: number;
  result: Promise<StepResult>;
  /** Cancels as the runner does (SIGINT, SIGTERM after 7.5 s, SIGKILL to the tree 2.5 s later). */
  cancel(): void;
  /** Kills the step's whole process tree at once, as a lost runner would. */
  kill(): void;
}

export interface StepSpec {
  script: string;
  cwd: string;
  env: Record<string, string>;
  /** Where the runner keeps its per-step files (a job's RUNNER_TEMP). */
  runnerTemp: string;
  /** Appended to by the step through $GITHUB_STEP_SUMMARY (the job summary). */
  summaryFile?: string;
}

export const CANCEL_SIGTERM_AFTER_MS = 7_500;
export const CANCEL_KILL_AFTER_MS = 2_500;

let steps = 0;

/** `pid` and all its descendants, found by parent pid in /proc (the runner kills a tree, not a group). */
export function processTree(pid: number): number[] {
  const parents = new Map<number, number[]>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // The command name is in parentheses and may hold spaces: the fields after it are fixed.
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(name)]);
    } catch {
      // Gone meanwhile.
    }
  }
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(parents.get(tree[i]!) ?? []));
  return tree;
}

/** `name=value` lines and `name<<DELIMITER` blocks, as the runner reads GITHUB_OUTPUT and GITHUB_ENV. */
export function readCommandFile(path: string): Record<string, string> {
  if (!existsSync(path)) return {};
  const lines = readFileSync(path, "utf8").split("\n");
  const values: Record<string, string> = {};
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name, delimiter] = heredoc;
      const body: string[] = [];
      while (++i < lines.length && lines[i] !== delimiter) body.push(lines[i]!);
      values[name!] = body.join("\n");
    } else if (line.includes("=")) values[line.slice(0, line.indexOf("="))] = line.slice(line.indexOf("=") + 1);
  }
  return values;
}

export function startStep(spec: StepSpec): RunningStep {
  const id = `${process.pid}-${++steps}`;
  const dir = join(spec.runnerTemp, "_runner_file_commands");
  mkdirSync(dir, { recursive: true });
  const files = {
    script: join(spec.runnerTemp, `step-${id}.sh`),
    output: join(dir, `set_output_${id}`),
    env: join(dir, `set_env_${id}`),
    summary: join(dir, `step_summary_${id}`),
  };
  writeFileSync(files.script, spec.script);
  for (const file of [files.output, files.env, files.summary]) writeFileSync(file, "");
  const child = Bun.spawn(["bash", "--noprofile", "--norc", "-e", "-o", "pipefail", files.script], {
    cwd: spec.cwd,
    env: { ...spec.env, GITHUB_OUTPUT: files.output, GITHUB_ENV: files.env, GITHUB_STEP_SUMMARY: files.summary },
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
    // A process group of its own, as the runner gives every step.
    detached: true,
  });
  const signals: string[] = [];
  const timers: ReturnType<typeof setTimeout>[] = [];
  const send = (signal: NodeJS.Signals, tree: boolean) => {
    signals.push(signal);
    // The tree, and the step's process group too: children whose parent already died were reparented.
    for (const pid of tree ? [...processTree(child.pid), -child.pid] : [child.pid]) {
      try {
        process.kill(pid, signal);
      } catch {
        // Already gone.
      }
    }
  };
  const result = (async (): Promise<StepResult> => {
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    for (const timer of timers) clearTimeout(timer);
    // The runner kills what a finished step left running in its group.
    try {
      process.kill(-child.pid, "SIGKILL");
    } catch {
      // Nothing left.
    }
    if (spec.summaryFile) appendFileSync(spec.summaryFile, readFileSync(files.summary, "utf8"));
    return {
      exitCode,
      stdout,
      stderr,
      outputs: readCommandFile(files.output),
      env: readCommandFile(files.env),
      signals,
    };
  })();
  return {
    pid: child.pid,
    result,
    cancel() {
      if (signals.length) return;
      send("SIGINT", false);
      timers.push(setTimeout(() => send("SIGTERM", false), CANCEL_SIGTERM_AFTER_MS));
      timers.push(setTimeout(() => send("SIGKILL", true), CANCEL_SIGTERM_AFTER_MS + CANCEL_KILL_AFTER_MS));
    },
    kill: () => send("SIGKILL", true),
  };
}
