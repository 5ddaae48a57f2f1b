// Pull requests. On GitHub a pull request is an issue with a `pull` part: they share numbers,
// comments, labels and assignees, so the emulator keeps them as IssueRecords with `pull` set.
import type { CommentRecord } from "./state.ts";

/** A repository a pull request comes from when it is not this one (a fork). */
export interface ForkRecord {
  id: number;
  owner: string;
  repo: string;
  /** Where git fetches it from: a `file://` URL of a bare repository in tests. */
  cloneUrl: string;
}

export interface DiffFileRecord {
  filename: string;
  status: "added" | "removed" | "modified" | "renamed";
  additions: number;
  deletions: number;
  /** Absent for binary or very large files, as on GitHub. */
  patch?: string;
  previousFilename?: string;
}

export interface ReviewCommentRecord extends Omit<CommentRecord, "issueNumber"> {
  path: string;
  line: number;
  diffHunk: string;
  commitId: string;
  /** The review it was submitted with; GitHub makes one for every inline comment. */
  reviewId?: number;
  /** The first comment of its thread, when it is a reply. */
  inReplyTo?: number;
}

export interface ReviewRecord {
  id: number;
  author: string;
  state: "APPROVED" | "CHANGES_REQUESTED" | "COMMENTED";
  body: string;
  submittedAt: string;
  commitId: string;
}

export interface PullRecord {
  /** The pull request's own id (distinct from its issue's). */
  id: number;
  head: { ref: string; sha: string; fork?: ForkRecord };
  base: { ref: string; sha: string };
  draft: boolean;
  state: "open" | "closed";
  mergedAt: string | null;
  maintainerCanModify: boolean;
  requestedReviewers: string[];
  files: DiffFileRecord[];
  reviewComments: ReviewCommentRecord[];
  reviews: ReviewRecord[];
  /** Review threads resolved, by the id of their first comment. */
  resolvedThreads: number[];
  commits: number;
}

/** The first comment of a review comment's thread (itself when it starts one). */
export const threadRoot = (comment: ReviewCommentRecord): number => comment.inReplyTo ?? comment.id;

/** GitHub's `head` filter and the pull request's own label: `owner:branch`. */
export function headLabel(pull: PullRecord, owner: string): string {
  return `${pull.head.fork?.owner ?? owner}:${pull.head.ref}`;
}
