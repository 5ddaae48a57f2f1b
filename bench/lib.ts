// Shared helpers of the benchmarks: timing, statistics, the alternating runner, child processes,
// the emulated world (GitHub emulator, fake model, bare origin) and the machine description.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, release, tmpdir, totalmem, type as osType } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { toolEnvironment } from "../src/tool-env.ts";
import { writeTarget } from "../src/actions/run-state.ts";
import { createRedactor } from "../src/redact.ts";
import { createArtifactStore } from "../src/session/artifacts.ts";
import type { ToolContext } from "../src/tools/types.ts";
import type { FakeModel, Respond } from "../test/support/fake-model.ts";
import type { GitHubEmulator, RestIssue, RestIssueComment } from "../test/support/github-emulator.ts";
import type { TempRepo } from "../test/support/git-repo.ts";

// The emulator, the fake model and the webhook payloads are imported only by createWorld: processes
// that measure memory (bench/memory-child.ts) import this file and must not carry them.
export const PROJECT_ROOT = fileURLToPath(new URL("..", import.meta.url));

/** One line of the results table. `met` is undefined for figures without a target. */
export interface Row {
  figure: string;
  gitclaw: string;
  reference: string;
  ratio: string;
  target: string;
  met?: boolean;
}

export interface BenchContext {
  /** Repetitions per side (the benchmark's default unless --reps was given). */
  reps: number;
  log(line: string): void;
}

export interface Benchmark {
  name: string;
  title: string;
  /** One or two sentences for RESULTS.md: what is measured, against what. */
  method: string;
  defaultReps: number;
  /** Rows for the table, and notes (what dominates a missed target, how it was measured). */
  run(ctx: BenchContext): Promise<{ rows: Row[]; notes: string[] }>;
}

// ---------------------------------------------------------------------------------------------
// Time and statistics

export const now = () => performance.now();

export function median(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** Nearest-rank percentile (p in 0..100) of a non-empty sample. */
export function percentile(xs: readonly number[], p: number): number {
  if (xs.length === 0) return Number.NaN;
  const sorted = [...xs].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((p / 100) * sorted.length));
  return sorted[Math.min(sorted.length, rank) - 1]!;
}

export const ms = (x: number) =>
  x >= 10_000
    ? `${(x / 1000).toFixed(1)} s`
    : x >= 1000
      ? `${(x / 1000).toFixed(2)} s`
      : x >= 100
        ? `${x.toFixed(0)} ms`
        : x >= 10
          ? `${x.toFixed(1)} ms`
          : `${x.toFixed(2)} ms`;
export const us = (x: number) => `${x.toFixed(x >= 100 ? 0 : 1)} µs`;
/** Decimal megabytes (10^6 bytes), as the targets are stated. */
export const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
/** a/b as "1.23×"; with a third decimal when the ratio is that close to `limit`, so the cell agrees with "met?". */
export const ratio = (a: number, b: number, limit?: number) =>
  `${(a / b).toFixed(limit !== undefined && Math.abs(a / b - limit) < 0.005 ? 3 : 2)}×`;

export function summary(label: string, xs: readonly number[], fmt: (x: number) => string = ms): string {
  return `${label}: median ${fmt(median(xs))} (min ${fmt(Math.min(...xs))}, max ${fmt(Math.max(...xs))}, n=${xs.length})`;
}

/**
 * Runs every side once per repetition, alternating (A B A B …, the order flipped every other
 * repetition so neither side always runs first), after `warmup` unrecorded rounds.
 * Each side returns the figure it measured (usually milliseconds).
 */
