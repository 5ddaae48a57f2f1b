// Test-side helpers that seed git data, pull requests and workflow runs, returning what the API
// would return for them.
import {
  renderPull,
  renderReview,
  renderReviewComment,
  isPull,
  type PullIssue,
  type RestPullRequest,
  type RestReview,
  type RestReviewComment,
} from "./render-pulls.ts";
import { threadRoot, type ReviewCommentRecord, type ReviewRecord } from "./state-pulls.ts";
import type { Renderer } from "./render.ts";
import { renderWorkflowRun, type RestWorkflowRun } from "./render-actions.ts";
import { timestamp, type EmulatorState } from "./state.ts";
import type { ActionsSettings, JobStep, RunConclusion, RunStatus, WorkflowRunInput } from "./state-actions.ts";
import { fakeSha, type CommitRecord } from "./state-code.ts";
import type { DiffFileRecord } from "./state-pulls.ts";

export type { DiffFileRecord } from "./state-pulls.ts";
export type { CommitRecord } from "./state-code.ts";
export type { JobStep, RunStep, WorkflowRunInput } from "./state-actions.ts";

/** What a test gives for a new issue (a pull request is one too). */
export interface IssueInput {
  title: string;
  body?: string | null;
  user: string;
  labels?: string[];
  assignees?: string[];
  createdAt?: string;
}

/** The state's issue fields for `input`: the author must be a known user. */
export const issueFields = (state: EmulatorState, input: IssueInput) => ({
  title: input.title,
  body: input.body ?? null,
  author: state.requireUser(input.user).login,
  labels: input.labels,
  assignees: input.assignees,
  createdAt: input.createdAt,
});

export interface PullRequestInput extends IssueInput {
  /** The head branch and its commit. A same-repository head also becomes a branch of the repository. */
  head: { ref: string; sha: string };
  /** Base branch (default: the default branch). */
  base?: string;
  /**
   * Set when the head lives in a fork; `cloneUrl` is where git fetches it (e.g. file:///…/fork.git).
   * With an origin, its head is fetched into origin's refs/pull/<n>/head, as GitHub keeps it.
   */
  fork?: { owner: string; repo?: string; cloneUrl: string };
  draft?: boolean;
  state?: "open" | "closed";
  merged?: boolean;
  maintainerCanModify?: boolean;
  files?: DiffFileRecord[];
  /** How many commits the pull request has (default 1). */
  commits?: number;
}

export interface SeedHelpers {
  /** Points a branch at a commit (e.g. one pushed to a test's bare origin). */
  setBranch(name: string, sha: string): void;
  /** A file the contents and code-search endpoints serve at `ref` (default: the default branch). */
  setFile(path: string, content: string, ref?: string): void;
  /** A commit for commit search, branch and run details. */
  addCommit(commit: {
    message: string;
    sha?: string;
    authorLogin?: string;
    authorName?: string;
    authorEmail?: string;
    date?: string;
  }): CommitRecord;
  createPullRequest(input: PullRequestInput): RestPullRequest;
  /**
   * What a push or a click changes: the files endpoint's diff, draft or ready, the commit count, and
   * a fork's head (fetched again into refs/pull/<n>/head; a same-repository head follows its branch).
   */
  updatePullRequest(
    pullNumber: number,
    update: { files?: DiffFileRecord[]; draft?: boolean; commits?: number; forkHead?: string },
  ): RestPullRequest;
  /**
   * An inline comment, in a review of its own as GitHub makes it (`reviewId` puts it in an existing
   * one); `inReplyTo` answers a comment's thread. `minimized`: hidden as a moderator would, with
   * GitHub's reason; only GraphQL tells.
   */
  addReviewComment(
    pullNumber: number,
    comment: {
      body: string;
      user: string;
      path: string;
      line: number;
      diffHunk?: string;
      createdAt?: string;
      minimized?: string;
      reviewId?: number;
      inReplyTo?: number;
    },
  ): RestReviewComment;
  /** A submitted review with its inline comments. */
  addReview(
    pullNumber: number,
    review: {
      user: string;
      state: ReviewRecord["state"];
      body?: string;
      comments?: { body: string; path: string; line: number; diffHunk?: string }[];
      /** The head the review was submitted on (default: the head now). */
      commitId?: string;
    },
  ): { review: RestReview; comments: RestReviewComment[] };
  /** The pull request's review threads, by their first comment, with what each holds. */
  reviewThreads(pullNumber: number): { root: number; resolved: boolean; comments: RestReviewComment[] }[];
  /** Resolves the thread that starts with comment `root`, as `login` does in GitHub's page. */
  resolveThreadAs(pullNumber: number, root: number, login: string): void;
  pullRequest(pullNumber: number): RestPullRequest;
  /** A workflow run with scripted states; job ids are stable across states. */
  addWorkflowRun(input: WorkflowRunInput): { id: number; jobIds: Record<string, number> };
  /** A workflow run as the API renders it now (for a workflow_run payload). */
  workflowRun(runId: number): RestWorkflowRun;
  /** Moves every workflow run one scripted state on (late runs count down to appearing first). */
  advanceWorkflowRuns(): void;
  /** Changes the repository's Actions settings (Settings → Actions → General). */
  setActionsSettings(settings: Partial<ActionsSettings>): void;
  /** Called with each workflow_dispatch run as it is created: a test's runner plays it. */
  onDispatch(listener: (run: DispatchedRun) => void): void;
  /** Called with each cancel request of a run still going. */
  onCancel(listener: (runId: number) => void): void;
  /** Where a dispatched run is now, as its runner reports it. */
  setRunStatus(runId: number, status: RunStatus, conclusion?: RunConclusion, jobs?: JobStep[]): void;
  /** An artifact the run uploaded (the zip GitHub serves), kept `retentionDays`. */
  addArtifact(runId: number, name: string, zip: Uint8Array, retentionDays?: number): { id: number };
  /** Makes an artifact expired, as GitHub does after its retention (downloads then answer 410). */
  expireArtifact(artifactId: number): void;
}

