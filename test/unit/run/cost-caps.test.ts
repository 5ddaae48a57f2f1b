// What an issue and a day cost, summed from session files as runs write them (src/run/cost-caps.ts),
// and the caps budgets.maxCostUsdPerIssue and budgets.maxCostUsdPerDay.
import { appendFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LoopResult } from "../../../src/agent/loop.ts";
import { parseConfig } from "../../../src/config/config.ts";
import { asCapBudget, cappedBudgets, capRefusal, costHistory, issueTotal } from "../../../src/run/cost-caps.ts";
import { CUSTOM } from "../../../src/session/custom.ts";
import { emptyUsage } from "../../../src/session/entries.ts";
import { sessionsDir } from "../../../src/session/mapping.ts";
import { SessionFile } from "../../../src/session/session-file.ts";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "gitclaw-costs-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const usage = (total: number) => ({ ...emptyUsage(), cost: { ...emptyUsage().cost, total } });
const TODAY = Date.parse("2026-11-27T15:00:00Z");

/** A session as runs leave it: claimed by `issue` (or a prompt-run job), one gitclaw.run entry per cost, at `at`. */
function session(claim: { issue?: number; runKey?: string }, runs: { cost: number; at: string; taskId?: string }[]) {
  let clock = new Date(runs[0]?.at ?? "2026-11-27T00:00:00Z");
  const file = SessionFile.create(sessionsDir(root), { cwd: root, now: () => clock });
  if (claim.issue) file.appendCustom(CUSTOM.issue, { issueNumber: claim.issue });
  if (claim.runKey) file.appendCustom(CUSTOM.promptRun, { runKey: claim.runKey });
  for (const run of runs) {
    clock = new Date(run.at);
    file.appendCustom(CUSTOM.run, {
      runId: "1",
      outcome: "done",
      usage: usage(run.cost),
      ...(run.taskId ? { taskId: run.taskId } : {}),
    });
  }
  return file;
}

describe("costHistory", () => {
  it("sums an issue's runs across its sessions, and every run of the UTC day, from the committed files", () => {
    session({ issue: 7 }, [
      { cost: 0.2, at: "2026-11-26T23:59:59Z" },
      { cost: 0.3, at: "2026-11-27T00:00:01Z" },
    ]);
    // A replacement session of the same issue (the first one was damaged) counts too.
    session({ issue: 7 }, [{ cost: 0.1, at: "2026-11-27T10:00:00Z" }]);
    session({ issue: 8 }, [{ cost: 1, at: "2026-11-27T11:00:00Z" }]);
    session({ runKey: "nightly-nightly" }, [{ cost: 0.05, at: "2026-11-27T02:00:00Z" }]);
    // A sub-agent's run: the day pays for it; its issue's total is the parent's own runs.
    session({ issue: 7 }, [{ cost: 0.4, at: "2026-11-27T12:00:00Z", taskId: "t1" }]);
    appendFileSync(join(sessionsDir(root), "broken.jsonl"), `{"customType":"${CUSTOM.run}", cut off\n`);

    const history = costHistory(root, 7, TODAY);
    expect(history.issue.runs).toBe(3);
    expect(history.issue.cost).toBeCloseTo(0.6);
    expect(history.day).toMatchObject({ runs: 5, date: "2026-11-27" });
    expect(history.day.cost).toBeCloseTo(0.3 + 0.1 + 1 + 0.05 + 0.4);
    expect(costHistory(root, 0, TODAY).issue).toEqual({ cost: 0, runs: 0 });
    expect(issueTotal(history, 0.42, "issue")).toBe("issue total $1.02 over 4 runs");
    // Nothing priced (a local or scripted model): no total, rather than a made-up $0.00.
    expect(issueTotal({ ...history, issue: { cost: 0, runs: 3 } }, 0, "issue")).toBeUndefined();
  });

  it("is nothing for a repository without sessions", () => {
    expect(costHistory(root, 3, TODAY)).toEqual({
      issue: { cost: 0, runs: 0 },
      day: { cost: 0, runs: 0, date: "2026-11-27" },
    });
  });
});

