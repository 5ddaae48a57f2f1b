// The run's phase for the checks before delivery (src/validate/): after the agent's last turn, with
// the tools still up, the commands from validate.commands or the default branch's AGENTS.md, the
// secret scan and the self-review (./self-review.ts), each finding sent back to the agent; then where
// a failing change goes and what the reply says of the checks (after the push: ./check-publish.ts).
import * as workflow from "../actions/log.ts";
import type { Budgets, LoopResult } from "../agent/loop.ts";
import { reviewNote } from "../validate/self-review.ts";
import { runDeadline, type TargetedRun, type Workspace } from "./types.ts";
import { selfReviewer } from "./self-review.ts";
import { validationCommands, type ValidationCommands } from "../validate/commands.ts";
import { failureAtTop, footerPart, heldBackNote, validationNote } from "../validate/report.ts";
import { checkWork, type WorkChecked } from "../validate/validate.ts";
import type { OpenConversation } from "./conversation.ts";
import { type Landing, ownedBy, ownPaths, runSecrets } from "./land.ts";
import { issueBranch } from "../git/branch-names.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import type { RunTools } from "./tools.ts";
import type { ForkCheckout } from "./fork.ts";
import { worktreeGit } from "../git/worktree.ts";
import type { ChangePlace } from "../validate/change.ts";

interface Checking {
  workspace: Workspace;
  conversation: OpenConversation;
  tools: RunTools;
  /** The run's budgets: the self-review's model call keeps within them. */
  budgets: Budgets;
  /** A fork's pull request: the change is in its worktree, from its head. */
  fork?: ForkCheckout;
}

/** Where the run's change is: the workspace from where the run started, or a fork's worktree from its head. */
async function changeUnderCheck(run: TargetedRun, workspace: Workspace, fork?: ForkCheckout): Promise<ChangePlace> {
  if (!fork) return { git: workspace.git, base: workspace.base };
  return { git: await worktreeGit(workspace.git, fork.root, workspace.toolEnv, run.redact), base: fork.base };
}

/** The checks and their rounds: the loops' results joined, and what was found. */
export async function checkBeforeDelivery(
  run: TargetedRun,
  { workspace, conversation, tools, budgets, fork }: Checking,
  first: LoopResult,
  again: (request: string) => Promise<LoopResult>,
): Promise<{ result: LoopResult; checked: WorkChecked }> {
  const own = ownPaths(run, workspace.root, conversation, tools.tasks?.ownFiles);
  const mine = ownedBy(own);
  const change = await changeUnderCheck(run, workspace, fork);
  const setUp = {
    settings: run.config.validate,
    commands: await commandsOf(run, workspace),
    ...change,
    mine,
    runner: tools.context,
    deadline: runDeadline(run),
    now: run.now,
    ...(run.config.validate.review && run.reviewChange
      ? { reviewer: selfReviewer(run, run.reviewChange, { workspace, change, mine, budgets }) }
      : {}),
    knownSecrets: runSecrets(run),
    log: run.log,
  };
  // A check that breaks does not lose the work: it is delivered unchecked, saying so in the log.
  return checkWork(setUp, first, again).catch((error: Error) => {
    workflow.warning(`gitclaw: the checks before delivery failed: ${run.redact(error.message)}`);
    return { result: first, checked: { secrets: [] } };
  });
}

/** validate.commands, else the default branch's AGENTS.md; none when it cannot be read, saying why. */
async function commandsOf(run: TargetedRun, workspace: Workspace): Promise<ValidationCommands | undefined> {
  const { commands } = run.config.validate;
  const at = commands ? undefined : await defaultBranchAt(run, workspace).catch(() => undefined);
  return validationCommands(commands, workspace.git, at).catch((error: Error) => {
    workflow.warning(`gitclaw: the validation commands could not be read: ${run.redact(error.message)}`);
    return undefined;
  });
}

/** Why the work goes to a pull request instead (validate.onFailure "pull-request"), when it does. */
export function divertOf(run: TargetedRun, checked: WorkChecked): string | undefined {
  if (!checked.validation?.failed || run.config.validate.onFailure !== "pull-request") return undefined;
  return `Validation failed, and \`validate.onFailure\` is "pull-request", so nothing went to \`${run.trigger.defaultBranch || "the default branch"}\`.`;
}

/** The job summary's section of the checks: what the reply says of them, when it says anything. */
export function checksSummary({ top, notes }: Pick<ReturnType<typeof checksReply>, "top" | "notes">): string {
  const said = [...top, ...notes];
  return said.length ? `\n### Checks before delivery\n\n${said.join("\n\n")}\n` : "";
}

/** What the reply says of the checks. */
export function checksReply(run: TargetedRun, checked: WorkChecked, landing: Landing) {
  const keptOn = landing.diverted ? issueBranch(run.target.conversationIssue) : undefined;
  const heldFrom = run.target.pull?.fork ? "the patch" : "the push";
  const footer = footerPart(checked.validation);
  return {
    top: failureAtTop(checked.validation, keptOn),
    notes: [
      ...reviewNote(checked.review),
      ...validationNote(checked.validation),
      ...heldBackNote(landing.heldBack?.findings ?? [], landing.heldBack?.whole, heldFrom),
    ],
    ...(footer ? { footer } : {}),
  };
}
