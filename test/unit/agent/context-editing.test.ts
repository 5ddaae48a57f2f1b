// The clearing policy of context editing (src/agent/context-editing.ts), driven with conversations as
// the session gives them, and the cache breakpoints it asks for (src/agent/caching.ts).
import { describe, expect, it } from "vitest";
import { PromptCaching } from "../../../src/agent/caching.ts";
import { MIN_CLEARED_TOKENS, stubFor, ToolResultClearing } from "../../../src/agent/context-editing.ts";
import { toPromptMessages } from "../../../src/agent/messages.ts";
import {
  type AgentMessage,
  type AssistantMessage,
  emptyUsage,
  type ToolResultMessage,
} from "../../../src/session/entries.ts";

const usage = emptyUsage();
const assistant = (calls: string[], text = ""): AssistantMessage => ({
  role: "assistant",
  content: [
    ...(text ? [{ type: "text" as const, text }] : []),
    ...calls.map((id) => ({ type: "toolCall" as const, id, name: "read", arguments: { path: `${id}.ts` } })),
  ],
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  usage,
  stopReason: calls.length > 0 ? "toolUse" : "stop",
  timestamp: 0,
});
/** A result of `tokens` estimated tokens (four characters each, less the JSON around the text). */
const result = (id: string, tokens: number): ToolResultMessage => ({
  role: "toolResult",
  toolCallId: id,
  toolName: "read",
  content: [{ type: "text", text: "x".repeat(tokens * 4 - 30) }],
  isError: false,
  timestamp: 0,
});

/** A user prompt, then `turns` turns of one read each (call ids c1, c2, …), `tokens` tokens a result. */
function conversation(turns: number, tokens = 1000): AgentMessage[] {
  const messages: AgentMessage[] = [{ role: "user", content: "read them all", timestamp: 0 }];
  for (let i = 1; i <= turns; i++) messages.push(assistant([`c${i}`]), result(`c${i}`, tokens));
  return messages;
}

/** The call ids whose results `view` sends as stubs. */
const stubbed = (view: readonly AgentMessage[]) =>
  view.flatMap((m) =>
    m.role === "toolResult" && (m.content[0] as { text: string }).text.includes("cleared") ? [m.toolCallId] : [],
  );
const ids = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `c${from + i}`);

/** The conversation grown one turn at a time, as the loop grows it, with the view of each request. */
function grown(turns: number, settings: { clearToolResultsAt: number; keepToolResultTurns: number }, tokens = 1000) {
  const clearing = new ToolResultClearing(settings);
  const full = conversation(turns, tokens);
  const messages: AgentMessage[] = [];
  const views: (readonly AgentMessage[])[] = [];
  for (const message of full) {
    messages.push(message);
    if (message.role === "toolResult") views.push(clearing.view(messages));
  }
  return { clearing, messages, views };
}

describe("which tool results a request leaves out", () => {
  it("clears nothing when the threshold is 0: the conversation itself goes", () => {
    const messages = conversation(40);
    expect(new ToolResultClearing({ clearToolResultsAt: 0, keepToolResultTurns: 1 }).view(messages)).toBe(messages);
  });

  it("clears answered results older than the kept turns, all at once when they reach the threshold", () => {
    // 1,000 tokens a result, 3,000 a batch, the latest 2 turns kept.
    const { views } = grown(12, { clearToolResultsAt: 3000, keepToolResultTurns: 2 });
    expect(views.map((view) => stubbed(view).length)).toEqual([0, 0, 0, 0, 3, 3, 3, 6, 6, 6, 9, 9]);
    // With 12 results, the first 9 are stubs; the 10th is clearable but its batch is open; 11 and 12 are kept.
    expect(stubbed(views.at(-1)!)).toEqual(ids(1, 9));
  });

  it("keeps the results of the latest turns whatever their size, and results too small to be worth a stub", () => {
    const { views } = grown(30, { clearToolResultsAt: 1, keepToolResultTurns: 3 });
    expect(stubbed(views.at(-1)!)).toEqual(ids(1, 27));
    const small = grown(30, { clearToolResultsAt: 1, keepToolResultTurns: 1 }, MIN_CLEARED_TOKENS - 10);
    expect(stubbed(small.views.at(-1)!)).toEqual([]);
  });

  it("never clears a result the model has not answered, even with one kept turn", () => {
    const { views } = grown(5, { clearToolResultsAt: 1, keepToolResultTurns: 1 });
    // Each request: every result but the newest, which the model is about to read, is a stub.
    expect(views.map(stubbed)).toEqual([[], ids(1, 1), ids(1, 2), ids(1, 3), ids(1, 4)]);
  });

  it("hands the same array and the same stubs back until the next batch, so the prompt converts incrementally", () => {
    const { views } = grown(12, { clearToolResultsAt: 3000, keepToolResultTurns: 2 });
    expect(views[5]).toBe(views[4]);
    expect(views[6]).toBe(views[4]);
    expect(views[7]).not.toBe(views[6]);
    // The first batch's stubs are the same objects in the second batch's array.
    const first = views[4]!.flatMap((m, i) => (stubbed([m]).length > 0 ? [i] : []));
    expect(first).toHaveLength(3);
    for (const i of first) expect(views[7]![i]).toBe(views[4]![i]);
  });

  it("clears the same results in a resumed run as in the run that grew the conversation", () => {
    const settings = { clearToolResultsAt: 3000, keepToolResultTurns: 2 };
    const { messages, views } = grown(25, settings);
    const resumed = new ToolResultClearing(settings).view([...messages]);
    expect(resumed).toEqual(views.at(-1));
  });

  it("leaves the session's messages as they are", () => {
    const { messages } = grown(12, { clearToolResultsAt: 1000, keepToolResultTurns: 1 });
    expect(messages).toEqual(conversation(12));
  });

  it("counts what it cleared for the footer, and names the last two batches' ends as anchors", () => {
    const { clearing } = grown(12, { clearToolResultsAt: 3000, keepToolResultTurns: 2 });
    expect(clearing.cleared).toEqual({ results: 9, tokens: 9000 });
    expect(clearing.anchors).toEqual(["c6", "c9"]);
  });

  it("starts over on another array (a compaction rebuilt the context)", () => {
    const settings = { clearToolResultsAt: 3000, keepToolResultTurns: 2 };
    const clearing = new ToolResultClearing(settings);
    clearing.view(conversation(12));
    const compacted = conversation(12).slice(15);
    const view = clearing.view(compacted);
    expect(view).not.toBe(compacted);
    expect(view).toEqual(new ToolResultClearing(settings).view(compacted));
  });
});

