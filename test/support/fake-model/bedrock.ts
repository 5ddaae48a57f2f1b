// Amazon Bedrock's Converse API as ConverseStream answers (docs: "ConverseStream", the response
// stream): binary event-stream messages (AWS's framing, encoded with AWS's own @smithy/eventstream-codec),
// each with the headers :event-type, :content-type application/json and :message-type event, and a
// JSON payload carrying Bedrock's `p` padding: messageStart, contentBlockStart (tool use only),
// contentBlockDelta (text, reasoningContent, toolUse input pieces), contentBlockStop, messageStop
// with the stop reason, metadata with the usage. Errors are Bedrock's JSON `{ message }` with
// x-amzn-ErrorType. The request's model is in the path: /model/<model id>/converse-stream.
import { createHash } from "node:crypto";
import { EventStreamCodec } from "@smithy/eventstream-codec";
import type { TurnError, WireTurn } from "./index.ts";

export const PATH = /^\/model\/([^/]+)\/converse-stream$/;

export const streamHeaders = { "content-type": "application/vnd.amazon.eventstream" };

const codec = new EventStreamCodec(
  (bytes) => new TextDecoder().decode(bytes),
  (text) => new TextEncoder().encode(text),
);

const STOP_REASONS = { stop: "end_turn", toolUse: "tool_use", length: "max_tokens" } as const;

const ERROR_TYPES: Record<number, string> = {
  400: "ValidationException",
  403: "AccessDeniedException",
  404: "ResourceNotFoundException",
  429: "ThrottlingException",
  500: "InternalServerException",
  503: "ServiceUnavailableException",
};

function frame(eventType: string, payload: Record<string, unknown>): Uint8Array {
  return codec.encode({
    headers: {
      ":event-type": { type: "string", value: eventType },
      ":content-type": { type: "string", value: "application/json" },
      ":message-type": { type: "string", value: "event" },
    },
    body: new TextEncoder().encode(JSON.stringify({ ...payload, p: "abcdefghijklmnopqrstuvwxyzABCDEF" })),
  });
}

// The signature binds the reasoning text: Bedrock refuses reasoning sent back altered or unsigned.
const sign = (text: string) => createHash("sha256").update(`fake-bedrock-key:${text}`).digest("base64");

/** Bedrock's refusal of a request whose reasoning blocks are not as they were signed, else undefined. */
export function reasoningSignatureProblem(body: Record<string, unknown>): string | undefined {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: string; content?: unknown }[]) : [];
  for (const message of messages) {
    if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
    for (const block of message.content as {
      reasoningContent?: { reasoningText?: { text?: string; signature?: string } };
    }[]) {
      const reasoning = block.reasoningContent?.reasoningText;
      if (reasoning && reasoning.signature !== sign(reasoning.text ?? ""))
        return "The model returned the following errors: thinking blocks in the latest assistant message cannot be modified";
    }
  }
  return undefined;
}

const toolId = (turn: WireTurn, i: number) => turn.toolCalls[i]?.id ?? `tooluse_fake${turn.seq}_${i}`;

export function frames(turn: WireTurn): Uint8Array[] {
  const out = [frame("messageStart", { role: "assistant" })];
  let index = 0;
  const block = (deltas: Record<string, unknown>[], start?: Record<string, unknown>) => {
    const contentBlockIndex = index++;
    if (start) out.push(frame("contentBlockStart", { contentBlockIndex, start }));
    for (const delta of deltas) out.push(frame("contentBlockDelta", { contentBlockIndex, delta }));
    out.push(frame("contentBlockStop", { contentBlockIndex }));
  };
  if (turn.thinking.length > 0)
    block([
      ...turn.thinking.map((text) => ({ reasoningContent: { text } })),
      { reasoningContent: { signature: sign(turn.thinking.join("")) } },
    ]);
  if (turn.text.length > 0) block(turn.text.map((text) => ({ text })));
  turn.toolCalls.forEach((call, i) =>
    block(
      call.args.map((input) => ({ toolUse: { input } })),
      { toolUse: { toolUseId: toolId(turn, i), name: call.name } },
    ),
  );
  out.push(frame("messageStop", { stopReason: STOP_REASONS[turn.stopReason] }));
  if (!turn.omitUsage) {
    const { input, output, cacheRead, cacheWrite } = turn.usage;
    const usage = {
      inputTokens: input,
      outputTokens: output,
      totalTokens: input + output + cacheRead + cacheWrite,
      cacheReadInputTokens: cacheRead,
      cacheWriteInputTokens: cacheWrite,
    };
    out.push(frame("metadata", { usage, metrics: { latencyMs: 42 } }));
  }
  return out;
}

/** Converse (not streamed) is not what gitclaw calls; the stand-in answers it as a refusal. */
export function message(): unknown {
  return { message: "fake bedrock: only ConverseStream is served" };
}

export function error(err: TurnError): unknown {
  return { message: err.message ?? `fake ${err.type ?? ERROR_TYPES[err.status] ?? "InternalServerException"}` };
}

/** The error type Bedrock names in x-amzn-ErrorType. */
export const errorType = (err: TurnError): string => err.type ?? ERROR_TYPES[err.status] ?? "InternalServerException";

export function models(): unknown {
  return {};
}
