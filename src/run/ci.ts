// Fixing a failed CI run of gitclaw's own pull request (trigger mode "ci"), without ever looping.
// Before any model call: the pull request must be gitclaw's branch for an issue, without the opt-out
// label (ci.optOutLabel), and still at the commit that failed. Each fix attempt leaves a trailer on
// its commit, `Gitclaw-CI-Fix: <signature> …`, the signature a hash of what failed (the workflow,
// the failed jobs, their error lines with numbers and ids blanked); the commits on the branch are
// the count, so no state is kept anywhere else. A failure with the signature of an earlier attempt
// means that fix failed the same way: gitclaw stops and says so, as it does once the attempts
// (ci.maxAttempts) are spent. Otherwise the run gets the failed jobs' log tails (quoted: CI output is
// data) and a commit trailer for its attempt.
import { createHash } from "node:crypto";
import { quoteAsData } from "../text/quote.ts";
import { jobLog, listFailedJobs } from "../github/runs.ts";
import type { PromptComment } from "./types.ts";
import { capTail } from "./request.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";
import { plural } from "../text/format.ts";

/** Who a failed CI run's part is by: gitclaw's own report (with a workflow's name and logs in it), not a person's request. */
export const CI_REPORT_LOGIN = "gitclaw";

export const CI_TRAILER = "Gitclaw-CI-Fix";
const MAX_JOBS = 3;
const LOG_LINES = 60;
const LOG_CHARS = 6_000;

export type CiPlan =
  | { proceed: true; parts: PromptComment[]; trailer: string }
  /** `notice`: said on the pull request (a stop people must know of); otherwise only logged. */
  | { proceed: false; reason: string; notice?: string };

interface FailedLog {
  job: string;
  tail: string | undefined;
}

/** The lines of a log that say what failed, with what changes from run to run blanked. */
export function failureSignature(workflow: string, logs: FailedLog[]): string {
  const normalise = (line: string) =>
    line
      .replace(/^\d{4}-\d\d-\d\dT[\d:.]+Z\s*/, "")
      .replace(/\b[0-9a-f]{7,40}\b/g, "#")
      .replace(/\d+(\.\d+)?/g, "#")
      .trim();
  const lines = logs.flatMap(({ job, tail }) => {
    const all = (tail ?? "").split("\n").map(normalise).filter(Boolean);
    const errors = all.filter((line) => /error|fail|✗|×|assert|exception|panic/i.test(line));
    return [job, ...(errors.length ? errors : all.slice(-5))];
  });
  return createHash("sha256")
    .update([workflow, ...lines].join("\n"))
    .digest("hex")
    .slice(0, 12);
}

/** The signatures of earlier attempts, from the trailers of the branch's last `count` commits. */
export async function earlierAttempts(workspace: Workspace, count: number): Promise<string[]> {
  const format = `--format=%(trailers:key=${CI_TRAILER},valueonly,separator=%x00)%x01`;
  const log = await workspace.git.must(["log", `-n${Math.max(1, count)}`, format, "HEAD"]);
  return log
    .split("\x01")
    .flatMap((entry) => entry.split("\0"))
    .map((value) => value.trim().split(/\s+/)[0] ?? "")
    .filter(Boolean);
}

export async function planCiFix(run: TargetedRun, workspace: Workspace): Promise<CiPlan> {
  const { target, config, api, repo } = run;
  const ci = run.trigger.ci!;
  const pull = target.pull!;
  if (pull.forIssue === undefined)
    return { proceed: false, reason: `#${pull.number} is not gitclaw's pull request for an issue` };
  if (pull.labels.includes(config.ci.optOutLabel))
    return { proceed: false, reason: `#${pull.number} has the label "${config.ci.optOutLabel}"` };
  if (pull.movedTo)
    return {
      proceed: false,
      reason: `#${pull.number} moved on from ${ci.headSha.slice(0, 12)}; its newer commit's CI decides`,
    };
  const jobs = (await listFailedJobs(api, repo, ci.runId)).slice(0, MAX_JOBS);
  const logs: FailedLog[] = [];
  for (const job of jobs) {
    const log = await jobLog(api, repo, job.id).catch(() => undefined);
    logs.push({ job: job.name, tail: log && capTail(run.redact(log), LOG_LINES, LOG_CHARS) });
  }
  const signature = failureSignature(ci.name, logs);
  const earlier = await earlierAttempts(workspace, pull.commits);
  const max = config.ci.maxAttempts;
  const stop = (why: string) => ({
    proceed: false as const,
    reason: why,
    notice: `CI run [${ci.name}](${ci.url}) failed on ${ci.headSha.slice(0, 12)}. ${why}, so gitclaw stops trying: a person should look at it. Comment to have gitclaw try again.`,
  });
  if (earlier.includes(signature))
    return stop(`It failed the same way (${signature}) after gitclaw's fix attempt ${earlier.indexOf(signature) + 1}`);
  if (earlier.length >= max) return stop(`The budget of ${plural(max, "fix attempt")} (ci.maxAttempts) is spent`);
  const attempt = earlier.length + 1;
  return {
    proceed: true,
    parts: [ciPart(run, logs, attempt)],
    trailer: `${CI_TRAILER}: ${signature} (attempt ${attempt} of ${max}, run ${ci.runId})`,
  };
}

/** gitclaw's own request to fix the failure, with the log tails quoted as data. */
function ciPart(run: TargetedRun, logs: FailedLog[], attempt: number): PromptComment {
  const ci = run.trigger.ci!;
  const tails = logs.map(
    ({ job, tail }) =>
      `Job ${JSON.stringify(job)}:\n${tail === undefined ? "(its log is unavailable)" : quoteAsData(tail)}`,
  );
  const body =
    `The CI run "${ci.name}" failed on ${ci.headSha.slice(0, 12)}, the head of this pull request (${ci.url}). ` +
    `Find the cause and fix it with the smallest change that makes it pass (fix attempt ${attempt} of ${run.config.ci.maxAttempts}). ` +
    "If the failure is not caused by this pull request's changes, change nothing and say why.";
  return {
    id: ci.runId,
    login: CI_REPORT_LOGIN,
    body,
    createdAt: run.trigger.triggeredAt,
    trusted: true,
    action: "reports a failed CI run",
    context: tails.length
      ? `The failed jobs' logs end (quoted):\n\n${tails.join("\n\n")}`
      : "(no failed job was found)",
  };
}
