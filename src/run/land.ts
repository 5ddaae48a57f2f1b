// The run's work, recorded and landed: the session's closing record and the issue's mapping, then
// the commits taken in during the run checked by what they changed (base..HEAD, rebuilt without
// protected and workflow changes), protected changes undone, workflow files the job's token cannot
// push held back (workflow-files.ts), one commit, and the push. On a conflict the commit goes to a
// side branch and the session alone lands on the branch, so the conversation goes on; so it does
// when the commit of the work, or its push, fails, and the reply says what was not saved.
import { sideBranch } from "../git/branch-names.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import type { LoopResult } from "../agent/loop.ts";
import { failurePoint, faultPoint } from "./fault.ts";
import { commitMessage, withTrailers } from "../git/commit-message.ts";
import { commitChanges, landPaths, type NotStaged, type PushOutcome } from "../git/land.ts";
import {
  committedPathsUnder,
  isOwnFile,
  isProtected,
  protectedPathsFrom,
  revertChanges,
  revertProtectedChanges,
  WORKFLOW_PATHS,
} from "../git/protected.ts";
import { leaveOutOfCommits } from "../git/rewrite.ts";
import { scrubChangedFiles } from "../git/scrub.ts";
import { passedSecrets, secretValues } from "../tool-env.ts";
import { holdBackSecrets, type HeldBack } from "../validate/hold-back.ts";
import type { KnownSecrets } from "../validate/secrets.ts";
import { type Change, changedPaths, touchedPaths } from "../git/status.ts";
import type { ChangePlace } from "../validate/change.ts";
import { CUSTOM } from "../session/custom.ts";
import { mappingPath, repoRelative, writeMapping, type IssueMapping } from "../session/mapping.ts";
import type { OpenConversation } from "./conversation.ts";
import { coAuthorOf } from "./types.ts";
import { landingOptions, landRun } from "./signed-land.ts";
import type { TargetedRun, WorkTarget } from "./types.ts";
import { changedWorkflowFiles, holdBack, type WorkflowChanges } from "./workflow-files.ts";
import type { Workspace } from "./types.ts";
import { conversationName } from "./prompt-run.ts";
import { runMappingFile, writeRunMapping } from "../session/run-mapping.ts";
import type { PromptRunRequest } from "../actions/event.ts";
import { landOnStateBranch, saveAsArtifact } from "./home.ts";
import { issueBranch } from "../git/branch-names.ts";

export interface Landing {
  push?: PushOutcome;
  /** Why the work could not be shown to be on the remote. */
  pushError?: string;
  /** Protected paths whose changes were undone. */
  reverted: string[];
  /** Protected paths that commits taken in during the run (a task's series…) changed: left out of the push. */
  leftOutOfCommits: string[];
  /** Changed paths the commit could not take, and why: not saved. */
  notStaged?: NotStaged[];
  /** Why the run's changes could not be committed at all: only the conversation was. */
  notCommitted?: string;
  /** A commit on the remote holding this run's session, for the reply's link. */
  sessionSha?: string;
  /** The conversation's commit on the state branch, when the push branch does not take gitclaw's pushes (src/run/home.ts). */
  stateSha?: string;
  /** The artifact the conversation is saved as when no branch took it (src/run/home.ts). */
  conversationArtifact?: string;
  /** Paths the run's commit changed besides gitclaw's own state (its session and mapping). */
  changed: string[];
  /** The workflow files the run changed: pushed with workflows_token, or delivered as a patch. */
  workflows?: WorkflowChanges;
  /** What the secret scan held back from the push (src/validate/). */
  heldBack?: HeldBack;
  /** Why the work went to gitclaw's branch with a pull request instead of the push branch (validate.onFailure). */
  diverted?: string;
}

/** The session's closing entry and the issue's mapping: written before the commit that carries them. */
export function recordRun(
  run: TargetedRun,
  conversation: OpenConversation,
  result: LoopResult,
  root: string,
  outstandingTasks: IssueMapping["outstandingTasks"] = [],
): void {
  const { env, trigger, target } = run;
  const { session, answered } = conversation;
  const pullRequest =
    conversation.mapping?.pullRequest ??
    (target.pull?.number !== target.conversationIssue ? target.pull?.number : undefined);
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
  if (target.runKey) {
    const sessionPath = repoRelative(root, session.path);
    writeRunMapping(root, { runKey: target.runKey, sessionPath, updatedAt: new Date(run.now()).toISOString() });
    return;
  }
  writeMapping(root, {
    issueNumber: target.conversationIssue,
    sessionPath: repoRelative(root, session.path),
    updatedAt: new Date(run.now()).toISOString(),
    ...(answered ? { lastCommentId: answered.id, lastCommentAt: answered.createdAt } : {}),
    ...(pullRequest ? { pullRequest } : {}),
    ...(outstandingTasks.length ? { outstandingTasks } : {}),
  });
}

