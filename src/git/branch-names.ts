// The names of the branches gitclaw makes, in one place: every one starts with `gitclaw/`, and what
// follows says whose work it holds (an issue's, a prompt run's, a pull request's or a review's) and,
// for a side branch a refused push falls back to, which Actions run made it.

/** The branches gitclaw makes for its work (delivery "pull-request", side branches): a CI failure there is its to fix. */
export const GITCLAW_BRANCH_PREFIX = "gitclaw/";

/** Whether a branch name is gitclaw's own, whatever its case (a case-insensitive clone keeps one ref file for both). */
export const isGitclawBranch = (name: string) => name.toLowerCase().startsWith(GITCLAW_BRANCH_PREFIX);

/** gitclaw's branch for an issue's work (delivery "pull-request"). */
export const issueBranch = (issueNumber: number) => `${GITCLAW_BRANCH_PREFIX}issue-${issueNumber}`;

/** A prompt run's own branch (delivery "pull-request" without an issue): its conversation lives there. */
export const runBranch = (key: string) => `${GITCLAW_BRANCH_PREFIX}run-${key}`;

/** The issue whose branch a pull request's head is: this repository's (`owner/name`) gitclaw/issue-<n>, or undefined. */
export function issueOfHead(head: { repo: string | undefined; ref: string }, repository: string): number | undefined {
  if (head.repo?.toLowerCase() !== repository.toLowerCase()) return undefined;
  const issue = /^gitclaw\/issue-([1-9]\d*)$/.exec(head.ref)?.[1];
  return issue === undefined ? undefined : Number(issue);
}

/** Where a run's commit goes when its branch refuses the push, by what the run works on. */
export type SideBranchOf =
  | { kind: "run" }
  | { kind: "issue" | "pr"; number: number }
  | { kind: "link"; number: number }
  | { kind: "review"; number: number };

/** The side branch of Actions run `runId` for `of`: the work survives a refused push there. */
export function sideBranch(of: SideBranchOf, runId: string): string {
  switch (of.kind) {
    case "run":
      return `${GITCLAW_BRANCH_PREFIX}run-${runId}-side`;
    case "link":
      return `${GITCLAW_BRANCH_PREFIX}issue-${of.number}-${runId}-link`;
    default:
      return `${GITCLAW_BRANCH_PREFIX}${of.kind}-${of.number}-${runId}`;
  }
}
