// What taking the agent's commits tells the reply, one line each: commits that came as one, notes
// left since the last report, and the branches the agent made that end with the run.
import { agentBranches, checkedOut } from "./read.ts";
import type { AgentRepo } from "./repository.ts";

export const squashedNote = (branch: string, why: string) =>
  `the commits made with git on ${branch} come as one commit (${why}), its message saying so`;

/** The notes taking commits left since the last report, once. */
export function reportedNotes(repo: AgentRepo): string[] {
  return repo.notes.splice(0);
}

/**
 * The branches the agent made or moved with git that gitclaw did not publish as they are: they end
 * with the run. The run's branch lands; the one left checked out has a note of its own.
 */
export function unpublishedNotes(repo: AgentRepo): string[] {
  const other = checkedOut(repo.gitDir);
  const left = [...agentBranches(repo.gitDir)]
    .filter(([name, tip]) => name !== repo.branch && name !== other && repo.startBranches.get(name) !== tip)
    .filter(([name, tip]) => repo.published.get(name)?.tip !== (repo.copies.get(`${repo.start}..${tip}`) ?? tip))
    .map(([name]) => name);
  if (left.length === 0) return [];
  // Ref names may hold backquotes and such: those are counted, not shown.
  const shown = left.filter((name) => /^[\w./-]+$/.test(name)).map((name) => `\`${name}\``);
  const odd = left.length - shown.length;
  const names = [
    ...shown,
    ...(odd ? [`${odd} more with ${odd === 1 ? "an unusual name" : "unusual names"}`] : []),
  ].join(", ");
  return [
    `branches made with git in this run were left unpublished and end with it: ${names} (pr_create with head=<branch> publishes one)`,
  ];
}
