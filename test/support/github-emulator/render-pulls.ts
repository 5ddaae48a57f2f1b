// REST representations of pull requests, their changed files and review comments.
import type { components } from "@octokit/openapi-types";
import { nodeId, type Renderer, type RestRepository, type RestUser } from "./render.ts";
import type { EmulatorState, IssueRecord } from "./state.ts";
import type { DiffFileRecord, PullRecord, ReviewCommentRecord, ReviewRecord } from "./state-pulls.ts";
import { headLabel } from "./state-pulls.ts";

type Schemas = components["schemas"];
export type PullIssue = IssueRecord & { pull: PullRecord };
// Heads and bases carry the `repository` schema, which openapi-types and full-repository disagree
// on in details (nullability of temp_clone_token); the OpenAPI check validates them at test time.
type BranchEnd = { label: string; ref: string; repo: RestRepository; sha: string; user: RestUser };
type WithEnds<T> = Omit<T, "id" | "head" | "base"> & { id: number; head: BranchEnd; base: BranchEnd };
export type RestPullRequest = WithEnds<Schemas["pull-request"]>;
export type RestPullRequestSimple = WithEnds<Schemas["pull-request-simple"]>;
export type RestDiffEntry = Schemas["diff-entry"];
export type RestReviewComment = Omit<Schemas["pull-request-review-comment"], "id"> & { id: number };
export type RestReview = Omit<Schemas["pull-request-review"], "id"> & { id: number };

export function isPull(issue: IssueRecord | undefined): issue is PullIssue {
  return issue?.pull !== undefined;
}

function branchEnd(
  render: Renderer,
  state: EmulatorState,
  side: { ref: string; sha: string },
  fork?: PullRecord["head"]["fork"],
): BranchEnd {
  const owner = fork?.owner ?? state.config.owner;
  return {
    label: `${owner}:${side.ref}`,
    ref: side.ref,
    repo: render.repository(fork),
    sha: side.sha,
    user: render.user(owner),
  };
}

/** The fields pull-request-simple (lists) and pull-request (single) share. */
function renderPullCommon(render: Renderer, state: EmulatorState, issue: PullIssue) {
  const { pull } = issue;
  const api = `${render.repoApiUrl}/pulls/${issue.number}`;
  const web = `${render.repoWebUrl}/pull/${issue.number}`;
  const issueApi = `${render.repoApiUrl}/issues/${issue.number}`;
  const assignees = issue.assignees.map((login) => render.user(login));
  const link = (href: string) => ({ href });
  return {
    url: api,
    id: pull.id,
    node_id: nodeId("PullRequest", pull.id),
    html_url: web,
    diff_url: `${web}.diff`,
    patch_url: `${web}.patch`,
    issue_url: issueApi,
    commits_url: `${api}/commits`,
    review_comments_url: `${api}/comments`,
    review_comment_url: `${render.repoApiUrl}/pulls/comments{/number}`,
    comments_url: `${issueApi}/comments`,
    statuses_url: `${render.repoApiUrl}/statuses/${pull.head.sha}`,
    number: issue.number,
    state: pull.state,
    locked: false,
    title: issue.title,
    user: render.user(issue.author),
    body: issue.body,
    milestone: null,
    active_lock_reason: null,
    created_at: issue.createdAt,
    updated_at: issue.updatedAt,
    closed_at: pull.state === "closed" ? issue.updatedAt : null,
    merged_at: pull.mergedAt,
    merge_commit_sha: null,
    assignee: assignees[0] ?? null,
    assignees,
    requested_reviewers: pull.requestedReviewers.map((login) => render.user(login)),
    requested_teams: [],
    head: branchEnd(render, state, pull.head, pull.head.fork),
    base: branchEnd(render, state, pull.base),
    _links: {
      self: link(api),
      html: link(web),
      issue: link(issueApi),
      comments: link(`${issueApi}/comments`),
      review_comments: link(`${api}/comments`),
      review_comment: link(`${render.repoApiUrl}/pulls/comments{/number}`),
      commits: link(`${api}/commits`),
      statuses: link(`${render.repoApiUrl}/statuses/${pull.head.sha}`),
    },
    author_association: state.association(issue.author),
    auto_merge: null,
    draft: pull.draft,
  };
}

export function renderPullSimple(render: Renderer, state: EmulatorState, issue: PullIssue): RestPullRequestSimple {
  // pull-request-simple documents label descriptions as strings, unlike issue labels.
  return {
    ...renderPullCommon(render, state, issue),
    labels: issue.labels.map((name) => ({ ...render.label(name), description: "" })),
  };
}

