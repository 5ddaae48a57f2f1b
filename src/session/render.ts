// The session viewer: a pi session file as readable Markdown, for people reviewing what the agent did
// (`bun run session <issue|file>`). It shows the path from the leaf, i.e. the conversation the model
// saw, in file order, with tool calls compact and their results trimmed.
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { addUsage } from "../agent/usage.ts";
import { emptyUsage, type SessionEntry, type ToolCallBlock, type Usage } from "./entries.ts";
import { MappingError, mappingPath, readMapping, resolveSessionPath } from "./mapping.ts";
import { SessionError, SessionFile } from "./session-file.ts";

const RESULT_LINES = 20;
const RESULT_CHARS = 2000;
/** Short arguments fit on the call's line; longer ones get a block. */
const INLINE_JSON_CHARS = 100;

export interface RenderOptions {
  /** How the heading names the file (default: the session's path). */
  displayPath?: string;
}

/** The first `maxLines` lines and at most `maxChars` characters, with a marker saying what was left out. */
export function trimText(text: string, maxLines = RESULT_LINES, maxChars = RESULT_CHARS): string {
  const body = text.replace(/\s+$/, "");
  const lines = body.split("\n");
  let shown = lines.slice(0, maxLines).join("\n");
  if (shown.length > maxChars) {
    shown = shown.slice(0, maxChars);
    // Never end on half a surrogate pair.
    if (/[\uD800-\uDBFF]$/.test(shown)) shown = shown.slice(0, -1);
  }
  if (shown.length === body.length) return body;
  const moreLines = lines.length - shown.split("\n").length;
  return `${shown}\n… ${moreLines > 0 ? `${moreLines} more line${moreLines === 1 ? "" : "s"}` : `${body.length - shown.length} more characters`}`;
}

/** A fenced code block whose fence is longer than any backtick run inside, so content cannot close it. */
function fence(text: string, lang = ""): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length));
  const marks = "`".repeat(Math.max(3, longest + 1));
  return `${marks}${lang}\n${text}\n${marks}`;
}

const count = (n: number) => n.toLocaleString("en-US");
const plural = (n: number, word: string) => `${count(n)} ${word}${n === 1 ? "" : "s"}`;

function usageLine(usage: Usage): string {
  const parts = [`${count(usage.input)} in`, `${count(usage.output)} out`, `${count(usage.cacheRead)} cached`];
  if (usage.cacheWrite > 0) parts.push(`${count(usage.cacheWrite)} cache write`);
  parts.push(usage.cost.total > 0 ? `$${usage.cost.total.toFixed(4)}` : "cost unknown");
  return parts.join(" · ");
}

function textOf(content: unknown): string {
  if (typeof content === "string") return content;
  if (!Array.isArray(content)) return "";
  return content
    .map((block: { type?: unknown; text?: unknown; mimeType?: unknown }) =>
      block.type === "text" && typeof block.text === "string" ? block.text : block.type === "image" ? `[image: ${String(block.mimeType)}]` : "",
    )
    .filter(Boolean)
    .join("\n");
}

/** Arguments not shown otherwise, as `key: value` on the call's line. */
function extraArgs(args: Record<string, unknown>, shown: string[]): string {
  const rest = Object.entries(args).filter(([key]) => !shown.includes(key));
  return rest.map(([key, value]) => ` · ${key}: \`${JSON.stringify(value)}\``).join("");
}

const str = (value: unknown) => (typeof value === "string" ? value : undefined);

/** gitclaw's edit takes oldText/newText; pi's takes a list of them under `edits`. */
function editPairs(args: Record<string, unknown>): { oldText: string; newText: string }[] | undefined {
  const list = Array.isArray(args.edits) ? args.edits : [args];
  const pairs = list.map((e: Record<string, unknown>) => ({ oldText: str(e?.oldText), newText: str(e?.newText) }));
  return pairs.every((p) => p.oldText !== undefined && p.newText !== undefined) ? (pairs as { oldText: string; newText: string }[]) : undefined;
}

const diffLines = (prefix: string, text: string) => text.split("\n").map((line) => `${prefix}${line}`);

