// pi's session format, version 3 (see pi-session-format.md): one JSON object per line, a header
// first, then entries that form a tree through `parentId`. Schemas are loose on purpose: files
// written by newer pi versions carry fields we do not know, and we must keep them intact.
import { z } from "zod";
import { isKnownMessageEntry } from "./message-entry.ts";

export const SESSION_VERSION = 3;

export const TextBlock = z.looseObject({ type: z.literal("text"), text: z.string() });
export const ImageBlock = z.looseObject({ type: z.literal("image"), data: z.string(), mimeType: z.string() });
export const ThinkingBlock = z.looseObject({
  type: z.literal("thinking"),
  thinking: z.string(),
  thinkingSignature: z.string().optional(),
  redacted: z.boolean().optional(),
});
/**
 * Where a tool call's arguments are kept when the model sent something that is not a JSON object
 * (cut-off JSON is common with small models): pi and gitclaw both read an object, and the raw
 * text stays on record. Sessions written before this stored the raw string; they load the same way.
 */
export const RAW_ARGUMENTS = "_rawArguments";

/** A tool call's arguments as a session stores them: the object the model sent, or its raw text kept in one. */
export function toolArguments(input: unknown): Record<string, unknown> {
  if (input !== null && typeof input === "object" && !Array.isArray(input)) return input as Record<string, unknown>;
  return { [RAW_ARGUMENTS]: typeof input === "string" ? input : JSON.stringify(input ?? null) };
}

export const ToolCallBlock = z.looseObject({
  type: z.literal("toolCall"),
  id: z.string(),
  name: z.string(),
  arguments: z.unknown().transform(toolArguments),
});
/** User and tool-result content blocks, dispatched on `type` rather than tried in turn. */
const MediaBlock = z.discriminatedUnion("type", [TextBlock, ImageBlock]);
export type TextBlock = z.infer<typeof TextBlock>;
export type ImageBlock = z.infer<typeof ImageBlock>;
export type ThinkingBlock = z.infer<typeof ThinkingBlock>;
export type ToolCallBlock = z.infer<typeof ToolCallBlock>;

export const Usage = z.looseObject({
  input: z.number(),
  output: z.number(),
  cacheRead: z.number(),
  cacheWrite: z.number(),
  totalTokens: z.number(),
  cost: z.looseObject({
    input: z.number(),
    output: z.number(),
    cacheRead: z.number(),
    cacheWrite: z.number(),
    total: z.number(),
  }),
  /**
   * gitclaw's mark on a count it estimated (about four characters a token), for a turn the provider
   * reported none for: a stream that broke off, was aborted or timed out, or a server that reports no
   * usage. pi ignores it; a sum with an estimate in it is an estimate.
   */
  estimated: z.literal(true).optional(),
});
export type Usage = z.infer<typeof Usage>;

export const StopReason = z.enum(["stop", "length", "toolUse", "error", "aborted"]);
export type StopReason = z.infer<typeof StopReason>;

export const UserMessage = z.looseObject({
  role: z.literal("user"),
  content: z.union([z.string(), z.array(MediaBlock)]),
  timestamp: z.number(),
});
const ASSISTANT_BLOCK_TYPES = new Set(["text", "thinking", "toolCall"]);
/**
 * Assistant content: a known block dispatched on `type` (a plain union tries its members in turn,
 * building an error for each miss: 20% of loading a long session, bench/resume), or a block of a
 * type we do not know, kept as it is.
 */
const AssistantBlock = z.union([
  z.discriminatedUnion("type", [TextBlock, ThinkingBlock, ToolCallBlock]),
  z.looseObject({ type: z.string().refine((type) => !ASSISTANT_BLOCK_TYPES.has(type)) }),
]);
export const AssistantMessage = z.looseObject({
  role: z.literal("assistant"),
  content: z.array(AssistantBlock),
  api: z.string(),
  provider: z.string(),
  model: z.string(),
  usage: Usage,
  stopReason: StopReason,
  errorMessage: z.string().optional(),
  timestamp: z.number(),
});
export const ToolResultMessage = z.looseObject({
  role: z.literal("toolResult"),
  toolCallId: z.string(),
  toolName: z.string(),
  content: z.array(MediaBlock),
  details: z.unknown().optional(),
  isError: z.boolean(),
  timestamp: z.number(),
});
/** Roles we do not understand (pi's bashExecution, custom …) are kept but never sent to the model. */
export const OtherMessage = z.looseObject({ role: z.string() });
export type UserMessage = z.infer<typeof UserMessage>;
export type AssistantMessage = z.infer<typeof AssistantMessage>;
export type ToolResultMessage = z.infer<typeof ToolResultMessage>;
export type AgentMessage = UserMessage | AssistantMessage | ToolResultMessage;

/**
 * A session id, as the name of the session's artifacts folder beside its file: one plain path
 * segment (pi and gitclaw write UUIDs), never `..` or a path that would lead out of state/sessions/.
 */
export const isSessionId = (id: string): boolean => /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,127}$/.test(id);

export const SessionHeader = z.looseObject({
  type: z.literal("session"),
  version: z.number().optional(),
  id: z.string(),
  timestamp: z.string(),
  cwd: z.string().optional(),
  parentSession: z.string().optional(),
});
export type SessionHeader = z.infer<typeof SessionHeader>;

