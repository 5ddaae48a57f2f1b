// What a task costs on Anthropic's API: the same scripted conversations run by gitclaw's agent stage
// and by pi (its CLI under Node, as its own launcher runs it) against the fake model server, every
// request body recorded there and billed with the prompt-caching model of
// test/support/fake-model/prompt-cache.ts at Claude Sonnet 4.5 list prices, each conversation with
// an empty cache, in a repository with a 4 KB AGENTS.md (both sides send it). The scripts: 20 turns
// of `bash true`; 30 turns each reading an ~8 KB file; a resume of that conversation adding 10 more
// reads, billed cold and, with the cache the first run left, warm; 30 reads, then an answer that needs
// the first file, which gitclaw's context editing cleared by then (src/agent/context-editing.ts): the
// scripted model reads it again when its content is not in the request, as a real one would, and the
// bill counts that turn. Both sides must really complete them: their tool calls are counted, and the
// last script's answer checked.
import { readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { modelInfo } from "../src/agent/catalog.ts";
import { createPromptCache, dollars, promptJson, type PromptUsage } from "../test/support/fake-model/prompt-cache.ts";
import type { RecordedModelRequest, Turn } from "../test/support/fake-model.ts";
import { piAgentDir, piPrintArgs, PI_BIN } from "../test/support/pi.ts";
import { mcpCostRows } from "./cost-mcp.ts";
import { skillsCostRows } from "./cost-skills.ts";
import {
  createWorld,
  exec,
  ratio,
  stageCommand,
  tempDir,
  toolResultsIn,
  type Benchmark,
  type Row,
  type World,
} from "./lib.ts";

const PRICE = modelInfo("anthropic", "claude-sonnet-4-5").price!;

const SMALL_TURNS = 20;
const READS = 30;
const MORE_READS = 10;
/** The issue's targets (#41): ≤ 0.8× of pi on the long reads, ≤ 0.95× on the rest. */
const TARGETS = { small: 0.95, reads: 0.8, resume: 0.95, warm: 0.95, recall: 0.8 } as const;
/** The fixed prefix's target: no larger than pi's. */
const TARGET = 1;
/** How far the footer's cost may be from the billed figure. */
const FOOTER_TOLERANCE = 0.05;

const filePath = (n: number) => `src/module-${String(n).padStart(2, "0")}.ts`;

/** About 8 KB of plausible TypeScript, different in every file. */
function moduleSource(n: number): string {
  const lines = [
    `// Module ${n}: request handlers generated for the cost benchmark.`,
    `import { respond, type Request, type Response } from "./http.ts";`,
    "",
  ];
  for (let i = 0; Buffer.byteLength(lines.join("\n")) < 8192; i++) {
    lines.push(
      `export function handler${n}x${i}(input: Request): Promise<Response> {`,
      `  return respond(input, { status: ${200 + (i % 5)}, id: ${n * 1000 + i} });`,
      "}",
    );
  }
  return `${lines.join("\n")}\n`;
}

/** About 4 KB of a repository's AGENTS.md: both sides put it into every request's system prompt. */
function agentsMd(): string {
  const lines = ["# Working on widgets", "", "Conventions every change follows:", ""];
  const topics = ["handlers", "tests", "errors", "logging", "naming", "imports", "types", "docs"];
  for (let i = 0; Buffer.byteLength(lines.join("\n")) < 4096 - 120; i++) {
    const topic = topics[i % topics.length]!;
    lines.push(
      `- Rule ${i + 1} (${topic}): keep ${topic} small and local; run \`bun run test\` after changing ${topic}.`,
    );
  }
  return `${lines.join("\n")}\n`;
}

/** What the recall script's answer needs: the first file's first function, read from the request. */
const FIRST_FILE_MARK = "// Module 1: ";
const FIRST_HANDLER = /export function (handler1x\d+)\(/;
const readTurn = (n: number): Turn => ({ toolCalls: [{ name: "read", input: { path: filePath(n) } }] });

/**
 * The scripted model side: what to answer given how many tool results the conversation holds and the
 * request, the tool calls each side must make (a range where clearing decides), and the answer expected.
 */
type Script = "small" | "reads" | "resume" | "recall";
interface ScriptSpec {
  calls: readonly [min: number, max: number];
  tool: string;
  turn(results: number, body: unknown): Turn;
  answer?: string;
}
const SCRIPTS: Record<Script, ScriptSpec> = {
  small: {
    calls: [SMALL_TURNS, SMALL_TURNS],
    tool: "bash",
    turn: (n) => (n < SMALL_TURNS ? { toolCalls: [{ name: "bash", input: { command: "true" } }] } : { text: "done" }),
  },
  reads: {
    calls: [READS, READS],
    tool: "read",
    turn: (n) => (n < READS ? { toolCalls: [{ name: "read", input: { path: filePath(n + 1) } }] } : { text: "done" }),
  },
  // The resumed conversation already holds READS results.
  resume: {
    calls: [MORE_READS, MORE_READS],
    tool: "read",
    turn: (n) =>
      n < READS + MORE_READS ? { toolCalls: [{ name: "read", input: { path: filePath(n + 1) } }] } : { text: "done" },
  },
  // After the reads: the answer, from the first file as the request holds it, or that file read again.
  recall: {
    calls: [READS, READS + 1],
    tool: "read",
    turn: (n, body) => {
      if (n < READS) return readTurn(n + 1);
      const json = JSON.stringify(body);
      const handler = json.includes(FIRST_FILE_MARK) ? FIRST_HANDLER.exec(json)?.[1] : undefined;
      return handler ? { text: `The first function of ${filePath(1)} is ${handler}.` } : readTurn(1);
    },
    answer: `The first function of ${filePath(1)} is handler1x0.`,
  },
};
const PROMPTS: Record<Script, string> = {
  small: `Run \`true\` with the bash tool ${SMALL_TURNS} times, one call per turn, then say done.`,
  reads: `Read ${filePath(1)} to ${filePath(READS)} with the read tool, one per turn, then say done.`,
  resume: `Now read ${filePath(READS + 1)} to ${filePath(READS + MORE_READS)} the same way, then say done.`,
  recall: `Read ${filePath(1)} to ${filePath(READS)} with the read tool, one per turn, then name the first function of ${filePath(1)}.`,
};
const TITLES: Record<Script | "warm", string> = {
  small: `${SMALL_TURNS} small turns (\`bash true\`)`,
  reads: `${READS} turns of ~8 KB reads`,
  resume: `cold resume + ${MORE_READS} reads`,
  warm: `the same resume, warm cache`,
  recall: `${READS} reads, then the first file needed again`,
};

/** The resume billed with the cache its first run left: what a comment within the cache's lifetime costs. */
function warm(first: Run, resume: Run): Bill {
  const cache = createPromptCache();
  bill(first.requests, cache);
  return bill(resume.requests, cache);
}

interface Bill extends PromptUsage {
  requests: number;
  output: number;
  usd: number;
  /** Bytes of the tool definitions and system prompt of the first request. */
  fixedBytes: number;
}

/** The conversation's requests billed from `cache` (default: empty), output as the server reported it. */
function bill(requests: RecordedModelRequest[], cache = createPromptCache()): Bill {
  const total: Bill = { requests: 0, input: 0, cacheRead: 0, cacheWrite: 0, output: 0, usd: 0, fixedBytes: 0 };
  for (const request of requests) {
    if (!request.usage) continue; // refused or failed: not billed
    const usage = cache.usage(request.api, request.body);
    total.requests++;
    total.input += usage.input;
    total.cacheRead += usage.cacheRead;
    total.cacheWrite += usage.cacheWrite;
    total.output += request.usage.output;
  }
  total.usd = dollars(total, PRICE);
  const first = requests[0]?.body;
  if (first)
    total.fixedBytes =
      Buffer.byteLength(promptJson(first.tools ?? [])) + Buffer.byteLength(promptJson(first.system ?? ""));
  return total;
}

const sent = (b: Bill) => b.input + b.cacheRead + b.cacheWrite;
const k = (n: number) => (n >= 1000 ? `${(n / 1000).toFixed(1)}k` : String(n));
const usd = (x: number) => `$${x.toFixed(4)}`;
const breakdown = (b: Bill) =>
  `${k(sent(b))} in (read ${k(b.cacheRead)} / write ${k(b.cacheWrite)} / plain ${k(b.input)}), ` +
  `${k(b.output)} out, ${b.requests} requests`;

/**
 * What dominates a bill above the aim: the fixed prefix (tools and instructions, in every request)
 * against the conversation itself (the prompt, tool calls and results), each side's.
 */
function missedAim(
  title: string,
  aim: number,
  ours: Bill,
  theirs: Bill,
  oursFixed: number,
  theirsFixed: number,
): string {
  const fixed = (b: Bill, bytes: number) => b.requests * Math.ceil(bytes / 4);
  const share = (b: Bill, bytes: number) =>
    `${k(fixed(b, bytes))} of ${k(sent(b))} (${((100 * fixed(b, bytes)) / sent(b)).toFixed(0)}%)`;
  const [convOurs, convTheirs] = [sent(ours) - fixed(ours, oursFixed), sent(theirs) - fixed(theirs, theirsFixed)];
  return (
    `cost, ${title}: gitclaw pays ${ratio(ours.usd, theirs.usd, aim)} of pi's bill (aim ≤ ${aim}×). ` +
    `Tokens sent: gitclaw ${breakdown(ours)}; pi ${breakdown(theirs)}. ` +
    `The fixed prefix, sent with every request, is ${share(ours, oursFixed)} of gitclaw's tokens and ` +
    `${share(theirs, theirsFixed)} of pi's; the rest, the conversation itself, is ${k(convOurs)} against ` +
    `${k(convTheirs)} (${ratio(convOurs, convTheirs)}).`
  );
}

/** A side made the tool calls its script asks for, or the benchmark stops. */
function checkCalls(side: string, script: Script, made: number, log = ""): void {
  const [min, max] = SCRIPTS[script].calls;
  if (made >= min && made <= max) return;
  const expected = min === max ? `${min}` : `${min} to ${max}`;
  throw new Error(`cost: ${side} made ${made} tool calls, expected ${expected} (${script})\n${log}`.trimEnd());
}

interface Run {
  bill: Bill;
  requests: RecordedModelRequest[];
}

interface GitclawRun extends Run {
  /** The cost printed in the reply's footer, and the exact one in the session's run entry. */
  footerUsd: number;
  sessionUsd: number;
}

class Sides {
  private script: Script = "small";
  private constructor(
    readonly world: World,
    private readonly agentDir: string,
  ) {}

  /** Both sides in the benchmark's repository, with `extra` files on its default branch (or in place of its own). */
  static async create(extra: Record<string, string> = {}): Promise<Sides> {
    let sides: Sides | undefined;
    const files = {
      ...Object.fromEntries(
        Array.from({ length: READS + MORE_READS }, (_, i) => [filePath(i + 1), moduleSource(i + 1)]),
      ),
      "AGENTS.md": agentsMd(),
      ...extra,
    };
    const world = await createWorld(
      (request) => SCRIPTS[sides!.script].turn(toolResultsIn(request.body), request.body),
      files,
    );
    sides = new Sides(world, piAgentDir(world.model.url));
    return sides;
  }

  /** Runs one conversation from an empty cache and returns its requests. */
  private async conversation(script: Script, run: () => Promise<void>): Promise<RecordedModelRequest[]> {
    this.script = script;
    this.world.model.forgetCache();
    const mark = this.world.model.requests.length;
    await run();
    return this.world.model.requests.slice(mark);
  }

  private async agent(script: Script, env: Record<string, string>, workspace: string): Promise<void> {
    const run = await exec(stageCommand("agent"), { cwd: workspace, env });
    if (!run.stdout.includes("gitclaw: replied")) {
      throw new Error(`cost: gitclaw did not reply (${script})\n${run.stdout.slice(-3000)}`);
    }
    const { tool } = SCRIPTS[script];
    checkCalls("gitclaw", script, run.stdout.match(new RegExp(`^✓ ${tool}`, "gm"))?.length ?? 0);
  }

  /** gitclaw: the first script on a new issue, the resume as a comment on it (a fresh checkout each run). */
  async gitclaw(
    script: Script,
    issue?: ReturnType<World["newIssue"]>,
  ): Promise<GitclawRun & { issue: ReturnType<World["newIssue"]> }> {
    const { world } = this;
    const target = issue ?? world.newIssue(`Cost ${script}`, PROMPTS[script]);
    let workspace = "";
    const requests = await this.conversation(script, async () => {
      workspace = await world.checkout();
      const comment = () => world.gh.addComment(target.number, { body: PROMPTS[script], user: "alice" });
      const env = issue ? world.commentEnv(target, comment(), workspace) : world.runEnv(target, workspace);
      await this.agent(script, env, workspace);
    });
    const footer = world.gh.comments(target.number).at(-1)?.body ?? "";
    const { answer } = SCRIPTS[script];
    if (answer && !footer.includes(answer)) throw new Error(`cost: gitclaw did not answer "${answer}" (${script})`);
    const footerUsd = Number(/<sub>.*· \$(\d+\.\d+) ·/.exec(footer)?.[1] ?? Number.NaN);
    const mapping = readFileSync(join(workspace, `state/issues/${target.number}.json`), "utf8");
    const entries = readFileSync(join(workspace, (JSON.parse(mapping) as { sessionPath: string }).sessionPath), "utf8");
    type Entry = { customType?: string; data?: { usage?: { cost: { total: number } } } };
    const runs = entries
      .trimEnd()
      .split("\n")
      .map((line) => JSON.parse(line) as Entry);
    const sessionUsd = runs.findLast((e) => e.customType === "gitclaw.run")?.data?.usage?.cost.total ?? Number.NaN;
    return { bill: bill(requests), requests, footerUsd, sessionUsd, issue: target };
  }

  /** pi: `pi -p` with its own session dir; the resume continues that session file with `--session`. */
  async pi(script: Script, sessionDir?: string): Promise<Run & { sessionDir: string }> {
    const dir = sessionDir ?? tempDir("pi-sessions");
    const session = sessionDir
      ? ["--session", join(dir, [...new Bun.Glob("**/*.jsonl").scanSync(dir)][0]!)]
      : ["--session-dir", dir];
    const env = { PATH: process.env.PATH, HOME: this.agentDir, PI_CODING_AGENT_DIR: this.agentDir, PI_OFFLINE: "1" };
    const requests = await this.conversation(script, async () => {
      // PI_BIN is pi's own launcher (`#!/usr/bin/env node`): pi as its users run it.
      const cwd = await this.world.checkout();
      // With its context files, as pi runs by default: it sends the repository's AGENTS.md too.
      const args = piPrintArgs(PROMPTS[script], session).filter((arg) => arg !== "--no-context-files");
      const run = await exec([PI_BIN, ...args], { cwd, env });
      const made = run.stdout.match(/"type":"tool_execution_end"/g)?.length ?? 0;
      checkCalls("pi", script, made, run.stderr.slice(-2000));
      const { answer } = SCRIPTS[script];
      if (answer && !run.stdout.includes(answer)) throw new Error(`cost: pi did not answer "${answer}" (${script})`);
    });
    return { bill: bill(requests), requests, sessionDir: dir };
  }

  async stop(): Promise<void> {
    await this.world.stop();
    rmSync(this.agentDir, { recursive: true, force: true });
  }
}

/** gitclaw's bills of the small and the reads tasks in the repository with `files` added (cost-skills.ts). */
async function gitclawTasks(files: Record<string, string>): Promise<Record<string, Bill>> {
  const sides = await Sides.create(files);
  try {
    return { [TITLES.small]: (await sides.gitclaw("small")).bill, [TITLES.reads]: (await sides.gitclaw("reads")).bill };
  } finally {
    await sides.stop();
  }
}

export const cost: Benchmark = {
  name: "cost",
  title: "What a task costs on Anthropic's API: gitclaw vs pi",
  method:
    "Four scripted conversations on the fake model (Anthropic wire format), each from an empty prompt cache, in a " +
    "repository with a 4 KB AGENTS.md, which both sides put into their system prompt (pi with its context files on): " +
    "20 turns of one `bash true`; 30 turns each reading a different ~8 KB file; a resume of the latter (gitclaw: a " +
    "comment on the issue, a fresh checkout; pi: `--session <file>`) adding 10 more reads, billed cold and again " +
    "with the cache the 30-read run left (warm); the 30 reads, then an answer naming the first file's first " +
    "function, which the scripted model takes from the request, reading the file again when it is not there " +
    "(gitclaw's context editing cleared it; the answer is checked on both sides). Both sides at their defaults " +
    "(gitclaw: `compaction.clearToolResultsAt` 10,000, `keepToolResultTurns` 2). gitclaw is `bun dist/GITCLAW-AGENT.js`; pi is its CLI under " +
    "Node (`node_modules/.bin/pi`, `#!/usr/bin/env node`) with `--mode json -p`. Every request body is recorded at " +
    "the server and billed with test/support/fake-model/prompt-cache.ts (breakpoints from `cache_control`, 20-block " +
    "lookback, 1,024-token minimum, request flags such as `eager_input_streaming` not billed, reads 0.1×, writes 1.25×, tokens = bytes/4) at Claude Sonnet 4.5 prices ($3 / " +
    "$15 / $0.30 / $3.75 per million input / output / cache read / cache write). Tool calls are counted on both " +
    "sides. The footer check compares the cost in gitclaw's reply footer (the usage the server reported, as the " +
    "SDK parsed it, priced by src/agent/catalog.ts) with the billed figure. MCP: a repository whose .mcp.json " +
    "declares a 50-tool server, 2 of its tools used among 10 `bash true` turns, billed with all 50 offered " +
    "(`mcp.directTools` 64) and as gitclaw offers them by default (mcp_search + mcp_call, one turn more). Skills + " +
    "agents: gitclaw's first two conversations (20 `bash true` turns, 30 reads) in the same repository with 20 " +
    "skills and 5 custom agents added to its default branch vs without, with the default configuration and with " +
    "tasks.enabled (the task tool lists the agents).",
  defaultReps: 1,
  // The bill of a recorded conversation does not vary from run to run: one run per side.
  async run(ctx) {
    const sides = await Sides.create();
    try {
      const g = { small: await sides.gitclaw("small"), reads: await sides.gitclaw("reads") };
      const gResume = await sides.gitclaw("resume", g.reads.issue);
      const gRecall = await sides.gitclaw("recall");
      const p = { small: await sides.pi("small"), reads: await sides.pi("reads") };
      const pResume = await sides.pi("resume", p.reads.sessionDir);
      const pRecall = await sides.pi("recall");
      const pairs: [keyof typeof TITLES, Bill, Bill][] = [
        ["small", g.small.bill, p.small.bill],
        ["reads", g.reads.bill, p.reads.bill],
        ["resume", gResume.bill, pResume.bill],
        ["warm", warm(g.reads, gResume), warm(p.reads, pResume)],
        ["recall", gRecall.bill, pRecall.bill],
      ];
      const fixed = { gitclaw: g.small.bill.fixedBytes, pi: p.small.bill.fixedBytes };
      const rows: Row[] = [];
      const notes: string[] = [];
      for (const [script, ours, theirs] of pairs) {
        const r = ours.usd / theirs.usd;
        const aim = TARGETS[script];
        const sides = `gitclaw ${usd(ours.usd)} (${breakdown(ours)}); pi ${usd(theirs.usd)} (${breakdown(theirs)})`;
        ctx.log(`  ${TITLES[script]}: ${sides}; ratio ${ratio(ours.usd, theirs.usd)}`);
        rows.push(
          {
            figure: `Cost: ${TITLES[script]}, billed`,
            gitclaw: usd(ours.usd),
            reference: `${usd(theirs.usd)} (pi under Node)`,
            ratio: ratio(ours.usd, theirs.usd, aim),
            target: `≤ ${aim}×`,
            met: r <= aim,
          },
          {
            figure: `↳ ${TITLES[script]}: tokens`,
            gitclaw: breakdown(ours),
            reference: breakdown(theirs),
            ratio: ratio(sent(ours), sent(theirs)),
            target: "—",
          },
        );
        if (r > aim) notes.push(missedAim(TITLES[script], aim, ours, theirs, fixed.gitclaw, fixed.pi));
      }
      rows.push({
        figure: "Fixed prefix: tool definitions + system prompt (JSON)",
        gitclaw: `${(fixed.gitclaw / 1000).toFixed(2)} KB`,
        reference: `${(fixed.pi / 1000).toFixed(2)} KB (pi)`,
        ratio: ratio(fixed.gitclaw, fixed.pi, TARGET),
        target: `≤ ${TARGET}×`,
        met: fixed.gitclaw <= fixed.pi,
      });

      const { footerUsd, sessionUsd } = g.small;
      const billed = g.small.bill.usd;
      const off = Math.abs(footerUsd - billed) / billed;
      const apart = `${(off * 100).toFixed(2)}% apart`;
      ctx.log(`  footer ${usd(footerUsd)}, session ${sessionUsd.toFixed(6)}, billed ${billed.toFixed(6)}: ${apart}`);
      rows.push({
        figure: `Footer cost vs billed, ${TITLES.small}`,
        gitclaw: `${usd(footerUsd)} (footer; session $${sessionUsd.toFixed(6)})`,
        reference: `$${billed.toFixed(6)} (billed)`,
        ratio: apart,
        target: `within ${FOOTER_TOLERANCE * 100}%`,
        met: off <= FOOTER_TOLERANCE,
      });
      rows.push(...(await mcpCostRows((requests) => bill(requests))));
      rows.push(...(await skillsCostRows(gitclawTasks)));
      return { rows, notes };
    } finally {
      await sides.stop();
    }
  },
};
