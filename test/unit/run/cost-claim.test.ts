// Runs that start together (#37): each claims its budget through the cost ledger on a real bare
// origin (src/run/cost-claim.ts, src/run/cost-ledger.ts) before its first model call; together
// they reserve no more than the cap, the one past it is refused, and what a run spent replaces its
// reservation. Without a cap the ledger is never touched.
import { rmSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { parseConfig } from "../../../src/config/config.ts";
import { createGit } from "../../../src/git/git.ts";
import { claimBudget, type ClaimContext } from "../../../src/run/cost-claim.ts";
import { LEDGER_REF } from "../../../src/run/cost-ledger.ts";
import { createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";

let repo: TempRepo;
beforeEach(async () => {
  repo = await createTempRepo();
});
afterEach(() => rmSync(repo.root, { recursive: true, force: true }));

/** A run's context in a checkout of its own, as concurrent jobs each have one. */
async function runIn(name: string, budgets: object): Promise<ClaimContext> {
  const root = await repo.clone(name);
  return {
    config: parseConfig({ budgets }),
    now: Date.now,
    redact: (text) => text,
    git: createGit(root),
    remote: "origin",
    root,
  };
}

describe("claims on the cost caps", () => {
  it("let runs that start together reserve no more than the day's cap; the next is refused", async () => {
    const budgets = { maxCostUsd: 0.8, maxCostUsdPerDay: 1 };
    const runs = await Promise.all(["a", "b", "c"].map((name) => runIn(name, budgets)));
    const claims = await Promise.all(runs.map((run) => claimBudget(run, 7)));

    const started = claims.filter((claim) => !claim.refusal);
    const reserved = started.map((claim) => claim.capped.budgets.maxCostUsd).sort();
    // One gets its whole budget, one what the cap leaves; the third finds nothing left.
    expect(reserved.map((n) => n.toFixed(2))).toEqual(["0.20", "0.80"]);
    expect(claims.filter((claim) => claim.refusal)).toHaveLength(1);
    expect(claims.find((claim) => claim.refusal)!.refusal).toContain("`budgets.maxCostUsdPerDay` ($1.00)");

    // The runs spend less than they reserved: what they spent is what counts from then on.
    for (const claim of started) await claim.settle(0.1);
    const next = await claimBudget(await runIn("d", budgets), 8);
    expect(next.refusal).toBeUndefined();
    expect(next.history.day.cost).toBeCloseTo(0.2);
    expect(next.capped.budgets.maxCostUsd).toBeCloseTo(0.8);
  });

  it("count a conversation's reservations against its issue cap, whichever checkout the run has", async () => {
    const budgets = { maxCostUsd: 2, maxCostUsdPerIssue: 0.5 };
    const first = await claimBudget(await runIn("a", budgets), 3);
    expect(first.capped.budgets.maxCostUsd).toBe(0.5);
    // Still running (nothing settled): its reservation holds the issue's whole cap.
    const second = await claimBudget(await runIn("b", budgets), 3);
    expect(second.refusal).toContain("#3 has cost $0.50 over 1 run");
    const other = await claimBudget(await runIn("c", budgets), 4);
    expect(other.refusal).toBeUndefined();
  });

  it("leave the ledger alone where no cap is set", async () => {
    const claim = await claimBudget(await runIn("a", { maxCostUsd: 1 }), 3);
    expect(claim.refusal).toBeUndefined();
    expect(await git(repo.origin, "for-each-ref", LEDGER_REF)).toBe("");
  });
});
