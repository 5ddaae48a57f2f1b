// What an issue (or pull request) has cost across its runs, and what the repository's runs cost today
// (UTC), summed from the committed sessions' gitclaw.run entries of a checkout (the runs' shared
// ledger counts the rest: src/run/cost-claim.ts). The caps budgets.maxCostUsdPerIssue and
// budgets.maxCostUsdPerDay refuse a run that would start over one (before any model call), and bound
// a run's own budget by what is left of them.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Budgets, LoopResult } from "../agent/loop.ts";
import type { Config } from "../config/config.ts";
import { plural } from "../text/format.ts";
import { CUSTOM } from "../session/custom.ts";
import { sessionsDir } from "../session/mapping.ts";

export interface CostHistory {
  /** The conversation's earlier runs (0 runs for a run without an issue). */
  issue: { cost: number; runs: number };
  /** Every run of the repository today (UTC), sub-agents' included. */
  day: { cost: number; runs: number; date: string };
}

interface RunRecord {
  cost: number;
  at: string;
  task: boolean;
}

/** One session's claimed issue and its runs; only the lines of gitclaw's records are parsed. */
function readSession(path: string): { issue?: number; runs: RunRecord[] } {
  const runs: RunRecord[] = [];
  let issue: number | undefined;
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.includes(CUSTOM.run) && !line.includes(CUSTOM.issue)) continue;
    let entry: { customType?: unknown; data?: Record<string, unknown>; timestamp?: unknown };
    try {
      entry = JSON.parse(line);
    } catch {
      continue; // a damaged line is reported where the session is opened
    }
    const data = entry.data ?? {};
    if (entry.customType === CUSTOM.issue && issue === undefined && typeof data.issueNumber === "number")
      issue = data.issueNumber;
    const cost = (data.usage as { cost?: { total?: unknown } } | undefined)?.cost?.total;
    if (entry.customType === CUSTOM.run && typeof cost === "number" && Number.isFinite(cost))
      runs.push({ cost, at: String(entry.timestamp ?? ""), task: data.taskId !== undefined });
  }
  return { issue, runs };
}

/** `conversation`: the issue or pull request whose runs to sum (0: none). */
export function costHistory(root: string, conversation: number, now: number): CostHistory {
  const date = new Date(now).toISOString().slice(0, 10);
  const history: CostHistory = { issue: { cost: 0, runs: 0 }, day: { cost: 0, runs: 0, date } };
  const dir = sessionsDir(root);
  if (!existsSync(dir)) return history;
  for (const name of readdirSync(dir)) {
    if (!name.endsWith(".jsonl")) continue;
    const session = readSession(join(dir, name));
    for (const run of session.runs) {
      if (run.at.startsWith(date)) {
        history.day.cost += run.cost;
        history.day.runs += 1;
      }
      if (conversation > 0 && session.issue === conversation && !run.task) {
        history.issue.cost += run.cost;
        history.issue.runs += 1;
      }
    }
  }
  return history;
}

type Caps = Pick<Config["budgets"], "maxCostUsdPerIssue" | "maxCostUsdPerDay">;
const usd = (amount: number) => `$${amount.toFixed(2)}`;

/** Why the run must not start, with the figures and how to raise the cap; undefined when it may. */
export function capRefusal(caps: Caps, history: CostHistory, conversation: number): string | undefined {
  const raise = (key: string) =>
    `Raise \`budgets.${key}\` in .github/gitclaw.json (or remove it) to let gitclaw go on, then ask again.`;
  const { issue, day } = history;
  if (caps.maxCostUsdPerIssue !== undefined && conversation > 0 && issue.cost >= caps.maxCostUsdPerIssue)
    return `gitclaw did not start: #${conversation} has cost ${usd(issue.cost)} over ${plural(issue.runs, "run")}, at or over the cap \`budgets.maxCostUsdPerIssue\` (${usd(caps.maxCostUsdPerIssue)}). ${raise("maxCostUsdPerIssue")}`;
  if (caps.maxCostUsdPerDay !== undefined && day.cost >= caps.maxCostUsdPerDay)
    return `gitclaw did not start: the runs of this repository cost ${usd(day.cost)} today (${day.date} UTC) over ${plural(day.runs, "run")}, at or over the cap \`budgets.maxCostUsdPerDay\` (${usd(caps.maxCostUsdPerDay)}). ${raise("maxCostUsdPerDay")}`;
  return undefined;
}

/** The run's budgets with maxCostUsd lowered to what is left of the caps, and which cap that is. */
export function cappedBudgets(
  budgets: Budgets & Caps,
  history: CostHistory,
  conversation: number,
): { budgets: Budgets; cap?: CapName } {
  const left: [CapName, number][] = [];
  if (budgets.maxCostUsdPerIssue !== undefined && conversation > 0)
    left.push(["maxCostUsdPerIssue", budgets.maxCostUsdPerIssue - history.issue.cost]);
  if (budgets.maxCostUsdPerDay !== undefined)
    left.push(["maxCostUsdPerDay", budgets.maxCostUsdPerDay - history.day.cost]);
  const tightest = left.sort((a, b) => a[1] - b[1])[0];
  if (!tightest || tightest[1] >= budgets.maxCostUsd) return { budgets };
  return { budgets: { ...budgets, maxCostUsd: tightest[1] }, cap: tightest[0] };
}

export type CapName = "maxCostUsdPerIssue" | "maxCostUsdPerDay";

/** A run stopped by the lowered maxCostUsd: its budget named as the cap, with the totals the cap counts. */
export function asCapBudget(
  result: LoopResult,
  capped: { cap?: CapName },
  caps: Caps,
  history: CostHistory,
): LoopResult {
  const { budget } = result;
  if (!capped.cap || budget?.name !== "maxCostUsd") return result;
  const before = capped.cap === "maxCostUsdPerIssue" ? history.issue.cost : history.day.cost;
  return { ...result, budget: { name: capped.cap, limit: caps[capped.cap]!, used: before + budget.used } };
}

/**
 * The footer's part: the conversation's total across its runs, this one included; none when no run
 * of it was priced (a local model, a scripted one), where a total of $0.00 would be a made-up figure.
 */
export function issueTotal(history: CostHistory, thisRun: number, kind: "issue" | "pull request"): string | undefined {
  const total = history.issue.cost + thisRun;
  return total > 0 ? `${kind} total ${usd(total)} over ${plural(history.issue.runs + 1, "run")}` : undefined;
}
