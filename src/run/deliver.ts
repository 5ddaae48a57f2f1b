// What a run does on the pull request after its work landed. On gitclaw's branch for an issue
// (delivery "pull-request"): the draft pull request "Fixes #n" is opened once the branch holds a
// change, with the summary and the steps, and linked in the issue's mapping; when the agent says the
// work is ready (READY_LINE), it is marked ready for review and the person who asked is asked to
// review. After an inline review comment: its thread is resolved once the run pushed a change
// answering it (pullRequests.resolveThreads). After any push to a pull request, with approvals.required:
// the new head's gitclaw/approval status (src/approval/). Each step that fails is a note in the reply,
// never a failed run: the work itself is on the branch.
import { sideBranch } from "../git/branch-names.ts";
import type { LoopResult } from "../agent/loop.ts";
import { commitAll } from "../git/land.ts";
import { pullRequestMarker } from "../github/marker.ts";
import { getDefaultBranch } from "../github/operations.ts";
import {
  createPullRequest,
  findPullRequest,
  getPullRequest,
  markReadyForReview,
  requestReviewers,
  resolveReviewThread,
} from "../github/pulls.ts";
import { mappingFile, readMapping, writeMapping } from "../session/mapping.ts";
import { coAuthorOf } from "./types.ts";
import type { Landing } from "./land.ts";
import { READY_LINE } from "./request.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";
import { landRun } from "./signed-land.ts";
import { callout } from "../github/markdown.ts";
import { updateApproval } from "../approval/approval.ts";
import { landOnStateBranch } from "./home.ts";
import { neutralise } from "../text/neutralise.ts";

/** The agent's final text without the ready line, and whether it had one (its last non-empty line). */
export function readySignal(text: string): { ready: boolean; text: string } {
  const lines = text.trimEnd().split("\n");
  if (lines.at(-1)?.trim() !== READY_LINE) return { ready: false, text };
  return { ready: true, text: lines.slice(0, -1).join("\n").trimEnd() };
}

export interface DeliveryFacts {
  result: LoopResult;
  landing: Landing;
  /** The steps checklist (the progress comment's), for the pull request's body. */
  steps: string;
}

/** The notes for the reply, one Markdown paragraph each. */
export async function deliver(run: TargetedRun, workspace: Workspace, facts: DeliveryFacts): Promise<string[]> {
  const notes: string[] = [];
  const attempt = async (what: string, step: () => Promise<void>) =>
    step().catch((error: Error) => {
      run.log(`gitclaw: could not ${what}: ${run.redact(error.message)}`);
      notes.push(callout("WARNING", `Could not ${what}: ${run.redact(error.message)}`));
    });
  const { push } = facts.landing;
  const landed = push?.landed === true && push.branch === workspace.branch;
  const refusedTo = push && !push.landed && push.refused ? push.branch : undefined;
  if (run.target.redirected) notes.push(callout("NOTE", redirectedNote(run.target.redirected, workspace.branch)));
  let pull = run.target.pull?.fork ? undefined : run.target.pull?.number;
  if ((run.target.delivers && landed) || refusedTo)
    await attempt("open or update the pull request", async () => {
      // Into the branch whose rules sent the work here, or that refused it.
      const into = run.target.redirected?.from ?? (refusedTo ? workspace.branch : undefined);
      pull = await draft(run, { ...workspace, branch: refusedTo ?? workspace.branch }, { ...facts, into }, notes);
    });
  const { inline, comment } = run.trigger;
  const answered = landed && facts.result.outcome === "done" && facts.landing.changed.length > 0;
  if (inline && comment && answered && run.config.pullRequests.resolveThreads)
    await attempt("resolve the review thread", async () => {
      if (await resolveReviewThread(run.api, run.repo, run.target.threadNumber, inline.inReplyTo ?? comment.id))
        notes.push(callout("NOTE", "Resolved this review thread with the change."));
    });
  // A push made the head new: its approvals start again.
  const { required } = run.config.approvals;
  const pushedTo = pull;
  const asker = coAuthorOf(run.trigger)?.login;
  if ((landed || refusedTo) && pushedTo !== undefined && required > 0)
    await attempt("set the approval status", async () => {
      await updateApproval({ api: run.api, env: run.env, pull: pushedTo, required, ...(asker ? { asker } : {}) });
    });
  return notes;
}

