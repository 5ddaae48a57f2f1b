// Webhook event payloads (the file GITHUB_EVENT_PATH points at) built from GitHub's real examples
// in @octokit/webhooks-examples, with the issue, comment and users replaced by the emulator's REST
// objects so ids, numbers, logins, author_association and timestamps line up with its state.
// payloads.test.ts checks every builder's output against @octokit/openapi-webhooks.
import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import exampleDefinitions, { type WebhookDefinition } from "@octokit/webhooks-examples";
import type {
  IssueCommentCreatedEvent,
  IssueCommentEditedEvent,
  IssuesAssignedEvent,
  IssuesLabeledEvent,
  IssuesOpenedEvent,
  PullRequestLabeledEvent,
  PullRequestReviewCommentCreatedEvent,
  PullRequestReviewSubmittedEvent,
  User,
  WebhookEventMap,
  WorkflowDispatchEvent,
  WorkflowRunCompletedEvent,
} from "@octokit/webhooks-types";
import type {
  RestIssue,
  RestIssueComment,
  RestPullRequest,
  RestReview,
  RestReviewComment,
  RestUser,
  RestWorkflowRun,
} from "./github-emulator.ts";

// Imported, not required at run time: the local sandbox (gitclaw local) bundles these into the package.
const definitions = exampleDefinitions as WebhookDefinition[];

type EventName =
  | "issues"
  | "issue_comment"
  | "pull_request"
  | "pull_request_review"
  | "pull_request_review_comment"
  | "workflow_run";
type Action<E extends EventName> = WebhookEventMap[E]["action"];

/** The real examples GitHub's docs give for an event and action, e.g. ("issue_comment", "created"). */
export function webhookExamples<E extends EventName, A extends Action<E>>(
  event: E,
  action: A,
): Extract<WebhookEventMap[E], { action: A }>[] {
  const examples = (definitions.find((definition) => definition.name === event)?.examples ??
    []) as WebhookEventMap[E][];
  return examples.filter((example): example is Extract<WebhookEventMap[E], { action: A }> => example.action === action);
}

function example<E extends EventName, A extends Action<E>>(
  event: E,
  action: A,
  index: number,
): Extract<WebhookEventMap[E], { action: A }> {
  const found = webhookExamples(event, action)[index];
  if (!found) throw new Error(`payloads: no example ${index} for ${event}.${action}`);
  return structuredClone(found);
}

interface Target {
  owner: string;
  repo: string;
  issue: RestIssue;
  /** The repository's default branch in the payload (default "main", like the emulator). */
  defaultBranch?: string;
  /** Which of the event's examples to start from (default 0). */
  example?: number;
}

/** Where the emulator serves the repository: its API base (gh.url) and web base (gh.serverUrl). */
interface Hosts {
  apiUrl: string;
  webUrl: string;
}

// Moves the example's repository (e.g. Codertocat/Hello-World on github.com) onto the emulator's:
// names, default branch, and every URL of the repository and its owner. Ids stay the example's.
function repository<R extends { full_name: string; owner: { login: string } }>(example: R, target: Target): R {
  const repoApiUrl = target.issue.repository_url;
  const repoWebUrl = target.issue.html_url.replace(/\/issues\/\d+$/, "");
  const fullName = `${target.owner}/${target.repo}`;
  if (!repoApiUrl.endsWith(`/repos/${fullName}`))
    throw new Error(`payloads: issue #${target.issue.number} is not in ${fullName}`);
  const hosts = {
    apiUrl: repoApiUrl.slice(0, -`/repos/${fullName}`.length),
    webUrl: repoWebUrl.slice(0, -`/${fullName}`.length),
  };
  return repositoryAt(example, target, hosts);
}

function repositoryAt<R extends { full_name: string; owner: { login: string } }>(
  example: R,
  target: Omit<Target, "issue">,
  { apiUrl, webUrl }: Hosts,
): R {
  const fullName = `${target.owner}/${target.repo}`;
  const [repoApiUrl, repoWebUrl] = [`${apiUrl}/repos/${fullName}`, `${webUrl}/${fullName}`];
  const host = new URL(webUrl).host;
  const { full_name: exampleFullName, owner: exampleOwner } = example;
  const moves: [string, string][] = [
    [`https://api.github.com/repos/${exampleFullName}`, repoApiUrl],
    [`https://api.github.com/users/${exampleOwner.login}`, `${apiUrl}/users/${target.owner}`],
    [`https://github.com/${exampleFullName}`, repoWebUrl],
    [`https://github.com/${exampleOwner.login}`, `${webUrl}/${target.owner}`],
    [`git://github.com/${exampleFullName}`, `git://${host}/${fullName}`],
    [`git@github.com:${exampleFullName}`, `git@${host}:${fullName}`],
  ];
  const json = moves.reduce((text, [from, to]) => text.replaceAll(from, to), JSON.stringify(example));
  const rebased = JSON.parse(json) as R;
  return {
    ...rebased,
    name: target.repo,
    full_name: fullName,
    owner: { ...rebased.owner, login: target.owner },
    default_branch: target.defaultBranch ?? "main",
  };
}