function renderToolCall(call: ToolCallBlock): string {
  const args = call.arguments;
  const path = str(args.path);
  const command = str(args.command);
  if (call.name === "bash" && command !== undefined) {
    return `**bash**${extraArgs(args, ["command"])}\n\n${fence(command, "sh")}`;
  }
  if (call.name === "read" && path !== undefined) {
    return `**read** \`${path}\`${extraArgs(args, ["path"])}`;
  }
  const content = str(args.content);
  if (call.name === "write" && path !== undefined && content !== undefined) {
    const lines = content === "" ? 0 : content.replace(/\n$/, "").split("\n").length;
    return `**write** \`${path}\` (${plural(lines, "line")})${extraArgs(args, ["path", "content"])}\n\n${fence(trimText(content))}`;
  }
  const pairs = call.name === "edit" && path !== undefined ? editPairs(args) : undefined;
  if (pairs) {
    const diff = pairs.flatMap((p) => [...diffLines("- ", p.oldText), ...diffLines("+ ", p.newText)]).join("\n");
    return `**edit** \`${path}\`${extraArgs(args, ["path", "oldText", "newText", "edits"])}\n\n${fence(trimText(diff), "diff")}`;
  }
  const json = JSON.stringify(args);
  if (json.length <= INLINE_JSON_CHARS) return `**${call.name}** \`${json}\``;
  return `**${call.name}**\n\n${fence(trimText(JSON.stringify(args, null, 2)), "json")}`;
}

/** Same walk as context.ts: from the leaf through `parentId` to the root, stopping at a missing or repeated id. */
function pathFromLeaf(entries: readonly SessionEntry[], leafId: string | null): SessionEntry[] {
  const byId = new Map(entries.map((entry) => [entry.id, entry]));
  const path: SessionEntry[] = [];
  const seen = new Set<string>();
  for (let id = leafId; id !== null && !seen.has(id); ) {
    const entry = byId.get(id);
    if (!entry) break;
    seen.add(id);
    path.push(entry);
    id = entry.parentId;
  }
  return path.reverse();
}

/** A one-line summary of a custom entry's data: its top-level fields, long values elided. */
function customNote(customType: string, data: unknown): string {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return `_${customType}: \`${JSON.stringify(data) ?? "null"}\`_`;
  const fields = Object.entries(data).map(([key, value]) => {
    const json = JSON.stringify(value) ?? "undefined";
    return `${key}: ${json.length <= 40 ? json : Array.isArray(value) ? `[${value.length} items]` : "{…}"}`;
  });
  return `_${customType}: ${fields.join(" · ")}_`;
}

const quote = (text: string) =>
  text
    .split("\n")
    .map((line) => (line ? `> ${line}` : ">"))
    .join("\n");

interface Totals {
  usage: Usage;
  turns: number;
  toolCalls: number;
  toolErrors: number;
}

