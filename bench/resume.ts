// Resume: load a long session file and build what the model is sent. gitclaw's
// SessionFile.load(path).context() + toModelMessages against pi's SessionManager.open(path)
// .buildSessionContext() + convertToLlm (pi's step from session messages to LLM messages), on
// the same 10,000-entry file, alternating in one fresh process (bench/resume-child.ts: what ran
// before in the benchmark runner must not shape the JIT state either side meets). Then gitclaw alone
// on 1k/10k/50k entries to show the cost per entry stays flat (linear growth).
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { convertToLlm, SessionManager } from "@mariozechner/pi-coding-agent";
import { toModelMessages } from "../src/agent/messages.ts";
import { SessionFile } from "../src/session/session-file.ts";
import {
  alternate,
  exec,
  formatProfile,
  median,
  ms,
  now,
  PROJECT_ROOT,
  ratio,
  summary,
  tempDir,
  topFunctions,
  us,
  type BenchContext,
  type Benchmark,
  type Row,
} from "./lib.ts";

const TARGET = { provider: "anthropic", modelId: "claude-sonnet-4-5" };
const usage = {
  input: 1200,
  output: 80,
  cacheRead: 9000,
  cacheWrite: 300,
  totalTokens: 10580,
  cost: { input: 0.0036, output: 0.0012, cacheRead: 0.0027, cacheWrite: 0.0011, total: 0.0086 },
};
const COMMANDS = [
  "ls -la src",
  "bun test test/unit/config.test.ts",
  "git diff --stat",
  "grep -rn TODO src | head -20",
  "cat package.json",
];