describe("a cleared result's stub", () => {
  it("says what was there and the call that gets it again", () => {
    const stub = stubFor(result("c1", 1000), {
      type: "toolCall",
      id: "c1",
      name: "read",
      arguments: { path: "src/a.ts" },
    });
    const text = (stub.content[0] as { text: string }).text;
    expect(text).toContain("read result cleared from the context (3,970 characters)");
    expect(text).toContain('call read with {"path":"src/a.ts"}');
    expect(stub).toMatchObject({ role: "toolResult", toolCallId: "c1", isError: false });
  });

  it("counts images, keeps an error an error, and cuts long arguments", () => {
    const failed: ToolResultMessage = {
      ...result("c2", 300),
      isError: true,
      content: [{ type: "image", data: "AAAA", mimeType: "image/png" }],
    };
    const stub = stubFor(failed, { type: "toolCall", id: "c2", name: "bash", arguments: { command: "y".repeat(500) } });
    const text = (stub.content[0] as { text: string }).text;
    expect(stub.isError).toBe(true);
    expect(text).toContain("(0 characters, 1 image(s))");
    expect(text).toMatch(/call read with \{"command":"y{280,}…\]$/);
  });

  it("points a command's result at the output it saved, and says a call runs the command again", () => {
    const output: ToolResultMessage = {
      ...result("c3", 300),
      toolName: "bash",
      content: [{ type: "text", text: "…first lines…\n[output cut: the whole is artifact://3.]\n…last lines…" }],
    };
    const stub = stubFor(output, { type: "toolCall", id: "c3", name: "bash", arguments: { command: "bun test" } });
    expect((stub.content[0] as { text: string }).text).toMatch(
      /To see it again, read artifact:\/\/3 \(the saved output\) or call bash with \{"command":"bun test"\} \(it runs again\)\]$/,
    );
  });
});

describe("the cache breakpoints of an edited conversation", () => {
  const target = { provider: "anthropic", modelId: "claude-sonnet-4-5", api: "anthropic-messages" };
  const tools = [{ type: "function" as const, name: "read", inputSchema: { type: "object" as const } }];
  const marks = (prompt: readonly { providerOptions?: unknown }[]) =>
    prompt.flatMap((m, i) => (m.providerOptions ? [i] : []));

  it("marks the end of the last two batches besides the system message and the last message, the tools' mark dropped", () => {
    const { clearing, views } = grown(12, { clearToolResultsAt: 3000, keepToolResultTurns: 2 });
    const caching = new PromptCaching({ api: "anthropic-messages", provider: "anthropic" }, () => {});
    const messages = toPromptMessages(views.at(-1)!, target);
    const request = caching.request("be brief", messages, tools, clearing.anchors);
    // [system, user, (assistant, tool) × 12]: c6's tool message is 13, c9's 19, the last 25.
    expect(marks(request.prompt)).toEqual([0, 13, 19, 25]);
    expect(request.tools[0]!.providerOptions).toBeUndefined();
    // One anchor leaves room for the tools' mark; the marked messages are the same objects every turn.
    const again = caching.request("be brief", messages, tools, ["c9"]);
    expect(again.tools[0]!.providerOptions).toBeDefined();
    expect(again.prompt[19]).toBe(request.prompt[19]);
  });

  it("marks nothing for a provider without cache_control", () => {
    const caching = new PromptCaching({ api: "openai-completions", provider: "openai" }, () => {});
    const messages = toPromptMessages(conversation(12), target);
    expect(marks(caching.request("be brief", messages, tools, ["c6", "c9"]).prompt)).toEqual([]);
  });
});
