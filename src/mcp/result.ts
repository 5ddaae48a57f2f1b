// What the model sees of an MCP tool's result: its text (text blocks, text resources, else the
// structured content as JSON), redacted, then bounded like a command's output (src/tools/bash/output.ts).
// Images, audio and binary resources are named, not passed on: their bytes are beyond the redactor.
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { DEFAULT_WINDOW_LIMITS, OutputWindow } from "../tools/bash/output.ts";
import type { ToolContext, ToolResult } from "../tools/types.ts";
import { formatBytes } from "../text/format.ts";

/** One-line JSON is common in MCP results: lines are cut later than a command's. */
const LIMITS = { ...DEFAULT_WINDOW_LIMITS, maxLineChars: 16 * 1024 };

type Block = CallToolResult["content"][number];

const base64Bytes = (data: string) => Math.floor((data.length * 3) / 4);

function blockText(block: Block): string {
  switch (block.type) {
    case "text":
      return block.text;
    case "image":
    case "audio":
      return `[${block.type} ${block.mimeType}, ${formatBytes(base64Bytes(block.data))}: not shown]`;
    case "resource_link":
      return `[resource ${block.uri}${block.name ? ` (${block.name})` : ""}]`;
    case "resource":
      return "text" in block.resource
        ? block.resource.text
        : `[resource ${block.resource.uri}, ${formatBytes(base64Bytes(block.resource.blob))}: not shown]`;
    default:
      return "[a content block of an unknown type]";
  }
}

export function toToolResult(result: CallToolResult, context: Pick<ToolContext, "redact">): ToolResult {
  const content = result.content ?? [];
  const text =
    content.length > 0
      ? content.map(blockText).join("\n")
      : result.structuredContent !== undefined
        ? JSON.stringify(result.structuredContent)
        : "(no output)";
  const window = new OutputWindow(LIMITS);
  window.write(context.redact(text));
  window.end();
  const view = window.render();
  const cut = view.elidedLines > 0 || view.cutLines > 0;
  return {
    text: view.text,
    isError: result.isError === true,
    details: { mcp: true, bytes: Buffer.byteLength(text), ...(cut ? { cut: true } : {}) },
  };
}
