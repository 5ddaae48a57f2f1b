// A GitHub-hosted runner for one job of a workflow file, close enough that the e2e tests run
// exactly what users run: the job's `if:`, its steps in order with their `if:` conditions and
// `${{ }}` expressions (GitHub's own evaluator), `uses: ./` and `uses: <owner>/gitclaw@<ref>`
// expanded from the action.yml under test
// (inputs, defaults, composite steps), `run:` steps started and cancelled as the runner does it
// (./step.ts), actions/checkout as configured (./checkout.ts). setup-bun and cache are no-ops: bun
// is already here. Git has no identity: HOME is empty and there is no global or system config.
// Concurrency groups (./concurrency.ts) apply when the test shares a ConcurrencyGroups between runs.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { parse } from "yaml";
import { z } from "zod";
import { checkout } from "./checkout.ts";
import { Concurrency, type Admission, type ConcurrencyGroups } from "./concurrency.ts";
import { condition, interpolate, type Contexts, type JobStatus } from "./expressions.ts";
import { startStep, type RunningStep, type StepResult } from "./step.ts";

const Env = z.record(z.string(), z.union([z.string(), z.number(), z.boolean()]).transform(String)).optional();
const Step = z.object({
  id: z.string().optional(),
  name: z.string().optional(),
  if: z.union([z.string(), z.boolean()]).optional(),
  uses: z.string().optional(),
  run: z.string().optional(),
  shell: z.string().optional(),
  with: Env,
  env: Env,
  "working-directory": z.string().optional(),
});
type Step = z.infer<typeof Step>;
/** Each event's filter; `schedule` is a list of crons. */
const Triggers = z.record(
  z.string(),
  z.union([z.object({ types: z.array(z.string()).optional() }), z.array(z.unknown())]).nullable(),
);
/** `on:` as GitHub reads it: one event, a list of events, or events with their filters. */
const On = z.union([
  z.string().transform((event) => ({ [event]: null })),
  z.array(z.string()).transform((events) => Object.fromEntries(events.map((event) => [event, null]))),
  Triggers,
]);
const Workflow = z.object({
  name: z.string().optional(),
  on: On,
  env: Env,
  concurrency: Concurrency,
  jobs: z.record(
    z.string(),
    z.object({
      if: z.union([z.string(), z.boolean()]).optional(),
      env: Env,
      concurrency: Concurrency,
      steps: z.array(Step),
    }),
  ),
});
const Action = z.object({
  inputs: z
    .record(z.string(), z.object({ default: z.string().optional(), required: z.boolean().optional() }))
    .default({}),
  runs: z.object({ using: z.literal("composite"), steps: z.array(Step) }),
});

export const loadWorkflow = (path: string) => Workflow.parse(parse(readFileSync(path, "utf8")));
export const loadAction = (dir: string) => Action.parse(parse(readFileSync(join(dir, "action.yml"), "utf8")));

export interface JobSpec {
  workflowFile: string;
  /** The job to run (default: the workflow's first). */
  job?: string;
  /** Where `uses: ./` and `uses: <owner>/gitclaw@<ref>` lead: the action under test. */
  actionPath: string;
  eventName: string;
  payload: unknown;
  /** The bare repository actions/checkout fetches from (or an http(s) URL serving it). */
  origin: string;
  /** The branch the event is for (github.ref_name): what actions/checkout fetches without a `ref:` (default main). */
  ref?: string;
  workspace: string;
  github: { token: string; repository: string; apiUrl: string; serverUrl: string; runId: string };
  secrets?: Record<string, string>;
  vars?: Record<string, string>;
  /** Applied to every run step last: how a test injects faults or bad settings into a stage. */
  overrides?: Record<string, string>;
  /** The job's service containers as `job.services` shows them (their ports on the runner). */
  services?: Record<string, { ports: Record<string, string> }>;
  /** Apply the workflow's `on:` and the job's `if:` (its prefilter); off to test what comes after them. */
  prefilter?: boolean;
  /** Only the steps with these ids run (e.g. the agent stage alone, as a workflow without the guard). */
  only?: string[];
  /** Called as each run step starts, so a test can kill or cancel it at the moment it chooses. */
  onStep?: (id: string, step: RunningStep) => void;
  runnerTemp?: string;
  /** The repository's concurrency groups, shared with the other runs of the test (none: no groups). */
  concurrency?: ConcurrencyGroups;
  /** actions/upload-artifact: what the step packs (a folder's files) goes where the run's artifacts are kept. */
  uploadArtifact?: (artifact: { name: string; path: string; retentionDays?: number }) => Promise<void>;
}

