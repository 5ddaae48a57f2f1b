// Whether an event may start a run: the one decision, made by the guard step and again by the agent
// stage (which may be run without the guard). Fail closed: any doubt is a no, except that a broken
// configuration is let through for someone with write access, so the agent stage can say on the
// issue what is wrong with it instead of a silent, green job.
import { existsSync } from "node:fs";
import { join } from "node:path";
import type { ActionsEnv } from "../actions/env.ts";
import { loadConfig, parseConfig, type Config } from "../config/config.ts";
import { settingsFromInputs } from "../config/inputs.ts";
import { IrrelevantEvent, readTrigger, type PromptRunRequest, type Trigger } from "../actions/event.ts";
import { promptTrigger, readPromptRunRequest, runKey } from "./prompt-run.ts";
import type { GitHubApi } from "../github/api.ts";
import { getPermission } from "../github/operations.ts";
import { findPullRequest } from "../github/pulls.ts";
import { CONFIG_FILE, SENTINEL_FILE } from "../config/paths.ts";
import { checkClaim } from "./claim.ts";
import { asMentioned, isAutomaticReview, triggerReason } from "./triggers.ts";
import { decideTrust, isBot, type TrustDecision } from "./trust.ts";
import { REPLY_MARKER } from "../github/marker.ts";

export type Gate =
  /** `configError`: the configuration is invalid; the run is only to say so on the issue. */
  | { proceed: true; reason: string; trigger: Trigger; config: Config; configError?: Error }
  /** `error`: what a person must fix (the payload), when that is why. */
  | { proceed: false; reason: string; trigger?: Trigger; error?: Error };

/** `inputs`: the variables action.yml sets from the action's inputs (src/config/inputs.ts). */
export async function decide(
  env: ActionsEnv,
  api: GitHubApi,
  inputs: Record<string, string | undefined> = {},
): Promise<Gate> {
  if (!existsSync(join(env.workspace, SENTINEL_FILE))) {
    return {
      proceed: false,
      reason: `${SENTINEL_FILE} is missing from the repository, so gitclaw is disabled; add the file to enable it`,
    };
  }
  const prompted = decidePrompt(env, inputs);
  if (prompted) return prompted;
  const event = readEvent(env);
  if ("stopped" in event) return event.stopped;
  const unlisted = await ciPullRequest(event.trigger, api, env);
  if (unlisted) return unlisted;
  const refused = refusal(event.trigger, env);
  if (refused) return { proceed: false, reason: refused, trigger: event.trigger };
  const { config, broken } = gateConfig(env, inputs);
  return decideTrigger(event.trigger, config, broken, env, api);
}

/** The event's trigger, or the gate that stops at it (irrelevant, or unreadable: failing closed). */
function readEvent(env: ActionsEnv): { trigger: Trigger } | { stopped: Gate } {
  try {
    return { trigger: readTrigger(env.eventName, env.eventPath) };
  } catch (error) {
    if (error instanceof IrrelevantEvent) return { stopped: { proceed: false, reason: error.message } };
    const reason = `${(error as Error).message}; failing closed`;
    return { stopped: { proceed: false, reason, error: error as Error } };
  }
}

/**
 * A CI run whose pull request GitHub did not list (src/actions/event.ts): found as the open pull
 * request of its gitclaw/ branch, filled into the trigger, or no run when there is none.
 */
async function ciPullRequest(trigger: Trigger, api: GitHubApi, env: ActionsEnv): Promise<Gate | undefined> {
  if (!trigger.ci || trigger.pullRequest?.number !== 0) return undefined;
  const repo = { owner: env.owner, repo: env.repo };
  const number = await findPullRequest(api, repo, trigger.ci.headBranch).catch(() => undefined);
  if (number === undefined)
    return {
      proceed: false,
      reason: `the CI run ${trigger.ci.runId} (${trigger.ci.headBranch}) belongs to no open pull request`,
    };
  trigger.issueNumber = number;
  trigger.pullRequest.number = number;
  return undefined;
}

/** The configuration; when it is invalid, the defaults, so only someone who could have run gitclaw hears about it. */
function gateConfig(env: ActionsEnv, inputs: Record<string, string | undefined>): { config: Config; broken?: Error } {
  try {
    return { config: loadConfig(env.workspace, settingsFromInputs(inputs).settings) };
  } catch (error) {
    return { config: parseConfig({}), broken: error as Error };
  }
}