/**
 * The repository-relative paths gitclaw itself writes for this run's conversation, the only exception under
 * state/; `taskFiles` are the sessions of the run's sub-agents, committed with its own (src/run/tasks.ts).
 */
export function ownPaths(
  run: TargetedRun,
  root: string,
  conversation: OpenConversation,
  taskFiles: readonly string[] = [],
): string[] {
  const { session } = conversation;
  return [
    run.target.runKey
      ? runMappingFile(run.target.runKey)
      : repoRelative(root, mappingPath(root, run.target.conversationIssue)),
    repoRelative(root, session.path),
    `${repoRelative(root, session.artifactsDir)}/`,
    ...taskFiles,
  ];
}

/** What a run adds to its commit: trailers (a CI fix attempt's) and its sub-agents' session files. */
export interface LandExtras {
  trailers?: string[];
  taskFiles?: readonly string[];
  /** The state branch holds the conversation (src/run/home.ts): it gets this run's turns too. */
  stateHome?: boolean;
  /** The work goes to gitclaw's branch for the issue with a pull request, for this reason (validate.onFailure). */
  divert?: string;
}

export async function landWork(
  run: TargetedRun,
  workspace: Workspace,
  conversation: OpenConversation,
  { trailers = [], taskFiles = [], stateHome = false, divert }: LandExtras = {},
): Promise<Landing> {
  const { trigger, config, target } = run;
  const { git, root } = workspace;
  const own = ownPaths(run, root, conversation, taskFiles);
  const leftOutOfCommits = await leaveOutCommitted(run, workspace, own);
  // One status read for the scan and both checks: on a checkout of 10,000 files each costs about 15 ms
  // (bench scale); read again only when the scan held something back.
  let changes = await changedPaths(git);
  const heldBack = await holdBackRunSecrets(run, { git, base: workspace.base }, ownedBy(own), changes);
  if (heldBack?.findings.length) changes = await changedPaths(git);
  const reverted = await revertProtectedChanges(git, protectedPathsFrom(config.protectedPaths), own, changes);
  for (const path of reverted) workflow.warning(`gitclaw: refused the agent's change to protected path ${path}`);
  const mine = ownedBy(own);
  const theirs = touchedPaths(changes).filter((path) => !mine(path));
  const renamed = await scrubPassedSecrets(run, workspace, theirs);
  const message = run.redact(
    trigger.prompt && target.runKey
      ? promptRunMessage(run, trigger.prompt)
      : commitMessage({
          issueNumber: target.conversationIssue,
          kind: onPullRequest(target) ? "pull request" : "issue",
          title: trigger.title || (target.pull?.title ?? ""),
          runUrl: run.link,
          coAuthor: coAuthorOf(trigger),
          trailers,
        }),
  );
  const workflowFiles = await changedWorkflowFiles(git, [...own, ...reverted], changes);
  // What the commit stages: the paths the status listed and gitclaw's own files (reverted paths stage
  // as they now are, unchanged), not a walk of the whole checkout.
  const paths = [...touchedPaths(changes), ...renamed, ...own.filter((path) => !path.endsWith("/"))];
  const commit = { own, paths, workflowFiles, message, stateHome, divert };
  const { pushed, workflows } = await landWithWorkflowFiles(run, workspace, commit);
  if (pushed.pushError) workflow.error(`gitclaw: ${pushed.pushError}`);
  // A protected path the commit could not take was not to be committed anyway.
  const notStaged = pushed.notStaged?.filter(({ path }) => !reverted.includes(path));
  const landing = {
    ...pushed,
    reverted,
    leftOutOfCommits,
    ...(workflows ? { workflows } : {}),
    ...(heldBack?.findings.length ? { heldBack } : {}),
  };
  return { ...landing, notStaged: notStaged?.length ? notStaged : undefined };
}

/**
 * What commits taken in during the run changed (a task's series applied with `git am`, whoever made
 * them), checked like the working tree: base..HEAD rebuilt without their changes to protected paths,
 * which are undone (gitclaw's own files keep what gitclaw wrote), and without their workflow changes,
 * which stay in the working tree, to be pushed or held back by the rule for the working tree.
 */
