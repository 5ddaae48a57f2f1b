// The benchmark runner: `bun run bench` runs them all, `bun run bench <name> …` the named ones,
// `--reps N` overrides every benchmark's repetitions. Prints each benchmark's measurements as it
// goes. Each benchmark's last run is kept in bench/results/<name>.json with its machine, load and
// code; bench/RESULTS.md (or the file given with `--out`) is rendered from all of them, so rerunning
// one benchmark replaces its rows and keeps the others, each saying when and on what code it ran.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism as cores } from "node:os";
import { join } from "node:path";
import { agentGit } from "./agent-git.ts";
import { bashOverhead } from "./bash-overhead.ts";
import { cost } from "./cost.ts";
import { egress } from "./egress.ts";
import { footprint } from "./footprint.ts";
import { harness } from "./harness.ts";
import { indicator } from "./indicator.ts";
import {
  codeState,
  cpuSeconds,
  loadAverage,
  machine,
  ms,
  PROJECT_ROOT,
  removeTempDirs,
  type Benchmark,
  type Row,
} from "./lib.ts";
import { memory } from "./memory.ts";
import { push } from "./push.ts";
import { scale } from "./scale.ts";
import { signed } from "./signed.ts";
import { startup } from "./startup.ts";
import { subagents } from "./subagents.ts";

const BENCHMARKS: Benchmark[] = [
  indicator,
  startup,
  harness,
  scale,
  memory,
  bashOverhead,
  push,
  agentGit,
  footprint,
  cost,
  subagents,
  egress,
  signed,
];

function usage(error?: string): never {
  if (error) console.error(`bench: ${error}`);
  console.error(`usage: bun run bench [--reps N] [--out FILE] [${BENCHMARKS.map((b) => b.name).join("|")} …]`);
  for (const b of BENCHMARKS) console.error(`  ${b.name.padEnd(14)} ${b.title} (default ${b.defaultReps} reps)`);
  process.exit(error ? 2 : 0);
}

function parseArgs(args: string[]): { names: string[]; reps?: number; out: string } {
  const names: string[] = [];
  let reps: number | undefined;
  let out = join(PROJECT_ROOT, "bench/RESULTS.md");
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const [flag, inline] = arg.startsWith("--")
      ? (arg.split("=", 2) as [string, string | undefined])
      : [arg, undefined];
    const value = () => inline ?? args[++i] ?? usage(`${flag} needs a value`);
    if (flag === "--reps") {
      reps = Number(value());
      if (!Number.isInteger(reps) || reps < 1) usage("--reps takes a whole number ≥ 1");
    } else if (flag === "--out") out = value();
    else if (flag === "--help" || flag === "-h") usage();
    else if (flag.startsWith("-")) usage(`unknown option ${flag}`);
    else if (!BENCHMARKS.some((b) => b.name === flag)) usage(`no benchmark named ${flag}`);
    else names.push(flag);
  }
  return { names, reps, out };
}

const cell = (text: string) => text.replace(/\|/g, "\\|");
const met = (row: Row) => (row.met === undefined ? "—" : row.met ? "✅ yes" : "❌ **no**");

export function table(rows: readonly Row[]): string {
  return [
    "| figure | gitclaw | reference | ratio | target | met? |",
    "|---|---:|---:|---:|---|---|",
    ...rows.map(
      (r) => `| ${[r.figure, r.gitclaw, r.reference, r.ratio, r.target].map(cell).join(" | ")} | ${met(r)} |`,
    ),
  ].join("\n");
}

/** One benchmark's last run, as kept in bench/results/<name>.json. */
interface RunRecord {
  name: string;
  command: string;
  reps: number;
  method: string;
  rows: Row[];
  notes: string[];
  host: Record<string, string>;
  code: string;
  wall: string;
}

const RECORDS = join(PROJECT_ROOT, "bench/results");
const recordPath = (name: string) => join(RECORDS, `${name}.json`);

/** Runs one benchmark, noting the machine's load and other processes' CPU around it. */
async function runBenchmark(bench: Benchmark, reps: number, command: string): Promise<RunRecord> {
  console.log(`\n## ${bench.name}: ${bench.title} (${reps} rep${reps === 1 ? "" : "s"})`);
  const host = machine();
  const code = codeState();
  const cpuAtStart = cpuSeconds();
  const start = performance.now();
  let result: { rows: Row[]; notes: string[] };
  try {
    result = await bench.run({ reps, log: (line) => console.log(line) });
  } catch (error) {
    console.error((error as Error).stack ?? String(error));
    const failed = {
      figure: `${bench.name}: FAILED`,
      gitclaw: "—",
      reference: "—",
      ratio: "—",
      target: "—",
      met: false,
    };
    result = {
      rows: [failed],
      notes: [`${bench.name}: the benchmark failed: ${(error as Error).message.split("\n")[0]}`],
    };
  }
  const wall = ms(performance.now() - start);
  console.log(`  (${bench.name} took ${wall})`);
  removeTempDirs();
  host["load average at the end (1/5/15 min)"] = loadAverage();
  host["CPU used by other processes"] = otherCpu(cpuAtStart, performance.now() - start);
  return { name: bench.name, command, reps, method: bench.method, ...result, host, code: codeLine(code), wall };
}

