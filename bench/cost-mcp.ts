// The cost benchmark's MCP part: a repository whose .mcp.json declares a server with 50 tools
// (test/support/mcp-server.mjs `many`), and a conversation that uses two of them among 10 `bash true`
// turns. Billed twice, from an empty cache each: with every tool offered directly (`mcp.directTools`
// 64: 50 definitions in every request) and as gitclaw offers them by default (past 12 tools, the
// mcp_search/mcp_call pair: one more turn, to search).
import { join } from "node:path";
import type { RecordedModelRequest, Turn } from "../test/support/fake-model.ts";
import { createWorld, exec, PROJECT_ROOT, ratio, stageCommand, toolResultsIn, type Row } from "./lib.ts";

const SERVER = join(PROJECT_ROOT, "test/support/mcp-server.mjs");
const BASH_TURNS = 10;
type Mode = "direct" | "search";

const bash = { name: "bash", input: { command: "true" } };
const MCP_CALLS: Record<Mode, Turn["toolCalls"][]> = {
  direct: [
    [{ name: "mcp__many__tool_07", input: { value: "a" } }],
    [{ name: "mcp__many__tool_08", input: { value: "b" } }],
  ],
  search: [
    [{ name: "mcp_search", input: { query: "number 7" } }],
    [{ name: "mcp_call", input: { name: "mcp__many__tool_07", arguments: { value: "a" } } }],
    [{ name: "mcp_call", input: { name: "mcp__many__tool_08", arguments: { value: "b" } } }],
  ],
};

function turn(mode: Mode, results: number): Turn {
  const calls = MCP_CALLS[mode];
  if (results < calls.length) return { toolCalls: calls[results]! };
  return results < calls.length + BASH_TURNS ? { toolCalls: [bash] } : { text: "done" };
}

export interface McpBill {
  usd: number;
  fixedBytes: number;
  requests: number;
}

/** Both conversations, billed by `bill` (cost.ts's), as rows of the cost table. */
export async function mcpCostRows(bill: (requests: RecordedModelRequest[]) => McpBill): Promise<Row[]> {
  let mode: Mode = "direct";
  const mcpJson = { mcpServers: { many: { command: "node", args: [SERVER, "many"] } } };
  const world = await createWorld((request) => turn(mode, toolResultsIn(request.body)), {
    ".mcp.json": JSON.stringify(mcpJson),
  });
  try {
    const billed: Partial<Record<Mode, McpBill>> = {};
    for (const next of ["direct", "search"] as const) {
      mode = next;
      world.model.forgetCache();
      const workspace = await world.checkout();
      const directTools = next === "direct" ? 64 : 12;
      await Bun.write(join(workspace, ".github/gitclaw.json"), JSON.stringify({ mcp: { directTools } }));
      const mark = world.model.requests.length;
      const issue = world.newIssue(`MCP cost, ${next}`, "Use the catalogue's tools 7 and 8, then run true 10 times.");
      const run = await exec(stageCommand("agent"), { cwd: workspace, env: world.runEnv(issue, workspace) });
      const made = run.stdout.match(/^✓ mcp/gm)?.length ?? 0;
      if (!run.stdout.includes("gitclaw: replied") || made !== MCP_CALLS[next].length)
        throw new Error(`cost: the MCP conversation (${next}) did not complete\n${run.stdout.slice(-3000)}`);
      billed[next] = bill(world.model.requests.slice(mark));
    }
    const { direct, search } = billed as Record<Mode, McpBill>;
    const usd = (x: number) => `$${x.toFixed(4)}`;
    return [
      {
        figure: "MCP: a 50-tool server, 2 of its tools used in 12 turns, billed",
        gitclaw: `${usd(search.usd)} (mcp_search + mcp_call, ${search.requests} requests)`,
        reference: `${usd(direct.usd)} (all 50 offered, ${direct.requests} requests)`,
        ratio: ratio(search.usd, direct.usd, 1),
        target: "≤ 1×",
        met: search.usd <= direct.usd,
      },
      {
        figure: "↳ MCP: fixed prefix (tool definitions + system prompt)",
        gitclaw: `${(search.fixedBytes / 1000).toFixed(2)} KB`,
        reference: `${(direct.fixedBytes / 1000).toFixed(2)} KB`,
        ratio: ratio(search.fixedBytes, direct.fixedBytes),
        target: "—",
      },
    ];
  } finally {
    await world.stop();
  }
}
