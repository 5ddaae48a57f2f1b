// Agent start-up: from spawning the agent stage to its first model request (reading the event and
// the configuration, the trust check, the session, the sandbox, the tool set), the bundle the action
// runs against the TypeScript sources with node_modules, as the workflow ran them before the action.
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
  type Benchmark,
} from "./lib.ts";

export const startup: Benchmark = {
  name: "startup",
  title: "Agent start-up",
  method:
    "Spawn of the agent stage to the fake model's first request (one-turn run on a fresh checkout, emulator, no tools): `bun dist/GITCLAW-AGENT.js` against `bun lifecycle/GITCLAW-AGENT.ts` with node_modules; alternating; 2 warm-up rounds.",
  defaultReps: 10,
  async run(ctx) {
    let firstRequest = 0;
    const world = await createWorld(() => {
      firstRequest ||= performance.now();
      return { text: "Started." };
    });
    try {
      const side = (command: string[]) => async () => {
        const workspace = await world.checkout();
        const env = world.runEnv(world.newIssue("Start-up"), workspace);
        firstRequest = 0;
        const spawned = performance.now();
        const run = await exec(command, { cwd: workspace, env });
        if (!firstRequest || !run.stdout.includes("gitclaw: replied"))
          throw new Error(`startup: the agent did not run\n${run.stdout.slice(-2000)}`);
        return firstRequest - spawned;
      };
      const times = await alternate(
        ctx,
        { bundle: side(stageCommand("agent")), sources: side(["bun", `${PROJECT_ROOT}/lifecycle/GITCLAW-AGENT.ts`]) },
        { warmup: 2 },
      );
      const [after, before] = [median(times.bundle), median(times.sources)];
      ctx.log(`  ${summary("bundle", times.bundle)}\n  ${summary("sources", times.sources)}`);
      return {
        rows: [
          {
            figure: "Agent start-up: spawn → first model request",
            gitclaw: ms(after),
            reference: `${ms(before)} (the sources, before the action)`,
            ratio: ratio(after, before, 2),
            target: "—",
          },
        ],
        notes: [],
      };
    } finally {
      await world.stop();
    }
  },
};
