// The run's shared types, in one file: what every phase of the agent stage knows (RunContext: the
// validated event and configuration, the model, the GitHub client, the redactor, the clock; built once
// by the stage, passed along unchanged), what the run works on (WorkTarget, TargetedRun), its checkout
// (Workspace), its conversation and the comments it answers (Conversation, PromptComment), the pull request
// it works on (PullRequestWork); and two helpers every phase reads the context with.
import type { ActionsEnv } from "../actions/env.ts";
import type { ResolvedModel } from "../agent/model.ts";
import type { Config } from "../config/config.ts";
import type { Trigger } from "../actions/event.ts";
import type { GitHubApi } from "../github/api.ts";
import type { GitHubClient } from "../github/client.ts";
import type { Repo } from "../github/operations.ts";
import type { Redactor } from "../redact.ts";
import type { IssueMapping } from "../session/mapping.ts";
import type { SessionFile } from "../session/session-file.ts";
import { createArtifactStore } from "../session/artifacts.ts";
import type { ToolContext } from "../tools/types.ts";
import type { ReplyThread } from "../github/thread.ts";
import type { PullRequestInfo } from "../github/pulls.ts";
import type { Git } from "../git/git.ts";
import type { ReviewChange } from "../validate/self-review.ts";

export interface RunContext {
  env: ActionsEnv;
  processEnv: Record<string, string | undefined>;
  /** Aborted on SIGINT/SIGTERM (cancel, timeout-minutes): the loop stops; the run still lands and replies. */
  signal: AbortSignal;
  trigger: Trigger;
  config: Config;
  resolved: ResolvedModel;
  /** Carries the run on when `resolved` is out of service (fallbackModel). */
  fallback?: ResolvedModel;
  /** Octokit, for the github tool. */
  github: GitHubClient;
  /** The same client behind the stages' own calls (src/github/operations.ts). */
  api: GitHubApi;
  repo: Repo;
  redact: Redactor;
  log: (line: string) => void;
  /** When the stage started (epoch ms), and the clock. */
  started: number;
  now: () => number;
  /** The Actions run's page. */
  link: string;
  /** Called once the reply is posted (the cleanup step then stays quiet). */
  onReplied: () => void;
  /** The review engine over the run's own change, for validate.review (src/review/own-change.ts). */
  reviewChange?: ReviewChange;
}

/** The person to credit as co-author of the run's commits: whoever asked, when it was a person. */
export const coAuthorOf = (trigger: Pick<Trigger, "actor">) =>
  trigger.actor.type === "User" ? { login: trigger.actor.login, id: trigger.actor.id } : undefined;

/** When the agent loops of the run stop starting turns (epoch ms): the run's own and its sub-agents'. */
export const runDeadline = (run: Pick<RunContext, "started" | "config">) =>
  run.started + run.config.budgets.maxMinutes * 60_000;

/**
 * The tool context of a model call offered no tools (a review, the self-review): the run's signal and
 * redactor, the workspace, and the session's own artifacts.
 */
export const toolFreeContext = (
  run: Pick<RunContext, "signal" | "redact">,
  workspace: Pick<Workspace, "root" | "toolEnv">,
  session: Pick<SessionFile, "artifactsDir">,
): ToolContext => ({
  workspace: workspace.root,
  signal: run.signal,
  env: workspace.toolEnv,
  artifacts: createArtifactStore(session.artifactsDir),
  redact: run.redact,
});

export interface WorkTarget {
  /** The issue whose conversation the run continues (its session is named in state/issues/<number>.json). */
  conversationIssue: number;
  /** The issue or pull request the run answers on: the event's. */
  threadNumber: number;
  thread: ReplyThread;
  /** When the run works on another branch than the checkout's: its name and the commit to start from. */
  branch?: {
    name: string;
    /** Undefined: the branch's tip on the remote, or, for a branch not made yet, the checkout's commit. */
    startAt?: string;
    /** Commits of history fetched behind the start (a pull request's own, for its trailers). */
    depth: number;
    /** Where the name came from, for a message if git refuses it. */
    source: string;
  };
  pull?: PullRequestWork;
  /** The work goes to gitclaw's branch for issue `conversation`: a draft PR is opened or marked ready. */
  delivers: boolean;
  /** A prompt run without an issue: its conversation is state/runs/<runKey>.json; conversation and threadNumber are 0. */
  runKey?: string;
  /**
   * Delivery "push" turned into a pull request because the branch's rules refuse gitclaw's pushes: the
   * branch, and why in one line for the reply. The conversation then lives on the state branch too.
   */
  redirected?: { from: string; why: string };
  /** Rules of a branch the run pushes to require signed commits: every landing goes through GitHub's API, which signs. */
  signs?: boolean;
}

/** The run's context once its target is known: what every phase after this one gets. */
export type TargetedRun = RunContext & { target: WorkTarget };

export interface Workspace {
  root: string;
  /** Git with the push credential for remote commands. */
  git: Git;
  remote: string;
  /** The commit the run started from: base..HEAD is the run's work. */
  base: string;
  branch: string;
  authEnv: Record<string, string>;
  /** Git whose pushes carry the workflows token (workflows_token), when one is set. */
  workflowsGit?: Git;
  /** The secret-free environment of tool processes and of git. */
  toolEnv: Record<string, string>;
  /** The index refreshed after the checkout (refreshIndex), in the background until the tools are set up. */
  indexRefreshed: Promise<void>;
}

export interface Conversation {
  session: SessionFile;
  mode: "new" | "resume";
  mapping?: IssueMapping;
  /** Problems found on the way, each one line for the log and the reply. */
  notices: string[];
}

export interface PromptComment {
  id: number;
  login: string;
  body: string;
  createdAt: string;
  /** Has the permission to instruct the agent; others are quoted as context only. */
  trusted: boolean;
  /** What the author did, for the part's opening line (default "commented"). */
  action?: string;
  /** Where the text is on GitHub: linked when it is cut short (src/run/allowance.ts). */
  url?: string;
  /**
   * Lines gitclaw writes before the body: where an inline comment sits and its diff hunk, a CI log's
   * tail. Anything in it that came from elsewhere is already quoted (quoteAsData); its invisible
   * characters are removed here, as from the bodies.
   */
  context?: string;
  /** Where it was written, for its rendered HTML (signed image URLs, src/run/images.ts); absent for gitclaw's own parts. */
  source?: "issue-comment" | "review-comment" | "review";
}

export interface PullRequestWork extends PullRequestInfo {
  /** The commit the run works from: the head the event saw, or the head now when the event does not say. */
  startSha: string;
  /** The head now, when someone pushed after the event. */
  movedTo?: string;
  /** The head lives in another repository: nothing is pushed there, the work comes back as a patch. */
  fork: boolean;
  /** The issue whose conversation this pull request continues: its head is this repository's gitclaw/issue-<n>. */
  forIssue?: number;
}
