// Agent step (dist/GITCLAW-AGENT.js in action.yml): parses the environment, runs the pipeline, exits with its
// status. SIGTERM/SIGINT (cancel, timeout-minutes) abort the loop; the run still commits and replies.
import * as workflow from "../src/actions/log.ts";
import { ActionsEnvError, readActionsEnv } from "../src/actions/env.ts";
import { runPipeline } from "../src/stages/agent.ts";

const controller = new AbortController();
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    console.log(`gitclaw: received ${signal}; stopping the agent and saving its work`);
    controller.abort(signal);
  });
}

try {
  process.exitCode = await runPipeline({ env: readActionsEnv(), processEnv: process.env, signal: controller.signal });
} catch (error) {
  const message = error instanceof ActionsEnvError ? error.message : `unexpected error: ${(error as Error).message}`;
  workflow.error(message, "gitclaw agent");
  process.exitCode = 1;
}
