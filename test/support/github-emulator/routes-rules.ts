// The rules of a branch, from the origin's gitclaw-rules.json (test/support/origin-rules.ts), the
// file the origin's pre-receive hook enforces: the active ruleset rules (readable with the job's
// token), whether a branch is protected, and its classic protection, which needs admin rights the
// job's token never has.
import type { components } from "@octokit/openapi-types";
import { readRules, rulesetsFor, type OriginRules, type RulesetRule } from "../origin-rules.ts";
import { ApiError, notFound, type RouteTable } from "./http.ts";
import { renderBranch } from "./render-code.ts";
import type { EmulatorState } from "./state.ts";

type DetailedRule = components["schemas"]["repository-rule-detailed"];

/** A rule with every parameter GitHub always sends for its type. */
function renderRule(rule: RulesetRule): Record<string, unknown> {
  if (rule.type === "pull_request")
    return {
      type: rule.type,
      parameters: {
        dismiss_stale_reviews_on_push: false,
        require_code_owner_review: false,
        require_last_push_approval: false,
        required_approving_review_count: rule.parameters?.required_approving_review_count ?? 0,
        required_review_thread_resolution: false,
      },
    };
  if (rule.type === "required_status_checks")
    return {
      type: rule.type,
      parameters: { ...rule.parameters, strict_required_status_checks_policy: false },
    };
  return { type: rule.type };
}

export function branchRules(state: EmulatorState, rules: OriginRules | undefined, branch: string): DetailedRule[] {
  if (!rules) return [];
  const source = `${state.config.owner}/${state.config.repo}`;
  return rulesetsFor(rules, branch).flatMap((set) =>
    set.rules.map(
      (rule) =>
        ({
          ...renderRule(rule),
          ruleset_source_type: "Repository",
          ruleset_source: source,
          ruleset_id: set.id,
        }) as DetailedRule,
    ),
  );
}

const originRules = (state: EmulatorState) => (state.code.origin ? readRules(state.code.origin) : undefined);

/** Protected as the branches API says it: classic protection, or a ruleset that applies. */
export function isProtected(state: EmulatorState, branch: string): boolean {
  const rules = originRules(state);
  return rules !== undefined && (rules.protection[branch] !== undefined || rulesetsFor(rules, branch).length > 0);
}

export const rulesRoutes = {
  "GET /repos/{owner}/{repo}/rules/branches/{branch}": ({ param, state }) => ({
    status: 200,
    body: branchRules(state, originRules(state), param("branch")),
  }),

  "GET /repos/{owner}/{repo}/branches/{branch}": ({ param, state, render }) => {
    const sha = state.code.branchHead(param("branch"));
    if (!sha) throw new ApiError(404, "Branch not found");
    const branch = renderBranch(render, state, param("branch"), sha);
    const protection = isProtected(state, param("branch"));
    return { status: 200, body: { ...branch, protected: protection, protection: { enabled: protection } } };
  },

  // The job's token (an installation token without `administration`) may not read it, protected or not.
  "GET /repos/{owner}/{repo}/branches/{branch}/protection": ({ param, state }) => {
    if (!state.code.branchHead(param("branch"))) throw notFound();
    throw new ApiError(403, "Resource not accessible by integration");
  },
} satisfies RouteTable;
