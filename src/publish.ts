// The end of a run: keep the agent inside its allowed paths, commit, push, and answer on the issue.
import { relative } from "node:path";
import type { LoopResult } from "./agent/loop.ts";
import { GitError, type Git, type GitResult, type PushOutcome } from "./git.ts";
import type { GitHubClient } from "./github/client.ts";
import { createComment, type Repo } from "./github/operations.ts";
import { formatCost, formatDuration, formatTokens } from "./format.ts";
import { replyBodies } from "./reply.ts";

/** A path is protected when it equals a protected entry or lies under one ending in `/`. */
export function isProtected(path: string, protectedPaths: readonly string[]): boolean {
  return protectedPaths.some((p) => (p.endsWith("/") ? path.startsWith(p) : path === p || path.startsWith(`${p}/`)));
}

/**
 * Undoes the run's changes to protected paths before anything is committed. The orchestrator's own
 * files (this issue's mapping, session and artifacts) are the only exception under state/.
 */
export async function revertProtectedChanges(git: Git, protectedPaths: readonly string[], ownFiles: readonly string[]): Promise<string[]> {
  const reverted: string[] = [];
  for (const { code, path } of await changedPaths(git)) {
    if (ownFiles.some((own) => path === own || path.startsWith(own.endsWith("/") ? own : `${own}/`))) continue;
    if (!isProtected(path, protectedPaths)) continue;
    if (code === "??") await git.run(["clean", "-fdq", "--", path]);
    else await git.run(["checkout", "-q", "HEAD", "--", path]);
    reverted.push(path);
  }
  return reverted;
}

/** What `git status` lists as changed in the working tree, untracked files one by one. */
export async function changedPaths(git: { run(args: string[]): Promise<GitResult> }): Promise<Array<{ code: string; path: string }>> {
  const status = await git.run(["status", "--porcelain=v1", "-z", "--untracked-files=all"]);
  if (status.exitCode !== 0) throw new GitError(`git status failed: ${status.stderr || status.stdout}`);
  const entries = status.stdout.split("\0").filter(Boolean);
  const changed: Array<{ code: string; path: string }> = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    const code = entry.slice(0, 2);
    if (code.startsWith("R") || code.startsWith("C")) i++; // the next field is the rename source
    changed.push({ code, path: entry.slice(3) });
  }
  return changed;
}

export interface RunStats {
  durationMs: number;
  result: LoopResult;
  model: string;
  runUrl: string;
  sessionUrl?: string;
  commitUrl?: string;
}


export function footer(stats: RunStats): string {
  const { result } = stats;
  const u = result.usage;
  const parts = [
    formatDuration(stats.durationMs),
    `${result.turns} turn${result.turns === 1 ? "" : "s"}`,
    `${result.toolCalls} tool call${result.toolCalls === 1 ? "" : "s"}`,
    `${formatTokens(u.input + u.cacheRead + u.cacheWrite)} in (${formatTokens(u.cacheRead)} cached) / ${formatTokens(u.output)} out`,
    formatCost(u.cost.total),
    `\`${stats.model}\``,
    `[run](${stats.runUrl})`,
    ...(stats.sessionUrl ? [`[session](${stats.sessionUrl})`] : []),
    ...(stats.commitUrl ? [`[commit](${stats.commitUrl})`] : []),
  ];
  return `<sub>${parts.join(" · ")}</sub>`;
}

/** The reply text for an outcome: never empty, always says how to continue when the run stopped early. */
export function replyText(result: LoopResult, stats: { durationMs: number; runUrl: string; maxTurns: number; maxMinutes: number }): string {
  const said = result.text.trim();
  switch (result.outcome) {
    case "done":
      return said || `gitclaw finished without a text reply. See the [run](${stats.runUrl}) for what it did.`;
    case "max_turns":
      return `${said ? `${said}\n\n` : ""}> [!NOTE]\n> Stopped at the turn budget (${stats.maxTurns} turns). Comment to continue where it left off.`;
    case "budget": {
      const b = result.budget!;
      const amount = b.name === "maxCostUsd" ? `$${b.used.toFixed(2)} of $${b.limit.toFixed(2)}` : `${b.used} of ${b.limit} output tokens`;
      return `${said ? `${said}\n\n` : ""}> [!NOTE]\n> Stopped at the budget \`budgets.${b.name}\` (${amount}). Comment to continue, or raise it in .github/gitclaw.json.`;
    }
    case "deadline":
      return `${said ? `${said}\n\n` : ""}> [!NOTE]\n> Stopped at the time budget (${stats.maxMinutes} minutes). Comment to continue where it left off.`;
    case "aborted":
      return `${said ? `${said}\n\n` : ""}> [!WARNING]\n> Cancelled after ${formatDuration(stats.durationMs)}, ${result.turns} turn${result.turns === 1 ? "" : "s"}. Everything done so far is saved; comment to continue.`;
    case "error":
      return `${said ? `${said}\n\n` : ""}> [!CAUTION]\n> The run failed: ${result.errorMessage ?? "unknown error"}. Everything done so far is saved; comment to try again.`;
  }
}

export interface CommitPlan {
  issueNumber: number;
  title: string;
  runUrl: string;
  coAuthor?: { login: string; id: number };
}

export function commitMessage(plan: CommitPlan): string {
  const title = plan.title.replace(/\s+/g, " ").trim().slice(0, 60);
  return withTrailers(`gitclaw: issue #${plan.issueNumber}${title ? ` — ${title}` : ""}`, plan);
}

/** A bot commit's message: the run that made it and, when a person asked for it, their co-author trailer. */
export function withTrailers(message: string, plan: { runUrl?: string; coAuthor?: CommitPlan["coAuthor"] }): string {
  const lines = [message.trim()];
  if (plan.runUrl) lines.push("", `Run: ${plan.runUrl}`);
  if (plan.coAuthor) lines.push("", `Co-authored-by: ${plan.coAuthor.login} <${plan.coAuthor.id}+${plan.coAuthor.login}@users.noreply.github.com>`);
  return lines.join("\n");
}

export function describePush(push: PushOutcome | undefined, error: string | undefined, links: { compare: (branch: string) => string }): string {
  if (error) return `> [!WARNING]\n> The changes and the session could not be pushed: ${error}`;
  if (push && !push.landed) {
    return `> [!WARNING]\n> ${push.reason}. The changes were kept on branch \`${push.branch}\` instead: [compare](${links.compare(push.branch)}).`;
  }
  return "";
}

export async function postReply(github: GitHubClient, repo: Repo, issueNumber: number, text: string, footerText: string): Promise<number[]> {
  const ids: number[] = [];
  for (const body of replyBodies(text, footerText)) ids.push((await createComment(github, repo, issueNumber, body)).id);
  return ids;
}

export const repoRelative = (root: string, path: string) => relative(root, path).split("\\").join("/");
