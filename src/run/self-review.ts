// The self-review's model call for the checks before delivery (validate.review): the review engine the
// agent stage hands the run (src/review/own-change.ts) over the run's change, with the default
// branch's review guidance, answered in a conversation of its own that is not kept.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Budgets, runAgentLoop } from "../agent/loop.ts";
import { emptyUsage } from "../session/entries.ts";
import { SessionFile } from "../session/session-file.ts";
import type { AskReview, ReviewChange, SelfReviewer } from "../validate/self-review.ts";
import type { ChangePlace } from "../validate/change.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import { runDeadline, type TargetedRun, toolFreeContext, type Workspace } from "./types.ts";

interface SelfReviewPlace {
  workspace: Workspace;
  /** Where the change is: the workspace, or a fork's worktree. */
  change: ChangePlace;
  mine: (path: string) => boolean;
  budgets: Budgets;
}

/** The review engine over the run's change, with the default branch's review guidance. */
export function selfReviewer(
  run: TargetedRun,
  reviewChange: ReviewChange,
  { workspace, change: place, mine, budgets }: SelfReviewPlace,
): SelfReviewer {
  return async () => {
    const at = await defaultBranchAt(run, workspace).catch(() => undefined);
    const change = {
      ...place,
      mine,
      repository: `${run.env.owner}/${run.env.repo}`,
      title: run.trigger.title || `#${run.target.conversationIssue}`,
      author: run.trigger.actor.login,
      settings: run.config.review,
      ...(at ? { guidanceAt: at.commit } : {}),
    };
    return reviewChange(change, askForReview(run, workspace, budgets));
  };
}

/** One answer to a review request, in a conversation of its own that is not kept (its findings are the message the agent gets). */
function askForReview(run: TargetedRun, workspace: Workspace, budgets: Budgets): AskReview {
  return async (instructions, message) => {
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-self-review-"));
    try {
      const session = SessionFile.create(dir, { cwd: workspace.root });
      session.appendStart(run.resolved);
      session.appendUserText(run.redact(message), run.now());
      const spending = { turns: 0, usage: emptyUsage() };
      const toolContext = toolFreeContext(run, workspace, session);
      const result = await runAgentLoop({
        ...{ session, model: run.resolved, instructions, tools: [], toolContext, spending },
        ...{ budgets: { ...budgets, maxTurns: 1 }, compaction: run.config.compaction },
        ...{ deadline: runDeadline(run), signal: run.signal, now: run.now },
      });
      const failed =
        result.outcome === "done" ? {} : { failed: result.errorMessage ?? `it stopped (${result.outcome})` };
      return { text: result.text, usage: spending.usage, ...failed };
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
}
