// What a review's check accounts for besides the new commits' findings, so that it speaks for the
// whole pull request: gitclaw's earlier findings still open (those in review threads not resolved,
// or resolved by the pull request's own author, who may resolve any thread on it but cannot dismiss
// a finding on their own change; and those a review's body had to carry, kept in state/reviews/<n>.json until a review finds them
// fixed), by severity; and the files no review has shown the model (past the diff budget, binary).
import type { GitHubApi } from "../github/api.ts";
import { REPLY_MARKER } from "../github/marker.ts";
import type { Repo } from "../github/operations.ts";
import { listThreadStarts, resolveReviewThread, reviewThreadStates } from "../github/pulls.ts";
import type { DiffFileSummary, ReviewDiff, UnreadFile } from "./diff.ts";
import { headedSeverity, type Finding, type Severity } from "./findings.ts";

/** One of gitclaw's earlier findings still open. */
export interface OpenFinding {
  /** Its number in the request's list (0: not listed there). */
  number: number;
  path: string;
  line?: number;
  severity: Severity;
  title: string;
  /** The review comment that starts its thread; none for a finding a review's body carried. */
  threadComment?: number;
}

/** A finding a review's body carried (no inline comment, so no thread), as the record keeps it. */
export type CarriedFinding = Pick<OpenFinding, "path" | "line" | "severity" | "title">;

/** gitclaw's findings still open on the pull request: its threads' (but those someone other than `author` resolved), and the record's. */
export async function earlierFindings(
  target: { api: GitHubApi; repo: Repo; pull: number; author: string },
  carried: readonly CarriedFinding[],
): Promise<OpenFinding[]> {
  const { api, repo, pull, author } = target;
  const fromBodies = carried.map((finding) => ({ ...finding, number: 0 }));
  const own = (await listThreadStarts(api, repo, pull)).filter((c) => c.body.includes(REPLY_MARKER));
  if (!own.length) return fromBodies;
  const states = await reviewThreadStates(api, repo, pull);
  const inThreads = own.flatMap((comment) => {
    const headed = headedSeverity(comment.body);
    const state = states.get(comment.id);
    const dismissed = state?.isResolved === true && state.resolvedBy?.toLowerCase() !== author.toLowerCase();
    if (!headed || !state || dismissed) return [];
    const line = comment.line === undefined ? {} : { line: comment.line };
    return [{ number: 0, path: comment.path, ...line, ...headed, threadComment: comment.id }];
  });
  return [...inThreads, ...fromBodies];
}

/** Those on files the diff changes, numbered for the answer's `resolved`: the model can tell whether they were fixed. */
export function listedFindings(earlier: readonly OpenFinding[], diff: ReviewDiff): OpenFinding[] {
  const touched = new Set(diff.files.map((file) => file.path));
  let number = 0;
  for (const finding of earlier) finding.number = touched.has(finding.path) ? ++number : 0;
  return earlier.filter((finding) => finding.number > 0);
}

/** Marks fixed the listed findings the answer names (their threads resolved); the findings still open. */
export async function settleEarlier(
  target: { api: GitHubApi; repo: Repo; pull: number },
  earlier: readonly OpenFinding[],
  resolved: readonly number[],
): Promise<{ stillOpen: OpenFinding[]; fixed: number }> {
  const stillOpen: OpenFinding[] = [];
  let fixed = 0;
  for (const finding of earlier) {
    if (finding.number === 0 || !resolved.includes(finding.number)) {
      stillOpen.push(finding);
      continue;
    }
    // Fixed, as the review says: its thread resolved (one its author resolved already stays so).
    if (finding.threadComment !== undefined)
      await resolveReviewThread(target.api, target.repo, target.pull, finding.threadComment);
    fixed++;
  }
  return { stillOpen, fixed };
}

/** What the record carries on: the body findings still open, and this review's findings that got no thread. */
export function carriedOn(stillOpen: readonly OpenFinding[], elsewhere: readonly Finding[]): CarriedFinding[] {
  const open = stillOpen.filter((finding) => finding.threadComment === undefined);
  const added = elsewhere.map(({ path, line, severity, title }) => ({ path, line, severity, title }));
  return [...open.map(({ path, line, severity, title }) => ({ path, line, severity, title })), ...added];
}

/** The earlier reviews' unread files, and `now`'s (with `why`, or their own reason). */
export function unreadFiles(
  before: readonly UnreadFile[],
  now: readonly DiffFileSummary[],
  why?: UnreadFile["why"],
): UnreadFile[] {
  const unread = new Map(before.map((file) => [file.path, file]));
  for (const file of now) unread.set(file.path, unread.get(file.path) ?? { path: file.path, why: why ?? file.why! });
  return [...unread.values()];
}
