// The fast path of loading a session: a message entry of the shapes gitclaw and pi write, checked in
// plain code and taken as it is. Resuming is cold (one load in a fresh process), and zod's first
// thousands of parses run before its compiled checks are warm: a 10,000-entry session took twice
// as long as pi's loader (bench scale). Whatever this does not recognise goes to the zod schemas in
// entries.ts, which stay the definition: this accepts only what they accept, and returns what they
// would return (test/unit/session/session.test.ts compares the two).
type Loose = Record<string, unknown>;

const isObject = (value: unknown): value is Loose =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === "string";
const isNumber = (value: unknown): value is number => typeof value === "number" && Number.isFinite(value);
const optional = (value: unknown, check: (value: unknown) => boolean) => value === undefined || check(value);

const STOP_REASONS = new Set(["stop", "length", "toolUse", "error", "aborted"]);
const USAGE_FIELDS = ["input", "output", "cacheRead", "cacheWrite", "totalTokens"] as const;
const COST_FIELDS = ["input", "output", "cacheRead", "cacheWrite", "total"] as const;

const isMediaBlock = (block: unknown): boolean =>
  isObject(block) &&
  ((block.type === "text" && isString(block.text)) ||
    (block.type === "image" && isString(block.data) && isString(block.mimeType)));

function isAssistantBlock(block: unknown): boolean {
  if (!isObject(block) || !isString(block.type)) return false;
  switch (block.type) {
    case "text":
      return isString(block.text);
    case "thinking":
      return (
        isString(block.thinking) &&
        optional(block.thinkingSignature, isString) &&
        optional(block.redacted, (v) => typeof v === "boolean")
      );
    case "toolCall":
      // Arguments that are not an object are rewritten by the schema (RAW_ARGUMENTS): zod's to do.
      return isString(block.id) && isString(block.name) && isObject(block.arguments);
    default:
      return true; // a block type of a newer pi, kept as it is
  }
}

function isUsage(usage: unknown): boolean {
  return (
    isObject(usage) &&
    USAGE_FIELDS.every((key) => isNumber(usage[key])) &&
    isObject(usage.cost) &&
    COST_FIELDS.every((key) => isNumber((usage.cost as Loose)[key]))
  );
}

function isMessage(message: Loose): boolean {
  switch (message.role) {
    case "user":
      return (
        isNumber(message.timestamp) &&
        (isString(message.content) || (Array.isArray(message.content) && message.content.every(isMediaBlock)))
      );
    case "assistant":
      return (
        Array.isArray(message.content) &&
        message.content.every(isAssistantBlock) &&
        isString(message.api) &&
        isString(message.provider) &&
        isString(message.model) &&
        isUsage(message.usage) &&
        STOP_REASONS.has(message.stopReason as string) &&
        optional(message.errorMessage, isString) &&
        isNumber(message.timestamp)
      );
    case "toolResult":
      return (
        isString(message.toolCallId) &&
        isString(message.toolName) &&
        Array.isArray(message.content) &&
        message.content.every(isMediaBlock) &&
        typeof message.isError === "boolean" &&
        isNumber(message.timestamp)
      );
    default:
      return isString(message.role); // a role gitclaw keeps but never sends (pi's bashExecution)
  }
}

/** Whether `value` is a message entry of a shape known to be valid (false: let the schemas decide). */
export function isKnownMessageEntry(value: unknown): boolean {
  if (!isObject(value) || value.type !== "message" || !isString(value.id) || !isString(value.timestamp)) return false;
  if (!(value.parentId === null || isString(value.parentId)) || !isObject(value.message)) return false;
  return isMessage(value.message);
}
