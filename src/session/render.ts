// The session viewer: a pi session file as readable Markdown, for people reviewing what the agent
// did. It shows the path from the leaf (the conversation the model saw) in file order, tool calls
// compact and their results trimmed, with usage per model call and in total.
// The command that prints it is src/cli/session.ts.
import { existsSync } from "node:fs";
import { fence } from "../text/quote.ts";
import { addUsage, emptyUsage, type SessionEntry, type ToolCallBlock, type Usage } from "./entries.ts";
import { resolveSessionPath } from "./mapping.ts";
import { pathToRoot } from "./context.ts";
import { SessionFile } from "./session-file.ts";

const RESULT_LINES = 20;
const RESULT_CHARS = 2000;
/** Arguments this short stay on the call's line; longer ones get a block. */
const INLINE_JSON_CHARS = 100;
/** Custom entry fields longer than this are elided from their one-line note. */
const NOTE_VALUE_CHARS = 40;

export interface RenderOptions {
  /** How the heading names the file (default: the session's path). */
  displayPath?: string;
  /** The repository the session is in: sub-agents' sessions are found there and shown as a tree. */
  repoRoot?: string;
}

/** How deep the tree of sub-agent sessions is followed (gitclaw's own limit is lower). */
const TREE_DEPTH = 6;

interface TaskLine {
  taskId: string;
  title: string;
  status: string;
  sessionPath?: string;
}

/** The session's sub-agent tasks as its gitclaw.task entries last describe them, in the order they started. */
function tasksOf(session: SessionFile): TaskLine[] {
  const tasks = new Map<string, TaskLine>();
  for (const entry of session.entries) {
    if (entry.type !== "custom" || entry.customType !== "gitclaw.task") continue;
    const data = (entry.data ?? {}) as Partial<TaskLine> & { parentSession?: unknown };
    // A child's own first entry names its parent, not a task of its own.
    if (typeof data.taskId !== "string" || typeof data.status !== "string") continue;
    tasks.set(data.taskId, { ...tasks.get(data.taskId), ...data } as TaskLine);
  }
  return [...tasks.values()];
}

/** A Markdown list of the session's sub-agents, and theirs, each with its status and session file. */
export function taskTree(session: SessionFile, repoRoot: string | undefined, depth = 0): string[] {
  return tasksOf(session).flatMap((task) => {
    const file = task.sessionPath ? ` · \`${task.sessionPath}\`` : "";
    const line = `${"  ".repeat(depth)}- \`${task.taskId}\` ${task.title}: ${task.status}${file}`;
    const child =
      repoRoot && task.sessionPath && depth < TREE_DEPTH ? loadChild(repoRoot, task.sessionPath) : undefined;
    return [line, ...(child ? taskTree(child, repoRoot, depth + 1) : [])];
  });
}

/** A sub-agent's session, if it is a file directly in state/sessions/ (committed state names it). */
function loadChild(repoRoot: string, sessionPath: string): SessionFile | undefined {
  try {
    const path = resolveSessionPath(repoRoot, { issueNumber: 1, sessionPath, updatedAt: "" });
    return existsSync(path) ? SessionFile.load(path, { readOnly: true }) : undefined;
  } catch {
    return undefined;
  }
}

/** The first `maxLines` lines and at most `maxChars` characters, with a marker saying what was left out. */
export function trimText(text: string, maxLines = RESULT_LINES, maxChars = RESULT_CHARS): string {
  const body = text.trimEnd();
  const lines = body.split("\n");
  let shown = lines.slice(0, maxLines).join("\n");
  if (shown.length > maxChars) {
    shown = shown.slice(0, maxChars);
    // Never end on half a surrogate pair.
    if (/[\uD800-\uDBFF]$/.test(shown)) shown = shown.slice(0, -1);
  }
  if (shown.length === body.length) return body;
  const moreLines = lines.length - shown.split("\n").length;
  return `${shown}\n… ${moreLines > 0 ? plural(moreLines, "more line") : plural(body.length - shown.length, "more character")}`;
}

const count = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, word: string, words = `${word}s`) => `${count(n)} ${n === 1 ? word : words}`;
const str = (value: unknown) => (typeof value === "string" ? value : undefined);
const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");

/** Tokens and cost; a zero cost means no price is known for the model, said once in the total. */
function usageLine(usage: Usage, total = false): string {
  const parts = [`${count(usage.input)} in`, `${count(usage.output)} out`, `${count(usage.cacheRead)} cached`];
  if (usage.cacheWrite > 0) parts.push(`${count(usage.cacheWrite)} cache write`);
  if (usage.cost.total > 0) parts.push(`$${usage.cost.total.toFixed(4)}`);
  else if (total) parts.push("cost unknown");
  if (usage.estimated) parts.push("estimated: the provider reported none for a turn");
  return parts.join(" · ");
}

/** Text of a string or a list of text and image blocks; images become a placeholder. */
function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: unknown; text?: unknown; mimeType?: unknown }) =>
      block.type === "text"
        ? (str(block.text) ?? "")
        : block.type === "image"
          ? `[image: ${String(block.mimeType)}]`
          : "",
    )
    .filter(Boolean)
    .join("\n");
}

