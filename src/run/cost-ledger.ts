// The cost ledger: what every run and review spends, shared by all of them through the repository's
// remote, whichever branch holds their sessions. It is one file, costs.jsonl, in the commit that
// `refs/gitclaw/costs` names (outside refs/heads: no branch, no push event, no workflow). Before its
// first model call a run reserves what it may spend (its maxCostUsd, lowered to what the caps leave)
// by pushing a commit that appends the reservation to the ledger it read, on condition that the ref
// is still the commit it read (--force-with-lease: the remote compares and swaps under its lock); the
// push is refused when another run moved the ref first, and the run reads again and decides again.
// Each ledger commit has no parent: a read fetches one commit and one file, never a history. Runs that start
// together are thus ordered: each sees the others' reservations, so together they pass a cap by at
// most one model call's overshoot of one run's budget. After the run, what it spent replaces its
// reservation (a run that dies keeps its reservation counted: a cap errs on the side of spending less).
// Used only where a cap is set; without one the ledger is neither read nor written.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Git } from "../git/git.ts";
import type { CostHistory } from "./cost-caps.ts";

export const LEDGER_REF = "refs/gitclaw/costs";
const LEDGER_FILE = "costs.jsonl";

const Reserved = z.object({
  id: z.string(),
  issue: z.int().nonnegative(),
  at: z.string(),
  reserved: z.number().nonnegative(),
});
const Spent = z.object({ id: z.string(), spent: z.number().nonnegative() });
const Entry = z.union([Reserved, Spent]);
type Entry = z.infer<typeof Reserved> | z.infer<typeof Spent>;

export interface Ledger {
  /** The commit the ref named when read; undefined: no ledger yet. */
  tip?: string;
  entries: Entry[];
  text: string;
}

/** Where the last read of the ledger is kept in the checkout's repository. */
const READ_REF = "refs/gitclaw/costs-read";

/** The remote's ledger, as it is now. */
export async function readLedger(git: Git, remote: string): Promise<Ledger> {
  const fetched = await git.run(["fetch", "-q", "--no-tags", remote, `+${LEDGER_REF}:${READ_REF}`], { remote: true });
  if (fetched.exitCode !== 0) {
    if (/couldn't find remote ref/i.test(fetched.stderr)) return { entries: [], text: "" };
    throw new Error(`the fetch of ${LEDGER_REF} failed: ${fetched.stderr.trim().split("\n").at(-1)}`);
  }
  const tip = await git.must(["rev-parse", READ_REF]);
  const text = await git.must(["cat-file", "blob", `${tip}:${LEDGER_FILE}`]);
  const entries = text.split("\n").flatMap((line) => {
    try {
      const parsed = Entry.safeParse(JSON.parse(line));
      return parsed.success ? [parsed.data] : [];
    } catch {
      return []; // a damaged line counts for nothing; the sessions still count
    }
  });
  return { tip, entries, text: text ? `${text}\n` : "" };
}

/** The issue's and the day's totals the ledger holds: what each run spent, or else what it reserved. */
export function ledgerHistory(ledger: Ledger, conversation: number, now: number): CostHistory {
  const date = new Date(now).toISOString().slice(0, 10);
  const spent = new Map<string, number>();
  for (const entry of ledger.entries) if ("spent" in entry) spent.set(entry.id, entry.spent);
  const history: CostHistory = { issue: { cost: 0, runs: 0 }, day: { cost: 0, runs: 0, date } };
  for (const entry of ledger.entries) {
    if (!("reserved" in entry)) continue;
    const cost = spent.get(entry.id) ?? entry.reserved;
    if (entry.at.startsWith(date))
      history.day = { ...history.day, cost: history.day.cost + cost, runs: history.day.runs + 1 };
    if (conversation > 0 && entry.issue === conversation)
      history.issue = { cost: history.issue.cost + cost, runs: history.issue.runs + 1 };
  }
  return history;
}

/** Appends `line` to the ledger read as `ledger`; false when another run moved the ref first. */
export async function appendLedger(git: Git, remote: string, ledger: Ledger, line: object): Promise<boolean> {
  const blob = await git.must(["hash-object", "-w", "--stdin"], { input: `${ledger.text}${JSON.stringify(line)}\n` });
  const tree = await git.must(["mktree"], { input: `100644 blob ${blob}\t${LEDGER_FILE}\n` });
  const commit = await git.must(["commit-tree", tree, "-m", "gitclaw: cost ledger"]);
  // Only over the commit that was read (none: only where there is no ledger yet); else refused, and read again.
  const lease = `--force-with-lease=${LEDGER_REF}:${ledger.tip ?? ""}`;
  const pushed = await git.run(["push", "--porcelain", lease, remote, `${commit}:${LEDGER_REF}`], { remote: true });
  if (pushed.exitCode === 0) return true;
  const said = `${pushed.stdout}\n${pushed.stderr}`;
  if (/fetch first|non-fast-forward|stale info|cannot lock ref|failed to update ref/i.test(said)) return false;
  throw new Error(`the push to ${LEDGER_REF} was refused: ${said.trim().split("\n").at(-1)}`);
}

export interface Reservation {
  id: string;
  issue: number;
  at: string;
  reserved: number;
}

export const newReservationId = (): string => randomUUID();

/** Takes the higher of two histories, per cap: the sessions and the ledger count the same runs. */
export function higherHistory(a: CostHistory, b: CostHistory): CostHistory {
  return {
    issue: a.issue.cost >= b.issue.cost ? a.issue : b.issue,
    day: a.day.cost >= b.day.cost ? a.day : b.day,
  };
}