function otherCpu(atStart: ReturnType<typeof cpuSeconds>, elapsedMs: number): string {
  const atEnd = cpuSeconds();
  const own = atEnd.own - atStart.own;
  const others = atEnd.machine - atStart.machine - own;
  const share = (100 * others) / (elapsedMs / 1000) / cores();
  return `${others.toFixed(1)} s (${share.toFixed(0)}% of the machine; the benchmark used ${own.toFixed(1)} s)`;
}

/** Benchmarks measure the working tree as it is: say which one, and whether it changed meanwhile. */
function codeLine(atStart: ReturnType<typeof codeState>): string {
  const changed = atStart.changed.length
    ? ` with uncommitted changes to ${atStart.changed.join(", ")}`
    : ", no uncommitted changes";
  const line = `commit ${atStart.commit}${changed} (content hash ${atStart.hash})`;
  if (codeState().hash === atStart.hash) return line;
  console.log("\nWARNING: src/, lifecycle/, dist/, package.json or bun.lock changed during the run: run it again.");
  return `${line}; **the code changed during the run**: the figures mix two versions, run again`;
}

const readRecord = (name: string): RunRecord | undefined =>
  existsSync(recordPath(name)) ? (JSON.parse(readFileSync(recordPath(name), "utf8")) as RunRecord) : undefined;

const runLine = (r: RunRecord) =>
  `- **${r.name}**: \`${r.command}\` on ${r.host.date} (${r.wall}); load ${r.host["load average at start (1/5/15 min)"]} at start, ${r.host["load average at the end (1/5/15 min)"]} at the end; other processes' CPU ${r.host["CPU used by other processes"]}; ${r.code}`;
const methodLine = (r: RunRecord) => `- **${r.name}** (${r.reps} rep${r.reps === 1 ? "" : "s"}): ${r.method}`;

function render(records: RunRecord[]): string {
  const notes = records.flatMap((r) => r.notes);
  const host = records.at(-1)?.host ?? {};
  return [
    "# gitclaw benchmarks",
    "",
    "Each benchmark's last run (`bun run bench` runs them all, `bun run bench <name>` one), kept in `bench/results/`. Every benchmark runs both sides in one process run, alternating, and reports medians.",
    "",
    "## Machine",
    "",
    ...["CPU", "cores", "memory", "OS", "Bun"].map((k) => `- ${k}: ${host[k] ?? "unknown"}`),
    "",
    "## Results",
    "",
    table(records.flatMap((r) => r.rows)),
    "",
    ...(notes.length ? ["## Notes on missed targets and what dominates", "", ...notes.map((n) => `- ${n}`), ""] : []),
    "## Each run: when, on what code, under what load",
    "",
    ...records.map(runLine),
    "",
    "## How each figure is measured",
    "",
    ...records.map(methodLine),
    "",
  ].join("\n");
}

const args = Bun.argv.slice(2);
const { names, reps, out } = parseArgs(args);
const selected = names.length ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
const command = `bun run bench${args.length ? ` ${args.join(" ")}` : ""}`;
console.log(`gitclaw benchmarks: ${selected.map((b) => b.name).join(", ")}`);
console.log(
  Object.entries(machine())
    .map(([k, v]) => `${k}: ${v}`)
    .join(" · "),
);

mkdirSync(RECORDS, { recursive: true });
let failed = false;
const fresh: RunRecord[] = [];
for (const bench of selected) {
  const record = await runBenchmark(bench, reps ?? bench.defaultReps, command);
  failed ||= record.rows.some((row) => row.figure.endsWith(": FAILED"));
  writeFileSync(recordPath(bench.name), `${JSON.stringify(record, null, 2)}\n`);
  fresh.push(record);
}
console.log(`\n${table(fresh.flatMap((r) => r.rows))}\n`);
for (const note of fresh.flatMap((r) => r.notes)) console.log(`- ${note}`);

const records = BENCHMARKS.map((b) => readRecord(b.name)).filter((r): r is RunRecord => r !== undefined);
writeFileSync(out, render(records));
console.log(`wrote ${out} (${records.length} benchmarks: ${fresh.length} run now, the others as last run)`);
if (failed) process.exitCode = 1;
