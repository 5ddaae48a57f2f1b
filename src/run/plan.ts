// Plan first, act after approval (#42). A plan run is read-only: `write`, `edit`, the task tools
// and the github tool's writes are refused, tool commands see the workspace mounted read-only (the
// sandbox's view, src/sandbox/sandbox-view.ts), the commits of the tools' own git are not
// taken, so nothing is committed but the conversation; its reply is the plan and its outcome
// `awaiting_approval`, recorded in the session. A plan is asked for by `trigger.plan` (every new
// conversation, or those of issues labelled `trigger.planLabel`) or by a comment that starts with
// the mention and `plan`. While a plan awaits approval, a comment of a person with write access
// (never a bot) that holds a line `/approve` in its own prose (not in a quote or code) carries it
// out in the same session with every tool; any other comment of theirs revises it, still read-only.
// A prompt run's input `mode: read-only` gives the same read-only run, without the approval.
import { approvesPlan } from "../approval/command.ts";
import { isBot } from "../gate/trust.ts";
import { getPermission, PERMISSION_LEVELS } from "../github/operations.ts";
import type { Config } from "../config/config.ts";
import { CUSTOM } from "../session/custom.ts";
import type { SessionFile } from "../session/session-file.ts";
import { fail, type Tool } from "../tools/types.ts";
import type { OpenConversation } from "./conversation.ts";
import type { TargetedRun } from "./types.ts";

export interface PlanGate {
  /** Tools cannot change the workspace, and nothing but the conversation is committed. */
  readOnly: boolean;
  /** The run replies with a plan that waits for `/approve` (an issue's conversation, not a prompt run). */
  awaitsApproval: boolean;
  /** Who approved the plan with this run's comments: the run carries it out. */
  approvedBy?: string;
}

/** Tools refused in a read-only run: they change files or start work that does. */
const WRITING_TOOLS = new Set(["write", "edit", "task", "task_apply_git_patch", "commit"]);
/** Tools that run commands: refused too in a read-only run without the sandbox. */
const COMMAND_TOOLS = new Set(["bash", "job"]);

/** What this run is: a plan, the plan carried out, a read-only prompt run, or an ordinary run. */
export async function planGate(
  run: Pick<TargetedRun, "trigger" | "config" | "api" | "repo">,
  conversation: Pick<OpenConversation, "session" | "mode" | "trustedParts">,
): Promise<PlanGate> {
  if (run.trigger.prompt) return { readOnly: run.trigger.prompt.mode === "read-only", awaitsApproval: false };
  const people = conversation.trustedParts.filter((part) => !isBot({ login: part.login, type: "User" }));
  const proses = await Promise.all(people.map(async (part) => ({ ...part, prose: await ownProse(part.body) })));
  const state = planState(conversation.session);
  if (state?.state === "awaiting_approval") {
    // Only what was written after the plan was: an /approve typed before it was shown approves nothing.
    // GitHub dates a comment to the second: one of the plan's own second counts as after it.
    const planned = state.at ? Math.floor(Date.parse(state.at) / 1000) * 1000 : Number.NaN;
    const after = (part: { createdAt?: string }) => !(Date.parse(part.createdAt ?? "") < planned);
    const approving = proses.filter((part) => after(part) && approvesPlan(part.prose));
    const approver = await firstWriter(
      run,
      approving.map((part) => part.login),
    );
    return approver
      ? { readOnly: false, awaitsApproval: false, approvedBy: approver }
      : { readOnly: true, awaitsApproval: true };
  }
  const { plan, planLabel, mention } = run.config.trigger;
  const asked = proses.some((part) => startsWithPlan(part.prose, mention));
  const configured =
    conversation.mode === "new" && (plan === true || (plan === "on-label" && run.trigger.labels.includes(planLabel)));
  return asked || configured ? { readOnly: true, awaitsApproval: true } : { readOnly: false, awaitsApproval: false };
}

/** The first of `logins` with write access to the repository, whatever trust.minPermission lets instruct the agent. */
async function firstWriter(run: Pick<TargetedRun, "api" | "repo">, logins: string[]): Promise<string | undefined> {
  for (const login of logins) {
    const permission = await getPermission(run.api, run.repo, login).catch(() => "none" as const);
    if (PERMISSION_LEVELS.indexOf(permission) >= PERMISSION_LEVELS.indexOf("write")) return login;
  }
  return undefined;
}

