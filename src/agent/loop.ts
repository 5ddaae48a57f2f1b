// The agent loop: call the model, run the tools it asks for, repeat until it answers in text or a
// budget ends the run. Each message is appended to the session as soon as it is complete, so a
// killed run leaves everything up to its last finished step.
import { streamText, type ModelMessage, type ToolSet } from "ai";
import { warning } from "../actions/log.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { AssistantMessage, ThinkingBlock, ToolCallBlock, Usage } from "../session/entries.ts";
import { emptyUsage, RAW_ARGUMENTS, toolArguments } from "../session/entries.ts";
import { parseArgs } from "../tools/args.ts";
import { fail, type Tool, type ToolContext, type ToolResult } from "../tools/types.ts";
import { PromptCaching } from "./caching.ts";
import { compactIfNeeded, estimateMessagesTokens, estimateTokens, type CompactionSettings } from "./compaction.ts";
import { modelMessagesFor } from "./messages.ts";
import type { ResolvedModel } from "./model.ts";
import { sdkTools, toolDefinitions } from "./tool-definitions.ts";
import { addUsage, toPiUsage } from "./usage.ts";

export type AgentEvent =
  | { type: "turn_start"; turn: number }
  | { type: "assistant"; turn: number; message: AssistantMessage }
  | { type: "tool_start"; call: ToolCallBlock }
  | { type: "tool_end"; call: ToolCallBlock; result: ToolResult; durationMs: number }
  | { type: "compaction"; tokensBefore: number };

export type LoopOutcome = "done" | "max_turns" | "deadline" | "budget" | "aborted" | "error";

export interface Budgets {
  maxTurns: number;
  /** Output tokens of the whole run. */
  maxOutputTokens: number;
  maxOutputTokensPerCall: number;
  maxCostUsd: number;
}

export interface LoopOptions {
  session: SessionFile;
  model: ResolvedModel;
  instructions: string;
  tools: readonly Tool[];
  toolContext: ToolContext;
  budgets: Budgets;
  compaction: CompactionSettings;
  /** Epoch ms after which no new turn starts and a running one is aborted. */
  deadline: number;
  signal: AbortSignal;
  maxRetries?: number;
  now?: () => number;
  onEvent?: (event: AgentEvent) => void;
  /** Where a warning about the run goes (default: the workflow log's ::warning::). */
  warn?: (message: string) => void;
}

export interface LoopResult {
  outcome: LoopOutcome;
  /** Text of the last assistant message that had any. */
  text: string;
  errorMessage?: string;
  /** The budget that ended the run (outcome "budget"). */
  budget?: { name: "maxOutputTokens" | "maxCostUsd"; limit: number; used: number };
  turns: number;
  toolCalls: number;
  usage: Usage;
}

/** Applies the redactor to every string inside a value (messages, tool arguments). */
export function redactDeep<T>(value: T, redact: (text: string) => string): T {
  if (typeof value === "string") return redact(value) as T;
  if (Array.isArray(value)) return value.map((item) => redactDeep(item, redact)) as T;
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactDeep(v, redact)])) as T;
  }
  return value;
}

const textOf = (message: AssistantMessage) =>
  message.content
    .filter((b) => b.type === "text")
    .map((b) => (b as { text: string }).text)
    .join("")
    .trim();

async function runTool(tools: readonly Tool[], call: ToolCallBlock, context: ToolContext): Promise<ToolResult> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return fail(`Tool ${call.name} does not exist. Available tools: ${tools.map((t) => t.name).join(", ")}.`);
  const raw = call.arguments[RAW_ARGUMENTS];
  if (typeof raw === "string") {
    const shown = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
    return fail(`The arguments of this ${call.name} call are not a JSON object (cut off?): ${shown}\nCall ${call.name} again with complete arguments.`);
  }
  const args = parseArgs(tool.name, tool.parameters, call.arguments);
  if (!args.ok) return args.error;
  try {
    return await tool.execute(args.value, context);
  } catch (error) {
    // A tool that throws is a bug or an unexpected environment: the model gets the message, the run goes on.
    return fail(`${call.name} failed: ${(error as Error).message}`);
  }
}

