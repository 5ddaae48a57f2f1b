// The OpenAI Chat Completions wire format: `chat.completion.chunk` SSE lines ending in
// `data: [DONE]`, the `chat.completion` JSON otherwise, and OpenAI's error body. Thinking is sent as
// `reasoning_content`, the field DeepSeek, vLLM and llama.cpp use (OpenAI itself never streams it).
import type { TurnError, WireTurn } from "./index.ts";

const FINISH_REASONS = { stop: "stop", toolUse: "tool_calls", length: "length" } as const;

const ERRORS: Record<number, { type: string; code: string | null }> = {
  400: { type: "invalid_request_error", code: null },
  401: { type: "invalid_request_error", code: "invalid_api_key" },
  404: { type: "invalid_request_error", code: "model_not_found" },
  429: { type: "requests", code: "rate_limit_exceeded" },
};

const toolId = (turn: WireTurn, i: number) => turn.toolCalls[i]?.id ?? `call_fake${turn.seq}_${i}`;

// OpenAI's prompt_tokens includes cached tokens, and it reports no cache writes: they count as input.
function usage(turn: WireTurn) {
  const prompt = turn.usage.input + turn.usage.cacheRead + turn.usage.cacheWrite;
  return {
    prompt_tokens: prompt,
    completion_tokens: turn.usage.output,
    total_tokens: prompt + turn.usage.output,
    prompt_tokens_details: { cached_tokens: turn.usage.cacheRead },
  };
}

function envelope(turn: WireTurn, object: string) {
  return {
    id: `chatcmpl-fake${turn.seq}`,
    object,
    created: Math.floor(Date.now() / 1000),
    model: turn.model,
    system_fingerprint: null,
  };
}

const data = (value: unknown) => `data: ${JSON.stringify(value)}\n\n`;

export function frames(turn: WireTurn, body: Record<string, unknown>): string[] {
  const includeUsage = (body.stream_options as { include_usage?: unknown } | undefined)?.include_usage === true;
  const base = envelope(turn, "chat.completion.chunk");
  // With include_usage every chunk carries `usage: null` until the final usage-only chunk.
  const chunk = (delta: Record<string, unknown>, finishReason: string | null = null) =>
    data({
      ...base,
      choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }],
      ...(includeUsage ? { usage: null } : {}),
    });
  const out = [chunk({ role: "assistant", content: "" })];
  for (const reasoning_content of turn.thinking) out.push(chunk({ reasoning_content }));
  for (const content of turn.text) out.push(chunk({ content }));
  turn.toolCalls.forEach((call, index) => {
    out.push(
      chunk({
        tool_calls: [
          { index, id: toolId(turn, index), type: "function", function: { name: call.name, arguments: "" } },
        ],
      }),
    );
    for (const args of call.args) out.push(chunk({ tool_calls: [{ index, function: { arguments: args } }] }));
  });
  out.push(chunk({}, FINISH_REASONS[turn.stopReason]));
  if (includeUsage) out.push(data({ ...base, choices: [], usage: usage(turn) }));
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
        logprobs: null,
        finish_reason: FINISH_REASONS[turn.stopReason],
      },
    ],
    usage: usage(turn),
  };
}

export function error(err: TurnError): unknown {
  const known = ERRORS[err.status] ?? { type: "server_error", code: null };
  const type = err.type ?? known.type;
  return { error: { message: err.message ?? `fake ${type}`, type, param: null, code: known.code } };
}

/** GET /v1/models: the list envelope of model objects. */
export function models(ids: string[]): unknown {
  return { object: "list", data: ids.map((id) => ({ id, object: "model", created: 1744316542, owned_by: "system" })) };
}
