// The run's hooks at work: each event's commands in their file's order, with the input Copilot
// documents, and what their answers may do. A preToolUse hook may only deny (the policy's rules
// still apply to every call it lets through), and one that fails, times out or answers what is not
// an answer denies the call too (fail closed). An agentStop block gives the agent one more turn, at
// most AGENT_STOP_BLOCKS times a run. What the other events' hooks answer is ignored, as Copilot
// ignores it. Everything a hook says is redacted before the model, a log or the summary sees it.
import type { z } from "zod";
import type { ToolGate, ToolResult } from "../tools/types.ts";
import { describeZodError } from "../zod-errors.ts";
import { runHookCommand, type HookPlace } from "./command.ts";
import type { Hook } from "./read.ts";
import { AgentStopAnswer, PreToolUseAnswer, type HookEvent } from "./schema.ts";

/** An agentStop hook blocks the stop at most this often a run: then the run ends as it would have. */
export const AGENT_STOP_BLOCKS = 3;

/** What one hook did in this run, for the job summary and the reply. */
export interface HookActivity {
  hook: Hook;
  runs: number;
  /** Calls it denied (preToolUse), stops it blocked (agentStop). */
  denied: number;
  blocked: number;
  /** Each distinct way it failed. */
  failures: string[];
}

export interface HookEngineOptions {
  place: HookPlace;
  /** The workspace as the tools see it: the input's `cwd`. */
  workspace: string;
  sessionId: string;
  redact(text: string): string;
  log(line: string): void;
  now(): number;
}

export class HookEngine implements ToolGate {
  readonly activity: HookActivity[];
  private stopsBlocked = 0;

  constructor(
    hooks: readonly Hook[],
    private readonly options: HookEngineOptions,
  ) {
    this.activity = hooks.map((hook) => ({ hook, runs: 0, denied: 0, blocked: 0, failures: [] }));
  }

  has(event: HookEvent): boolean {
    return this.activity.some(({ hook }) => hook.event === event);
  }

  /** preToolUse: the text the model gets instead of the call's result, or undefined to run it. */
  async before(toolName: string, args: unknown): Promise<string | undefined> {
    if (!this.has("preToolUse")) return undefined;
    const input = { toolName, toolArgs: JSON.stringify(args ?? {}) };
    for (const entry of this.of("preToolUse")) {
      const answer = await this.answer(entry, input, PreToolUseAnswer);
      if ("failure" in answer) {
        entry.denied++;
        return `Denied: the repository's preToolUse hook ${entry.hook.source} ${answer.failure}, so the call was not made (a hook that fails denies every call).`;
      }
      if (answer.value?.permissionDecision === "deny") {
        entry.denied++;
        const reason = answer.value.permissionDecisionReason?.trim() || "no reason given";
        return `Denied by the repository's preToolUse hook ${entry.hook.source}: ${reason}`;
      }
    }
    return undefined;
  }

  /** postToolUse: told the result; what it answers is ignored. */
  async after(toolName: string, args: unknown, result: ToolResult): Promise<void> {
    // Every call passes here: the result is redacted and serialised only for a hook that reads it.
    if (!this.has("postToolUse")) return;
    const resultType = result.details?.deniedByHook ? "denied" : result.isError ? "failure" : "success";
    const toolResult = { resultType, textResultForLlm: this.options.redact(result.text) };
    await this.notify("postToolUse", { toolName, toolArgs: JSON.stringify(args ?? {}), toolResult });
  }

  sessionStart(source: "new" | "resume", initialPrompt: string): Promise<void> {
    return this.notify("sessionStart", { source, initialPrompt });
  }

  userPromptSubmitted(prompt: string): Promise<void> {
    return this.notify("userPromptSubmitted", { prompt });
  }

  /** agentStop: the reason the agent goes on with, or undefined to let it stop. */
  async agentStop(): Promise<string | undefined> {
    const input = { sessionId: this.options.sessionId, stopReason: "end_turn" };
    for (const entry of this.of("agentStop")) {
      const answer = await this.answer(entry, input, AgentStopAnswer);
      if ("failure" in answer || answer.value?.decision !== "block") continue;
      if (this.stopsBlocked >= AGENT_STOP_BLOCKS) {
        this.options.log(
          `gitclaw: the hook ${entry.hook.source} blocked the stop again; ${AGENT_STOP_BLOCKS} blocks a run are all it gets`,
        );
        return undefined;
      }
      this.stopsBlocked++;
      entry.blocked++;
      const reason = answer.value.reason?.trim() || "Go on: the work is not done.";
      return this.options.redact(`The repository's agentStop hook ${entry.hook.source} asks you to go on: ${reason}`);
    }
    return undefined;
  }

  sessionEnd(reason: "complete" | "error" | "abort" | "timeout"): Promise<void> {
    return this.notify("sessionEnd", { reason });
  }

  errorOccurred(message: string): Promise<void> {
    return this.notify("errorOccurred", { error: { message: this.options.redact(message), name: "Error" } });
  }

  /** The preToolUse hooks that failed and so denied calls: the reply says so. */
  failedClosed(): HookActivity[] {
    return this.activity.filter((entry) => entry.hook.event === "preToolUse" && entry.failures.length > 0);
  }

  private of(event: HookEvent): HookActivity[] {
    return this.activity.filter((entry) => entry.hook.event === event);
  }

  private async notify(event: HookEvent, fields: Record<string, unknown>): Promise<void> {
    for (const entry of this.of(event)) await this.answer(entry, fields);
  }

  /** One hook run: its answer checked against `schema` (empty stdout is no answer), or how it failed. */
  private async answer<T>(
    entry: HookActivity,
    fields: Record<string, unknown>,
    schema?: z.ZodType<T>,
  ): Promise<{ value?: T } | { failure: string }> {
    const { options } = this;
    entry.runs++;
    const input = { timestamp: options.now(), cwd: options.workspace, ...fields };
    const outcome = await runHookCommand(entry.hook, input, options.place).catch((error: Error) => ({
      failure: `could not run: ${error.message}`,
      stdout: "",
    }));
    const read = outcome.failure === undefined && schema ? readAnswer(outcome.stdout, schema) : {};
    const failure = outcome.failure ?? ("failure" in read ? read.failure : undefined);
    if (failure === undefined) return read;
    const said = options.redact(failure);
    if (!entry.failures.includes(said)) entry.failures.push(said);
    options.log(`gitclaw: the hook ${entry.hook.source} failed: ${said}`);
    return { failure: said };
  }
}

/** stdout as an answer of `schema` (nothing at all is one: no decision), or why it is not one. */
function readAnswer<T>(stdout: string, schema: z.ZodType<T>): { value?: T } | { failure: string } {
  const text = stdout.trim();
  if (!text) return {};
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { failure: `answered what is not JSON (${JSON.stringify(text.slice(0, 80))})` };
  }
  const checked = schema.safeParse(data);
  return checked.success
    ? { value: checked.data }
    : { failure: `gave a wrong answer: ${describeZodError(checked.error, "its stdout", data).replace(/\n/g, "; ")}` };
}
