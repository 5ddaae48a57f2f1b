// run_watch: wait for GitHub Actions to finish a run (run mode) or all runs of a commit (commit
// mode), then report, with the tails of failed jobs' logs inline and the full logs as an artifact.
// Clock and sleep are injected, so tests drive scripted run states without waiting.
import { writeFileSync } from "node:fs";
import type { OpContext, PlannedCall } from "./context.ts";
import { requestOptions } from "./context.ts";
import { ToolFailure } from "../../errors.ts";
import { isRateLimitError } from "./errors.ts";
import { localGit } from "../../git/local-git.ts";
import type { BoundedText } from "./output.ts";
import { explicitRepo, type GitHubArgs } from "./args.ts";
import {
  boundedCount,
  isBranchName,
  parseRunIdentifier,
  present,
  repoName,
  sameRepo,
  type RepoRef,
} from "./validate.ts";
import { ValidationError } from "../../errors.ts";
import { normaliseLog, tailLines } from "../../github/runs.ts";

const RUN_WATCH_INTERVAL_MS = 3_000;
/** After the first minute, polls slow down: long runs need no 3-second resolution. */
const RUN_WATCH_SLOW_INTERVAL_MS = 15_000;
const RUN_WATCH_SLOW_AFTER_MS = 60_000;
/** After the first failure, wait this long once so concurrent failures make it into the report. */
const RUN_WATCH_GRACE_MS = 5_000;
const RUN_WATCH_NO_RUNS_MS = 90_000;
const RUN_WATCH_RATE_LIMIT_SLEEP_MS = 15_000;
const RUN_WATCH_MAX_RATE_LIMITS = 5;
/** A watch never outlives this, whatever the run does; the run's own budget may end it sooner. */
const RUN_WATCH_MAX_MS = 20 * 60_000;
const RUN_WATCH_TAIL_DEFAULT = 15;
const RUN_WATCH_TAIL_MAX = 200;
const JOBS_PAGE = 100;

const RUN_FAILURE = new Set(["failure", "timed_out", "cancelled", "action_required", "startup_failure"]);
const JOB_FAILURE = new Set(["failure", "timed_out", "cancelled", "action_required"]);

interface RunState {
  id: number;
  name: string;
  number: number;
  status: string;
  conclusion: string | null;
  url: string;
  headSha: string;
}

interface JobState {
  id: number;
  runId: number;
  name: string;
  conclusion: string | null;
}

interface Snapshot {
  runs: RunState[];
  failedJobs: JobState[];
}

type Verdict = "succeeded" | "failed" | "still running" | "cancelled";

const toRun = (run: {
  id: number;
  name?: string | null;
  run_number: number;
  status: string | null;
  conclusion: string | null;
  html_url: string;
  head_sha: string;
}): RunState => ({
  id: run.id,
  name: run.name ?? "workflow",
  number: run.run_number,
  status: run.status ?? "unknown",
  conclusion: run.conclusion,
  url: run.html_url,
  headSha: run.head_sha,
});

const runFailed = (run: RunState) => run.status === "completed" && RUN_FAILURE.has(run.conclusion ?? "");

/** What run_watch watches: one run (run mode), or every run of a commit (commit mode). */
interface WatchTarget {
  repo: RepoRef;
  /** Run mode: the id of the run watched. */
  runId: number | undefined;
  /** Commit mode: the branch whose head is watched; without it, the workspace's HEAD. */
  branch: string | undefined;
  tail: number;
}

/** A watch under way: its target, and what it has counted and noted so far. */
interface Watch extends WatchTarget {
  context: OpContext;
  /** Commit mode: the commit watched. */
  sha: string | undefined;
  started: number;
  polls: number;
  rateLimited: number;
  notes: string[];
}

interface JobLog {
  job: JobState;
  log: string | undefined;
}

interface WatchResult {
  snapshot: Snapshot;
  verdict: Verdict;
  logs: JobLog[];
  artifact: { id: string; ref: string } | undefined;
}

export function planRunWatch(args: GitHubArgs, context: OpContext): PlannedCall {
  const target = readWatchTarget(args, context);
  return {
    target: target.repo,
    narrow: "pass a smaller tail; the full logs are in the artifact",
    async run(out: BoundedText) {
      const watch = await startWatch(context, target);
      const { snapshot, verdict } = await waitForVerdict(watch);
      const logs = await Promise.all(
        snapshot.failedJobs.map(async (job) => ({ job, log: await fetchLog(watch, job) })),
      );
      const result = { snapshot, verdict, logs, artifact: saveLogs(watch, snapshot.runs, logs) };
      writeReport(out, watch, result);
      return watchDetails(watch, result);
    },
  };
}

