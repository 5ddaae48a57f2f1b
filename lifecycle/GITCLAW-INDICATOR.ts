// Indicator step (dist/GITCLAW-INDICATOR.js in action.yml): 👀 on the issue or comment as the instant
// "working" signal. With `--cleanup` it is the action's `if: always()` step: removes 👀 and, if the
// agent died before replying, posts one failure comment with the run link. Never fails the job.
import * as workflow from "../src/actions/log.ts";
import { readActionsEnv } from "../src/actions/env.ts";

const cleanup = process.argv.includes("--cleanup");
// Each mode loads only its own module: the 👀 step is on the clock (bench/indicator).
try {
  const env = readActionsEnv();
  if (cleanup) {
    const { runCleanup } = await import("../src/stages/cleanup.ts");
    const result = await runCleanup(env, process.env.GITCLAW_JOB_STATUS ?? "failure");
    workflow.info(
      `gitclaw cleanup: ${result.postedFailure ? "posted a failure comment" : "a reply exists"}; 👀 ${result.removedReaction ? "removed" : "already gone"}`,
    );
  } else {
    const { addIndicator } = await import("../src/stages/indicator.ts");
    const state = await addIndicator(env);
    workflow.info(
      `gitclaw indicator: 👀 added to the ${state.commentId === undefined ? "issue" : "comment"} (reaction ${state.reactionId})`,
    );
  }
} catch (error) {
  workflow.warning((error as Error).message, `gitclaw ${cleanup ? "cleanup" : "indicator"}`);
}