export interface DispatchedRun {
  id: number;
  workflow: string;
  ref: string;
  inputs: Record<string, string>;
}

export function createSeedHelpers(state: EmulatorState, render: Renderer): SeedHelpers {
  const addReviewRecord = (
    issue: PullIssue,
    input: { author: string; state: ReviewRecord["state"]; body: string; createdAt: string; commitId?: string },
  ): ReviewRecord & { submittedAt: string } => {
    const review = {
      id: state.nextId(),
      author: input.author,
      state: input.state,
      body: input.body,
      submittedAt: input.createdAt,
      commitId: input.commitId ?? issue.pull.head.sha,
    };
    issue.pull.reviews.push(review);
    return review;
  };
  const pull = (pullNumber: number): PullIssue => {
    const issue = state.issues.get(pullNumber);
    if (!isPull(issue)) throw new Error(`github-emulator: no pull request #${pullNumber}`);
    return issue;
  };
  const workflowRun = (runId: number) => {
    const run = state.actions.run(runId);
    if (!run) throw new Error(`github-emulator: no workflow run ${runId}`);
    return run;
  };
  return {
    setBranch: (name, sha) => state.code.setBranch(name, sha),
    setFile: (path, content, ref) => state.code.setFile(path, content, ref),
    addCommit: (commit) => state.code.addCommit(commit),
    createPullRequest: (input) => {
      const base = input.base ?? state.config.defaultBranch;
      const fork = input.fork && {
        id: state.nextId(),
        owner: state.upsertUser({ login: input.fork.owner }).login,
        repo: input.fork.repo ?? state.config.repo,
        cloneUrl: input.fork.cloneUrl,
      };
      if (!fork) state.code.setBranch(input.head.ref, input.head.sha);
      const issue = state.createIssue({
        ...issueFields(state, input),
        pull: {
          id: state.nextId(),
          head: { ...input.head, ...(fork ? { fork } : {}) },
          base: { ref: base, sha: state.code.branches.get(base) ?? fakeSha(`branch ${base}`) },
          draft: input.draft ?? false,
          state: input.state ?? "open",
          mergedAt: input.merged ? (input.createdAt ?? state.createdAt) : null,
          maintainerCanModify: input.maintainerCanModify ?? true,
          requestedReviewers: [],
          files: input.files ?? [],
          reviewComments: [],
          reviews: [],
          resolvedThreads: [],
          commits: input.commits ?? 1,
        },
      });
      if (fork) state.code.fetchPullHead(issue.number, fork.cloneUrl, input.head.ref, input.head.sha);
      return renderPull(render, state, pull(issue.number));
    },
    updatePullRequest: (pullNumber, update) => {
      const record = pull(pullNumber).pull;
      if (update.files) record.files = update.files;
      if (update.draft !== undefined) record.draft = update.draft;
      if (update.commits !== undefined) record.commits = update.commits;
      const fork = record.head.fork;
      if (update.forkHead && fork) {
        record.head.sha = update.forkHead;
        state.code.fetchPullHead(pullNumber, fork.cloneUrl, record.head.ref, update.forkHead);
      }
      return renderPull(render, state, pull(pullNumber));
    },
    addReviewComment: (pullNumber, input) => {
      const issue = pull(pullNumber);
      const createdAt = input.createdAt ?? issue.createdAt;
      const author = state.requireUser(input.user).login;
      const reviewId = input.reviewId ?? addReviewRecord(issue, { author, state: "COMMENTED", body: "", createdAt }).id;
      const comment: ReviewCommentRecord = {
        id: state.nextId(),
        body: input.body,
        author,
        path: input.path,
        line: input.line,
        diffHunk: input.diffHunk ?? `@@ -1,1 +1,1 @@`,
        commitId: issue.pull.head.sha,
        createdAt,
        updatedAt: createdAt,
        minimizedReason: input.minimized,
        reviewId,
        ...(input.inReplyTo === undefined ? {} : { inReplyTo: input.inReplyTo }),
      };
      issue.pull.reviewComments.push(comment);
      return renderReviewComment(render, state, issue, comment);
    },
    addReview: (pullNumber, input) => {
      const issue = pull(pullNumber);
      const author = state.requireUser(input.user).login;
      const review = addReviewRecord(issue, {
        author,
        state: input.state,
        body: input.body ?? "",
        createdAt: timestamp(),
        ...(input.commitId ? { commitId: input.commitId } : {}),
      });
      const comments = (input.comments ?? []).map((comment) => {
        const record: ReviewCommentRecord = {
          id: state.nextId(),
          body: comment.body,
          author,
          path: comment.path,
          line: comment.line,
          diffHunk: comment.diffHunk ?? "@@ -1,1 +1,1 @@",
          commitId: review.commitId,
          createdAt: review.submittedAt,
          updatedAt: review.submittedAt,
          reviewId: review.id,
        };
        issue.pull.reviewComments.push(record);
        return renderReviewComment(render, state, issue, record);
      });
      return { review: renderReview(render, state, issue, review), comments };
    },
    reviewThreads: (pullNumber) => {
      const issue = pull(pullNumber);
      const roots = [...new Set(issue.pull.reviewComments.map(threadRoot))];
      return roots.map((root) => ({
        root,
        resolved: issue.pull.resolvedThreads.includes(root),
        comments: issue.pull.reviewComments
          .filter((comment) => threadRoot(comment) === root)
          .map((comment) => renderReviewComment(render, state, issue, comment)),
      }));
    },
    resolveThreadAs: (pullNumber, root, login) => {
      const { pull: record } = pull(pullNumber);
      if (!record.resolvedThreads.includes(root)) record.resolvedThreads.push(root);
      record.threadResolvers = { ...record.threadResolvers, [root]: login };
    },
    pullRequest: (pullNumber) => renderPull(render, state, pull(pullNumber)),
    addWorkflowRun: (input) => {
      const run = state.actions.addRun(input);
      return { id: run.id, jobIds: Object.fromEntries(run.jobIds) };
    },
    workflowRun: (runId) => {
      const run = state.actions.run(runId);
      if (!run) throw new Error(`github-emulator: no workflow run ${runId}`);
      return renderWorkflowRun(render, state, run);
    },
    advanceWorkflowRuns: () => state.actions.advance(),
    setActionsSettings: (settings) => Object.assign(state.actions.settings, settings),
    onDispatch: (listener) => state.actions.dispatchListeners.push((run) => listener({ id: run.id, ...run.dispatch! })),
    onCancel: (listener) => state.actions.cancelListeners.push((run) => listener(run.id)),
    setRunStatus: (runId, status, conclusion, jobs) =>
      state.actions.setStatus(workflowRun(runId), status, conclusion, jobs),
    addArtifact: (runId, name, zip, retentionDays) => ({
      id: state.actions.addArtifact(workflowRun(runId), name, zip, retentionDays).id,
    }),
    expireArtifact: (artifactId) => {
      const found = state.actions.artifact(artifactId);
      if (!found) throw new Error(`github-emulator: no artifact ${artifactId}`);
      found.artifact.expired = true;
    },
  };
}
