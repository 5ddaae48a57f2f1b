// The agent's tools by name: what the configuration may enable, in the order they are offered.
export const TOOL_NAMES = ["bash", "job", "read", "write", "edit", "github"] as const;
export type ToolName = (typeof TOOL_NAMES)[number];
