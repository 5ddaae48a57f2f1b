import { describe, expect, it } from "vitest";
import { promptMessagesFor, normalizeToolCallId, toPromptMessages } from "../../../src/agent/messages.ts";
import { emptyUsage, type AgentMessage, type AssistantMessage } from "../../../src/session/entries.ts";

const target = { provider: "anthropic", modelId: "claude-sonnet-4-5" };
const assistant = (content: AssistantMessage["content"], extra: Partial<AssistantMessage> = {}): AssistantMessage => ({
  role: "assistant",
  content,
  api: "anthropic-messages",
  provider: "anthropic",
  model: "claude-sonnet-4-5",
  usage: emptyUsage(),
  stopReason: "toolUse",
  timestamp: 1,
  ...extra,
});

describe("toPromptMessages", () => {
  it("maps users, tool calls and results, merging consecutive results", () => {
    const messages: AgentMessage[] = [
      { role: "user", content: "fix it", timestamp: 1 },
      assistant([
        { type: "text", text: "Looking." },
        { type: "toolCall", id: "a", name: "bash", arguments: { command: "ls" } },
        { type: "toolCall", id: "b", name: "read", arguments: { path: "x" } },
      ]),
      {
        role: "toolResult",
        toolCallId: "a",
        toolName: "bash",
        content: [{ type: "text", text: "x" }],
        isError: false,
        timestamp: 1,
      },
      {
        role: "toolResult",
        toolCallId: "b",
        toolName: "read",
        content: [{ type: "text", text: "boom" }],
        isError: true,
        timestamp: 1,
      },
      assistant([{ type: "text", text: "Done" }], { stopReason: "stop" }),
    ];
    const out = toPromptMessages(messages, target);
    expect(out.map((m) => m.role)).toEqual(["user", "assistant", "tool", "assistant"]);
    expect(out[2]).toEqual({
      role: "tool",
      content: [
        { type: "tool-result", toolCallId: "a", toolName: "bash", output: { type: "text", value: "x" } },
        { type: "tool-result", toolCallId: "b", toolName: "read", output: { type: "error-text", value: "boom" } },
      ],
    });
  });

  it("skips failed turns and answers orphaned tool calls", () => {
    const out = toPromptMessages(
      [
        { role: "user", content: "go", timestamp: 1 },
        assistant([], { stopReason: "error", errorMessage: "529" }),
        assistant([{ type: "toolCall", id: "c|1", name: "bash", arguments: {} }]),
        { role: "user", content: "again", timestamp: 1 },
      ],
      target,
    );
    expect(out.map((m) => m.role)).toEqual(["user", "assistant", "tool", "user"]);
    expect(out[2]).toMatchObject({
      content: [{ toolCallId: "c_1", output: { type: "error-text", value: "No result provided" } }],
    });
  });

  it("replays signed thinking only to the model that produced it", () => {
    const thinking = assistant(
      [
        { type: "thinking", thinking: "hmm", thinkingSignature: "sig" },
        { type: "text", text: "ok" },
      ],
      { stopReason: "stop" },
    );
    expect(toPromptMessages([thinking], target)[0]).toMatchObject({
      content: [{ type: "reasoning", text: "hmm" }, { type: "text" }],
    });
    expect(toPromptMessages([thinking], { provider: "ollama", modelId: "q" })[0]).toEqual({
      role: "assistant",
      content: [{ type: "text", text: "ok" }],
    });
  });

  it("normalises tool call ids for Anthropic", () => {
    expect(normalizeToolCallId("call:abc/1")).toBe("call_abc_1");
    expect(normalizeToolCallId("x".repeat(80))).toHaveLength(64);
  });
});

