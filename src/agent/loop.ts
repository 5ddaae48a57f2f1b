// The agent loop: call the model, run the tools it asks for, repeat until it answers in text or a
// budget ends the run. Each message is appended to the session as soon as it is complete, so a
// killed run leaves everything up to its last finished step.
import type { LanguageModelV4FunctionTool } from "@ai-sdk/provider";
import { warning } from "../actions/log.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { AgentMessage, AssistantMessage, ToolCallBlock, Usage } from "../session/entries.ts";
import { addUsage, emptyUsage, RAW_ARGUMENTS } from "../session/entries.ts";
import { redactDeep } from "../redact.ts";
import { callTool } from "../tools/call.ts";
import { fail, type Tool, type ToolContext, type ToolResult } from "../tools/types.ts";
import { PromptCaching } from "./caching.ts";
import {
  answerRoom,
  compactIfNeeded,
  estimateTokens,
  fitCompaction,
  messagesTokensFor,
  type CompactionSettings,
} from "./compaction.ts";
import { type Cleared, ToolResultClearing } from "./context-editing.ts";
import { contextOverflow, type ContextOverflow } from "./context-overflow.ts";
import { type PromptMessage, promptMessagesFor } from "./messages.ts";
import { streamModel } from "./model-call.ts";
import type { ResolvedModel } from "./model.ts";
import { functionTools, toolDefinitions } from "./tool-definitions.ts";
import { AssistantDraft, describeModelError } from "./assistant-draft.ts";
import { TokenRatio } from "./token-ratio.ts";
import { modelUnavailable } from "./model-unavailable.ts";

export type AgentEvent =
  | { type: "turn_start"; turn: number }
  | { type: "assistant"; turn: number; message: AssistantMessage }
  | { type: "tool_start"; call: ToolCallBlock }
  | { type: "tool_end"; call: ToolCallBlock; result: ToolResult; durationMs: number }
  | { type: "compaction"; tokensBefore: number };

/** `cut_off`: the last answer stopped at the output limit, mid-sentence perhaps (LoopResult.cutOff). */
export type LoopOutcome = "done" | "cut_off" | "max_turns" | "deadline" | "budget" | "aborted" | "error";

/**
 * What a run's loops have spent together: a parent and its sub-agents (src/tasks/) share one, so the
 * budgets bound the whole run, not each loop.
 */
export interface Spending {
  turns: number;
  usage: Usage;
}

export interface Budgets {
  maxTurns: number;
  /** Output tokens of the whole run. */
  maxOutputTokens: number;
  maxOutputTokensPerCall: number;
  maxCostUsd: number;
  /** Seconds a model call may send nothing, before its headers or between two events (none: no limit). */
  modelIdleSeconds?: number;
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
  /** Shared with other loops of the run; the budgets apply to it (default: this loop's own). */
  spending?: Spending;
  /** True once the loop's work is over (a sub-agent's agent_report): no further turn starts, outcome done. */
  finished?: () => boolean;
  /** How hard the model reasons: the ai SDK maps it to the provider's own setting (none: the provider's default). */
  effort?: "low" | "medium" | "high";
  /** Takes over for the rest of the loop when `model` is overloaded or unavailable after its retries (runAgentLoop). */
  fallback?: ResolvedModel;
}

export interface LoopResult {
  outcome: LoopOutcome;
  /** Text of the last assistant message that had any. */
  text: string;
  errorMessage?: string;
  /** The budget that ended the run (outcome "budget"). */
  budget?: {
    /** maxCostUsdPerIssue and maxCostUsdPerDay: the run's maxCostUsd was lowered to what was left of them (src/run/cost-caps.ts). */
    name: "maxOutputTokens" | "maxCostUsd" | "maxCostUsdPerIssue" | "maxCostUsdPerDay";
    limit: number;
    used: number;
  };
  /** The last answer's output tokens and the per-call limit it was asked for (outcome "cut_off"). */
  cutOff?: { output: number; limit: number };
  turns: number;
  toolCalls: number;
  usage: Usage;
  /** The tool results the last request left out (src/agent/context-editing.ts); none when nothing was cleared. */
  cleared?: Cleared;
  /** Tokens the model spent thinking (estimated from the thinking text; part of `usage.output` and the cost). */
  thinkingTokens?: number;
  /** Why the model could not answer (outcome "error"): out of service, so another model may (./model-unavailable.ts). */
  unavailable?: string;
  /** The fallback model took over (runAgentLoop): each model's spending, in the order they answered. */
  fallback?: FallbackRecord;
}

