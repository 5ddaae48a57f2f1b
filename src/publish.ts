// The end of a run: what the reply says (outcome, where the work went, the footer) and posting it.
import { relative } from "node:path";
import type { LoopResult } from "./agent/loop.ts";
import type { PushOutcome } from "./git/land.ts";
import type { GitHubClient } from "./github/client.ts";
import { createComment, type Repo } from "./github/operations.ts";
import { formatCost, formatDuration, formatTokens } from "./format.ts";
import { replyBodies } from "./reply.ts";

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