export async function alternate<K extends string>(
  ctx: BenchContext,
  sides: Record<K, () => Promise<number>>,
  options: { warmup?: number; fmt?: (x: number) => string } = {},
): Promise<Record<K, number[]>> {
  const names = Object.keys(sides) as K[];
  const results = Object.fromEntries(names.map((n) => [n, [] as number[]])) as Record<K, number[]>;
  const fmt = options.fmt ?? ms;
  for (let round = -(options.warmup ?? 0); round < ctx.reps; round++) {
    const order = round % 2 === 0 ? names : [...names].reverse();
    const line: string[] = [];
    for (const name of order) {
      const value = await sides[name]();
      if (round >= 0) results[name].push(value);
      line.push(`${name} ${fmt(value)}`);
    }
    ctx.log(`  ${round < 0 ? "warmup" : `rep ${round + 1}/${ctx.reps}`}: ${line.join(", ")}`);
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Child processes

export interface Exec {
  exitCode: number;
  stdout: string;
  stderr: string;
  /** Wall time from spawn to exit, milliseconds. */
  wallMs: number;
  /** Epoch milliseconds just before the spawn (to line up with timestamps the child records). */
  spawnedAt: number;
}

export async function exec(
  cmd: string[],
  options: { cwd?: string; env?: Record<string, string | undefined>; check?: boolean } = {},
): Promise<Exec> {
  const spawnedAt = Date.now();
  const start = now();
  const child = Bun.spawn(cmd, { cwd: options.cwd, env: options.env, stdin: "ignore", stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  const wallMs = now() - start;
  if (options.check !== false && exitCode !== 0) {
    throw new Error(
      `${cmd.join(" ")} exited with ${exitCode}\n--- stdout\n${stdout.slice(-4000)}\n--- stderr\n${stderr.slice(-4000)}`,
    );
  }
  return { exitCode, stdout, stderr, wallMs, spawnedAt };
}

const tempDirs: string[] = [];

/** A fresh temp dir, removed by removeTempDirs() when the suite ends. */
export function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), `gitclaw-bench-${prefix}-`));
  tempDirs.push(dir);
  return dir;
}

export function removeTempDirs(): void {
  for (const dir of tempDirs.splice(0)) rmSync(dir, { recursive: true, force: true });
}

// ---------------------------------------------------------------------------------------------
// The emulated world: GitHub emulator, fake model, bare origin with a fresh checkout per run.

/** The stages as the action runs them: the bundles in dist/, with no bunfig.toml read (action.yml). */
export const STAGES = {
  guard: join(PROJECT_ROOT, "dist/GITCLAW-ENABLED.js"),
  indicator: join(PROJECT_ROOT, "dist/GITCLAW-INDICATOR.js"),
  agent: join(PROJECT_ROOT, "dist/GITCLAW-AGENT.js"),
} as const;
export const stageCommand = (stage: keyof typeof STAGES): string[] => ["bun", "--config=/dev/null", STAGES[stage]];

export const OWNER = "acme";
export const REPO = "widgets";
export const TOKEN = `ghs_${"BenchFakeToken".repeat(3)}`;
export const USER = "alice";

export interface World {
  gh: GitHubEmulator;
  model: FakeModel;
  repo: TempRepo;
  checkout(): Promise<string>;
  newIssue(title: string, body?: string): RestIssue;
  /** Writes the `issues.opened` event and returns the Actions environment of a run on it. */
  runEnv(issue: RestIssue, workspace: string, extra?: Record<string, string>): Record<string, string>;
  /** The same for an `issue_comment.created` event: `comment` continues the issue's conversation. */
  commentEnv(issue: RestIssue, comment: RestIssueComment, workspace: string): Record<string, string>;
  stop(): Promise<void>;
}

let checkouts = 0;
let runIds = 5000;