/** Two loops of one conversation as one result: what both spent, how the second ended. */
export function joinLoopResults(first: LoopResult, second: LoopResult): LoopResult {
  return {
    ...second,
    turns: first.turns + second.turns,
    toolCalls: first.toolCalls + second.toolCalls,
    usage: addUsage(first.usage, second.usage),
    text: second.text || first.text,
    ...(second.cleared || first.cleared ? { cleared: second.cleared ?? first.cleared } : {}),
    ...thinkingOf(first, second),
  };
}

/** Two loops' thinking tokens together, when either thought. */
function thinkingOf(first: LoopResult, second: LoopResult): Pick<LoopResult, "thinkingTokens"> {
  const thinkingTokens = (first.thinkingTokens ?? 0) + (second.thinkingTokens ?? 0);
  return thinkingTokens > 0 ? { thinkingTokens } : {};
}

/** Where a loop's warnings go: its own sink, else the workflow log's ::warning::. */
const warnOf = (options: Pick<LoopOptions, "warn">) => options.warn ?? ((message: string) => warning(message));

const textOf = (message: AssistantMessage) =>
  message.content
    .filter((b) => b.type === "text")
    .map((b) => (b as { text: string }).text)
    .join("")
    .trim();

/** The tool a model call names, with arguments as the model sent them (cut-off JSON is explained). */
async function runTool(tools: readonly Tool[], call: ToolCallBlock, context: ToolContext): Promise<ToolResult> {
  const tool = tools.find((t) => t.name === call.name);
  if (!tool) return fail(`Tool ${call.name} does not exist. Available tools: ${tools.map((t) => t.name).join(", ")}.`);
  const raw = call.arguments[RAW_ARGUMENTS];
  if (typeof raw === "string") {
    const shown = raw.length > 200 ? `${raw.slice(0, 200)}…` : raw;
    return fail(
      `The arguments of this ${call.name} call are not a JSON object (cut off?): ${shown}\nCall ${call.name} again with complete arguments.`,
    );
  }
  return callTool(tool, call.arguments, context);
}

/** What the run has done so far: the loop's only state, read by the budget checks and the result. */
interface RunState {
  /** The model's context window, and who said so: the server may name a smaller one in an overflow error. */
  window: { tokens: number; source: string };
  usage: Usage;
  turns: number;
  toolCalls: number;
  text: string;
  budget?: LoopResult["budget"];
  cutOff?: LoopResult["cutOff"];
  /** The run's spending, this loop's included (the same object as `options.spending` when given). */
  spent: Spending;
  /** Real tokens per estimated one, learned from the server's counts (set with the turn setup). */
  tokens?: TokenRatio;
  /** Estimated tokens of the thinking the model sent. */
  thinkingTokens: number;
}

/** A model's part of a loop: what it spent. */
export interface ModelSpending {
  /** `provider/model`. */
  model: string;
  usage: Usage;
  turns: number;
}

/** The fallback model took over from the first, and why; each one's spending. */
export interface FallbackRecord {
  reason: string;
  /** The first model's last turn, the one it could not answer: the fallback answered it, and the rest. */
  afterTurn: number;
  models: [ModelSpending, ModelSpending];
}

const modelName = (model: ResolvedModel) => `${model.provider}/${model.modelId}`;

