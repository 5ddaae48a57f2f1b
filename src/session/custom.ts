// gitclaw's own records in a session: pi keeps custom entries in the file and never sends them to
// the model. One list, so the names are spelled once.
export const CUSTOM = {
  /** The issue a session belongs to: a session serves one issue only. */
  issue: "gitclaw.issue",
  /** The workflow job a prompt run's session belongs to (state/runs/<key>.json), instead of an issue. */
  promptRun: "gitclaw.prompt_run",
  /** One run's outcome, turns, tool calls, usage and duration. */
  run: "gitclaw.run",
  /** A github tool call's audit line: op, class, decision, status, size; never bodies. */
  githubAudit: "gitclaw.github_audit",
  /** Background jobs still running when the run ended, and killed. */
  jobsKilled: "gitclaw.jobs_killed",
  /** Pull request worktrees removed with work never pushed. */
  worktreesDiscarded: "gitclaw.worktrees_discarded",
  /** A sub-agent task: in a parent's session as it starts and ends (its session named), first in a child's own. */
  task: "gitclaw.task",
  /** A `git am` of a task's patch left in progress, aborted at the run's end before the commit. */
  amAborted: "gitclaw.am_aborted",
  /** An automatic review: the commits it read (from, head), whether incrementally, its conclusion and findings. */
  review: "gitclaw.review",
  /** Damaged lines already reported, so each is reported once. */
  damagedLines: "gitclaw.damaged_lines",
} as const;
export type CustomType = (typeof CUSTOM)[keyof typeof CUSTOM];