const base = { id: z.string(), parentId: z.string().nullable(), timestamp: z.string() };

export const MessageEntry = z.looseObject({
  ...base,
  type: z.literal("message"),
  message: z.union([UserMessage, AssistantMessage, ToolResultMessage, OtherMessage]),
});
export const ModelChangeEntry = z.looseObject({
  ...base,
  type: z.literal("model_change"),
  provider: z.string(),
  modelId: z.string(),
});
export const ThinkingLevelChangeEntry = z.looseObject({
  ...base,
  type: z.literal("thinking_level_change"),
  thinkingLevel: z.string(),
});
export const CompactionEntry = z.looseObject({
  ...base,
  type: z.literal("compaction"),
  summary: z.string(),
  firstKeptEntryId: z.string(),
  tokensBefore: z.number(),
  details: z.unknown().optional(),
});
export const BranchSummaryEntry = z.looseObject({
  ...base,
  type: z.literal("branch_summary"),
  fromId: z.string(),
  summary: z.string(),
});
export const CustomEntry = z.looseObject({
  ...base,
  type: z.literal("custom"),
  customType: z.string(),
  data: z.unknown(),
});
export const CustomMessageEntry = z.looseObject({
  ...base,
  type: z.literal("custom_message"),
  customType: z.string(),
  content: z.union([z.string(), z.array(MediaBlock)]),
  display: z.boolean(),
  details: z.unknown().optional(),
});
/** Any other entry type (label, session_info, future ones): kept for the tree, ignored for context. */
export const OtherEntry = z.looseObject({ ...base, type: z.string() });

export const SessionEntry = z.union([
  MessageEntry,
  ModelChangeEntry,
  ThinkingLevelChangeEntry,
  CompactionEntry,
  BranchSummaryEntry,
  CustomEntry,
  CustomMessageEntry,
  OtherEntry,
]);
export type MessageEntry = z.infer<typeof MessageEntry>;

// Validation dispatched on `type` (and a message's `role`): a plain union tries its members in turn,
// and every failed attempt builds an error, which made loading a long session 5× slower (bench/resume).
const ENTRY_BY_TYPE: Record<string, z.ZodType> = {
  model_change: ModelChangeEntry,
  thinking_level_change: ThinkingLevelChangeEntry,
  compaction: CompactionEntry,
  branch_summary: BranchSummaryEntry,
  custom: CustomEntry,
  custom_message: CustomMessageEntry,
};
const MESSAGE_BY_ROLE: Record<string, z.ZodType> = {
  user: UserMessage,
  assistant: AssistantMessage,
  toolResult: ToolResultMessage,
};
/** A message entry's own fields; its `message` is validated once, by the schema of its role. */
const MessageEnvelope = z.looseObject({ ...base, type: z.literal("message") });

/** Validates one parsed line as a session entry: the same rules as `SessionEntry`, much faster. */
export function parseEntry(value: unknown): SessionEntry | undefined {
  return isKnownMessageEntry(value) ? (value as SessionEntry) : parseEntryWithSchemas(value);
}

/** parseEntry by the schemas alone, without the plain-code fast path for message entries. */
export function parseEntryWithSchemas(value: unknown): SessionEntry | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  if (type === "message") {
    const envelope = MessageEnvelope.safeParse(value);
    const message = (value as { message?: unknown }).message;
    const role = (message as { role?: unknown } | null)?.role;
    if (!envelope.success || typeof role !== "string") return undefined;
    const parsed = (MESSAGE_BY_ROLE[role] ?? OtherMessage).safeParse(message);
    return parsed.success ? ({ ...envelope.data, message: parsed.data } as SessionEntry) : undefined;
  }
  const parsed = ((typeof type === "string" && ENTRY_BY_TYPE[type]) || OtherEntry).safeParse(value);
  return parsed.success ? (parsed.data as SessionEntry) : undefined;
}
export type CompactionEntry = z.infer<typeof CompactionEntry>;
export type SessionEntry = z.infer<typeof SessionEntry>;

/** An entry before the session manager gives it an id, a parent and a time. */
export type NewEntry =
  | { type: "message"; message: AgentMessage }
  | { type: "model_change"; provider: string; modelId: string }
  | { type: "thinking_level_change"; thinkingLevel: string }
  | { type: "compaction"; summary: string; firstKeptEntryId: string; tokensBefore: number; details?: unknown }
  | { type: "custom"; customType: string; data: unknown };

export const emptyUsage = (): Usage => ({
  input: 0,
  output: 0,
  cacheRead: 0,
  cacheWrite: 0,
  totalTokens: 0,
  cost: { input: 0, output: 0, cacheRead: 0, cacheWrite: 0, total: 0 },
});

/** Two usages added up, cost included. */
export function addUsage(total: Usage, usage: Usage): Usage {
  const sum = emptyUsage();
  for (const key of ["input", "output", "cacheRead", "cacheWrite", "totalTokens"] as const)
    sum[key] = total[key] + usage[key];
  for (const key of ["input", "output", "cacheRead", "cacheWrite", "total"] as const)
    sum.cost[key] = total.cost[key] + usage.cost[key];
  if (total.estimated || usage.estimated) sum.estimated = true;
  return sum;
}
