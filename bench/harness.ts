// Harness overhead: one 20-turn scripted conversation (each turn one `bash` call running `true`,
// then a final text) through gitclaw's agent stage (`bun lifecycle/GITCLAW-AGENT.ts`, a process with
// the Actions environment, a fresh checkout per run, new issue, commit and push to a bare origin,
// reply on the emulator) against `pi --mode json -p` with its own session dir, run by pi's own
// launcher (node_modules/.bin/pi, `#!/usr/bin/env node`: Node, as pi's users run it), both on the
// same fake model (Anthropic wire format). Install is excluded: both run from the installed
// node_modules. Then a few more gitclaw runs with bench/trace-preload.ts split the wall time into
// phases, and show commit, push and reply (which pi does not do) on a line of their own.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { piAgentDir, piPrintArgs, PI_BIN } from "../test/support/pi.ts";
import {
  alternate,
  createWorld,
  exec,
  median,
  ms,
  PROJECT_ROOT,
  ratio,
  stageCommand,
  summary,
  tempDir,
  toolResultsIn,
  type Benchmark,
  type Row,
  type World,
} from "./lib.ts";
import { PHASES, readTrace, splitRun, wrapUp } from "./trace.ts";

const TURNS = 20;
const TRACED_RUNS = 3;
const PROMPT = `Run \`true\` with the bash tool ${TURNS} times, one call per turn, then say done.`;
// Timed runs use the bundle the action runs; traced ones the sources, which the trace preload instruments.
const AGENT_SOURCE = join(PROJECT_ROOT, "lifecycle/GITCLAW-AGENT.ts");

async function gitclawRun(world: World, title: string, traceFile?: string) {
  const workspace = await world.checkout();
  const env = world.runEnv(
    world.newIssue(title, PROMPT),
    workspace,
    traceFile ? { GITCLAW_BENCH_TRACE: traceFile } : {},
  );
  const preload = traceFile ? ["--preload", join(PROJECT_ROOT, "bench/trace-preload.ts")] : [];
  const run = await exec(traceFile ? ["bun", ...preload, AGENT_SOURCE] : stageCommand("agent"), {
    cwd: workspace,
    env,
  });
  if (!run.stdout.includes("gitclaw: replied") || !run.stdout.includes("gitclaw: pushed"))
    throw new Error(`harness: the agent did not push and reply\n${run.stdout.slice(-3000)}`);
  const calls = run.stdout.match(/^✓ bash/gm)?.length ?? 0;
  if (calls !== TURNS) throw new Error(`harness: expected ${TURNS} bash calls, the agent logged ${calls}`);
  return run;
}

/** Milliseconds to import each runtime dependency alone, and the whole pipeline, in a fresh process. */
async function importCosts(): Promise<string> {
  const modules = [
    "ai",
    "@ai-sdk/anthropic",
    "@ai-sdk/openai-compatible",
    "execa",
    "@octokit/rest",
    "zod",
    "./src/stages/agent.ts",
  ];
  const costs: string[] = [];
  for (const module of modules) {
    const script = `const t = performance.now(); await import(${JSON.stringify(module)}); console.log(performance.now() - t);`;
    const xs: number[] = [];
    for (let i = 0; i < 3; i++) xs.push(Number((await exec(["bun", "-e", script], { cwd: PROJECT_ROOT })).stdout));
    costs.push(`${module} ${ms(median(xs))}`);
  }
  return `${costs.join(", ")} (shared modules count in each)`;
}

