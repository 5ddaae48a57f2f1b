// The `github` agent tool: repository, issue, pull request, search and Actions operations through
// Octokit against GITHUB_API_URL (github.com, GitHub Enterprise Server and the test emulator alike).
// One tool dispatching on `op`. Each call is planned without a request, judged by the policy,
// run into a 64 KB bounded body, and answered with a header line and an audit record.
import { z } from "zod";
import type { GitHubClient } from "../../github/client.ts";
import { parseArgs } from "../args.ts";
import { fail, ok, type Tool, type ToolContext, type ToolResult } from "../types.ts";
import { planComment } from "./comment.ts";
import { ToolFailure, type CommitTrailers, type OpContext, type PlannedCall } from "./context.ts";
import { describeGitHubError, isHttpError } from "./errors.ts";
import { BoundedText, header } from "./output.ts";
import { planPrCreate } from "./pr.ts";
import { planPrCheckout, planPrPush } from "./pr-checkout.ts";
import { classify, decide, DEFAULT_POLICY, OPS, type GitHubPolicyConfig, type Op, type OpClass } from "./policy.ts";
import { planRunWatch } from "./run-watch.ts";
import { planSearch } from "./search.ts";
import { ValidationError, repoName, type RepoRef } from "./validate.ts";
import { planFileRead, planIssueView, planPrDiff, planPrView, planRepoView } from "./views.ts";

export { GitHubPolicyConfig } from "./policy.ts";

const id = z.union([z.number(), z.string()]);

export const githubParameters = z.object({
  op: z.enum(OPS).describe("The operation."),
  repo: z.string().optional().describe("owner/name; default: the repository gitclaw runs in."),
  issue: id.optional().describe("issue_view, comment: issue number or URL."),
  pr: z.union([id, z.array(id)]).optional().describe("pr_view, pr_diff, comment: PR number or URL. pr_checkout: number, URL or head branch, or a list of them; default: the current branch's PR."),
  branch: z.string().optional().describe("repo_view: show this branch. pr_push: the local pr-<n> branch (default: current). run_watch: watch the runs of this branch's head commit."),
  path: z.string().optional().describe("file_read: repository-relative path. pr_diff: show only this file's diff."),
  ref: z.string().optional().describe("file_read: branch, tag or commit (default: the default branch)."),
  comments: z.boolean().optional().describe("issue_view, pr_view: include comments (default true)."),
  all: z.boolean().optional().describe("pr_diff: the diff of every file (default: the list of changed files)."),
  force: z.boolean().optional().describe("pr_checkout: reset an existing pr-<n> branch to the PR head."),
  forceWithLease: z.boolean().optional().describe("pr_push: replace the remote branch if it is where the last checkout saw it (destructive; denied by default)."),
  message: z.string().optional().describe("pr_push: commit message for the changes not yet committed in the PR worktree (default: gitclaw: update PR #<n>)."),
  title: z.string().optional().describe("pr_create: title (required unless fill)."),
  body: z.string().optional().describe("pr_create: description. comment: the comment text (Markdown)."),
  base: z.string().optional().describe("pr_create: base branch (default: the default branch)."),
  head: z.string().optional().describe("pr_create: head branch, pushed already (default: the current branch)."),
  draft: z.boolean().optional().describe("pr_create: open as draft."),
  fill: z.boolean().optional().describe("pr_create: title and body from the commits (not with title/body)."),
  reviewer: z.array(z.string()).optional().describe("pr_create: logins to request reviews from."),
  assignee: z.array(z.string()).optional().describe("pr_create: logins to assign."),
  label: z.array(z.string()).optional().describe("pr_create: labels to add."),
  query: z.string().optional().describe("search_*: GitHub search syntax; required for search_code. repo: is added unless the query has repo:/org:/user:/owner:."),
  since: z.string().optional().describe("search_* (not code): lower date bound: 3d, 12h, 2w, 2mo, 1y (m = minutes, mo = months), YYYY-MM-DD or ISO."),
  until: z.string().optional().describe("search_* (not code): upper date bound, same forms as since."),
  dateField: z.enum(["created", "updated"]).optional().describe("search_issues/prs/repos: which date since/until filter (default created)."),
  limit: z.number().optional().describe("search_*: results (default 10, max 50)."),
  run: id.optional().describe("run_watch: run id or run URL; default: all runs of the current commit."),
  tail: z.number().optional().describe("run_watch: log lines per failed job (default 15, max 200)."),
});
export type GitHubArgs = z.infer<typeof githubParameters>;

export interface GitHubToolOptions {
  github: GitHubClient;
  /** The repository gitclaw runs in; the workspace is its checkout. */
  repo: RepoRef;
  /** The GitHub host, e.g. github.com or a GitHub Enterprise Server host: URLs are recognised on it. */
  host: string;
  policy?: GitHubPolicyConfig;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
  /** Environment carrying the credential for fetch and push, e.g. tokenAuthEnv(originUrl, token). */
  gitAuthEnv?: Record<string, string>;
  /** Paths pr_push refuses to commit in a PR worktree (default none). */
  protectedPaths?: readonly string[];
  /** Trailers of the commits pr_push makes. */
  commit?: CommitTrailers;
}

/** Metadata of one call, for the session and the step summary. Never bodies or secrets. */
export interface GitHubAudit {
  time: string;
  op: string;
  class: OpClass | "unknown";
  decision: "allowed" | "denied";
  /** The policy rule that decided; "arguments" or "precondition" when the call was refused before it. */
  rule: string;
  /** `owner/repo`, or `*` for a GitHub-wide search. */
  repo: string;
  status: "ok" | "error" | "denied" | "invalid";
  /** GitHub's HTTP status when a request failed. */
  httpStatus?: number;
  durationMs: number;
  bytes: number;
}

