// The triggering event: the one parser of the payload for every stage, validated with zod and
// reduced to what they need. Title, body and the triggering comment come from this payload, never
// re-fetched: text edited after the trigger must not reach the model (time-of-check/time-of-use).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { describeZodError } from "../zod-errors.ts";

const User = z.looseObject({ login: z.string(), id: z.number(), type: z.string() });
const Repository = z.looseObject({
  name: z.string(),
  full_name: z.string(),
  owner: z.looseObject({ login: z.string() }),
  default_branch: z.string().optional(),
});
const Named = z.looseObject({ name: z.string() });
const Login = z.looseObject({ login: z.string() });
/** What issues and comments share: who wrote what, where, when, and in which role. */
const authored = {
  body: z.string().nullable().optional(),
  user: User,
  html_url: z.string(),
  created_at: z.string(),
  updated_at: z.string().optional(),
  author_association: z.string().optional(),
};
const Issue = z.looseObject({
  number: z.number().int().positive(),
  title: z.string(),
  ...authored,
  pull_request: z.unknown().optional(),
  labels: z.array(Named).optional(),
  assignees: z.array(Login).optional(),
});
const Comment = z.looseObject({ id: z.number(), ...authored });

export const IssuesEvent = z.looseObject({
  action: z.string(),
  issue: Issue,
  repository: Repository,
  sender: User,
  /** issues.labeled: the label just added; issues.assigned: the user just assigned. */
  label: Named.optional(),
  assignee: Login.nullable().optional(),
});
export const IssueCommentEvent = IssuesEvent.extend({ comment: Comment });

export class EventError extends Error {
  override name = "EventError";

  /** The issue the payload names, when it names one, so the error can be reported there. */
  constructor(
    message: string,
    readonly issueNumber?: number,
  ) {
    super(message);
  }
}

const NamesIssue = z.object({ issue: z.object({ number: z.number().int().positive() }) });

export function parseTrigger(eventName: string, payload: unknown) {
  if (eventName !== "issues" && eventName !== "issue_comment") {
    throw new EventError(
      `gitclaw runs on "issues" and "issue_comment" events, not "${eventName}": check the workflow's "on:" section`,
    );
  }
  const schema = eventName === "issues" ? IssuesEvent : IssueCommentEvent;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    const named = NamesIssue.safeParse(payload);
    throw new EventError(
      `unexpected ${eventName} payload:\n${describeZodError(parsed.error, "event", payload)}`,
      named.data?.issue.number,
    );
  }
  const event = parsed.data as z.infer<typeof IssueCommentEvent>;
  const comment = eventName === "issue_comment" ? event.comment : undefined;
  return {
    eventName: eventName as "issues" | "issue_comment",
    action: event.action,
    issueNumber: event.issue.number,
    title: event.issue.title,
    body: event.issue.body ?? "",
    issueAuthor: event.issue.user.login,
    actor: { login: event.sender.login, id: event.sender.id, type: event.sender.type },
    /** The triggering comment (issue_comment events). */
    comment: comment && {
      id: comment.id,
      body: comment.body ?? "",
      login: comment.user.login,
      createdAt: comment.created_at,
    },
    // labeled/assigned: the issue's update time is when the label or assignee was added.
    /** When the event happened: later comments and edits are not part of this run. */
    triggeredAt:
      comment?.created_at ??
      (event.action === "opened" ? event.issue.created_at : (event.issue.updated_at ?? event.issue.created_at)),
    defaultBranch: event.repository.default_branch,
    isPullRequest: event.issue.pull_request !== undefined && event.issue.pull_request !== null,
    labels: (event.issue.labels ?? []).map((label) => label.name),
    assignees: (event.issue.assignees ?? []).map((user) => user.login),
    label: event.label?.name,
    assignee: event.assignee?.login,
  };
}

/** What started the run, as every stage reads it. */
export type Trigger = ReturnType<typeof parseTrigger>;

export function readTrigger(eventName: string, eventPath: string): Trigger {
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(eventPath, "utf8"));
  } catch (error) {
    throw new EventError(`cannot read the event payload at ${eventPath}: ${(error as Error).message}`);
  }
  return parseTrigger(eventName, payload);
}
