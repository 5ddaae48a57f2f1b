// Git in the agent's hands (#27): what taking the agent's git state costs at the end of a run, on a
// repository of 10,000 files. Whole agent stages (`bun lifecycle/GITCLAW-AGENT.ts`, the sandbox on
// where the machine allows it, a fresh checkout each), one bash call then an answer; both sides make
// the same change (two files edited, one added). "today": the change is left in the working tree, as
// a run without git commits leaves it. "agent commits": the command commits it in two commits with
// git through the tools' `git` (src/git/agent/), so the end of the run first takes them as
// data (ref files read, loose object files packed and checked by one `git unpack-objects --strict`). Measured in
// each process by bench/trace-preload.ts: the end of a run, from its last model call to its log line
// "gitclaw: replied" (sandbox release, taking the commits, commit, push, reply).
import { join } from "node:path";
import {
  alternate,
  createWorld,
  exec,
  median,
  ms,
  PROJECT_ROOT,
  ratio,
  summary,
  tempDir,
  toolResultsIn,
  type Benchmark,
  type World,
} from "./lib.ts";
import { readTrace, wrapUp } from "./trace.ts";

const FILES = 10_000;
const AGENT_SOURCE = join(PROJECT_ROOT, "lifecycle/GITCLAW-AGENT.ts");

/** 10,000 small source files in 100 folders. */
function manyFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 0; i < FILES; i++)
    files[`src/module-${String(i % 100).padStart(3, "0")}/file-${i}.ts`] = `export const handler${i} = ${i};\n`;
  return files;
}

/** The change, new text each run (every run lands on what the ones before pushed); committed or not. */
function command(n: number, commit: boolean): string {
  const step1 = `echo 'export const changed = ${n};' > src/module-000/file-0.ts`;
  const step2 = `echo 'export const changed = ${n};' > src/module-001/file-1.ts && echo 'export const added = ${n};' > src/added.ts`;
  if (!commit) return `${step1} && ${step2}`;
  return `${step1} && git add -A && git commit -q -m 'Step 1' && ${step2} && git add -A && git commit -q -m 'Step 2'`;
}

function respond(request: { body: unknown }) {
  const asked = /Agent git bench (\d+) (today|agent)/.exec(JSON.stringify(request.body));
  if (!asked) return { text: "?" };
  if (toolResultsIn(request.body) > 0) return { text: "done" };
  return { toolCalls: [{ name: "bash", input: { command: command(Number(asked[1]), asked[2] === "agent") } }] };
}

let runs = 0;

/** One traced agent stage; its end-of-run phase in milliseconds. */
async function endOfRun(world: World, side: "today" | "agent"): Promise<number> {
  const n = ++runs;
  const workspace = await world.checkout();
  // As on a runner, whose checkout step ends seconds before gitclaw's starts: files checked out in the
  // second the run copies the index are "racily clean" to git (it tells time by the second), so the
  // tools' git would hash them all again and, unable to freshen the read-only trusted pack, write
  // every one as a new loose object. Outside the measured phase.
  await Bun.sleep(1000);
  const trace = join(tempDir("agent-git-trace"), "trace.json");
  const env = world.runEnv(world.newIssue(`Agent git bench ${n} ${side}`, "change the files"), workspace, {
    GITCLAW_BENCH_TRACE: trace,
  });
  const run = await exec(["bun", "--preload", join(PROJECT_ROOT, "bench/trace-preload.ts"), AGENT_SOURCE], {
    cwd: workspace,
    env,
  });
  if (!run.stdout.includes("gitclaw: pushed") || !/^✓ bash/m.test(run.stdout))
    throw new Error(`agent-git: the ${side} run did not run its command and push\n${run.stdout.slice(-3000)}`);
  if (run.stdout.includes("were not taken"))
    throw new Error(`agent-git: commits not taken\n${run.stdout.slice(-3000)}`);
  // Without the sandbox, commands commit in .git/ themselves and nothing is taken: not what is measured.
  if (`${run.stdout}${run.stderr}`.includes("tool commands run as the agent's own user"))
    throw new Error(
      "agent-git: the sandbox is off on this machine; the benchmark needs it (root or passwordless sudo)",
    );
  const subjects = await world.repo.originGit("log", "--format=%s", "-3", "main");
  if (side === "agent" && !subjects.includes("Step 2\nStep 1"))
    throw new Error(`agent-git: the agent's commits are not on main:\n${subjects}`);
  return wrapUp(readTrace(trace));
}

export const agentGit: Benchmark = {
  name: "agent-git",
  title: "the end of a run that committed with git, 10k files",
  method:
    'Whole agent stages on a repository of 10,000 files, a fresh checkout each, started a second after it, one bash call making the same change (two files edited, one added) then an answer. today: the change left uncommitted. agent commits: the change committed in two commits with git through the tools\' `git` (src/git/agent/), taken as data at the end (ref files read, loose object files packed and checked by one `git unpack-objects --strict`). Measured: the end of the run, from its last model call to its log line "gitclaw: replied" (sandbox release, taking the commits, commit, push, reply), timed inside each process by bench/trace-preload.ts. Alternating, after a warmup.',
  defaultReps: 5,
  async run(ctx) {
    const world = await createWorld(respond, manyFiles());
    let times: Record<"today" | "agent", number[]>;
    try {
      times = await alternate(
        ctx,
        { today: () => endOfRun(world, "today"), agent: () => endOfRun(world, "agent") },
        { warmup: 1 },
      );
    } finally {
      await world.stop();
    }
    ctx.log(`  ${summary("today", times.today)}\n  ${summary("agent commits", times.agent)}`);
    const [agent, today] = [median(times.agent), median(times.today)];
    return {
      rows: [
        {
          figure: `Agent git: the end of a run whose command made 2 commits with git, ${FILES.toLocaleString("en")} files`,
          gitclaw: ms(agent),
          reference: `${ms(today)} (the same change uncommitted)`,
          ratio: ratio(agent, today, 1.1),
          target: "≤ 1.1×",
          met: agent / today <= 1.1,
        },
      ],
      notes: [
        `agent-git: the end of a run is timed from its last model call to "gitclaw: replied". The agent side adds taking the commits (src/git/agent/): the ref files read, the loose object files packed in the process and checked by one \`git unpack-objects --strict\` (names from content, fsck, links), then one \`git update-ref\` moving the branch if it is still where the run started (where the commits start is read from the parents of the commits git just checked). Each run starts a second after its checkout, as on a runner: a run started in the checkout's second (git tells time by the second) finds every file "racily clean", and the tools' git, which cannot freshen the read-only trusted pack, writes each file it hashes again as a new loose object (10,000 of them, packed by gc --auto), which made such repetitions 2.4× slower. Slowest agent side: ${ms(Math.max(...times.agent))}. Medians of ${times.agent.length} alternating repetitions after a warmup.`,
      ],
    };
  },
};
