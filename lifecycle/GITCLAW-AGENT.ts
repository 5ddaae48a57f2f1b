// Agent step (dist/GITCLAW-AGENT.js in action.yml): parses the environment, runs the pipeline (or, given a
// task_id, a sub-agent's task), exits with its status. SIGTERM/SIGINT (cancel, timeout-minutes) abort the loop; the run still commits and replies.
import * as workflow from "../src/actions/log.ts";
import { ActionsEnvError, readActionsEnv } from "../src/actions/env.ts";
import { runAgentStage } from "../src/stages/agent.ts";
import { runTaskStage } from "../src/stages/task.ts";

const controller = new AbortController();
for (const signal of ["SIGTERM", "SIGINT"] as const) {
  process.on(signal, () => {
    console.log(`gitclaw: received ${signal}; stopping the agent and saving its work`);
    controller.abort(signal);
  });
}

try {
  const options = { env: readActionsEnv(), processEnv: process.env, signal: controller.signal };
  // A task_id input: a sub-agent's own workflow run (runner "actions"), dispatched by its parent.
  process.exitCode = process.env.GITCLAW_TASK_ID?.trim() ? await runTaskStage(options) : await runAgentStage(options);
} catch (error) {
  const message = error instanceof ActionsEnvError ? error.message : `unexpected error: ${(error as Error).message}`;
  workflow.error(message, "gitclaw agent");
  process.exitCode = 1;
}
