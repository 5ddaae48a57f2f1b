// Seed helpers that declare the repository's rules: written to the origin's gitclaw-rules.json,
// which both the emulator's rules routes and the origin's pre-receive hook read (one source of truth).
import {
  readRules,
  updateRules,
  type BranchProtection,
  type OriginRules,
  type Ruleset,
  type RulesetRule,
} from "../origin-rules.ts";
import type { Renderer } from "./render.ts";
import type { EmulatorState } from "./state.ts";

export interface RuleSeeds {
  /**
   * A ruleset (active) on the branches `include` names (`~DEFAULT_BRANCH`, `~ALL`, `refs/heads/<glob>`),
   * less `exclude`. Needs the emulator's `origin`.
   */
  addRuleset(ruleset: { name?: string; include?: string[]; exclude?: string[]; rules: RulesetRule[] }): Ruleset;
  /** Classic branch protection of `branch`. Needs the emulator's `origin`. */
  protectBranch(branch: string, protection: BranchProtection): void;
  /** The rules as declared. */
  rules(): OriginRules | undefined;
}

export function createRuleSeeds(state: EmulatorState, render: Renderer): RuleSeeds {
  const change = (edit: (rules: OriginRules) => void) => {
    const origin = state.code.origin;
    if (!origin) throw new Error("rules need the emulator's origin (a bare repository the hook guards)");
    return updateRules(origin, { defaultBranch: state.config.defaultBranch, repoUrl: render.repoWebUrl }, edit);
  };
  return {
    addRuleset: ({ name, include = ["~DEFAULT_BRANCH"], exclude = [], rules }) => {
      const ruleset = { id: state.nextId(), name: name ?? "rules", include, exclude, rules };
      change((all) => all.rulesets.push(ruleset));
      return ruleset;
    },
    protectBranch: (branch, protection) => {
      change((all) => {
        all.protection[branch] = protection;
      });
    },
    rules: () => (state.code.origin ? readRules(state.code.origin) : undefined),
  };
}