export async function createWorld(respond?: Respond, files: Record<string, string> = {}): Promise<World> {
  const [{ startGitHubEmulator }, { startFakeModel }, { createTempRepo }, payloads, { MODEL_KEY }] = await Promise.all([
    import("../test/support/github-emulator.ts"),
    import("../test/support/fake-model.ts"),
    import("../test/support/git-repo.ts"),
    import("../test/support/payloads.ts"),
    import("../test/support/workflow.ts"),
  ]);
  const gh = await startGitHubEmulator({ owner: OWNER, repo: REPO, token: TOKEN, validate: false });
  gh.addUser({ login: USER, permission: "write" });
  const model = await startFakeModel({ respond });
  const repo = await createTempRepo({ "README.md": "# widgets\n", "GITCLAW-ENABLED.md": "enabled\n", ...files });
  const target = { owner: OWNER, repo: REPO };
  const eventEnv = (eventName: string, payload: unknown, workspace: string, extra: Record<string, string> = {}) => {
    const runnerTemp = mkdtempSync(join(repo.root, "runner-"));
    const eventPath = join(runnerTemp, "event.json");
    writeFileSync(eventPath, JSON.stringify(payload));
    // What a hosted runner gives the agent step: no git identity, an empty HOME.
    const env: Record<string, string> = {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: mkdtempSync(join(repo.root, "home-")),
      GIT_CONFIG_GLOBAL: "/dev/null",
      GIT_CONFIG_NOSYSTEM: "1",
      GITHUB_ACTIONS: "true",
      CI: "true",
      GITHUB_EVENT_NAME: eventName,
      GITHUB_EVENT_PATH: eventPath,
      GITHUB_REPOSITORY: `${OWNER}/${REPO}`,
      GITHUB_TOKEN: TOKEN,
      GITHUB_API_URL: gh.url,
      GITHUB_SERVER_URL: gh.serverUrl,
      GITHUB_RUN_ID: String(runIds++),
      GITHUB_WORKSPACE: workspace,
      RUNNER_TEMP: runnerTemp,
      GITHUB_OUTPUT: join(runnerTemp, "output"),
      GITHUB_STEP_SUMMARY: join(runnerTemp, "summary.md"),
      ANTHROPIC_API_KEY: MODEL_KEY,
      ANTHROPIC_BASE_URL: model.url,
      ...extra,
    };
    writeFileSync(env.GITHUB_STEP_SUMMARY!, "");
    // What the guard step leaves for the indicator: where 👀 goes.
    const { issue, comment } = payload as { issue: { number: number }; comment?: { id: number } };
    writeTarget(runnerTemp, { issueNumber: issue.number, ...(comment ? { commentId: comment.id } : {}) });
    return env;
  };
  return {
    gh,
    model,
    repo,
    checkout: () => repo.clone(`checkout-${++checkouts}`),
    newIssue: (title, body = "benchmark") => gh.createIssue({ title, body, user: USER }),
    runEnv: (issue, workspace, extra = {}) =>
      eventEnv("issues", payloads.issueOpenedPayload({ ...target, issue }), workspace, extra),
    commentEnv(issue, comment, workspace) {
      const payload = payloads.issueCommentCreatedPayload({ ...target, issue: gh.issue(issue.number), comment });
      return eventEnv("issue_comment", payload, workspace);
    },
    async stop() {
      await Promise.all([gh.stop(), model.stop()]);
      repo.cleanup();
    },
  };
}

/** How many tool results the request carries (Anthropic wire format): the turn number of a scripted conversation. */
export const toolResultsIn = (body: unknown) => (JSON.stringify(body).match(/"type":"tool_result"/g) ?? []).length;

/** The context the agent gives its tools: the workspace, the secret-free environment, artifacts beside it. */
export function toolContext(workspace: string): ToolContext {
  return {
    workspace,
    signal: new AbortController().signal,
    env: toolEnvironment(process.env),
    artifacts: createArtifactStore(join(workspace, ".artifacts")),
    redact: createRedactor([]),
  };
}

