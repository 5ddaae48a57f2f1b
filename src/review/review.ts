// An automatic pull-request review (trigger mode "review"), as a list of phases: the pull request as
// it is, the default branch's checkout (never the head's), the head's commits fetched as git objects,
// the diff to read (all of it the first time, what changed since the last reviewed head after that;
// nothing to do when that is nothing), the check run in progress on the head the event names, the
// request (diff, guidance, gitclaw's open threads), the model's structured answer (one retry when it
// does not parse), then ONE review, the threads the push fixed resolved, the check completed, and the
// record of what was reviewed committed beside the conversations. The model gets no tools: nothing of
// the pull request runs, a fork's or not, in this process or any other.
import { sideBranch } from "../git/branch-names.ts";
import { setOutput } from "../actions/env.ts";
import * as workflow from "../actions/log.ts";
import { type Budgets, runAgentLoop, type LoopResult, type Spending } from "../agent/loop.ts";
import { commitMessage } from "../git/commit-message.ts";
import { commitAll } from "../git/land.ts";
import { completeCheckRun, createCheckRun, type CheckConclusion, type CheckOutput } from "../github/checks.ts";
import { listPullRequestFiles } from "../github/pulls.ts";
import { issueThread } from "../github/thread.ts";
import { runDeadline, type RunContext, toolFreeContext } from "../run/types.ts";
import { claimBudget, type CostClaim } from "../run/cost-claim.ts";
import { resolvePullRequest } from "../run/pull-request.ts";
import type { PullRequestWork } from "../run/types.ts";
import { defaultBranchCommit } from "../run/repository-instructions.ts";
import type { TargetedRun } from "../run/types.ts";
import { prepareWorkspace } from "../run/workspace.ts";
import type { Workspace } from "../run/types.ts";
import { landRun } from "../run/signed-land.ts";
import { CUSTOM } from "../session/custom.ts";
import { checkStateFolders, repoRelative, sessionsDir } from "../session/mapping.ts";
import { emptyUsage } from "../session/entries.ts";
import { SessionFile } from "../session/session-file.ts";
import { changeBase, reachableHead, readDiff, type ReviewDiff, type UnreadFile } from "./diff.ts";
import { fetchPullHead } from "../git/branch.ts";
import { ANSWER_SHAPE, conclusionOf, parseReviewAnswer, type ParsedAnswer, type ReviewAnswer } from "./findings.ts";
import { readReviewGuidance } from "./guidance.ts";
import { reviewInstructions, reviewMessage, type ReviewRequest } from "./prompt.ts";
import {
  type CarriedFinding,
  carriedOn,
  earlierFindings,
  listedFindings,
  settleEarlier,
  unreadFiles,
} from "./outstanding.ts";
import { checkOutput, placeFindings, postReview, reviewBody } from "./publish.ts";
import { readReviewRecord, writeReviewRecord } from "./record.ts";

/** The check run's name, as branch protection's required checks name it. */
export const CHECK_NAME = "gitclaw review";
/** Turns of one answer: a review needs one; a model calling a tool that does not exist gets two more. */
const TURNS_PER_ANSWER = 3;

/** What earlier reviews of the pull request left open, as its record keeps it. */
interface Carried {
  unread: UnreadFile[];
  elsewhere: CarriedFinding[];
}

interface ReviewJob {
  pull: PullRequestWork;
  diff: ReviewDiff;
  /** What earlier reviews left open (state/reviews/<n>.json): files they did not read, body findings. */
  carried: Carried;
  /** The review's claim on the cost caps: its budgets, and where its cost is settled. */
  claim: CostClaim;
  /** Completes the check run (nothing when it could not be created). */
  complete: (result: { conclusion: CheckConclusion; output: CheckOutput }) => Promise<void>;
}

