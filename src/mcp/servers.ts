// The run's MCP servers together: all started at once, each bounded by startSeconds; the tools of
// those that run, by policy; what the reply and the job summary say of them; and their end. One set
// per run, shared with its sub-agents (their calls go to the same processes).
import type { EgressPolicy } from "../egress/policy.ts";
import type { Resolver } from "../egress/proxy.ts";
import type { RunAs, Tool } from "../tools/types.ts";
import type { McpSettings } from "./config.ts";
import { expandSpec, type Declarations, type RefusedServer } from "./declared.ts";
import { McpServerConnection } from "./server.ts";
import { offeredTools, serverEntries, type McpEntry } from "./tools.ts";
import { plural } from "../text/format.ts";
import { tableCell } from "../github/markdown.ts";

export interface McpStart {
  declarations: Declarations;
  settings: McpSettings;
  /** The run's network policy: the hosts http servers may be on. */
  network: EgressPolicy;
  /** How http servers' names are resolved to judge where they lead (the proxy's resolver). */
  resolve?: Resolver;
  /** tools.env's variables, by name: what `${NAME}` may refer to. */
  passed: Readonly<Record<string, string>>;
  baseEnv: Record<string, string>;
  cwd: string;
  runAs?: RunAs;
  /** What to undo once the servers are stopped (the worktree they ran in). */
  release?: () => Promise<unknown>;
}

export class McpServers {
  readonly connections: McpServerConnection[] = [];
  readonly refused: RefusedServer[];
  entries: McpEntry[] = [];
  skipped: string[] = [];
  /** Settles once every server has started or failed. */
  readonly ready: Promise<void>;

  constructor(readonly start: McpStart) {
    this.refused = [...start.declarations.refused];
    const { settings, baseEnv, cwd, runAs } = start;
    for (const server of start.declarations.servers) {
      try {
        const spec = expandSpec(server.spec, start.passed);
        const launch = {
          baseEnv,
          cwd,
          runAs,
          name: server.name,
          spec,
          network: start.network,
          resolve: start.resolve,
          startMs: settings.startSeconds * 1000,
          callMs: settings.callSeconds * 1000,
        };
        this.connections.push(new McpServerConnection(launch));
      } catch (error) {
        this.refused.push({ name: server.name, from: server.from, reason: (error as Error).message });
      }
    }
    this.ready = Promise.all(this.connections.map((connection) => connection.start())).then(() => this.#offer());
  }

  #offer(): void {
    const policies = new Map(this.start.declarations.servers.map((server) => [server.name, server.policy]));
    for (const connection of this.connections) {
      if (connection.state.status !== "running") continue;
      const { entries, skipped } = serverEntries(connection, policies.get(connection.launch.name) ?? {});
      this.entries.push(...entries);
      this.skipped.push(...skipped.map((why) => `${connection.launch.name}: ${why}`));
    }
  }

  /** The agent's tools for the servers (after `ready`). */
  tools(): Tool[] {
    return offeredTools(this.entries, this.start.settings.directTools);
  }

  /** The servers that were refused, failed to start or stopped during the run: one line each. */
  problems(): string[] {
    return [
      ...this.refused.map((server) => `\`${server.name}\` (${server.from}) was not started: ${server.reason}`),
      ...this.connections.flatMap((connection) =>
        connection.state.status === "failed"
          ? [`\`${connection.launch.name}\` failed: ${connection.state.reason}; its tools were withdrawn`]
          : [],
      ),
    ];
  }

  /** The job summary's table: each server, its state, and each tool called with its count. */
  summary(): string {
    if (this.connections.length === 0 && this.refused.length === 0) return "";
    const rows = this.connections.map((connection) => {
      const name = connection.launch.name;
      const mine = this.entries.filter((entry) => entry.server === name);
      const called = mine.filter((entry) => entry.calls > 0).map((entry) => `\`${entry.tool}\` × ${entry.calls}`);
      const state =
        connection.state.status === "failed" ? `failed: ${connection.state.reason}` : connection.state.status;
      const offered = `${plural(mine.length, "tool")} of ${connection.tools.length}`;
      return `| \`${name}\` | ${connection.launch.spec.type ?? "stdio"} | ${tableCell(state)} | ${offered} | ${called.join(", ") || "—"} |`;
    });
    const refused = this.refused.map(
      (server) => `| \`${server.name}\` | — | ${tableCell(`not started: ${server.reason}`)} | — | — |`,
    );
    const direct = this.entries.length <= this.start.settings.directTools;
    return [
      "",
      `### MCP servers (${direct ? "tools offered directly" : "tools found with mcp_search, called with mcp_call"})`,
      "",
      "| server | transport | state | offered | calls |",
      "|---|---|---|---|---|",
      ...rows,
      ...refused,
      ...(this.skipped.length ? ["", ...this.skipped.map((line) => `- left out: ${tableCell(line)}`)] : []),
      "",
    ].join("\n");
  }

  /** Ends every server (before the sandbox is released, which would kill what is left anyway). */
  async close(): Promise<void> {
    await Promise.all(this.connections.map((connection) => connection.close()));
    await this.start.release?.();
  }
}
