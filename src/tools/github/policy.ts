// What the github tool may do, decided before any request: nobody is there to confirm a call in a
// headless run, so every op is classified and the configuration says, per class and per op, on
// which repositories it may act. A denied call never reaches the API.
import { z } from "zod";
import { repoName, sameRepo, type RepoRef } from "./validate.ts";

export const OPS = [
  "repo_view",
  "issue_view",
  "pr_view",
  "pr_diff",
  "file_read",
  "search_issues",
  "search_prs",
  "search_code",
  "search_commits",
  "search_repos",
  "run_watch",
  "pr_create",
  "pr_checkout",
  "pr_push",
  "comment",
  "pr_review",
  "attach",
] as const;
export type Op = (typeof OPS)[number];

export type OpClass = "read" | "write" | "destructive";

const BASE_CLASS: Record<Op, Exclude<OpClass, "destructive">> = {
  repo_view: "read",
  issue_view: "read",
  pr_view: "read",
  pr_diff: "read",
  file_read: "read",
  search_issues: "read",
  search_prs: "read",
  search_code: "read",
  search_commits: "read",
  search_repos: "read",
  run_watch: "read",
  // pr_checkout only fetches and changes local branches and worktrees, but it prepares a push and
  // writes git config, so it is gated like the writes it leads to.
  pr_create: "write",
  pr_checkout: "write",
  pr_push: "write",
  comment: "write",
  pr_review: "write",
  // It writes nothing on GitHub itself, but what it attaches is committed and shown in the reply.
  attach: "write",
};

/** A forced push can discard commits on the remote branch: the one destructive form. */
export function classify(op: Op, args: { forceWithLease?: boolean }): OpClass {
  return op === "pr_push" && args.forceWithLease === true ? "destructive" : BASE_CLASS[op];
}

/** `deny`: never; `this-repo`: only on the repository gitclaw runs in; `any-repo`: anywhere the token reaches. */
const Rule = z.enum(["deny", "this-repo", "any-repo"]);
export type Rule = z.infer<typeof Rule>;

/** `tools.github` in .github/gitclaw.json. An entry under `ops` overrides its class's rule for every call of that op. */
export const GitHubPolicyConfig = z.strictObject({
  read: Rule.default("any-repo"),
  write: Rule.default("this-repo"),
  destructive: Rule.default("deny"),
  ops: z.partialRecord(z.enum(OPS), Rule).default({}),
});
export type GitHubPolicyConfig = z.infer<typeof GitHubPolicyConfig>;

export const DEFAULT_POLICY: GitHubPolicyConfig = GitHubPolicyConfig.parse({});

export interface PolicyQuery {
  op: Op;
  opClass: OpClass;
  /** The repository the call acts on; undefined for a GitHub-wide search. */
  target: RepoRef | undefined;
  thisRepo: RepoRef;
}

export type Decision = { allowed: true; rule: string } | { allowed: false; rule: string; reason: string };

const CONFIG_HINT = `Change "tools.github" in .github/gitclaw.json to allow it.`;

export function decide(policy: GitHubPolicyConfig, query: PolicyQuery): Decision {
  const override = policy.ops[query.op];
  const rule = override ?? policy[query.opClass];
  const name = `tools.github.${override ? `ops.${query.op}` : query.opClass} = "${rule}"`;
  const what = `${query.op} (${query.opClass})`;
  if (rule === "deny")
    return {
      allowed: false,
      rule: name,
      reason: `denied by policy rule ${name}: ${what} is not allowed. ${CONFIG_HINT}`,
    };
  if (rule === "this-repo" && !(query.target && sameRepo(query.target, query.thisRepo))) {
    const where = query.target ? `on ${repoName(query.target)}` : "across GitHub";
    return {
      allowed: false,
      rule: name,
      reason: `denied by policy rule ${name}: ${what} ${where} is cross-repository; only ${repoName(query.thisRepo)} is allowed. ${CONFIG_HINT}`,
    };
  }
  return { allowed: true, rule: name };
}