async function leaveOutCommitted(run: TargetedRun, workspace: Workspace, own: readonly string[]): Promise<string[]> {
  const { git, base } = workspace;
  const protectedPaths = protectedPathsFrom(run.config.protectedPaths);
  const patterns = [...protectedPaths, ...WORKFLOW_PATHS];
  const hits = await committedPathsUnder(git, base, "HEAD", patterns);
  if (hits.length === 0) return [];
  await leaveOutOfCommits(git, base, hits);
  // A name that is not UTF-8 cannot be named back to git: then the commits go, all of their changes
  // staying in the working tree, to be judged with the rest of it.
  if ((await committedPathsUnder(git, base, "HEAD", patterns)).length) await git.must(["reset", "-q", base]);
  const refused = hits.filter((path) => isProtected(path, protectedPaths) && !isOwnFile(path, own));
  await revertChanges(git, refused);
  for (const path of refused)
    workflow.warning(`gitclaw: left a commit's change to protected path ${path} out of the push`);
  return refused;
}

/** A prompt run's commit: the workflow it ran in, and its prompt's first line. */
function promptRunMessage(run: TargetedRun, prompt: PromptRunRequest): string {
  const line = (prompt.text ?? prompt.file ?? "").split("\n")[0]!.replace(/\s+/g, " ").trim().slice(0, 60);
  return withTrailers(`gitclaw: a run of ${prompt.workflow}${line ? ` — ${line}` : ""}`, {
    runUrl: run.link,
  });
}

/**
 * tools.env values a command wrote into a file, a path's name or a link never reach a commit
 * (src/git/scrub.ts); returns the new names of the paths renamed, for the commit to stage.
 */
async function scrubPassedSecrets(run: TargetedRun, workspace: Workspace, paths: string[]): Promise<string[]> {
  const values = passedSecrets(run.processEnv, run.config.tools.env);
  const { redacted, reverted, renamed } = await scrubChangedFiles(workspace.git, paths, values);
  for (const path of renamed) workflow.warning(`gitclaw: renamed ${path}: its name held a tools.env value`);
  for (const path of redacted) workflow.warning(`gitclaw: redacted a tools.env value from ${path} before the commit`);
  for (const path of reverted)
    workflow.warning(
      `gitclaw: left ${run.redact(path)} out of the commit: too large to search for tools.env values, or named with one and not renameable`,
    );
  return renamed;
}

/** The conversation is the pull request's own (not an issue's that gitclaw opened it for). */
const onPullRequest = (target: WorkTarget) =>
  target.pull !== undefined && target.conversationIssue === target.pull.number;

type Pushed = Omit<Landing, "reverted" | "leftOutOfCommits" | "workflows" | "heldBack">;

/**
 * With validate.secretScan, the change about to land (`changes`: the status just read) scanned once
 * more, what looks like a secret held back and logged; undefined without the scan.
 */
export async function holdBackRunSecrets(
  run: TargetedRun,
  { git, base }: ChangePlace,
  mine: (path: string) => boolean,
  changes: readonly Change[],
): Promise<HeldBack | undefined> {
  if (!run.config.validate.secretScan) return undefined;
  const heldBack = await holdBackSecrets(git, base, mine, runSecrets(run), changes);
  for (const finding of heldBack.findings)
    workflow.warning(`gitclaw: held back ${finding.path} line ${finding.line} from the push: it looks like a secret`);
  return heldBack;
}

/**
 * The run's own secret values the secret scan looks for: the job's tokens and every secret-looking
 * variable; tools.env's values it passes over, as the commit redacts them in place (scrubPassedSecrets).
 */
export function runSecrets(run: TargetedRun): KnownSecrets {
  const scrubbed = passedSecrets(run.processEnv, run.config.tools.env);
  const passed = new Set(scrubbed);
  const own = [
    run.env.token,
    ...(run.env.workflowsToken ? [run.env.workflowsToken] : []),
    ...secretValues(run.processEnv),
  ];
  return { own: own.filter((value) => !passed.has(value)), scrubbed };
}

/**
 * The commit and its push, with the workflow files the job's token cannot push: pushed with
 * workflows_token when there is one, else (or when that push fails) held back as a patch.
 */
