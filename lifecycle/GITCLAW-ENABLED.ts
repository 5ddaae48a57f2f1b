// Guard step (dist/GITCLAW-ENABLED.js in action.yml): writes proceed=true|false to $GITHUB_OUTPUT.
// An outsider's event ends here, green and quiet.
import * as workflow from "../src/actions/log.ts";
import { ActionsEnvError, readActionsEnv, setOutput } from "../src/actions/env.ts";
import { runGuard } from "../src/stages/guard.ts";

try {
  const env = readActionsEnv();
  const result = await runGuard(env, process.env);
  setOutput(env, "proceed", String(result.proceed));
  workflow.info(`gitclaw guard: ${result.proceed ? "proceed" : "skip"}: ${result.reason}`);
} catch (error) {
  // Only the runner's own setup can fail here (missing variables): say so loudly, never proceed.
  const message = error instanceof ActionsEnvError ? error.message : `unexpected error: ${(error as Error).message}`;
  workflow.error(message, "gitclaw guard");
  try {
    setOutput(readActionsEnv(), "proceed", "false");
  } catch {
    // Without the environment there is no output file to write to.
  }
  process.exitCode = 1;
}
