// The GitHub Actions environment, read in one place by every stage.
import { randomBytes } from "node:crypto";
import { appendFileSync } from "node:fs";

export interface ActionsEnv {
  eventName: string;
  eventPath: string;
  owner: string;
  repo: string;
  token: string;
  /** A token GitHub lets push `.github/workflows/` (the input workflows_token), when one is set. */
  workflowsToken?: string;
  /** The token is a GitHub App installation token the stage minted (input app_id): its pushes start workflows. */
  appToken?: boolean;
  apiUrl: string;
  serverUrl: string;
  runId: string;
  /** The running workflow's name (GITHUB_WORKFLOW): a failed run of it is gitclaw's own, no CI failure to fix. */
  workflow?: string;
  /** The running job's id (GITHUB_JOB): with the workflow, names a prompt run's conversation. */
  job?: string;
  runnerTemp: string;
  workspace: string;
  outputFile?: string;
  stepSummaryFile?: string;
}

export class ActionsEnvError extends Error {
  override name = "ActionsEnvError";
}

type Env = Record<string, string | undefined>;

function required(env: Env, name: string, hint: string): string {
  const value = env[name]?.trim();
  if (!value) throw new ActionsEnvError(`${name} is not set: ${hint}`);
  return value;
}

export function readActionsEnv(env: Env = process.env, cwd = process.cwd()): ActionsEnv {
  const repository = required(env, "GITHUB_REPOSITORY", "expected owner/repo (GitHub Actions sets it).");
  const [owner, repo, ...rest] = repository.split("/");
  if (!owner || !repo || rest.length)
    throw new ActionsEnvError(`GITHUB_REPOSITORY is "${repository}": expected owner/repo.`);
  return {
    eventName: required(
      env,
      "GITHUB_EVENT_NAME",
      "GitHub Actions sets it; run gitclaw from a workflow or `bun run local`.",
    ),
    eventPath: required(env, "GITHUB_EVENT_PATH", "GitHub Actions sets it to the event payload file."),
    owner,
    repo,
    token: required(env, "GITHUB_TOKEN", "pass `GITHUB_TOKEN: ${{ github.token }}` in the step's env."),
    workflowsToken: env.GITCLAW_WORKFLOWS_TOKEN?.trim() || undefined,
    apiUrl: (env.GITHUB_API_URL?.trim() || "https://api.github.com").replace(/\/+$/, ""),
    serverUrl: (env.GITHUB_SERVER_URL?.trim() || "https://github.com").replace(/\/+$/, ""),
    runId: env.GITHUB_RUN_ID?.trim() || "local",
    workflow: env.GITHUB_WORKFLOW?.trim() || undefined,
    job: env.GITHUB_JOB?.trim() || undefined,
    runnerTemp: env.RUNNER_TEMP?.trim() || "/tmp",
    workspace: env.GITHUB_WORKSPACE?.trim() || cwd,
    outputFile: env.GITHUB_OUTPUT?.trim() || undefined,
    stepSummaryFile: env.GITHUB_STEP_SUMMARY?.trim() || undefined,
  };
}

export function runUrl(env: Pick<ActionsEnv, "serverUrl" | "owner" | "repo" | "runId">): string {
  return `${env.serverUrl}/${env.owner}/${env.repo}/actions/runs/${env.runId}`;
}

/** Step outputs (`$GITHUB_OUTPUT`); values here are single-line by construction. */
export function setOutput(env: Pick<ActionsEnv, "outputFile">, name: string, value: string): void {
  if (!env.outputFile) return;
  appendFileSync(env.outputFile, `${name}=${value.replace(/[\r\n]+/g, " ")}\n`);
}

/** A step output of any text (the reply, structured output): a heredoc whose delimiter the text cannot contain. */
export function setTextOutput(env: Pick<ActionsEnv, "outputFile">, name: string, value: string): void {
  if (!env.outputFile) return;
  const delimiter = `gitclaw_${randomBytes(12).toString("hex")}`;
  appendFileSync(env.outputFile, `${name}<<${delimiter}\n${value}\n${delimiter}\n`);
}
