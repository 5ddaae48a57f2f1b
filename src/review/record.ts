// state/reviews/<n>.json: what gitclaw last reviewed on pull request n (the head commit, the session
// of that review, the check's conclusion), committed on the default branch like every conversation.
// It is what makes a push's review incremental and an unchanged diff's review no review at all.
// Committed state is written by whoever can commit: a record that does not parse, or names its
// session outside state/sessions/, is reported and a full review made instead.
import { lstatSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../session/atomic.ts";
import { STATE_DIR } from "../session/mapping.ts";
import { FINDING_SEVERITIES } from "../config/config.ts";
import { UNREAD_REASONS } from "./diff.ts";

export const ReviewRecord = z.looseObject({
  pullRequest: z.int().positive(),
  /** The head commit the last review read. */
  reviewedHead: z.string().regex(/^[0-9a-f]{40}$/),
  /** Repository-relative path of that review's session. */
  sessionPath: z.string().min(1),
  conclusion: z.enum(["success", "neutral", "failure"]),
  updatedAt: z.string(),
  /** Files no review has read (too large, binary): every later check counts them until a full review. */
  unread: z
    .array(z.strictObject({ path: z.string().min(1), why: z.enum(UNREAD_REASONS) }))
    .max(3000)
    .optional(),
  /** Findings a review's body carried (no thread), open until a later review finds them fixed. */
  elsewhere: z
    .array(
      z.strictObject({
        path: z.string().min(1),
        line: z.int().positive().optional(),
        severity: z.enum(FINDING_SEVERITIES),
        title: z.string().max(300),
      }),
    )
    .max(500)
    .optional(),
});
export type ReviewRecord = z.infer<typeof ReviewRecord>;

export const reviewRecordPath = (root: string, pull: number) => join(root, STATE_DIR, "reviews", `${pull}.json`);

/** The record, or why it cannot be used (the review is then a full one). */
export function readReviewRecord(root: string, pull: number): { record?: ReviewRecord; problem?: string } {
  const path = reviewRecordPath(root, pull);
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return {};
  const name = `state/reviews/${pull}.json`;
  if (!stat.isFile()) return { problem: `${name} is a symbolic link or not a file` };
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    return { problem: `${name} is not valid JSON (${(error as Error).message})` };
  }
  const parsed = ReviewRecord.safeParse(json);
  if (!parsed.success || parsed.data.pullRequest !== pull)
    return { problem: `${name} is not a review record of #${pull}` };
  return { record: parsed.data };
}

/** Written atomically beside the other state; `state/reviews` must be a real folder (checked by the caller's state check). */
export function writeReviewRecord(root: string, record: ReviewRecord): string {
  const path = reviewRecordPath(root, record.pullRequest);
  const folder = lstatSync(dirname(path), { throwIfNoEntry: false });
  if (folder && !folder.isDirectory())
    throw new Error(`${STATE_DIR}/reviews is not a folder; gitclaw keeps review records only in a real folder`);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(ReviewRecord.parse(record), null, 2)}\n`);
  return path;
}
