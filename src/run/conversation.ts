// Which session an issue continues and what this run must answer. The mapping is the only way to
// find a session; a damaged or missing one is reported and replaced, never silently overwritten.
// Mappings and sessions are committed state, so a mapping that leads out of state/sessions/, or to
// another issue's conversation, is refused the same way: a notice, and a new session.
import type { Conversation } from "./types.ts";
import { CI_REPORT_LOGIN } from "./ci.ts";
import { lstatSync } from "node:fs";
import { relative } from "node:path";
import * as workflow from "../actions/log.ts";
import type { Trigger } from "../actions/event.ts";
import { getPermission, listComments, repoPath } from "../github/operations.ts";
import {
  checkStateFolders,
  otherIssuesUsing,
  readMapping,
  repoRelative,
  resolveSessionPath,
  sessionsDir,
  type IssueMapping,
} from "../session/mapping.ts";
import { CUSTOM } from "../session/custom.ts";
import { SessionFile, type SessionOptions } from "../session/session-file.ts";
import type { IssueComment } from "../github/operations.ts";
import { userPrompt, type Opening } from "./prompt.ts";
import type { PromptComment } from "./types.ts";
import { requestParts } from "./request.ts";
import { htmlPath, promptImages, type ImageOptions, type ImageSource } from "./images.ts";
import type { TargetedRun } from "./types.ts";
import { openRunConversation } from "./prompt-run.ts";
import { isBot, trustChecker } from "../gate/trust.ts";
import { REPLY_MARKER } from "../github/marker.ts";
import { isGhost } from "../github/ghost.ts";

function claimedIssue(session: SessionFile): number | undefined {
  for (const entry of session.entries) {
    const issueNumber =
      entry.type === "custom" && entry.customType === CUSTOM.issue
        ? (entry.data as { issueNumber?: unknown } | null)?.issueNumber
        : undefined;
    if (typeof issueNumber === "number") return issueNumber;
  }
  return undefined;
}

export function openConversation(
  repoRoot: string,
  issueNumber: number,
  options: { cwd: string } & SessionOptions,
): Conversation {
  checkStateFolders(repoRoot);
  const notices: string[] = [];
  const claim = (session: SessionFile) => session.appendCustom(CUSTOM.issue, { issueNumber });
  const fresh = () => {
    const session = SessionFile.create(sessionsDir(repoRoot), options);
    claim(session);
    return session;
  };
  let mapping: IssueMapping | undefined;
  try {
    mapping = readMapping(repoRoot, issueNumber);
  } catch (error) {
    notices.push(`${(error as Error).message} Started a new session instead.`);
  }
  if (!mapping) return { session: fresh(), mode: "new", notices };

  const refuse = (why: string): Conversation => {
    notices.push(`${why} Started a new session; the old file is kept as it was.`);
    return { session: fresh(), mode: "new", mapping, notices };
  };
  let path: string;
  let session: SessionFile;
  try {
    path = resolveSessionPath(repoRoot, mapping);
    session = SessionFile.load(path, options);
  } catch (error) {
    return refuse(
      `state/issues/${issueNumber}.json points at ${mapping.sessionPath}, which cannot be resumed (${(error as Error).message}).`,
    );
  }
  const owner = claimedIssue(session) ?? otherIssuesUsing(repoRoot, path, issueNumber)[0];
  if (owner !== undefined && owner !== issueNumber) {
    return refuse(
      `state/issues/${issueNumber}.json points at ${mapping.sessionPath}, the conversation of issue #${owner}; a session belongs to one issue.`,
    );
  }
  // The tool-output folder is named after the session id: it must be a real folder too.
  if (lstatSync(session.artifactsDir, { throwIfNoEntry: false })?.isDirectory() === false) {
    return refuse(
      `${relative(repoRoot, session.artifactsDir)}, the artifacts folder of ${mapping.sessionPath}, is a symbolic link or not a folder.`,
    );
  }
  // Each damaged line is reported once, then recorded as reported; its bytes stay in the file.
  const damaged = session.notes.filter((note) => !note.reported);
  for (const note of damaged)
    notices.push(`${relative(repoRoot, path)} line ${note.line}: ${note.reason}; the file keeps it as it is.`);
  if (damaged.length) session.appendCustom(CUSTOM.damagedLines, { lines: damaged.map((note) => note.line) });
  if (owner === undefined) claim(session);
  return { session, mode: "resume", mapping, notices };
}

