// Commit statuses (POST /statuses/{sha}): what an integration or a workflow token says about a
// commit under a context name, newest last. A new head starts with none; a branch rule requires a
// context by its name.
export const STATUS_STATES = ["error", "failure", "pending", "success"] as const;
export type StatusState = (typeof STATUS_STATES)[number];

export interface StatusRecord {
  id: number;
  sha: string;
  state: StatusState;
  context: string;
  description: string | null;
  targetUrl: string | null;
  /** The token's identity. */
  creator: string;
  createdAt: string;
}

export class StatusesState {
  readonly records: StatusRecord[] = [];

  /** Every status of a commit, newest first (as GitHub lists them). */
  forCommit(sha: string): StatusRecord[] {
    return this.records.filter((status) => status.sha === sha).reverse();
  }

  /** The newest status of each context of a commit: what the combined status shows. */
  latest(sha: string): StatusRecord[] {
    const seen = new Set<string>();
    return this.forCommit(sha).filter((status) => !seen.has(status.context) && seen.add(status.context));
  }
}

/** The combined state: failure over pending over success; no status at all is pending. */
export function combinedState(statuses: StatusRecord[]): "failure" | "pending" | "success" {
  if (statuses.some((status) => status.state === "error" || status.state === "failure")) return "failure";
  if (statuses.length === 0 || statuses.some((status) => status.state === "pending")) return "pending";
  return "success";
}