export interface JobRun {
  skipped: boolean;
  /** Cancelled while it waited for its concurrency group: nothing of it ran. */
  cancelledWaiting?: boolean;
  status: JobStatus;
  runnerTemp: string;
  /** Results of run steps by id (composite steps by their own id). */
  steps: Record<string, StepResult>;
  /** What every step printed, in order. */
  logs: string;
  summary: string;
}

export interface RunningJob {
  result: Promise<JobRun>;
  /** Cancels the job as the runner does: the running step gets the cancel sequence; later steps run only if their `if:` allows. */
  cancel(): void;
}

/** Whether the workflow's `on:` starts a run for this event (its name and activity type). */
function triggers(on: z.output<typeof On>, eventName: string, payload: unknown): boolean {
  if (!(eventName in on)) return false;
  const filter = on[eventName];
  const types = Array.isArray(filter) ? undefined : filter?.types;
  return !types || types.includes(String((payload as { action?: unknown }).action));
}

/** The environment a hosted runner gives every step, before the workflow adds its own. */
function machineEnv(
  spec: JobSpec,
  runnerTemp: string,
  home: string,
  eventPath: string,
  workflowName: string,
  jobId: string,
): Record<string, string> {
  const [owner] = spec.github.repository.split("/");
  return {
    PATH: process.env.PATH ?? "/usr/local/bin:/usr/bin:/bin",
    HOME: home,
    GIT_CONFIG_GLOBAL: "/dev/null",
    GIT_CONFIG_NOSYSTEM: "1",
    CI: "true",
    GITHUB_ACTIONS: "true",
    RUNNER_OS: "Linux",
    RUNNER_TEMP: runnerTemp,
    GITHUB_WORKSPACE: spec.workspace,
    GITHUB_WORKFLOW: workflowName,
    GITHUB_JOB: jobId,
    GITHUB_EVENT_NAME: spec.eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: spec.github.repository,
    GITHUB_REPOSITORY_OWNER: owner ?? "",
    GITHUB_RUN_ID: spec.github.runId,
    GITHUB_API_URL: spec.github.apiUrl,
    GITHUB_SERVER_URL: spec.github.serverUrl,
  };
}