export async function reviewPullRequest(context: RunContext): Promise<{ succeeded: boolean }> {
  const pull = await resolvePullRequest(context.api, context.repo, context.trigger);
  const thread = issueThread(context.api, context.repo, pull.number);
  const run: TargetedRun = {
    ...context,
    target: { conversationIssue: pull.number, threadNumber: pull.number, thread, pull, delivers: false },
  };
  const workspace = await prepareWorkspace(run);
  checkStateFolders(workspace.root);
  const head = await fetchPullHead(workspace.git, workspace.remote, pull);
  const toReview = await diffToReview(run, workspace, pull, head);
  if (!toReview)
    return nothingToReview(run, `#${pull.number} at ${head.slice(0, 12)} has no change since its last review`);
  const { diff, carried } = toReview;
  // A review is a model call like any run's: the caps count it, and refuse it, on the pull request's number too.
  const claim = await claimBudget({ ...run, ...workspace }, pull.number);
  if (claim.refusal) return overCap(run, head, claim.refusal);
  const title = `Reviewing ${diff.incremental ? "the new commits" : "the change"}`;
  const complete = await openCheck(run, head, title);
  try {
    return await review(run, workspace, { pull, diff, carried, claim, complete });
  } catch (error) {
    const summary = `${run.redact((error as Error).message)}\n\n[The run](${run.link})`;
    await complete({ conclusion: "neutral", output: { title: "The review failed", summary, annotations: [] } }).catch(
      (e: Error) => run.log(`gitclaw: could not complete the check run: ${run.redact(e.message)}`),
    );
    throw error;
  }
}

/** The check run in progress on the head; without `checks: write` the review goes on without one, saying so. */
async function openCheck(run: TargetedRun, head: string, title: string): Promise<ReviewJob["complete"]> {
  try {
    const id = await createCheckRun(run.api, run.repo, {
      name: CHECK_NAME,
      headSha: head,
      detailsUrl: run.link,
      title,
    });
    return (result) => completeCheckRun(run.api, run.repo, id, result);
  } catch (error) {
    workflow.warning(
      `gitclaw: could not create the check run (${run.redact((error as Error).message)}); the workflow needs ` +
        "permissions: checks: write (bunx gitclaw init adds it). The review goes on without a check.",
    );
    return async () => {};
  }
}

/**
 * The whole change the first time; after that what changed since the reviewed head (all of it again
 * after a force push), with the files earlier reviews left unread: a later diff shows only their changes.
 */
async function diffToReview(
  run: TargetedRun,
  workspace: Workspace,
  pull: PullRequestWork,
  head: string,
): Promise<{ diff: ReviewDiff; carried: Carried } | undefined> {
  const { git, remote, root } = workspace;
  const { record, problem } = readReviewRecord(root, pull.number);
  if (problem) workflow.warning(`gitclaw: ${problem}; reviewing the whole change`);
  if (record?.reviewedHead === head) return undefined;
  const last = record && (await reachableHead(git, remote, record.reviewedHead));
  const range = last
    ? { from: last, head, incremental: true }
    : { from: await changeBase(git, remote, head, pull.base.ref), head, incremental: false };
  const diff = await readDiff(git, range, run.config.review.maxDiffChars);
  run.log(`gitclaw: reviewing ${range.from.slice(0, 12)}..${head.slice(0, 12)}: ${diff.files.length} file(s)`);
  // A full review reads every file again; findings stay open until a review finds them fixed.
  const carried = { unread: last ? (record.unread ?? []) : [], elsewhere: record?.elsewhere ?? [] };
  return diff.files.length ? { diff, carried } : undefined;
}

/** A cap reached: no model call, a neutral check saying why (never success), and no record, so a later review reads it all. */
async function overCap(run: TargetedRun, head: string, refusal: string): Promise<{ succeeded: boolean }> {
  run.log(`gitclaw: no review: ${refusal}`);
  setOutput(run.env, "outcome", "cost_cap");
  const complete = await openCheck(run, head, "Not reviewed: a cost cap is reached");
  const summary = run.redact(
    `${refusal.replace(/^gitclaw did not start/, "gitclaw did not review this head")}\n\n[The run](${run.link})`,
  );
  await complete({
    conclusion: "neutral",
    output: { title: "Not reviewed: a cost cap is reached", summary, annotations: [] },
  });
  run.onReplied();
  return { succeeded: true };
}

function nothingToReview(run: TargetedRun, why: string): { succeeded: boolean } {
  run.log(`gitclaw: no review: ${why}.`);
  // The answer is the silence: the cleanup must not report a run that died.
  run.onReplied();
  return { succeeded: true };
}

