// The `github` agent tool: repository, issue, pull request, search and Actions operations through
// Octokit against GITHUB_API_URL (github.com, GitHub Enterprise Server and the test emulator alike).
// One tool dispatching on `op`. Each call is planned without a request, judged by the policy,
// run into a 64 KB bounded body, and answered with a header line and an audit record.
import type { GitHubClient } from "../../github/client.ts";
import { fail, ok, type Tool, type ToolContext, type ToolResult } from "../types.ts";
import { githubParameters, type GitHubArgs } from "./args.ts";
import { planAttach } from "./attach.ts";
import { planComment } from "./comment.ts";
import { GITHUB_DESCRIPTION, GITHUB_MODEL_SCHEMA, opHelp, unexpectedArgs } from "./help.ts";
import type { CommitTrailers, OpContext, PlannedCall } from "./context.ts";
import { describeGitHubError, isHttpError } from "./errors.ts";
import { ToolFailure } from "../../errors.ts";
import { BoundedText, header } from "./output.ts";
import { planPrCreate } from "./pr.ts";
import { planPrCheckout, planPrPush } from "./pr-checkout.ts";
import { planPrReview } from "./review.ts";
import { classify, decide, DEFAULT_POLICY, type GitHubPolicyConfig, type Op, type OpClass } from "./policy.ts";
import { planRunWatch } from "./run-watch.ts";
import { planSearch } from "./search.ts";
import { repoName, type RepoRef } from "./validate.ts";
import { ValidationError } from "../../errors.ts";
import { planFileRead, planIssueView, planPrDiff, planPrView, planRepoView } from "./views.ts";

export { GitHubPolicyConfig } from "./policy.ts";
export { githubParameters, type GitHubArgs } from "./args.ts";

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
  pr_review: planPrReview,
  attach: planAttach,
};

type AuditFacts = Omit<GitHubAudit, "time" | "durationMs" | "bytes" | "repo"> & { repo: RepoRef | undefined | null };

/** A call's answer: a header line naming host, repository, op and outcome, the redacted body, the audit record. */
function answer(
  options: GitHubToolOptions,
  tool: ToolContext,
  started: number,
  result: Omit<ToolResult, "details"> & { details?: Record<string, unknown> },
  audit: AuditFacts,
): ToolResult {
  const now = options.now ?? Date.now;
  const body = tool.redact(result.text);
  const repo = audit.repo === null ? repoName(options.repo) : audit.repo ? repoName(audit.repo) : "*";
  const bytes = Buffer.byteLength(body);
  const line = header({ host: options.host, repo, op: audit.op, opClass: audit.class, outcome: audit.status, bytes });
  const record: GitHubAudit = {
    ...audit,
    time: new Date(started).toISOString(),
    repo,
    durationMs: now() - started,
    bytes,
  };
  const text = `${line}\n${body}`;
  return result.isError
    ? fail(text, { ...result.details, audit: record })
    : ok(text, { ...result.details, audit: record });
}

export function createGitHubTool(options: GitHubToolOptions): Tool<typeof githubParameters> {
  const policy = options.policy ?? DEFAULT_POLICY;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const opContext = (tool: ToolContext): OpContext => ({
    github: options.github,
    thisRepo: options.repo,
    host: options.host,
    tool,
    now,
    sleep,
    gitAuthEnv: options.gitAuthEnv ?? {},
    protectedPaths: options.protectedPaths ?? [],
    commit: options.commit ?? {},
  });

  return {
    name: "github",
    description: GITHUB_DESCRIPTION,
    parameters: githubParameters,
    modelSchema: GITHUB_MODEL_SCHEMA,
    // Arguments no schema accepts are audited too: every call the model makes is on record.
    invalid: (rawArgs, message, tool) =>
      answer(options, tool, now(), { text: message, isError: true }, invalidArgsAudit(rawArgs)),
    async execute(args, tool): Promise<ToolResult> {
      const started = now();
      const finish = (result: Parameters<typeof answer>[3], audit: AuditFacts) =>
        answer(options, tool, started, result, audit);
      const unexpected = unexpectedArgs(args.op, args);
      const refusal = `Invalid arguments for github: ${unexpected}`;
      if (args.op === "help") return unexpected ? fail(refusal) : ok(opHelp(args.about));
      const op = args.op;
      const opClass = classify(op, args);
      if (unexpected)
        return finish(
          { text: refusal, isError: true },
          { op, class: opClass, decision: "denied", rule: "arguments", status: "invalid", repo: null },
        );

      const plan = await planCall(op, args, opContext(tool));
      if ("refused" in plan)
        return finish(
          { text: plan.refused, isError: true },
          { op, class: opClass, decision: "denied", rule: plan.rule, repo: null, status: plan.status },
        );

      const decision = decide(policy, { op, opClass, target: plan.target, thisRepo: options.repo });
      if (!decision.allowed) {
        return finish(
          { text: decision.reason, isError: true },
          { op, class: opClass, decision: "denied", rule: decision.rule, repo: plan.target, status: "denied" },
        );
      }
      return runPlan(plan, { op, opClass, rule: decision.rule, tool, finish, now });
    },
  };
}

/** The audit of a call whose arguments no schema accepts. */
function invalidArgsAudit(rawArgs: unknown): AuditFacts {
  const op = (rawArgs as { op?: unknown } | undefined)?.op;
  return {
    op: typeof op === "string" ? op : "unknown",
    class: "unknown",
    decision: "denied",
    rule: "arguments",
    repo: null,
    status: "invalid",
  };
}

/** The op's planned call, or why it was refused before the policy was asked: bad arguments, or a local precondition (git state). */
async function planCall(
  op: Op,
  args: GitHubArgs,
  context: OpContext,
): Promise<PlannedCall | { refused: string; rule: string; status: "invalid" | "error" }> {
  try {
    return await PLANNERS[op](args, context);
  } catch (error) {
    const invalid = error instanceof ValidationError;
    const refused =
      error instanceof ToolFailure ? error.message : `${op} failed unexpectedly: ${(error as Error).message}`;
    return { refused, rule: invalid ? "arguments" : "precondition", status: invalid ? "invalid" : "error" };
  }
}

/** The planned call, allowed: its body bounded, its failure described for the model. */
async function runPlan(
  plan: PlannedCall,
  call: {
    op: Op;
    opClass: OpClass;
    rule: string;
    tool: ToolContext;
    finish: (result: Parameters<typeof answer>[3], audit: AuditFacts) => ToolResult;
    now: () => number;
  },
): Promise<ToolResult> {
  const { op, tool, finish } = call;
  const out = new BoundedText();
  const audit = { op, class: call.opClass, decision: "allowed" as const, rule: call.rule, repo: plan.target };
  try {
    const details = await plan.run(out);
    return finish(
      { text: out.text(plan.narrow), isError: false, details: { ...details, truncated: out.full } },
      { ...audit, status: "ok" },
    );
  } catch (error) {
    const message = tool.signal.aborted
      ? `${op} was cancelled: the run is stopping.`
      : error instanceof ToolFailure
        ? error.message
        : describeGitHubError(error, op, plan.target ? repoName(plan.target) : "GitHub", call.now());
    const text = plan.errorPrefix ? `${plan.errorPrefix}: ${message}` : message;
    return finish(
      { text, isError: true },
      { ...audit, status: "error", ...(isHttpError(error) ? { httpStatus: error.status } : {}) },
    );
  }
}
