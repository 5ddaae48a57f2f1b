// Converts the session's pi messages into the provider's prompt (the `ai` SDK's LanguageModelV4 spec,
// which the loop hands to the model as is), applying pi's replay rules: failed or aborted assistant
// turns are skipped, orphaned tool calls get a synthetic error result, thinking is replayed only to
// the model that produced it, and tool-call ids are normalised.
import type { LanguageModelV4Message, LanguageModelV4ToolResultOutput } from "@ai-sdk/provider";
import type { AgentMessage, AssistantMessage, ImageBlock, TextBlock, ToolCallBlock } from "../session/entries.ts";

/** One message of the provider's prompt; also a valid `ai` SDK model message (compaction's generateText). */
export type PromptMessage = LanguageModelV4Message;
type UserMessage = Extract<PromptMessage, { role: "user" }>;
type AssistantPromptMessage = Extract<PromptMessage, { role: "assistant" }>;
type ToolMessage = Extract<PromptMessage, { role: "tool" }>;

const NO_RESULT = "No result provided";

/** Anthropic requires `^[a-zA-Z0-9_-]{1,64}$`; ids from other providers may not match it. */
const VALID_TOOL_CALL_ID = /^[a-zA-Z0-9_-]{1,64}$/;

export function normalizeToolCallId(id: string): string {
  if (VALID_TOOL_CALL_ID.test(id)) return id;
  const clean = id.replace(/[^a-zA-Z0-9_-]/g, "_").slice(0, 64);
  return clean || "call";
}

/** The model a conversation is converted for: images go only to one that takes them (`vision`). */
export interface ConversionTarget {
  provider: string;
  modelId: string;
  /** pi's api name; OpenAI's chat completions take no images in tool results. */
  api?: string;
  vision?: boolean;
}

const imagePart = (block: ImageBlock) => ({
  type: "file" as const,
  data: { type: "data" as const, data: block.data },
  mediaType: block.mimeType,
});

/** What a model without images reads in an image's place. */
const imageOmitted = (block: ImageBlock) => `[image ${block.mimeType}: not sent to this model]`;

/** Empty text blocks are left out, as the SDK's own conversion does (Anthropic refuses them). */
function userContent(content: string | (TextBlock | ImageBlock)[], vision: boolean): UserMessage["content"] {
  if (typeof content === "string") return [{ type: "text", text: content }];
  return content
    .filter((block) => block.type !== "text" || block.text !== "")
    .map((block) =>
      block.type === "text"
        ? { type: "text" as const, text: block.text }
        : vision
          ? imagePart(block)
          : { type: "text" as const, text: imageOmitted(block) },
    );
}

function resultText(content: (TextBlock | ImageBlock)[]): string {
  return content.map((block) => (block.type === "text" ? block.text : `[image ${block.mimeType}]`)).join("\n");
}

/** A tool result's output: its text, with its images where the provider takes them (Anthropic's tool_result does). */
function resultOutput(
  message: Extract<AgentMessage, { role: "toolResult" }>,
  images: ImageBlock[],
  inResult: boolean,
): LanguageModelV4ToolResultOutput {
  const text = resultText(message.content);
  if (message.isError) return { type: "error-text", value: text };
  if (!inResult || images.length === 0) return { type: "text", value: text };
  const texts = message.content.filter((block): block is TextBlock => block.type === "text" && block.text !== "");
  return {
    type: "content",
    value: [...texts.map((block) => ({ type: "text" as const, text: block.text })), ...images.map(imagePart)],
  };
}

/** Where chat completions put a tool result's images: a user message after the tool messages, as pi does. */
const TOOL_IMAGES_TEXT = "Attached image(s) from tool result:";

function assistantContent(message: AssistantMessage, target: ConversionTarget): AssistantPromptMessage["content"] {
  const sameModel = message.provider === target.provider && message.model === target.modelId;
  const parts: AssistantPromptMessage["content"] = [];
  for (const block of message.content) {
    if (block.type === "text") {
      const text = (block as TextBlock).text;
      if (text) parts.push({ type: "text", text });
    } else if (block.type === "thinking") {
      const thinking = block as { thinking: string; thinkingSignature?: string; redacted?: boolean };
      // Signed thinking can only go back to the model that signed it; elsewhere it is dropped. Each SDK
      // reads the signature under its own name: Anthropic's (and Vertex's Claude) `anthropic`, Bedrock's `bedrock`.
      if (sameModel && thinking.thinkingSignature && !thinking.redacted) {
        const signed = { signature: thinking.thinkingSignature };
        parts.push({
          type: "reasoning",
          text: thinking.thinking,
          providerOptions: { anthropic: signed, bedrock: signed },
        });
      }
    } else if (block.type === "toolCall") {
      const call = block as ToolCallBlock;
      parts.push({
        type: "tool-call",
        toolCallId: normalizeToolCallId(call.id),
        toolName: call.name,
        input: call.arguments,
      });
    }
  }
  return parts;
}