async function review(run: TargetedRun, workspace: Workspace, job: ReviewJob): Promise<{ succeeded: boolean }> {
  const request = await gatherRequest(run, workspace, job);
  const session = SessionFile.create(sessionsDir(workspace.root), { cwd: workspace.root });
  session.appendCustom(CUSTOM.issue, { issueNumber: job.pull.number });
  const asked = await askForReview(run, workspace, session, request, job.claim.capped.budgets);
  await job.claim.settle(asked.result.usage.cost.total);
  const published = asked.parsed.ok
    ? await publish(run, job, request, asked.parsed.answer)
    : await unparsed(run, job, asked.parsed.error);
  await recordReview(run, workspace, session, { job, asked, ...published });
  writeOutputs(run, asked.result, published.output);
  run.onReplied();
  return { succeeded: asked.result.outcome !== "error" };
}

/** What the request carries besides the diff: the pull request's text, the guidance, gitclaw's open threads. */
async function gatherRequest(run: TargetedRun, workspace: Workspace, job: ReviewJob): Promise<ReviewRequest> {
  const { pull, diff } = job;
  const branch = run.trigger.defaultBranch ?? pull.base.ref;
  const guidance = await defaultBranchCommit(workspace, branch)
    .then((commit) => readReviewGuidance(workspace.git, commit))
    .catch((error: Error) => {
      workflow.warning(`gitclaw: the review guidance could not be read: ${run.redact(error.message)}`);
      return undefined;
    });
  const target = { api: run.api, repo: run.repo, pull: pull.number, author: pull.author };
  const earlier = await earlierFindings(target, job.carried.elsewhere);
  const threads = listedFindings(earlier, diff);
  return { title: pull.title, body: pull.body, author: pull.author, guidance, diff, threads, earlier };
}

interface Asked {
  parsed: ParsedAnswer;
  /** The last loop's result, with the usage of both. */
  result: LoopResult;
  retried: boolean;
}

/** The model's answer, asked again once with what was wrong when it does not parse. */
async function askForReview(
  run: TargetedRun,
  workspace: Workspace,
  session: SessionFile,
  request: ReviewRequest,
  budgets: Budgets,
): Promise<Asked> {
  const { config } = run;
  const spending: Spending = { turns: 0, usage: emptyUsage() };
  const instructions = reviewInstructions(`${run.env.owner}/${run.env.repo}`, run.target.threadNumber);
  const toolContext = toolFreeContext(run, workspace, session);
  const answer = () =>
    runAgentLoop({
      session,
      model: run.resolved,
      instructions,
      tools: [],
      toolContext,
      budgets: { ...budgets, maxTurns: spending.turns + Math.min(budgets.maxTurns, TURNS_PER_ANSWER) },
      compaction: config.compaction,
      deadline: runDeadline(run),
      signal: run.signal,
      now: run.now,
      spending,
    });
  session.appendStart(run.resolved);
  session.appendUserText(run.redact(reviewMessage(request)), run.now());
  let result = await answer();
  let parsed = parseReviewAnswer(result.text);
  const retried = !parsed.ok && result.outcome === "done";
  if (retried) {
    const error = parsed.ok ? "" : parsed.error;
    run.log(`gitclaw: the review's answer did not parse (${run.redact(error)}); asking once more`);
    session.appendUserText(
      `That answer is not a review gitclaw can read: ${error}\n\nAnswer again with only the JSON object:\n${ANSWER_SHAPE}`,
      run.now(),
    );
    result = await answer();
    parsed = parseReviewAnswer(result.text);
  }
  if (!parsed.ok && result.outcome !== "done")
    parsed = { ok: false, error: result.errorMessage ?? `the run stopped early (${result.outcome})` };
  return { parsed, result: { ...result, usage: spending.usage, turns: spending.turns }, retried };
}

interface Published {
  conclusion: CheckConclusion;
  output: CheckOutput;
  /** The files no review has read, and the body findings still open, for the record. */
  unread: UnreadFile[];
  elsewhere: CarriedFinding[];
}

/** One review, the fixed threads resolved, the check completed as the findings say. */
async function publish(
  run: TargetedRun,
  job: ReviewJob,
  request: ReviewRequest,
  answer: ReviewAnswer,
): Promise<Published> {
  const { api, repo, redact } = run;
  const { pull, diff } = job;
  const files = await listPullRequestFiles(api, repo, pull.number);
  const { inline, elsewhere } = placeFindings(answer.findings, files);
  const body = reviewBody(answer, elsewhere, diff);
  const url = await postReview(api, repo, pull.number, { head: diff.head, body, inline, redact });
  const target = { api, repo, pull: pull.number };
  const { stillOpen, fixed } = await settleEarlier(target, request.earlier, answer.resolved);
  if (fixed) run.log(`gitclaw: ${fixed} of its earlier finding(s) fixed (their threads resolved)`);
  // The check speaks for the whole pull request: earlier findings still open and files never read count too.
  const unread = unreadFiles(
    job.carried.unread,
    diff.files.filter((file) => !file.shown),
  );
  const conclusion = conclusionOf([...answer.findings, ...stillOpen], run.config.review.failOn, unread.length);
  const output = redactOutput(checkOutput(answer, conclusion, { stillOpen, unread }, url), redact);
  await job.complete({ conclusion, output });
  run.log(`gitclaw: reviewed #${pull.number}: ${output.title} (${conclusion})`);
  return { conclusion, output, unread, elsewhere: carriedOn(stillOpen, elsewhere) };
}