function readWatchTarget(args: GitHubArgs, context: OpContext): WatchTarget {
  const explicit = explicitRepo(args);
  const tail = boundedCount(args.tail, "tail", RUN_WATCH_TAIL_DEFAULT, RUN_WATCH_TAIL_MAX);
  const run = args.run === undefined ? undefined : parseRunIdentifier(args.run, context.host, explicit);
  const repo: RepoRef = run?.repo ?? explicit ?? context.thisRepo;
  const branch = present(args.branch);
  if (branch && !isBranchName(branch)) throw new ValidationError(`invalid branch: ${branch}`);
  if (!run && !branch && !sameRepo(repo, context.thisRepo)) {
    throw new ValidationError(
      `Cannot infer the watched commit: the workspace is a checkout of ${repoName(context.thisRepo)}, not ${repoName(repo)}. Pass \`branch\` or \`run\`.`,
    );
  }
  return { repo, runId: run?.id, branch, tail };
}

async function startWatch(context: OpContext, target: WatchTarget): Promise<Watch> {
  const started = context.now();
  const sha = target.runId === undefined ? await watchedCommit(context, target) : undefined;
  return { ...target, context, sha, started, polls: 0, rateLimited: 0, notes: [] };
}

/** Commit mode's commit: the branch's head on GitHub, or the workspace's HEAD. */
async function watchedCommit(context: OpContext, { repo, branch }: WatchTarget): Promise<string> {
  const { github, tool } = context;
  if (branch)
    return (await github.rest.repos.getBranch({ ...repo, branch, ...requestOptions(context) })).data.commit.sha;
  return localGit(tool.workspace, tool.env, {}, tool.redact).must(["rev-parse", "HEAD"]);
}

/** The injected sleep, cut short when the run is cancelled. */
function pause({ tool, sleep }: OpContext, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    if (tool.signal.aborted) return resolve();
    const done = () => {
      tool.signal.removeEventListener("abort", done);
      resolve();
    };
    tool.signal.addEventListener("abort", done);
    void sleep(ms).then(done);
  });
}

/** Polls until the runs settle or the watch stops: the verdict, and the snapshot it rests on. */
async function waitForVerdict(watch: Watch): Promise<{ snapshot: Snapshot; verdict: Verdict }> {
  const { now, tool } = watch.context;
  const runMode = watch.runId !== undefined;
  let greenSignature: string | undefined;
  for (;;) {
    const snapshot = await pollWithBackoff(watch);
    const { runs, failedJobs } = snapshot;
    const finished = runs.length > 0 && runs.every((run) => run.status === "completed");
    if (runs.length === 0 && now() - watch.started >= RUN_WATCH_NO_RUNS_MS) {
      throw new ToolFailure(
        `no workflow runs appeared for ${watch.sha?.slice(0, 12)} in ${RUN_WATCH_NO_RUNS_MS / 1000}s: is a workflow triggered for this commit? Pass run to watch a specific run.`,
      );
    }
    if (failedJobs.length > 0 || runs.some(runFailed)) {
      // A watched run that has finished can fail no further; otherwise other runs and jobs may be failing too.
      const settled = runMode && finished;
      return { snapshot: settled ? snapshot : await pollAfterGrace(watch, snapshot), verdict: "failed" };
    }
    // Commit mode: late workflows may still appear, so green counts only when seen twice.
    const signature = finished ? runSignature(runs) : undefined;
    if (finished && (runMode || signature === greenSignature)) return { snapshot, verdict: "succeeded" };
    greenSignature = signature;
    if (now() - watch.started >= RUN_WATCH_MAX_MS) {
      watch.notes.push(`Stopped watching after ${RUN_WATCH_MAX_MS / 60_000} minutes.`);
      return { snapshot, verdict: "still running" };
    }
    await pause(watch.context, pollInterval(watch));
    // Cancelled while waiting: report what the last poll saw.
    if (tool.signal.aborted) return { snapshot, verdict: "cancelled" };
  }
}

const runSignature = (runs: RunState[]) =>
  runs
    .map((run) => run.id)
    .sort((a, b) => a - b)
    .join(",");

const pollInterval = (watch: Watch) =>
  watch.context.now() - watch.started < RUN_WATCH_SLOW_AFTER_MS ? RUN_WATCH_INTERVAL_MS : RUN_WATCH_SLOW_INTERVAL_MS;

/** After the first failure, one more poll a moment later, so concurrent failures make it into the report. */
async function pollAfterGrace(watch: Watch, first: Snapshot): Promise<Snapshot> {
  watch.notes.push(`Failure detected; waited ${RUN_WATCH_GRACE_MS / 1000}s for concurrent failures.`);
  await pause(watch.context, RUN_WATCH_GRACE_MS);
  const again = await pollWithBackoff(watch);
  // A re-run resets conclusions: keep the earlier failures unless new ones showed up.
  return again.failedJobs.length > 0 ? again : { runs: again.runs, failedJobs: first.failedJobs };
}

async function pollWithBackoff(watch: Watch): Promise<Snapshot> {
  for (let consecutive = 0; ; consecutive++) {
    try {
      watch.polls++;
      return await poll(watch);
    } catch (error) {
      if (!isRateLimitError(error) || consecutive >= RUN_WATCH_MAX_RATE_LIMITS) throw error;
      watch.rateLimited++;
      await pause(watch.context, RUN_WATCH_RATE_LIMIT_SLEEP_MS);
    }
  }
}