async function landWithWorkflowFiles(
  run: TargetedRun,
  workspace: Workspace,
  commit: {
    own: string[];
    paths: string[];
    workflowFiles: string[];
    message: string;
    stateHome: boolean;
    divert?: string;
  },
): Promise<{ pushed: Pushed; workflows?: WorkflowChanges }> {
  const { git, workflowsGit } = workspace;
  const { workflowFiles, own, paths } = commit;
  if (workflowFiles.length === 0) return { pushed: await commitAndPush(run, workspace, commit) };
  let failure: string | undefined;
  if (workflowsGit) {
    const before = await git.must(["rev-parse", "HEAD"]);
    // Not the session alone when this push fails: the job's token pushes everything again next.
    const pushed = await commitAndPush(run, { ...workspace, git: workflowsGit }, { ...commit, willRetry: true });
    if (pushed.pushError === undefined) return { pushed, workflows: { paths: workflowFiles, pushed: true } };
    failure = pushed.pushError;
    workflow.warning(`gitclaw: workflows_token could not push the workflow changes, so they are held back: ${failure}`);
    await git.must(["reset", "-q", before]);
  }
  const workflows = await holdBack(run, git, workflowFiles, failure);
  const patch = workflows.patch ? [workflows.patch.file] : [];
  const pushed = await commitAndPush(run, workspace, {
    ...commit,
    own: [...own, ...patch],
    paths: [...paths, ...patch],
  });
  return { pushed, workflows };
}

/**
 * One commit of the changes, pushed; on a conflict the session lands alone on the branch, and when the
 * push fails for good (the remote refused it, even on a side branch) the session lands alone as well.
 */
async function commitAndPush(
  run: TargetedRun,
  workspace: Workspace,
  commit: { own: string[]; paths: string[]; message: string; stateHome: boolean; willRetry?: boolean; divert?: string },
): Promise<Pushed> {
  const { own, paths, message, stateHome, willRetry } = commit;
  let committed: Committed;
  try {
    committed = await commitWork(run, workspace, { own, paths, message });
  } catch (error) {
    return { pushError: (error as Error).message, changed: [] };
  }
  const { head, ...saved } = committed;
  faultPoint("after-commit", run.processEnv);
  if (!head) return { changed: [], ...saved };
  const changed = await changedBesides(workspace, head, own);
  const { target } = run;
  const fallbackBranch = sideBranch(
    target.runKey
      ? { kind: "run" }
      : { kind: onPullRequest(target) ? "pr" : "issue", number: target.conversationIssue },
    run.env.runId,
  );
  const refusedBranch = refusedBranchOf(run, workspace);
  const divert = commit.divert && refusedBranch && changed.length ? commit.divert : undefined;
  try {
    const options = {
      remote: workspace.remote,
      branch: workspace.branch,
      base: workspace.base,
      head,
      attempts: run.config.git.pushAttempts,
      fallbackBranch,
      ...(refusedBranch ? { refusedBranch } : {}),
      log: run.log,
    };
    const push = divert ? await divertedPush(run, workspace, options, divert) : await landRun(run, workspace, options);
    run.log(`gitclaw: pushed ${push.sha.slice(0, 12)} to ${push.branch}`);
    const home = await homeOf(run, workspace, { push, head, own, stateHome });
    faultPoint("after-push", run.processEnv);
    return { push, ...home, changed, ...saved, ...(divert ? { diverted: divert } : {}) };
  } catch (error) {
    const home = willRetry ? {} : await homeOf(run, workspace, { head, own, stateHome });
    return { pushError: (error as Error).message, changed, ...saved, ...home };
  }
}

/**
 * The work kept off the push branch (validate.onFailure "pull-request"): on gitclaw's branch for the
 * issue, as when the branch refuses it, so the conversation and the pull request follow that path.
 */
async function divertedPush(
  run: TargetedRun,
  workspace: Workspace,
  options: Parameters<typeof landRun>[2] & { refusedBranch?: string },
  why: string,
): Promise<PushOutcome> {
  const branch = options.refusedBranch!;
  const moved = await landRun(run, workspace, { ...options, branch, refusalIsFinal: true });
  return { landed: false, sha: moved.sha, branch: moved.branch, attempts: moved.attempts, reason: why, refused: why };
}

/** Where the work goes when the push branch refuses it: gitclaw's branch for the issue, with a pull request. */
function refusedBranchOf(run: TargetedRun, workspace: Workspace): string | undefined {
  const { target } = run;
  if (target.runKey || target.pull || workspace.branch === issueBranch(target.conversationIssue)) return undefined;
  return issueBranch(target.conversationIssue);
}

/**
 * Where the conversation is after the push (`push` undefined: it failed): with the work where it
 * landed; on the state branch too when the push branch does not take gitclaw's pushes (its rules, or a
 * refusal); else alone onto the branch (after a conflict or a failed push), else the state branch;
 * where no branch took anything, an artifact of the run (src/run/home.ts).
 */
