// Approval step (dist/GITCLAW-APPROVAL.js in action.yml): recomputes the `gitclaw/approval` status of
// the pull request a review or an `/approve` comment is about. Fails the step when it cannot say.
import * as workflow from "../src/actions/log.ts";
import { ActionsEnvError, readActionsEnv } from "../src/actions/env.ts";
import { runApproval } from "../src/stages/approval.ts";

try {
  const outcome = await runApproval(readActionsEnv());
  if (!("head" in outcome)) workflow.info(`gitclaw approval: nothing to do: ${outcome.reason}`);
  else
    workflow.info(
      `gitclaw approval: ${outcome.decision.state} on ${outcome.head} (${outcome.decision.description})` +
        `${outcome.set ? "" : ", already set"}; not counted as approvers: ${outcome.excluded.join(", ") || "nobody"}`,
    );
} catch (error) {
  const message = error instanceof ActionsEnvError ? error.message : (error as Error).message;
  workflow.error(`could not update the approval status: ${message}`, "gitclaw approval");
  process.exitCode = 1;
}