/** Arguments a tool's compact form does not show, as `· key: value` on the call's line. */
function extraArgs(args: Record<string, unknown>, shown: string[]): string {
  return Object.entries(args)
    .filter(([key]) => !shown.includes(key))
    .map(([key, value]) => ` · ${key}: \`${JSON.stringify(value)}\``)
    .join("");
}

/** gitclaw's edit takes oldText/newText; pi's takes a list of them under `edits`. */
function editPairs(args: Record<string, unknown>): { oldText: string; newText: string }[] | undefined {
  const list: unknown[] = Array.isArray(args.edits) ? args.edits : [args];
  const pairs = list.map((edit) => {
    const e = (edit ?? {}) as Record<string, unknown>;
    return { oldText: str(e.oldText), newText: str(e.newText) };
  });
  return pairs.every((p) => p.oldText !== undefined && p.newText !== undefined)
    ? (pairs as { oldText: string; newText: string }[])
    : undefined;
}

function renderToolCall(call: ToolCallBlock): string {
  const args = call.arguments;
  const path = str(args.path);
  const command = str(args.command);
  const content = str(args.content);
  if (call.name === "bash" && command !== undefined)
    return `**bash**${extraArgs(args, ["command"])}\n\n${fence(trimText(command), "sh")}`;
  if (call.name === "read" && path !== undefined) return `**read** \`${path}\`${extraArgs(args, ["path"])}`;
  if (call.name === "write" && path !== undefined && content !== undefined) {
    const lines = content === "" ? 0 : content.replace(/\n$/, "").split("\n").length;
    return `**write** \`${path}\` (${plural(lines, "line")})${extraArgs(args, ["path", "content"])}\n\n${fence(trimText(content))}`;
  }
  const pairs = call.name === "edit" && path !== undefined ? editPairs(args) : undefined;
  if (pairs) {
    const prefixed = (prefix: string, text: string) => text.split("\n").map((line) => `${prefix}${line}`);
    const diff = pairs.flatMap((p) => [...prefixed("- ", p.oldText), ...prefixed("+ ", p.newText)]).join("\n");
    return `**edit** \`${path}\`${extraArgs(args, ["path", "oldText", "newText", "edits"])}\n\n${fence(trimText(diff), "diff")}`;
  }
  const json = JSON.stringify(args);
  if (json.length <= INLINE_JSON_CHARS) return `**${call.name}** \`${json}\``;
  return `**${call.name}**\n\n${fence(trimText(JSON.stringify(args, null, 2)), "json")}`;
}

function renderThinking(block: Record<string, unknown>): string | undefined {
  if (block.redacted === true) return "_Thinking (redacted)._";
  const thinking = str(block.thinking)?.trim();
  if (!thinking) return undefined;
  return `<details><summary>Thinking (${plural(thinking.split("\n").length, "line")})</summary>\n\n${fence(trimText(thinking))}\n\n</details>`;
}

/** A custom entry as one line: its data's top-level fields, long values elided. */
function customNote(customType: string, data: unknown): string {
  if (data === null || typeof data !== "object" || Array.isArray(data))
    return `_${customType}: \`${JSON.stringify(data) ?? "undefined"}\`_`;
  const fields = Object.entries(data).map(([key, value]) => {
    const json = JSON.stringify(value) ?? "undefined";
    return `${key}: ${json.length <= NOTE_VALUE_CHARS ? json : Array.isArray(value) ? `[${plural(value.length, "item")}]` : "{…}"}`;
  });
  return `_${customType}: ${fields.join(" · ")}_`;
}

/** What rendering the path so far has seen: totals for the end, and the state notes compare against. */
interface RenderState {
  usage: Usage;
  modelCalls: number;
  toolCalls: number;
  toolErrors: number;
  model?: string;
  thinkingLevel: string;
  /** Tool call ids with a result on the path; calls without one are marked. */
  answered: ReadonlySet<string>;
  path: readonly SessionEntry[];
}

/** How many messages on the path a compaction summarises: those before the first entry it keeps (context.ts's rule). */
function replacedMessages(path: readonly SessionEntry[], compaction: SessionEntry): number {
  const at = path.indexOf(compaction);
  const kept = path.findIndex((e) => e.id === (compaction as { firstKeptEntryId?: unknown }).firstKeptEntryId);
  const end = kept >= 0 && kept < at ? kept : at;
  return path.slice(0, end).filter((e) => ["message", "custom_message", "branch_summary"].includes(e.type)).length;
}

