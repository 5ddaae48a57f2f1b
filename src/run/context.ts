// What every phase of the agent stage knows: the validated event and configuration, the model, the
// GitHub client, the redactor, the clock. Built once by the stage, passed along unchanged.
import type { ActionsEnv } from "../actions/env.ts";
import type { ResolvedModel } from "../agent/model.ts";
import type { Config } from "../config/config.ts";
import type { Trigger } from "../actions/event.ts";
import type { GitHubApi } from "../github/api.ts";
import type { GitHubClient } from "../github/client.ts";
import type { Repo } from "../github/operations.ts";
import type { Redactor } from "../redact.ts";

export interface RunContext {
  env: ActionsEnv;
  processEnv: Record<string, string | undefined>;
  /** Aborted on SIGINT/SIGTERM (cancel, timeout-minutes): the loop stops; the run still lands and replies. */
  signal: AbortSignal;
  trigger: Trigger;
  config: Config;
  resolved: ResolvedModel;
  /** Carries the run on when `resolved` is out of service (fallbackModel). */
  fallback?: ResolvedModel;
  /** Octokit, for the github tool. */
  github: GitHubClient;
  /** The same client behind the stages' own calls (src/github/operations.ts). */
  api: GitHubApi;
  repo: Repo;
  redact: Redactor;
  log: (line: string) => void;
  /** When the stage started (epoch ms), and the clock. */
  started: number;
  now: () => number;
  /** The Actions run's page. */
  link: string;
  /** Called once the reply is posted (the cleanup step then stays quiet). */
  onReplied: () => void;
}

/** The person to credit as co-author of the run's commits: whoever asked, when it was a person. */
export const coAuthorOf = (trigger: Pick<Trigger, "actor">) =>
  trigger.actor.type === "User" ? { login: trigger.actor.login, id: trigger.actor.id } : undefined;

/** When the agent loops of the run stop starting turns (epoch ms): the run's own and its sub-agents'. */
export const runDeadline = (run: Pick<RunContext, "started" | "config">) =>
  run.started + run.config.budgets.maxMinutes * 60_000;
