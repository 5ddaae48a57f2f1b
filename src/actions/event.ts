// The triggering event: the one parser of the payload for every stage, validated with zod and
// reduced to what they need. Title, body and the triggering comment come from this payload, never
// re-fetched: text edited after the trigger must not reach the model (time-of-check/time-of-use).
// Issues and pull requests alike: a pull request's conversation (comments, inline review comments,
// reviews, its label or assignee, a failed CI run of its head) reads as the same Trigger, with
// `pullRequest` set and what the event adds (`inline`, `review`, `ci`).
import { readFileSync } from "node:fs";
import { z } from "zod";
import { loginOf } from "../github/ghost.ts";
import { markedIssue } from "../github/marker.ts";
import { describeZodError } from "../zod-errors.ts";
import { ActionableError } from "../errors.ts";

const User = z.looseObject({ login: z.string(), id: z.number(), type: z.string() });
/** Who wrote something: null for a deleted account (src/github/ghost.ts); webhooks may leave out `type`. */
const Author = z.looseObject({ login: z.string(), id: z.number(), type: z.string().optional() }).nullable();
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
  user: Author,
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
  assignees: z.array(Login.nullable()).optional(),
});
const Comment = z.looseObject({ id: z.number(), ...authored });
const Branch = z.looseObject({
  ref: z.string(),
  sha: z.string(),
  /** null when the head repository (a fork) was deleted. */
  repo: z.looseObject({ full_name: z.string() }).nullable().optional(),
});
const PullRequest = Issue.omit({ pull_request: true }).extend({
  head: Branch,
  base: Branch,
  draft: z.boolean().optional(),
});
const ReviewComment = Comment.extend({
  node_id: z.string().optional(),
  path: z.string(),
  line: z.number().nullable().optional(),
  original_line: z.number().nullable().optional(),
  side: z.string().nullable().optional(),
  diff_hunk: z.string(),
  commit_id: z.string(),
  in_reply_to_id: z.number().optional(),
});
const Review = z.looseObject({
  id: z.number(),
  body: z.string().nullable().optional(),
  state: z.string(),
  user: Author,
  submitted_at: z.string().nullable().optional(),
  commit_id: z.string().nullable().optional(),
});
const RunPull = z.looseObject({ number: z.number().int().positive(), head: z.looseObject({ ref: z.string() }) });
const WorkflowRun = z.looseObject({
  id: z.number(),
  name: z.string().nullable().optional(),
  path: z.string().optional(),
  conclusion: z.string().nullable(),
  head_branch: z.string().nullable(),
  head_sha: z.string(),
  html_url: z.string(),
  run_attempt: z.number().optional(),
  updated_at: z.string(),
  pull_requests: z.array(RunPull.nullable()),
  head_repository: z.looseObject({ full_name: z.string() }).nullable().optional(),
});

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
const PullEvent = z.looseObject({
  action: z.string(),
  pull_request: PullRequest,
  repository: Repository,
  sender: User,
  label: Named.optional(),
  assignee: Login.nullable().optional(),
});
const ReviewCommentEvent = PullEvent.extend({ comment: ReviewComment });
const ReviewEvent = PullEvent.extend({ review: Review });
const WorkflowRunEvent = z.looseObject({
  action: z.string(),
  workflow_run: WorkflowRun,
  repository: Repository,
  sender: User,
});

/** The events gitclaw reads, and what each payload must hold. */
const SCHEMAS = {
  issues: IssuesEvent,
  issue_comment: IssueCommentEvent,
  pull_request_review_comment: ReviewCommentEvent,
  pull_request_review: ReviewEvent,
  /** Trigger mode "review": a pull request opened, pushed to, or marked ready (pull_request_target for forks). */
  pull_request: PullEvent,
  pull_request_target: PullEvent,
  workflow_run: WorkflowRunEvent,
} as const;
export type EventName = keyof typeof SCHEMAS;
export const EVENT_NAMES = Object.keys(SCHEMAS) as EventName[];

export class EventError extends ActionableError {
  override name = "EventError";

  /** The issue the payload names, when it names one, so the error can be reported there. */
  constructor(
    message: string,
    readonly issueNumber?: number,
  ) {
    super(message);
  }
}

/** A valid payload about nothing gitclaw works on (a CI run of a branch without a pull request): no run, no error. */
export class IrrelevantEvent extends Error {
  override name = "IrrelevantEvent";
}

const NamesIssue = z.object({ issue: z.object({ number: z.number().int().positive() }) });
const NamesPull = z.object({ pull_request: z.object({ number: z.number().int().positive() }) });

