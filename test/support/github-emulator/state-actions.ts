// GitHub Actions workflow runs with scripted progress. A test lists the states a run goes through;
// `advance()` (called by the test, typically from the sleep it injects into the code under test)
// moves every run one state on, so polling code sees queued → in_progress → completed without
// real waiting. A run can also appear late: it stays invisible for its first `appearAfter` steps.
export type RunStatus = "queued" | "in_progress" | "completed";
export type RunConclusion =
  | "success"
  | "failure"
  | "neutral"
  | "cancelled"
  | "skipped"
  | "timed_out"
  | "action_required"
  | "startup_failure";
export type JobConclusion = Exclude<RunConclusion, "startup_failure">;

export interface JobStep {
  name: string;
  status: RunStatus;
  conclusion?: JobConclusion;
  /** The job's log as served by the logs endpoint; absent → the log is gone (404). */
  log?: string;
  /** What its check run reports (a check suite's runs are the jobs of its workflow run). */
  output?: { title: string; summary: string; text?: string };
}

export interface RunStep {
  status: RunStatus;
  conclusion?: RunConclusion;
  jobs?: JobStep[];
}

export interface WorkflowRunInput {
  name?: string;
  /** Workflow file, e.g. ".github/workflows/ci.yml". */
  path?: string;
  headSha: string;
  headBranch?: string;
  event?: string;
  /** The pull requests the run is for, as GitHub lists them (same-repository heads only). */
  pullRequests?: number[];
  steps: RunStep[];
  /** Steps during which the run does not exist yet (default 0). */
  appearAfter?: number;
}

/** An artifact a run uploaded: the zip GitHub serves for it. */
export interface ArtifactRecord {
  id: number;
  name: string;
  zip: Uint8Array;
  createdAt: string;
  expiresAt: string;
  expired: boolean;
}

/** What a workflow_dispatch asked for, as a dispatched run keeps it. */
export interface DispatchInput {
  /** The workflow's file name or id, as the request named it. */
  workflow: string;
  ref: string;
  inputs: Record<string, string>;
}

export interface WorkflowRunRecord {
  id: number;
  runNumber: number;
  workflowId: number;
  name: string;
  path: string;
  headSha: string;
  headBranch: string;
  event: string;
  pullRequests: number[];
  createdAt: string;
  steps: RunStep[];
  /** Index into steps; stays on the last one. */
  step: number;
  hiddenFor: number;
  /** Job name → id, stable across steps. */
  jobIds: Map<string, number>;
  /** workflow_dispatch runs: what was dispatched; their state is set as they go (setStatus). */
  dispatch?: DispatchInput;
  cancelRequested?: boolean;
  artifacts: ArtifactRecord[];
}

export interface JobView extends JobStep {
  id: number;
  run: WorkflowRunRecord;
}

/**
 * The repository's Actions settings (Settings → Actions → General), as a repository created today
 * has them: Actions on for every action, the token read-only unless a workflow asks for more, and
 * no pull requests created or approved by Actions.
 */
export interface ActionsSettings {
  enabled: boolean;
  allowedActions: "all" | "local_only" | "selected";
  shaPinningRequired: boolean;
  defaultWorkflowPermissions: "read" | "write";
  canApprovePullRequestReviews: boolean;
}

export class ActionsState {
  readonly runs: WorkflowRunRecord[] = [];
  settings: ActionsSettings = {
    enabled: true,
    allowedActions: "all",
    shaPinningRequired: false,
    defaultWorkflowPermissions: "read",
    canApprovePullRequestReviews: false,
  };
  private readonly workflowIds = new Map<string, number>();

  constructor(
    private readonly nextId: () => number,
    private readonly now: () => string,
    private readonly defaultBranch: string,
  ) {}

  addRun(input: WorkflowRunInput): WorkflowRunRecord {
    if (input.steps.length === 0) throw new Error("github-emulator: a workflow run needs at least one step");
    const path = input.path ?? ".github/workflows/ci.yml";
    let workflowId = this.workflowIds.get(path);
    if (workflowId === undefined) {
      workflowId = this.nextId();
      this.workflowIds.set(path, workflowId);
    }
    const jobIds = new Map<string, number>();
    for (const job of input.steps.flatMap((step) => step.jobs ?? []))
      if (!jobIds.has(job.name)) jobIds.set(job.name, this.nextId());
    const run: WorkflowRunRecord = {
      id: this.nextId(),
      runNumber: this.runs.length + 1,
      workflowId,
      name: input.name ?? "CI",
      path,
      headSha: input.headSha,
      headBranch: input.headBranch ?? this.defaultBranch,
      event: input.event ?? "push",
      pullRequests: input.pullRequests ?? [],
      createdAt: this.now(),
      steps: input.steps,
      step: 0,
      hiddenFor: input.appearAfter ?? 0,
      jobIds,
      artifacts: [],
    };
    this.runs.push(run);
    return run;
  }

