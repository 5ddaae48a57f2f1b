import {
  alternate,
  createWorld,
  exec,
  median,
  ms,
  OWNER,
  PROJECT_ROOT,
  ratio,
  REPO,
  STAGES,
  stageCommand,
  summary,
  type BenchContext,
  type Benchmark,
} from "./lib.ts";

const BARE = `
const response = await fetch(process.env.BENCH_URL, {
  method: "POST",
  headers: { authorization: "token " + process.env.GITHUB_TOKEN, accept: "application/vnd.github+json", "content-type": "application/json" },
  body: JSON.stringify({ content: "eyes" }),
});
if (response.status !== 201 && response.status !== 200) process.exit(1);
`;

/**
 * What the indicator's time is made of: the Bun runtime starting and exiting (`bun -e 0`), the
 * same script with no Actions environment (it loads every module, then stops at the missing
 * GITHUB_REPOSITORY with a warning: start + imports + exit, no request), and the rest (reading the
 * event, the POST, the state file).
 */
async function breakdown(ctx: BenchContext, full: number, bare: number): Promise<string> {
  const script = STAGES.indicator;
  const times = await alternate(
    { ...ctx, reps: 15, log: () => {} },
    {
      runtime: async () => (await exec(["bun", "-e", "0"])).wallMs,
      imports: async () => (await exec(["bun", script], { cwd: PROJECT_ROOT, env: { PATH: process.env.PATH } })).wallMs,
    },
    { warmup: 2 },
  );
  const [runtime, imports] = [median(times.runtime), median(times.imports)];
  ctx.log(`  breakdown: bun -e 0 ${ms(runtime)}, indicator without its environment (imports only) ${ms(imports)}`);
  return (
    `indicator: of gitclaw's ${ms(full)}, ${ms(imports)} is starting Bun on the TypeScript entry and loading its modules with no request made ` +
    `(the script run without its environment; \`bun -e 0\` alone is ${ms(runtime)}), and ${ms(full - imports)} is the work (event file, the POST, the state file). ` +
    `The bare side is ${ms(bare)} in all: the runtime plus one fetch. Start-up and module loading dominate.`
  );
}

export const indicator: Benchmark = {
  name: "indicator",
  title: "Time to 👀",
  method:
    "Wall time of `bun dist/GITCLAW-INDICATOR.js` (the bundle the action runs) (own process, Actions environment, emulator) against `bun -e` doing the same single POST of the 👀 reaction with `fetch`, and against the sources as the workflow ran them before the action; a new issue per call; 2 warm-up rounds.",
  defaultReps: 20,
  async run(ctx) {
    const world = await createWorld();
    let n = 0;
    try {
      const times = await alternate(
        ctx,
        {
          gitclaw: async () => {
            const env = world.runEnv(world.newIssue(`Indicator ${++n}`), world.repo.dir);
            const run = await exec(stageCommand("indicator"), { cwd: world.repo.dir, env });
            if (!run.stdout.includes("👀 added")) throw new Error(`indicator: no reaction added\n${run.stdout}`);
            return run.wallMs;
          },
          // What the workflow ran before the action: the TypeScript sources, with node_modules.
          sources: async () => {
            const env = world.runEnv(world.newIssue(`Indicator ${++n}`), world.repo.dir);
            const run = await exec(["bun", `${PROJECT_ROOT}/lifecycle/GITCLAW-INDICATOR.ts`], {
              cwd: world.repo.dir,
              env,
            });
            if (!run.stdout.includes("👀 added"))
              throw new Error(`indicator (sources): no reaction added\n${run.stdout}`);
            return run.wallMs;
          },
          "bun -e fetch": async () => {
            const issue = world.newIssue(`Indicator ${++n}`);
            const env = {
              ...world.runEnv(issue, world.repo.dir),
              BENCH_URL: `${world.gh.url}/repos/${OWNER}/${REPO}/issues/${issue.number}/reactions`,
            };
            return (await exec(["bun", "-e", BARE], { cwd: world.repo.dir, env })).wallMs;
          },
        },
        { warmup: 2 },
      );
      const [g, b, before] = [median(times.gitclaw), median(times["bun -e fetch"]), median(times.sources)];
      ctx.log(
        `  ${summary("gitclaw", times.gitclaw)}\n  ${summary("bun -e fetch", times["bun -e fetch"])}\n  ratio ${ratio(g, b)}`,
      );
      const notes = g / b > 2 ? [await breakdown(ctx, g, b)] : [];
      return {
        rows: [
          {
            figure: "Time to 👀 (indicator step, wall)",
            gitclaw: ms(g),
            reference: `${ms(b)} (bun -e, one fetch)`,
            ratio: ratio(g, b, 2),
            target: "≤ 2×",
            met: g / b <= 2,
          },
          {
            figure: "Time to 👀: the bundle against the sources it is built from (before the action)",
            gitclaw: ms(g),
            reference: `${ms(before)} (bun lifecycle/GITCLAW-INDICATOR.ts)`,
            ratio: ratio(g, before, 2),
            target: "—",
          },
        ],
        notes,
      };
    } finally {
      await world.stop();
    }
  },
};