// The REST issue over the example's, so fields only webhooks carry keep the example's values.
function issue<I extends object>(example: I, rest: RestIssue): I {
  return { ...example, ...rest };
}

/** A reaction rollup with nothing in it, for comments whose examples lack one. */
const noReactions = (url: string) => ({
  url: `${url}/reactions`,
  total_count: 0,
  "+1": 0,
  "-1": 0,
  laugh: 0,
  confused: 0,
  heart: 0,
  hooray: 0,
  eyes: 0,
  rocket: 0,
});

// Some examples lack `performed_via_github_app` and `reactions`, which the schema requires.
function comment<C extends object>(example: C, rest: RestIssueComment): C {
  const reactions = rest.reactions ?? noReactions(rest.url);
  return { ...example, ...rest, performed_via_github_app: rest.performed_via_github_app ?? null, reactions };
}

// A REST user as webhooks carry it. The two type packages spell users differently (e.g. `type` is
// a string in one and an enum in the other); payloads.test.ts validates the result against the schema.
function webhookUser(user: RestIssue["user"]): User {
  if (!user) throw new Error("payloads: the user was deleted (user: null): say who sent the event with `sender`");
  return user as User;
}

/**
 * What a deleted account left: the same object with `user: null`, as GitHub sends it in webhooks
 * (its schemas allow null wherever a user wrote something). The event then needs a `sender`.
 */
export function byGhost<T extends { user: unknown }>(authored: T): T {
  return { ...authored, user: null };
}

/** Who sent the event: `sender` when the test names one, else the author of what it is about. */
interface Sent {
  sender?: RestUser;
}

export function issueOpenedPayload(target: Target & Sent): IssuesOpenedEvent {
  const base = example("issues", "opened", target.example ?? 0);
  return {
    ...base,
    issue: issue(base.issue, target.issue),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender ?? target.issue.user),
  };
}

export function issueLabeledPayload(target: Target & { label: string; sender: RestUser }): IssuesLabeledEvent {
  const base = example("issues", "labeled", target.example ?? 0);
  const label = target.issue.labels.find((candidate) => candidate.name === target.label);
  if (!label) throw new Error(`payloads: issue #${target.issue.number} has no label "${target.label}"`);
  return {
    ...base,
    issue: issue(base.issue, target.issue),
    label,
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender),
  };
}

export function issueAssignedPayload(target: Target & { assignee: RestUser; sender: RestUser }): IssuesAssignedEvent {
  const base = example("issues", "assigned", target.example ?? 0);
  return {
    ...base,
    issue: issue(base.issue, target.issue),
    assignee: webhookUser(target.assignee),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender),
  };
}

export function issueCommentCreatedPayload(
  target: Target & Sent & { comment: RestIssueComment },
): IssueCommentCreatedEvent {
  const base = example("issue_comment", "created", target.example ?? 0);
  return {
    ...base,
    issue: issue(base.issue, target.issue),
    comment: comment(base.comment, target.comment),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender ?? target.comment.user),
  };
}

export function issueCommentEditedPayload(
  target: Target & { comment: RestIssueComment; previousBody: string; sender?: RestUser },
): IssueCommentEditedEvent {
  const base = example("issue_comment", "edited", target.example ?? 0);
  return {
    ...base,
    changes: { body: { from: target.previousBody } },
    issue: issue(base.issue, target.issue),
    comment: comment(base.comment, target.comment),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender ?? target.comment.user),
  };
}

/** A pull request as webhooks carry it: the REST object over the example's, for the fields only webhooks have. */
function pullRequest<P extends object>(example: P, rest: RestPullRequest): P {
  return { ...example, ...rest } as P;
}

interface PullTarget extends Target {
  /** The pull request as the emulator renders it now (gh.pullRequest). */
  pull: RestPullRequest;
}

/** An inline review comment created on the pull request (`pull_request_review_comment.created`). */
export function reviewCommentCreatedPayload(
  target: PullTarget & Sent & { comment: RestReviewComment },
): PullRequestReviewCommentCreatedEvent {
  const base = example("pull_request_review_comment", "created", target.example ?? 0);
  const rest = target.comment;
  // Webhooks always carry the multi-line fields, null for a one-line comment, and a reaction rollup.
  const lines = {
    start_line: rest.start_line ?? null,
    original_start_line: rest.original_start_line ?? null,
    original_line: rest.original_line ?? rest.line ?? null,
    start_side: rest.start_side ?? null,
    reactions: noReactions(rest.url),
  };
  return {
    ...base,
    comment: { ...base.comment, ...rest, ...lines } as typeof base.comment,
    pull_request: pullRequest(base.pull_request, target.pull),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender ?? target.comment.user),
  };
}

