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

export type DiffSide = "LEFT" | "RIGHT";

export interface ReviewCommentRecord extends Omit<CommentRecord, "issueNumber"> {
  path: string;
  line: number;
  diffHunk: string;
  commitId: string;
  /** Which version of the file `line` counts in (default RIGHT, the head's). */
  side?: DiffSide;
  /** The first line of a multi-line comment. */
  startLine?: number;
  startSide?: DiffSide;
  /** The review it was submitted with; GitHub makes one for every inline comment. */
  reviewId?: number;
  /** The first comment of its thread, when it is a reply. */
  inReplyTo?: number;
}

export interface ReviewRecord {
  id: number;
  author: string;
  body: string;
  state: "PENDING" | "COMMENTED" | "CHANGES_REQUESTED" | "APPROVED";
  commitId: string;
  submittedAt?: string;
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
  /** Who resolved each (GraphQL's `resolvedBy`), by the id of its first comment; absent: the app. */
  threadResolvers?: Record<number, string>;
  commits: number;
}

/** The first comment of a review comment's thread (itself when it starts one). */
export const threadRoot = (comment: ReviewCommentRecord): number => comment.inReplyTo ?? comment.id;

/** GitHub's `head` filter and the pull request's own label: `owner:branch`. */
export function headLabel(pull: PullRecord, owner: string): string {
  return `${pull.head.fork?.owner ?? owner}:${pull.head.ref}`;
}

/** One hunk of a file's patch: its lines as GitHub shows them, each with its line number on either side. */
export interface Hunk {
  lines: { text: string; LEFT?: number; RIGHT?: number }[];
}

/**
 * The hunks of a patch (the files endpoint's `patch`, starting at its first `@@` line). A review
 * comment may take any line a hunk shows, on the side the line is in: context lines are on both.
 */
export function patchHunks(patch: string): Hunk[] {
  const hunks: Hunk[] = [];
  let left = 0;
  let right = 0;
  for (const text of patch.split("\n")) {
    const header = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/.exec(text);
    if (header) {
      left = Number(header[1]);
      right = Number(header[2]);
      hunks.push({ lines: [{ text }] });
    } else if (text.startsWith("+")) hunks.at(-1)?.lines.push({ text, RIGHT: right++ });
    else if (text.startsWith("-")) hunks.at(-1)?.lines.push({ text, LEFT: left++ });
    else if (text.startsWith(" ")) hunks.at(-1)?.lines.push({ text, LEFT: left++, RIGHT: right++ });
  }
  return hunks;
}
