// Resume, cold: what a run does once when it continues a conversation. Each load is the first call
// in a fresh process: gitclaw's SessionFile.load(path).context() + toPromptMessages under Bun, as the
// agent stage runs it, against pi's SessionManager.open(path).buildSessionContext() + convertToLlm
// under Node, as pi's own launcher (`#!/usr/bin/env node`) runs it. Imports are done before the
// clock starts on both sides; the files are the same generated sessions of 1k, 10k and 100k entries.
// (The earlier benchmark timed warm, repeated loads in one process and ran pi under Bun: a real
// resume loads once, cold.)
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  alternate,
  exec,
  median,
  ms,
  PROJECT_ROOT,
  ratio,
  summary,
  tempDir,
  type BenchContext,
  type Row,
} from "./lib.ts";
import { SessionLines } from "./session-lines.ts";

const TARGET = { provider: "anthropic", modelId: "claude-sonnet-4-5" };
const COMMANDS = [
  "ls -la src",
  "bun test test/unit/config.test.ts",
  "git diff --stat",
  "grep -rn TODO src | head -20",
  "cat package.json",
];

/** A realistic pi v3 session: a user turn, then assistant tool calls and tool results of a few hundred bytes, with a text answer every so often. */
export function writeSession(dir: string, entries: number): string {
  const session = new SessionLines("3f0c2a9e-7d41-4b8e-9a6f-1c2d3e4f5a6b", undefined, 1500);
  session.startModel();
  let call = 0;
  while (session.count < entries) {
    const n = session.count;
    const step = (n - 2) % 40;
    if (step === 0) session.message({ role: "user", content: [{ type: "text", text: request(n) }] });
    else if (step === 39) session.assistant([{ type: "text", text: answer(n) }], "stop");
    else if (step % 2 === 1) {
      const id = toolCallId(call++);
      const command = COMMANDS[call % COMMANDS.length]!;
      const content = [
        { type: "text", text: "Let me look at that." },
        { type: "toolCall", id, name: "bash", arguments: { command } },
      ];
      session.assistant(content, "toolUse");
    } else {
      const content = [{ type: "text", text: grepOutput(n) }];
      const result = {
        toolCallId: toolCallId(call - 1),
        toolName: "bash",
        content,
        details: { exitCode: 0, wallTimeMs: 42 },
      };
      session.message({ role: "toolResult", ...result, isError: false });
    }
  }
  const path = join(dir, session.file().file.replace(/\.jsonl$/, `-${entries}.jsonl`));
  writeFileSync(path, session.file().text);
  return path;
}

export const toolCallId = (n: number) => `toolu_01${String(n).padStart(22, "0")}`;
const request = (n: number) =>
  `Comment ${n}: please also handle the case where the config file is missing, and add a test for it. The error should name the file.`;
const answer = (n: number) =>
  `Done. I changed src/config.ts so a missing file falls back to the defaults and added test/unit/config-${n}.test.ts; the suite passes (${n} tests).`;
const grepOutput = (n: number) =>
  Array.from(
    { length: 6 },
    (_, i) => `src/module-${n}-${i}.ts:${i * 7 + 3}: export function handler${i}(input: Request): Promise<Response> {`,
  ).join("\n");

const SIZES = [1_000, 10_000, 100_000] as const;

/** One load as a child prints it: its milliseconds and how many messages it built. */
type Load = { ms: number; messages: number };

const GITCLAW_LOAD = [
  `const { SessionFile } = await import(${JSON.stringify(join(PROJECT_ROOT, "src/session/session-file.ts"))});`,
  `const { toPromptMessages } = await import(${JSON.stringify(join(PROJECT_ROOT, "src/agent/messages.ts"))});`,
  "const start = performance.now();",
  `const messages = toPromptMessages(SessionFile.load(process.argv.at(-1)).context().messages, ${JSON.stringify(TARGET)}).length;`,
  "console.log(JSON.stringify({ ms: performance.now() - start, messages }));",
].join("\n");

const PI_LOAD = [
  'const { SessionManager, convertToLlm } = await import("@mariozechner/pi-coding-agent");',
  "const start = performance.now();",
  "const messages = convertToLlm(SessionManager.open(process.argv.at(-1)).buildSessionContext().messages).length;",
  "console.log(JSON.stringify({ ms: performance.now() - start, messages }));",
].join("\n");

async function load(argv: string[], path: string): Promise<Load> {
  const child = await exec([...argv, path], { cwd: PROJECT_ROOT });
  return JSON.parse(child.stdout.trim()) as Load;
}

const gitclaw = (path: string) => load(["bun", "-e", GITCLAW_LOAD], path);
const pi = (path: string) => load(["node", "--input-type=module", "-e", PI_LOAD, "--"], path);

/** Rows for the cold resume at every size; a target (≤ 1×) from 10k entries up. */
export async function coldResume(ctx: BenchContext): Promise<{ rows: Row[]; notes: string[] }> {
  const dir = tempDir("resume");
  const node = (await exec(["node", "--version"])).stdout.trim();
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const size of SIZES) {
    const path = writeSession(dir, size);
    const [ours, theirs] = [await gitclaw(path), await pi(path)];
    if (Math.abs(ours.messages - theirs.messages) > 1)
      throw new Error(
        `resume: the two sides built different contexts (${ours.messages} vs ${theirs.messages} messages)`,
      );
    ctx.log(
      `  ${size.toLocaleString("en")} entries → gitclaw ${ours.messages} model messages, pi ${theirs.messages} LLM messages`,
    );
    const times = await alternate(ctx, {
      gitclaw: async () => (await gitclaw(path)).ms,
      pi: async () => (await pi(path)).ms,
    });
    const [g, p] = [median(times.gitclaw), median(times.pi)];
    ctx.log(`  ${summary("gitclaw", times.gitclaw)}\n  ${summary("pi", times.pi)}\n  ratio ${ratio(g, p)}`);
    const target = size >= 10_000;
    rows.push({
      figure: `Cold resume, ${size.toLocaleString("en")} entries: one load + context in a fresh process`,
      gitclaw: `${ms(g)} (Bun)`,
      reference: `${ms(p)} (pi SessionManager, Node ${node})`,
      ratio: ratio(g, p, 1),
      target: target ? "≤ 1×" : "—",
      ...(target ? { met: g <= p } : {}),
    });
    if (target && g > p)
      notes.push(
        `resume: a cold load of ${size.toLocaleString("en")} entries takes gitclaw ${ms(g)} against pi's ${ms(p)} under Node.`,
      );
  }
  return { rows, notes };
}
