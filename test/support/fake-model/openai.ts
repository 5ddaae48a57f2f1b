// The OpenAI Chat Completions wire format as llama.cpp's `llama-server` speaks it (what gitclaw's
// OpenAI-compatible provider meets on a self-hosted model; /work/shared/reference/openai-compatible-server-sse.md):
// `chat.completion.chunk` SSE lines ending in `data: [DONE]`, a tool call's id and name once in its
// first fragment, the finish reason in an event of its own, usage in a later event with no choices;
// the `chat.completion` JSON otherwise; llama-server's error body. Thinking is sent as
// `reasoning_content`, the field DeepSeek, vLLM and llama.cpp use (OpenAI itself never streams it).
import type { TurnError, WireTurn } from "./index.ts";

const FINISH_REASONS = { stop: "stop", toolUse: "tool_calls", length: "length" } as const;

/** llama-server's error types by status (its `format_error_response`). */
const ERROR_TYPES: Record<number, string> = {
  400: "invalid_request_error",
  401: "authentication_error",
  403: "permission_error",
  404: "not_found_error",
  429: "rate_limit_error",
  500: "server_error",
  501: "not_supported_error",
  503: "unavailable_error",
};

export const streamHeaders = { "x-accel-buffering": "no", server: "llama.cpp" };

const toolId = (turn: WireTurn, i: number) => turn.toolCalls[i]?.id ?? `call_fake${turn.seq}_${i}`;

// OpenAI's prompt_tokens includes cached tokens, and it reports no cache writes: they count as input.
function usage(turn: WireTurn) {
  const prompt = turn.usage.input + turn.usage.cacheRead + turn.usage.cacheWrite;
  return {
    completion_tokens: turn.usage.output,
    prompt_tokens: prompt,
    total_tokens: prompt + turn.usage.output,
    prompt_tokens_details: { cached_tokens: turn.usage.cacheRead },
  };
}

/** llama-server's extra `timings` beside the usage; no client reads it, each must tolerate it. */
function timings(turn: WireTurn) {
  return {
    prompt_n: turn.usage.input,
    prompt_ms: 12.5,
    predicted_n: turn.usage.output,
    predicted_ms: 40.25,
    predicted_per_second: 99.4,
  };
}

function envelope(turn: WireTurn, object: string) {
  return {
    created: Math.floor(Date.now() / 1000),
    id: `chatcmpl-fake${turn.seq}`,
    model: turn.model,
    system_fingerprint: "b1-fake",
    object,
  };
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

/** Each call's fragments: the first carries the index, id, type, name and the first piece of the arguments. */
function toolCallDeltas(turn: WireTurn): Record<string, unknown>[] {
  return turn.toolCalls.flatMap((call, index) => {
    const [first = "", ...rest] = call.args;
    const opening = {
      index,
      id: toolId(turn, index),
      type: "function",
      function: { name: call.name, arguments: first },
    };
    return [opening, ...rest.map((args) => ({ index, function: { arguments: args } }))].map((fragment) => ({
      tool_calls: [fragment],
    }));
  });
}

export function frames(turn: WireTurn, body: Record<string, unknown>): string[] {
  const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  const base = envelope(turn, "chat.completion.chunk");
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    data({ choices: [{ finish_reason: finishReason, index: 0, delta }], ...base });
  const out = [chunk({ role: "assistant", content: null })];
  for (const reasoning_content of turn.thinking) out.push(chunk({ reasoning_content }));
  for (const content of turn.text) out.push(chunk({ content }));
  for (const delta of toolCallDeltas(turn)) out.push(chunk(delta));
  out.push(chunk({}, FINISH_REASONS[turn.stopReason]));
  if (includeUsage && !turn.omitUsage) {
    out.push(data({ choices: [], ...base, usage: usage(turn), timings: timings(turn) }));
  }
  out.push("data: [DONE]\n\n");
  return out;
}

export function message(turn: WireTurn): unknown {
  const text = turn.text.join("");
  const thinking = turn.thinking.join("");
  const toolCalls = turn.toolCalls.map((call, i) => ({
    id: toolId(turn, i),
    type: "function",
    function: { name: call.name, arguments: call.args.join("") },
  }));
  return {
    ...envelope(turn, "chat.completion"),
    choices: [
      {
        index: 0,
        message: {
          role: "assistant",
          content: text || null,
          ...(thinking ? { reasoning_content: thinking } : {}),
          ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}),
        },
        finish_reason: FINISH_REASONS[turn.stopReason],
      },
    ],
    ...(turn.omitUsage ? {} : { usage: usage(turn), timings: timings(turn) }),
  };
}

/** llama-server's error body: the status again as `code`, its message and type. */
export function error(err: TurnError): unknown {
  const type = err.type ?? ERROR_TYPES[err.status] ?? "server_error";
  return { error: { code: err.status, message: err.message ?? `fake ${type}`, type } };
}

/** GET /v1/models: the list envelope of model objects. */
export function models(ids: string[]): unknown {
  return { object: "list", data: ids.map((id) => ({ id, object: "model", created: 1744316542, owned_by: "system" })) };
}
