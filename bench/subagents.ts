// Sub-agents run in parallel for real: four independent tasks whose model answers each take a fixed
// time, run by one agent stage (`bun dist/GITCLAW-AGENT.js`, sandboxed as on a runner, tasks.maxParallel
// 4) in the background, against each task run alone in a stage of its own. A task's wall time is
// its record's startedAt → finishedAt (worktree, turns, commits, patch export, worktree removed);
// the four together span from the first start to the last finish, which must stay within 1.3× the
// longest task alone. The shortest task also runs alone with runner "actions": dispatched through the
// emulator, its task job played by the test runner (checkout of the base, the agent stage in child
// mode, upload-artifact), polled, its artifact taken over; the difference to the same task run
// locally is the Actions runner's overhead per child, without GitHub's queueing of a runner.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { renderWorkflow } from "../src/cli/workflow.ts";
import { parseConfig } from "../src/config/config.ts";
import { playDispatchedRuns } from "../test/support/dispatch-runner.ts";
import type { ScriptedTurn } from "../test/support/fake-model.ts";
import {
  createWorld,
  exec,
  median,
  ms,
  OWNER,
  ratio,
  REPO,
  stageCommand,
  summary,
  TOKEN,
  type Benchmark,
  type World,
} from "./lib.ts";

/** Milliseconds every scripted model answer of a task waits before it starts streaming. */
const TURN_LATENCY_MS = 400;
/** Tool turns of the four tasks before they commit and report: different lengths, as real work has. */
const TASK_TURNS = [2, 3, 4, 5];
const LIMIT = 1.3;
/** How often the parent looks at a task's workflow run (tasks.actions.pollSeconds; 15 s by default). */
const POLL_SECONDS = 0.1;

let runs = 0;

/** A task's brief and its script: `turns` bash calls, a write and a commit, then the report. */
function taskScript(run: number, index: number, turns: number): { prompt: string; script: ScriptedTurn[] } {
  const prompt = `Bench task ${index} of run ${run}: make file-${index}.txt.`;
  const slow = (turn: Omit<ScriptedTurn & object, "delayMs">) => ({ ...turn, delayMs: TURN_LATENCY_MS });
  const script = [
    ...Array.from({ length: turns }, () => slow({ toolCalls: [{ name: "bash", input: { command: "true" } }] })),
    slow({
      toolCalls: [
        { name: "write", input: { path: `file-${index}.txt`, content: `${index}\n` } },
        { name: "commit", input: { message: `Add file-${index}.txt` } },
      ],
    }),
    slow({ toolCalls: [{ name: "agent_report", input: { reportMarkdown: `file-${index}.txt committed.` } }] }),
  ];
  return { prompt, script };
}

interface Span {
  startedAt: number;
  finishedAt: number;
}

/** The task records the run left in its workspace: state/sessions/<session id>/tasks/<id>/task.json. */
function taskSpans(workspace: string, issueNumber: number): Span[] {
  const mapping = JSON.parse(readFileSync(join(workspace, `state/issues/${issueNumber}.json`), "utf8"));
  const tasks = join(workspace, String(mapping.sessionPath).replace(/[^/]*_([^/_]+)\.jsonl$/, "$1"), "tasks");
  return readdirSync(tasks)
    .map((id) => JSON.parse(readFileSync(join(tasks, id, "task.json"), "utf8")))
    .map((record: { status: string; startedAt: string; finishedAt: string; taskId: string; error?: string }) => {
      if (record.status !== "reported")
        throw new Error(
          `subagents: task ${record.taskId} ended ${record.status}: ${record.error ?? "no error recorded"}`,
        );
      return { startedAt: Date.parse(record.startedAt), finishedAt: Date.parse(record.finishedAt) };
    });
}

