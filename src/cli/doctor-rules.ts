// The doctor's checks of the repository's rules, read as a run reads them (src/github/rules.ts):
// which delivery works on the branch gitclaw pushes to, whether commits must be signed, and whether
// the state branch, where conversations go when that branch takes no pushes, is writable.
import type { Config } from "../config/config.ts";
import { issueBranch } from "../git/branch-names.ts";
import type { GitHubApi } from "../github/api.ts";
import { pushObstacles, readBranchRules, type BranchRules } from "../github/rules.ts";
import { failed, pass, warn, type CheckResult } from "./checks.ts";
import type { Get } from "./doctor-github.ts";

const RULESETS = "Settings → Rules → Rulesets";

/** The doctor's GET as the API the rules are read with. */
function getApi(get: Get): GitHubApi {
  return {
    send: async (_method, path) => {
      const response = await get(path);
      if (typeof response === "string") throw new Error(response);
      return response;
    },
    graphql: async () => {
      throw new Error("the doctor reads rules over REST only");
    },
  };
}

export async function rulesChecks(
  get: Get,
  repository: string,
  config: Config,
  defaultBranch: string,
): Promise<CheckResult[]> {
  const [owner = "", repo = ""] = repository.split("/");
  const api = getApi(get);
  const branch = config.git.branch ?? defaultBranch;
  const read: BranchRules[] = [];
  for (const name of [branch, issueBranch(1), config.state.branch])
    read.push(await readBranchRules(api, { owner, repo }, name));
  const [pushed, issues, state] = read;
  return [deliveryCheck(pushed!, config), signaturesCheck([pushed!, issues!, state!]), stateCheck(state!)];
}

function deliveryCheck(rules: BranchRules, config: Config): CheckResult {
  const { branch } = rules;
  if (rules.unreadable)
    return warn(
      "Delivery",
      `cannot read the rules of ${branch} (${rules.unreadable})`,
      "a refused push goes to a pull request",
    );
  const obstacles = pushObstacles(rules);
  const prs = "each issue's work goes to a pull request from gitclaw/issue-<n>";
  if (config.delivery === "pull-request") return pass("Delivery", `${prs} into ${branch} (delivery "pull-request")`);
  if (obstacles.length)
    return pass("Delivery", `${branch} does not take direct pushes (${obstacles.join("; ")}): ${prs}`);
  if (rules.protectionUnknown)
    return warn(
      "Delivery",
      `${branch} has branch protection this token cannot read: a push it refuses goes to a pull request from gitclaw/issue-<n>`,
      `say the rules in a ruleset (${RULESETS}: the job's token can read those), or set "delivery": "pull-request"`,
    );
  return pass("Delivery", `gitclaw pushes to ${branch}: no rule stands in the way`);
}

function signaturesCheck(branches: BranchRules[]): CheckResult {
  const signed = branches.filter((rules) => rules.requiresSignatures).map((rules) => rules.branch);
  if (signed.length === 0) return pass("Signatures", "not required where gitclaw pushes");
  return warn(
    "Signatures",
    `commits must have verified signatures on ${signed.join(", ")}; commits gitclaw pushes with git are unsigned and refused there`,
    `exempt gitclaw/** from required_signatures in ${RULESETS}, or have GitHub sign gitclaw's commits (made through its API)`,
  );
}

function stateCheck(rules: BranchRules): CheckResult {
  const { branch } = rules;
  if (rules.unreadable)
    return warn(
      "State branch",
      `cannot read the rules of ${branch} (${rules.unreadable})`,
      `check them in ${RULESETS}`,
    );
  const obstacles = pushObstacles(rules);
  if (obstacles.length === 0 && !rules.restrictsCreation)
    return pass("State branch", `${branch} is writable: conversations go there when the work's branch takes no pushes`);
  const why = [...obstacles, ...(rules.restrictsCreation ? ["creation is restricted"] : [])].join("; ");
  return failed(
    "State branch",
    `${branch} does not take gitclaw's pushes (${why}): where the default branch takes none either, conversations are not kept`,
    `exclude refs/heads/${branch} from the ruleset's target branches in ${RULESETS}, or set state.branch to a branch no rule covers`,
  );
}
