// One MCP server of the run: connected (stdio in the sandbox, or http from the trusted process),
// its tools listed once, bounded in time; then calls, until it dies or the run ends. A server that
// fails is never an error of the run: it is named, with why, and its tools are withdrawn.
import { allowLine, allows, canonicalHost, type EgressPolicy, forbiddenTarget } from "../egress/policy.ts";
import { type Resolver, systemResolver } from "../egress/proxy.ts";
import { isIP } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { CallToolResult, Tool as McpTool } from "@modelcontextprotocol/sdk/types.js";
import type { RunAs } from "../tools/types.ts";
import type { ServerSpec } from "./config.ts";
import { SandboxedStdioTransport } from "./stdio.ts";

/** More tools than this of one server are not listed. */
const MAX_TOOLS_PER_SERVER = 200;

export interface ServerLaunch {
  name: string;
  spec: ServerSpec;
  /** The tool environment (secret-free, src/tool-env.ts) the server's own `env` is added to. */
  baseEnv: Record<string, string>;
  cwd: string;
  runAs?: RunAs;
  /** The run's network policy (src/egress/): the hosts an http server may be on. */
  network: EgressPolicy;
  /** How an http server's name is resolved to judge where it leads; the system's by default. */
  resolve?: Resolver;
  startMs: number;
  callMs: number;
}

export type ServerState = { status: "starting" } | { status: "running" } | { status: "failed"; reason: string };

const defaultPort = (url: URL): number => Number(url.port || (url.protocol === "https:" ? 443 : 80));

/** Why gitclaw's process may not reach an http server's host: the one network policy decides, as for tool commands. */
export function refusedHost(url: string, network: EgressPolicy): string | undefined {
  const parsed = new URL(url);
  const port = defaultPort(parsed);
  if (allows(network, parsed.hostname, port)) return undefined;
  return `${parsed.host} is not allowed by the network policy (${allowLine(network, parsed.hostname, port)} in .github/gitclaw.json allows it)`;
}

/**
 * Why gitclaw's process may not connect where an http server's name leads, by the proxy's rule
 * (src/egress/policy.ts): a name that resolves to the runner's loopback, the unspecified address or
 * a link-local one (the cloud metadata service) is refused; the runner's services are declared as
 * `localhost:<port>`. Any such address refuses the server: its connection resolves the name again.
 */
export async function refusedTarget(
  url: string,
  network: EgressPolicy,
  resolve: Resolver,
): Promise<string | undefined> {
  const refused = refusedHost(url, network);
  if (refused) return refused;
  const { host, hostname } = new URL(url);
  const name = canonicalHost(hostname);
  if (network.open || isIP(name) !== 0 || name === "localhost") return undefined;
  const resolution = await resolve(name).catch(() => undefined); // its connection then fails by itself
  const forbidden = resolution?.addresses.filter((address) => forbiddenTarget(network, address, resolution.declared));
  if (!forbidden?.length) return undefined;
  return `${host} resolves to ${forbidden.join(", ")}, where no name may lead (the runner's loopback, the unspecified address or link-local); a service of the runner is allowed as "localhost:<port>"`;
}

export class McpServerConnection {
  state: ServerState = { status: "starting" };
  tools: McpTool[] = [];
  readonly #client = new Client({ name: "gitclaw", version: "1" });
  #transport?: Transport;

  constructor(readonly launch: ServerLaunch) {}

  /** Connects and lists the tools within startMs; resolves either way, with the state saying how it went. */
  async start(): Promise<void> {
    const { startMs } = this.launch;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`did not start within ${startMs / 1000} s`)), startMs);
    });
    try {
      await Promise.race([this.#connect(), timeout]);
      // Unless it stopped in the meantime.
      if (this.state.status === "starting") this.state = { status: "running" };
    } catch (error) {
      this.#fail(this.#exitReason((error as Error).message));
      await this.close();
    } finally {
      clearTimeout(timer);
    }
  }

  async #connect(): Promise<void> {
    const { spec, network, resolve = systemResolver } = this.launch;
    const refused = spec.type === "http" ? await refusedTarget(spec.url, network, resolve) : undefined;
    if (refused) throw new Error(refused);
    this.#transport = this.#transportFor(spec);
    this.#client.onclose = () => this.#fail(this.#exitReason("it stopped"));
    await this.#client.connect(this.#transport, { timeout: this.launch.startMs });
    const tools: McpTool[] = [];
    let cursor: string | undefined;
    do {
      const page = await this.#client.listTools(cursor ? { cursor } : {}, { timeout: this.launch.startMs });
      tools.push(...page.tools);
      cursor = page.nextCursor;
    } while (cursor && tools.length < MAX_TOOLS_PER_SERVER);
    this.tools = tools.slice(0, MAX_TOOLS_PER_SERVER);
  }

  #transportFor(spec: ServerSpec): Transport {
    const { baseEnv, cwd, runAs } = this.launch;
    if (spec.type !== "http")
      return new SandboxedStdioTransport({
        command: spec.command,
        args: spec.args,
        env: { ...baseEnv, ...spec.env },
        cwd,
        runAs,
      });
    // The SDK follows a redirect only within the URL's origin (its default redirectPolicy).
    return new StreamableHTTPClientTransport(new URL(spec.url), { requestInit: { headers: spec.headers } });
  }

  #exitReason(what: string): string {
    const tail = this.#transport instanceof SandboxedStdioTransport ? this.#transport.stderrTail : "";
    return tail ? `${what}; its last words: ${tail.split("\n").slice(-3).join(" / ")}` : what;
  }

  #fail(reason: string): void {
    if (this.state.status === "failed") return;
    this.state = { status: "failed", reason };
  }

  async call(tool: string, args: Record<string, unknown>, signal: AbortSignal): Promise<CallToolResult> {
    const result = await this.#client.callTool({ name: tool, arguments: args }, undefined, {
      signal,
      timeout: this.launch.callMs,
      maxTotalTimeout: this.launch.callMs,
    });
    return result as CallToolResult;
  }

  async close(): Promise<void> {
    const transport = this.#transport;
    this.#client.onclose = undefined;
    await transport?.close().catch(() => {});
  }
}
