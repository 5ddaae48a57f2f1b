// Google's Gemini on Vertex AI as `streamGenerateContent?alt=sse` answers (docs: "GenerateContentResponse"):
// server-sent events whose data is one GenerateContentResponse each — candidates[0].content.parts
// (text pieces; thought parts with `thought: true` and a `thoughtSignature`; a functionCall whole, with
// its args as an object), the last with the finishReason and usageMetadata. Errors are Google's
// `{ error: { code, message, status } }`. The model is in the path:
// /v1/projects/<p>/locations/<l>/publishers/google/models/<model>:streamGenerateContent.
import { createHash } from "node:crypto";
import type { TurnError, WireTurn } from "./index.ts";

export const PATH =
  /^\/v1\/projects\/[^/]+\/locations\/[^/]+\/publishers\/google\/models\/([^/:]+):(stream)?generateContent$/i;

const FINISH_REASONS = { stop: "STOP", toolUse: "STOP", length: "MAX_TOKENS" } as const;

const STATUSES: Record<number, string> = {
  400: "INVALID_ARGUMENT",
  401: "UNAUTHENTICATED",
  403: "PERMISSION_DENIED",
  404: "NOT_FOUND",
  429: "RESOURCE_EXHAUSTED",
  500: "INTERNAL",
  503: "UNAVAILABLE",
};

const sign = (text: string) => createHash("sha256").update(`fake-gemini-key:${text}`).digest("base64");

function usageMetadata(turn: WireTurn) {
  const { input, output, cacheRead } = turn.usage;
  return {
    promptTokenCount: input + cacheRead,
    candidatesTokenCount: output,
    totalTokenCount: input + cacheRead + output,
    ...(cacheRead ? { cachedContentTokenCount: cacheRead } : {}),
  };
}

const response = (turn: WireTurn, parts: unknown[], last: boolean) => ({
  candidates: [
    {
      content: { role: "model", parts },
      index: 0,
      ...(last ? { finishReason: FINISH_REASONS[turn.stopReason] } : {}),
    },
  ],
  ...(last && !turn.omitUsage ? { usageMetadata: usageMetadata(turn) } : {}),
  modelVersion: turn.model,
});

const data = (value: unknown) => `data: ${JSON.stringify(value)}\r\n\r\n`;

/** The parts of a turn, in the order Gemini streams them: thought, text, function calls. */
function partsOf(turn: WireTurn): unknown[][] {
  const thought = turn.thinking.join("");
  const pieces: unknown[][] = [];
  if (thought) pieces.push([{ text: thought, thought: true, thoughtSignature: sign(thought) }]);
  for (const text of turn.text) pieces.push([{ text }]);
  if (turn.toolCalls.length > 0)
    pieces.push(turn.toolCalls.map((call) => ({ functionCall: { name: call.name, args: call.input } })));
  return pieces;
}

export function frames(turn: WireTurn): string[] {
  const pieces = partsOf(turn);
  if (pieces.length === 0) pieces.push([{ text: "" }]);
  return pieces.map((parts, i) => data(response(turn, parts, i === pieces.length - 1)));
}

export function message(turn: WireTurn): unknown {
  return response(turn, partsOf(turn).flat(), true);
}

export function error(err: TurnError): unknown {
  const status = STATUSES[err.status] ?? "INTERNAL";
  return { error: { code: err.status, message: err.message ?? `fake ${status}`, status: err.type ?? status } };
}

export function models(): unknown {
  return { publisherModels: [] };
}