async function poll(watch: Watch): Promise<Snapshot> {
  const { github } = watch.context;
  const { repo, runId } = watch;
  const request = requestOptions(watch.context);
  const runs =
    runId !== undefined
      ? [toRun((await github.rest.actions.getWorkflowRun({ ...repo, run_id: runId, ...request })).data)]
      : // No branch filter: it would miss runs for tags and pull requests of the same commit.
        (
          await github.rest.actions.listWorkflowRunsForRepo({ ...repo, head_sha: watch.sha, per_page: 100, ...request })
        ).data.workflow_runs.map(toRun);
  // A green, finished run has no failed jobs to look for.
  const pending = runs.filter((run) => run.status !== "completed" || runFailed(run));
  const jobs = (await Promise.all(pending.map((run) => jobsOf(watch, run)))).flat();
  return { runs, failedJobs: jobs.filter((job) => JOB_FAILURE.has(job.conclusion ?? "")) };
}

async function jobsOf(watch: Watch, run: RunState): Promise<JobState[]> {
  const { github } = watch.context;
  const jobs: JobState[] = [];
  for await (const { data } of github.paginate.iterator(github.rest.actions.listJobsForWorkflowRun, {
    ...watch.repo,
    run_id: run.id,
    per_page: JOBS_PAGE,
    ...requestOptions(watch.context),
  })) {
    for (const job of data) jobs.push({ id: job.id, runId: run.id, name: job.name, conclusion: job.conclusion });
  }
  return jobs;
}

async function fetchLog(watch: Watch, job: JobState): Promise<string | undefined> {
  const { github, tool } = watch.context;
  try {
    const { data } = await github.rest.actions.downloadJobLogsForWorkflowRun({
      ...watch.repo,
      job_id: job.id,
      ...requestOptions(watch.context),
    });
    const text =
      typeof data === "string" ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : String(data);
    return normaliseLog(tool.redact(text));
  } catch {
    // Logs can be missing (expired, still uploading): the watch reports that instead of failing.
    return undefined;
  }
}

/** The failed jobs' full logs as one artifact, when any could be fetched. */
function saveLogs(watch: Watch, runs: RunState[], logs: JobLog[]): WatchResult["artifact"] {
  if (!logs.some(({ log }) => log !== undefined)) return undefined;
  const artifact = watch.context.tool.artifacts.allocate("github.log");
  const runName = (id: number) => runs.find((run) => run.id === id)?.name ?? String(id);
  writeFileSync(
    artifact.path,
    logs
      .map(
        ({ job, log }) =>
          `===== ${runName(job.runId)} / ${job.name} [${job.conclusion}] (job ${job.id}) =====\n${log ?? "Full log unavailable.\n"}`,
      )
      .join("\n"),
  );
  return artifact;
}

function writeReport(out: BoundedText, watch: Watch, { snapshot, verdict, logs, artifact }: WatchResult): void {
  const { runId, polls, rateLimited } = watch;
  const subject =
    runId !== undefined
      ? `Workflow run ${runId} (${snapshot.runs[0]?.name ?? "?"})`
      : `Workflow runs for ${watch.sha!.slice(0, 12)}`;
  out.line(`# ${subject} ${verdict}`);
  out.line(
    `- ${runId === undefined ? `${snapshot.runs.length} runs · ` : ""}watched ${Math.round((watch.context.now() - watch.started) / 1000)}s, ${polls} polls${rateLimited ? `, rate limited ${rateLimited}× (waited ${RUN_WATCH_RATE_LIMIT_SLEEP_MS / 1000}s each)` : ""}`,
  );
  for (const run of snapshot.runs)
    out.line(`- ${run.name} #${run.number} [${run.status}${run.conclusion ? `: ${run.conclusion}` : ""}] ${run.url}`);
  for (const note of watch.notes) out.line(`- ${note}`);
  // Before the tails, so a cut body still says where the full logs are.
  if (artifact) out.line(`- Full failed-job logs: ${artifact.ref}`);
  writeLogTails(out, logs, watch.tail);
}

function writeLogTails(out: BoundedText, logs: JobLog[], tail: number): void {
  if (logs.length === 0) return;
  out.line();
  out.line("## Failed Jobs");
  for (const { job, log } of logs) {
    out.line();
    out.line(`### ${job.name} [${job.conclusion}]`);
    if (log === undefined) out.line("Log tail unavailable.");
    else if (!out.line(`\`\`\`\n${tailLines(log, tail)}\n\`\`\``)) break;
  }
}

function watchDetails(watch: Watch, { snapshot, verdict, artifact }: WatchResult): Record<string, unknown> {
  const conclusion = verdict === "succeeded" ? "success" : verdict === "failed" ? "failure" : null;
  return {
    repo: repoName(watch.repo),
    mode: watch.runId === undefined ? "commit" : "run",
    ...(watch.sha ? { headSha: watch.sha } : {}),
    runIds: snapshot.runs.map((run) => run.id),
    status: verdict,
    conclusion,
    failedJobs: snapshot.failedJobs.map((job) => ({ id: job.id, name: job.name, conclusion: job.conclusion })),
    polls: watch.polls,
    ...(artifact ? { artifactId: artifact.id } : {}),
  };
}
