// What the configuration may choose of the tools, by name: which tools (in the order they are
// offered) and how their commands are isolated.
export const TOOL_NAMES = ["bash", "job", "read", "write", "edit", "github"] as const;
export type ToolName = (typeof TOOL_NAMES)[number];

/** "auto" isolates tool commands wherever the machine allows it, "off" never does (src/sandbox/). */
export const SANDBOX_MODES = ["auto", "off"] as const;
export type SandboxMode = (typeof SANDBOX_MODES)[number];