/**
 * The loop on the configured model; when that model is overloaded or unavailable after its retries
 * (./model-unavailable.ts) and a fallback is set, the fallback carries on the same conversation for
 * the rest of the loop. The switch is a `model_change` entry, as pi records one, so the session says
 * which model answered what and pi's export still loads it.
 */
export async function runAgentLoop(options: LoopOptions): Promise<LoopResult> {
  const spending = options.spending ?? { turns: 0, usage: emptyUsage() };
  const first = await runModelLoop({ ...options, spending });
  const { fallback } = options;
  if (first.outcome !== "error" || !first.unavailable || !fallback) return first;
  const reason = `\`${modelName(options.model)}\` was ${first.unavailable}`;
  warnOf(options)(`${reason}: ${modelName(fallback)} takes over for the rest of the run`);
  options.session.append({ type: "model_change", provider: fallback.provider, modelId: fallback.modelId });
  const second = await runModelLoop({ ...options, model: fallback, spending });
  const spent = (model: ResolvedModel, result: LoopResult): ModelSpending => ({
    model: modelName(model),
    usage: result.usage,
    turns: result.turns,
  });
  const models: FallbackRecord["models"] = [spent(options.model, first), spent(fallback, second)];
  return { ...joinLoopResults(first, second), fallback: { reason, afterTurn: first.turns, models } };
}

async function runModelLoop(options: LoopOptions): Promise<LoopResult> {
  const { model, signal } = options;
  const now = options.now ?? Date.now;
  const definitions = toolDefinitions(options.tools);
  const tools = functionTools(definitions);
  const promptMessages = promptMessagesFor(model);
  const caching = new PromptCaching(model, warnOf(options));
  const spent = options.spending ?? { turns: 0, usage: emptyUsage() };
  const window = { tokens: model.info.contextWindow, source: model.info.contextWindowSource };
  const state: RunState = { window, usage: emptyUsage(), turns: 0, toolCalls: 0, text: "", spent, thinkingTokens: 0 };
  const clearing = new ToolResultClearing(options.compaction);
  const finish = (outcome: LoopOutcome, errorMessage?: string, unavailable?: string): LoopResult =>
    loopResult(state, clearing.cleared, { outcome, errorMessage, unavailable });
  // What every request carries besides the conversation: counted when deciding to compact.
  const fixedTokens = estimateTokens(options.instructions) + estimateTokens(definitions);
  const messagesTokens = messagesTokensFor();
  const turn: TurnSetup = {
    caching,
    clearing,
    tools,
    fixedTokens,
    requestTokens: (messages) => fixedTokens + messagesTokens(messages),
    prompt: promptMessages,
  };

  for (;;) {
    const stop = stopBeforeTurn(options, state, now());
    if (stop) return finish(stop);
    state.turns++;
    spent.turns++;
    options.onEvent?.({ type: "turn_start", turn: state.turns });

    const turnSignal = AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, options.deadline - now()))]);
    const answer = await answerWithinWindow(options, state, turn, turnSignal);
    if ("outcome" in answer) return finish(answer.outcome, answer.errorMessage);
    const stored = recordAssistant(options, state, answer.message);

    if (stored.stopReason === "error") return finish("error", stored.errorMessage, modelUnavailable(answer.error));
    if (stored.stopReason === "aborted") return finish(signal.aborted ? "aborted" : "deadline");
    const calls = stored.content.filter((b): b is ToolCallBlock => b.type === "toolCall");
    if (calls.length === 0) return finish(answerEnding(state, stored, answer.maxOutputTokens));
    await runToolCalls(options, state, calls, turnSignal);
  }
}

/** The loop's result from its state, what its requests left out, and how it ended. */
function loopResult(
  state: RunState,
  cleared: Cleared,
  end: { outcome: LoopOutcome; errorMessage?: string; unavailable?: string },
): LoopResult {
  const { usage, turns, toolCalls, text, budget, cutOff, thinkingTokens } = state;
  return {
    outcome: end.outcome,
    errorMessage: end.errorMessage,
    ...(thinkingTokens > 0 ? { thinkingTokens } : {}),
    ...(end.unavailable ? { unavailable: end.unavailable } : {}),
    usage,
    turns,
    toolCalls,
    text,
    ...(budget ? { budget } : {}),
    ...(cutOff ? { cutOff } : {}),
    ...(cleared.results > 0 ? { cleared } : {}),
  };
}

