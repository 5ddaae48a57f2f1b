// How a stage that runs an agent starts, the agent stage and its child mode (a task on a runner of
// its own, src/stages/task.ts) alike: every secret it holds is registered with the redactor and as a
// log mask (::add-mask::) before its first log line (the job's tokens and the model keys at once,
// tools.env values once the configuration names them, a cloud provider's short-lived credentials the
// moment an exchange returns them), and it has one GitHub client.
import * as workflow from "../actions/log.ts";
import type { ActionsEnv } from "../actions/env.ts";
import type { Config } from "../config/config.ts";
import { octokitApi, type GitHubApi } from "../github/api.ts";
import { createGitHubClient, type GitHubClient } from "../github/client.ts";
import { createRedactor, type Redactor } from "../redact.ts";
import { passedSecrets, secretValues } from "../tool-env.ts";
import { resolveModel, type ResolvedModel } from "../agent/model.ts";

export interface StageOptions {
  env: ActionsEnv;
  processEnv: Record<string, string | undefined>;
  /** Aborted on SIGTERM/SIGINT: the loop stops, and the run still commits and replies. */
  signal: AbortSignal;
  now?: () => number;
}

export interface StageStart {
  redact: Redactor;
  /** One log line, redacted. */
  log(line: string): void;
  started: number;
  now: () => number;
  github: GitHubClient;
  api: GitHubApi;
  repo: { owner: string; repo: string };
}

export function startStage(options: StageOptions): StageStart {
  const { env, processEnv } = options;
  const now = options.now ?? Date.now;
  const started = now();
  const tokens = [env.token, ...(env.workflowsToken ? [env.workflowsToken] : [])];
  const redact = createRedactor([]);
  workflow.secretSink(redact)([...new Set([...secretValues(processEnv), ...tokens])]);
  const log = (line: string) => workflow.info(redact(line));
  const github = createGitHubClient({ token: env.token, baseUrl: env.apiUrl, log: (l) => workflow.warning(redact(l)) });
  const repo = { owner: env.owner, repo: env.repo };
  return { redact, log, started, now, github, api: octokitApi(github), repo };
}

/** The values of tools.env are secrets from here on: redacted from every outlet and masked in the log. */
export function maskPassedSecrets(redact: Redactor, processEnv: StageOptions["processEnv"], config: Config): void {
  workflow.secretSink(redact)(passedSecrets(processEnv, config.tools.env));
}

/** The run's model and its fallback, short-lived credentials masked the moment an exchange returns them. */
export async function resolveStageModels(
  config: Config,
  processEnv: StageOptions["processEnv"],
  redact: Redactor,
): Promise<{ resolved: ResolvedModel; fallback?: ResolvedModel }> {
  const secrets = workflow.secretSink(redact);
  const resolved = await resolveModel(config.model, config, processEnv, { secrets });
  if (!config.fallbackModel) return { resolved };
  return { resolved, fallback: await resolveModel(config.fallbackModel, config, processEnv, { secrets }) };
}