export async function runAgentLoop(options: LoopOptions): Promise<LoopResult> {
  const { session, model, tools, toolContext, signal } = options;
  const now = options.now ?? Date.now;
  const redact = toolContext.redact;
  const definitions = toolDefinitions(tools);
  const sdk = sdkTools(definitions);
  const modelMessages = modelMessagesFor(model);
  const caching = new PromptCaching(model, options.warn ?? ((message) => warning(message)));
  let usage = emptyUsage();
  let turns = 0;
  let toolCalls = 0;
  let text = "";
  let budget: LoopResult["budget"];
  const finish = (outcome: LoopOutcome, errorMessage?: string): LoopResult => ({ outcome, text, errorMessage, budget, turns, toolCalls, usage });
  const { budgets } = options;
  // What every request carries besides the conversation: counted when deciding to compact.
  const fixedTokens = estimateTokens(options.instructions) + estimateTokens(definitions);

  for (;;) {
    if (signal.aborted) return finish("aborted");
    if (now() >= options.deadline) return finish("deadline");
    if (turns >= budgets.maxTurns) return finish("max_turns");
    if (usage.output >= budgets.maxOutputTokens) {
      budget = { name: "maxOutputTokens", limit: budgets.maxOutputTokens, used: usage.output };
      return finish("budget");
    }
    if (usage.cost.total >= budgets.maxCostUsd) {
      budget = { name: "maxCostUsd", limit: budgets.maxCostUsd, used: usage.cost.total };
      return finish("budget");
    }
    turns++;
    options.onEvent?.({ type: "turn_start", turn: turns });

    const turnSignal = AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, options.deadline - now()))]);
    // Built once, then extended by each append (rebuilt after a compaction): no turn walks the session.
    let context = session.context().messages;
    try {
      const requestTokens = fixedTokens + estimateMessagesTokens(context);
      const settings = options.compaction;
      const compacted = await compactIfNeeded({ session, model, caching, requestTokens, settings, signal: turnSignal });
      if (compacted) {
        // The summary request is paid for like a turn: it counts toward the budgets and the footer.
        usage = addUsage(usage, compacted.usage);
        options.onEvent?.({ type: "compaction", tokensBefore: requestTokens });
        context = session.context().messages;
      }
    } catch (error) {
      if (turnSignal.aborted) return finish(signal.aborted ? "aborted" : "deadline");
      return finish("error", `compacting the conversation failed: ${describeModelError(error, model)}`);
    }
    const message = await streamTurn(options, modelMessages(context), sdk, caching, turnSignal);
    const stored = redactDeep(message, redact);
    session.append({ type: "message", message: stored });
    usage = addUsage(usage, stored.usage);
    options.onEvent?.({ type: "assistant", turn: turns, message: stored });
    const said = textOf(stored);
    if (said) text = said;

    if (stored.stopReason === "error") return finish("error", stored.errorMessage);
    if (stored.stopReason === "aborted") return finish(signal.aborted ? "aborted" : "deadline");

    const calls = stored.content.filter((b): b is ToolCallBlock => b.type === "toolCall");
    if (calls.length === 0) return finish("done");
    for (const call of calls) {
      options.onEvent?.({ type: "tool_start", call });
      const started = now();
      const result = signal.aborted ? fail("Tool call skipped: the run was cancelled.") : await runTool(tools, call, { ...toolContext, signal: turnSignal });
      toolCalls++;
      const safe: ToolResult = { ...result, text: redact(result.text), details: result.details && redactDeep(result.details, redact) };
      session.append({
        type: "message",
        message: {
          role: "toolResult",
          toolCallId: call.id,
          toolName: call.name,
          content: [{ type: "text", text: safe.text }],
          ...(safe.details ? { details: safe.details } : {}),
          isError: safe.isError,
          timestamp: now(),
        },
      });
      options.onEvent?.({ type: "tool_end", call, result: safe, durationMs: now() - started });
    }
  }
}

/**
 * One model call, streamed into a pi assistant message (never throws: failures become stopReason
 * error). Repeated once without cache breakpoints if the provider refuses them.
 */
async function streamTurn(
  options: LoopOptions,
  context: ModelMessage[],
  tools: ToolSet,
  caching: PromptCaching,
  abortSignal: AbortSignal,
): Promise<AssistantMessage> {
  for (;;) {
    const { message, error } = await streamOnce(options, context, tools, caching, abortSignal);
    if (error === undefined || message.content.length > 0 || !caching.refused(error)) return message;
  }
}