/**
 * How a turn without tool calls ends the run: done, or cut off at the output limit (the reply says so
 * and how to go on, rather than posting a half answer as complete).
 */
function answerEnding(state: RunState, message: AssistantMessage, limit: number | undefined): LoopOutcome {
  if (message.stopReason !== "length" || limit === undefined) return "done";
  state.cutOff = { output: message.usage.output, limit };
  return "cut_off";
}

/** Why no further turn may start (cancelled, out of time, turns or budget), or undefined to go on. */
function stopBeforeTurn(options: LoopOptions, state: RunState, at: number): LoopOutcome | undefined {
  const { budgets } = options;
  const { turns, usage } = state.spent;
  if (options.signal.aborted) return "aborted";
  if (options.finished?.()) return "done";
  if (at >= options.deadline) return "deadline";
  if (turns >= budgets.maxTurns) return "max_turns";
  if (usage.output >= budgets.maxOutputTokens) {
    state.budget = { name: "maxOutputTokens", limit: budgets.maxOutputTokens, used: usage.output };
    return "budget";
  }
  if (usage.cost.total >= budgets.maxCostUsd) {
    state.budget = { name: "maxCostUsd", limit: budgets.maxCostUsd, used: usage.cost.total };
    return "budget";
  }
  return undefined;
}

/** What every turn of a loop is built with. */
interface TurnSetup {
  caching: PromptCaching;
  /** What the requests leave out of the conversation: the answered tool results, in batches. */
  clearing: ToolResultClearing;
  tools: LanguageModelV4FunctionTool[];
  /** The instructions' and tool definitions' tokens, which every request carries. */
  fixedTokens: number;
  requestTokens: (messages: readonly AgentMessage[]) => number;
  prompt: (messages: readonly AgentMessage[]) => readonly PromptMessage[];
}

/** The conversation a turn sends (old tool results cleared), whether it was just compacted, and the room kept for the answer. */
interface TurnContext {
  messages: readonly AgentMessage[];
  compacted: boolean;
  reserveTokens: number;
}

/** The answer, and the output limit it was asked for (an explained refusal was asked for none). */
type TurnAnswer =
  | { message: AssistantMessage; maxOutputTokens?: number; error?: unknown }
  | { outcome: LoopOutcome; errorMessage?: string };

/**
 * The turn's answer, its request fitted into the context window: compacted first when the estimate
 * says it would not fit, and when the server refuses it as too long all the same (its tokenizer
 * counts otherwise, or its window is smaller than we were told), compacted and retried once.
 */
async function answerWithinWindow(
  options: LoopOptions,
  state: RunState,
  turn: TurnSetup,
  signal: AbortSignal,
): Promise<TurnAnswer> {
  let refused: AssistantMessage | undefined;
  for (;;) {
    const context = await contextForTurn(options, state, turn, signal, refused !== undefined);
    if ("outcome" in context) return context;
    // Nothing left to compact: the same request would be refused the same way.
    if (refused && !context.compacted) return { message: overflowExplained(refused, state) };
    const perCall = options.budgets.maxOutputTokensPerCall;
    const estimated = turn.requestTokens(context.messages);
    const used = tokensOf(state, turn).correct(estimated);
    const maxOutputTokens = answerRoom(perCall, state.window.tokens, used, context.reserveTokens);
    const request = { context: turn.prompt(context.messages), tokens: used, maxOutputTokens, signal };
    const { message, error } = await streamTurn(options, turn, request);
    const overflow = message.content.length === 0 ? contextOverflow(error) : undefined;
    if (!overflow) {
      learnFromUsage(state, turn, message, estimated);
      return { message, maxOutputTokens, error };
    }
    if (overflow.promptTokens) tokensOf(state, turn).learn(overflow.promptTokens, estimated);
    if (refused) return { message: overflowExplained(message, state) };
    refused = message;
    learnWindow(options, state, overflow);
  }
}

