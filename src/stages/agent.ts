// The agent stage, end to end: decide again whether the event may start a run (src/gate/gate.ts; this
// stage may run without the guard), resolve the model, run the conversation (src/run/run.ts) or, in trigger
// mode "review", the automatic review (src/review/review.ts), remove 👀.
// Every failure a person can fix ends in one clear log line and, where the issue can be reached, a
// comment saying the same; a failed run exits 1.
import * as workflow from "../actions/log.ts";
import { runUrl, type ActionsEnv } from "../actions/env.ts";
import { markReplied, readTarget } from "../actions/run-state.ts";
import { EventError } from "../actions/event.ts";
import { ActionableError } from "../errors.ts";
import { decide } from "../gate/gate.ts";
import type { GitHubApi } from "../github/api.ts";
import { startAppToken } from "./app-token.ts";
import { removeIndicator } from "./indicator.ts";
import { postNotice } from "./notice.ts";
import { maskPassedSecrets, resolveStageModels, startStage, type StageOptions } from "./start.ts";
import { replyBodies } from "../github/comment-bodies.ts";
import { runConversation } from "../run/run.ts";
import { isReviewRun } from "../gate/triggers.ts";
import { reviewPullRequest } from "../review/review.ts";
import { reviewOwnChange } from "../review/own-change.ts";

/**
 * The agent stage, with the token it runs with: a GitHub App's, minted first and revoked last, when
 * the workflow gives one (./app-token.ts); a refused exchange fails the run, said in one line.
 */
export async function runAgentStage(options: StageOptions): Promise<number> {
  const token = await startAppToken(options.env, options.processEnv).catch((error: Error) => error);
  if (token instanceof Error) return failBeforeStart(options, token);
  try {
    return await runStage({ ...options, env: token.env });
  } finally {
    await token.release();
  }
}

/** A failure before the stage could start (no App token): said in the log and, with the job's token, on the issue. */
async function failBeforeStart(options: StageOptions, error: Error): Promise<number> {
  const { env } = options;
  const { api, redact } = startStage(options);
  const issueNumber = readTarget(env.runnerTemp)?.issueNumber;
  await reportFailure(env, api, { error, issueNumber, redact, link: runUrl(env) });
  return 1;
}

/** The agent stage: gate, model, conversation, and a failure said where the person will see it. */
async function runStage(options: StageOptions): Promise<number> {
  const { env, processEnv } = options;
  const stage = startStage(options);
  const { redact, log, api } = stage;
  const link = runUrl(env);
  let issueNumber: number | undefined;
  try {
    const gate = await decide(env, api, processEnv);
    // 0: a prompt run without an issue, which answers in the job summary only.
    issueNumber = gate.trigger?.issueNumber || undefined;
    if (!gate.proceed) {
      // A payload that cannot be read is a failure to report; anything else just means no run.
      if (gate.error) throw gate.error;
      log(`gitclaw: not running for this event: ${gate.reason}.`);
      return 0;
    }
    if (gate.configError) throw gate.configError;
    const { trigger, config } = gate;
    maskPassedSecrets(redact, processEnv, config);
    const models = await resolveStageModels(config, processEnv, redact);
    const onReplied = () => markReplied(env.runnerTemp, "agent");
    const context = {
      ...options,
      ...stage,
      trigger,
      config,
      ...models,
      link,
      onReplied,
      reviewChange: reviewOwnChange,
    };
    // A review (trigger mode "review") is a run of its own kind: the diff as data, no tools (src/review/).
    const outcome = isReviewRun(trigger, config.trigger)
      ? await reviewPullRequest(context)
      : await runConversation(context);
    return outcome.succeeded ? 0 : 1;
  } catch (error) {
    // A payload that failed validation may still say which issue it is about.
    issueNumber ??= error instanceof EventError ? error.issueNumber : undefined;
    await reportFailure(env, api, { error, issueNumber, redact, link });
    return 1;
  } finally {
    await removeIndicator(env, api).catch((error: Error) =>
      log(`gitclaw: could not remove 👀: ${redact(error.message)}`),
    );
  }
}

/** One log line and, where the issue is known, one comment saying what went wrong and where to look. */
async function reportFailure(
  env: ActionsEnv,
  api: GitHubApi,
  failure: { error: unknown; issueNumber?: number; redact: (text: string) => string; link: string },
): Promise<void> {
  const { error, issueNumber, redact, link } = failure;
  const actionable = error instanceof ActionableError;
  const message = redact(
    actionable ? (error as Error).message : `unexpected error: ${(error as Error).stack ?? error}`,
  );
  workflow.error(`gitclaw: ${message}`);
  if (issueNumber === undefined) return;
  const body = `gitclaw could not run:\n\n\`\`\`\n${actionable ? message : message.split("\n")[0]}\n\`\`\`\n\nSee the [run](${link}) for details.`;
  await postNotice(env, api, { issueNumber }, replyBodies(body)[0]!, "agent").catch((e: Error) =>
    workflow.error(`gitclaw: could not post the failure comment either: ${redact(e.message)}`),
  );
}
