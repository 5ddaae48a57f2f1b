// Scale: what a run costs on a big, old repository next to a tiny one. Generated once per bench run
// with git fast-import: a repository of 10,000 files (with a `node_modules` of 20,000 installed in
// each checkout, as `bun install` would leave it) and one with 1 GB of history (random blobs added
// and removed again, so its last commit is as small as the tiny one's), each in a local bare origin.
//   - checkout: as the workflow does it (test/support/runner/checkout.ts with the workflow file's
//     settings), by repository, against `git clone --depth 1`;
//   - the agent stage (dist/, as the action runs it), the same 4-tool script on both repositories;
//   - the sandbox itself, in this process: prepare + release, and `git add -A` + `git status`
//     before and after a sandboxed command, through the idmapped view and by permissions (the
//     fallback, which walks the workspace as every run did before);
//   - per-turn loop time resuming a session of 10 and of 1,000 prior turns;
//   - a cold resume (bench/resume.ts): one load in a fresh process, gitclaw under Bun against pi's
//     SessionManager under Node, as pi's launcher runs it.
import { appendFileSync, cpSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { prepareSandbox, type SandboxOptions } from "../src/sandbox/sandbox.ts";
import { startProcess } from "../src/tools/bash/process.ts";
import { checkout } from "../test/support/runner/checkout.ts";
import { checkoutSettings } from "../test/support/runner/job.ts";
import {
  alternate,
  createWorld,
  exec,
  median,
  ms,
  PROJECT_ROOT,
  ratio,
  stageCommand,
  STAGES,
  summary,
  tempDir,
  TOKEN,
  type BenchContext,
  type Benchmark,
  type Row,
  type World,
} from "./lib.ts";
import { coldResume, toolCallId } from "./resume.ts";
import { SessionLines } from "./session-lines.ts";
import { readTrace, type TraceEvent } from "./trace.ts";

const FILES = 10_000;
const NODE_MODULES_PACKAGES = 1_000;
const FILES_PER_PACKAGE = 20;
const HISTORY_COMMITS = 10;
const BLOB_BYTES = 100 * 1024 * 1024;
const PRIOR_TURNS = [10, 1_000] as const;
const NEW_TURNS = 20;
/**
 * How long the fake model takes to answer in the per-turn figure, on both sides alike. A real model
 * takes far longer; answering at once, the fake model answers the 1,000-turn side later than the
 * 10-turn side (it parses a body of a thousand turns), and the agent's work after a longer idle runs on a
 * colder machine: the instant row shows that effect, measured in the same run.
 */
const MODEL_LATENCY_MS = 50;
/** Rounds of the 1 GB-history checkout comparison (each a few tens of milliseconds). */
const CHECKOUT_REPS = 15;
const WORKFLOW = join(PROJECT_ROOT, ".github/workflows/gitclaw.yml");
const SENTINEL = { "README.md": "# widgets\n", "GITCLAW-ENABLED.md": "enabled\n" };

// ---------------------------------------------------------------------------------------------
// Repositories

type Change =
  | { path: string; content: string | Uint8Array }
  | { path: string; delete: true }
  | { path: string; randomBytes: number };

/**
 * A bare repository on `main` built by git fast-import from `commits`, streamed. Its blobs are stored
 * as they are: no zlib, no delta search (big random blobs make both slow, and gain nothing), so a
 * random blob costs its size on disk and on the wire, as incompressible history does.
 */
async function fastImport(dir: string, commits: { message: string; changes: Change[] }[]): Promise<string> {
  await exec(["git", "init", "-q", "--bare", "-b", "main", dir]);
  await exec(["git", "-C", dir, "config", "core.compression", "0"]);
  await exec(["git", "-C", dir, "config", "core.bigFileThreshold", "1m"]);
  const importer = Bun.spawn(["git", "-C", dir, "fast-import", "--quiet"], {
    stdin: "pipe",
    stdout: "ignore",
    stderr: "pipe",
  });
  const sink = importer.stdin;
  const data = async (bytes: string | Uint8Array) => {
    const buffer = typeof bytes === "string" ? Buffer.from(bytes) : bytes;
    sink.write(`data ${buffer.length}\n`);
    sink.write(buffer);
    sink.write("\n");
    await sink.flush();
  };
  let time = 1_700_000_000;
  for (const [index, commit] of commits.entries()) {
    sink.write(`commit refs/heads/main\nmark :${index + 1}\ncommitter Bench <bench@example.com> ${time++} +0000\n`);
    await data(commit.message);
    if (index > 0) sink.write(`from :${index}\n`);
    for (const change of commit.changes) {
      if ("delete" in change) sink.write(`D ${change.path}\n`);
      else if ("content" in change) {
        sink.write(`M 100644 inline ${change.path}\n`);
        await data(change.content);
      } else {
        // One random chunk, repeated after a prefix of its own: each blob is unique, and random enough
        // that nothing would shrink it, without drawing a gigabyte of random bytes.
        const prefix = Buffer.from(`${dir} ${change.path} ${index}\n`);
        sink.write(`M 100644 inline ${change.path}\ndata ${change.randomBytes}\n`);
        sink.write(prefix);
        for (let left = change.randomBytes - prefix.length; left > 0; left -= RANDOM_CHUNK.length) {
          sink.write(left >= RANDOM_CHUNK.length ? RANDOM_CHUNK : RANDOM_CHUNK.subarray(0, left));
          await sink.flush();
        }
        sink.write("\n");
      }
    }
  }
  sink.end();
  const [code, stderr] = await Promise.all([importer.exited, new Response(importer.stderr).text()]);
  if (code !== 0) throw new Error(`git fast-import failed: ${stderr}`);
  return dir;
}

const RANDOM_CHUNK = randomBytes(4 << 20);

const files = (entries: Record<string, string>): Change[] =>
  Object.entries(entries).map(([path, content]) => ({ path, content }));

/** 10,000 small source files in 100 folders, node_modules ignored as a project would. */
function manyFiles(): Change[] {
  const changes = files({ ...SENTINEL, ".gitignore": "node_modules/\n" });
  for (let i = 0; i < FILES; i++) {
    const dir = `src/module-${String(i % 100).padStart(3, "0")}`;
    changes.push({
      path: `${dir}/file-${i}.ts`,
      content: `// file ${i}\nexport function handler${i}(input: string): string {\n  return input.trim() + "${i}";\n}\n`,
    });
  }
  return changes;
}

/** 1 GB of history: each commit adds a 100 MB random blob and drops the previous one; the last drops all. */
function bigHistory(): { message: string; changes: Change[] }[] {
  const commits = [{ message: "initial", changes: files(SENTINEL) }];
  for (let i = 1; i <= HISTORY_COMMITS; i++) {
    const changes: Change[] = [{ path: `assets/blob-${i}.bin`, randomBytes: BLOB_BYTES }];
    if (i > 1) changes.push({ path: `assets/blob-${i - 1}.bin`, delete: true });
    commits.push({ message: `asset ${i}`, changes });
  }
  commits.push({ message: "drop the assets", changes: [{ path: "assets", delete: true }] });
  return commits;
}

/** A node_modules of 20,000 files in 1,000 packages, as an install leaves it; copied into each checkout. */
function nodeModulesTemplate(dir: string): string {
  for (let p = 0; p < NODE_MODULES_PACKAGES; p++) {
    const pkg = join(dir, "node_modules", `pkg-${p}`);
    mkdirSync(join(pkg, "lib"), { recursive: true });
    writeFileSync(
      join(pkg, "package.json"),
      JSON.stringify({ name: `pkg-${p}`, version: "1.0.0", main: "lib/index.js" }),
    );
    for (let f = 1; f < FILES_PER_PACKAGE; f++)
      writeFileSync(join(pkg, "lib", `file-${f}.js`), `module.exports = ${p * FILES_PER_PACKAGE + f};\n`);
  }
  return join(dir, "node_modules");
}

interface Repos {
  tiny: string;
  files: string;
  history: string;
  nodeModules: string;
}

async function buildRepos(ctx: BenchContext, world: World): Promise<Repos> {
  const dir = tempDir("scale-repos");
  const started = performance.now();
  const repos = {
    tiny: world.repo.origin,
    files: await fastImport(join(dir, "files.git"), [{ message: "10,000 files", changes: manyFiles() }]),
    history: await fastImport(join(dir, "history.git"), bigHistory()),
    nodeModules: nodeModulesTemplate(join(dir, "template")),
  };
  const size = (await exec(["du", "-sb", repos.history])).stdout.split("\t")[0];
  ctx.log(
    `  built the repositories in ${ms(performance.now() - started)} (history: ${(Number(size) / 1e9).toFixed(2)} GB in ${repos.history})`,
  );
  return repos;
}

/** A checkout as the workflow's step makes it (its fetch-depth), of `origin`'s main. */
async function workflowCheckout(
  origin: string,
  workspace: string,
  fetchDepth = checkoutSettings(WORKFLOW).fetchDepth,
): Promise<string> {
  await checkout({
    origin,
    workspace,
    ref: "main",
    fetchDepth,
    persistCredentials: false,
    token: TOKEN,
    serverUrl: "https://github.com",
  });
  return workspace;
}

const timed = async (f: () => Promise<unknown>) => {
  const start = performance.now();
  await f();
  return performance.now() - start;
};

// ---------------------------------------------------------------------------------------------
// The model's scripts

type Message = { role: string; content: string | { type: string; text?: string }[] };

/** The request's last user text (the issue or comment being answered), and the tool results after it. */
function progress(body: unknown): { asked: string; turn: number } {
  const messages = ((body as { messages?: Message[] }).messages ?? []) as Message[];
  let turn = 0;
  for (let i = messages.length - 1; i >= 0; i--) {
    const { role, content } = messages[i]!;
    const blocks = typeof content === "string" ? [{ type: "text", text: content }] : content;
    const text = blocks
      .filter((b) => b.type === "text")
      .map((b) => b.text ?? "")
      .join("");
    if (role === "user" && text) return { asked: text, turn };
    turn += blocks.filter((b) => b.type === "tool_result").length;
  }
  return { asked: "", turn };
}

const AGENT_SCRIPT = [
  { name: "bash", input: { command: "true" } },
  { name: "write", input: { path: "scale-notes.md", content: "# Notes\n\nfirst\n" } },
  { name: "edit", input: { path: "scale-notes.md", oldText: "first", newText: "second" } },
  { name: "bash", input: { command: "cat scale-notes.md" } },
];

function respond(request: { body: unknown }) {
  const { asked, turn } = progress(request.body);
  if (asked.includes("[scale-agent]"))
    return turn < AGENT_SCRIPT.length ? { toolCalls: [AGENT_SCRIPT[turn]!] } : { text: "done" };
  const latency = /\[scale-turns latency=(\d+)\]/.exec(asked);
  if (latency) {
    const delayMs = Number(latency[1]);
    return turn < NEW_TURNS ? { toolCalls: [{ name: "bash", input: { command: "true" } }], delayMs } : { text: "done" };
  }
  return { text: "unexpected request" };
}

// ---------------------------------------------------------------------------------------------
// Measurements

async function checkoutCost(ctx: BenchContext, repos: Repos): Promise<{ rows: Row[]; notes: string[] }> {
  const dir = tempDir("scale-checkouts");
  let n = 0;
  const fresh = () => join(dir, `c${++n}`);
  const depth = checkoutSettings(WORKFLOW).fetchDepth;
  const kinds = [
    ["tiny", repos.tiny, "a tiny repository"],
    ["files", repos.files, `${FILES.toLocaleString("en")} files`],
  ] as const;
  const medians: Record<string, number> = {};
  for (const [kind, origin] of kinds) {
    ctx.log(`  checkout as the workflow does it (fetch-depth ${depth}), ${kind}:`);
    const times = await alternate(ctx, { workflow: () => timed(() => workflowCheckout(origin, fresh())) });
    medians[kind] = median(times.workflow);
  }
  // The 1 GB history as the workflow checks it out, next to a depth-1 clone by the same steps and by
  // git clone, in one alternation: tens of milliseconds each, so more rounds than the rest.
  ctx.log("  checkout of the 1 GB history: as the workflow does it, and depth-1 clones of it:");
  const clones = await alternate(
    { ...ctx, reps: Math.max(ctx.reps, CHECKOUT_REPS) },
    {
      workflow: () => timed(() => workflowCheckout(repos.history, fresh())),
      "same steps, depth 1": () => timed(() => workflowCheckout(repos.history, fresh(), 1)),
      "git clone --depth 1": () =>
        timed(() => exec(["git", "clone", "-q", "--depth", "1", `file://${repos.history}`, fresh()])),
    },
  );
  medians.history = median(clones.workflow);
  const depthOne = median(clones["same steps, depth 1"]);
  const gitClone = median(clones["git clone --depth 1"]);
  const full = await timed(() => workflowCheckout(repos.history, fresh(), 0));
  ctx.log(`  the 1 GB history with fetch-depth 0 (the workflow before): ${ms(full)}`);
  rmSync(dir, { recursive: true, force: true });
  const history = medians.history!;
  const rows: Row[] = [
    ...[...kinds, ["history", repos.history, "1 GB of history"] as const].map(([kind, , label]) => ({
      figure: `Scale: checkout as the workflow does it (fetch-depth ${depth}), ${label}`,
      gitclaw: ms(medians[kind]!),
      reference: kind === "tiny" ? "—" : `${ms(medians.tiny!)} (tiny repository)`,
      ratio: kind === "tiny" ? "—" : ratio(medians[kind]!, medians.tiny!),
      target: "—",
    })),
    {
      figure: "Scale: checkout of the 1 GB-history repository as the workflow does it, vs a depth-1 clone of it",
      gitclaw: ms(history),
      reference: `${ms(depthOne)} (the same steps with fetch-depth 1)`,
      ratio: ratio(history, depthOne, 1.2),
      target: "≤ 1.2×",
      met: history <= 1.2 * depthOne,
    },
    {
      figure: "↳ `git clone --depth 1` of it (one process instead of actions/checkout's four git commands)",
      gitclaw: ms(gitClone),
      reference: "—",
      ratio: "—",
      target: "—",
    },
    {
      figure: "↳ fetch-depth 0, the workflow before (1 run)",
      gitclaw: ms(full),
      reference: `${ms(history)} (fetch-depth ${depth})`,
      ratio: ratio(full, history),
      target: "—",
    },
  ];
  const notes =
    history > 1.2 * depthOne
      ? [
          `scale: the workflow's checkout of the 1 GB-history repository takes ${ms(history)} against ${ms(depthOne)} for a depth-1 clone by the same steps.`,
        ]
      : [];
  return { rows, notes };
}

/** A fresh checkout of `origin` as the workflow makes it, with node_modules installed into it when given. */
async function prepareWorkspace(origin: string, nodeModules?: string): Promise<string> {
  const workspace = await workflowCheckout(origin, join(tempDir("scale-ws"), "repo"));
  if (nodeModules) cpSync(nodeModules, join(workspace, "node_modules"), { recursive: true });
  // Written out before the clock starts: the install's writeback is not the run's cost.
  await exec(["sync"]);
  return workspace;
}

async function agentStage(ctx: BenchContext, world: World, repos: Repos): Promise<{ rows: Row[]; notes: string[] }> {
  let n = 0;
  const run = async (origin: string, nodeModules?: string, trace?: string) => {
    const workspace = await prepareWorkspace(origin, nodeModules);
    const issue = world.newIssue(`Scale agent ${++n}`, "[scale-agent] take notes");
    const command = trace
      ? ["bun", "--preload", join(PROJECT_ROOT, "bench/trace-preload.ts"), "--config=/dev/null", STAGES.agent]
      : stageCommand("agent");
    const result = await exec(command, {
      cwd: workspace,
      env: world.runEnv(issue, workspace, trace ? { GITCLAW_BENCH_TRACE: trace } : {}),
    });
    if (!result.stdout.includes("gitclaw: pushed") || !result.stdout.includes("gitclaw: replied"))
      throw new Error(`scale: the agent did not push and reply\n${result.stdout.slice(-3000)}`);
    const calls = result.stdout.match(/^✓ /gm)?.length ?? 0;
    if (calls !== AGENT_SCRIPT.length)
      throw new Error(
        `scale: expected ${AGENT_SCRIPT.length} tool calls, the agent logged ${calls}\n${result.stdout.slice(-3000)}`,
      );
    if (result.stdout.includes("shared with the tool user by permissions"))
      throw new Error("scale: the sandbox fell back to sharing by permissions");
    return result.wallMs;
  };
  const times = await alternate(
    ctx,
    { tiny: () => run(repos.tiny), big: () => run(repos.files, repos.nodeModules) },
    { warmup: 1 },
  );
  const [tiny, big] = [median(times.tiny), median(times.big)];
  ctx.log(`  ${summary("tiny", times.tiny)}\n  ${summary("10k files + node_modules", times.big)}`);
  // Where the difference goes: child processes of one traced run on each, summed by command.
  const traces = { tiny: join(tempDir("scale-trace"), "tiny.json"), big: join(tempDir("scale-trace"), "big.json") };
  await run(repos.tiny, undefined, traces.tiny);
  await run(repos.files, repos.nodeModules, traces.big);
  const byCommand = (file: string) => {
    const totals = new Map<string, number>();
    for (const e of readTrace(file)) {
      if (e.kind !== "spawn" || e.what.startsWith("unshare --mount")) continue;
      const key = e.what.split(" ").slice(0, 2).join(" ");
      totals.set(key, (totals.get(key) ?? 0) + (e.end ?? e.start) - e.start);
    }
    return totals;
  };
  const [small, large] = [byCommand(traces.tiny), byCommand(traces.big)];
  const deltas = [...new Set([...small.keys(), ...large.keys()])]
    .map((key) => ({ key, delta: (large.get(key) ?? 0) - (small.get(key) ?? 0) }))
    .sort((a, b) => b.delta - a.delta);
  const split = deltas
    .slice(0, 5)
    .map((d) => `\`${d.key}\` +${ms(d.delta)}`)
    .join(", ");
  const processes = deltas.reduce((total, d) => total + d.delta, 0);
  ctx.log(`  child processes, big − tiny (one traced run each): ${split}; all processes ${ms(processes)}`);
  const rows: Row[] = [
    {
      figure: `Scale: agent stage (4 tool calls, commit, push, reply), ${FILES.toLocaleString("en")} files + node_modules of ${(NODE_MODULES_PACKAGES * FILES_PER_PACKAGE).toLocaleString("en")}`,
      gitclaw: ms(big),
      reference: `${ms(tiny)} (tiny repository)`,
      ratio: ratio(big, tiny, 1.2),
      target: "≤ 1.2×",
      met: big <= 1.2 * tiny,
    },
  ];
  const notes =
    big > 1.2 * tiny
      ? [
          `scale: the agent stage takes ${ms(big)} on the big repository against ${ms(tiny)} on the tiny one (same script). Child processes of one traced run on each, big − tiny: ${split}; all of them ${ms(processes)} of the ${ms(big - tiny)}.`,
        ]
      : [];
  return { rows, notes };
}

/** The sandbox in this process: prepare, one command as the tool user, release; git add -A + status before and after. */
async function sandboxCost(ctx: BenchContext, repos: Repos): Promise<{ rows: Row[]; notes: string[] }> {
  const git = (workspace: string) =>
    timed(async () => {
      await exec(["git", "add", "-A"], { cwd: workspace });
      await exec(["git", "status", "--porcelain"], { cwd: workspace });
    });
  const once = async (origin: string, shareBy: SandboxOptions["shareBy"], nodeModules?: string) => {
    const workspace = await prepareWorkspace(origin, nodeModules);
    // A checkout's files are as new as its index ("racily clean"): the first status re-reads them all.
    // Past that second, one status settles them, as the steps between checkout and agent do on a runner.
    await Bun.sleep(1100);
    await exec(["git", "status", "--porcelain"], { cwd: workspace });
    // Before: one file changed by the agent itself; after: one more change, by the tool user.
    appendFileSync(join(workspace, "README.md"), "changed by the agent\n");
    const before = await git(workspace);
    const secrets = tempDir("scale-secrets");
    const options: SandboxOptions = {
      mode: "auto",
      workspace,
      agentOnly: [".git", "state"],
      secretDirs: [secrets],
      path: process.env.PATH ?? "/usr/bin:/bin",
      shareBy,
    };
    const start = performance.now();
    const sandbox = await prepareSandbox(options);
    const prepared = performance.now() - start;
    if (!sandbox.isolated)
      throw new Error(`scale: no sandbox here (${sandbox.reason}); run as root or with passwordless sudo`);
    if ((shareBy === "view") !== (sandbox.fallback === undefined))
      throw new Error(`scale: expected sharing by ${shareBy}: ${sandbox.fallback}`);
    const command = startProcess({
      command: "echo changed by the tool user >> README.md",
      cwd: workspace,
      env: { PATH: options.path },
      timeoutMs: 30_000,
      signal: new AbortController().signal,
      onOutput: () => {},
      runAs: sandbox,
    });
    if ((await command.finished).exitCode !== 0) throw new Error("scale: the sandboxed command failed");
    const releaseStart = performance.now();
    await sandbox.release();
    const released = performance.now() - releaseStart;
    rmSync(sandbox.worktrees, { recursive: true, force: true });
    const after = await git(workspace);
    return { sandbox: prepared + released, before, after };
  };
  const configs = [
    ["tiny, view", () => once(repos.tiny, "view")],
    ["big, view", () => once(repos.files, "view", repos.nodeModules)],
    ["big, permissions", () => once(repos.files, "permissions", repos.nodeModules)],
  ] as const;
  const results: Record<string, { sandbox: number[]; before: number[]; after: number[] }> = {};
  for (const [name] of configs) results[name] = { sandbox: [], before: [], after: [] };
  for (let rep = 0; rep < ctx.reps; rep++) {
    const line: string[] = [];
    for (const [name, measure] of rep % 2 ? [...configs].reverse() : configs) {
      const r = await measure();
      results[name]!.sandbox.push(r.sandbox);
      results[name]!.before.push(r.before);
      results[name]!.after.push(r.after);
      line.push(`${name}: sandbox ${ms(r.sandbox)}, git ${ms(r.before)} → ${ms(r.after)}`);
    }
    ctx.log(`  rep ${rep + 1}/${ctx.reps}: ${line.join("; ")}`);
  }
  const m = (name: string, key: "sandbox" | "before" | "after") => median(results[name]![key]);
  const gitRatio = m("big, view", "after") / m("big, view", "before");
  const rows: Row[] = [
    {
      figure: "Scale: sandbox prepare + release, 10k files + node_modules (idmapped view)",
      gitclaw: ms(m("big, view", "sandbox")),
      reference: `${ms(m("tiny, view", "sandbox"))} (tiny repository)`,
      ratio: ratio(m("big, view", "sandbox"), m("tiny, view", "sandbox")),
      target: "—",
    },
    {
      figure: "↳ the same by permissions (the fallback; what every run did before)",
      gitclaw: ms(m("big, permissions", "sandbox")),
      reference: `${ms(m("big, view", "sandbox"))} (idmapped view)`,
      ratio: ratio(m("big, permissions", "sandbox"), m("big, view", "sandbox")),
      target: "—",
    },
    {
      figure: "Scale: `git add -A` + `git status` after a sandboxed command, 10k files",
      gitclaw: ms(m("big, view", "after")),
      reference: `${ms(m("big, view", "before"))} (before it)`,
      ratio: ratio(m("big, view", "after"), m("big, view", "before"), 1.2),
      target: "≤ 1.2× (unchanged)",
      met: gitRatio <= 1.2,
    },
    {
      figure: "↳ the same by permissions (ctime churn)",
      gitclaw: ms(m("big, permissions", "after")),
      reference: `${ms(m("big, permissions", "before"))} (before it)`,
      ratio: ratio(m("big, permissions", "after"), m("big, permissions", "before")),
      target: "—",
    },
  ];
  const notes =
    gitRatio > 1.2
      ? [
          `scale: git add -A + status take ${ms(m("big, view", "after"))} after a sandboxed command against ${ms(m("big, view", "before"))} before it.`,
        ]
      : [];
  return { rows, notes };
}

/** A gitclaw session of issue `issue` with `turns` finished bash turns, as runs leave it. */
function priorSession(issue: number, turns: number): { file: string; text: string } {
  const session = new SessionLines(`0199aaaa-0000-7000-8000-${String(issue).padStart(12, "0")}`);
  session.push({ type: "custom", customType: "gitclaw.issue", data: { issueNumber: issue } });
  session.startModel();
  const ask = "Run `true` with the bash tool, one call per turn, then say done.";
  session.message({ role: "user", content: [{ type: "text", text: ask }] });
  for (let t = 0; t < turns; t++) {
    const id = toolCallId(t);
    session.assistant([{ type: "toolCall", id, name: "bash", arguments: { command: "true" } }], "toolUse");
    const content = [{ type: "text", text: "(no output)" }];
    session.message({
      role: "toolResult",
      toolCallId: id,
      toolName: "bash",
      content,
      details: { exitCode: 0 },
      isError: false,
    });
  }
  session.assistant([{ type: "text", text: "done" }], "stop");
  return session.file();
}

/** Agent-side milliseconds per turn of one traced run: the loop's span without the time spent waiting for the model. */
function perTurn(events: TraceEvent[]): { agent: number; wall: number } {
  const model = events.filter((e) => e.kind === "fetch" && e.what === "model");
  const span = model.at(-1)!.end! - model[0]!.start;
  const waiting = model.reduce((total, e) => total + (e.end! - e.start), 0);
  return { agent: (span - waiting) / NEW_TURNS, wall: span / NEW_TURNS };
}

/** Issues whose sessions hold `prior` finished bash turns, `count` of each, committed to the tiny origin. */
async function seedPriorSessions(world: World, count: number): Promise<Record<number, number[]>> {
  const issues: Record<number, number[]> = {};
  const seed = await world.repo.clone(`scale-seed-${Date.now()}`);
  mkdirSync(join(seed, "state/sessions"), { recursive: true });
  mkdirSync(join(seed, "state/issues"), { recursive: true });
  for (const prior of PRIOR_TURNS) {
    issues[prior] = [];
    for (let i = 0; i < count; i++) {
      const issue = world.newIssue(`Scale turns ${prior}/${i}`, "[scale-turns] run true");
      const session = priorSession(issue.number, prior);
      writeFileSync(join(seed, "state/sessions", session.file), session.text);
      const mapping = {
        issueNumber: issue.number,
        sessionPath: `state/sessions/${session.file}`,
        updatedAt: "2026-01-05T11:00:00.000Z",
      };
      writeFileSync(join(seed, "state/issues", `${issue.number}.json`), JSON.stringify(mapping, null, 2));
      issues[prior].push(issue.number);
    }
  }
  await exec(["git", "add", "-A"], { cwd: seed });
  await exec(
    ["git", "-c", "user.name=Bench", "-c", "user.email=bench@example.com", "commit", "-q", "-m", "prior sessions"],
    { cwd: seed },
  );
  await exec(["git", "push", "-q", "origin", "HEAD:main"], { cwd: seed });
  return issues;
}

/** One way of running the per-turn measure, and what it measured. */
interface TurnSeries {
  prior: (typeof PRIOR_TURNS)[number];
  latencyMs: number;
  agent: number[];
  wall: number[];
}

/** One traced agent stage resuming a seeded session for NEW_TURNS more turns; its agent-side time per turn. */
async function turnRun(world: World, repos: Repos, issueNumber: number, series: TurnSeries): Promise<number> {
  const issue = world.gh.issue(issueNumber);
  const workspace = await prepareWorkspace(repos.tiny);
  const comment = world.gh.addComment(issue.number, {
    body: `[scale-turns latency=${series.latencyMs}] Run \`true\` with the bash tool ${NEW_TURNS} more times, one call per turn, then say done.`,
    user: "alice",
  });
  const trace = join(tempDir("scale-trace"), "trace.json");
  const env = { ...world.commentEnv(issue, comment, workspace), GITCLAW_BENCH_TRACE: trace };
  const result = await exec(
    ["bun", "--preload", join(PROJECT_ROOT, "bench/trace-preload.ts"), "--config=/dev/null", STAGES.agent],
    { cwd: workspace, env },
  );
  if (!result.stdout.includes("gitclaw: resuming"))
    throw new Error(`scale: the run did not resume the seeded session\n${result.stdout.slice(-3000)}`);
  const calls = result.stdout.match(/^✓ bash/gm)?.length ?? 0;
  if (calls !== NEW_TURNS)
    throw new Error(
      `scale: expected ${NEW_TURNS} bash calls, the agent logged ${calls}\n${result.stdout.slice(-3000)}`,
    );
  const turn = perTurn(readTrace(trace));
  series.agent.push(turn.agent);
  series.wall.push(turn.wall);
  return turn.agent;
}

async function turnCost(ctx: BenchContext, world: World, repos: Repos): Promise<{ rows: Row[]; notes: string[] }> {
  const all: TurnSeries[] = [MODEL_LATENCY_MS, 0].flatMap((latencyMs) =>
    PRIOR_TURNS.map((prior) => ({ prior, latencyMs, agent: [], wall: [] })),
  );
  const issues = await seedPriorSessions(world, 2 * (ctx.reps + 1));
  const sides = all.map((series) => [
    `${series.prior} prior, model ${series.latencyMs} ms`,
    () => turnRun(world, repos, issues[series.prior]!.shift()!, series),
  ]);
  await alternate(ctx, Object.fromEntries(sides) as Record<string, () => Promise<number>>, { warmup: 1 });
  const [few, many, fewInstant, manyInstant] = all.map((series) => median(series.agent.slice(-ctx.reps))) as number[];
  const [, , fewWall, manyWall] = all.map((series) => median(series.wall.slice(-ctx.reps))) as number[];
  const rows: Row[] = [
    {
      figure: `Scale: per-turn loop time at 1,000 prior turns (model wait excluded; ${NEW_TURNS} new bash turns; the model answers after ${MODEL_LATENCY_MS} ms on both sides)`,
      gitclaw: ms(many!),
      reference: `${ms(few!)} (10 prior turns)`,
      ratio: ratio(many!, few!, 1.2),
      target: "≤ 1.2×",
      met: many! <= 1.2 * few!,
    },
    {
      figure:
        "↳ the same with the fake model answering at once (the 1,000-turn side then waits longer for it, and starts each turn after a longer idle)",
      gitclaw: ms(manyInstant!),
      reference: `${ms(fewInstant!)} (10 prior turns)`,
      ratio: ratio(manyInstant!, fewInstant!),
      target: "—",
    },
    {
      figure: "↳ per-turn wall, model answering at once, round trip included (the fake model parses each request)",
      gitclaw: ms(manyWall!),
      reference: `${ms(fewWall!)} (10 prior turns)`,
      ratio: ratio(manyWall!, fewWall!),
      target: "—",
    },
  ];
  const notes =
    many! > 1.2 * few!
      ? [`scale: a turn takes ${ms(many!)} at 1,000 prior turns against ${ms(few!)} at 10 (agent side).`]
      : [];
  return { rows, notes };
}

export const scale: Benchmark = {
  name: "scale",
  title: "Cost with repository size, history and session length; cold resume",
  method:
    `Repositories made once per run with git fast-import in local bare origins: ${FILES.toLocaleString("en")} files (with a node_modules of ${(NODE_MODULES_PACKAGES * FILES_PER_PACKAGE).toLocaleString("en")} files copied into each checkout, ignored as installed), and 1 GB of history (${HISTORY_COMMITS} random 100 MiB blobs added and dropped, the last commit as small as the tiny repository's). ` +
    "Checkout as the workflow configures it (test/support/runner/checkout.ts) against `git clone --depth 1`; the agent stage from dist/ with the same 4-tool script on each repository (as root here: the sandbox is on); the sandbox in-process (prepare, `echo >> README.md` as the tool user, release) with `git add -A` + `git status` timed before and after, one status run first past the checkout's second; " +
    `per-turn time from bench/trace-preload.ts (the loop's span without model fetches, over ${NEW_TURNS} new turns) resuming sessions of 10 and 1,000 bash turns, the fake model answering after ${MODEL_LATENCY_MS} ms and at once; the cold resume of bench/resume.ts.`,
  defaultReps: 5,
  async run(ctx) {
    const world = await createWorld(respond);
    try {
      const repos = await buildRepos(ctx, world);
      const parts = [
        await checkoutCost(ctx, repos),
        await agentStage(ctx, world, repos),
        await sandboxCost(ctx, repos),
        await turnCost(ctx, world, repos),
        await coldResume(ctx),
      ];
      return { rows: parts.flatMap((p) => p.rows), notes: parts.flatMap((p) => p.notes) };
    } finally {
      await world.stop();
    }
  },
};
