// Which session an issue continues and what this run must answer. The mapping is the only way to
// find a session; a damaged or missing one is reported and replaced, never silently overwritten.
import { relative } from "node:path";
import type { Trigger } from "./event.ts";
import { readMapping, resolveSessionPath, sessionsDir, type IssueMapping } from "./session/mapping.ts";
import { DAMAGE_REPORTED, SessionFile, type SessionOptions } from "./session/session-file.ts";
import type { IssueComment } from "./github/operations.ts";
import type { PromptComment } from "./prompt.ts";
import { REPLY_MARKER, isBot } from "./trust.ts";

export interface Conversation {
  session: SessionFile;
  mode: "new" | "resume";
  mapping?: IssueMapping;
  /** Problems found on the way, each one line for the log and the reply. */
  notices: string[];
}

export function openConversation(repoRoot: string, issueNumber: number, options: { cwd: string } & SessionOptions): Conversation {
  const notices: string[] = [];
  const fresh = () => SessionFile.create(sessionsDir(repoRoot), options);
  let mapping: IssueMapping | undefined;
  try {
    mapping = readMapping(repoRoot, issueNumber);
  } catch (error) {
    notices.push(`${(error as Error).message} Started a new session instead.`);
  }
  if (!mapping) return { session: fresh(), mode: "new", notices };

  const path = resolveSessionPath(repoRoot, mapping);
  try {
    const session = SessionFile.load(path, options);
    // Each damaged line is reported once, then recorded as reported; its bytes stay in the file.
    const fresh = session.notes.filter((note) => !note.reported);
    for (const note of fresh) notices.push(`${relative(repoRoot, path)} line ${note.line}: ${note.reason}; the file keeps it as it is.`);
    if (fresh.length) session.append({ type: "custom", customType: DAMAGE_REPORTED, data: { lines: fresh.map((note) => note.line) } });
    return { session, mode: "resume", mapping, notices };
  } catch (error) {
    notices.push(`state/issues/${issueNumber}.json points at ${mapping.sessionPath}, which cannot be resumed (${(error as Error).message}). Started a new session; the old file is kept as it was.`);
    return { session: fresh(), mode: "new", mapping, notices };
  }
}

export interface PendingComments {
  comments: PromptComment[];
  /** The newest comment this run answers, recorded in the mapping. */
  last?: { id: number; createdAt: string };
}

/**
 * The comments this run answers: every human comment after the last answered one, up to the
 * trigger. Comments created after the trigger belong to the run they triggered; comments edited
 * after it are dropped, since their text may have changed since it was checked. The triggering
 * comment's text is taken from the event payload.
 */
export async function pendingComments(
  trigger: Trigger,
  all: IssueComment[],
  mapping: IssueMapping | undefined,
  isTrusted: (login: string) => Promise<boolean>,
): Promise<PendingComments> {
  const since = mapping?.lastCommentId ?? 0;
  const triggeredAt = Date.parse(trigger.triggeredAt);
  const picked: PromptComment[] = [];
  for (const c of all) {
    if (c.id <= since || c.body.includes(REPLY_MARKER) || isBot({ login: c.login, type: c.userType })) continue;
    if (trigger.comment && c.id === trigger.comment.id) continue; // added from the payload below
    if (Date.parse(c.createdAt) > triggeredAt || Date.parse(c.updatedAt) > triggeredAt) continue;
    picked.push({ id: c.id, login: c.login, body: c.body, createdAt: c.createdAt, trusted: await isTrusted(c.login) });
  }
  if (trigger.comment) {
    picked.push({ id: trigger.comment.id, login: trigger.comment.login, body: trigger.comment.body, createdAt: trigger.comment.createdAt, trusted: true });
  }
  picked.sort((a, b) => a.id - b.id);
  const newest = picked.at(-1);
  return { comments: picked, last: newest && { id: newest.id, createdAt: newest.createdAt } };
}
