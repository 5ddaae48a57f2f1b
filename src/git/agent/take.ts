// Taking the agent's commits: a branch of the agent's repository, read as data (./read.ts), its
// objects checked into the trusted repository (./objects.ts), its commits made fit to push
// (src/git/scrub-commits.ts), and the trusted branch moved to them. What each function takes:
// - takeRunCommits: at the run's end, the run's branch (what the reply should say of other branches too);
// - takePullRequestCommits: a pull request worktree's branch, onto gitclaw's (pr_checkout);
// - takeBranchNamedByAgent: a branch the agent names (pr_create's head), its name checked first;
// and within, takeStartBranch (the branch the repository started on, or the agent's HEAD for a
// detached start: takeHeadTip), takeBranchNamedByGitclaw (a name of gitclaw's own) and takeTip (a commit).
import type { Git } from "../git.ts";
import { replay } from "../land.ts";
import { revertChanges } from "../protected.ts";
import { scrubCommits } from "../scrub-commits.ts";
import { AGENT_COMMITS, commitRules } from "./commit-rules.ts";
import { reportedNotes, squashedNote, unpublishedNotes } from "./notes.ts";
import { takeObjectFiles } from "./objects.ts";
import { checkedOut, readRef } from "./read.ts";
import type { AgentRepo } from "./repository.ts";

export interface AgentCommits {
  /** The trusted branch's new tip, when the agent's commits were taken. */
  head?: string;
  /** from..tip made fit to push as it stands (not replayed onto other commits): no need to check it again. */
  scrubbed?: { from: string; tip: string };
  /** Why they were not, or what else the reply should say; one line each. */
  notes: string[];
}

/**
 * Takes the commits the agent made on the run's branch into the trusted repository. Call once no
 * tool process is left (after the sandbox's release). Never fails: what it cannot take, it says.
 */
export async function takeRunCommits(git: Git, repo: AgentRepo): Promise<AgentCommits> {
  const taken = await takeStartBranch(git, repo);
  const unpublished = repo.branch ? unpublishedNotes(repo) : [];
  const other = repo.branch ? await leaveOtherBranch(git, repo) : [];
  return { ...taken, notes: [...reportedNotes(repo), ...taken.notes, ...other, ...unpublished] };
}

/**
 * Takes the commits the agent made on a pull request worktree's branch onto gitclaw's, whose index
 * then matches them (what stays uncommitted is the working tree's); later commits build on these.
 */
export async function takePullRequestCommits(git: Git, repo: AgentRepo): Promise<AgentCommits> {
  const agentTip = readRef(repo.gitDir, `refs/heads/${repo.branch}`);
  const taken = await takeStartBranch(git, repo);
  if (!taken.head) return { ...taken, notes: [...reportedNotes(repo), ...taken.notes] };
  await git.must(["reset", "-q"], { groupWritable: true });
  if (agentTip) repo.start = agentTip;
  return { ...taken, notes: [...reportedNotes(repo), ...taken.notes] };
}

/** The run's branch; for a detached start (a task's worktree), whatever the agent's HEAD names. */
async function takeStartBranch(git: Git, repo: AgentRepo): Promise<AgentCommits> {
  try {
    // The run's branch is gitclaw's own name for it (from the trusted repository): no need to check it.
    const tip = repo.branch ? await takeBranchNamedByGitclaw(git, repo, repo.branch) : await takeHeadTip(git, repo);
    if (!tip || tip === repo.start) return { notes: [] };
    const head = await onTopOfHead(git, repo, tip);
    if ("conflict" in head) return { notes: [head.conflict] };
    return { head: head.sha, notes: [], ...(head.sha === tip ? { scrubbed: { from: repo.start, tip } } : {}) };
  } catch (error) {
    return {
      notes: [`the commits made with git on ${repo.branch || "HEAD"} were not taken: ${(error as Error).message}`],
    };
  }
}

/** The commit the agent's HEAD names, directly or through the branch checked out. */
async function takeHeadTip(git: Git, repo: AgentRepo): Promise<string | undefined> {
  const branch = checkedOut(repo.gitDir);
  if (branch) return takeBranchNamedByAgent(git, repo, branch);
  const tip = readRef(repo.gitDir, "HEAD");
  return tip && takeTip(git, repo, tip, "HEAD");
}

/**
 * Takes `branch` of the agent's repository, read as data, into the trusted one's object database,
 * every object checked and the values tool commands were given redacted; returns its tip (no ref
 * names it), or undefined when the agent has no such branch.
 */