/** The pull request an event is about: what its payload says of it (issue_comment: only the number). */
export interface PullRequestRef {
  number: number;
  /** The head branch and the commit the event saw; absent for issue_comment, whose payload does not carry them. */
  head?: { ref: string; sha: string; repo?: string };
  base?: { ref: string };
  /** A draft, as the event saw it (events carrying the pull request only). */
  draft?: boolean;
  /** The issue its body claims it was opened for (gitclaw's marker); verified by the agent stage. */
  claimsIssue?: number;
}

/** An inline review comment's place in the diff. */
export interface InlineLocation {
  path: string;
  line?: number;
  side?: string;
  diffHunk: string;
  commitId: string;
  /** The thread's first comment, when this one answers it. */
  inReplyTo?: number;
  nodeId?: string;
}

export interface ReviewRef {
  id: number;
  /** approved, changes_requested, commented, dismissed (webhooks spell them lower case). */
  state: string;
  body: string;
  login: string;
}

/**
 * A prompt run (the inputs prompt or prompt_file, src/gate/prompt-run.ts): the workflow's author
 * wrote the prompt, whatever event started the workflow.
 */
export interface PromptRunRequest {
  /** The input prompt, or undefined when the prompt is the file `file`, read at the default branch. */
  text?: string;
  file?: string;
  /** The input issue: the conversation it continues and where it replies too; none: the job summary only. */
  issue?: number;
  /** Continue this workflow job's previous conversation (state/runs/<key>.json). */
  continues: boolean;
  /** The workflow and job, as a file name: state/runs/<key>.json. */
  key: string;
  /** The workflow's name, for the prompt's framing and the commit message. */
  workflow: string;
  /** The input output_schema: inline JSON or a file of the repository (src/run/structured-output.ts). */
  outputSchema?: string;
}

/** A finished CI run (workflow_run) of a pull request's head. */
export interface CiRun {
  runId: number;
  name: string;
  conclusion: string;
  headSha: string;
  headBranch: string;
  url: string;
  attempt: number;
  /** Whether the run's head lives in another repository (a fork). */
  fromFork: boolean;
}

type Payload = z.infer<typeof IssueCommentEvent> &
  Partial<z.infer<typeof ReviewCommentEvent> & z.infer<typeof ReviewEvent> & z.infer<typeof WorkflowRunEvent>>;

export function parseTrigger(eventName: string, payload: unknown) {
  if (!(eventName in SCHEMAS)) {
    throw new EventError(
      `gitclaw runs on ${EVENT_NAMES.map((name) => `"${name}"`).join(", ")} events, not "${eventName}": check the workflow's "on:" section`,
    );
  }
  const parsed = SCHEMAS[eventName as EventName].safeParse(payload);
  if (!parsed.success) {
    const named = NamesIssue.safeParse(payload).data?.issue ?? NamesPull.safeParse(payload).data?.pull_request;
    throw new EventError(
      `unexpected ${eventName} payload:\n${describeZodError(parsed.error, "event", payload)}`,
      named?.number,
    );
  }
  const event = parsed.data as Payload;
  if (eventName === "workflow_run") return fromWorkflowRun(event as z.infer<typeof WorkflowRunEvent> & Payload);
  return event.pull_request ? fromPullRequest(eventName as EventName, event) : fromIssue(eventName as EventName, event);
}

/** What every trigger holds, however the event names it. */
function common(eventName: EventName, event: Payload) {
  return {
    eventName,
    action: event.action,
    actor: { login: event.sender.login, id: event.sender.id, type: event.sender.type },
    /** owner/name of the repository the workflow runs in. */
    repository: event.repository.full_name,
    defaultBranch: event.repository.default_branch,
    label: event.label?.name,
    assignee: event.assignee?.login,
  };
}

function fromIssue(eventName: EventName, event: Payload) {
  // issues events have none; issue_comment and pull_request_review_comment do.
  const comment = event.comment as z.infer<typeof Comment> | undefined;
  const isPullRequest = event.issue.pull_request !== undefined && event.issue.pull_request !== null;
  const body = event.issue.body ?? "";
  return {
    ...common(eventName, event),
    issueNumber: event.issue.number,
    title: event.issue.title,
    body,
    issueAuthor: loginOf(event.issue.user),
    /** The triggering comment (issue_comment, pull_request_review_comment). */
    comment: comment && {
      id: comment.id,
      body: comment.body ?? "",
      login: loginOf(comment.user),
      createdAt: comment.created_at,
    },
    // labeled/assigned: the issue's update time is when the label or assignee was added.
    /** When the event happened: later comments and edits are not part of this run. */
    triggeredAt:
      comment?.created_at ??
      (event.action === "opened" ? event.issue.created_at : (event.issue.updated_at ?? event.issue.created_at)),
    isPullRequest,
    pullRequest: isPullRequest
      ? ({ number: event.issue.number, claimsIssue: markedIssue(body) } as PullRequestRef)
      : undefined,
    labels: (event.issue.labels ?? []).map((label) => label.name),
    assignees: (event.issue.assignees ?? []).flatMap((user) => (user ? [user.login] : [])),
    inline: undefined as InlineLocation | undefined,
    review: undefined as ReviewRef | undefined,
    ci: undefined as CiRun | undefined,
  };
}

