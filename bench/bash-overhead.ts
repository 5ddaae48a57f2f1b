// Per-call overhead of the bash tool: 1,000 `true` calls through the real tool (createTools, the
// tool context the agent builds) against 1,000 bare `execa("bash", ["-c", "true"])` calls, in one
// process, alternating. When the ratio misses its target, a breakdown separates what the tool's
// launch options cost (own process group, pipes, its environment) from what the tool adds on top
// of one shell (its command line, process-group checks, output capture, result formatting).
import { execa } from "execa";
import { buildCommandEnv } from "../src/tools/bash/bash-env.ts";
import { createTools } from "../src/tools/index.ts";
import {
  alternate,
  median,
  now,
  ratio,
  summary,
  tempDir,
  toolContext,
  us,
  type Benchmark,
  type BenchContext,
} from "./lib.ts";

const CALLS = 1_000;

/** Microseconds per call of `fn`, over `calls` sequential calls. */
async function perCall(calls: number, fn: () => Promise<unknown>): Promise<number> {
  const start = now();
  for (let i = 0; i < calls; i++) await fn();
  return ((now() - start) * 1000) / calls;
}

/**
 * Where the tool's extra time goes, all three measured in the same alternating rounds of 200 calls:
 * bare execa; one `bash -c true` launched with the tool's options (detached, its environment, stdin
 * ignored, pipes); the tool. The last difference is everything the tool adds to one shell: its own
 * command line (startProcess in src/tools/bash/process.ts) and its JavaScript around the process.
 */
async function breakdown(
  ctx: BenchContext,
  workspace: string,
  viaTool: () => Promise<unknown>,
  bare: () => Promise<unknown>,
  baseEnv: Record<string, string>,
): Promise<string> {
  const options = {
    cwd: workspace,
    env: buildCommandEnv(baseEnv, {}),
    extendEnv: false,
    detached: true,
    buffer: false,
    reject: false,
    stdin: "ignore",
    stdout: "pipe",
    stderr: "pipe",
  } as const;
  const rounds = await alternate(
    { ...ctx, reps: 5, log: () => {} },
    {
      execa: () => perCall(200, bare),
      "one shell": () => perCall(200, () => execa("bash", ["-c", "true"], options)),
      tool: () => perCall(200, viaTool),
    },
  );
  const [e, one, tool] = [median(rounds.execa), median(rounds["one shell"]), median(rounds.tool)];
  ctx.log(
    `  breakdown (5 × 200 calls each): execa ${us(e)}, one shell with the tool's options ${us(one)}, tool ${us(tool)}`,
  );
  return (
    `bash-overhead: in the same alternating rounds, per call: bare execa ${us(e)}; one \`bash -c true\` with the tool's launch options (detached, its environment, stdin ignored, pipes) ${us(one)}; the tool ${us(tool)}. ` +
    `The launch options cost ${us(one - e)}; the tool's own command line (startProcess in src/tools/bash/process.ts) and its JavaScript add ${us(tool - one)} (${((100 * (tool - one)) / (tool - e)).toFixed(0)}% of the overhead). `
  );
}

export const bashOverhead = {
  name: "bash-overhead",
  title: "1,000 small bash calls",
  method:
    'In one process, 1,000 sequential `bash` tool calls running `true` (createTools, the agent\'s tool context) against 1,000 `execa("bash", ["-c", "true"])` calls with default options; per-call time is total / 1,000; 1 warm-up round.',
  defaultReps: 3,
  async run(ctx: BenchContext) {
    const workspace = tempDir("bash");
    const toolset = createTools();
    const bash = toolset.tools.find((t) => t.name === "bash")!;
    const context = toolContext(workspace);
    const viaTool = async () => {
      const result = await bash.execute({ command: "true" }, context);
      if (result.isError) throw new Error(`bash tool failed: ${result.text}`);
    };
    // Literally the bare call, default options. (Not the tool's minimal environment: without SHLVL and
    // with stdin on a socket, as Bun's pipes are, bash sources ~/.bashrc, which would slow only this side.)
    const bare = () => execa("bash", ["-c", "true"], { cwd: workspace });
    const times = await alternate(
      ctx,
      { tool: () => perCall(CALLS, viaTool), execa: () => perCall(CALLS, bare) },
      { warmup: 1, fmt: us },
    );
    const [t, e] = [median(times.tool), median(times.execa)];
    ctx.log(
      `  ${summary("tool", times.tool, us)} per call\n  ${summary("execa", times.execa, us)} per call\n  ratio ${ratio(t, e)}`,
    );

    const notes: string[] = [];
    if (t / e > 1.5) notes.push(await breakdown(ctx, workspace, viaTool, bare, context.env));
    await toolset.dispose();
    return {
      rows: [
        {
          figure: "bash tool: per-call time (1,000 × `true`)",
          gitclaw: us(t),
          reference: `${us(e)} (bare execa)`,
          ratio: ratio(t, e, 1.5),
          target: "≤ 1.5×",
          met: t / e <= 1.5,
        },
      ],
      notes,
    };
  },
} satisfies Benchmark;
