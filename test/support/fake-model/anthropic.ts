// The Anthropic Messages API wire format: the SSE event sequence of `stream: true`, the JSON
// message otherwise, and Anthropic's error body. Shapes follow what api.anthropic.com sends.
import { createHash } from "node:crypto";
import type { TurnError, WireTurn } from "./index.ts";

const STOP_REASONS = { stop: "end_turn", toolUse: "tool_use", length: "max_tokens" } as const;

const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  413: "request_too_large",
  429: "rate_limit_error",
  529: "overloaded_error",
};

const toolId = (turn: WireTurn, i: number) => turn.toolCalls[i]?.id ?? `toolu_fake${turn.seq}_${i}`;

// Clients must send thinking blocks back with their signature, which binds the thinking text: as the
// real API does, a block whose text or signature was altered is refused (thinkingSignatureProblem).
const sign = (thinking: string) => createHash("sha256").update(`fake-thinking-key:${thinking}`).digest("base64");
const signature = (turn: WireTurn) => sign(turn.thinking.join(""));

/** Anthropic's refusal of a request that sends back a thinking block not as it was signed, else undefined. */
export function thinkingSignatureProblem(body: Record<string, unknown>): string | undefined {
  const messages = Array.isArray(body.messages) ? (body.messages as { role?: string; content?: unknown }[]) : [];
  for (const [i, message] of messages.entries()) {
    if (message.role !== "assistant" || !Array.isArray(message.content)) continue;
    for (const [j, block] of (message.content as { type?: string; thinking?: string; signature?: string }[]).entries())
      if (block.type === "thinking" && block.signature !== sign(block.thinking ?? ""))
        return `messages.${i}.content.${j}: Invalid \`signature\` in \`thinking\` block`;
  }
  return undefined;
}

function usage(turn: WireTurn) {
  return {
    input_tokens: turn.usage.input,
    cache_creation_input_tokens: turn.usage.cacheWrite,
    cache_read_input_tokens: turn.usage.cacheRead,
    output_tokens: turn.usage.output,
  };
}

function envelope(turn: WireTurn) {
  return { id: `msg_fake${turn.seq}`, type: "message", role: "assistant", model: turn.model };
}

function event(type: string, data: Record<string, unknown> = {}): string {
  return `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;
}

export function frames(turn: WireTurn): string[] {
  const out = [
    event("message_start", {
      // The real message_start carries the input usage and a placeholder output count.
      message: {
        ...envelope(turn),
        content: [],
        stop_reason: null,
        stop_sequence: null,
        usage: { ...usage(turn), output_tokens: 1 },
      },
    }),
    event("ping"),
  ];
  let index = 0;
  const block = (start: Record<string, unknown>, deltas: Record<string, unknown>[]) => {
    out.push(event("content_block_start", { index, content_block: start }));
    for (const delta of deltas) out.push(event("content_block_delta", { index, delta }));
    out.push(event("content_block_stop", { index }));
    index++;
  };
  if (turn.thinking.length > 0) {
    block({ type: "thinking", thinking: "" }, [
      ...turn.thinking.map((thinking) => ({ type: "thinking_delta", thinking })),
      { type: "signature_delta", signature: signature(turn) },
    ]);
  }
  if (turn.text.length > 0) {
    block(
      { type: "text", text: "" },
      turn.text.map((text) => ({ type: "text_delta", text })),
    );
  }
  turn.toolCalls.forEach((call, i) => {
    // Anthropic opens every tool_use block with an empty input and an empty partial_json.
    block({ type: "tool_use", id: toolId(turn, i), name: call.name, input: {} }, [
      { type: "input_json_delta", partial_json: "" },
      ...call.args.map((partial_json) => ({ type: "input_json_delta", partial_json })),
    ]);
  });
  out.push(
    event("message_delta", {
      delta: { stop_reason: STOP_REASONS[turn.stopReason], stop_sequence: null },
      usage: usage(turn),
    }),
    event("message_stop"),
  );
  return out;
}

export function message(turn: WireTurn): unknown {
  const content: Record<string, unknown>[] = [];
  if (turn.thinking.length > 0)
    content.push({ type: "thinking", thinking: turn.thinking.join(""), signature: signature(turn) });
  if (turn.text.length > 0) content.push({ type: "text", text: turn.text.join("") });
  turn.toolCalls.forEach((call, i) =>
    content.push({ type: "tool_use", id: toolId(turn, i), name: call.name, input: call.input }),
  );
  return {
    ...envelope(turn),
    content,
    stop_reason: STOP_REASONS[turn.stopReason],
    stop_sequence: null,
    usage: usage(turn),
  };
}

export function error(err: TurnError): unknown {
  const type = err.type ?? ERROR_TYPES[err.status] ?? "api_error";
  return { type: "error", error: { type, message: err.message ?? `fake ${type}` } };
}

/** GET /v1/models: the models the key may use, newest first, in one page. */
export function models(ids: string[]): unknown {
  const data = ids.map((id) => ({ type: "model", id, display_name: id, created_at: "2025-09-29T00:00:00Z" }));
  return { data, has_more: false, first_id: ids[0] ?? null, last_id: ids.at(-1) ?? null };
}
