// Push contention: 16 agent runs on 16 different issues at once, each its own process
// (`bun lifecycle/GITCLAW-AGENT.ts`, fresh checkout made before the start, so all share one base),
// all pushing to one bare origin. Every run's commit must land on main. The push phase of a run is
// measured inside its process by bench/trace-preload.ts: from the start of its first `git push` to
// its log line "gitclaw: pushed …" (the rejected pushes, backoff waits, `pull --rebase` and the
// final verification fetch included).
import { join } from "node:path";
import { createWorld, exec, ms, percentile, PROJECT_ROOT, tempDir, toolResultsIn, type Benchmark } from "./lib.ts";
import { pushPhase, readTrace } from "./trace.ts";

const RUNS = 16;

export const push: Benchmark = {
  name: "push",
  title: "16 concurrent runs, one bare origin",
  method:
    '16 agent stages at once on 16 issues, each its own process on its own fresh checkout of one bare origin; each run writes its own file. Landed = its file and its issue mapping are on origin\'s main and the issue got its reply. Push phase = first `git push` to the log line "gitclaw: pushed", timed inside each process by bench/trace-preload.ts.',
  defaultReps: 1,
  async run(ctx) {
    // Each run writes its own file, named after its issue title, then answers.
    const world = await createWorld((request) => {
      const n = /Push bench (\d+)/.exec(JSON.stringify(request.body))?.[1];
      return toolResultsIn(request.body) === 0
        ? { toolCalls: [{ name: "write", input: { path: `push/${n}.txt`, content: `run ${n}\n` } }] }
        : { text: `done ${n}` };
    });
    const phases: NonNullable<ReturnType<typeof pushPhase>>[] = [];
    const rounds: number[] = [];
    let landed = 0;
    let total = 0;
    try {
      for (let round = 0; round < ctx.reps; round++) {
        const issues = Array.from({ length: RUNS }, (_, i) =>
          world.newIssue(`Push bench ${round * RUNS + i}`, "write your file"),
        );
        const workspaces = await Promise.all(issues.map(() => world.checkout()));
        const traces = issues.map(() => join(tempDir("push-trace"), "trace.json"));
        const started = performance.now();
        await Promise.all(
          issues.map((issue, i) => {
            const env = world.runEnv(issue, workspaces[i]!, { GITCLAW_BENCH_TRACE: traces[i]! });
            return exec(
              [
                "bun",
                "--preload",
                join(PROJECT_ROOT, "bench/trace-preload.ts"),
                join(PROJECT_ROOT, "lifecycle/GITCLAW-AGENT.ts"),
              ],
              { cwd: workspaces[i]!, env },
            );
          }),
        );
        rounds.push(performance.now() - started);
        const tree = await world.repo.originGit("ls-tree", "-r", "--name-only", "main");
        issues.forEach((issue, i) => {
          total++;
          const n = round * RUNS + i;
          const replied = world.gh.comments(issue.number).some((c) => c.body?.includes(`done ${n}`));
          if (tree.includes(`push/${n}.txt`) && tree.includes(`state/issues/${issue.number}.json`) && replied) landed++;
          const phase = pushPhase(readTrace(traces[i]!));
          if (phase) phases.push(phase);
        });
        ctx.log(
          `  round ${round + 1}/${ctx.reps}: ${RUNS} runs in ${ms(rounds.at(-1)!)}, ${landed}/${total} landed so far`,
        );
      }
    } finally {
      await world.stop();
    }
    const pushes = phases.map((p) => p.pushMs);
    const [p50, p95] = [percentile(pushes, 50), percentile(pushes, 95)];
    const attempts = phases.map((p) => p.attempts);
    ctx.log(
      `  push phase p50 ${ms(p50)}, p95 ${ms(p95)}, max ${ms(Math.max(...pushes))}; commit → pushed p50 ${ms(
        percentile(
          phases.map((p) => p.commitToPushedMs),
          50,
        ),
      )}`,
    );
    ctx.log(`  push attempts per run: ${attempts.join(" ")} (max ${Math.max(...attempts)})`);
    return {
      rows: [
        {
          figure: `Push: ${RUNS} concurrent runs, all land on main`,
          gitclaw: `${landed}/${total}`,
          reference: "—",
          ratio: "—",
          target: "all",
          met: landed === total && phases.length === total,
        },
        { figure: "Push phase p50 (first push → pushed)", gitclaw: ms(p50), reference: "—", ratio: "—", target: "—" },
        { figure: "Push phase p95 (first push → pushed)", gitclaw: ms(p95), reference: "—", ratio: "—", target: "—" },
        {
          figure: "Push attempts per run, median / max",
          gitclaw: `${percentile(attempts, 50)} / ${Math.max(...attempts)}`,
          reference: "—",
          ratio: "—",
          target: "≤ 8 (git.pushAttempts)",
          met: Math.max(...attempts) <= 8,
        },
      ],
      notes: [
        `push: the push phase is measured inside each agent process (bench/trace-preload.ts) from its first \`git push\` to its log line "gitclaw: pushed"; ` +
          `of that, git commands take ${ms(
            percentile(
              phases.map((p) => p.gitMs),
              50,
            ),
          )} at the median run and ${ms(
            percentile(
              phases.map((p) => p.gitMs),
              95,
            ),
          )} at p95; ` +
          `the rest is the backoff between rejected attempts (backoffDelay in src/git/land.ts), ${ms(
            percentile(
              phases.map((p) => p.pushMs - p.gitMs),
              50,
            ),
          )} at the median and ${ms(
            percentile(
              phases.map((p) => p.pushMs - p.gitMs),
              95,
            ),
          )} at p95.`,
      ],
    };
  },
};
