// pr_create from a branch the agent made with git in bash: it exists only in the agent's own
// repository (src/git/agent/), so gitclaw publishes it first, through the trusted path: the
// branch read as data and every object checked, its own commits judged by the one protected-path
// matcher (workflow files included: the job's token cannot push them), then a push that never forces.
// The branches the run's own work lands on are not published this way.
import { isGitclawBranch } from "../../git/branch-names.ts";
import { takeBranchNamedByAgent } from "../../git/agent/take.ts";
import { committedPathsUnder, withPatterns } from "../../git/protected.ts";
import type { OpContext } from "./context.ts";
import { ToolFailure } from "../../errors.ts";
import type { LocalGit } from "../../git/local-git.ts";

/** Publishes `branch` when the agent's repository has it; a note for the result, or undefined when there was nothing to do. */
export async function publishAgentBranch(
  context: OpContext,
  git: LocalGit,
  branch: string,
  base: string,
): Promise<string | undefined> {
  const repo = context.tool.agentRepo;
  if (!repo) return undefined;
  const tip = await takeBranchNamedByAgent(git, repo, branch).catch((error: Error) => {
    throw new ToolFailure(`the branch ${branch} could not be read from your repository: ${error.message}`);
  });
  if (!tip) return undefined;
  const refused = await refusal(git, branch, tip, [base, repo.branch]);
  if (refused) throw new ToolFailure(`refusing to publish ${branch}: ${refused}`);
  const baseRef = `refs/remotes/origin/${base}`;
  const from = (await git.run(["rev-parse", "--verify", "--quiet", baseRef])).exitCode === 0 ? baseRef : repo.start;
  const hits = await committedPathsUnder(git, from, tip, context.protectedPaths);
  if (hits.length)
    throw new ToolFailure(
      `refusing to publish ${branch}: its commits change protected paths: ${withPatterns(hits, context.protectedPaths).join(", ")}. Drop those changes from the branch's commits and call pr_create again.`,
    );
  const commits = await git.must(["log", "--reverse", "--format=%h %s", `${from}..${tip}`]);
  const pushed = await git.run(["push", "-q", "origin", `${tip}:refs/heads/${branch}`], { remote: true });
  if (pushed.exitCode !== 0)
    throw new ToolFailure(
      `publishing ${branch} failed (gitclaw never forces a push): ${context.tool.redact(pushed.stderr.trim().replace(/\s*\n\s*/g, " "))}`,
    );
  repo.published.delete(branch);
  repo.published.set(branch, { tip, commits: commits.split("\n").filter(Boolean) });
  return `gitclaw published your branch ${branch} at ${tip.slice(0, 12)}`;
}

/**
 * Why `branch` may not be published at `tip`, in one line: it is where the run's own work lands
 * (`landing`), a conversation's branch of gitclaw's, or a push to it would have to force. Names are
 * compared without case: git and GitHub keep `Main` apart from `main`, but a clone on a
 * case-insensitive filesystem (macOS, Windows) stores both in one ref file, where one overwrites the other.
 */
async function refusal(
  git: LocalGit,
  branch: string,
  tip: string,
  landing: readonly string[],
): Promise<string | undefined> {
  const folded = branch.toLowerCase();
  const lands = landing.find((name) => name.toLowerCase() === folded);
  if (lands !== undefined)
    return `${lands === branch ? "it is" : `but for case it is ${lands}, which is`} where the run's own work lands. Open the pull request from a branch of its own (git switch -c <name>, commit, then pr_create with head=<name>).`;
  if (isGitclawBranch(branch))
    return "gitclaw/ branches hold gitclaw's own conversations. Rename yours (git branch -m <name>) and call pr_create again.";
  const remote = await git.run(["ls-remote", "--heads", "origin", `refs/heads/${branch}`], { remote: true });
  const current = /^([0-9a-f]{40})\s/.exec(remote.stdout)?.[1];
  if (!current || current === tip) return undefined;
  const known = (await git.run(["cat-file", "-e", `${current}^{commit}`])).exitCode === 0;
  if (known && (await git.run(["merge-base", "--is-ancestor", current, tip])).exitCode === 0) return undefined;
  return `origin's ${branch} (at ${current.slice(0, 12)}) has commits your branch does not, and gitclaw never forces a push. Add your commits on top of origin/${branch}, or use a new branch name (git branch -m <name>), and call pr_create again.`;
}