export const harness: Benchmark = {
  name: "harness",
  title: "20-turn conversation: gitclaw agent stage vs pi",
  method:
    "A scripted 20-turn conversation (one `bash` call running `true` per turn, then a text) on the fake model (Anthropic wire format): `bun dist/GITCLAW-AGENT.js` (the bundle the action runs) as a process with the Actions environment, a fresh checkout, commit and push to a bare origin, reply on the emulator; against `pi --mode json -p` with `--session-dir` run by pi's launcher (`node_modules/.bin/pi`, `#!/usr/bin/env node`: Node, as pi's users run it), same model server, same script. Install excluded. The split, and the commit-push-reply line, come from 3 more gitclaw runs under `bun --preload bench/trace-preload.ts`.",
  defaultReps: 5,
  async run(ctx) {
    // The turn number is the count of tool results in the request: the same script for both sides.
    const world = await createWorld((request) =>
      toolResultsIn(request.body) < TURNS
        ? { toolCalls: [{ name: "bash", input: { command: "true" } }] }
        : { text: "done" },
    );
    const agentDir = piAgentDir(world.model.url);
    const piEnv = { PATH: process.env.PATH, HOME: agentDir, PI_CODING_AGENT_DIR: agentDir, PI_OFFLINE: "1" };
    let n = 0;
    try {
      const times = await alternate(
        ctx,
        {
          gitclaw: async () => (await gitclawRun(world, `Harness ${++n}`)).wallMs,
          pi: async () => {
            const workspace = await world.checkout();
            // pi's launcher: Node, as pi's users run it.
            const run = await exec([PI_BIN, ...piPrintArgs(PROMPT, ["--session-dir", tempDir("pi-sessions")])], {
              cwd: workspace,
              env: piEnv,
            });
            const results = run.stdout.match(/"type":"tool_execution_end"/g)?.length ?? 0;
            if (results !== TURNS)
              throw new Error(`harness: pi ran ${results} tools, expected ${TURNS}\n${run.stderr}`);
            return run.wallMs;
          },
        },
        { warmup: 1 },
      );
      const [g, p] = [median(times.gitclaw), median(times.pi)];
      ctx.log(`  ${summary("gitclaw", times.gitclaw)}\n  ${summary("pi", times.pi)}\n  ratio ${ratio(g, p)}`);

      // The split, from instrumented runs; the probe's own cost shows as their longer wall time.
      const splits: (ReturnType<typeof splitRun> & { wall: number; wrapUp: number })[] = [];
      for (let i = 0; i < TRACED_RUNS; i++) {
        const file = join(tempDir("trace"), "trace.json");
        const run = await gitclawRun(world, `Harness traced ${i}`, file);
        const events = readTrace(file);
        splits.push({ wall: run.wallMs, wrapUp: wrapUp(events), ...splitRun(events, run.spawnedAt, run.wallMs) });
      }
      const landing = median(splits.map((s) => s.wrapUp));
      const wall = median(splits.map((s) => s.wall));
      const phase = Object.fromEntries(PHASES.map((name) => [name, median(splits.map((s) => s[name]))])) as Record<
        (typeof PHASES)[number],
        number
      >;
      const calls = splits[0]!;
      ctx.log(
        `  split of ${TRACED_RUNS} traced runs (median wall ${ms(wall)}, untraced ${ms(g)}; ${calls.modelCalls} model calls, ${calls.gitCalls} git commands, ${calls.githubCalls} GitHub calls):`,
      );
      for (const name of PHASES)
        ctx.log(`    ${name.padEnd(44)} ${ms(phase[name]).padStart(9)}  ${((phase[name] / wall) * 100).toFixed(0)}%`);

      const rows: Row[] = [
        {
          figure: `Harness: ${TURNS}-turn conversation, wall`,
          gitclaw: ms(g),
          reference: `${ms(p)} (pi --mode json -p, under Node)`,
          ratio: ratio(g, p, 0.5),
          target: "≤ 0.5×",
          met: g / p <= 0.5,
        },
        {
          figure: "↳ of which gitclaw's commit, push and reply (last model call → reply posted; pi does none)",
          gitclaw: ms(landing),
          reference: "—",
          ratio: `${((landing / wall) * 100).toFixed(0)}% of ${ms(wall)}`,
          target: "—",
        },
        ...PHASES.map((name) => ({
          figure: `↳ gitclaw split: ${name}`,
          gitclaw: ms(phase[name]),
          reference: "—",
          ratio: `${((phase[name] / wall) * 100).toFixed(0)}% of ${ms(wall)}`,
          target: "—",
        })),
      ];
      const notes: string[] = [];
      if (g / p > 0.5) {
        const imports = await importCosts();
        ctx.log(`  import alone, fresh process, median of 3: ${imports}`);
        const top = [...PHASES].sort((a, b) => phase[b] - phase[a]).slice(0, 3);
        const throttle =
          phase["GitHub: waiting in Octokit's write throttle"] > 0
            ? `The throttle wait is @octokit/plugin-throttling's write limiter (maxConcurrent 1, minTime 1000 ms): in the first traced run, ${calls.throttledWrites.join("; ")}. `
            : "";
        notes.push(
          `harness: gitclaw's agent stage takes ${ms(g)} against pi's ${ms(p)}. Measured split (${TRACED_RUNS} runs with bench/trace-preload.ts, median wall ${ms(wall)}, the probe's cost included): ` +
            `${top.map((name) => `${name} ${ms(phase[name])}`).join(", ")}. ${throttle}` +
            `The agent stage also commits, pushes and replies, which pi does not do. ` +
            `Start + imports: importing each runtime dependency alone in a fresh \`bun\` (median of 3): ${imports}.`,
        );
      }
      return { rows, notes };
    } finally {
      await world.stop();
      rmSync(agentDir, { recursive: true, force: true });
    }
  },
};
