// What the agent's commits are made fit to push by (src/git/scrub-commits.ts), from what the run knows,
// wherever they were made: in the agent's repository (./take.ts) or the workspace's (./workspace-commits.ts).
import { trailerIdentity } from "../claims.ts";
import type { CommitRules } from "../scrub-commits.ts";
import type { AgentRepo } from "./repository.ts";

/** What the run knows that the agent's commits are taken by. */
export type CommitFacts = Pick<AgentRepo, "secrets" | "coAuthorTrailer" | "limits">;

/** The rules the agent's commits are made fit to push by (src/git/scrub-commits.ts); the time starts now. */
export function commitRules(facts: CommitFacts): CommitRules {
  const requester = trailerIdentity(facts.coAuthorTrailer);
  return {
    values: facts.secrets,
    people: requester ? [requester] : [],
    maxCommits: facts.limits.maxCommits,
    deadline: Date.now() + facts.limits.seconds * 1000,
  };
}

/** The reflog message of the trusted branch moved to the agent's commits. */
export const AGENT_COMMITS = "gitclaw: the agent's commits";
