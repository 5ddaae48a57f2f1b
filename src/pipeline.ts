// The agent stage, end to end: validate the event, re-check trust, open the issue's conversation,
// run the agent loop, commit and push, answer on the issue, remove 👀. Every failure a person can
// fix ends in one clear log line and, where the issue can be reached, a comment saying the same.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as core from "@actions/core";
import { runAgentLoop, type LoopResult } from "./agent/loop.ts";
import { ModelConfigError, modelSpec, resolveModel } from "./agent/model.ts";
import { readEventBasics } from "./actions/event-basics.ts";
import { runUrl, type ActionsEnv } from "./actions/env.ts";
import { ConfigError, loadConfig, type Config } from "./config.ts";
import { openConversation, pendingComments } from "./conversation.ts";
import { toolEnvironment, secretValues } from "./env.ts";
import { EventError, readTrigger, type Trigger } from "./event.ts";
import { createGit, pushWithRetry, removePersistedCredentials, tokenAuthArgs, commitAll, type PushOutcome } from "./git.ts";
import { createGitHubClient, type GitHubClient } from "./github/client.ts";
import { getDefaultBranch, getPermission, listComments, removeReaction, type Repo } from "./github/operations.ts";
import type { ReactionState } from "./indicator.ts";
import { reactionStateFile, replyStateFile, SENTINEL_FILE } from "./paths.ts";
import { systemInstructions, userPrompt } from "./prompt.ts";
import { commitMessage, describePush, footer, postReply, repoRelative, replyText, revertProtectedChanges } from "./publish.ts";
import { createRedactor, type Redactor } from "./redact.ts";
import { mappingPath, writeMapping } from "./session/mapping.ts";
import { createArtifactStore } from "./session/artifacts.ts";
import { SessionError } from "./session/session-file.ts";
import { createTools } from "./tools/index.ts";
import { REPLY_MARKER, decideTrust } from "./trust.ts";

export interface PipelineOptions {
  env: ActionsEnv;
  processEnv: Record<string, string | undefined>;
  /** Aborted on SIGTERM/SIGINT: the loop stops, and the run still commits and replies. */
  signal: AbortSignal;
  now?: () => number;
}

/** Errors a person can act on: their message is the whole story, posted as is. */
const ACTIONABLE = [EventError, ConfigError, ModelConfigError, SessionError];

export async function runPipeline(options: PipelineOptions): Promise<number> {
  const { env, processEnv } = options;
  const now = options.now ?? Date.now;
  const started = now();
  const secrets = [...new Set([...secretValues(processEnv), env.token])];
  const redact = createRedactor(secrets);
  for (const secret of secrets) core.setSecret(secret);
  const log = (line: string) => core.info(redact(line));
  const github = createGitHubClient({ token: env.token, baseUrl: env.apiUrl, log: (l) => core.warning(redact(l)) });
  const repo: Repo = { owner: env.owner, repo: env.repo };
  const link = runUrl(env);
  let issueNumber: number | undefined;

  try {
    const trigger = readTrigger(env.eventName, env.eventPath);
    issueNumber = trigger.issueNumber;
    // Defence in depth: the guard decided already, but this stage may be run on its own.
    if (!existsSync(join(env.workspace, SENTINEL_FILE))) {
      log(`gitclaw: ${SENTINEL_FILE} is missing, so gitclaw is disabled; nothing to do.`);
      return 0;
    }
    if (trigger.comment?.body.includes(REPLY_MARKER)) {
      log("gitclaw: the triggering comment was written by gitclaw itself; nothing to do.");
      return 0;
    }
    const config = loadConfig(env.workspace);
    const decision = await decideTrust(trigger.actor, config.trust, (login) => getPermission(github, repo, login));
    if (!decision.allowed) {
      log(`gitclaw: not running for this event: ${decision.reason}.`);
      return 0;
    }
    const resolved = resolveModel(modelSpec(config, processEnv), config, processEnv);
    await runConversation({ ...options, trigger, config, resolved, github, repo, redact, log, started, now, link });
    return 0;
  } catch (error) {
    const actionable = ACTIONABLE.some((type) => error instanceof type);
    const message = redact(actionable ? (error as Error).message : `unexpected error: ${(error as Error).stack ?? error}`);
    core.error(`gitclaw: ${message}`);
    // A payload that failed validation may still say which issue it is about.
    issueNumber ??= issueNumberOf(env);
    if (issueNumber !== undefined) {
      const body = `gitclaw could not run:\n\n\`\`\`\n${actionable ? message : message.split("\n")[0]}\n\`\`\`\n\nSee the [run](${link}) for details.`;
      await postReply(github, repo, issueNumber, body, "").then(
        () => markReplied(env),
        (e: Error) => core.error(`gitclaw: could not post the failure comment either: ${redact(e.message)}`),
      );
    }
    return 1;
  } finally {
    await removeIndicator(github, repo, env, log);
  }
}