/** The run's token ratio, made on first use from the fixed part every request carries. */
function tokensOf(state: RunState, turn: TurnSetup): TokenRatio {
  state.tokens ??= new TokenRatio(turn.fixedTokens);
  return state.tokens;
}

/** What the server counted for an answered request, when it reported it rather than gitclaw estimating it. */
function learnFromUsage(state: RunState, turn: TurnSetup, message: AssistantMessage, estimated: number): void {
  const { usage } = message;
  if (usage.estimated) return;
  tokensOf(state, turn).learn(usage.input + usage.cacheRead + usage.cacheWrite, estimated, "usage");
}

/** The window the server names in its refusal, when smaller than the one assumed: the rest of the run fits it. */
function learnWindow(options: LoopOptions, state: RunState, overflow: ContextOverflow): void {
  const { endpoint } = options.model;
  if (overflow.window && overflow.window < state.window.tokens)
    state.window = { tokens: overflow.window, source: `named by ${endpoint.url} when it refused a request` };
  warnOf(options)(
    `the model at ${endpoint.url} refused the request as longer than its context window (${state.window.tokens} tokens, ${state.window.source}): compacting the conversation and trying once more`,
  );
}

/** A request refused as too long even compacted: what to change, after what the server said. */
function overflowExplained(message: AssistantMessage, state: RunState): AssistantMessage {
  const { tokens, source } = state.window;
  const errorMessage = `${message.errorMessage}. The conversation does not fit the model's context window of ${tokens} tokens (${source}) even compacted: give the server a larger context (llama-server -c, Ollama's num_ctx) or use a model with a larger window, then comment again`;
  return { ...message, errorMessage };
}

/**
 * The conversation the next request carries, compacted first when it would not fit. Built once, then
 * extended by each append (rebuilt after a compaction): no turn walks the session.
 */
async function contextForTurn(
  options: LoopOptions,
  state: RunState,
  turn: TurnSetup,
  signal: AbortSignal,
  /** The server refused the last request as too long: compact whatever the estimate says. */
  force = false,
): Promise<TurnContext | { outcome: LoopOutcome; errorMessage?: string }> {
  const { session, model } = options;
  const { caching, clearing } = turn;
  const messages = clearing.view(session.context().messages);
  const contextWindow = state.window.tokens;
  const settings = fitCompaction(options.compaction, contextWindow, turn.fixedTokens);
  try {
    const tokens = tokensOf(state, turn);
    const requestTokens = tokens.correct(turn.requestTokens(messages));
    const request = { requestTokens, contextWindow, settings, force, tokensPerEstimated: tokens.value };
    const compacted = await compactIfNeeded({ session, model, caching, signal, ...request });
    if (!compacted) return { messages, compacted: false, reserveTokens: settings.reserveTokens };
    // The summary request is paid for like a turn: it counts toward the budgets and the footer.
    state.usage = addUsage(state.usage, compacted.usage);
    state.spent.usage = addUsage(state.spent.usage, compacted.usage);
    options.onEvent?.({ type: "compaction", tokensBefore: requestTokens });
    const kept = clearing.view(session.context().messages);
    return { messages: kept, compacted: true, reserveTokens: settings.reserveTokens };
  } catch (error) {
    if (signal.aborted) return { outcome: options.signal.aborted ? "aborted" : "deadline" };
    return {
      outcome: "error",
      errorMessage: `compacting the conversation failed: ${describeModelError(error, model)}`,
    };
  }
}

