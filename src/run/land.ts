// The run's work, recorded and landed: the session's closing record and the issue's mapping, then
// protected changes undone, one commit, and the push. On a conflict the commit goes to a side branch
// and the session alone lands on the branch, so the conversation goes on.
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import type { LoopResult } from "../agent/loop.ts";
import { faultPoint } from "./fault.ts";
import { commitMessage } from "../git/commit-message.ts";
import { commitAll, land, landPaths, type PushOutcome } from "../git/land.ts";
import { protectedPathsFrom, revertProtectedChanges } from "../git/protected.ts";
import { CUSTOM } from "../session/custom.ts";
import { mappingPath, repoRelative, writeMapping } from "../session/mapping.ts";
import type { OpenConversation } from "./conversation.ts";
import { coAuthorOf } from "./context.ts";
import type { TargetedRun } from "./target.ts";
import type { Workspace } from "./workspace.ts";

export interface Landing {
  push?: PushOutcome;
  /** Why the work could not be shown to be on the remote. */
  pushError?: string;
  /** Protected paths whose changes were undone. */
  reverted: string[];
  /** A commit on the remote holding this run's session, for the reply's link. */
  sessionSha?: string;
  /** Paths the run's commit changed besides gitclaw's own state (its session and mapping). */
  changed: string[];
}

/** The session's closing entry and the issue's mapping: written before the commit that carries them. */
export function recordRun(run: TargetedRun, conversation: OpenConversation, result: LoopResult, root: string): void {
  const { env, trigger, target } = run;
  const { session, answered } = conversation;
  const pullRequest =
    conversation.mapping?.pullRequest ??
    (target.pull?.number !== target.conversation ? target.pull?.number : undefined);
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
    issueNumber: target.conversation,
    sessionPath: repoRelative(root, session.path),
    updatedAt: new Date(run.now()).toISOString(),
    ...(answered ? { lastCommentId: answered.id, lastCommentAt: answered.createdAt } : {}),
    ...(pullRequest ? { pullRequest } : {}),
  });
}

/** The repository-relative paths gitclaw itself writes for this run's conversation, the only exception under state/. */
export function ownPaths(run: TargetedRun, root: string, conversation: OpenConversation): string[] {
  const { session } = conversation;
  return [
    repoRelative(root, mappingPath(root, run.target.conversation)),
    repoRelative(root, session.path),
    `${repoRelative(root, session.artifactsDir)}/`,
  ];
}

export async function landWork(
  run: TargetedRun,
  workspace: Workspace,
  conversation: OpenConversation,
  trailers: string[] = [],
): Promise<Landing> {
  const { trigger, config, target } = run;
  const { git, root } = workspace;
  const own = ownPaths(run, root, conversation);
  const reverted = await revertProtectedChanges(git, protectedPathsFrom(config.protectedPaths), own);
  for (const path of reverted) workflow.warning(`gitclaw: refused the agent's change to protected path ${path}`);
  const onPull = target.pull !== undefined && target.conversation === target.pull.number;
  const message = run.redact(
    commitMessage({
      issueNumber: target.conversation,
      kind: onPull ? "pull request" : "issue",
      title: trigger.title || (target.pull?.title ?? ""),
      runUrl: run.link,
      coAuthor: coAuthorOf(trigger),
      trailers,
    }),
  );
  const attempts = config.git.pushAttempts;
  try {
    const head = await commitAll(git, message);
    faultPoint("after-commit", run.processEnv);
    if (!head) return { reverted, changed: [] };
    const changed = await changedBesides(workspace, head, own);
    const fallbackBranch = `gitclaw/${onPull ? "pr" : "issue"}-${target.conversation}-${run.env.runId}`;
    const push = await land(git, {
      remote: workspace.remote,
      branch: workspace.branch,
      base: workspace.base,
      head,
      attempts,
      fallbackBranch,
      log: run.log,
    });
    run.log(`gitclaw: pushed ${push.sha.slice(0, 12)} to ${push.branch}`);
    const sessionSha = push.landed ? push.sha : await landSession(run, workspace, push, own);
    faultPoint("after-push", run.processEnv);
    return { push, reverted, sessionSha, changed };
  } catch (error) {
    const pushError = (error as Error).message;
    workflow.error(`gitclaw: ${pushError}`);
    return { reverted, pushError, changed: [] };
  }
}

/** What the commit `head` changed, but for gitclaw's own files. */
async function changedBesides(workspace: Workspace, head: string, own: string[]): Promise<string[]> {
  const listed = await workspace.git.must(["diff", "--name-only", "-z", "--no-renames", `${head}^`, head]);
  const mine = (path: string) => own.some((entry) => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));
  return listed.split("\0").filter((path) => path && !mine(path));
}

/** After a conflict: the session alone onto the branch. If that fails too, it is still on the side branch. */
async function landSession(run: TargetedRun, workspace: Workspace, push: PushOutcome, own: string[]): Promise<string> {
  const paths = own.filter((path) => existsSync(join(workspace.root, path)));
  const message = `gitclaw: session of #${run.target.conversation} (changes kept on ${push.branch})`;
  const target = { remote: workspace.remote, branch: workspace.branch, attempts: run.config.git.pushAttempts };
  const state = await landPaths(workspace.git, { ...target, sha: push.sha, paths, message }).catch((error: Error) => {
    workflow.warning(`gitclaw: the session stays on ${push.branch} only: ${error.message}`);
    return undefined;
  });
  if (state) run.log(`gitclaw: the session landed on ${state.branch} as ${state.sha.slice(0, 12)}`);
  return state?.landed ? state.sha : push.sha;
}
