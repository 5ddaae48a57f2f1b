// A run's claim on the cost caps, before its first model call (issue runs, prompt runs and automatic
// reviews alike): the spending so far, the higher of the checked-out sessions' and the shared
// ledger's (src/run/cost-ledger.ts, which counts runs whose sessions are on other branches and runs
// still going); a refusal when a cap is reached; else the run's budget lowered to what is left,
// reserved in the ledger, and settled there with what the run spent.
import * as workflow from "../actions/log.ts";
import type { Budgets } from "../agent/loop.ts";
import type { Config } from "../config/config.ts";
import type { Git } from "../git/git.ts";
import { backoffDelay } from "../git/land.ts";
import { type CapName, cappedBudgets, capRefusal, costHistory, type CostHistory } from "./cost-caps.ts";
import {
  appendLedger,
  higherHistory,
  type Ledger,
  ledgerHistory,
  newReservationId,
  readLedger,
  type Reservation,
} from "./cost-ledger.ts";

/** Reads and pushes of the ledger before a run gives up on it (other runs moving it first). */
const LEDGER_ATTEMPTS = 8;

export interface CostClaim {
  history: CostHistory;
  /** Why the run must not start, with the figures; undefined when it may. */
  refusal?: string;
  capped: { budgets: Budgets; cap?: CapName };
  /** Records what the run spent in place of its reservation (nothing to do without one). */
  settle(cost: number): Promise<void>;
}

export interface ClaimContext {
  config: Pick<Config, "budgets">;
  now: () => number;
  redact: (text: string) => string;
  git: Git;
  remote: string;
  /** The checkout's root, whose committed sessions count. */
  root: string;
}

export async function claimBudget(context: ClaimContext, conversation: number): Promise<CostClaim> {
  const { budgets } = context.config;
  const sessions = costHistory(context.root, conversation, context.now());
  const unclaimed = (history: CostHistory): CostClaim => ({
    history,
    refusal: capRefusal(budgets, history, conversation),
    capped: cappedBudgets(budgets, history, conversation),
    settle: async () => {},
  });
  if (budgets.maxCostUsdPerIssue === undefined && budgets.maxCostUsdPerDay === undefined) return unclaimed(sessions);
  try {
    return (await reserve(context, conversation, sessions)) ?? unclaimed(sessions);
  } catch (error) {
    workflow.warning(
      `gitclaw: the cost ledger (${context.redact((error as Error).message)}) could not be used; the caps count this checkout's sessions only`,
    );
    return unclaimed(sessions);
  }
}

/** Reads the ledger, decides, and reserves; again when another run reserved first. Undefined: it never got through. */
async function reserve(
  context: ClaimContext,
  conversation: number,
  sessions: CostHistory,
): Promise<CostClaim | undefined> {
  const { budgets } = context.config;
  for (let attempt = 1; attempt <= LEDGER_ATTEMPTS; attempt++) {
    const ledger = await readLedger(context.git, context.remote);
    const history = higherHistory(sessions, ledgerHistory(ledger, conversation, context.now()));
    const refusal = capRefusal(budgets, history, conversation);
    const capped = cappedBudgets(budgets, history, conversation);
    if (refusal) return { history, refusal, capped, settle: async () => {} };
    const reservation: Reservation = {
      id: newReservationId(),
      issue: conversation,
      at: new Date(context.now()).toISOString(),
      reserved: capped.budgets.maxCostUsd,
    };
    if (await appendLedger(context.git, context.remote, ledger, reservation))
      return { history, capped, settle: (cost) => settle(context, reservation.id, cost) };
    await Bun.sleep(backoffDelay(attempt, 200, Math.random));
  }
  workflow.warning(
    `gitclaw: the cost ledger kept moving (${LEDGER_ATTEMPTS} tries); the caps count this checkout's sessions only`,
  );
  return undefined;
}

/** What the run spent, in place of its reservation; a ledger that cannot take it keeps the reservation counted. */
async function settle(context: ClaimContext, id: string, cost: number): Promise<void> {
  try {
    for (let attempt = 1; attempt <= LEDGER_ATTEMPTS; attempt++) {
      const ledger: Ledger = await readLedger(context.git, context.remote);
      if (await appendLedger(context.git, context.remote, ledger, { id, spent: cost })) return;
      await Bun.sleep(backoffDelay(attempt, 200, Math.random));
    }
    workflow.warning("gitclaw: the cost ledger kept moving; this run's reservation stays counted in place of its cost");
  } catch (error) {
    workflow.warning(
      `gitclaw: the run's cost could not be written to the ledger: ${context.redact((error as Error).message)}`,
    );
  }
}
