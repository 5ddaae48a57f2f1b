// The run's work, recorded and landed: the session's closing record and the issue's mapping, then
// protected changes undone, workflow files the job's token cannot push held back (workflow-files.ts),
// one commit, and the push. On a conflict the commit goes to a side branch and the session alone
// lands on the branch, so the conversation goes on.
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import type { LoopResult } from "../agent/loop.ts";
import { faultPoint } from "./fault.ts";
import { commitMessage } from "../git/commit-message.ts";
import { commitAll, land, landPaths, type PushOutcome } from "../git/land.ts";
import { protectedPathsFrom, revertProtectedChanges } from "../git/protected.ts";
import { CUSTOM } from "../session/custom.ts";
import { mappingPath, repoRelative, writeMapping, type IssueMapping } from "../session/mapping.ts";
import type { OpenConversation } from "./conversation.ts";
import { coAuthorOf, type RunContext } from "./context.ts";
import { changedWorkflowFiles, holdBack, type WorkflowChanges } from "./workflow-files.ts";
import type { Workspace } from "./workspace.ts";

export interface Landing {
  push?: PushOutcome;
  /** Why the work could not be shown to be on the remote. */
  pushError?: string;
  /** Protected paths whose changes were undone. */
  reverted: string[];
  /** A commit on the remote holding this run's session, for the reply's link. */
  sessionSha?: string;
  /** The workflow files the run changed: pushed with workflows_token, or delivered as a patch. */
  workflows?: WorkflowChanges;
}

/** The session's closing entry and the issue's mapping: written before the commit that carries them. */
export function recordRun(
  run: RunContext,
  conversation: OpenConversation,
  result: LoopResult,
  root: string,
  outstandingTasks: IssueMapping["outstandingTasks"] = [],
): void {
  const { env, trigger } = run;
  const { session, answered } = conversation;
  const durationMs = run.now() - run.started;
  const { outcome, turns, toolCalls, usage } = result;
  session.appendCustom(CUSTOM.run, {
    runId: env.runId,
    event: `${trigger.eventName}.${trigger.action}`,
    outcome,
    turns,
    toolCalls,
    usage,
    durationMs,
  });
  writeMapping(root, {
    issueNumber: trigger.issueNumber,
    sessionPath: repoRelative(root, session.path),
    updatedAt: new Date(run.now()).toISOString(),
    ...(answered ? { lastCommentId: answered.id, lastCommentAt: answered.createdAt } : {}),
    ...(outstandingTasks.length ? { outstandingTasks } : {}),
  });
}

/** `taskFiles`: the sessions of the run's sub-agents, committed with its own (src/run/tasks.ts). */
export async function landWork(
  run: RunContext,
  workspace: Workspace,
  conversation: OpenConversation,
  taskFiles: readonly string[] = [],
): Promise<Landing> {
  const { trigger, config } = run;
  const { git, root } = workspace;
  const { session } = conversation;
  // The orchestrator's own files, the only exception under state/.
  const own = [
    repoRelative(root, mappingPath(root, trigger.issueNumber)),
    repoRelative(root, session.path),
    `${repoRelative(root, session.artifactsDir)}/`,
    ...taskFiles,
  ];
  const reverted = await revertProtectedChanges(git, protectedPathsFrom(config.protectedPaths), own);
  for (const path of reverted) workflow.warning(`gitclaw: refused the agent's change to protected path ${path}`);
  const message = run.redact(
    commitMessage({
      issueNumber: trigger.issueNumber,
      title: trigger.title,
      runUrl: run.link,
      coAuthor: coAuthorOf(trigger),
    }),
  );
  const { pushed, workflows } = await landWithWorkflowFiles(run, workspace, own, message);
  if (pushed.pushError) workflow.error(`gitclaw: ${pushed.pushError}`);
  return { ...pushed, reverted, ...(workflows ? { workflows } : {}) };
}

type Pushed = Omit<Landing, "reverted" | "workflows">;

/**
 * The commit and its push, with the workflow files the job's token cannot push: pushed with
 * workflows_token when there is one, else (or when that push fails) held back as a patch.
 */
async function landWithWorkflowFiles(
  run: RunContext,
  workspace: Workspace,
  own: string[],
  message: string,
): Promise<{ pushed: Pushed; workflows?: WorkflowChanges }> {
  const { git, workflowsGit } = workspace;
  const paths = await changedWorkflowFiles(git, own);
  if (paths.length === 0) return { pushed: await commitAndPush(run, workspace, own, message) };
  let failure: string | undefined;
  if (workflowsGit) {
    const before = await git.must(["rev-parse", "HEAD"]);
    const pushed = await commitAndPush(run, { ...workspace, git: workflowsGit }, own, message);
    if (pushed.pushError === undefined) return { pushed, workflows: { paths, pushed: true } };
    failure = pushed.pushError;
    workflow.warning(`gitclaw: workflows_token could not push the workflow changes, so they are held back: ${failure}`);
    await git.must(["reset", "-q", before]);
  }
  const workflows = await holdBack(run, git, paths, failure);
  const pushed = await commitAndPush(run, workspace, [...own, workflows.patch!.file], message);
  return { pushed, workflows };
}

/** One commit of everything, pushed; on a conflict the session lands alone on the branch. */
async function commitAndPush(run: RunContext, workspace: Workspace, own: string[], message: string): Promise<Pushed> {
  const { git } = workspace;
  try {
    const head = await commitAll(git, message);
    faultPoint("after-commit", run.processEnv);
    if (!head) return {};
    const fallbackBranch = `gitclaw/issue-${run.trigger.issueNumber}-${run.env.runId}`;
    const push = await land(git, {
      remote: workspace.remote,
      branch: workspace.branch,
      base: workspace.base,
      head,
      attempts: run.config.git.pushAttempts,
      fallbackBranch,
      log: run.log,
    });
    run.log(`gitclaw: pushed ${push.sha.slice(0, 12)} to ${push.branch}`);
    const sessionSha = push.landed ? push.sha : await landSession(run, workspace, push, own);
    faultPoint("after-push", run.processEnv);
    return { push, sessionSha };
  } catch (error) {
    return { pushError: (error as Error).message };
  }
}

/** After a conflict: the session alone onto the branch. If that fails too, it is still on the side branch. */
async function landSession(run: RunContext, workspace: Workspace, push: PushOutcome, own: string[]): Promise<string> {
  const paths = own.filter((path) => existsSync(join(workspace.root, path)));
  const message = `gitclaw: session of issue #${run.trigger.issueNumber} (changes kept on ${push.branch})`;
  const target = { remote: workspace.remote, branch: workspace.branch, attempts: run.config.git.pushAttempts };
  const state = await landPaths(workspace.git, { ...target, sha: push.sha, paths, message }).catch((error: Error) => {
    workflow.warning(`gitclaw: the session stays on ${push.branch} only: ${error.message}`);
    return undefined;
  });
  if (state) run.log(`gitclaw: the session landed on ${state.branch} as ${state.sha.slice(0, 12)}`);
  return state?.landed ? state.sha : push.sha;
}