/** An answer that would not parse, twice: no review, a neutral check saying so. */
async function unparsed(run: TargetedRun, job: ReviewJob, error: string): Promise<Published> {
  workflow.warning(`gitclaw: the review could not be parsed: ${run.redact(error)}`);
  const summary = `The model's answer could not be read as a review, asked twice: ${error}\n\n[The run](${run.link})`;
  const output = redactOutput({ title: "The review could not be parsed", summary, annotations: [] }, run.redact);
  await job.complete({ conclusion: "neutral", output });
  const { carried, diff } = job;
  return {
    conclusion: "neutral",
    output,
    elsewhere: carried.elsewhere,
    unread: unreadFiles(carried.unread, diff.files, "not reviewed"),
  };
}

const redactOutput = (output: CheckOutput, redact: (text: string) => string): CheckOutput => ({
  title: redact(output.title),
  summary: redact(output.summary),
  annotations: output.annotations.map((a) => ({ ...a, title: redact(a.title), message: redact(a.message) })),
});

/** The session and state/reviews/<n>.json, committed on the default branch: the next review starts from this head. */
async function recordReview(
  run: TargetedRun,
  workspace: Workspace,
  session: SessionFile,
  facts: { job: ReviewJob; asked: Asked } & Omit<Published, "output">,
): Promise<void> {
  const { job, asked, conclusion, unread, elsewhere } = facts;
  const { pull, diff } = job;
  const { root, git } = workspace;
  const findings = asked.parsed.ok ? asked.parsed.answer.findings.length : undefined;
  session.appendCustom(CUSTOM.review, {
    from: diff.from,
    head: diff.head,
    incremental: diff.incremental,
    conclusion,
    findings,
    retried: asked.retried,
  });
  const { outcome, turns, toolCalls, usage } = asked.result;
  const event = `${run.trigger.eventName}.${run.trigger.action}`;
  session.appendCustom(CUSTOM.run, {
    runId: run.env.runId,
    event,
    outcome,
    turns,
    toolCalls,
    usage,
    durationMs: run.now() - run.started,
  });
  const sessionPath = repoRelative(root, session.path);
  const updatedAt = new Date(run.now()).toISOString();
  const recordPath = writeReviewRecord(root, {
    pullRequest: pull.number,
    reviewedHead: diff.head,
    sessionPath,
    conclusion,
    updatedAt,
    unread,
    elsewhere,
  });
  const message = commitMessage({
    issueNumber: pull.number,
    kind: "pull request",
    title: `review of ${pull.title}`,
    runUrl: run.link,
  });
  const commit = await commitAll(git, run.redact(message), [sessionPath, repoRelative(root, recordPath)]);
  if (!commit) return;
  const { remote, branch, base } = workspace;
  const fallbackBranch = sideBranch({ kind: "review", number: pull.number }, run.env.runId);
  const attempts = run.config.git.pushAttempts;
  const pushed = await landRun(run, workspace, { remote, branch, base, head: commit, attempts, fallbackBranch });
  if (!pushed.landed) workflow.warning(`gitclaw: the review's record could not be pushed: ${pushed.reason}`);
}

function writeOutputs(run: TargetedRun, result: LoopResult, output: CheckOutput): void {
  setOutput(run.env, "outcome", result.outcome);
  setOutput(run.env, "cost", result.usage.cost.total.toFixed(4));
  const markdown = `## gitclaw · review of #${run.target.threadNumber}\n\n${output.title}\n\n${output.summary}\n`;
  try {
    workflow.appendSummary(run.env.stepSummaryFile, run.redact(markdown));
  } catch (error) {
    run.log(`gitclaw: could not write the job summary: ${(error as Error).message}`);
  }
}