/** A review submitted on the pull request (`pull_request_review.submitted`). */
export function reviewSubmittedPayload(
  target: PullTarget & Sent & { review: RestReview },
): PullRequestReviewSubmittedEvent {
  const base = example("pull_request_review", "submitted", target.example ?? 0);
  const { state, ...review } = target.review;
  return {
    ...base,
    // Webhooks spell the state in lower case (REST: CHANGES_REQUESTED).
    review: { ...base.review, ...review, state: state.toLowerCase() } as typeof base.review,
    pull_request: pullRequest(base.pull_request, target.pull),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender ?? target.review.user),
  };
}

/** A label added to the pull request (`pull_request.labeled`, which `pull_request_target` carries too). */
export function pullRequestLabeledPayload(
  target: PullTarget & { label: string; sender: RestUser },
): PullRequestLabeledEvent {
  const base = example("pull_request", "labeled", target.example ?? 0);
  const label = target.pull.labels.find((candidate) => candidate.name === target.label);
  if (!label) throw new Error(`payloads: pull request #${target.pull.number} has no label "${target.label}"`);
  return {
    ...base,
    number: target.pull.number,
    label,
    pull_request: pullRequest(base.pull_request, target.pull),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender),
  } as PullRequestLabeledEvent;
}

type ReviewedAction = "opened" | "synchronize" | "ready_for_review";

/**
 * A pull request opened, pushed to (`before`: the head before the push) or marked ready for review,
 * as `pull_request` and `pull_request_target` carry it (trigger mode "review").
 */
export function pullRequestPayload<A extends ReviewedAction>(
  target: PullTarget & { action: A; sender: RestUser; before?: string },
): Extract<WebhookEventMap["pull_request"], { action: A }> {
  const base = example("pull_request", target.action, target.example ?? 0) as WebhookEventMap["pull_request"] & {
    pull_request: RestPullRequest;
    repository: { full_name: string; owner: { login: string } };
  };
  const pushed =
    target.action === "synchronize" ? { before: target.before ?? "0".repeat(40), after: target.pull.head.sha } : {};
  return {
    ...base,
    ...pushed,
    number: target.pull.number,
    pull_request: pullRequest(base.pull_request, target.pull),
    repository: repository(base.repository, target),
    sender: webhookUser(target.sender),
  } as Extract<WebhookEventMap["pull_request"], { action: A }>;
}

/** A workflow run that finished (`workflow_run.completed`). */
export function workflowRunCompletedPayload(
  target: Target & { run: RestWorkflowRun; sender: RestUser },
): WorkflowRunCompletedEvent {
  const base = example("workflow_run", "completed", target.example ?? 0);
  const repo = repository(base.repository, target);
  const actor = webhookUser(target.sender);
  return {
    ...base,
    workflow_run: {
      ...base.workflow_run,
      actor,
      triggering_actor: actor,
      ...target.run,
      repository: { ...base.workflow_run.repository, ...target.run.repository },
      head_repository: { ...base.workflow_run.head_repository, ...target.run.head_repository },
    } as WorkflowRunCompletedEvent["workflow_run"],
    repository: repo,
    sender: webhookUser(target.sender),
  } as WorkflowRunCompletedEvent;
}

/**
 * A workflow started by hand or through the API (`workflow_dispatch`): its inputs, ref and file, in
 * the repository the emulator serves at `hosts`, sent by `sender` (default: the Actions bot, as a
 * dispatch made with the job's token is).
 */
export function workflowDispatchPayload(
  target: Omit<Target, "issue"> & {
    hosts: Hosts;
    inputs: Record<string, string>;
    ref: string;
    workflow: string;
    sender?: Pick<User, "login" | "id" | "type">;
  },
): WorkflowDispatchEvent {
  // Its examples have no action; they come from an organization, which the emulator's owner is not.
  const examples = definitions.find((definition) => definition.name === "workflow_dispatch")?.examples ?? [];
  const found = examples[target.example ?? 0] as WorkflowDispatchEvent | undefined;
  if (!found) throw new Error(`payloads: no example ${target.example ?? 0} for workflow_dispatch`);
  const { organization: _, ...base } = structuredClone(found);
  const sender = target.sender ?? { login: "github-actions[bot]", id: 41898282, type: "Bot" };
  return {
    ...base,
    inputs: target.inputs,
    ref: target.ref,
    workflow: target.workflow,
    // One example's repository lacks `disabled`, which the schema requires.
    repository: { disabled: false, ...repositoryAt(base.repository, target, target.hosts) },
    sender: { ...base.sender, ...sender } as User,
  };
}

/** Writes the payload as a new JSON file in `dir` (for GITHUB_EVENT_PATH) and returns its path. */
export async function writeEventFile(dir: string, payload: object): Promise<string> {
  const path = join(dir, `event-${randomUUID()}.json`);
  await writeFile(path, `${JSON.stringify(payload, null, 2)}\n`);
  return path;
}
