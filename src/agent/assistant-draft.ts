// The stream assembly: an assistant message built from a model call's stream parts as they arrive
// (text and thinking deltas joined, tool calls and usage landed, failures and aborts settled), with
// an estimate of the usage where the provider worked on the request but reported none.
import type { LanguageModelV4StreamPart } from "@ai-sdk/provider";
import { secureJsonParse } from "@ai-sdk/provider-utils";
import type { AssistantMessage, ThinkingBlock, Usage } from "../session/entries.ts";
import { emptyUsage, toolArguments } from "../session/entries.ts";
import { estimateTokens } from "./compaction.ts";
import { ModelIdleError } from "./model-idle.ts";
import type { ResolvedModel } from "./model.ts";
import { describeStreamFailure } from "./stream-failures.ts";
import { serverMessage, unsupportedFix, unsupportedRequest } from "./unsupported-request.ts";
import { estimatedUsage, toPiUsage, usageReported } from "./usage.ts";

/**
 * A tool call's input as the provider streams it, a JSON string: parsed (none is no arguments), or kept
 * as its raw text when it does not parse, as the ai SDK's streamText hands it on.
 */
function parsedInput(input: string): unknown {
  if (input.trim() === "") return {};
  try {
    return secureJsonParse(input) ?? {};
  } catch {
    return input;
  }
}

/** An assistant message as its stream parts arrive: text and thinking deltas join, tool calls and usage land. */
export class AssistantDraft {
  readonly content: AssistantMessage["content"] = [];
  usage = emptyUsage();
  /** The provider counted the turn's tokens (else they are estimated, see finish). */
  reported = false;
  /** The response had started (headers came): the server was at work on the request. */
  opened = false;
  stopReason: AssistantMessage["stopReason"] = "stop";
  errorMessage?: string;
  error: unknown;

  /** `requestTokens`: the request's estimated size. */
  constructor(
    private readonly model: ResolvedModel,
    private readonly requestTokens: number,
  ) {}

  apply(part: LanguageModelV4StreamPart): void {
    switch (part.type) {
      case "text-delta":
        this.appendText("text", part.delta);
        return;
      case "reasoning-delta":
        this.appendReasoning(part.delta, part.providerMetadata);
        return;
      case "tool-call":
        // Arguments that did not parse arrive as their raw text: kept, in a form every reader loads.
        this.content.push({
          type: "toolCall",
          id: part.toolCallId,
          name: part.toolName,
          arguments: toolArguments(parsedInput(part.input)),
        });
        return;
      case "finish":
        this.usage = toPiUsage(part.usage, this.model.info.price);
        this.reported = usageReported(part.usage);
        // A stream that failed part-way may still report usage; its error stands.
        if (this.stopReason !== "error") this.stopReason = STOP_REASONS[part.finishReason.unified] ?? "stop";
        return;
      case "error":
        this.failed(part.error, false);
        return;
    }
  }

  failed(error: unknown, aborted: boolean): void {
    this.error = error;
    this.stopReason = aborted ? "aborted" : "error";
    this.errorMessage = aborted ? "aborted" : describeModelError(error, this.model);
  }

  finish(aborted: boolean, timestamp: number): AssistantMessage {
    if (aborted && this.stopReason !== "error") this.stopReason = "aborted";
    // A message with tool calls asks for them, whatever finish reason the provider gave.
    const settled = this.stopReason === "toolUse" || this.stopReason === "error" || this.stopReason === "aborted";
    if (!settled && this.content.some((b) => b.type === "toolCall")) this.stopReason = "toolUse";
    if (!this.reported && this.billed()) this.usage = this.estimate();
    const { model } = this;
    return {
      role: "assistant",
      content: this.content,
      api: model.api,
      provider: model.provider,
      model: model.modelId,
      usage: this.usage,
      stopReason: this.stopReason,
      ...(this.errorMessage ? { errorMessage: this.errorMessage } : {}),
      timestamp,
    };
  }

  /**
   * Whether the provider worked on the request, so bills it, though it reported nothing: its answer
   * had started, or the call was given up while waiting for one. Refused and unreachable calls cost nothing.
   */
  private billed(): boolean {
    return this.opened || this.stopReason === "aborted" || this.error instanceof ModelIdleError;
  }

  /** The request's size, and what was streamed of the answer, at about four characters a token. */
  private estimate(): Usage {
    const streamed = this.content
      .map((b) => (b.type === "text" ? b.text : b.type === "thinking" ? b.thinking : JSON.stringify(b.arguments)))
      .join("");
    const output = streamed ? estimateTokens(streamed) : 0;
    return estimatedUsage({ input: this.requestTokens, output }, this.model.info.price);
  }

  private appendText(kind: "text" | "thinking", delta: string): void {
    const last = this.content.at(-1);
    if (kind === "text" && last?.type === "text") (last as { text: string }).text += delta;
    else if (kind === "thinking" && last?.type === "thinking") (last as ThinkingBlock).thinking += delta;
    else this.content.push(kind === "text" ? { type: "text", text: delta } : { type: "thinking", thinking: delta });
  }

  private appendReasoning(text: string, metadata: Record<string, unknown> | undefined): void {
    if (text) this.appendText("thinking", text);
    // The signature arrives as an empty delta carrying provider metadata: under `anthropic` (Anthropic's
    // API, Claude on Vertex) or `bedrock` (Converse), whichever SDK streamed it.
    const signature = Object.values(metadata ?? {})
      .map((entry) => (entry as { signature?: unknown } | undefined)?.signature)
      .find((value): value is string => typeof value === "string" && value !== "");
    const last = this.content.at(-1);
    if (signature && last?.type === "thinking") (last as ThinkingBlock).thinkingSignature = signature;
  }
}

const STOP_REASONS: Partial<Record<string, AssistantMessage["stopReason"]>> = {
  "tool-calls": "toolUse",
  length: "length",
  error: "error",
};

/**
 * A model failure in one line: status and the provider's own message, no stack; where the model
 * could not be reached at all or refused the key, also where it was asked and which setting says so.
 */
export function describeModelError(
  error: unknown,
  model?: Pick<ResolvedModel, "endpoint" | "keyEnv" | "credentials">,
): string {
  const e = error as {
    statusCode?: number;
    message?: string;
    responseBody?: string;
    lastError?: unknown;
    errors?: unknown[];
  };
  const streamFailure = describeStreamFailure(error, model);
  if (streamFailure) return streamFailure;
  const inner = (e?.lastError ?? e) as typeof e;
  // The server's own message when its body is JSON; else the SDK's.
  const detail = serverMessage(inner?.responseBody) ?? inner?.message ?? String(error);
  const unsupported = unsupportedRequest(inner);
  if (unsupported) return `model API error ${inner!.statusCode}: ${unsupported} (${unsupportedFix(unsupported)})`;
  const at = model ? ` at ${model.endpoint.url} (${model.endpoint.source})` : "";
  if (!inner?.statusCode) return model ? `cannot reach the model API${at}: ${detail}` : `model API error: ${detail}`;
  const refused = inner.statusCode === 401 || inner.statusCode === 403;
  const whose = model?.keyEnv
    ? `the key in ${model.keyEnv} was refused`
    : model?.credentials
      ? `the credentials from ${model.credentials.source} were refused`
      : "";
  return `model API error ${inner.statusCode}: ${detail}${refused && whose ? ` (${whose}${at})` : ""}`;
}