type Planner = (args: GitHubArgs, context: OpContext) => PlannedCall | Promise<PlannedCall>;

const PLANNERS: Record<Op, Planner> = {
  repo_view: planRepoView,
  issue_view: planIssueView,
  pr_view: planPrView,
  pr_diff: planPrDiff,
  file_read: planFileRead,
  search_issues: (args, context) => planSearch("search_issues", args, context),
  search_prs: (args, context) => planSearch("search_prs", args, context),
  search_code: (args, context) => planSearch("search_code", args, context),
  search_commits: (args, context) => planSearch("search_commits", args, context),
  search_repos: (args, context) => planSearch("search_repos", args, context),
  run_watch: planRunWatch,
  pr_create: planPrCreate,
  pr_checkout: planPrCheckout,
  pr_push: planPrPush,
  comment: planComment,
};

const DESCRIPTION = `GitHub through its API (not the gh CLI). One tool, dispatching on op:
- Reads: repo_view, issue_view, pr_view, pr_diff, file_read, search_issues, search_prs, search_code, search_commits, search_repos, run_watch (wait for Actions runs of a run id/URL or of the current commit; failed-job log tails inline, full logs as an artifact).
- Writes: pr_create, pr_checkout (PR into its own git worktree outside the workspace, branch pr-<n>; work there with read/write/edit by absolute path and bash with cwd), pr_push (commit what changed in a pr-<n> worktree, then push the branch back), comment (on another issue or PR; your reply to this issue is posted for you).
A policy decides per op: by default reads anywhere, writes only on this repository, forced pushes never. A denied call says which rule denied it. Results start with [github <host>/<repo> <op> <class> <outcome> <size>] and are capped at 64 KB.`;

export function createGitHubTool(options: GitHubToolOptions): Tool<typeof githubParameters> {
  const policy = options.policy ?? DEFAULT_POLICY;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));

  return {
    name: "github",
    description: DESCRIPTION,
    parameters: githubParameters,
    async execute(rawArgs, tool: ToolContext): Promise<ToolResult> {
      const started = now();
      const context: OpContext = {
        github: options.github,
        thisRepo: options.repo,
        host: options.host,
        tool,
        now,
        sleep,
        gitAuthEnv: options.gitAuthEnv ?? {},
        protectedPaths: options.protectedPaths ?? [],
        commit: options.commit ?? {},
      };
      const finish = (
        result: { text: string; isError: boolean; details?: Record<string, unknown> },
        audit: Omit<GitHubAudit, "time" | "durationMs" | "bytes" | "repo"> & { repo: RepoRef | undefined | null },
      ): ToolResult => {
        const body = tool.redact(result.text);
        const repo = audit.repo === null ? repoName(options.repo) : audit.repo ? repoName(audit.repo) : "*";
        const bytes = Buffer.byteLength(body);
        const line = header({ host: options.host, repo, op: audit.op, opClass: audit.class, outcome: audit.status, bytes });
        const record: GitHubAudit = { ...audit, time: new Date(started).toISOString(), repo, durationMs: now() - started, bytes };
        const text = `${line}\n${body}`;
        return result.isError ? fail(text, { ...result.details, audit: record }) : ok(text, { ...result.details, audit: record });
      };

      const parsed = parseArgs("github", githubParameters, rawArgs);
      if (!parsed.ok) {
        const op = typeof (rawArgs as { op?: unknown } | undefined)?.op === "string" ? String((rawArgs as { op: string }).op) : "unknown";
        return finish({ text: parsed.error.text, isError: true }, { op, class: "unknown", decision: "denied", rule: "arguments", repo: null, status: "invalid" });
      }
      const args = parsed.value;
      const op = args.op;
      const opClass = classify(op, args);

      let plan: PlannedCall;
      try {
        plan = await PLANNERS[op](args, context);
      } catch (error) {
        // Refused before the policy was asked: bad arguments, or a local precondition (git state).
        const invalid = error instanceof ValidationError;
        const text = error instanceof ToolFailure ? error.message : `${op} failed unexpectedly: ${(error as Error).message}`;
        return finish({ text, isError: true }, { op, class: opClass, decision: "denied", rule: invalid ? "arguments" : "precondition", repo: null, status: invalid ? "invalid" : "error" });
      }

      const decision = decide(policy, { op, opClass, target: plan.target, thisRepo: options.repo });
      if (!decision.allowed) {
        return finish({ text: decision.reason, isError: true }, { op, class: opClass, decision: "denied", rule: decision.rule, repo: plan.target, status: "denied" });
      }

      const out = new BoundedText();
      const audit = { op, class: opClass, decision: "allowed" as const, rule: decision.rule, repo: plan.target };
      try {
        const details = await plan.run(out);
        return finish({ text: out.text(plan.narrow), isError: false, details: { ...details, truncated: out.full } }, { ...audit, status: "ok" });
      } catch (error) {
        const message = tool.signal.aborted
          ? `${op} was cancelled: the run is stopping.`
          : error instanceof ToolFailure
            ? error.message
            : describeGitHubError(error, op, plan.target ? repoName(plan.target) : "GitHub", now());
        const text = plan.errorPrefix ? `${plan.errorPrefix}: ${message}` : message;
        return finish({ text, isError: true }, { ...audit, status: "error", ...(isHttpError(error) ? { httpStatus: error.status } : {}) });
      }
    },
  };
}