export async function takeBranchNamedByAgent(git: Git, repo: AgentRepo, branch: string): Promise<string | undefined> {
  if (branch.startsWith("-") || (await git.run(["check-ref-format", "--branch", branch])).exitCode !== 0)
    throw new Error(`${JSON.stringify(branch)} is not a branch name`);
  return takeBranchNamedByGitclaw(git, repo, branch);
}

/** `branch` of the agent's repository, its name gitclaw's own (the run's branch) or checked already. */
async function takeBranchNamedByGitclaw(git: Git, repo: AgentRepo, branch: string): Promise<string | undefined> {
  const tip = readRef(repo.gitDir, `refs/heads/${branch}`);
  return tip && takeTip(git, repo, tip, branch);
}

/**
 * `tip`, with the objects it needs, read as data into the trusted repository; returns it made fit to
 * push (src/git/scrub-commits.ts): values redacted, only gitclaw and the requester named, and past the
 * limits the change of `branch` as one commit, which the next report says.
 */
async function takeTip(git: Git, repo: AgentRepo, tip: string, branch: string): Promise<string> {
  // Where the run started: the trusted repository has it, nothing to take.
  if (tip === repo.start) return tip;
  const range = `${repo.start}..${tip}`;
  const taken = repo.copies.get(range);
  if (taken) return taken;
  const rules = commitRules(repo);
  await takeObjectFiles(git, repo, tip, rules.deadline);
  const scrubbed = await scrubCommits(git, repo.start, tip, rules);
  if (scrubbed.squashed) repo.notes.push(squashedNote(branch, scrubbed.squashed));
  repo.copies.set(range, scrubbed.tip);
  return scrubbed.tip;
}

/**
 * When the run ends with another branch checked out, the working tree holds that branch's files:
 * those it changed from the run's branch are put back, so they land only where the agent asked.
 */
async function leaveOtherBranch(git: Git, repo: AgentRepo): Promise<string[]> {
  const other = checkedOut(repo.gitDir);
  if (!other || other === repo.branch) return [];
  try {
    const tip = await takeBranchNamedByAgent(git, repo, other);
    if (tip) {
      const changed = await git.must(["diff", "--no-renames", "--name-only", "-z", "HEAD", tip]);
      await revertChanges(
        git,
        changed.split("\0").filter((path) => path && !path.startsWith("state/")),
      );
    }
    const published =
      tip && repo.published.get(other)?.tip === tip
        ? "it is published as it is"
        : `it was not published${repo.published.has(other) ? " since its last pr_create" : ""} (pr_create with head=${other} publishes it)`;
    return [
      `the run ended with the branch ${other} checked out: its committed files were put back to ${repo.branch}'s for the conversation's commit; ${published}`,
    ];
  } catch (error) {
    return [`the run ended with the branch ${other} checked out, which could not be read: ${(error as Error).message}`];
  }
}

/** `tip` as the trusted branch's new head: itself when HEAD has not moved, else replayed onto HEAD. */
async function onTopOfHead(git: Git, repo: AgentRepo, tip: string): Promise<{ sha: string } | { conflict: string }> {
  const descends =
    descendsFromStart(repo, tip) ?? (await git.run(["merge-base", "--is-ancestor", repo.start, tip])).exitCode === 0;
  if (!descends)
    return { conflict: `the commits on ${repo.branch || "HEAD"} were rewritten past where the run started: not taken` };
  // Most runs: HEAD is still where the run started (git checks that as it moves it).
  if ((await git.run(["update-ref", "-m", AGENT_COMMITS, "HEAD", tip, repo.start])).exitCode === 0) return { sha: tip };
  const head = await git.must(["rev-parse", "HEAD"]);
  const moved = head === repo.start ? { sha: tip } : await replay(git, repo.start, tip, head);
  if ("conflict" in moved)
    return {
      conflict: `the commits made with git on ${repo.branch || "HEAD"} conflict with gitclaw's own: ${moved.conflict}`,
    };
  await git.must(["update-ref", "-m", AGENT_COMMITS, "HEAD", moved.sha, head]);
  return moved;
}

/**
 * Whether `tip` descends from where the run started, told by the parents of the commits the trusted
 * git checked; undefined when they do not tell (a commit it did not take in this way), and git decides.
 */
function descendsFromStart(repo: AgentRepo, tip: string): boolean | undefined {
  const seen = new Set<string>();
  const todo = [tip];
  while (todo.length > 0) {
    const commit = todo.pop()!;
    if (commit === repo.start) return true;
    if (seen.has(commit)) continue;
    seen.add(commit);
    const parents = repo.checkedParents.get(commit);
    if (!parents) return undefined;
    todo.push(...parents);
  }
  return false;
}
