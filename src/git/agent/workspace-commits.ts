// The commits of the workspace's own repository, whoever made them there, made fit to push where they
// are: the counterpart of ./take.ts for commits no agent repository holds.
import type { Git } from "../git.ts";
import { scrubCommits } from "../scrub-commits.ts";
import { AGENT_COMMITS, type CommitFacts, commitRules } from "./commit-rules.ts";
import { squashedNote } from "./notes.ts";

/**
 * The commits of base..HEAD in the workspace's own repository, whoever made them (tool commands where
 * no sandbox gives them a repository of their own, a sub-agent's series applied), made fit to push
 * where they are, HEAD moved to the copies and the index with it. Commits that cannot be checked are
 * undone, their change left in the working tree to land as the run's one commit. One note for the reply each.
 * `scrubbed`: a range the agent's commits were taken as (./take.ts), already fit: HEAD at its tip is not checked again.
 */
export async function ownWorkspaceCommits(
  git: Git,
  { base, branch }: { base: string; branch: string },
  facts: CommitFacts,
  scrubbed?: { from: string; tip: string },
): Promise<string[]> {
  const head = await git.must(["rev-parse", "HEAD"]);
  if (head === base || (scrubbed?.from === base && scrubbed.tip === head)) return [];
  const where = branch || "HEAD";
  try {
    const scrubbed = await scrubCommits(git, base, head, commitRules(facts));
    if (scrubbed.tip === head) return [];
    await git.must(["update-ref", "-m", AGENT_COMMITS, "HEAD", scrubbed.tip, head]);
    await git.must(["reset", "-q"]);
    return scrubbed.squashed ? [squashedNote(where, scrubbed.squashed)] : [];
  } catch (error) {
    await git.must(["reset", "-q", base]);
    return [
      `the commits made with git on ${where} were not taken (${(error as Error).message}): their change comes as one commit`,
    ];
  }
}
