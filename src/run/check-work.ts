// The run's phase for the checks before delivery (src/validate/): after the agent's last turn, with
// the tools still up, the commands from validate.commands or the default branch's AGENTS.md, the
// secret scan, each finding sent back to the agent; then what the reply says of them, and, once the
// work is pushed, the `gitclaw validation` check run on the pushed commit.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import { type Budgets, type LoopResult, runAgentLoop } from "../agent/loop.ts";
import { createArtifactStore } from "../session/artifacts.ts";
import { emptyUsage } from "../session/entries.ts";
import { SessionFile } from "../session/session-file.ts";
import { createReview, findPullRequest } from "../github/pulls.ts";
import {
  type AskReview,
  pullRequestReviewBody,
  type ReviewChange,
  reviewNote,
  type SelfReviewer,
} from "../validate/self-review.ts";
import { runDeadline, type TargetedRun, type Workspace } from "./types.ts";
import { completeCheckRun, createCheckRun } from "../github/checks.ts";
import { callout } from "../github/markdown.ts";
import { validationCommands, type ValidationCommands } from "../validate/commands.ts";
import {
  heldBackNote,
  checkOutputOf,
  failureAtTop,
  footerPart,
  VALIDATION_CHECK,
  validationNote,
} from "../validate/report.ts";
import { checkWork, type WorkChecked } from "../validate/validate.ts";
import type { OpenConversation } from "./conversation.ts";
import { type Landing, ownedBy, ownPaths, runSecrets } from "./land.ts";
import { issueBranch } from "../git/branch-names.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import type { RunTools } from "./tools.ts";

interface Checking {
  workspace: Workspace;
  conversation: OpenConversation;
  tools: RunTools;
  /** The run's budgets: the self-review's model call keeps within them. */
  budgets: Budgets;
}

/** The checks and their rounds: the loops' results joined, and what was found. */
export async function checkBeforeDelivery(
  run: TargetedRun,
  { workspace, conversation, tools, budgets }: Checking,
  first: LoopResult,
  again: (request: string) => Promise<LoopResult>,
): Promise<{ result: LoopResult; checked: WorkChecked }> {
  const own = ownPaths(run, workspace.root, conversation, tools.tasks?.ownFiles);
  const mine = ownedBy(own);
  const setUp = {
    settings: run.config.validate,
    commands: await commandsOf(run, workspace),
    git: workspace.git,
    base: workspace.base,
    mine,
    runner: tools.context,
    deadline: runDeadline(run),
    now: run.now,
    ...(run.config.validate.review && run.reviewChange
      ? { reviewer: selfReviewer(run, run.reviewChange, { workspace, mine, budgets }) }
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

/** The review engine over the run's change, with the default branch's review guidance. */
function selfReviewer(
  run: TargetedRun,
  reviewChange: ReviewChange,
  { workspace, mine, budgets }: { workspace: Workspace; mine: (path: string) => boolean; budgets: Budgets },
): SelfReviewer {
  return async () => {
    const at = await defaultBranchAt(run, workspace).catch(() => undefined);
    const change = {
      git: workspace.git,
      base: workspace.base,
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
      const toolContext = {
        workspace: workspace.root,
        signal: run.signal,
        env: workspace.toolEnv,
        artifacts: createArtifactStore(session.artifactsDir),
        redact: run.redact,
      };
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

/** Why the work goes to a pull request instead (validate.onFailure "pull-request"), when it does. */
export function divertOf(run: TargetedRun, checked: WorkChecked): string | undefined {
  if (!checked.validation?.failed || run.config.validate.onFailure !== "pull-request") return undefined;
  return `Validation failed, and \`validate.onFailure\` is "pull-request", so nothing went to \`${run.trigger.defaultBranch || "the default branch"}\`.`;
}

/** What the reply says of the checks. */
export function checksReply(run: TargetedRun, checked: WorkChecked, landing: Landing) {
  const keptOn = landing.diverted ? issueBranch(run.target.conversationIssue) : undefined;
  const footer = footerPart(checked.validation);
  return {
    top: failureAtTop(checked.validation, keptOn),
    notes: [
      ...reviewNote(checked.review),
      ...validationNote(checked.validation),
      ...heldBackNote(landing.heldBack?.findings ?? [], landing.heldBack?.whole),
    ],
    ...(footer ? { footer } : {}),
  };
}

/** Once the work is pushed: the check run, and the self-review on the pull request it went to. */
export async function afterPush(
  run: TargetedRun,
  workspace: Workspace,
  checked: WorkChecked,
  landing: Landing,
): Promise<string[]> {
  return [
    ...(await validationCheck(run, workspace, checked, landing)),
    ...(await selfReviewOnPullRequest(run, workspace, checked, landing)),
  ];
}

/** The `gitclaw validation` check run on the pushed commit; a note when it could not be made. */
export async function validationCheck(
  run: TargetedRun,
  workspace: Workspace,
  checked: WorkChecked,
  landing: Landing,
): Promise<string[]> {
  const { validation } = checked;
  const pushed = landing.push?.sha;
  if (!validation || !pushed) return [];
  try {
    const id = await createCheckRun(run.api, run.repo, {
      name: VALIDATION_CHECK,
      headSha: await checkedHead(workspace, pushed),
      detailsUrl: run.link,
      title: "Validation",
    });
    const { conclusion, output } = checkOutputOf(validation);
    await completeCheckRun(run.api, run.repo, id, {
      conclusion,
      output: { ...output, title: run.redact(output.title), summary: run.redact(output.summary) },
    });
    return [];
  } catch (error) {
    const why = run.redact((error as Error).message);
    workflow.warning(`gitclaw: could not create the ${VALIDATION_CHECK} check run: ${why}`);
    return [
      callout(
        "WARNING",
        `Could not create the \`${VALIDATION_CHECK}\` check run (${why}): the workflow needs \`checks: write\`.`,
      ),
    ];
  }
}

/** The commit the check goes on: the checkout's head when it holds the pushed work (the delivery's own commit after it, linking the pull request), else the pushed commit. */
async function checkedHead(workspace: Workspace, pushed: string): Promise<string> {
  const head = await workspace.git.must(["rev-parse", "HEAD"]);
  const holds = await workspace.git.run(["merge-base", "--is-ancestor", pushed, head]);
  return holds.exitCode === 0 ? head : pushed;
}

/**
 * What the self-review still finds, as a review on the pull request the work went to (the run's own,
 * or the one gitclaw's branch for the issue has); a note when it could not be posted.
 */
export async function selfReviewOnPullRequest(
  run: TargetedRun,
  workspace: Workspace,
  checked: WorkChecked,
  landing: Landing,
): Promise<string[]> {
  const { review } = checked;
  const push = landing.push;
  if (!review?.findings.length || !push) return [];
  try {
    const onIssueBranch = run.target.delivers || landing.diverted !== undefined || (!push.landed && push.refused);
    const pull = run.target.pull?.fork
      ? undefined
      : (run.target.pull?.number ??
        (onIssueBranch ? await findPullRequest(run.api, run.repo, push.branch) : undefined));
    if (pull === undefined) return [];
    const body = run.redact(pullRequestReviewBody(review));
    await createReview(run.api, run.repo, pull, {
      commitId: await checkedHead(workspace, push.sha),
      event: "COMMENT",
      body,
      comments: [],
    });
    return [];
  } catch (error) {
    const why = run.redact((error as Error).message);
    workflow.warning(`gitclaw: could not post the self-review on the pull request: ${why}`);
    return [callout("WARNING", `Could not post the self-review on the pull request: ${why}`)];
  }
}