/** Why the work is on a pull request although delivery is "push". */
function redirectedNote(redirected: { from: string; why: string }, branch: string): string {
  return `${redirected.why} So the work is on \`${branch}\`, with a pull request into \`${redirected.from}\`.`;
}

/** The pull request the branch's work is in, opened if it was not yet; undefined while the branch holds no change. */
async function draft(
  run: TargetedRun,
  workspace: Workspace,
  facts: DeliveryFacts & { into?: string },
  notes: string[],
): Promise<number | undefined> {
  const { api, repo, target } = run;
  const existing = target.pull?.number ?? (await findPullRequest(api, repo, workspace.branch));
  const { ready, text } = readySignal(facts.result.text);
  let number = existing;
  if (number === undefined) {
    if (facts.landing.changed.length === 0) return undefined;
    const created = await createPullRequest(api, repo, {
      // People's text and the model's: redacted, and closing no other issue, skipping no check, mentioning nobody.
      title: neutralise(run.redact(run.trigger.title || `Work on #${target.conversationIssue}`)),
      body: neutralise(run.redact(pullRequestBody(target.conversationIssue, text, facts.steps)), {
        allowedIssue: target.conversationIssue,
      }),
      head: workspace.branch,
      base: facts.into ?? run.trigger.defaultBranch ?? (await getDefaultBranch(api, repo)),
      draft: true,
    });
    number = created.number;
    notes.push(callout("NOTE", `Opened the draft pull request #${number}: ${created.url}`));
    await linkMapping(run, workspace, number, facts.landing.stateSha !== undefined);
  } else if (target.threadNumber !== number) {
    notes.push(callout("NOTE", `Pushed to #${number}.`));
  }
  if (ready) await markReady(run, number, notes);
  return number;
}

/** The draft's body: what it fixes, the summary so far, the steps, and the marker the guard reads. */
export function pullRequestBody(issueNumber: number, summary: string, steps: string): string {
  const parts = [`Fixes #${issueNumber}`, summary.trim(), steps, pullRequestMarker(issueNumber)];
  return parts.filter(Boolean).join("\n\n");
}

async function markReady(run: TargetedRun, number: number, notes: string[]): Promise<void> {
  const pull = await getPullRequest(run.api, run.repo, number);
  if (pull.draft) await markReadyForReview(run.api, pull.nodeId);
  const asker = coAuthorOf(run.trigger)?.login;
  const reviewers = asker && asker !== pull.author ? [asker] : [];
  if (reviewers.length) await requestReviewers(run.api, run.repo, number, reviewers);
  const asked = reviewers.length ? `; review requested from @${reviewers[0]}` : "";
  notes.push(callout("NOTE", `#${number} is ready for review${asked}.`));
}

/** The issue's mapping learns its pull request: one more commit on the branch, replayed if the branch moved. */
async function linkMapping(
  run: TargetedRun,
  workspace: Workspace,
  pullRequest: number,
  onState: boolean,
): Promise<void> {
  const mapping = readMapping(workspace.root, run.target.conversationIssue);
  if (!mapping) return;
  writeMapping(workspace.root, { ...mapping, pullRequest });
  const base = await workspace.git.must(["rev-parse", "HEAD"]);
  const message = `gitclaw: issue #${run.target.conversationIssue} continues in pull request #${pullRequest}`;
  const head = await commitAll(workspace.git, message);
  if (!head) return;
  const { remote, branch } = workspace;
  const fallbackBranch = sideBranch({ kind: "link", number: run.target.conversationIssue }, run.env.runId);
  await landRun(run, workspace, { remote, branch, base, head, attempts: run.config.git.pushAttempts, fallbackBranch });
  // The conversation's home learns it too.
  if (onState)
    await landOnStateBranch(run, workspace, { sha: head, paths: [mappingFile(run.target.conversationIssue)] });
}