/** The model's answer, redacted, appended to the session and counted. */
function recordAssistant(options: LoopOptions, state: RunState, message: AssistantMessage): AssistantMessage {
  const stored = redactDeep(message, options.toolContext.redact);
  options.session.append({ type: "message", message: stored });
  state.usage = addUsage(state.usage, stored.usage);
  state.spent.usage = addUsage(state.spent.usage, stored.usage);
  options.onEvent?.({ type: "assistant", turn: state.turns, message: stored });
  const said = textOf(stored);
  if (said) state.text = said;
  for (const block of stored.content)
    if (block.type === "thinking") state.thinkingTokens += estimateTokens(block.thinking);
  return stored;
}

/** Each call the model asked for, in order; every result is redacted and appended as it completes. */
async function runToolCalls(
  options: LoopOptions,
  state: RunState,
  calls: ToolCallBlock[],
  turnSignal: AbortSignal,
): Promise<void> {
  const { tools, toolContext, signal } = options;
  const now = options.now ?? Date.now;
  const redact = toolContext.redact;
  for (const call of calls) {
    options.onEvent?.({ type: "tool_start", call });
    const started = now();
    const result = signal.aborted
      ? fail("Tool call skipped: the run was cancelled.")
      : await runTool(tools, call, { ...toolContext, signal: turnSignal });
    state.toolCalls++;
    const safe: ToolResult = {
      ...result,
      text: redact(result.text),
      details: result.details && redactDeep(result.details, redact),
    };
    options.session.append({
      type: "message",
      message: {
        role: "toolResult",
        toolCallId: call.id,
        toolName: call.name,
        content: [
          { type: "text", text: safe.text },
          ...(result.images ?? []).map((image) => ({ type: "image" as const, ...image })),
        ],
        ...(safe.details ? { details: safe.details } : {}),
        isError: safe.isError,
        timestamp: now(),
      },
    });
    options.onEvent?.({ type: "tool_end", call, result: safe, durationMs: now() - started });
  }
}

/**
 * One model call, streamed into a pi assistant message (never throws: failures become stopReason
 * error). Repeated once without cache breakpoints if the provider refuses them.
 */
async function streamTurn(
  options: LoopOptions,
  turn: TurnSetup,
  request: TurnRequest,
): Promise<{ message: AssistantMessage; error?: unknown }> {
  for (;;) {
    const answer = await streamOnce(options, turn, request);
    const { message, error } = answer;
    if (error === undefined || message.content.length > 0 || !turn.caching.refused(error)) return answer;
  }
}

/**
 * One request of a turn: the conversation in the provider's format, its estimated size (for a usage
 * never reported), the answer's limit, the turn's signal.
 */
interface TurnRequest {
  context: readonly PromptMessage[];
  tokens: number;
  maxOutputTokens: number;
  signal: AbortSignal;
}

async function streamOnce(
  options: LoopOptions,
  { caching, clearing, tools }: TurnSetup,
  { context, tokens, maxOutputTokens, signal: abortSignal }: TurnRequest,
): Promise<{ message: AssistantMessage; error?: unknown }> {
  const now = options.now ?? Date.now;
  const draft = new AssistantDraft(options.model, tokens);
  const idleSeconds = options.budgets.modelIdleSeconds ?? Number.POSITIVE_INFINITY;
  try {
    const marked = caching.request(options.instructions, context, tools, clearing.anchors);
    const stream = await streamModel(
      options.model.model,
      {
        prompt: marked.prompt,
        // As streamText sends them: no tools is none at all; the model chooses whether to call one.
        tools: tools.length > 0 ? marked.tools : undefined,
        toolChoice: { type: "auto" },
        ...(options.effort ? { reasoning: options.effort } : {}),
        maxOutputTokens,
        abortSignal,
      },
      options.maxRetries ?? 3,
      idleSeconds * 1000,
    );
    draft.opened = true;
    for await (const part of stream) draft.apply(part);
  } catch (thrown) {
    draft.failed(thrown, abortSignal.aborted);
  }
  return { message: draft.finish(abortSignal.aborted, now()), error: draft.error };
}
