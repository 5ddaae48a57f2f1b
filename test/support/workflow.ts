// Runs gitclaw the way users run it: the repository's own workflow file, its `uses: ./` expanded
// from action.yml, every step started as a GitHub-hosted runner starts it (./runner/), against the
// emulator, the fake model and a bare origin. `uses: ./` and `uses: <owner>/gitclaw@<ref>` name the
// action under test (this checkout), so a workflow `gitclaw init` generates runs as it is.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GitHubEmulator } from "./github-emulator.ts";
import type { FakeModel } from "./fake-model.ts";
import type { ConcurrencyGroups } from "./runner/concurrency.ts";
import { runJob, type JobRun, type JobSpec, type RunningJob } from "./runner/job.ts";
import type { RunningStep, StepResult } from "./runner/step.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const WORKFLOW_FILE = join(PROJECT_ROOT, ".github/workflows/gitclaw.yml");

/** The stages, by their step id in action.yml. */
export type Stage = "guard" | "indicator" | "agent" | "cleanup" | "approval";
export type StageResult = StepResult;

export interface RunContext {
  /** The workflow to run (default: this repository's own, WORKFLOW_FILE). */
  workflowFile?: string;
  /** The action's directory, holding action.yml and dist/ (default: this checkout). */
  actionPath?: string;
  gh: GitHubEmulator;
  /** owner/repo, as the emulator was started with. */
  repository: string;
  model?: FakeModel;
  /** The bare repository the checkout fetches from. */
  origin: string;
  /** The checkout the agent works in (GITHUB_WORKSPACE); checked out by the workflow's step when empty. */
  workspace: string;
  token: string;
  runId?: string;
  /** Repository secrets and variables the workflow reads (the model's key comes from `model`). */
  secrets?: Record<string, string>;
  vars?: Record<string, string>;
  /** Forced on every step last, after the workflow's own env: fault injection, bad settings. */
  env?: Record<string, string>;
  /** The job's service containers (`job.services`): their ports on the runner. */
  services?: JobSpec["services"];
  /** Evaluate the job's `if:` prefilter (default true). */
  prefilter?: boolean;
  /** Run only these stages, unconditionally (e.g. the agent alone, as a workflow without the guard). */
  only?: Stage[];
  onStep?: (stage: string, step: RunningStep) => void;
  runnerTemp?: string;
  /** The job to run (default: the workflow's first, the agent's). */
  job?: string;
  uploadArtifact?: JobSpec["uploadArtifact"];
  /** The repository's concurrency groups, shared by the runs that should queue in them. */
  concurrency?: ConcurrencyGroups;
}

export interface WorkflowRun {
  runnerTemp: string;
  /** The job's `if:` stopped it before any step. */
  skipped: boolean;
  /** A newer run of its concurrency group cancelled it while it waited. */
  cancelledWaiting: boolean;
  status: JobRun["status"];
  stages: Partial<Record<Stage, StageResult>>;
  proceed: boolean;
  /** Everything the steps printed, for secret scans. */
  logs: string;
  summary: string;
}

export const MODEL_KEY = "sk-ant-test-key-not-real-0123456789";
let runCounter = 1000;

export function startWorkflow(
  ctx: RunContext,
  eventName: string,
  payload: unknown,
): { result: Promise<WorkflowRun>; cancel: RunningJob["cancel"] } {
  const job = runJob({
    workflowFile: ctx.workflowFile ?? WORKFLOW_FILE,
    actionPath: ctx.actionPath ?? PROJECT_ROOT,
    eventName,
    payload,
    origin: ctx.origin,
    workspace: ctx.workspace,
    github: {
      token: ctx.token,
      repository: ctx.repository,
      apiUrl: ctx.gh.url,
      serverUrl: ctx.gh.serverUrl,
      runId: ctx.runId ?? String(runCounter++),
    },
    secrets: { ...(ctx.model ? { ANTHROPIC_API_KEY: MODEL_KEY } : {}), ...ctx.secrets },
    vars: ctx.vars,
    // The workflow passes the key; where the fake model listens is the runner machine's business.
    overrides: { ...(ctx.model ? { ANTHROPIC_BASE_URL: ctx.model.url } : {}), ...ctx.env },
    prefilter: ctx.prefilter,
    only: ctx.only,
    onStep: ctx.onStep,
    runnerTemp: ctx.runnerTemp,
    ...(ctx.job ? { job: ctx.job } : {}),
    ...(ctx.uploadArtifact ? { uploadArtifact: ctx.uploadArtifact } : {}),
    ...(ctx.concurrency ? { concurrency: ctx.concurrency } : {}),
    ...(ctx.services ? { services: ctx.services } : {}),
  });
  const result = job.result.then(
    (run): WorkflowRun => ({
      runnerTemp: run.runnerTemp,
      skipped: run.skipped,
      cancelledWaiting: run.cancelledWaiting === true,
      status: run.status,
      stages: run.steps as WorkflowRun["stages"],
      proceed: run.steps.guard?.outputs.proceed === "true",
      logs: run.logs,
      summary: run.summary,
    }),
  );
  return { result, cancel: job.cancel };
}

/** The workflow's job, start to end: prefilter → checkout → guard → (indicator → agent) → cleanup. */
export const runWorkflow = (ctx: RunContext, eventName: string, payload: unknown): Promise<WorkflowRun> =>
  startWorkflow(ctx, eventName, payload).result;

/**
 * A workflow as `gitclaw init` wrote it before the concurrency group moved to the job: the same
 * workflow with its group on the workflow, where every run joins it before the job's `if:`.
 */
export function withWorkflowLevelConcurrency(text: string): string {
  const block = /\n( +# One run per issue[^\n]*\n(?: +#[^\n]*\n)* +concurrency:\n(?: {6}[^\n]*\n)+)/.exec(text)?.[1];
  if (!block) throw new Error("withWorkflowLevelConcurrency: the workflow has no job-level concurrency");
  const group = /group: ([^\n]+)/.exec(block)![1]!;
  const older = [
    "# One run per issue or pull request at a time. Queue, never cancel: a cancelled run would lose its work.",
    "concurrency:",
    `  group: ${group}`,
    "  cancel-in-progress: false",
  ].join("\n");
  return text.replace(block, "").replace("\njobs:\n", `\n${older}\n\njobs:\n`);
}