/** Whether this trigger, by this actor, under this configuration, runs. */
async function decideTrigger(
  read: Trigger,
  config: Config,
  broken: Error | undefined,
  env: ActionsEnv,
  api: GitHubApi,
): Promise<Gate> {
  // Cheapest check first: an irrelevant event costs no API call (a claim to be gitclaw's pull request one).
  const claim = await checkClaim(read, api, env);
  const trigger = claim.trigger;
  const stop = (reason: string): Gate => ({ proceed: false, reason, trigger });
  const why = triggerReason(await asMentioned(trigger, config.trigger.mention), config.trigger, config.review);
  if (!why)
    return stop(
      `${env.eventName}.${trigger.action} does not match the configured triggers (${config.trigger.modes.join(", ")})` +
        (claim.disbelieved ? `: ${claim.disbelieved}` : ""),
    );
  // A CI run has no person behind it: gitclaw's own branch, which only people with write access
  // (and gitclaw) can push to, is what vouches for it (src/gate/triggers.ts).
  const decision = trigger.ci
    ? { allowed: true, reason: `gitclaw's branch ${trigger.ci.headBranch}` }
    : outsidersReviewed(
        await decideTrust(trigger.actor, config.trust, (login) => getPermission(api, env, login)),
        trigger,
        config,
      );
  if (!decision.allowed) return stop(decision.reason);
  if (broken)
    return {
      proceed: true,
      reason: `${why} by ${decision.reason}, to report that ${CONFIG_FILE} is invalid`,
      trigger,
      config,
      configError: broken,
    };
  return { proceed: true, reason: `${why} by ${decision.reason}`, trigger, config };
}

/**
 * review.outsiders: an automatic review of a pull request by someone without write access goes ahead
 * (it reads the diff as data, with no tools: src/review/); bots stay out.
 */
function outsidersReviewed(decision: TrustDecision, trigger: Trigger, config: Config): TrustDecision {
  if (decision.allowed || !isAutomaticReview(trigger) || isBot(trigger.actor)) return decision;
  if (!config.review.outsiders)
    return { ...decision, reason: `${decision.reason} (review.outsiders: true reviews outsiders' pull requests)` };
  return { ...decision, allowed: true, reason: `${decision.reason.split(";")[0]}, an outsider (review.outsiders)` };
}

/**
 * A prompt run: its author wrote the prompt into the workflow, which vouches for it
 * (src/gate/prompt-run.ts). Undefined when the inputs set no prompt: the event decides.
 */
function decidePrompt(env: ActionsEnv, inputs: Record<string, string | undefined>): Gate | undefined {
  let prompt: PromptRunRequest | undefined;
  let badInput: Error | undefined;
  try {
    prompt = readPromptRunRequest(inputs, env);
  } catch (error) {
    // The agent stage says what is wrong and fails the step: a bad input is no quiet skip.
    badInput = error as Error;
  }
  if (!prompt && !badInput) return undefined;
  const workflow = env.workflow ?? "workflow";
  const trigger = promptTrigger(env, prompt ?? { continues: false, key: runKey(workflow, env.job ?? "job"), workflow });
  const reason = `the prompt of the workflow "${workflow}", written by its author`;
  if (badInput) return { proceed: true, reason, trigger, config: parseConfig({}), configError: badInput };
  try {
    return { proceed: true, reason, trigger, config: loadConfig(env.workspace, settingsFromInputs(inputs).settings) };
  } catch (error) {
    return { proceed: true, reason, trigger, config: parseConfig({}), configError: error as Error };
  }
}

/**
 * What no configuration lets through: gitclaw's own writing, its own failed runs (they are no CI to
 * fix, and fixing them could loop), and review events of a fork's pull request.
 */
function refusal(trigger: Trigger, env: Pick<ActionsEnv, "workflow">): string | undefined {
  if (trigger.comment?.body.includes(REPLY_MARKER))
    return `comment ${trigger.comment.id} was written by gitclaw itself`;
  if (trigger.review?.body.includes(REPLY_MARKER)) return `review ${trigger.review.id} was written by gitclaw itself`;
  if (trigger.ci && trigger.ci.name === env.workflow)
    return `the failed run is of "${env.workflow}", gitclaw's own workflow: not a CI failure to fix`;
  const head = trigger.pullRequest?.head?.repo;
  // GitHub gives these workflows a read-only token and no secrets: there is no model key to run with.
  if ((trigger.inline || trigger.review) && head !== undefined && head !== trigger.repository)
    return `#${trigger.issueNumber} comes from the fork ${head}, whose review events run without the workflow's secrets; ask in a comment on the pull request instead`;
  if (trigger.eventName === "pull_request" && head !== undefined && head !== trigger.repository)
    return `#${trigger.issueNumber} comes from the fork ${head}, whose pull_request events run without the workflow's secrets; review forks on pull_request_target (gitclaw init --trigger review writes it)`;
  return undefined;
}