export function runJob(spec: JobSpec): RunningJob {
  const runnerTemp = spec.runnerTemp ?? mkdtempSync(join(tmpdir(), "gitclaw-runner-"));
  const home = mkdtempSync(join(tmpdir(), "gitclaw-home-"));
  const eventPath = join(runnerTemp, "event.json");
  writeFileSync(eventPath, JSON.stringify(spec.payload));
  const summaryFile = join(runnerTemp, "job-summary.md");
  writeFileSync(summaryFile, "");
  const workflow = loadWorkflow(spec.workflowFile);
  // As GitHub names a workflow without a name: by its file's path.
  const workflowName = workflow.name ?? `.github/workflows/${basename(spec.workflowFile)}`;
  const jobId = spec.job ?? Object.keys(workflow.jobs)[0] ?? "";
  const job = workflow.jobs[jobId];
  if (!job) throw new Error(`runner: the workflow has no job ${spec.job}`);
  const run: JobRun = { skipped: false, status: "success", runnerTemp, steps: {}, logs: "", summary: "" };
  let current: RunningStep | undefined;
  let cancelled = false;

  const baseEnv = machineEnv(spec, runnerTemp, home, eventPath, workflowName, jobId);
  const github = {
    token: spec.github.token,
    repository: spec.github.repository,
    event_name: spec.eventName,
    event: spec.payload,
    workflow: workflowName,
    run_id: spec.github.runId,
    ref: `refs/heads/${spec.ref ?? "main"}`,
    ref_name: spec.ref ?? "main",
    workspace: spec.workspace,
    api_url: spec.github.apiUrl,
    server_url: spec.github.serverUrl,
  };
  const contexts = (extra: Contexts): Contexts => ({
    github,
    runner: { temp: runnerTemp, os: "Linux" },
    job: { status: run.status, services: spec.services ?? null },
    secrets: spec.secrets ?? {},
    vars: spec.vars ?? {},
    // workflow_dispatch: the inputs context is the dispatch's inputs.
    ...(spec.eventName === "workflow_dispatch" ? { inputs: (spec.payload as { inputs?: object }).inputs ?? {} } : {}),
    ...extra,
  });

  async function runSteps(
    steps: Step[],
    scope: { env: Record<string, string>; inputs?: Record<string, string>; actionPath?: string },
  ): Promise<void> {
    const outputs: Record<string, { outputs: Record<string, string>; outcome: string; conclusion: string }> = {};
    // Inside a composite action, success() and failure() look at the action's own status.
    let scopeStatus: JobStatus = run.status;
    for (const step of steps) {
      const status: JobStatus = cancelled ? "cancelled" : scopeStatus;
      const ctx = contexts({
        steps: outputs,
        env: scope.env,
        job: { status: cancelled ? "cancelled" : run.status, services: spec.services ?? null },
        ...(scope.inputs ? { inputs: scope.inputs } : {}),
        ...(scope.actionPath ? { github: { ...github, action_path: scope.actionPath } } : {}),
      });
      const id = step.id ?? step.name ?? step.uses ?? "step";
      // `only` runs just the named run steps, whatever their conditions say.
      const chosen = spec.only !== undefined && step.run !== undefined;
      if (chosen ? !spec.only!.includes(id) : !condition(step.if, ctx, status)) continue;
      const failed = await runStep(step, id, ctx, scope);
      outputs[id] = {
        outputs: run.steps[id]?.outputs ?? {},
        outcome: failed ? "failure" : "success",
        conclusion: failed ? "failure" : "success",
      };
      if (failed) {
        scopeStatus = "failure";
        if (!cancelled) run.status = "failure";
      }
    }
  }

  /** Runs one step; true when it failed. */
  async function runStep(
    step: Step,
    id: string,
    ctx: Contexts,
    scope: { env: Record<string, string>; actionPath?: string },
  ): Promise<boolean> {
    const value = (text: string) => interpolate(text, ctx, cancelled ? "cancelled" : run.status);
    const inputs = Object.fromEntries(Object.entries(step.with ?? {}).map(([key, text]) => [key, value(text)]));
    if (step.uses) {
      if (step.uses.startsWith("actions/checkout@")) {
        if (existsSync(join(spec.workspace, ".git"))) return false; // the test checked out already, as this step would
        await checkout({
          origin: spec.origin,
          workspace: spec.workspace,
          ref: inputs.ref || spec.ref || "main",
          fetchDepth: Number(inputs["fetch-depth"] ?? 1),
          persistCredentials: (inputs["persist-credentials"] ?? "true") === "true",
          token: spec.github.token,
          serverUrl: spec.github.serverUrl,
        });
        return false;
      }
      if (/^(oven-sh\/setup-bun|actions\/cache)@/.test(step.uses)) return false;
      if (step.uses.startsWith("actions/upload-artifact@")) {
        if (!spec.uploadArtifact) throw new Error("runner: upload-artifact needs the test's uploadArtifact");
        const days = inputs["retention-days"];
        await spec.uploadArtifact({
          name: inputs.name ?? "artifact",
          path: inputs.path ?? "",
          ...(days ? { retentionDays: Number(days) } : {}),
        });
        return false;
      }
      // The action under test, whether the workflow names it as this repository (./) or as users do.
      if (step.uses === "./" || /^[\w.-]+\/gitclaw@\S+$/i.test(step.uses)) {
        const action = loadAction(spec.actionPath);
        const withInputs = Object.fromEntries(
          Object.entries(action.inputs).map(([name, input]) => [name, inputs[name] ?? value(input.default ?? "")]),
        );
        const before = run.status;
        await runSteps(action.runs.steps, { env: scope.env, inputs: withInputs, actionPath: spec.actionPath });
        return run.status === "failure" && before !== "failure";
      }
      throw new Error(`runner: no stand-in for uses: ${step.uses}`);
    }
    const env = {
      ...baseEnv,
      ...(scope.actionPath ? { GITHUB_ACTION_PATH: scope.actionPath } : {}),
      ...scope.env,
      ...Object.fromEntries(Object.entries(step.env ?? {}).map(([key, text]) => [key, value(text)])),
      ...spec.overrides,
    };
    const cwd = step["working-directory"] ? value(step["working-directory"]) : spec.workspace;
    mkdirSync(cwd, { recursive: true });
    const started = startStep({ script: value(step.run ?? ""), cwd, env, runnerTemp, summaryFile });
    // Steps that run after the cancel (if: always()) are not interrupted: the runner lets them finish.
    current = cancelled ? undefined : started;
    spec.onStep?.(id, started);
    const result = await started.result;
    current = undefined;
    run.steps[id] = result;
    run.logs += result.stdout + result.stderr;
    Object.assign(scope.env, result.env);
    return result.exitCode !== 0;
  }

  /** Joins a concurrency group, when the test models them; false: cancelled while waiting. */
  const joined: Admission[] = [];
  async function joinGroup(concurrency: { group: string } | undefined): Promise<boolean> {
    if (!concurrency || !spec.concurrency) return true;
    const admission = await spec.concurrency.join(interpolate(concurrency.group, contexts({})));
    joined.push(admission);
    return admission.admitted;
  }

  const result = (async () => {
    const jobEnv = Object.fromEntries(
      Object.entries({ ...workflow.env, ...job.env }).map(([k, v]) => [k, interpolate(v, contexts({}))]),
    );
    const skip = (why: "skipped" | "cancelledWaiting") => {
      if (why === "skipped") run.skipped = true;
      else Object.assign(run, { cancelledWaiting: true, status: "cancelled" });
      return run;
    };
    if ((spec.prefilter ?? true) && !triggers(workflow.on, spec.eventName, spec.payload)) return skip("skipped");
    try {
      // The run is queued: the workflow's group is joined before any job's `if:` is looked at.
      if (!(await joinGroup(workflow.concurrency))) return skip("cancelledWaiting");
      if ((spec.prefilter ?? true) && job.if !== undefined && !condition(job.if, contexts({ env: jobEnv }), "success"))
        return skip("skipped");
      if (!(await joinGroup(job.concurrency))) return skip("cancelledWaiting");
      await runSteps(job.steps, { env: jobEnv });
      if (cancelled) run.status = "cancelled";
      run.summary = readFileSync(summaryFile, "utf8");
      return run;
    } finally {
      for (const admission of joined.reverse()) admission.leave();
    }
  })();
  return {
    result,
    cancel() {
      cancelled = true;
      current?.cancel();
    },
  };
}

/** How the workflow's checkout step is configured (its literal settings; the ref is the default branch). */
export function checkoutSettings(workflowFile: string): { fetchDepth: number; persistCredentials: boolean } {
  const [, job] = Object.entries(loadWorkflow(workflowFile).jobs)[0]!;
  const step = job.steps.find((s) => s.uses?.startsWith("actions/checkout@"));
  return {
    fetchDepth: Number(step?.with?.["fetch-depth"] ?? 1),
    persistCredentials: (step?.with?.["persist-credentials"] ?? "true") === "true",
  };
}