export function toPromptMessages(
  messages: readonly AgentMessage[],
  target: ConversionTarget,
): readonly PromptMessage[] {
  const converted = new Conversion(target);
  for (const message of messages) converted.add(message);
  return converted.messages();
}

/**
 * toPromptMessages for a conversation that only grows, as the loop's does from turn to turn: each
 * call converts only what was added since the last one (the same array, longer), and starts over
 * when handed another array (a compaction rebuilt the context).
 */
export function promptMessagesFor(
  target: ConversionTarget,
): (messages: readonly AgentMessage[]) => readonly PromptMessage[] {
  let source: readonly AgentMessage[] | undefined;
  let converted = new Conversion(target);
  return (messages) => {
    if (messages !== source || converted.count > messages.length) {
      source = messages;
      converted = new Conversion(target);
    }
    for (let i = converted.count; i < messages.length; i++) converted.add(messages[i]!);
    return converted.messages();
  };
}

/** The conversion, one message at a time. */
class Conversion {
  /** Source messages added so far. */
  count = 0;
  private readonly out: PromptMessage[] = [];
  /** Tool calls of the last assistant turn still waiting for a result, in call order. */
  private pending: { id: string; name: string }[] = [];
  /** Images of tool results for a user message after them (chat completions take none in a tool message). */
  private toolImages: ImageBlock[] = [];

  constructor(private readonly target: ConversionTarget) {}

  private get vision(): boolean {
    return this.target.vision === true;
  }

  add(message: AgentMessage): void {
    this.count++;
    const { out } = this;
    if (message.role === "toolResult") {
      const id = normalizeToolCallId(message.toolCallId);
      const index = this.pending.findIndex((call) => call.id === id);
      if (index < 0) return; // a result without its call (e.g. the call's turn failed): nothing to attach it to
      this.pending.splice(index, 1);
      const images = this.vision ? message.content.filter((block): block is ImageBlock => block.type === "image") : [];
      const inResult = this.target.api !== "openai-completions";
      if (!inResult && !message.isError) this.toolImages.push(...images);
      const part = {
        type: "tool-result" as const,
        toolCallId: id,
        toolName: message.toolName,
        output: resultOutput(message, images, inResult),
      };
      const last = out.at(-1);
      if (last?.role === "tool") (last as ToolMessage).content.push(part);
      else out.push({ role: "tool", content: [part] });
      return;
    }
    // Calls no result followed before this message never get one.
    if (this.pending.length > 0) {
      const parts = noResults(this.pending);
      const last = out.at(-1);
      if (last?.role === "tool") (last as ToolMessage).content.push(...parts);
      else out.push({ role: "tool", content: parts });
      this.pending = [];
    }
    if (this.toolImages.length > 0) {
      out.push(toolImagesMessage(this.toolImages));
      this.toolImages = [];
    }
    if (message.role === "user") {
      out.push({ role: "user", content: userContent(message.content, this.vision) });
    } else if (message.role === "assistant") {
      if (message.stopReason === "error" || message.stopReason === "aborted") return;
      const content = assistantContent(message, this.target);
      if (content.length === 0) return;
      out.push({ role: "assistant", content });
      for (const block of message.content) {
        if (block.type === "toolCall")
          this.pending.push({
            id: normalizeToolCallId((block as ToolCallBlock).id),
            name: (block as ToolCallBlock).name,
          });
      }
    }
  }

  /**
   * The converted messages: the conversion's own array until the next add, not a copy (a turn copies
   * nothing it does not need to). Calls still waiting for a result are answered in a copy only, as
   * one may yet come.
   */
  messages(): readonly PromptMessage[] {
    const answered = this.pending.length === 0 ? this.out : withResults(this.out, noResults(this.pending));
    return this.toolImages.length === 0 ? answered : [...answered, toolImagesMessage(this.toolImages)];
  }
}

const toolImagesMessage = (images: ImageBlock[]): UserMessage => ({
  role: "user",
  content: [{ type: "text", text: TOOL_IMAGES_TEXT }, ...images.map(imagePart)],
});

const noResults = (calls: { id: string; name: string }[]) =>
  calls.map((call) => ({
    type: "tool-result" as const,
    toolCallId: call.id,
    toolName: call.name,
    output: { type: "error-text" as const, value: NO_RESULT },
  }));

/** `messages` with `parts` added to a final tool message, or in one of their own: a new array, nothing changed in place. */
function withResults(messages: PromptMessage[], parts: ToolMessage["content"]): PromptMessage[] {
  const last = messages.at(-1);
  if (last?.role === "tool") return [...messages.slice(0, -1), { ...last, content: [...last.content, ...parts] }];
  return [...messages, { role: "tool", content: parts }];
}
