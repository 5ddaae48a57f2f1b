// The repository's rules as the test stand-ins share them: one JSON file in the bare origin
// (`gitclaw-rules.json`) that the GitHub emulator writes when a test declares a ruleset or classic
// branch protection, that it serves (`rules/branches/{branch}`, `branches/{branch}`), and that the
// origin's pre-receive hook (test/support/origin/pre-receive.ts) enforces on every push, over HTTP
// or to the file path.
import { chmodSync, copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execFileSync } from "node:child_process";
import { webFlowKey } from "./web-flow.ts";

/** A rule of a ruleset, as `GET /repos/{owner}/{repo}/rules/branches/{branch}` lists it. */
export type RulesetRule =
  | { type: "pull_request"; parameters?: { required_approving_review_count?: number } }
  | { type: "required_signatures" }
  | { type: "required_linear_history" }
  | { type: "non_fast_forward" }
  | { type: "required_status_checks"; parameters: { required_status_checks: { context: string }[] } }
  | { type: "creation" }
  | { type: "update" }
  | { type: "deletion" };

export interface Ruleset {
  id: number;
  name: string;
  /** Branch patterns as GitHub's conditions spell them: `~DEFAULT_BRANCH`, `~ALL`, `refs/heads/<glob>`. */
  include: string[];
  exclude: string[];
  rules: RulesetRule[];
}

/** Classic branch protection of one branch (the settings that refuse a push). */
export interface BranchProtection {
  requirePullRequest?: boolean;
  requireSignatures?: boolean;
  requireLinearHistory?: boolean;
  /** Classic protection refuses force pushes unless allowed. */
  allowForcePushes?: boolean;
  requiredChecks?: readonly string[];
}

export interface OriginRules {
  defaultBranch: string;
  rulesets: Ruleset[];
  protection: Record<string, BranchProtection>;
  /** The allowed-signers file of GitHub's web-flow key: what counts as a verified signature. */
  allowedSigners?: string;
  /** Where the refusal's "Review all repository rules at" points. */
  repoUrl: string;
}

const FILE = "gitclaw-rules.json";

export function readRules(origin: string): OriginRules | undefined {
  const path = join(origin, FILE);
  return existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as OriginRules) : undefined;
}

/** Changes the origin's rules and makes sure its hook enforces them. */
export function updateRules(
  origin: string,
  defaults: { defaultBranch: string; repoUrl: string },
  change: (rules: OriginRules) => void,
): OriginRules {
  const rules = readRules(origin) ?? { ...defaults, rulesets: [], protection: {} };
  change(rules);
  rules.allowedSigners = webFlowKey().allowedSigners;
  writeFileSync(join(origin, FILE), `${JSON.stringify(rules, null, 2)}\n`);
  installOriginHook(origin);
  return rules;
}

/**
 * The origin's pre-receive hook: a shell file that runs the TypeScript hook with this process's bun
 * (named in the origin's config, since a push over HTTP gets a bare environment).
 */
export function installOriginHook(origin: string): void {
  const hook = join(origin, "hooks", "pre-receive");
  copyFileSync(join(import.meta.dirname, "origin", "pre-receive.sh"), hook);
  chmodSync(hook, 0o755);
  const config = (key: string, value: string) => execFileSync("git", ["config", key, value], { cwd: origin });
  config("gitclaw.runtime", process.execPath);
  config("gitclaw.hook", join(import.meta.dirname, "origin", "pre-receive.ts"));
}

/** Whether a ruleset's conditions take `branch`. */
function matches(patterns: string[], branch: string, defaultBranch: string): boolean {
  return patterns.some((pattern) => {
    if (pattern === "~ALL") return true;
    if (pattern === "~DEFAULT_BRANCH") return branch === defaultBranch;
    const glob = pattern.replace(/^refs\/heads\//, "");
    const regex = glob
      .replace(/[.+^${}()|[\]\\]/g, "\\$&")
      .replace(/\*\*/g, "\0")
      .replace(/\*/g, "[^/]*");
    return new RegExp(`^${regex.replace(/\0/g, ".*")}$`).test(branch);
  });
}

/** The rulesets that apply to `branch`. */
export function rulesetsFor(rules: OriginRules, branch: string): Ruleset[] {
  return rules.rulesets.filter(
    (set) => matches(set.include, branch, rules.defaultBranch) && !matches(set.exclude, branch, rules.defaultBranch),
  );
}