export function renderPull(render: Renderer, state: EmulatorState, issue: PullIssue): RestPullRequest {
  const { pull } = issue;
  return {
    ...renderPullCommon(render, state, issue),
    labels: issue.labels.map((name) => render.label(name)),
    merged: pull.mergedAt !== null,
    mergeable: pull.state === "open" ? true : null,
    rebaseable: pull.state === "open" ? true : null,
    mergeable_state: pull.state === "open" ? "clean" : "unknown",
    merged_by: null,
    comments: [...state.comments.values()].filter((comment) => comment.issueNumber === issue.number).length,
    review_comments: pull.reviewComments.length,
    maintainer_can_modify: pull.maintainerCanModify,
    commits: pull.commits,
    additions: pull.files.reduce((sum, file) => sum + file.additions, 0),
    deletions: pull.files.reduce((sum, file) => sum + file.deletions, 0),
    changed_files: pull.files.length,
  };
}

export function renderDiffEntry(render: Renderer, issue: PullIssue, file: DiffFileRecord): RestDiffEntry {
  const encoded = file.filename.split("/").map(encodeURIComponent).join("/");
  return {
    sha: null,
    filename: file.filename,
    status: file.status,
    additions: file.additions,
    deletions: file.deletions,
    changes: file.additions + file.deletions,
    blob_url: `${render.repoWebUrl}/blob/${issue.pull.head.sha}/${encoded}`,
    raw_url: `${render.repoWebUrl}/raw/${issue.pull.head.sha}/${encoded}`,
    contents_url: `${render.repoApiUrl}/contents/${encoded}?ref=${issue.pull.head.sha}`,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
    ...(file.previousFilename === undefined ? {} : { previous_filename: file.previousFilename }),
  };
}

export function renderReviewComment(
  render: Renderer,
  state: EmulatorState,
  issue: PullIssue,
  comment: ReviewCommentRecord,
): RestReviewComment {
  const url = `${render.repoApiUrl}/pulls/comments/${comment.id}`;
  const html = `${render.repoWebUrl}/pull/${issue.number}#discussion_r${comment.id}`;
  const pullUrl = `${render.repoApiUrl}/pulls/${issue.number}`;
  return {
    url,
    pull_request_review_id: comment.reviewId ?? null,
    id: comment.id,
    node_id: nodeId("PullRequestReviewComment", comment.id),
    diff_hunk: comment.diffHunk,
    path: comment.path,
    line: comment.line,
    original_line: comment.line,
    side: comment.side ?? "RIGHT",
    start_line: comment.startLine ?? null,
    original_start_line: comment.startLine ?? null,
    start_side: comment.startLine === undefined ? null : (comment.startSide ?? comment.side ?? "RIGHT"),
    subject_type: "line",
    commit_id: comment.commitId,
    original_commit_id: comment.commitId,
    user: render.user(comment.author),
    body: comment.body,
    created_at: comment.createdAt,
    updated_at: comment.updatedAt,
    html_url: html,
    pull_request_url: pullUrl,
    author_association: state.association(comment.author),
    _links: { self: { href: url }, html: { href: html }, pull_request: { href: pullUrl } },
  };
}

export function renderReview(
  render: Renderer,
  state: EmulatorState,
  issue: PullIssue,
  review: ReviewRecord,
): RestReview {
  const html = `${render.repoWebUrl}/pull/${issue.number}#pullrequestreview-${review.id}`;
  const pullUrl = `${render.repoApiUrl}/pulls/${issue.number}`;
  return {
    id: review.id,
    node_id: nodeId("PullRequestReview", review.id),
    user: render.user(review.author),
    body: review.body,
    state: review.state,
    html_url: html,
    pull_request_url: pullUrl,
    _links: { html: { href: html }, pull_request: { href: pullUrl } },
    ...(review.submittedAt ? { submitted_at: review.submittedAt } : {}),
    commit_id: review.commitId,
    author_association: state.association(review.author),
  };
}

/** Whether a pull request matches the list filters `head` (owner:branch), `base` and `state`. */
export function matchesPullFilter(issue: PullIssue, owner: string, query: URLSearchParams): boolean {
  const state = query.get("state") ?? "open";
  if (state !== "all" && issue.pull.state !== state) return false;
  const head = query.get("head");
  if (
    head &&
    headLabel(issue.pull, owner).toLowerCase() !== (head.includes(":") ? head : `${owner}:${head}`).toLowerCase()
  )
    return false;
  const base = query.get("base");
  return !base || issue.pull.base.ref === base;
}