export function renderSession(session: SessionFile, options: RenderOptions = {}): string {
  const path = pathFromLeaf(session.entries, session.leafId);
  const context = session.context();
  const model = context.model ? `${context.model.provider}/${context.model.modelId}` : "unknown";
  const header = [
    `# Session ${session.id}`,
    "",
    `- **File:** \`${options.displayPath ?? session.path}\``,
    `- **Started:** ${session.header.timestamp}`,
    `- **cwd:** \`${session.header.cwd ?? "unknown"}\``,
    `- **Model:** \`${model}\``,
  ];
  const otherBranches = session.entries.length - path.length;
  if (otherBranches > 0) header.push(`- **Other branches:** ${plural(otherBranches, "entry")} not on this path (not shown)`.replace("entrys", "entries"));
  if (session.notes.length > 0) {
    header.push(`- **Damaged lines skipped:** ${session.notes.map((n) => `line ${n.line} (${n.reason})`).join(", ")}`);
  }

  const answered = new Set<string>();
  for (const entry of path) {
    const message = entry.type === "message" ? (entry.message as { role: string; toolCallId?: unknown }) : undefined;
    if (message?.role === "toolResult" && typeof message.toolCallId === "string") answered.add(message.toolCallId);
  }

  const totals: Totals = { usage: emptyUsage(), turns: 0, toolCalls: 0, toolErrors: 0 };
  let currentModel: string | undefined;
  let thinkingLevel = "off";
  const sections: string[] = [header.join("\n")];
  for (const entry of path) {
    const section = renderEntry(entry);
    if (section) sections.push(section);
  }

  function renderEntry(entry: SessionEntry): string | undefined {
    const e = entry as Record<string, unknown>;
    switch (entry.type) {
      case "message":
        return renderMessage(e.message as Record<string, unknown>);
      case "model_change": {
        const next = `${String(e.provider)}/${String(e.modelId)}`;
        const changed = currentModel !== undefined && next !== currentModel;
        currentModel = next;
        return changed ? `_Model changed to \`${next}\`._` : undefined;
      }
      case "thinking_level_change": {
        const changed = e.thinkingLevel !== thinkingLevel;
        thinkingLevel = String(e.thinkingLevel);
        return changed ? `_Thinking level: ${thinkingLevel}._` : undefined;
      }
      case "compaction":
        return `**Compaction** (${count(Number(e.tokensBefore))} tokens before): from here on the model saw this summary instead of the earlier messages.\n\n${quote(String(e.summary))}`;
      case "branch_summary":
        return `**Summary of another branch:**\n\n${quote(String(e.summary))}`;
      case "custom_message":
        return `## ${String(e.customType)}\n\n${textOf(e.content)}`;
      case "custom":
        return customNote(String(e.customType), e.data);
      default:
        // label, session_info and types newer than this viewer carry nothing for the reader.
        return undefined;
    }
  }

  function renderMessage(message: Record<string, unknown>): string | undefined {
    switch (message.role) {
      case "user":
        return `## User\n\n${textOf(message.content)}`;
      case "assistant":
        return renderAssistant(message);
      case "toolResult": {
        const isError = message.isError === true;
        if (isError) totals.toolErrors++;
        const output = textOf(message.content);
        return `**${isError ? "✗" : "✓"} ${String(message.toolName)}** result${output.trim() ? `\n\n${fence(trimText(output))}` : ": (no output)"}`;
      }
      default:
        // bashExecution (pi's `!` commands) and other roles never reach the model.
        return undefined;
    }
  }

  function renderAssistant(message: Record<string, unknown>): string {
    totals.turns++;
    currentModel = `${String(message.provider)}/${String(message.model)}`;
    const parts = ["## Assistant"];
    for (const block of message.content as Record<string, unknown>[]) {
      if (block.type === "text" && typeof block.text === "string" && block.text.trim()) parts.push(block.text);
      else if (block.type === "thinking") parts.push(renderThinking(block));
      else if (block.type === "toolCall") {
        totals.toolCalls++;
        const call = block as ToolCallBlock;
        parts.push(renderToolCall(call) + (answered.has(call.id) ? "" : "\n\n_No result recorded: the run ended before this call finished._"));
      }
    }
    const stop = message.stopReason;
    if (stop === "error" || stop === "aborted") parts.push(`> ✗ The model call ${stop === "error" ? "failed" : "was aborted"}${message.errorMessage ? `: ${String(message.errorMessage)}` : "."}`);
    if (stop === "length") parts.push("> ⚠ The reply was cut at the output token limit.");
    const usage = message.usage as Usage;
    totals.usage = addUsage(totals.usage, usage);
    if (usage.totalTokens > 0) parts.push(`<sub>${usageLine(usage)}</sub>`);
    return parts.join("\n\n");
  }

  const scope = otherBranches > 0 ? " (this path)" : "";
  sections.push(
    [
      `## Total${scope}`,
      "",
      `${plural(totals.turns, "model call")} · ${plural(totals.toolCalls, "tool call")}${totals.toolErrors ? ` (${count(totals.toolErrors)} failed)` : ""}`,
      "",
      usageLine(totals.usage),
    ].join("\n"),
  );
  return `${sections.join("\n\n")}\n`;
}

function renderThinking(block: Record<string, unknown>): string {
  if (block.redacted === true) return "_Thinking (redacted)._";
  const thinking = typeof block.thinking === "string" ? block.thinking.trim() : "";
  if (!thinking) return "";
  return `<details><summary>Thinking (${plural(thinking.split("\n").length, "line")})</summary>\n\n${fence(trimText(thinking))}\n\n</details>`;
}
