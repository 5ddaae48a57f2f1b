// The servers' tools as the agent's tools: `mcp__<server>__<tool>`, with the server's own input schema
// shown to the model and checked once per call (src/tools/call.ts) by a validator compiled once. A
// tool the policy denies is neither offered nor callable. With more tools than `directTools`, none is
// offered one by one: `mcp_search` describes them and `mcp_call` calls one, so a server with fifty
// tools costs two definitions in every request, not fifty.
import Ajv2020 from "ajv/dist/2020.js";
import type { Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import { z } from "zod";
import { callTool } from "../tools/call.ts";
import { fail, ok, type Tool, type ToolContext, type ToolResult } from "../tools/types.ts";
import type { ToolPolicy } from "./config.ts";
import { toToolResult } from "./result.ts";
import type { McpServerConnection } from "./server.ts";

const NAME = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_DESCRIPTION = 1024;

/** One tool of one server, as the run offers it. */
export interface McpEntry {
  /** `mcp__<server>__<tool>` */
  name: string;
  server: string;
  tool: string;
  description: string;
  inputSchema: Record<string, unknown>;
  agentTool: Tool;
  calls: number;
}

export const toolName = (server: string, tool: string) => `mcp__${server}__${tool}`;

/** Whether the policy lets the model have `tool`: its own entry, else `"*"`, else allowed. */
export const allowed = (policy: ToolPolicy, tool: string) => (policy[tool] ?? policy["*"] ?? "allow") === "allow";

const ajv = new Ajv2020({ strict: false, allErrors: false, validateFormats: false });

/** The arguments' zod schema: an object, checked by the server's JSON schema. */
function argumentsSchema(schema: Record<string, unknown>): z.ZodType<Record<string, unknown>> {
  const validate = ajv.compile(schema);
  return z.record(z.string(), z.unknown()).superRefine((value, ctx) => {
    if (validate(value)) return;
    for (const error of validate.errors ?? [])
      ctx.addIssue({
        code: "custom",
        message: error.message ?? "invalid",
        path: error.instancePath.split("/").slice(1),
      });
  });
}

/**
 * The entries of one running server; `skipped` names tools left out (denied, a name no model takes,
 * a schema that does not compile).
 */
export function serverEntries(
  connection: McpServerConnection,
  policy: ToolPolicy,
): { entries: McpEntry[]; skipped: string[] } {
  const server = connection.launch.name;
  const entries: McpEntry[] = [];
  const skipped: string[] = [];
  for (const tool of connection.tools) {
    const name = toolName(server, tool.name);
    if (!allowed(policy, tool.name)) continue;
    if (!NAME.test(name)) {
      skipped.push(`${tool.name.slice(0, 80)}: its name does not fit a tool name (${NAME.source})`);
      continue;
    }
    try {
      entries.push(entryOf(connection, tool, name));
    } catch (error) {
      skipped.push(`${tool.name}: its input schema does not compile: ${(error as Error).message}`);
    }
  }
  return { entries, skipped };
}

function entryOf(connection: McpServerConnection, tool: McpTool, name: string): McpEntry {
  const server = connection.launch.name;
  const description =
    `[MCP server ${server}] ${(tool.description ?? tool.title ?? "").slice(0, MAX_DESCRIPTION)}`.trim();
  // Without its dialect: Ajv 2020 checks it as 2020-12 (MCP's default), and the model needs none.
  const { $schema: _, ...inputSchema } = tool.inputSchema as Record<string, unknown>;
  const entry: McpEntry = {
    name,
    server,
    tool: tool.name,
    description,
    inputSchema,
    calls: 0,
    agentTool: {
      name,
      description,
      parameters: argumentsSchema(inputSchema),
      modelSchema: inputSchema,
      execute: async (args, context) => {
        entry.calls++;
        return callServer(connection, tool.name, args as Record<string, unknown>, context);
      },
    },
  };
  return entry;
}

async function callServer(
  connection: McpServerConnection,
  tool: string,
  args: Record<string, unknown>,
  context: ToolContext,
): Promise<ToolResult> {
  const { state } = connection;
  const server = connection.launch.name;
  if (state.status !== "running")
    return fail(
      context.redact(
        `The MCP server ${server} is not running (${state.status === "failed" ? state.reason : state.status}): its tools are withdrawn.`,
      ),
    );
  try {
    return toToolResult(await connection.call(tool, args, context.signal), context);
  } catch (error) {
    const now = connection.state;
    const why = now.status === "failed" ? now.reason : (error as Error).message;
    return fail(context.redact(`${toolName(server, tool)} failed: ${why}`));
  }
}

/** The tools to offer: each entry, or the search/call pair when there are more than `direct`. */
export function offeredTools(entries: readonly McpEntry[], direct: number): Tool[] {
  if (entries.length === 0) return [];
  if (entries.length <= direct) return entries.map((entry) => entry.agentTool);
  return [searchTool(entries), callEntryTool(entries)];
}

const SearchArgs = z.strictObject({
  query: z.string().describe("Words to look for in tool names and descriptions; empty lists every tool by name."),
});

function searchTool(entries: readonly McpEntry[]): Tool<typeof SearchArgs> {
  const servers = [...new Set(entries.map((entry) => entry.server))];
  return {
    name: "mcp_search",
    description: `Finds tools of the repository's MCP servers (${servers.join(", ")}: ${entries.length} tools) and shows their input schemas. Call one with mcp_call.`,
    parameters: SearchArgs,
    execute: async ({ query }) => ok(describeMatches(entries, query)),
  };
}

/** The best matches' full definitions, or every name when the query is empty or matches nothing. */
function describeMatches(entries: readonly McpEntry[], query: string): string {
  const words = query
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const score = (entry: McpEntry) => {
    const text = `${entry.name} ${entry.description}`.toLowerCase();
    return words.filter((word) => text.includes(word)).length;
  };
  const ranked = entries.map((entry) => ({ entry, score: score(entry) })).filter((hit) => hit.score > 0);
  ranked.sort((a, b) => b.score - a.score);
  if (ranked.length === 0) {
    const lead = words.length ? `No tool matches "${query}". ` : "";
    return `${lead}The tools:\n${entries.map((entry) => `- ${entry.name}: ${entry.description.slice(0, 120)}`).join("\n")}`;
  }
  return ranked
    .slice(0, 5)
    .map(({ entry }) => `## ${entry.name}\n${entry.description}\nInput schema: ${JSON.stringify(entry.inputSchema)}`)
    .join("\n\n");
}

const CallArgs = z.strictObject({
  name: z.string().describe("The tool's full name, mcp__<server>__<tool>, as mcp_search shows it."),
  arguments: z.record(z.string(), z.unknown()).default({}).describe("The tool's arguments, by its input schema."),
});

function callEntryTool(entries: readonly McpEntry[]): Tool<typeof CallArgs> {
  return {
    name: "mcp_call",
    description: "Calls a tool of the repository's MCP servers by its full name (find it with mcp_search).",
    parameters: CallArgs,
    execute: async ({ name, arguments: args }, context) => {
      const entry = entries.find((candidate) => candidate.name === name);
      if (!entry) return fail(`There is no MCP tool ${name}: find it with mcp_search.`);
      return callTool(entry.agentTool, args, context);
    },
  };
}