async function streamOnce(
  options: LoopOptions,
  context: ModelMessage[],
  tools: ToolSet,
  caching: PromptCaching,
  abortSignal: AbortSignal,
): Promise<{ message: AssistantMessage; error?: unknown }> {
  const { model } = options;
  const now = options.now ?? Date.now;
  const content: AssistantMessage["content"] = [];
  let usage = emptyUsage();
  let stopReason: AssistantMessage["stopReason"] = "stop";
  let errorMessage: string | undefined;
  let error: unknown;
  const appendText = (kind: "text" | "thinking", delta: string) => {
    const last = content.at(-1);
    if (kind === "text" && last?.type === "text") (last as { text: string }).text += delta;
    else if (kind === "thinking" && last?.type === "thinking") (last as ThinkingBlock).thinking += delta;
    else content.push(kind === "text" ? { type: "text", text: delta } : { type: "thinking", thinking: delta });
  };

  try {
    const result = streamText({
      model: model.model,
      instructions: caching.instructions(options.instructions),
      messages: caching.messages(context),
      tools: caching.tools(tools),
      maxOutputTokens: options.budgets.maxOutputTokensPerCall,
      maxRetries: options.maxRetries ?? 3,
      abortSignal,
      // Errors arrive as `error` parts below; without this the SDK also prints them to the console.
      onError: () => {},
    });
    for await (const part of result.fullStream) {
      switch (part.type) {
        case "text-delta":
          appendText("text", part.text);
          break;
        case "reasoning-delta": {
          if (part.text) appendText("thinking", part.text);
          // Anthropic's signature arrives as an empty delta carrying provider metadata.
          const signature = (part.providerMetadata?.anthropic as { signature?: string } | undefined)?.signature;
          const last = content.at(-1);
          if (signature && last?.type === "thinking") (last as ThinkingBlock).thinkingSignature = signature;
          break;
        }
        case "tool-call":
          // Arguments that did not parse arrive as their raw text: kept, in a form every reader loads.
          content.push({ type: "toolCall", id: part.toolCallId, name: part.toolName, arguments: toolArguments(part.input ?? {}) });
          break;
        case "finish-step":
          usage = toPiUsage(part.usage, model.info.price);
          stopReason = part.finishReason === "tool-calls" ? "toolUse" : part.finishReason === "length" ? "length" : part.finishReason === "error" ? "error" : "stop";
          break;
        case "abort":
          stopReason = "aborted";
          break;
        case "error":
          stopReason = "error";
          error = part.error;
          errorMessage = describeModelError(part.error, model);
          break;
      }
    }
  } catch (thrown) {
    error = thrown;
    stopReason = abortSignal.aborted ? "aborted" : "error";
    errorMessage = abortSignal.aborted ? "aborted" : describeModelError(thrown, model);
  }
  if (abortSignal.aborted && stopReason !== "error") stopReason = "aborted";
  if (stopReason !== "toolUse" && stopReason !== "error" && stopReason !== "aborted" && content.some((b) => b.type === "toolCall")) stopReason = "toolUse";
  const message: AssistantMessage = {
    role: "assistant",
    content,
    api: model.api,
    provider: model.provider,
    model: model.modelId,
    usage,
    stopReason,
    ...(errorMessage ? { errorMessage } : {}),
    timestamp: now(),
  };
  return { message, error };
}

/**
 * A model failure in one line: status and the provider's own message, no stack; where the model
 * could not be reached at all or refused the key, also where it was asked and which setting says so.
 */
export function describeModelError(error: unknown, model?: Pick<ResolvedModel, "endpoint" | "keyEnv">): string {
  const e = error as { statusCode?: number; message?: string; responseBody?: string; lastError?: unknown; errors?: unknown[] };
  const inner = (e?.lastError ?? e) as typeof e;
  let detail = inner?.message ?? String(error);
  if (inner?.responseBody) {
    try {
      const body = JSON.parse(inner.responseBody) as { error?: { message?: string } | string; message?: string };
      const message = typeof body.error === "string" ? body.error : (body.error?.message ?? body.message);
      if (message) detail = message;
    } catch {
      // Not JSON: keep the SDK's message.
    }
  }
  const at = model ? ` at ${model.endpoint.url} (${model.endpoint.source})` : "";
  if (!inner?.statusCode) return model ? `cannot reach the model API${at}: ${detail}` : `model API error: ${detail}`;
  const refusedKey = (inner.statusCode === 401 || inner.statusCode === 403) && model?.keyEnv;
  return `model API error ${inner.statusCode}: ${detail}${refusedKey ? ` (the key in ${model.keyEnv} was refused${at})` : ""}`;
}
