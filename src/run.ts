// One conversation run, once the event is known to be trusted: open the issue's session, build the
// prompt, run the agent loop with live progress, keep the agent inside its allowed paths, commit,
// push, reply, and record the run in the job summary.
import * as workflow from "./actions/log.ts";
import type { ActionsEnv } from "./actions/env.ts";
import { runAgentLoop, type AgentEvent, type LoopResult } from "./agent/loop.ts";
import type { ResolvedModel } from "./agent/model.ts";
import type { Config } from "./config.ts";
import { openConversation, pendingComments } from "./conversation.ts";
import { toolEnvironment } from "./env.ts";
import type { Trigger } from "./event.ts";
import { faultPoint } from "./fault.ts";
import { commitMessage } from "./git/commit-message.ts";
import { removePersistedCredentials } from "./git/credentials.ts";
import { assertBranchName, createGit, tokenAuthEnv, type Git } from "./git/git.ts";
import { commitAll, land, landPaths, type PushOutcome } from "./git/land.ts";
import { protectedPathsFrom, revertProtectedChanges } from "./git/protected.ts";
import type { GitHubClient } from "./github/client.ts";
import { createComment, getDefaultBranch, getPermission, listComments, type Repo } from "./github/operations.ts";
import { writeProgressCommentId } from "./actions/run-state.ts";
import { ProgressComment } from "./progress.ts";
import { systemInstructions, userPrompt } from "./prompt.ts";
import { describePush, footer, repoRelative, replyText } from "./publish.ts";
import type { Redactor } from "./redact.ts";
import { replyBodies } from "./reply.ts";
import { createArtifactStore } from "./session/artifacts.ts";
import { mappingPath, writeMapping } from "./session/mapping.ts";
import { prepareSandbox } from "./sandbox.ts";
import { RunTimeline } from "./summary.ts";
import { createTools } from "./tools/index.ts";
import { closeWorktrees } from "./tools/github/worktrees.ts";
import { decideTrust } from "./trust.ts";
import { existsSync } from "node:fs";
import { join } from "node:path";

export interface ConversationRun {
  env: ActionsEnv;
  processEnv: Record<string, string | undefined>;
  signal: AbortSignal;
  trigger: Trigger;
  config: Config;
  resolved: ResolvedModel;
  github: GitHubClient;
  repo: Repo;
  redact: Redactor;
  log: (line: string) => void;
  started: number;
  now: () => number;
  link: string;
  /** Called once the reply is posted (the backstop then stays quiet). */
  onReplied: () => void;
}

/** What the stage's exit code must say: false when the run failed or its work cannot be shown to have landed. */
export interface ConversationOutcome {
  succeeded: boolean;
}