describe("the caps", () => {
  const budgets = (caps: object) => parseConfig({ budgets: caps }).budgets;

  it("refuse a run of an issue at or over maxCostUsdPerIssue, with the figures and how to raise it", () => {
    session({ issue: 7 }, [
      { cost: 0.3, at: "2026-11-20T10:00:00Z" },
      { cost: 0.2, at: "2026-11-21T10:00:00Z" },
    ]);
    const history = costHistory(root, 7, TODAY);
    const refusal = capRefusal(budgets({ maxCostUsdPerIssue: 0.5 }), history, 7);
    expect(refusal).toBe(
      "gitclaw did not start: #7 has cost $0.50 over 2 runs, at or over the cap `budgets.maxCostUsdPerIssue` ($0.50). " +
        "Raise `budgets.maxCostUsdPerIssue` in .github/gitclaw.json (or remove it) to let gitclaw go on, then ask again.",
    );
    expect(capRefusal(budgets({ maxCostUsdPerIssue: 0.51 }), history, 7)).toBeUndefined();
    expect(capRefusal(budgets({}), history, 7)).toBeUndefined();
  });

  it("refuse any run once the day's runs reached maxCostUsdPerDay; yesterday's do not count", () => {
    session({ issue: 1 }, [{ cost: 5, at: "2026-11-26T20:00:00Z" }]);
    session({ issue: 2 }, [{ cost: 0.6, at: "2026-11-27T08:00:00Z" }]);
    session({ runKey: "nightly-nightly" }, [{ cost: 0.4, at: "2026-11-27T09:00:00Z" }]);
    const history = costHistory(root, 3, TODAY);
    const refusal = capRefusal(budgets({ maxCostUsdPerDay: 1 }), history, 3);
    expect(refusal).toContain("the runs of this repository cost $1.00 today (2026-11-27 UTC) over 2 runs");
    expect(refusal).toContain("`budgets.maxCostUsdPerDay` ($1.00)");
    expect(refusal).toContain("Raise `budgets.maxCostUsdPerDay` in .github/gitclaw.json");
    // A run without an issue is held to the day's cap as well.
    expect(capRefusal(budgets({ maxCostUsdPerDay: 1 }), costHistory(root, 0, TODAY), 0)).toContain("today");
    expect(capRefusal(budgets({ maxCostUsdPerDay: 1.01 }), history, 3)).toBeUndefined();
  });

  it("lower the run's own budget to what is left of the tightest cap, and name that cap when it stops the run", () => {
    session({ issue: 7 }, [{ cost: 0.7, at: "2026-11-27T08:00:00Z" }]);
    session({ issue: 8 }, [{ cost: 2, at: "2026-11-27T09:00:00Z" }]);
    const history = costHistory(root, 7, TODAY);
    const caps = budgets({ maxCostUsdPerIssue: 1, maxCostUsdPerDay: 5 });
    const capped = cappedBudgets(caps, history, 7);
    expect(capped.cap).toBe("maxCostUsdPerIssue");
    expect(capped.budgets.maxCostUsd).toBeCloseTo(0.3);
    expect(cappedBudgets(budgets({ maxCostUsdPerDay: 2.8 }), history, 7)).toMatchObject({ cap: "maxCostUsdPerDay" });
    // The run's own maxCostUsd (10 by default) is tighter than what is left: nothing changes.
    expect(cappedBudgets(budgets({ maxCostUsdPerDay: 100 }), history, 7)).toEqual({
      budgets: budgets({ maxCostUsdPerDay: 100 }),
    });

    const stopped: LoopResult = {
      outcome: "budget",
      text: "Half done.",
      turns: 2,
      toolCalls: 1,
      usage: usage(0.35),
      budget: { name: "maxCostUsd", limit: 0.3, used: 0.35 },
    };
    const named = asCapBudget(stopped, capped, caps, history);
    expect(named.budget?.name).toBe("maxCostUsdPerIssue");
    expect(named.budget?.limit).toBe(1);
    expect(named.budget?.used).toBeCloseTo(1.05);
    expect(
      asCapBudget({ ...stopped, outcome: "done", budget: undefined }, capped, caps, history).budget,
    ).toBeUndefined();
  });
});
