// The hook files' format, as Copilot documents it (.github/hooks/*.json: `version` 1 and, per event,
// a list of command hooks), and what a hook may answer on stdout. Fields of Copilot's own that
// gitclaw has no use for (`powershell`, `comment`, `matcher`) are allowed and ignored.
import { z } from "zod";

/** The events, in Copilot's names. */
export const HOOK_EVENTS = [
  "sessionStart",
  "userPromptSubmitted",
  "preToolUse",
  "postToolUse",
  "agentStop",
  "sessionEnd",
  "errorOccurred",
] as const;
export type HookEvent = (typeof HOOK_EVENTS)[number];

/** Copilot's default, and the most a hook may ask for (a hook holds up the run while it runs). */
export const HOOK_TIMEOUT = { default: 30, max: 600 };

const BASH_NEEDED = "a bash command is needed (gitclaw runs on Linux: powershell alone is not run)";
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const HookCommand = z.looseObject({
  type: z.literal("command"),
  bash: z.string({ error: BASH_NEEDED }).trim().min(1, BASH_NEEDED),
  cwd: z.string().optional(),
  env: z.record(z.string().regex(ENV_NAME, "an environment variable's name"), z.string()).optional(),
  timeoutSec: z.number().int().positive().max(HOOK_TIMEOUT.max).optional(),
});
export type HookCommand = z.infer<typeof HookCommand>;

export const HookFile = z.looseObject({
  version: z.literal(1),
  hooks: z.record(z.string(), z.array(HookCommand)),
});
export type HookFile = z.infer<typeof HookFile>;

/** A preToolUse hook's answer: nothing (allow), or a decision. Only "deny" changes anything. */
export const PreToolUseAnswer = z.looseObject({
  permissionDecision: z.enum(["allow", "deny", "ask"]).optional(),
  permissionDecisionReason: z.string().optional(),
});

/** An agentStop hook's answer: nothing (stop), or a block with the reason the agent goes on with. */
export const AgentStopAnswer = z.looseObject({
  decision: z.enum(["block", "allow"]).optional(),
  reason: z.string().optional(),
});