/** One agent stage that starts `tasks` in the background, awaits and applies them. Returns the task spans and the stage's wall time. */
async function stage(
  world: World,
  tasks: number[],
  runner: "local" | "actions" = "local",
): Promise<{ spans: Span[]; wallMs: number }> {
  const run = ++runs;
  const briefs = tasks.map((index) => ({ index, ...taskScript(run, index, TASK_TURNS[index]!) }));
  for (const brief of briefs) world.model.scriptFor(brief.prompt, brief.script);
  const call = (name: string, input: unknown) => ({ name, input });
  world.model.script([
    {
      toolCalls: briefs.map((b) =>
        call("task", { title: `task ${b.index}`, prompt: b.prompt, run_in_background: true, runner }),
      ),
    },
    { toolCalls: [call("task_await", {})] },
    (request) => ({
      toolCalls: [...new Set(JSON.stringify(request.body).match(/t[0-9a-f]{8}(?=\\")/g) ?? [])].map((id) =>
        call("task_apply_git_patch", { task_id: id }),
      ),
    }),
    { text: "done" },
  ]);
  const workspace = await world.checkout();
  const issue = world.newIssue(`Sub-agents bench ${run}`, "four files");
  const result = await exec(stageCommand("agent"), { cwd: workspace, env: world.runEnv(issue, workspace) });
  if (!result.stdout.includes("gitclaw: pushed"))
    throw new Error(`subagents: run ${run} did not push\n${result.stdout.slice(-3000)}`);
  const spans = taskSpans(workspace, issue.number);
  if (spans.length !== tasks.length) throw new Error(`subagents: run ${run} left ${spans.length} task records`);
  return { spans, wallMs: result.wallMs };
}

/** The emulator's workflow_dispatch runs played by the test runner: the task job of the workflow init writes. */
function playTaskRuns(world: World): void {
  const workflowFile = join(mkdtempSync(join(tmpdir(), "gitclaw-bench-workflow-")), "gitclaw.yml");
  const choices = { model: "anthropic/claude-sonnet-4-5", trigger: parseConfig({}).trigger, actionsRunner: true };
  writeFileSync(workflowFile, renderWorkflow(choices, [["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"]]));
  const repository = `${OWNER}/${REPO}`;
  const context = { gh: world.gh, model: world.model, repository, origin: world.repo.origin, workflowFile };
  playDispatchedRuns({ gh: world.gh, context, job: "task", token: TOKEN });
}

const spanMs = (spans: Span[]) =>
  Math.max(...spans.map((s) => s.finishedAt)) - Math.min(...spans.map((s) => s.startedAt));

export const subagents: Benchmark = {
  name: "subagents",
  title: "4 sub-agent tasks in parallel vs the longest alone",
  method: `Four independent tasks (${TASK_TURNS.join(", ")} bash turns, then a write and a commit, then agent_report), every model answer delayed ${TURN_LATENCY_MS} ms by the fake model: run by one agent stage (\`bun dist/GITCLAW-AGENT.js\`, sandboxed as on a runner, \`tasks.maxParallel\` 4) in the background, against each run alone in a stage of its own. Task wall time = its record's startedAt → finishedAt (worktree, turns, commits, patch export, worktree removed); the four together = first start → last finish.`,
  defaultReps: 2,
  async run(ctx) {
    const tasks = { enabled: true, maxParallel: 4, actions: { enabled: true, pollSeconds: POLL_SECONDS } };
    const world = await createWorld(undefined, { ".github/gitclaw.json": JSON.stringify({ tasks }) });
    playTaskRuns(world);
    const together: number[] = [];
    const longest: number[] = [];
    const stages: number[] = [];
    const local: number[] = [];
    const actions: number[] = [];
    try {
      for (let rep = 0; rep < ctx.reps; rep++) {
        const alone = [];
        for (const index of TASK_TURNS.keys()) alone.push(spanMs((await stage(world, [index])).spans));
        const parallel = await stage(world, [...TASK_TURNS.keys()]);
        longest.push(Math.max(...alone));
        together.push(spanMs(parallel.spans));
        stages.push(parallel.wallMs);
        local.push(alone[0]!);
        actions.push(spanMs((await stage(world, [0], "actions")).spans));
        ctx.log(`  rep ${rep + 1}/${ctx.reps}: alone ${alone.map(ms).join(", ")}; together ${ms(together.at(-1)!)}`);
        ctx.log(`    task 0 on Actions ${ms(actions.at(-1)!)} (locally ${ms(alone[0]!)})`);
      }
    } finally {
      await world.stop();
    }
    ctx.log(`  ${summary("together", together)}; ${summary("longest alone", longest)}`);
    const [t, l] = [median(together), median(longest)];
    const [a, o] = [median(actions), median(local)];
    return {
      rows: [
        {
          figure: `Sub-agents: 4 tasks in parallel (first start → last finish), ${TURN_LATENCY_MS} ms per model answer`,
          gitclaw: ms(t),
          reference: `${ms(l)} (the longest task alone)`,
          ratio: ratio(t, l, LIMIT),
          target: `≤ ${LIMIT}×`,
          met: t / l <= LIMIT,
        },
        {
          figure: "↳ the whole agent stage of the 4-task run (start → reply, applies included)",
          gitclaw: ms(median(stages)),
          reference: "—",
          ratio: "—",
          target: "—",
        },
        {
          figure: `Sub-agents: one task (${TASK_TURNS[0]} bash turns) with runner "actions" through the emulator, dispatch → artifact taken over, polled every ${POLL_SECONDS} s`,
          gitclaw: ms(a),
          reference: `${ms(o)} (the same task locally)`,
          ratio: ratio(a, o),
          target: "reported",
        },
        {
          figure:
            "↳ the Actions runner's overhead per child (its job's checkout, stage start, brief, upload; poll; download)",
          gitclaw: ms(a - o),
          reference: "—",
          ratio: "—",
          target: "reported",
        },
      ],
      notes: [
        "On GitHub a task's run also waits until a runner takes its job, and the parent polls every tasks.actions.pollSeconds (15 s by default): neither is in the Actions figure.",
      ],
    };
  },
};