function renderAssistant(message: Record<string, unknown>, state: RenderState): string {
  state.modelCalls++;
  state.model = `${String(message.provider)}/${String(message.model)}`;
  const parts = ["## Assistant"];
  for (const block of message.content as Record<string, unknown>[]) {
    if (block.type === "text" && str(block.text)?.trim()) parts.push(block.text as string);
    if (block.type === "thinking") parts.push(renderThinking(block) ?? "");
    if (block.type === "toolCall") {
      state.toolCalls++;
      const call = block as ToolCallBlock;
      parts.push(
        renderToolCall(call) +
          (state.answered.has(call.id) ? "" : "\n\n_No result recorded: the run ended before this call finished._"),
      );
    }
  }
  const stop = message.stopReason;
  if (stop === "error" || stop === "aborted") {
    const error = str(message.errorMessage);
    parts.push(`> ✗ The model call ${stop === "error" ? "failed" : "was aborted"}${error ? `: ${error}` : "."}`);
  }
  if (stop === "length") parts.push("> ⚠ The reply was cut at the output token limit.");
  const usage = message.usage as Usage;
  state.usage = addUsage(state.usage, usage);
  if (usage.totalTokens > 0) parts.push(`<sub>${usageLine(usage)}</sub>`);
  return parts.filter(Boolean).join("\n\n");
}

function renderMessage(message: Record<string, unknown>, state: RenderState): string | undefined {
  switch (message.role) {
    case "user":
      return `## User\n\n${textOf(message.content)}`;
    case "assistant":
      return renderAssistant(message, state);
    case "toolResult": {
      const failed = message.isError === true;
      if (failed) state.toolErrors++;
      const output = textOf(message.content).trim();
      return `**${failed ? "✗" : "✓"} ${String(message.toolName)}** result${output ? `\n\n${fence(trimText(output))}` : ": (no output)"}`;
    }
    default:
      // bashExecution (pi's `!` commands) and other roles never reach the model.
      return undefined;
  }
}

function renderEntry(entry: SessionEntry, state: RenderState): string | undefined {
  const e = entry as Record<string, unknown>;
  switch (entry.type) {
    case "message":
      return renderMessage(e.message as Record<string, unknown>, state);
    case "model_change": {
      const model = `${String(e.provider)}/${String(e.modelId)}`;
      const changed = state.model !== undefined && model !== state.model;
      state.model = model;
      return changed ? `_Model changed to \`${model}\`._` : undefined;
    }
    case "thinking_level_change": {
      const changed = e.thinkingLevel !== state.thinkingLevel;
      state.thinkingLevel = String(e.thinkingLevel);
      return changed ? `_Thinking level: ${state.thinkingLevel}._` : undefined;
    }
    case "compaction": {
      const replaced = plural(replacedMessages(state.path, entry), "message");
      return `**Compaction** (${count(Number(e.tokensBefore))} tokens before): from here on the model saw this summary in place of the first ${replaced} above.\n\n${quote(String(e.summary))}`;
    }
    case "branch_summary":
      return `**Summary of another branch:**\n\n${quote(String(e.summary))}`;
    case "custom_message":
      return `## ${String(e.customType)}\n\n${textOf(e.content)}`;
    case "custom":
      return customNote(String(e.customType), e.data);
    default:
      // label, session_info and types newer than this viewer say nothing about the conversation.
      return undefined;
  }
}

export function renderSession(session: SessionFile, options: RenderOptions = {}): string {
  const path = pathToRoot(session.entries, session.leafId);
  const answered = new Set<string>();
  for (const entry of path) {
    const message = entry.type === "message" ? (entry.message as Record<string, unknown>) : undefined;
    if (message?.role === "toolResult" && typeof message.toolCallId === "string") answered.add(message.toolCallId);
  }
  const state: RenderState = {
    usage: emptyUsage(),
    modelCalls: 0,
    toolCalls: 0,
    toolErrors: 0,
    thinkingLevel: "off",
    answered,
    path,
  };

  const model = session.context().model;
  const otherBranches = session.entries.length - path.length;
  const heading = [
    `# Session ${session.id}`,
    "",
    `- **File:** \`${options.displayPath ?? session.path}\``,
    `- **Started:** ${session.header.timestamp}`,
    `- **cwd:** \`${session.header.cwd ?? "unknown"}\``,
    `- **Model:** \`${model ? `${model.provider}/${model.modelId}` : "unknown"}\``,
  ];
  if (session.header.parentSession) heading.push(`- **Parent session:** \`${session.header.parentSession}\``);
  const tree = taskTree(session, options.repoRoot);
  if (tree.length) heading.push(`- **Sub-agents:**`, ...tree.map((line) => `  ${line}`));
  if (otherBranches > 0)
    heading.push(`- **Other branches:** ${plural(otherBranches, "entry", "entries")} not on this path (not shown)`);
  if (session.notes.length > 0)
    heading.push(`- **Damaged lines skipped:** ${session.notes.map((n) => `line ${n.line}: ${n.reason}`).join("; ")}`);

  const sections = [heading.join("\n")];
  for (const entry of path) {
    const section = renderEntry(entry, state);
    if (section) sections.push(section);
  }
  const failed = state.toolErrors > 0 ? ` (${count(state.toolErrors)} failed)` : "";
  sections.push(
    [
      `## Total${otherBranches > 0 ? " (this path)" : ""}`,
      "",
      `${plural(state.modelCalls, "model call")} · ${plural(state.toolCalls, "tool call")}${failed}`,
      "",
      usageLine(state.usage, true),
    ].join("\n"),
  );
  return `${sections.join("\n\n")}\n`;
}
