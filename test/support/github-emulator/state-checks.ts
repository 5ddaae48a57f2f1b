// Check runs made through the checks API (an app's or a workflow token's own checks, as gitclaw's
// review makes one), beside the check runs GitHub Actions makes of jobs (state-actions.ts).
export const CHECK_STATUSES = ["queued", "in_progress", "completed"] as const;
export const CHECK_CONCLUSIONS = [
  "action_required",
  "cancelled",
  "failure",
  "neutral",
  "success",
  "skipped",
  "stale",
  "timed_out",
] as const;
export const ANNOTATION_LEVELS = ["notice", "warning", "failure"] as const;

export interface AnnotationRecord {
  path: string;
  startLine: number;
  endLine: number;
  level: (typeof ANNOTATION_LEVELS)[number];
  message: string;
  title?: string;
}

export interface CheckRunRecord {
  id: number;
  name: string;
  headSha: string;
  status: (typeof CHECK_STATUSES)[number];
  conclusion: (typeof CHECK_CONCLUSIONS)[number] | null;
  detailsUrl?: string;
  startedAt: string;
  completedAt: string | null;
  output: { title: string | null; summary: string | null; text: string | null };
  /** Every annotation any update added: GitHub appends them, it never replaces. */
  annotations: AnnotationRecord[];
  /** The token's identity (the app GitHub names as the check's). */
  app: string;
}

export class ChecksState {
  readonly runs: CheckRunRecord[] = [];

  run(id: number): CheckRunRecord | undefined {
    return this.runs.find((run) => run.id === id);
  }

  /** The check runs of a commit, newest first (as GitHub lists them). */
  forCommit(sha: string): CheckRunRecord[] {
    return this.runs.filter((run) => run.headSha === sha).reverse();
  }
}