async function homeOf(
  run: TargetedRun,
  workspace: Workspace,
  { push, head, own, stateHome }: { push?: PushOutcome; head: string; own: string[]; stateHome: boolean },
): Promise<Pick<Landing, "sessionSha" | "stateSha" | "conversationArtifact">> {
  const refused = push && !push.landed ? push.refused : undefined;
  const paths = own.filter((path) => existsSync(join(workspace.root, path)));
  const elsewhere = stateHome || run.target.redirected !== undefined || refused !== undefined;
  const stateSha = elsewhere ? await landOnStateBranch(run, workspace, { sha: head, paths }) : undefined;
  const state = stateSha ? { stateSha } : {};
  if (push?.landed || refused) return { sessionSha: push!.sha, ...state };
  if (stateSha) return { sessionSha: stateSha, ...state };
  const sessionSha = await landSession(run, workspace, head, own, push?.branch);
  if (sessionSha) return { sessionSha };
  if (push) return {};
  // The branch took nothing, not even the conversation alone: the state branch may, or an artifact keeps it.
  const saved = elsewhere ? undefined : await landOnStateBranch(run, workspace, { sha: head, paths });
  if (saved) return { sessionSha: saved, stateSha: saved };
  const conversationArtifact = await saveAsArtifact(run, workspace, { head, paths });
  return conversationArtifact ? { conversationArtifact } : {};
}

type Committed = { head?: string } & Pick<Landing, "notStaged" | "notCommitted">;

/**
 * The commit of the run's changes; when it cannot be made, one of gitclaw's own files alone (the
 * conversation), saying why the rest was not saved. Throws only when even that fails.
 */
async function commitWork(
  run: TargetedRun,
  workspace: Workspace,
  { own, paths, message }: { own: string[]; paths: string[]; message: string },
): Promise<Committed> {
  const { git } = workspace;
  try {
    failurePoint("commit", run.processEnv);
    const { sha, notStaged } = await commitChanges(git, message, paths);
    for (const { path, reason } of notStaged) workflow.error(`gitclaw: could not commit ${path}: ${reason}`);
    return { ...(sha ? { head: sha } : {}), ...(notStaged.length ? { notStaged } : {}) };
  } catch (error) {
    const notCommitted = (error as Error).message;
    workflow.error(`gitclaw: the run's changes could not be committed: ${notCommitted}`);
    await git.run(["reset", "-q"]);
    const ownFiles = own.filter((path) => existsSync(join(workspace.root, path)));
    const { sha } = await commitChanges(git, `gitclaw: session of #${run.target.conversationIssue}`, ownFiles);
    return { ...(sha ? { head: sha } : {}), notCommitted };
  }
}

/** Whether a path is one of gitclaw's own files of the run (an entry ending in / is a folder of them). */
export const ownedBy = (own: readonly string[]) => (path: string) =>
  own.some((entry) => (entry.endsWith("/") ? path.startsWith(entry) : path === entry));

/** What the commit `head` changed, but for gitclaw's own files. */
async function changedBesides(workspace: Workspace, head: string, own: string[]): Promise<string[]> {
  const listed = await workspace.git.must(["diff", "--name-only", "-z", "--no-renames", `${head}^`, head]);
  const mine = ownedBy(own);
  return listed.split("\0").filter((path) => path && !mine(path));
}

/**
 * After a conflict, or a push that failed for good: the session alone onto the branch. If that fails
 * too, it is still on the side branch (`keptOn`), when there is one.
 */
async function landSession(
  run: TargetedRun,
  workspace: Workspace,
  sha: string,
  own: string[],
  keptOn?: string,
): Promise<string | undefined> {
  const paths = own.filter((path) => existsSync(join(workspace.root, path)));
  const where = keptOn ? `changes kept on ${keptOn}` : "changes not pushed";
  const message = `gitclaw: session of ${conversationName(run.target)} (${where})`;
  const target = {
    remote: workspace.remote,
    branch: workspace.branch,
    attempts: run.config.git.pushAttempts,
    ...landingOptions(run, workspace),
  };
  const state = await landPaths(workspace.git, { ...target, sha, paths, message }).catch((error: Error) => {
    workflow.warning(`gitclaw: the session ${keptOn ? `stays on ${keptOn} only` : "was not pushed"}: ${error.message}`);
    return undefined;
  });
  if (state) run.log(`gitclaw: the session landed on ${state.branch} as ${state.sha.slice(0, 12)}`);
  return state?.landed ? state.sha : keptOn ? sha : undefined;
}