describe("promptMessagesFor", () => {
  it("converts a growing conversation a message at a time, always as toPromptMessages converts the whole", () => {
    const conversation: AgentMessage[] = [];
    const convert = promptMessagesFor(target);
    const result = (id: string, text: string): AgentMessage => ({
      role: "toolResult",
      toolCallId: id,
      toolName: "bash",
      content: [{ type: "text", text }],
      isError: false,
      timestamp: 1,
    });
    const steps: AgentMessage[] = [
      { role: "user", content: "go", timestamp: 1 },
      assistant([
        { type: "toolCall", id: "a", name: "bash", arguments: {} },
        { type: "toolCall", id: "b", name: "bash", arguments: {} },
      ]),
      result("a", "one"), // b still waits: answered in the copy only
      result("b", "two"),
      assistant([{ type: "toolCall", id: "c", name: "bash", arguments: {} }]),
      { role: "user", content: "never mind", timestamp: 1 }, // c is orphaned for good
      result("c", "late"),
      assistant([], { stopReason: "error", errorMessage: "529" }),
      assistant([{ type: "text", text: "Done" }], { stopReason: "stop" }),
    ];
    for (const message of steps) {
      conversation.push(message);
      expect(convert(conversation)).toEqual(toPromptMessages(conversation, target));
    }
    // Another array (a compaction rebuilt the context): converted afresh.
    const rebuilt: AgentMessage[] = [{ role: "user", content: "summary", timestamp: 1 }, steps.at(-1)!];
    expect(convert(rebuilt)).toEqual(toPromptMessages(rebuilt, target));
  });
});

describe("images", () => {
  const image = { type: "image" as const, data: "iVBORw0KGgo=", mimeType: "image/png" };
  const file = { type: "file", data: { type: "data", data: image.data }, mediaType: "image/png" };
  const conversation: AgentMessage[] = [
    { role: "user", content: [{ type: "text", text: "look" }, image], timestamp: 1 },
    assistant([{ type: "toolCall", id: "r", name: "read", arguments: { path: "a.png" } }]),
    {
      role: "toolResult",
      toolCallId: "r",
      toolName: "read",
      content: [{ type: "text", text: "Image file a.png:" }, image],
      isError: false,
      timestamp: 1,
    },
  ];

  it("go to Anthropic in the user message and in the tool result", () => {
    const out = toPromptMessages(conversation, { ...target, api: "anthropic-messages", vision: true });
    expect(out[0]).toEqual({ role: "user", content: [{ type: "text", text: "look" }, file] });
    expect(out[2]).toEqual({
      role: "tool",
      content: [
        {
          type: "tool-result",
          toolCallId: "r",
          toolName: "read",
          output: { type: "content", value: [{ type: "text", text: "Image file a.png:" }, file] },
        },
      ],
    });
  });

  it("go to chat completions in a user message after the tool results, as pi sends them", () => {
    const openai = { provider: "local", modelId: "qwen-vl", api: "openai-completions", vision: true };
    const out = toPromptMessages(conversation, openai);
    expect(out.slice(2)).toEqual([
      {
        role: "tool",
        content: [
          {
            type: "tool-result",
            toolCallId: "r",
            toolName: "read",
            output: { type: "text", value: "Image file a.png:\n[image image/png]" },
          },
        ],
      },
      { role: "user", content: [{ type: "text", text: "Attached image(s) from tool result:" }, file] },
    ]);
    // Converted turn by turn, the same: the images message is settled once the next message comes.
    const convert = promptMessagesFor(openai);
    const grown = [...conversation];
    expect(convert(grown)).toEqual(out);
    grown.push(assistant([{ type: "text", text: "It is red." }], { stopReason: "stop" }));
    expect(convert(grown)).toEqual(toPromptMessages(grown, openai));
    expect(convert(grown).map((m) => m.role)).toEqual(["user", "assistant", "tool", "user", "assistant"]);
  });

  it("are named in text for a model that takes none", () => {
    const out = toPromptMessages(conversation, { ...target, vision: false });
    expect(out[0]).toEqual({
      role: "user",
      content: [
        { type: "text", text: "look" },
        { type: "text", text: "[image image/png: not sent to this model]" },
      ],
    });
    expect(JSON.stringify(out)).not.toContain(image.data);
  });
});
