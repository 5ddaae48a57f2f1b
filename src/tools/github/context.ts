// What every op of the github tool works with, and the two-step shape of an op: plan (validate the
// arguments and name the repository it acts on, without any request) and run (after the policy
// allowed it).
import type { GitHubClient } from "../../github/client.ts";
import type { ToolContext } from "../types.ts";
import type { BoundedText } from "./output.ts";
import type { RepoRef } from "./validate.ts";

export interface OpContext {
  github: GitHubClient;
  /** The repository gitclaw runs in; the workspace is its checkout. */
  thisRepo: RepoRef;
  host: string;
  tool: ToolContext;
  now: () => number;
  sleep: (ms: number) => Promise<void>;
  /** Extra git options for commands that reach a remote (the push credential). */
  gitAuthEnv: Record<string, string>;
  /** Paths pr_push does not commit in a PR worktree (the workspace's rule: config.protectedPaths and state/). */
  protectedPaths: readonly string[];
  /** Trailers of the commits pr_push makes, as on the orchestrator's own commits. */
  commit: CommitTrailers;
}

export interface CommitTrailers {
  runUrl?: string;
  /** The person who asked, credited with a Co-authored-by trailer. */
  coAuthor?: { login: string; id: number };
  /** The issue or pull request the run works on: a pull request's body may say it closes it. */
  issue?: number;
}

export interface PlannedCall {
  /** The repository the call acts on (policy, header, audit); undefined for a GitHub-wide search. */
  target: RepoRef | undefined;
  /** How to get a smaller result, for the truncation marker. */
  narrow: string;
  /** Put before any failure message, naming what failed (e.g. the file read). */
  errorPrefix?: string;
  /** Writes the result body into `out`; returns structured details for the session. */
  run(out: BoundedText): Promise<Record<string, unknown>>;
}

/** A pull request as GitHub's REST API returns it. */
export type PullRequest = Awaited<ReturnType<GitHubClient["rest"]["pulls"]["get"]>>["data"];

/** Octokit request options shared by every call: requests stop when the run is cancelled. */
export const requestOptions = (context: OpContext) => ({ request: { signal: context.tool.signal } });
