// Rebuilds what the model sees from the entry tree, with pi's rules: the path from the leaf to the
// root, the latest compaction replacing what came before its first kept entry.
import type { AgentMessage, SessionEntry } from "./entries.ts";

export interface SessionContext {
  messages: AgentMessage[];
  model?: { provider: string; modelId: string };
  thinkingLevel: string;
}

const COMPACTION_PREFIX =
  "The conversation history before this point was compacted into the following summary:\n\n<summary>\n";
const COMPACTION_SUFFIX = "\n</summary>";

export function compactionSummaryMessage(summary: string, timestamp: number): AgentMessage {
  return {
    role: "user",
    content: [{ type: "text", text: `${COMPACTION_PREFIX}${summary}${COMPACTION_SUFFIX}` }],
    timestamp,
  };
}

/** The entries from the root to `leafId`: the branch the model sees. */
export function pathToRoot(entries: readonly SessionEntry[], leafId: string | null): SessionEntry[] {
  const byId = new Map<string, SessionEntry>();
  for (const entry of entries) byId.set(entry.id, entry);
  const path: SessionEntry[] = [];
  const seen = new Set<string>();
  for (let id = leafId; id !== null; ) {
    const entry = byId.get(id);
    // A parent missing from the file (damaged or foreign) ends the path rather than failing the load.
    if (!entry || seen.has(id)) break;
    seen.add(id);
    path.push(entry);
    id = entry.parentId;
  }
  return path.reverse();
}

function toMessage(entry: SessionEntry): AgentMessage | undefined {
  switch (entry.type) {
    case "message": {
      const message = entry.message as { role: string };
      return ["user", "assistant", "toolResult"].includes(message.role) ? (message as AgentMessage) : undefined;
    }
    case "custom_message":
    case "branch_summary": {
      const e = entry as { content?: unknown; summary?: unknown };
      const content = typeof e.summary === "string" ? e.summary : e.content;
      // Parsed only here: a message entry carries its own timestamp (10k Date.parse calls were 5% of a resume).
      const timestamp = Date.parse(entry.timestamp) || 0;
      if (typeof content === "string") return { role: "user", content: [{ type: "text", text: content }], timestamp };
      if (Array.isArray(content)) return { role: "user", content: content as never, timestamp };
      return undefined;
    }
    default:
      return undefined;
  }
}

export function buildContext(entries: readonly SessionEntry[], leafId: string | null): SessionContext {
  const path = pathToRoot(entries, leafId);
  const context: SessionContext = { messages: [], thinkingLevel: "off" };
  let compactionIndex = -1;
  path.forEach((entry, index) => {
    if (entry.type === "compaction") compactionIndex = index;
    else noteSettings(context, entry);
  });

  let start = 0;
  if (compactionIndex >= 0) {
    const compaction = path[compactionIndex] as { summary: string; firstKeptEntryId: string; timestamp: string };
    context.messages.push(compactionSummaryMessage(compaction.summary, Date.parse(compaction.timestamp) || 0));
    const kept = path.findIndex((e) => e.id === compaction.firstKeptEntryId);
    start = kept >= 0 && kept < compactionIndex ? kept : compactionIndex + 1;
  }
  for (let i = start; i < path.length; i++) {
    if (i === compactionIndex) continue;
    const message = toMessage(path[i]!);
    if (message) context.messages.push(message);
  }
  return context;
}

/**
 * Extends `context`, built for the entry `entry` was appended to, with `entry`: what buildContext
 * would return for the new leaf, without walking the path again. False when only a rebuild will
 * do: a compaction changes what comes before it.
 */
export function extendContext(context: SessionContext, entry: SessionEntry): boolean {
  if (entry.type === "compaction") return false;
  noteSettings(context, entry);
  const message = toMessage(entry);
  if (message) context.messages.push(message);
  return true;
}

/** The model and thinking level an entry on the path sets, if it sets them. */
function noteSettings(context: SessionContext, entry: SessionEntry): void {
  if (entry.type === "model_change") {
    const e = entry as { provider: string; modelId: string };
    context.model = { provider: e.provider, modelId: e.modelId };
  } else if (entry.type === "thinking_level_change") {
    context.thinkingLevel = (entry as { thinkingLevel: string }).thinkingLevel;
  } else if (entry.type === "message" && (entry.message as { role: string }).role === "assistant") {
    const m = entry.message as { provider: string; model: string };
    context.model = { provider: m.provider, modelId: m.model };
  }
}
