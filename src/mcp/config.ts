// What a repository may declare of MCP servers, in the two places it can: `.mcp.json` at the root
// (the formats Claude Code and others read, `mcpServers`, and VS Code's, `servers`) and `mcp` in .github/gitclaw.json, which
// also holds the policy (per tool allow/deny, hosts http servers may be on, limits). Both are read
// from the default branch only (src/mcp/declared.ts).
import { z } from "zod";

/** Server names become part of tool names (`mcp__<server>__<tool>`), which models allow [A-Za-z0-9_-] only. */
export const ServerName = z
  .string()
  .regex(/^[A-Za-z0-9-]+(?:_[A-Za-z0-9-]+)*$/, "expected a server name of letters, digits, - and single _")
  .max(24);

/** A variable's value: a literal, or `${NAME}` of a variable tools.env passes (src/tool-env.ts). */
const Values = z.record(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "expected a variable's name"), z.string());

export const StdioServer = z.strictObject({
  type: z.literal("stdio").optional(),
  command: z.string().min(1),
  args: z.array(z.string()).max(64).default([]),
  env: Values.default({}),
});

export const HttpServer = z.strictObject({
  type: z.literal("http"),
  url: z.url({ protocol: /^https?$/ }),
  headers: z.record(z.string().min(1), z.string()).default({}),
});

export const TRANSPORTS = ["stdio", "http"] as const;
/**
 * The transport named before the shape is checked, so that an unknown one ("sse") is named as such
 * with the ones gitclaw starts, rather than as a mismatch of every shape.
 */
const KnownTransport = z.looseObject({
  type: z
    .enum(TRANSPORTS, {
      error: `expected "stdio" (a command) or "http" (a URL); the older SSE transport is not started, and most SSE servers answer "http" at the same URL`,
    })
    .optional(),
});

export const ServerSpec = KnownTransport.pipe(z.union([StdioServer, HttpServer]));
export type ServerSpec = z.infer<typeof ServerSpec>;

/** Per tool, by the server's own name for it; `"*"` is the default for tools not named. */
export const ToolPolicy = z.record(z.string().min(1), z.enum(["allow", "deny"])).default({});
export type ToolPolicy = z.infer<typeof ToolPolicy>;

const Policy = { tools: ToolPolicy };
/** In .github/gitclaw.json a server is declared there, or only given a policy (declared in .mcp.json). */
const ConfiguredServer = KnownTransport.pipe(
  z.union([StdioServer.extend(Policy), HttpServer.extend(Policy), z.strictObject(Policy)]),
);

export const McpSettings = z
  .strictObject({
    /** false: no server starts, whatever .mcp.json declares. */
    enabled: z.boolean().default(true),
    /** Read `.mcp.json` of the default branch too (else only the servers declared here). */
    mcpJson: z.boolean().default(true),
    servers: z.record(ServerName, ConfiguredServer).default({}),
    /** Seconds each server has to start and list its tools. */
    startSeconds: z.number().positive().max(300).default(30),
    /** Seconds one tool call may take. */
    callSeconds: z.number().positive().max(3600).default(120),
    /** Up to this many tools are offered directly; with more, they are found with mcp_search and called with mcp_call. */
    directTools: z.int().min(0).max(128).default(12),
  })
  .prefault({});
export type McpSettings = z.infer<typeof McpSettings>;

/**
 * `.mcp.json`: what other agents read too; keys gitclaw does not know are refused by name. Servers are
 * under `mcpServers` (Claude Code's format) or `servers` (VS Code's): both are read.
 */
export const McpJson = z.looseObject({
  mcpServers: z.record(z.string(), z.unknown()).default({}),
  servers: z.record(z.string(), z.unknown()).default({}),
});