/** The trigger of an event carrying the pull request itself: a review comment, a review, a label or assignee. */
function fromPullRequest(eventName: EventName, event: Payload): Trigger {
  const pr = event.pull_request!;
  const inline = eventName === "pull_request_review_comment" ? event.comment : undefined;
  const review = eventName === "pull_request_review" ? event.review : undefined;
  const trigger = fromIssue(eventName, {
    ...event,
    issue: { ...pr, pull_request: { url: pr.html_url } },
    comment: inline as Payload["comment"],
  });
  return {
    ...trigger,
    triggeredAt: inline?.created_at ?? review?.submitted_at ?? pr.updated_at ?? pr.created_at,
    pullRequest: {
      number: pr.number,
      head: { ref: pr.head.ref, sha: pr.head.sha, repo: pr.head.repo?.full_name },
      base: { ref: pr.base.ref },
      draft: pr.draft ?? false,
      claimsIssue: markedIssue(pr.body ?? ""),
    },
    inline: inline && {
      path: inline.path,
      line: inline.line ?? inline.original_line ?? undefined,
      side: inline.side ?? undefined,
      diffHunk: inline.diff_hunk,
      commitId: inline.commit_id,
      inReplyTo: inline.in_reply_to_id,
      nodeId: inline.node_id,
    },
    review: review && {
      id: review.id,
      state: review.state.toLowerCase(),
      body: review.body ?? "",
      login: loginOf(review.user),
    },
  };
}

/**
 * A CI run that finished: about the first pull request of its head, or about nothing gitclaw works
 * on. GitHub may list no pull request for a run it did not start for one (a workflow_dispatch that
 * ci.dispatch made): a run of this repository's gitclaw/issue-<n> then names its pull request as 0,
 * for the gate to look up by the branch (src/gate/gate.ts).
 */
function fromWorkflowRun(event: z.infer<typeof WorkflowRunEvent> & Payload): Trigger {
  const run = event.workflow_run;
  const own =
    /^gitclaw\/issue-[1-9]\d*$/.test(run.head_branch ?? "") &&
    (run.head_repository?.full_name ?? event.repository.full_name) === event.repository.full_name;
  const pull =
    run.pull_requests.find((item) => item !== null) ??
    (own ? { number: 0, head: { ref: run.head_branch! } } : undefined);
  if (!pull)
    throw new IrrelevantEvent(`the CI run ${run.id} (${run.head_branch ?? run.head_sha}) belongs to no pull request`);
  return {
    ...common("workflow_run", event),
    issueNumber: pull.number,
    title: "",
    body: "",
    issueAuthor: event.sender.login,
    comment: undefined,
    triggeredAt: run.updated_at,
    isPullRequest: true,
    pullRequest: { number: pull.number, head: { ref: pull.head.ref, sha: run.head_sha } },
    labels: [],
    assignees: [],
    inline: undefined,
    review: undefined,
    ci: {
      runId: run.id,
      name: run.name ?? run.path ?? `run ${run.id}`,
      conclusion: run.conclusion ?? "",
      headSha: run.head_sha,
      headBranch: run.head_branch ?? pull.head.ref,
      url: run.html_url,
      attempt: run.run_attempt ?? 1,
      fromFork:
        run.head_repository?.full_name !== undefined && run.head_repository.full_name !== event.repository.full_name,
    },
  };
}

/** What started the run, as every stage reads it. */
export type Trigger = ReturnType<typeof fromIssue> & { prompt?: PromptRunRequest };

export function readTrigger(eventName: string, eventPath: string): Trigger {
  let payload: unknown;
  try {
    payload = JSON.parse(readFileSync(eventPath, "utf8"));
  } catch (error) {
    throw new EventError(`cannot read the event payload at ${eventPath}: ${(error as Error).message}`);
  }
  return parseTrigger(eventName, payload);
}
