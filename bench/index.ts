// The benchmark runner: `bun run bench` runs them all, `bun run bench <name> …` the named ones,
// `--reps N` overrides every benchmark's repetitions. Prints each benchmark's measurements as it
// goes, then one Markdown table, and writes the table, the notes and the machine to bench/RESULTS.md
// (or the file given with `--out`).
import { writeFileSync } from "node:fs";
import { availableParallelism as cores } from "node:os";
import { join } from "node:path";
import { bashOverhead } from "./bash-overhead.ts";
import { cost } from "./cost.ts";
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
  footprint,
  cost,
  subagents,
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

const args = Bun.argv.slice(2);
const { names, reps, out } = parseArgs(args);
const selected = names.length ? BENCHMARKS.filter((b) => names.includes(b.name)) : BENCHMARKS;
const command = `${process.env.npm_lifecycle_event === "bench" ? "bun run bench" : "bun bench/index.ts"}${args.length ? ` ${args.join(" ")}` : ""}`;
const host = machine();
const code = codeState();
const cpuAtStart = cpuSeconds();

console.log(`gitclaw benchmarks: ${selected.map((b) => b.name).join(", ")}`);
console.log(
  Object.entries(host)
    .map(([k, v]) => `${k}: ${v}`)
    .join(" · "),
);

const rows: Row[] = [];
const notes: string[] = [];
const methods: string[] = [];
let failed = false;
const suiteStart = performance.now();
for (const bench of selected) {
  const benchReps = reps ?? bench.defaultReps;
  console.log(`\n## ${bench.name}: ${bench.title} (${benchReps} rep${benchReps === 1 ? "" : "s"})`);
  methods.push(`- **${bench.name}** (${benchReps} rep${benchReps === 1 ? "" : "s"}): ${bench.method}`);
  const start = performance.now();
  try {
    const result = await bench.run({ reps: benchReps, log: (line) => console.log(line) });
    rows.push(...result.rows);
    notes.push(...result.notes);
  } catch (error) {
    failed = true;
    console.error((error as Error).stack ?? String(error));
    rows.push({ figure: `${bench.name}: FAILED`, gitclaw: "—", reference: "—", ratio: "—", target: "—", met: false });
    notes.push(`${bench.name}: the benchmark failed: ${(error as Error).message.split("\n")[0]}`);
  }
  console.log(`  (${bench.name} took ${ms(performance.now() - start)})`);
  removeTempDirs();
}
const elapsed = ms(performance.now() - suiteStart);
host["load average at the end (1/5/15 min)"] = loadAverage();
const cpuAtEnd = cpuSeconds();
const others = cpuAtEnd.machine - cpuAtStart.machine - (cpuAtEnd.own - cpuAtStart.own);
host["CPU used by other processes during the run"] =
  `${others.toFixed(1)} s (${((100 * others) / ((performance.now() - suiteStart) / 1000) / cores()).toFixed(0)}% of the machine; the benchmarks used ${(cpuAtEnd.own - cpuAtStart.own).toFixed(1)} s)`;
// Benchmarks measure the working tree as it is: say which one, and whether it changed meanwhile.
const codeAtEnd = codeState();
const codeLine = `commit ${code.commit}${code.changed.length ? ` with uncommitted changes to ${code.changed.join(", ")}` : ", no uncommitted changes"} (content hash ${code.hash})`;
const changedDuringRun = codeAtEnd.hash !== code.hash;
if (changedDuringRun)
  console.log(
    `\nWARNING: src/, lifecycle/, package.json or bun.lock changed during the run: the figures mix two versions of the code.`,
  );

const markdown = table(rows);
console.log(`\n${markdown}\n`);
for (const note of notes) console.log(`- ${note}`);
console.log(`\nsuite took ${elapsed}`);

const report = [
  "# gitclaw benchmarks",
  "",
  `Produced by \`${command}\` (suite wall time ${elapsed}). Every benchmark runs both sides in one process run, alternating, and reports medians.`,
  "",
  "## Machine and code",
  "",
  ...Object.entries(host).map(([k, v]) => `- ${k}: ${v}`),
  `- code: ${codeLine}`,
  ...(changedDuringRun
    ? [
        "- **the code changed during the run** (src/, lifecycle/, package.json or bun.lock): the figures mix two versions; run again.",
      ]
    : []),
  "",
  "## Results",
  "",
  markdown,
  "",
  ...(notes.length ? ["## Notes on missed targets and what dominates", "", ...notes.map((n) => `- ${n}`), ""] : []),
  "## How each figure is measured",
  "",
  ...methods,
  "",
].join("\n");
writeFileSync(out, report);
console.log(`wrote ${out}`);
if (failed) process.exitCode = 1;
