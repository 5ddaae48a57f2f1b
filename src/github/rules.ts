// The rules a branch is under, read before gitclaw pushes to it: the active ruleset rules
// (`GET /repos/{owner}/{repo}/rules/branches/{branch}`, readable with the job's token), and classic
// branch protection where the token may read it (`…/branches/{branch}/protection` needs admin: the
// job's token gets 403/404, so only `protected` from `…/branches/{branch}` is known, and the push's
// refusal tells the rest). A bypass list may exempt the token, so a rule here does not prove a
// refusal; a push refused anyway is read by src/git/refusal.ts.
import { z } from "zod";
import type { GitHubApi } from "./api.ts";
import { repoPath, type Repo } from "./operations.ts";

/** What gitclaw needs to know of a branch's rules. `requiresSignatures` decides how commits are made. */
export interface BranchRules {
  branch: string;
  /** Changes only through a pull request (ruleset `pull_request`, or protection's required reviews). */
  requiresPullRequest: boolean;
  /** Every commit must carry a verified signature (`required_signatures`): git-pushed commits are unsigned. */
  requiresSignatures: boolean;
  /** Status checks a commit needs before it may be on the branch (a fresh commit has none yet). */
  requiredChecks: string[];
  /** No merge commits (`required_linear_history`). */
  linearHistory: boolean;
  /** No force push (`non_fast_forward`, or protection without `allow_force_pushes`). */
  noForcePush: boolean;
  /** Pushes that update (`update`) or create (`creation`) the branch are restricted. */
  restrictsUpdate: boolean;
  restrictsCreation: boolean;
  /** The branch has classic protection whose settings the token may not read: the push will tell. */
  protectionUnknown: boolean;
  /** The rules could not be read at all, and why: the push will tell. */
  unreadable?: string;
}

const Rule = z.looseObject({
  type: z.string(),
  parameters: z
    .looseObject({ required_status_checks: z.array(z.looseObject({ context: z.string() })).optional() })
    .optional(),
});
const Rules = z.array(Rule);
const Branch = z.looseObject({ protected: z.boolean().optional() });
const Protection = z.looseObject({
  required_pull_request_reviews: z.unknown().optional(),
  required_signatures: z.looseObject({ enabled: z.boolean() }).optional(),
  required_linear_history: z.looseObject({ enabled: z.boolean() }).optional(),
  allow_force_pushes: z.looseObject({ enabled: z.boolean() }).optional(),
  required_status_checks: z.looseObject({ contexts: z.array(z.string()).optional() }).nullish(),
});

const none = (branch: string): BranchRules => ({
  branch,
  requiresPullRequest: false,
  requiresSignatures: false,
  requiredChecks: [],
  linearHistory: false,
  noForcePush: false,
  restrictsUpdate: false,
  restrictsCreation: false,
  protectionUnknown: false,
});

/** The rules of `branch`: rulesets and, where readable, classic protection. Never throws: unreadable says why. */
export async function readBranchRules(api: GitHubApi, repo: Repo, branch: string): Promise<BranchRules> {
  const path = `${repoPath(repo)}/rules/branches/${encodeURIComponent(branch)}`;
  const rules = await api.send("GET", path).catch((error: Error) => ({ status: 0, data: error.message }));
  const parsed = Rules.safeParse(rules.data);
  if (rules.status !== 200 || !parsed.success)
    return { ...none(branch), unreadable: `the rules API answered ${rules.status || rules.data}` };
  const found = fromRulesets(branch, parsed.data);
  return withProtection(api, repo, found);
}

function fromRulesets(branch: string, rules: z.infer<typeof Rules>): BranchRules {
  const has = (type: string) => rules.some((rule) => rule.type === type);
  const checks = rules.flatMap((rule) => rule.parameters?.required_status_checks?.map((check) => check.context) ?? []);
  return {
    ...none(branch),
    requiresPullRequest: has("pull_request"),
    requiresSignatures: has("required_signatures"),
    requiredChecks: [...new Set(checks)],
    linearHistory: has("required_linear_history"),
    noForcePush: has("non_fast_forward"),
    restrictsUpdate: has("update"),
    restrictsCreation: has("creation"),
  };
}

/** Classic protection added to what the rulesets say, when the branch has it. */
async function withProtection(api: GitHubApi, repo: Repo, rules: BranchRules): Promise<BranchRules> {
  const path = `${repoPath(repo)}/branches/${encodeURIComponent(rules.branch)}`;
  const branch = await api.send("GET", path).catch(() => undefined);
  if (branch?.status !== 200 || Branch.safeParse(branch.data).data?.protected !== true) return rules;
  const protection = await api.send("GET", `${path}/protection`).catch(() => undefined);
  const read = protection?.status === 200 ? Protection.safeParse(protection.data) : undefined;
  if (!read?.success) return { ...rules, protectionUnknown: true };
  const settings = read.data;
  return {
    ...rules,
    requiresPullRequest: rules.requiresPullRequest || settings.required_pull_request_reviews !== undefined,
    requiresSignatures: rules.requiresSignatures || settings.required_signatures?.enabled === true,
    requiredChecks: [...new Set([...rules.requiredChecks, ...(settings.required_status_checks?.contexts ?? [])])],
    linearHistory: rules.linearHistory || settings.required_linear_history?.enabled === true,
    noForcePush: rules.noForcePush || settings.allow_force_pushes?.enabled !== true,
  };
}

/**
 * Why a git push of new commits to the branch would be refused, one phrase per rule, or none.
 * `signedCommits`: the commits are made so that GitHub signs them (then signatures are no obstacle).
 */
export function pushObstacles(rules: BranchRules, { signedCommits = false } = {}): string[] {
  const obstacles: string[] = [];
  if (rules.requiresPullRequest) obstacles.push("changes must be made through a pull request");
  if (rules.requiresSignatures && !signedCommits) obstacles.push("commits must have verified signatures");
  if (rules.requiredChecks.length)
    obstacles.push(`status checks must pass first (${rules.requiredChecks.map((c) => `\`${c}\``).join(", ")})`);
  if (rules.restrictsUpdate) obstacles.push("updates are restricted");
  return obstacles;
}

/** One line for a reply: why the work goes to a pull request instead of `branch`. */
export function obstaclesLine(rules: BranchRules, obstacles: readonly string[]): string {
  return `\`${rules.branch}\` does not take direct pushes: ${obstacles.join("; ")}.`;
}