interface ConversationRun extends PipelineOptions {
  trigger: Trigger;
  config: Config;
  resolved: ReturnType<typeof resolveModel>;
  github: GitHubClient;
  repo: Repo;
  redact: Redactor;
  log: (line: string) => void;
  started: number;
  now: () => number;
  link: string;
}

async function runConversation(run: ConversationRun): Promise<void> {
  const { env, trigger, config, resolved, github, repo, redact, log, now } = run;
  const workspace = env.workspace;
  const git = createGit(workspace, { authArgs: tokenAuthArgs((await createGit(workspace).run(["remote", "get-url", "origin"])).stdout, env.token) });
  for (const removed of await removePersistedCredentials(git)) log(`gitclaw: removed a persisted credential (${removed}) so tools cannot read it.`);
  const branch = config.git.branch ?? trigger.defaultBranch ?? (await getDefaultBranch(github, repo));

  const conversation = openConversation(workspace, trigger.issueNumber, { cwd: workspace });
  const { session } = conversation;
  for (const notice of conversation.notices) core.warning(`gitclaw: ${notice}`);
  log(`gitclaw: ${conversation.mode === "new" ? "new session" : "resuming"} ${repoRelative(workspace, session.path)}`);

  const permissions = new Map<string, boolean>();
  const isTrusted = async (login: string) => {
    if (!permissions.has(login)) permissions.set(login, (await decideTrust({ login, type: "User" }, config.trust, (l) => getPermission(github, repo, l))).allowed);
    return permissions.get(login)!;
  };
  const pending = trigger.comment ? await pendingComments(trigger, await listComments(github, repo, trigger.issueNumber), conversation.mapping, isTrusted) : { comments: [] };
  const includeIssue = conversation.mode === "new";
  const prompt = userPrompt(trigger, pending.comments, { includeIssue });

  if (conversation.mode === "new") {
    session.append({ type: "model_change", provider: resolved.provider, modelId: resolved.modelId });
    session.append({ type: "thinking_level_change", thinkingLevel: "off" });
  }
  session.append({ type: "message", message: { role: "user", content: [{ type: "text", text: redact(prompt) }], timestamp: now() } });

  const toolset = createTools({
    interceptor: config.tools.interceptor,
    protectedPaths: [...config.protectedPaths, ".git/", "state/"],
    enabled: config.tools.enabled,
  });
  const deadline = run.started + config.budgets.maxMinutes * 60_000;
  let result: LoopResult;
  try {
    result = await runAgentLoop({
      session,
      model: resolved,
      instructions: systemInstructions({ repository: `${env.owner}/${env.repo}`, branch, issueNumber: trigger.issueNumber, tools: toolset.tools.map((t) => t.name), protectedPaths: config.protectedPaths }),
      tools: toolset.tools,
      toolContext: { workspace, signal: run.signal, env: toolEnvironment(run.processEnv), artifacts: createArtifactStore(session.artifactsDir), redact },
      maxTurns: config.budgets.maxTurns,
      maxOutputTokens: config.budgets.maxOutputTokens,
      deadline,
      signal: run.signal,
      now,
      onEvent: (event) => {
        if (event.type === "tool_end") log(`gitclaw: ${event.result.isError ? "✗" : "✓"} ${event.call.name} (${event.durationMs} ms)`);
        if (event.type === "turn_start") log(`gitclaw: turn ${event.turn}`);
      },
    });
  } finally {
    const notes = await toolset.dispose();
    if (notes.length) session.append({ type: "custom", customType: "gitclaw.jobs_killed", data: { notes } });
  }
  const durationMs = now() - run.started;
  session.append({
    type: "custom",
    customType: "gitclaw.run",
    data: { runId: env.runId, event: `${trigger.eventName}.${trigger.action}`, outcome: result.outcome, turns: result.turns, toolCalls: result.toolCalls, usage: result.usage, durationMs },
  });
  writeMapping(workspace, {
    issueNumber: trigger.issueNumber,
    sessionPath: repoRelative(workspace, session.path),
    updatedAt: new Date(now()).toISOString(),
    ...(pending.last ? { lastCommentId: pending.last.id, lastCommentAt: pending.last.createdAt } : conversation.mapping?.lastCommentId ? { lastCommentId: conversation.mapping.lastCommentId, lastCommentAt: conversation.mapping.lastCommentAt } : {}),
  });

  const own = [repoRelative(workspace, mappingPath(workspace, trigger.issueNumber)), repoRelative(workspace, session.path), `${repoRelative(workspace, session.artifactsDir)}/`];
  const reverted = await revertProtectedChanges(git, [...config.protectedPaths, "state/"], own);
  for (const path of reverted) core.warning(`gitclaw: refused the agent's change to protected path ${path}`);

  let push: PushOutcome | undefined;
  let pushError: string | undefined;
  try {
    const sha = await commitAll(git, commitMessage({ issueNumber: trigger.issueNumber, title: trigger.title, runUrl: run.link, coAuthor: trigger.actor.type === "User" ? { login: trigger.actor.login, id: trigger.actor.id } : undefined }));
    if (sha) {
      push = await pushWithRetry(git, { branch, attempts: config.git.pushAttempts, fallbackBranch: `gitclaw/issue-${trigger.issueNumber}-${env.runId}`, log });
      log(`gitclaw: pushed ${push.sha.slice(0, 12)} to ${push.branch}`);
    }
  } catch (error) {
    pushError = redact((error as Error).message);
    core.error(`gitclaw: ${pushError}`);
  }

  const base = `${env.serverUrl}/${env.owner}/${env.repo}`;
  const notes = [
    ...conversation.notices.map((n) => `> [!NOTE]\n> ${n}`),
    ...(reverted.length ? [`> [!WARNING]\n> Changes to protected paths were not committed: ${reverted.map((p) => `\`${p}\``).join(", ")}.`] : []),
    describePush(push, pushError, { compare: (b) => `${base}/compare/${branch}...${b}?expand=1` }),
  ].filter(Boolean);
  const text = [replyText(result, { durationMs, runUrl: run.link, maxTurns: config.budgets.maxTurns, maxMinutes: config.budgets.maxMinutes }), ...notes].join("\n\n");
  const footerText = footer({
    durationMs,
    result,
    model: `${resolved.provider}/${resolved.modelId}`,
    runUrl: run.link,
    sessionUrl: push ? `${base}/blob/${push.sha}/${repoRelative(workspace, session.path)}` : undefined,
    commitUrl: push ? `${base}/commit/${push.sha}` : undefined,
  });
  await postReply(github, repo, trigger.issueNumber, redact(text), redact(footerText));
  markReplied(env);
  log(`gitclaw: replied on #${trigger.issueNumber} (${result.outcome})`);
}

function issueNumberOf(env: ActionsEnv): number | undefined {
  try {
    return readEventBasics(env.eventName, env.eventPath).issueNumber;
  } catch {
    return undefined;
  }
}

/** Tells the workflow's backstop step that a reply exists, so it posts no failure comment. */
function markReplied(env: ActionsEnv): void {
  writeFileSync(replyStateFile(env.runnerTemp), JSON.stringify({ at: new Date().toISOString() }));
}

async function removeIndicator(github: GitHubClient, repo: Repo, env: ActionsEnv, log: (line: string) => void): Promise<void> {
  const file = reactionStateFile(env.runnerTemp);
  if (!existsSync(file)) return;
  try {
    const state = JSON.parse(readFileSync(file, "utf8")) as ReactionState;
    await removeReaction(github, repo, state);
    writeFileSync(file, JSON.stringify({ ...state, removed: true }));
  } catch (error) {
    log(`gitclaw: could not remove 👀: ${(error as Error).message}`);
  }
}