export async function runConversation(run: ConversationRun): Promise<ConversationOutcome> {
  const { env, trigger, config, resolved, github, repo, redact, log, now } = run;
  const workspace = env.workspace;
  const progress = new ProgressComment({
    github,
    repo,
    issueNumber: trigger.issueNumber,
    runUrl: run.link,
    now,
    redact,
    log,
    throttleMs: config.progress.throttleSeconds * 1000,
    delayMs: config.progress.delaySeconds * 1000,
    onCreated: (id) => writeProgressCommentId(env.runnerTemp, id),
  });
  await progress.start();

  // Read before any tool runs: where to push and what this run starts from. Later, .git/config may
  // hold whatever a tool wrote there (without the sandbox), so the push never asks it again.
  const toolEnv = toolEnvironment(run.processEnv);
  const plainGit = createGit(workspace, { env: toolEnv, redact });
  const remote = await plainGit.must(["remote", "get-url", "origin"]);
  const base = await plainGit.must(["rev-parse", "HEAD"]);
  const authEnv = tokenAuthEnv(remote, env.token);
  const git = createGit(workspace, { env: toolEnv, authEnv, redact });
  for (const removed of await removePersistedCredentials(git)) log(`gitclaw: removed a persisted credential (${removed}) so tools cannot read it.`);
  const [target, source] = config.git.branch
    ? [config.git.branch, "git.branch in .github/gitclaw.json"]
    : trigger.defaultBranch
      ? [trigger.defaultBranch, "the event's repository.default_branch"]
      : [await getDefaultBranch(github, repo), "the repository's default branch"];
  const branch = await assertBranchName(git, target, source);

  const conversation = openConversation(workspace, trigger.issueNumber, { cwd: workspace });
  const { session } = conversation;
  for (const notice of conversation.notices) workflow.warning(`gitclaw: ${notice}`);
  log(`gitclaw: ${conversation.mode === "new" ? "new session" : "resuming"} ${repoRelative(workspace, session.path)}`);

  const trusted = new Map<string, boolean>();
  const isTrusted = async (login: string) => {
    if (!trusted.has(login)) trusted.set(login, (await decideTrust({ login, type: "User" }, config.trust, (l) => getPermission(github, repo, l))).allowed);
    return trusted.get(login)!;
  };
  const pending = trigger.comment ? await pendingComments(trigger, await listComments(github, repo, trigger.issueNumber), conversation.mapping, isTrusted) : { comments: [] };
  const prompt = await userPrompt(trigger, pending.comments, { includeIssue: conversation.mode === "new", isTrusted });

  if (conversation.mode === "new") {
    session.append({ type: "model_change", provider: resolved.provider, modelId: resolved.modelId });
    session.append({ type: "thinking_level_change", thinkingLevel: "off" });
  }
  session.append({ type: "message", message: { role: "user", content: [{ type: "text", text: redact(prompt) }], timestamp: now() } });

  // After openConversation, which makes state/: the sandbox shares the workspace except .git/ and state/.
  const sandbox = await prepareSandbox({ mode: config.sandbox, workspace, agentOnly: [".git", "state"], secretDirs: [env.runnerTemp, run.processEnv.HOME], path: toolEnv.PATH ?? "" });
  if (!sandbox.isolated) workflow.warning(`gitclaw: tool commands run as the agent's own user: ${sandbox.reason}`);
  else if (sandbox.fallback) log(`gitclaw: the workspace is shared with the tool user by permissions, a cost that grows with the checkout: ${sandbox.fallback}`);
  const coAuthor = trigger.actor.type === "User" ? { login: trigger.actor.login, id: trigger.actor.id } : undefined;
  const toolset = createTools({
    interceptor: config.tools.interceptor,
    protectedPaths: protectedPathsFrom(config.protectedPaths),
    enabled: config.tools.enabled,
    github: {
      github,
      repo,
      host: new URL(env.serverUrl).host,
      policy: config.tools.github,
      gitAuthEnv: authEnv,
      // pr_push commits in PR worktrees by the workspace's rules, with the same trailers.
      protectedPaths: protectedPathsFrom(config.protectedPaths),
      commit: { runUrl: run.link, coAuthor },
    },
  });
  const timeline = new RunTimeline(now);
  let grouped = false;
  const onEvent = (event: AgentEvent) => {
    progress.onEvent(event);
    timeline.onEvent(event);
    if (event.type === "turn_start") {
      if (grouped) workflow.endGroup();
      workflow.startGroup(`gitclaw: turn ${event.turn}`);
      grouped = true;
    } else if (event.type === "tool_end") {
      log(`${event.result.isError ? "✗" : "✓"} ${event.call.name} (${event.durationMs} ms)`);
      // The github tool's audit line: metadata only (op, class, decision, status, size), never bodies.
      const audit = event.result.details?.audit;
      if (audit) {
        session.append({ type: "custom", customType: "gitclaw.github_audit", data: audit });
        timeline.audit(audit as Record<string, unknown>);
      }
    }
  };
  let result: LoopResult;
  let unpushed: string[] = [];
  try {
    result = await runAgentLoop({
      session,
      model: resolved,
      instructions: systemInstructions({ repository: `${env.owner}/${env.repo}`, branch, issueNumber: trigger.issueNumber, tools: toolset.tools.map((t) => t.name), protectedPaths: config.protectedPaths }),
      tools: toolset.tools,
      toolContext: { workspace, signal: run.signal, env: toolEnv, artifacts: createArtifactStore(session.artifactsDir), redact, runAs: sandbox.isolated ? sandbox : undefined, worktreesDir: sandbox.worktrees },
      budgets: config.budgets,
      compaction: config.compaction,
      deadline: run.started + config.budgets.maxMinutes * 60_000,
      signal: run.signal,
      now,
      onEvent,
    });
  } finally {
    if (grouped) workflow.endGroup();
    const notes = await toolset.dispose();
    if (notes.length) session.append({ type: "custom", customType: "gitclaw.jobs_killed", data: { notes } });
    // Before the protected-path check and the commit: after it no tool process can change a file.
    await sandbox.release();
    unpushed = (await closeWorktrees(workspace, sandbox.worktrees, toolEnv).catch((error: Error) => [`the PR worktrees could not be checked: ${error.message}`])).map(redact);
    for (const note of unpushed) workflow.warning(`gitclaw: PR worktree discarded: ${note}`);
    if (unpushed.length) session.append({ type: "custom", customType: "gitclaw.worktrees_discarded", data: { notes: unpushed } });
  }
  if (result.outcome === "error") workflow.error(`gitclaw: the run failed: ${redact(result.errorMessage ?? "unknown error")}`);
  else if (result.outcome !== "done") workflow.warning(`gitclaw: the run stopped early (${result.outcome})`);

  const durationMs = now() - run.started;
  session.append({
    type: "custom",
    customType: "gitclaw.run",
    data: { runId: env.runId, event: `${trigger.eventName}.${trigger.action}`, outcome: result.outcome, turns: result.turns, toolCalls: result.toolCalls, usage: result.usage, durationMs },
  });
  const last = pending.last ?? (conversation.mapping?.lastCommentId ? { id: conversation.mapping.lastCommentId, createdAt: conversation.mapping.lastCommentAt ?? "" } : undefined);
  writeMapping(workspace, {
    issueNumber: trigger.issueNumber,
    sessionPath: repoRelative(workspace, session.path),
    updatedAt: new Date(now()).toISOString(),
    ...(last ? { lastCommentId: last.id, lastCommentAt: last.createdAt } : {}),
  });

  const own = [repoRelative(workspace, mappingPath(workspace, trigger.issueNumber)), repoRelative(workspace, session.path), `${repoRelative(workspace, session.artifactsDir)}/`];
  const landing = await landWork(git, {
    remote,
    base,
    branch,
    own,
    protectedPaths: protectedPathsFrom(config.protectedPaths),
    message: redact(commitMessage({ issueNumber: trigger.issueNumber, title: trigger.title, runUrl: run.link, coAuthor })),
    fallbackBranch: `gitclaw/issue-${trigger.issueNumber}-${env.runId}`,
    sessionMessage: `gitclaw: session of issue #${trigger.issueNumber}`,
    attempts: config.git.pushAttempts,
    processEnv: run.processEnv,
    log,
  });
  const { push, pushError, reverted } = landing;

  const web = `${env.serverUrl}/${env.owner}/${env.repo}`;
  const notes = [
    ...conversation.notices.map((n) => `> [!NOTE]\n> ${n}`),
    ...(reverted.length ? [`> [!WARNING]\n> Changes to protected paths were not committed: ${reverted.map((p) => `\`${p}\``).join(", ")}.`] : []),
    ...(unpushed.length ? [`> [!WARNING]\n> Pull request worktrees were discarded with work never pushed (pr_push): ${unpushed.join("; ")}.`] : []),
    describePush(push, pushError, { compare: (b) => `${web}/compare/${branch}...${b}?expand=1` }),
    progress.stepsDetails(),
  ].filter(Boolean);
  const text = [replyText(result, { durationMs, runUrl: run.link, maxTurns: config.budgets.maxTurns, maxMinutes: config.budgets.maxMinutes }), ...notes].join("\n\n");
  const model = `${resolved.provider}/${resolved.modelId}`;
  const footerText = footer({
    durationMs,
    result,
    model,
    runUrl: run.link,
    sessionUrl: landing.sessionSha ? `${web}/blob/${landing.sessionSha}/${repoRelative(workspace, session.path)}` : undefined,
    commitUrl: push ? `${web}/commit/${push.sha}` : undefined,
  });

  const [first, ...rest] = replyBodies(redact(text), redact(footerText));
  if (!(await progress.finish(first!))) await createComment(github, repo, trigger.issueNumber, first!);
  for (const body of rest) await createComment(github, repo, trigger.issueNumber, body);
  run.onReplied();
  log(`gitclaw: replied on #${trigger.issueNumber} (${result.outcome})`);

  try {
    workflow.appendSummary(env.stepSummaryFile, redact(timeline.toMarkdown({ title: `gitclaw · issue #${trigger.issueNumber}`, result, model, durationMs, runUrl: run.link })));
  } catch (e) {
    log(`gitclaw: could not write the job summary: ${(e as Error).message}`);
  }
  return { succeeded: result.outcome !== "error" && pushError === undefined };
}

interface LandingPlan {
  remote: string;
  base: string;
  branch: string;
  /** The orchestrator's own files: the session, its artifacts, the mapping. */
  own: string[];
  protectedPaths: string[];
  message: string;
  fallbackBranch: string;
  sessionMessage: string;
  attempts: number;
  processEnv: Record<string, string | undefined>;
  log: (line: string) => void;
}

interface Landing {
  push?: PushOutcome;
  /** Why the work could not be shown to be on the remote. */
  pushError?: string;
  reverted: string[];
  /** A commit on the remote holding this run's session, for the reply's link. */
  sessionSha?: string;
}

/**
 * Reverts protected changes, commits, and lands the commit on the branch; on a conflict the commit
 * goes to a side branch and the session alone lands on the branch, so the conversation goes on.
 */
async function landWork(git: Git, plan: LandingPlan): Promise<Landing> {
  const reverted = await revertProtectedChanges(git, plan.protectedPaths, plan.own);
  for (const path of reverted) workflow.warning(`gitclaw: refused the agent's change to protected path ${path}`);
  try {
    const head = await commitAll(git, plan.message);
    faultPoint("after-commit", plan.processEnv);
    if (!head) return { reverted };
    const push = await land(git, { ...plan, head });
    plan.log(`gitclaw: pushed ${push.sha.slice(0, 12)} to ${push.branch}`);
    let sessionSha = push.sha;
    if (!push.landed) {
      const paths = plan.own.filter((p) => existsSync(join(git.cwd, p)));
      const message = `${plan.sessionMessage} (changes kept on ${push.branch})`;
      // If this fails too, the session is still on the side branch, in the run's own commit.
      const state = await landPaths(git, { ...plan, sha: push.sha, paths, message }).catch((error: Error) => {
        workflow.warning(`gitclaw: the session stays on ${push.branch} only: ${error.message}`);
        return undefined;
      });
      if (state) plan.log(`gitclaw: the session landed on ${state.branch} as ${state.sha.slice(0, 12)}`);
      if (state?.landed) sessionSha = state.sha;
    }
    faultPoint("after-push", plan.processEnv);
    return { push, reverted, sessionSha };
  } catch (error) {
    const pushError = (error as Error).message;
    workflow.error(`gitclaw: ${pushError}`);
    return { reverted, pushError };
  }
}