export interface PendingComments {
  comments: PromptComment[];
  /** The newest comment this run answers, recorded in the mapping. */
  last?: { id: number; createdAt: string };
}

/**
 * The comments this run answers: every human comment after the last answered one, up to the
 * trigger. Comments created after the trigger belong to the run they triggered; comments edited
 * after it are dropped, since their text may have changed since it was checked. The triggering
 * comment's text is taken from the event payload. An inline review comment is not among them: it
 * is added with its place in the diff (src/run/request.ts).
 */
export async function pendingComments(
  trigger: Trigger,
  all: IssueComment[],
  mapping: IssueMapping | undefined,
  isTrusted: (login: string) => Promise<boolean>,
): Promise<PendingComments> {
  const since = mapping?.lastCommentId ?? 0;
  const triggeredAt = Date.parse(trigger.triggeredAt);
  const picked: PromptComment[] = [];
  for (const c of all) {
    if (c.id <= since || c.body.includes(REPLY_MARKER) || isBot({ login: c.login, type: c.userType })) continue;
    if (trigger.comment && c.id === trigger.comment.id) continue; // added from the payload below
    if (Date.parse(c.createdAt) > triggeredAt || Date.parse(c.updatedAt) > triggeredAt) continue;
    const trusted = await isTrusted(c.login);
    picked.push({
      id: c.id,
      login: c.login,
      body: c.body,
      createdAt: c.createdAt,
      trusted,
      url: c.htmlUrl,
      source: "issue-comment",
    });
  }
  if (trigger.comment && !trigger.inline) {
    picked.push({
      id: trigger.comment.id,
      login: trigger.comment.login,
      body: trigger.comment.body,
      createdAt: trigger.comment.createdAt,
      // It passed the gate, unless a deleted account wrote it (the gate judged who sent the event).
      trusted: !isGhost(trigger.comment.login),
      source: "issue-comment",
    });
  }
  picked.sort((a, b) => a.id - b.id);
  const newest = picked.at(-1);
  return { comments: picked, last: newest && { id: newest.id, createdAt: newest.createdAt } };
}

export interface OpenConversation extends Conversation {
  /** The newest comment answered once this run replies, for the mapping. */
  answered?: { id: number; createdAt: string };
  /** The entry of this run's user message: what comes after it is this run's (src/run/attachments.ts). */
  promptId?: string;
  /** What this run's message holds from people with write access (the skills they name: src/skills/). */
  trustedTexts: string[];
}

/**
 * Opens the issue's conversation and records this run's question in it: the issue itself when the
 * conversation is new, then every comment since the last answered one, each framed by who wrote it,
 * then what a pull request event asks (an inline comment, a review) and `extra` (a failed CI run).
 */