/** The plan's state in the session (the last record of it), and when a plan awaiting approval was made. */
export function planState(
  session: Pick<SessionFile, "entries">,
): { state: "awaiting_approval" | "approved"; at?: string } | undefined {
  for (let i = session.entries.length - 1; i >= 0; i--) {
    const entry = session.entries[i]!;
    if (entry.type !== "custom" || entry.customType !== CUSTOM.plan) continue;
    const data = (entry.data ?? {}) as { state?: unknown; at?: unknown };
    const at = typeof data.at === "string" ? { at: data.at } : {};
    return data.state === "awaiting_approval" || data.state === "approved" ? { state: data.state, ...at } : undefined;
  }
  return undefined;
}

/** Recorded in the session: an approval as the run starts, a plan awaiting approval as it ends. */
export function recordPlan(session: SessionFile, gate: PlanGate, at: "start" | "end", now: number): void {
  if (at === "start" && gate.approvedBy) session.appendCustom(CUSTOM.plan, { state: "approved", by: gate.approvedBy });
  if (at === "end" && gate.awaitsApproval)
    session.appendCustom(CUSTOM.plan, { state: "awaiting_approval", at: new Date(now).toISOString() });
}

/** The system prompt's line for the run's kind, if it is not an ordinary one. */
export function planInstructions(gate: PlanGate): string | undefined {
  const readOnly =
    "This run is read-only: write, edit, sub-agents and GitHub writes are refused, and commands see the " +
    "workspace read-only (nothing they write there or elsewhere is kept).";
  if (gate.awaitsApproval)
    return (
      `${readOnly} Investigate, then reply with your plan: the steps, the files you will change, how you ` +
      "will check the result, and what you need to know. A person with write access approves it with /approve; " +
      "only then do you carry it out."
    );
  if (gate.readOnly) return `${readOnly} Answer without changing files.`;
  if (gate.approvedBy) return `@${gate.approvedBy} approved your plan: carry it out now, with every tool.`;
  return undefined;
}

/**
 * In a read-only run, the tools that change files refuse, saying why (their definitions stay: the
 * prompt is cached); so do commands where no sandbox confines them (`confined` false): nothing else
 * could keep them from writing the workspace (fail closed).
 */
export function readOnlyTools(tools: Tool[], gate: PlanGate, confined: boolean): Tool[] {
  if (!gate.readOnly) return tools;
  const why = gate.awaitsApproval
    ? "this run is a plan awaiting approval (/approve carries it out)"
    : "this run is read-only (mode: read-only)";
  const refused = (name: string) => WRITING_TOOLS.has(name) || (!confined && COMMAND_TOOLS.has(name));
  return tools.map((tool) =>
    refused(tool.name) ? ({ ...tool, execute: async () => fail(`${tool.name} is refused: ${why}.`) } as Tool) : tool,
  );
}

/** The reply's note under a plan; where only a mention starts a run (no mode issue), the command carries it. */
export function planNote(trigger: Pick<Config["trigger"], "mention" | "modes">): string {
  const approve = trigger.modes.includes("issue") ? "/approve" : `${trigger.mention} /approve`;
  return `This is a plan: nothing was changed. Comment \`${approve}\` (someone with write access) to have it carried out, or comment to revise it; \`${trigger.mention} plan\` asks for a plan again later.`;
}

/** The text's own prose: quotes and code blanked (src/text/quoted.ts), read only when it could matter. */
async function ownProse(text: string): Promise<string> {
  if (!/\/approve|\bplan\b/i.test(text)) return "";
  const { unquotedProse } = await import("../text/quoted.ts");
  return unquotedProse(text);
}

/** Whether the text's first line of prose is the mention followed by `plan`. */
function startsWithPlan(prose: string, mention: string): boolean {
  const first = prose.split("\n").find((line) => line.trim()) ?? "";
  const handle = mention.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`^\\s*${handle}\\s+plan\\b`, "i").test(first);
}
