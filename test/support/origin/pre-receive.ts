// The test origin's pre-receive hook (installed by test/support/origin-rules.ts, run by
// pre-receive.sh): what GitHub refuses of a push, with GitHub's words, on stderr (git shows it to the
// pusher as `remote:` lines) and exit 1, which refuses the whole push.
// - Over HTTP (test/support/git-http.ts), a token without the `workflows` permission may not create,
//   change or delete a file under .github/workflows/ (GITCLAW_TEST_WORKFLOWS=0).
// - The rulesets (GH013, one `- …` line per violation) and the classic branch protection (GH006)
//   declared in the origin's gitclaw-rules.json: pull requests, verified signatures (against
//   GitHub's web-flow key), linear history, no force push, status checks, creation/update/deletion.
import { appendFileSync, readFileSync } from "node:fs";
import { execFileSync, spawnSync } from "node:child_process";
import { readRules, rulesetsFor, type BranchProtection, type OriginRules, type Ruleset } from "../origin-rules.ts";

const ZERO = "0".repeat(40);

interface Update {
  old: string;
  new: string;
  ref: string;
}

const git = (...args: string[]) => execFileSync("git", args, { encoding: "utf8" }).trim();
const ok = (...args: string[]) => spawnSync("git", args, { stdio: "ignore" }).status === 0;

/** The commits a push brings to `ref`: old..new, or for a new ref those no ref had before. */
function newCommits(update: Update): string[] {
  if (update.new === ZERO) return [];
  const range = update.old === ZERO ? [update.new, "--not", "--all"] : [`${update.old}..${update.new}`];
  return git("rev-list", ...range)
    .split("\n")
    .filter(Boolean);
}

function workflowRefusal(updates: Update[]): string | undefined {
  if (process.env.GITCLAW_TEST_WORKFLOWS !== "0") return undefined;
  for (const update of updates)
    for (const commit of newCommits(update)) {
      // Names created, changed and deleted files alike.
      const file = git("diff-tree", "--no-commit-id", "--name-only", "-r", "--root", commit, "--", ".github/workflows")
        .split("\n")
        .find(Boolean);
      if (file)
        return `refusing to allow a GitHub App to create or update workflow \`${file}\` without \`workflows\` permission`;
    }
  return undefined;
}

/** What a push does to a branch, as the rules judge it. */
interface Change {
  branch: string;
  created: boolean;
  deleted: boolean;
  forced: boolean;
  unsigned: string[];
  merges: string[];
}

function changeOf(update: Update, allowedSigners: string | undefined): Change {
  const commits = newCommits(update);
  const verify = ["-c", "gpg.format=ssh", "-c", `gpg.ssh.allowedSignersFile=${allowedSigners ?? "/dev/null"}`];
  return {
    branch: update.ref.slice("refs/heads/".length),
    created: update.old === ZERO,
    deleted: update.new === ZERO,
    forced: update.old !== ZERO && update.new !== ZERO && !ok("merge-base", "--is-ancestor", update.old, update.new),
    unsigned: commits.filter((commit) => !ok(...verify, "verify-commit", commit)),
    merges: commits.filter((commit) => git("rev-list", "--parents", "-n", "1", commit).split(" ").length > 2),
  };
}

const found = (commits: string[]) =>
  [`  Found ${commits.length} violation${commits.length === 1 ? "" : "s"}:`, "", ...commits.map((c) => `  ${c}`)].join(
    "\n",
  );

/** One `- …` paragraph per rule of the rulesets that the change breaks. */
function rulesetViolations(sets: Ruleset[], change: Change): string[] {
  const lines = new Set<string>();
  const pushes = !change.deleted;
  for (const rule of sets.flatMap((set) => set.rules)) {
    if (rule.type === "pull_request" && pushes) lines.add("- Changes must be made through a pull request.");
    if (rule.type === "required_signatures" && change.unsigned.length)
      lines.add(`- Commits must have verified signatures.\n${found(change.unsigned)}`);
    if (rule.type === "required_linear_history" && change.merges.length)
      lines.add(`- This branch must not contain merge commits.\n${found(change.merges)}`);
    if (rule.type === "non_fast_forward" && change.forced) lines.add("- Cannot force-push to this branch");
    if (rule.type === "required_status_checks" && pushes)
      for (const { context } of rule.parameters.required_status_checks)
        lines.add(`- Required status check "${context}" is expected.`);
    if (rule.type === "creation" && change.created) lines.add("- Cannot create ref due to creations being restricted.");
    if (rule.type === "update" && !change.created && pushes) lines.add("- Cannot update this protected ref.");
    if (rule.type === "deletion" && change.deleted) lines.add("- Cannot delete this protected ref.");
  }
  return [...lines];
}

/** Classic protection names the first setting the change breaks. */
function protectionReason(protection: BranchProtection, change: Change): string | undefined {
  const pushes = !change.deleted;
  if (protection.requirePullRequest && pushes) return "Changes must be made through a pull request.";
  if (!protection.allowForcePushes && change.forced) return "Cannot force-push to this protected branch";
  if (change.deleted) return "Cannot delete this protected branch";
  if (protection.requireSignatures && change.unsigned.length) return "Commits must have verified signatures.";
  if (protection.requireLinearHistory && change.merges.length) return "This branch must not contain merge commits.";
  const check = protection.requiredChecks?.[0];
  return check !== undefined && pushes ? `Required status check "${check}" is expected.` : undefined;
}

function ruleRefusal(rules: OriginRules, update: Update): string | undefined {
  if (!update.ref.startsWith("refs/heads/")) return undefined;
  const change = changeOf(update, rules.allowedSigners);
  const protection = rules.protection[change.branch];
  const reason = protection && protectionReason(protection, change);
  if (reason) return `error: GH006: Protected branch update failed for ${update.ref}.\nerror: ${reason}`;
  const violations = rulesetViolations(rulesetsFor(rules, change.branch), change);
  if (violations.length === 0) return undefined;
  const review = `Review all repository rules at ${rules.repoUrl}/rules?ref=${encodeURIComponent(update.ref)}`;
  const head = `error: GH013: Repository rule violations found for ${update.ref}.\n${review}`;
  return [head, ...violations].join("\n\n");
}

function main(): number {
  const updates = readFileSync(0, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((line) => {
      const [old = ZERO, next = ZERO, ref = ""] = line.split(" ");
      return { old, new: next, ref };
    });
  const workflows = workflowRefusal(updates);
  if (workflows) {
    console.error(workflows);
    appendFileSync("refusals.log", `${workflows}\n`);
    return 1;
  }
  const rules = readRules(".");
  const refusals = rules ? updates.map((update) => ruleRefusal(rules, update)).filter(Boolean) : [];
  for (const refusal of refusals) console.error(`${refusal}\n`);
  return refusals.length ? 1 : 0;
}

process.exit(main());
