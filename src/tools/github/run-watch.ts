// run_watch: wait for GitHub Actions to finish a run (run mode) or all runs of a commit (commit
// mode), then report, with the tails of failed jobs' logs inline and the full logs as an artifact.
// Clock and sleep are injected, so tests drive scripted run states without waiting.
import { writeFileSync } from "node:fs";
import type { OpContext, PlannedCall } from "./context.ts";
import { requestOptions } from "./context.ts";
import { ToolFailure } from "./failure.ts";
import { isRateLimitError } from "./errors.ts";
import { localGit } from "./local-git.ts";
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
import { ValidationError } from "./failure.ts";

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

/** CRLF and lone CR become newlines, tabs four spaces: what a terminal would have shown. */
function normaliseLog(text: string): string {
  return text.replace(/\r\n?/g, "\n").replace(/\t/g, "    ");
}

function tailLines(text: string, count: number): string {
  return text.replace(/\n+$/, "").split("\n").slice(-count).join("\n");
}

export function planRunWatch(args: GitHubArgs, context: OpContext): PlannedCall {
  const explicit = explicitRepo(args);
  const tail = boundedCount(args.tail, "tail", RUN_WATCH_TAIL_DEFAULT, RUN_WATCH_TAIL_MAX);
  const runId = args.run === undefined ? undefined : parseRunIdentifier(args.run, context.host, explicit);
  const repo: RepoRef = runId?.repo ?? explicit ?? context.thisRepo;
  const branch = present(args.branch);
  if (branch && !isBranchName(branch)) throw new ValidationError(`invalid branch: ${branch}`);
  if (!runId && !branch && !sameRepo(repo, context.thisRepo)) {
    throw new ValidationError(
      `Cannot infer the watched commit: the workspace is a checkout of ${repoName(context.thisRepo)}, not ${repoName(repo)}. Pass \`branch\` or \`run\`.`,
    );
  }
  const { github, now, sleep, tool } = context;
  const request = requestOptions(context);

  async function jobsOf(run: RunState): Promise<JobState[]> {
    const jobs: JobState[] = [];
    for await (const { data } of github.paginate.iterator(github.rest.actions.listJobsForWorkflowRun, {
      ...repo,
      run_id: run.id,
      per_page: JOBS_PAGE,
      ...request,
    })) {
      for (const job of data) jobs.push({ id: job.id, runId: run.id, name: job.name, conclusion: job.conclusion });
    }
    return jobs;
  }

  async function poll(sha: string | undefined): Promise<Snapshot> {
    const runs =
      runId !== undefined
        ? [toRun((await github.rest.actions.getWorkflowRun({ ...repo, run_id: runId.id, ...request })).data)]
        : // No branch filter: it would miss runs for tags and pull requests of the same commit.
          (
            await github.rest.actions.listWorkflowRunsForRepo({ ...repo, head_sha: sha, per_page: 100, ...request })
          ).data.workflow_runs.map(toRun);
    // A green, finished run has no failed jobs to look for.
    const pending = runs.filter((run) => run.status !== "completed" || runFailed(run));
    const jobs = (await Promise.all(pending.map(jobsOf))).flat();
    return { runs, failedJobs: jobs.filter((job) => JOB_FAILURE.has(job.conclusion ?? "")) };
  }

  async function fetchLog(job: JobState): Promise<string | undefined> {
    try {
      const { data } = await github.rest.actions.downloadJobLogsForWorkflowRun({ ...repo, job_id: job.id, ...request });
      const text =
        typeof data === "string" ? data : data instanceof ArrayBuffer ? new TextDecoder().decode(data) : String(data);
      return normaliseLog(tool.redact(text));
    } catch {
      // Logs can be missing (expired, still uploading): the watch reports that instead of failing.
      return undefined;
    }
  }

  return {
    target: repo,
    narrow: "pass a smaller tail; the full logs are in the artifact",
    async run(out: BoundedText) {
      const started = now();
      const notes: string[] = [];
      let sha: string | undefined;
      if (runId === undefined) {
        sha = branch
          ? (await github.rest.repos.getBranch({ ...repo, branch, ...request })).data.commit.sha
          : await localGit(tool.workspace, tool.env, {}, tool.redact).must(["rev-parse", "HEAD"]);
      }
      // The injected sleep, cut short when the run is cancelled.
      const pause = (ms: number) =>
        new Promise<void>((resolve) => {
          if (tool.signal.aborted) return resolve();
          const done = () => {
            tool.signal.removeEventListener("abort", done);
            resolve();
          };
          tool.signal.addEventListener("abort", done);
          void sleep(ms).then(done);
        });
      let polls = 0;
      let rateLimited = 0;
      const pollWithBackoff = async (): Promise<Snapshot> => {
        for (let consecutive = 0; ; consecutive++) {
          try {
            polls++;
            return await poll(sha);
          } catch (error) {
            if (!isRateLimitError(error) || consecutive >= RUN_WATCH_MAX_RATE_LIMITS) throw error;
            rateLimited++;
            await pause(RUN_WATCH_RATE_LIMIT_SLEEP_MS);
          }
        }
      };
      const interval = () =>
        now() - started < RUN_WATCH_SLOW_AFTER_MS ? RUN_WATCH_INTERVAL_MS : RUN_WATCH_SLOW_INTERVAL_MS;

      let snapshot: Snapshot;
      let verdict: Verdict;
      let greenSignature: string | undefined;
      for (;;) {
        snapshot = await pollWithBackoff();
        const { runs, failedJobs } = snapshot;
        const finished = runs.length > 0 && runs.every((run) => run.status === "completed");
        const failure = failedJobs.length > 0 || runs.some(runFailed);
        if (runs.length === 0 && now() - started >= RUN_WATCH_NO_RUNS_MS) {
          throw new ToolFailure(
            `no workflow runs appeared for ${sha?.slice(0, 12)} in ${RUN_WATCH_NO_RUNS_MS / 1000}s: is a workflow triggered for this commit? Pass run to watch a specific run.`,
          );
        }
        if (failure && !(runId !== undefined && finished)) {
          notes.push(`Failure detected; waited ${RUN_WATCH_GRACE_MS / 1000}s for concurrent failures.`);
          await pause(RUN_WATCH_GRACE_MS);
          const again = await pollWithBackoff();
          // A re-run resets conclusions: keep the earlier failures unless new ones showed up.
          snapshot = again.failedJobs.length > 0 ? again : { runs: again.runs, failedJobs };
          verdict = "failed";
          break;
        }
        if (finished) {
          if (failure) {
            verdict = "failed";
            break;
          }
          // Commit mode: late workflows may still appear, so green counts only when seen twice.
          const signature = runs
            .map((run) => run.id)
            .sort((a, b) => a - b)
            .join(",");
          if (runId !== undefined || signature === greenSignature) {
            verdict = "succeeded";
            break;
          }
          greenSignature = signature;
        } else greenSignature = undefined;
        if (now() - started >= RUN_WATCH_MAX_MS) {
          verdict = "still running";
          notes.push(`Stopped watching after ${RUN_WATCH_MAX_MS / 60_000} minutes.`);
          break;
        }
        await pause(interval());
        // Cancelled while waiting: report what the last poll saw.
        if (tool.signal.aborted) {
          verdict = "cancelled";
          break;
        }
      }

      const logs = await Promise.all(snapshot.failedJobs.map(async (job) => ({ job, log: await fetchLog(job) })));
      let artifact: { id: string; ref: string } | undefined;
      if (logs.some(({ log }) => log !== undefined)) {
        const allocated = tool.artifacts.allocate("github.log");
        const runName = (id: number) => snapshot.runs.find((run) => run.id === id)?.name ?? String(id);
        writeFileSync(
          allocated.path,
          logs
            .map(
              ({ job, log }) =>
                `===== ${runName(job.runId)} / ${job.name} [${job.conclusion}] (job ${job.id}) =====\n${log ?? "Full log unavailable.\n"}`,
            )
            .join("\n"),
        );
        artifact = allocated;
      }

      const subject =
        runId !== undefined
          ? `Workflow run ${runId.id} (${snapshot.runs[0]?.name ?? "?"})`
          : `Workflow runs for ${sha!.slice(0, 12)}`;
      out.line(`# ${subject} ${verdict}`);
      out.line(
        `- ${runId === undefined ? `${snapshot.runs.length} runs · ` : ""}watched ${Math.round((now() - started) / 1000)}s, ${polls} polls${rateLimited ? `, rate limited ${rateLimited}× (waited ${RUN_WATCH_RATE_LIMIT_SLEEP_MS / 1000}s each)` : ""}`,
      );
      for (const run of snapshot.runs)
        out.line(
          `- ${run.name} #${run.number} [${run.status}${run.conclusion ? `: ${run.conclusion}` : ""}] ${run.url}`,
        );
      for (const note of notes) out.line(`- ${note}`);
      // Before the tails, so a cut body still says where the full logs are.
      if (artifact) out.line(`- Full failed-job logs: ${artifact.ref}`);
      if (logs.length > 0) {
        out.line();
        out.line("## Failed Jobs");
        for (const { job, log } of logs) {
          out.line();
          out.line(`### ${job.name} [${job.conclusion}]`);
          if (log === undefined) out.line("Log tail unavailable.");
          else if (!out.line(`\`\`\`\n${tailLines(log, tail)}\n\`\`\``)) break;
        }
      }
      const conclusion = verdict === "succeeded" ? "success" : verdict === "failed" ? "failure" : null;
      return {
        repo: repoName(repo),
        mode: runId === undefined ? "commit" : "run",
        ...(sha ? { headSha: sha } : {}),
        runIds: snapshot.runs.map((run) => run.id),
        status: verdict,
        conclusion,
        failedJobs: snapshot.failedJobs.map((job) => ({ id: job.id, name: job.name, conclusion: job.conclusion })),
        polls,
        ...(artifact ? { artifactId: artifact.id } : {}),
      };
    },
  };
}
