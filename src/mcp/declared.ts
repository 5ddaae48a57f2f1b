// The servers a run may start: `.mcp.json` from the git objects of the default branch's commit (never
// the working tree, so neither a pull request's head nor the agent's own edits can add one) and the
// servers of `mcp.servers` in the configuration, which wins for a name declared in both and gives
// the per-tool policy. A bad entry is refused by name, with why; the others still start.
import type { GitReader } from "../git/reader.ts";
import { describeZodError } from "../zod-errors.ts";
import { McpJson, ServerName, ServerSpec, type McpSettings, type ToolPolicy } from "./config.ts";

export const MCP_JSON = ".mcp.json";
const CONFIG_WHERE = ".github/gitclaw.json (mcp.servers)";
/** A .mcp.json larger than this is not read. */
const MAX_MCP_JSON_BYTES = 256 * 1024;
/** At most this many servers start. */
export const MAX_SERVERS = 16;

export interface DeclaredServer {
  name: string;
  spec: ServerSpec;
  from: string;
  policy: ToolPolicy;
}

export interface RefusedServer {
  name: string;
  from: string;
  reason: string;
}

export interface Declarations {
  servers: DeclaredServer[];
  refused: RefusedServer[];
}

/** `.mcp.json` of `commit`, or undefined when the commit has none. */
async function readMcpJson(git: GitReader, commit: string): Promise<string | undefined> {
  const size = await git.run(["cat-file", "-s", `${commit}:${MCP_JSON}`]);
  if (size.exitCode !== 0) return undefined;
  if (Number(size.stdout.trim()) > MAX_MCP_JSON_BYTES) throw new Error(`${MCP_JSON} is larger than 256 KB`);
  const read = await git.run(["cat-file", "blob", `${commit}:${MCP_JSON}`]);
  if (read.exitCode !== 0) throw new Error(`git cat-file ${commit}:${MCP_JSON} failed`);
  return read.stdout;
}

/** The servers of `.mcp.json`, each checked on its own. */
export function parseMcpJson(text: string): Declarations {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return {
      servers: [],
      refused: [{ name: "*", from: MCP_JSON, reason: `not valid JSON: ${(error as Error).message}` }],
    };
  }
  const parsed = McpJson.safeParse(json);
  if (!parsed.success)
    return {
      servers: [],
      refused: [{ name: "*", from: MCP_JSON, reason: describeZodError(parsed.error, MCP_JSON, json) }],
    };
  const declared: Declarations = { servers: [], refused: [] };
  // VS Code's `servers` and Claude Code's `mcpServers` alike; a name in both is `mcpServers`'.
  const entries = new Map<string, [key: string, entry: unknown]>();
  for (const key of ["servers", "mcpServers"] as const)
    for (const [name, entry] of Object.entries(parsed.data[key])) entries.set(name, [key, entry]);
  for (const [name, [key, entry]] of entries) {
    const where = `${MCP_JSON} (${key}.${name})`;
    const named = ServerName.safeParse(name);
    const spec = ServerSpec.safeParse(entry);
    if (!named.success) declared.refused.push({ name, from: MCP_JSON, reason: named.error.issues[0]!.message });
    else if (!spec.success)
      declared.refused.push({ name, from: MCP_JSON, reason: describeZodError(spec.error, where, entry) });
    else declared.servers.push({ name, spec: spec.data, from: MCP_JSON, policy: {} });
  }
  return declared;
}

/** The configuration's servers over `.mcp.json`'s; a policy without a server applies to `.mcp.json`'s of that name. */
export function mergeDeclarations(fromFile: Declarations, settings: McpSettings): Declarations {
  const servers = new Map(fromFile.servers.map((server) => [server.name, server]));
  for (const [name, entry] of Object.entries(settings.servers)) {
    const { tools: policy, ...rest } = entry;
    if ("command" in rest || "url" in rest)
      servers.set(name, { name, spec: rest as ServerSpec, from: CONFIG_WHERE, policy });
    else {
      const declared = servers.get(name);
      if (declared) servers.set(name, { ...declared, policy });
    }
  }
  const all = [...servers.values()];
  const refused = [
    ...fromFile.refused,
    ...all.slice(MAX_SERVERS).map((server) => ({ ...server, reason: `more than ${MAX_SERVERS} servers are declared` })),
  ].map(({ name, from, reason }) => ({ name, from, reason }));
  return { servers: all.slice(0, MAX_SERVERS), refused };
}

/** Everything declared for the run, `.mcp.json` read from `commit` (the default branch's). */
export async function readDeclarations(git: GitReader, commit: string, settings: McpSettings): Promise<Declarations> {
  if (!settings.enabled) return { servers: [], refused: [] };
  const text = settings.mcpJson ? await readMcpJson(git, commit) : undefined;
  const fromFile = text === undefined ? { servers: [], refused: [] } : parseMcpJson(text);
  return mergeDeclarations(fromFile, settings);
}

/**
 * `${NAME}` in a value is the variable NAME, which must be one tools.env passes (`passed`: name to
 * value); any other is refused, so a declaration cannot reach the agent's own secrets.
 */
export function expandValue(value: string, passed: Readonly<Record<string, string>>): string {
  return value.replace(/\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, name: string) => {
    const found = passed[name];
    if (found === undefined)
      throw new Error(
        `\${${name}} is not a variable tools.env passes (list it in tools.env and set it in the workflow)`,
      );
    return found;
  });
}

const expandAll = (values: Record<string, string>, passed: Readonly<Record<string, string>>) =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, expandValue(value, passed)]));

/** The spec with every `${NAME}` replaced (command, arguments, env, url, headers). */
export function expandSpec(spec: ServerSpec, passed: Readonly<Record<string, string>>): ServerSpec {
  if (spec.type === "http")
    return { ...spec, url: expandValue(spec.url, passed), headers: expandAll(spec.headers, passed) };
  return {
    ...spec,
    command: expandValue(spec.command, passed),
    args: spec.args.map((arg) => expandValue(arg, passed)),
    env: expandAll(spec.env, passed),
  };
}
