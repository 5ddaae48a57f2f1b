// The agent stage, end to end: validate the event, re-check trust, open the issue's conversation,
// run the agent loop, commit and push, answer on the issue, remove 👀. Every failure a person can
// fix ends in one clear log line and, where the issue can be reached, a comment saying the same.
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as workflow from "./actions/log.ts";
import { ModelConfigError, modelSpec, resolveModel } from "./agent/model.ts";
import { readEventBasics } from "./actions/event-basics.ts";
import { runUrl, type ActionsEnv } from "./actions/env.ts";
import { ConfigError, loadConfig } from "./config.ts";
import { GitError } from "./git/git.ts";
import { secretValues } from "./env.ts";
import { EventError, readTrigger } from "./event.ts";
import { createGitHubClient, type GitHubClient } from "./github/client.ts";
import { getPermission, removeReaction, type Repo } from "./github/operations.ts";
import { markReplied, readProgressCommentId, readReaction, writeReaction } from "./actions/run-state.ts";
import { SENTINEL_FILE } from "./paths.ts";
import { postReply } from "./run/reply.ts";
import { createRedactor } from "./redact.ts";
import { replyBodies } from "./reply.ts";
import { SessionError } from "./session/session-file.ts";
import { REPLY_MARKER, decideTrust } from "./trust.ts";
import { runConversation } from "./run.ts";
import { triggerReason } from "./triggers.ts";

export interface PipelineOptions {
  env: ActionsEnv;
  processEnv: Record<string, string | undefined>;
  /** Aborted on SIGTERM/SIGINT: the loop stops, and the run still commits and replies. */
  signal: AbortSignal;
  now?: () => number;
}

/** Errors a person can act on: their message is the whole story, posted as is. */
const ACTIONABLE = [EventError, ConfigError, ModelConfigError, SessionError, GitError];

export async function runPipeline(options: PipelineOptions): Promise<number> {
  const { env, processEnv } = options;
  const now = options.now ?? Date.now;
  const started = now();
  const secrets = [...new Set([...secretValues(processEnv), env.token])];
  const redact = createRedactor(secrets);
  for (const secret of secrets) workflow.setSecret(secret);
  const log = (line: string) => workflow.info(redact(line));
  const github = createGitHubClient({ token: env.token, baseUrl: env.apiUrl, log: (l) => workflow.warning(redact(l)) });
  const repo: Repo = { owner: env.owner, repo: env.repo };
  const link = runUrl(env);
  let issueNumber: number | undefined;

  try {
    const trigger = readTrigger(env.eventName, env.eventPath);
    issueNumber = trigger.issueNumber;
    // Defence in depth: the guard decided already, but this stage may be run on its own.
    if (!existsSync(join(env.workspace, SENTINEL_FILE))) {
      log(`gitclaw: ${SENTINEL_FILE} is missing, so gitclaw is disabled; nothing to do.`);
      return 0;
    }
    if (trigger.isPullRequest) {
      log(`gitclaw: #${trigger.issueNumber} is a pull request; gitclaw works on issues, so there is nothing to do.`);
      return 0;
    }
    if (trigger.comment?.body.includes(REPLY_MARKER)) {
      log("gitclaw: the triggering comment was written by gitclaw itself; nothing to do.");
      return 0;
    }
    const config = loadConfig(env.workspace);
    if (!triggerReason(readEventBasics(env.eventName, env.eventPath), config.trigger)) {
      log(`gitclaw: ${env.eventName}.${trigger.action} does not match the configured triggers; nothing to do.`);
      return 0;
    }
    const decision = await decideTrust(trigger.actor, config.trust, (login) => getPermission(github, repo, login));
    if (!decision.allowed) {
      log(`gitclaw: not running for this event: ${decision.reason}.`);
      return 0;
    }
    const resolved = await resolveModel(modelSpec(config, processEnv), config, processEnv);
    const outcome = await runConversation({ ...options, trigger, config, resolved, github, repo, redact, log, started, now, link, onReplied: () => markReplied(env.runnerTemp, "agent") });
    return outcome.succeeded ? 0 : 1;
  } catch (error) {
    const actionable = ACTIONABLE.some((type) => error instanceof type);
    const message = redact(actionable ? (error as Error).message : `unexpected error: ${(error as Error).stack ?? error}`);
    workflow.error(`gitclaw: ${message}`);
    // A payload that failed validation may still say which issue it is about.
    issueNumber ??= issueNumberOf(env);
    if (issueNumber !== undefined) {
      const body = `gitclaw could not run:\n\n\`\`\`\n${actionable ? message : message.split("\n")[0]}\n\`\`\`\n\nSee the [run](${link}) for details.`;
      // Reuse the progress comment when the run got that far: still one comment per run.
      const progressId = readProgressCommentId(env.runnerTemp);
      const posted = progressId
        ? github.rest.issues.updateComment({ ...repo, comment_id: progressId, body: replyBodies(body)[0]! })
        : postReply(github, repo, issueNumber, body, "");
      await posted.then(
        () => markReplied(env.runnerTemp, "agent"),
        (e: Error) => workflow.error(`gitclaw: could not post the failure comment either: ${redact(e.message)}`),
      );
    }
    return 1;
  } finally {
    await removeIndicator(github, repo, env, log);
  }
}

function issueNumberOf(env: ActionsEnv): number | undefined {
  try {
    return readEventBasics(env.eventName, env.eventPath).issueNumber;
  } catch {
    return undefined;
  }
}

async function removeIndicator(github: GitHubClient, repo: Repo, env: ActionsEnv, log: (line: string) => void): Promise<void> {
  const state = readReaction(env.runnerTemp);
  if (!state || state.removed) return;
  try {
    await removeReaction(github, repo, state);
    writeReaction(env.runnerTemp, { ...state, removed: true });
  } catch (error) {
    log(`gitclaw: could not remove 👀: ${(error as Error).message}`);
  }
}