/** Peak and current resident set of this process (Linux), bytes. */
export function memoryStatus(): { peak: number; current: number } {
  const status = readFileSync("/proc/self/status", "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN) * 1024;
  return { peak: kb("VmHWM"), current: kb("VmRSS") };
}

// ---------------------------------------------------------------------------------------------
// The machine

export function machine(): Record<string, string> {
  const cpu = cpus();
  let os = `${osType()} ${release()}`;
  try {
    const pretty = /^PRETTY_NAME="?([^"\n]+)"?/m.exec(readFileSync("/etc/os-release", "utf8"))?.[1];
    if (pretty) os = `${pretty} (${osType()} ${release()})`;
  } catch {
    // Not Linux: the kernel name and release will do.
  }
  return {
    CPU: cpu[0]?.model.trim() ?? "unknown",
    cores: String(cpu.length),
    memory: `${(totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    OS: os,
    Bun: Bun.version,
    date: new Date().toISOString(),
    "load average at start (1/5/15 min)": loadAverage(),
  };
}

/**
 * The code measured: the commit, the files changed on top of it, and a hash of everything the
 * benchmarks run (src/, lifecycle/, dist/, package.json, bun.lock), to tell whether it changed mid-run.
 */
export function codeState(): { commit: string; changed: string[]; hash: string } {
  const git = (...args: string[]) =>
    Bun.spawnSync(["git", ...args], { cwd: PROJECT_ROOT })
      .stdout.toString()
      .trimEnd();
  const paths = ["src", "lifecycle", "dist", "package.json", "bun.lock"];
  const changed = git("status", "--porcelain", "--", ...paths)
    .split("\n")
    .filter(Boolean)
    .map((line) => line.slice(3));
  const files = [
    ...paths.flatMap((p) => (p.includes(".") ? [p] : [...new Bun.Glob(`${p}/**/*`).scanSync({ cwd: PROJECT_ROOT })])),
  ].sort();
  let hash = 0n;
  for (const file of files)
    hash = BigInt(Bun.hash(`${hash}:${file}:${readFileSync(join(PROJECT_ROOT, file), "utf8")}`));
  return { commit: git("rev-parse", "--short=12", "HEAD"), changed, hash: hash.toString(16) };
}

/**
 * CPU seconds used so far by the whole machine (/proc/stat) and by this process with every child it
 * has waited for (/proc/self/stat utime, stime, cutime, cstime). Their difference over the run is
 * what other work took from the benchmarks.
 */
export function cpuSeconds(): { machine: number; own: number } {
  const HZ = 100; // USER_HZ on Linux
  const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = cpu;
  const self = readFileSync("/proc/self/stat", "utf8");
  const fields = self
    .slice(self.lastIndexOf(")") + 2)
    .split(" ")
    .map(Number);
  // Fields 14–17 of the full line (utime stime cutime cstime) are 11–14 after the command name.
  const own = (fields[11] ?? 0) + (fields[12] ?? 0) + (fields[13] ?? 0) + (fields[14] ?? 0);
  return { machine: (user + nice + system + irq + softirq + steal) / HZ, own: own / HZ };
}

/** Other work on the machine skews every figure: RESULTS.md records the load around the run. */
export const loadAverage = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(" / ");

// ---------------------------------------------------------------------------------------------
// CPU profiles (`bun --cpu-prof`): where a process spends its time, by function, self time.

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export interface ProfileEntry {
  name: string;
  selfMs: number;
  share: number;
}

/**
 * Self time in a .cpuprofile, grouped by function (default) or by module: a package under
 * node_modules, a project file, a builtin (node:fs), or "native <name>" for code without a source
 * (JSON.parse shows as "native parse"). Time the sampler skipped (the process asleep, or collecting garbage) is its own line.
 */
export function topFunctions(profilePath: string, count = 8, by: "function" | "module" = "function"): ProfileEntry[] {
  const profile = JSON.parse(readFileSync(profilePath, "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  let total = 0;
  // The sampler stops while the process sleeps: a gap much longer than the sampling interval is
  // idle time, not time of the function sampled before it.
  const interval = median(profile.timeDeltas.slice(1)) / 1000;
  const add = (name: string, t: number) => self.set(name, (self.get(name) ?? 0) + t);
  profile.samples.forEach((id, i) => {
    const frame = byId.get(id)?.callFrame;
    const delta = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const url = frame?.url ?? "";
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
    const file = url.replace(/^file:\/\//, "").replace(PROJECT_ROOT, "");
    const fn = frame?.functionName || "(anonymous)";
    const module = pkg ?? (url.startsWith("file://") ? file : url || `native ${fn}`);
    const name =
      by === "module"
        ? module
        : `${fn}${url ? ` ${pkg ? url.replace(/^.*node_modules\//, "") : file}:${(frame?.lineNumber ?? 0) + 1}` : ""}`;
    const busy = Math.min(delta, 2 * interval);
    add(name, busy);
    if (delta > busy) add("(not sampled: idle or GC)", delta - busy);
    total += delta;
  });
  return [...self.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, selfMs]) => ({ name, selfMs, share: selfMs / total }));
}

export const formatProfile = (entries: readonly ProfileEntry[]) =>
  entries
    .map(
      (e) =>
        `\`${e.name.length > 60 ? `${e.name.slice(0, 57)}…` : e.name}\` ${ms(e.selfMs)} (${(e.share * 100).toFixed(0)}%)`,
    )
    .join("; ");