  /** Listeners told of each workflow_dispatch run as it is created, and of each cancel request. */
  readonly dispatchListeners: ((run: WorkflowRunRecord) => void)[] = [];
  readonly cancelListeners: ((run: WorkflowRunRecord) => void)[] = [];

  /** The workflow a dispatch names: `gitclaw.yml` (a file under .github/workflows/) or its numeric id. */
  private workflowPath(workflow: string): string | undefined {
    if (/^\d+$/.test(workflow)) return [...this.workflowIds].find(([, id]) => id === Number(workflow))?.[0];
    return /^[\w.-]+\.ya?ml$/.test(workflow) ? `.github/workflows/${workflow}` : undefined;
  }

  /** A workflow_dispatch run, queued; its listeners (the test's runner) take it from there. */
  dispatch(input: DispatchInput, headSha: string, pullRequests: number[] = []): WorkflowRunRecord | undefined {
    const path = this.workflowPath(input.workflow);
    if (!path) return undefined;
    const run = this.addRun({
      name: input.workflow,
      path,
      headSha,
      headBranch: input.ref.replace(/^refs\/heads\//, ""),
      event: "workflow_dispatch",
      pullRequests,
      steps: [{ status: "queued" }],
    });
    run.dispatch = input;
    for (const listener of this.dispatchListeners) listener(run);
    return run;
  }

  /** Where a dispatched run is now (the runner playing it says so). */
  setStatus(run: WorkflowRunRecord, status: RunStatus, conclusion?: RunConclusion, jobs?: JobStep[]): void {
    for (const job of jobs ?? []) if (!run.jobIds.has(job.name)) run.jobIds.set(job.name, this.nextId());
    run.steps = [{ status, ...(conclusion ? { conclusion } : {}), ...(jobs ? { jobs } : {}) }];
    run.step = 0;
  }

  /** A cancel request: false when the run is already over (GitHub answers 409). */
  cancel(run: WorkflowRunRecord): boolean {
    if (this.current(run).status === "completed") return false;
    run.cancelRequested = true;
    for (const listener of this.cancelListeners) listener(run);
    return true;
  }

  addArtifact(run: WorkflowRunRecord, name: string, zip: Uint8Array, retentionDays = 90): ArtifactRecord {
    const created = this.now();
    const expires = new Date(Date.parse(created) + retentionDays * 86_400_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const artifact = { id: this.nextId(), name, zip, createdAt: created, expiresAt: expires, expired: false };
    run.artifacts.push(artifact);
    return artifact;
  }

  artifact(id: number): { run: WorkflowRunRecord; artifact: ArtifactRecord } | undefined {
    for (const run of this.visibleRuns()) {
      const artifact = run.artifacts.find((candidate) => candidate.id === id);
      if (artifact) return { run, artifact };
    }
    return undefined;
  }

  advance(): void {
    for (const run of this.runs) {
      if (run.hiddenFor > 0) run.hiddenFor--;
      else run.step = Math.min(run.step + 1, run.steps.length - 1);
    }
  }

  visibleRuns(): WorkflowRunRecord[] {
    return this.runs.filter((run) => run.hiddenFor === 0);
  }

  run(id: number): WorkflowRunRecord | undefined {
    return this.visibleRuns().find((run) => run.id === id);
  }

  current(run: WorkflowRunRecord): RunStep {
    return run.steps[run.step]!;
  }

  jobs(run: WorkflowRunRecord): JobView[] {
    return (this.current(run).jobs ?? []).map((job) => ({ ...job, id: run.jobIds.get(job.name)!, run }));
  }

  job(id: number): JobView | undefined {
    for (const run of this.visibleRuns()) {
      const job = this.jobs(run).find((candidate) => candidate.id === id);
      if (job) return job;
    }
    return undefined;
  }
}
