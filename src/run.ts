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
import { commitAll, createGit, landPaths, pushWithRetry, removePersistedCredentials, tokenAuthEnv, type PushOutcome } from "./git.ts";
import type { GitHubClient } from "./github/client.ts";
import { createComment, getDefaultBranch, getPermission, listComments, type Repo } from "./github/operations.ts";
import { writeProgressCommentId } from "./actions/run-state.ts";
import { ProgressComment } from "./progress.ts";
import { systemInstructions, userPrompt } from "./prompt.ts";
import { commitMessage, describePush, footer, repoRelative, replyText, revertProtectedChanges } from "./publish.ts";
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

export async function runConversation(run: ConversationRun): Promise<void> {
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

  const origin = (await createGit(workspace).run(["remote", "get-url", "origin"])).stdout;
  const authEnv = tokenAuthEnv(origin, env.token);
  const git = createGit(workspace, { authEnv });
  for (const removed of await removePersistedCredentials(git)) log(`gitclaw: removed a persisted credential (${removed}) so tools cannot read it.`);
  const branch = config.git.branch ?? trigger.defaultBranch ?? (await getDefaultBranch(github, repo));

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

  const toolEnv = toolEnvironment(run.processEnv);
  // After openConversation, which makes state/: the sandbox shares the workspace except .git/ and state/.
  const sandbox = await prepareSandbox({ mode: config.sandbox, workspace, agentOnly: [".git", "state"], secretDirs: [env.runnerTemp, run.processEnv.HOME], path: toolEnv.PATH ?? "" });
  if (!sandbox.isolated) workflow.warning(`gitclaw: tool commands run as the agent's own user: ${sandbox.reason}`);
  const coAuthor = trigger.actor.type === "User" ? { login: trigger.actor.login, id: trigger.actor.id } : undefined;
  const toolset = createTools({
    interceptor: config.tools.interceptor,
    protectedPaths: [...config.protectedPaths, ".git/", "state/"],
    enabled: config.tools.enabled,
    github: {
      github,
      repo,
      host: new URL(env.serverUrl).host,
      policy: config.tools.github,
      gitAuthEnv: authEnv,
      // pr_push commits in PR worktrees by the workspace's rules, with the same trailers.
      protectedPaths: [...config.protectedPaths, "state/"],
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
  const reverted = await revertProtectedChanges(git, [...config.protectedPaths, "state/"], own);
  for (const path of reverted) workflow.warning(`gitclaw: refused the agent's change to protected path ${path}`);

  let push: PushOutcome | undefined;
  let pushError: string | undefined;
  try {
    const sha = await commitAll(git, redact(commitMessage({ issueNumber: trigger.issueNumber, title: trigger.title, runUrl: run.link, coAuthor })));
    faultPoint("after-commit", run.processEnv);
    if (sha) {
      push = await pushWithRetry(git, { branch, attempts: config.git.pushAttempts, fallbackBranch: `gitclaw/issue-${trigger.issueNumber}-${env.runId}`, log });
      log(`gitclaw: pushed ${push.sha.slice(0, 12)} to ${push.branch}`);
      if (!push.landed) {
        const state = await landPaths(git, { branch, sha: push.sha, paths: own.filter((p) => existsSync(join(workspace, p))), message: `gitclaw: session of issue #${trigger.issueNumber} (changes kept on ${push.branch})`, attempts: config.git.pushAttempts });
        log(`gitclaw: the session landed on ${state.branch} as ${state.sha.slice(0, 12)}`);
      }
    }
    faultPoint("after-push", run.processEnv);
  } catch (error) {
    pushError = redact((error as Error).message);
    workflow.error(`gitclaw: ${pushError}`);
  }

  const base = `${env.serverUrl}/${env.owner}/${env.repo}`;
  const notes = [
    ...conversation.notices.map((n) => `> [!NOTE]\n> ${n}`),
    ...(reverted.length ? [`> [!WARNING]\n> Changes to protected paths were not committed: ${reverted.map((p) => `\`${p}\``).join(", ")}.`] : []),
    ...(unpushed.length ? [`> [!WARNING]\n> Pull request worktrees were discarded with work never pushed (pr_push): ${unpushed.join("; ")}.`] : []),
    describePush(push, pushError, { compare: (b) => `${base}/compare/${branch}...${b}?expand=1` }),
    progress.stepsDetails(),
  ].filter(Boolean);
  const text = [replyText(result, { durationMs, runUrl: run.link, maxTurns: config.budgets.maxTurns, maxMinutes: config.budgets.maxMinutes }), ...notes].join("\n\n");
  const model = `${resolved.provider}/${resolved.modelId}`;
  const footerText = footer({
    durationMs,
    result,
    model,
    runUrl: run.link,
    sessionUrl: push ? `${base}/blob/${push.sha}/${repoRelative(workspace, session.path)}` : undefined,
    commitUrl: push ? `${base}/commit/${push.sha}` : undefined,
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
}