/** A realistic pi v3 session: a user turn, then assistant tool calls and tool results of a few hundred bytes, with a text answer every so often. */
export function writeSession(dir: string, entries: number): string {
  const start = Date.parse("2026-01-05T10:00:00.000Z");
  const header = {
    type: "session",
    version: 3,
    id: "3f0c2a9e-7d41-4b8e-9a6f-1c2d3e4f5a6b",
    timestamp: new Date(start).toISOString(),
    cwd: "/home/runner/work/widgets/widgets",
  };
  const lines = [JSON.stringify(header)];
  let parentId: string | null = null;
  let n = 0;
  const push = (payload: Record<string, unknown>) => {
    const id = (0x10000000 + n).toString(16);
    const t = start + n * 1500;
    lines.push(
      JSON.stringify({
        type: payload.type,
        id,
        parentId,
        timestamp: new Date(t).toISOString(),
        ...payload,
        ...(payload.type === "message" ? { message: { ...(payload.message as object), timestamp: t } } : {}),
      }),
    );
    parentId = id;
    n++;
  };
  push({ type: "model_change", provider: "anthropic", modelId: "claude-sonnet-4-5" });
  push({ type: "thinking_level_change", thinkingLevel: "off" });
  const assistant = (content: unknown[], stopReason: string) => ({
    role: "assistant",
    content,
    api: "anthropic-messages",
    provider: "anthropic",
    model: "claude-sonnet-4-5",
    usage,
    stopReason,
  });
  let call = 0;
  while (n < entries) {
    const step = (n - 2) % 40;
    if (step === 0) {
      push({
        type: "message",
        message: {
          role: "user",
          content: [
            {
              type: "text",
              text: `Comment ${n}: please also handle the case where the config file is missing, and add a test for it. The error should name the file.`,
            },
          ],
        },
      });
    } else if (step === 39) {
      push({
        type: "message",
        message: assistant(
          [
            {
              type: "text",
              text: `Done. I changed src/config.ts so a missing file falls back to the defaults and added test/unit/config-${n}.test.ts; the suite passes (${n} tests).`,
            },
          ],
          "stop",
        ),
      });
    } else if (step % 2 === 1) {
      const id = `toolu_01${String(call++).padStart(22, "0")}`;
      const command = COMMANDS[call % COMMANDS.length]!;
      push({
        type: "message",
        message: assistant(
          [
            { type: "text", text: "Let me look at that." },
            { type: "toolCall", id, name: "bash", arguments: { command } },
          ],
          "toolUse",
        ),
      });
    } else {
      const id = `toolu_01${String(call - 1).padStart(22, "0")}`;
      const output = Array.from(
        { length: 6 },
        (_, i) =>
          `src/module-${n}-${i}.ts:${i * 7 + 3}: export function handler${i}(input: Request): Promise<Response> {`,
      ).join("\n");
      push({
        type: "message",
        message: {
          role: "toolResult",
          toolCallId: id,
          toolName: "bash",
          content: [{ type: "text", text: output }],
          details: { exitCode: 0, wallTimeMs: 42 },
          isError: false,
        },
      });
    }
  }
  const path = join(dir, `2026-01-05T10-00-00-000Z_${header.id}-${entries}.jsonl`);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

function gitclaw(path: string): number {
  const session = SessionFile.load(path);
  return toModelMessages(session.context().messages, TARGET).length;
}

function pi(path: string): number {
  const manager = SessionManager.open(path);
  return convertToLlm(manager.buildSessionContext().messages).length;
}

/** Milliseconds of one call, after a full collection so garbage of the other side is not charged to it. */
function timed(fn: () => unknown): number {
  Bun.gc(true);
  const start = now();
  fn();
  return now() - start;
}

/**
 * Where gitclaw's time goes: the gitclaw side, exactly as benchmarked, repeated in a child process
 * under `bun --cpu-prof`, its self time grouped by module (zod, src/session/…, native JSON.parse …).
 */
async function breakdown(path: string, total: number, pi: number): Promise<string> {
  const dir = tempDir("resume-prof");
  const script = [
    `import { SessionFile } from ${JSON.stringify(join(PROJECT_ROOT, "src/session/session-file.ts"))};`,
    `import { toModelMessages } from ${JSON.stringify(join(PROJECT_ROOT, "src/agent/messages.ts"))};`,
    `for (let i = 0; i < 20; i++) toModelMessages(SessionFile.load(${JSON.stringify(path)}).context().messages, ${JSON.stringify(TARGET)});`,
  ].join("\n");
  await exec(["bun", "--cpu-prof", "--cpu-prof-interval=200", `--cpu-prof-dir=${dir}`, "-e", script], {
    cwd: PROJECT_ROOT,
  });
  const file = [...new Bun.Glob("*.cpuprofile").scanSync(dir)][0];
  const top = file ? formatProfile(topFunctions(join(dir, file), 5, "module")) : "(no profile written)";
  return (
    `resume: gitclaw takes ${ms(total)} against pi's ${ms(pi)} on 10,000 entries. CPU profile of the gitclaw side (20 loads in a child process, self time by module): ${top}. ` +
    `pi's side reads the file twice (\`SessionManager.open\` and its constructor each call \`loadEntriesFromFile\`) and checks only the header line.`
  );
}

const SIZES = [1_000, 10_000, 50_000] as const;

export interface ResumeMeasurement {
  gitclaw: number;
  pi: number;
  /** gitclaw's microseconds per entry, by session size. */
  perEntry: Record<number, number>;
}

/** The measurement itself, run by bench/resume-child.ts in a process of its own. */
export async function measureResume(ctx: BenchContext, files: Record<number, string>): Promise<ResumeMeasurement> {
  const path = files[10_000]!;
  const [ours, theirs] = [gitclaw(path), pi(path)];
  ctx.log(`  10,000 entries → gitclaw ${ours} model messages, pi ${theirs} LLM messages`);
  if (Math.abs(ours - theirs) > 1)
    throw new Error(`resume: the two sides built different contexts (${ours} vs ${theirs} messages)`);

  const times = await alternate(
    ctx,
    { gitclaw: async () => timed(() => gitclaw(path)), pi: async () => timed(() => pi(path)) },
    { warmup: 2 },
  );
  const [g, p] = [median(times.gitclaw), median(times.pi)];
  ctx.log(`  ${summary("gitclaw", times.gitclaw)}\n  ${summary("pi", times.pi)}\n  ratio ${ratio(g, p)}`);

  const perEntry: Record<number, number> = {};
  for (const size of SIZES) {
    const file = files[size]!;
    const xs: number[] = [];
    timed(() => gitclaw(file));
    for (let i = 0; i < ctx.reps; i++) xs.push(timed(() => gitclaw(file)));
    perEntry[size] = (median(xs) * 1000) / size;
    ctx.log(`  gitclaw ${size.toLocaleString("en")} entries: ${ms(median(xs))} = ${us(perEntry[size]!)} per entry`);
  }
  return { gitclaw: g, pi: p, perEntry };
}

export const resume: Benchmark = {
  name: "resume",
  title: "Resume a 10,000-entry session",
  method:
    "In a fresh process (bench/resume-child.ts): `SessionFile.load(path).context()` + `toModelMessages` against pi's `SessionManager.open(path).buildSessionContext()` + `convertToLlm`, alternating, on the same generated file (user turns, assistant tool calls, tool results of ~450 bytes, a text answer every 40 entries); full GC before each call, 2 warm-up rounds. Then gitclaw alone on 1k/10k/50k entries.",
  defaultReps: 10,
  async run(ctx) {
    const dir = tempDir("resume");
    const files = Object.fromEntries(SIZES.map((n) => [n, writeSession(dir, n)])) as Record<number, string>;
    const child = await exec(
      ["bun", join(PROJECT_ROOT, "bench/resume-child.ts"), String(ctx.reps), JSON.stringify(files)],
      { cwd: PROJECT_ROOT },
    );
    for (const line of child.stderr.split("\n").filter(Boolean)) ctx.log(line);
    const { gitclaw: g, pi: p, perEntry } = JSON.parse(child.stdout.trim()) as ResumeMeasurement;
    const growth = perEntry[50_000]! / perEntry[1_000]!;
    const rows: Row[] = [
      {
        figure: "Resume 10k entries: load + build context",
        gitclaw: ms(g),
        reference: `${ms(p)} (pi SessionManager)`,
        ratio: ratio(g, p, 1),
        target: "≤ 1×",
        met: g <= p,
      },
      ...SIZES.map((size) => ({
        figure: `Resume ${size / 1000}k entries, per entry`,
        gitclaw: us(perEntry[size]!),
        reference: "—",
        ratio: "—",
        target: "linear",
      })),
      {
        figure: "Resume growth: per-entry cost 50k vs 1k",
        gitclaw: ratio(perEntry[50_000]!, perEntry[1_000]!),
        reference: "—",
        ratio: "—",
        target: "≤ 1.5× (linear)",
        met: growth <= 1.5,
      },
    ];
    const notes = g > p ? [await breakdown(files[10_000]!, g, p)] : [];
    return { rows, notes };
  },
};