export async function beginConversation(
  run: TargetedRun,
  root: string,
  extra: PromptComment[] = [],
): Promise<OpenConversation> {
  const { trigger, api, repo, target } = run;
  const conversation = target.runKey
    ? openRunConversation(root, trigger.prompt!, { cwd: root })
    : openConversation(root, target.conversationIssue, { cwd: root });
  const { session, mapping } = conversation;
  for (const notice of conversation.notices) workflow.warning(`gitclaw: ${notice}`);
  run.log(`gitclaw: ${conversation.mode === "new" ? "new session" : "resuming"} ${repoRelative(root, session.path)}`);
  const isTrusted = trustChecker(run.config.trust, (login) => getPermission(api, repo, login));
  const answering = trigger.comment !== undefined || trigger.review !== undefined;
  const comments = answering ? await listComments(api, repo, target.threadNumber) : [];
  const pending = answering ? await pendingComments(trigger, comments, mapping, isTrusted) : { comments: [] };
  const asked = [...(await requestParts(api, repo, trigger, target)), ...extra];
  // A prompt run starts from its prompt (in `extra`), not from the issue.
  const includeIssue = conversation.mode === "new" && !trigger.prompt;
  const parts = [...pending.comments, ...asked];
  const prompt = await userPrompt(trigger, parts, { includeIssue, isTrusted, opening: opening(run) });
  const sources = await imageSources(run, includeIssue, parts, isTrusted);
  const images = await promptImages(sources, imageOptions(run));
  const thinkingLevel = run.config.effort ?? "off";
  if (conversation.mode === "new") session.appendStart(run.resolved, thinkingLevel);
  // A resumed conversation records a changed effort as pi records one.
  else if (session.context().thinkingLevel !== thinkingLevel)
    session.append({ type: "thinking_level_change", thinkingLevel });
  const redacted = (block: (typeof images)[number]) =>
    block.type === "text" ? { ...block, text: run.redact(block.text) } : block;
  const content = [{ type: "text" as const, text: run.redact(prompt) }, ...images.map(redacted)];
  const asking = session.append({ type: "message", message: { role: "user", content, timestamp: run.now() } });
  const earlier = mapping?.lastCommentId
    ? { id: mapping.lastCommentId, createdAt: mapping.lastCommentAt ?? "" }
    : undefined;
  // What people with write access wrote (not gitclaw's CI report): the skills they name are loaded (src/skills/).
  const byPeople = sources.filter((source) => source.trusted && source.login !== CI_REPORT_LOGIN);
  const trustedTexts = byPeople.map((source) => source.body);
  return { ...conversation, answered: pending.last ?? earlier, promptId: asking.id, trustedTexts };
}

/** The texts of the user message, with their authors' trust, as far as their images go: the opening (when included) and every part. */
async function imageSources(
  run: TargetedRun,
  includeIssue: boolean,
  parts: PromptComment[],
  isTrusted: (login: string) => Promise<boolean>,
): Promise<ImageSource[]> {
  const { trigger, repo, target } = run;
  const sources: ImageSource[] = parts.map((part) => ({
    login: part.login,
    trusted: part.trusted,
    action: part.action ?? "commented",
    body: part.body,
    htmlPath: htmlPath(repo, target.threadNumber, part),
  }));
  if (!includeIssue) return sources;
  const open = opening(run);
  const [kind, number] = open ? [open.kind, open.number] : (["issue", trigger.issueNumber] as const);
  const author = open?.author ?? trigger.issueAuthor;
  const issue: ImageSource = {
    login: author,
    trusted: await isTrusted(author),
    action: `opened ${kind} #${number}`,
    body: open?.body ?? trigger.body,
    htmlPath: `${repoPath(repo)}/issues/${number}`,
  };
  return [issue, ...sources];
}

function imageOptions(run: TargetedRun): ImageOptions {
  const { resolved, env } = run;
  return {
    vision: resolved.vision === true,
    model: `${resolved.provider}/${resolved.modelId}`,
    api: run.api,
    server: env.serverUrl,
    token: env.token,
    redact: run.redact,
    signal: run.signal,
  };
}

/** What a new conversation starts from: the issue, or the pull request the run is on (the payload's text where it has it). */
function opening(run: TargetedRun): Opening {
  const { trigger, target, env } = run;
  if (!target.pull) {
    const url = `${env.serverUrl}/${env.owner}/${env.repo}/issues/${trigger.issueNumber}`;
    const { issueNumber: number, title, body, issueAuthor: author } = trigger;
    return { kind: "issue", number, title, body, author, url };
  }
  const fromPayload = trigger.title !== "";
  return {
    kind: "pull request",
    number: target.pull.number,
    title: fromPayload ? trigger.title : target.pull.title,
    body: fromPayload ? trigger.body : target.pull.body,
    author: fromPayload ? trigger.issueAuthor : target.pull.author,
    url: target.pull.url,
  };
}
