// The run's MCP servers without the sandbox: real servers (test/support/mcp-server.mjs, the official
// SDK over stdio) started, their tools offered by policy and called through the same validation as
// the built-in tools, the search/call pair for a server with many tools, and every way a server can
// fail named without failing anything else.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { WebStandardStreamableHTTPServerTransport } from "@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { egressPolicy, type NetworkConfig } from "../../../src/egress/policy.ts";
import { McpSettings, type ServerSpec } from "../../../src/mcp/config.ts";
import { mergeDeclarations, parseMcpJson, type DeclaredServer } from "../../../src/mcp/declared.ts";
import { McpServers } from "../../../src/mcp/servers.ts";
import { callTool } from "../../../src/tools/call.ts";
import type { Tool } from "../../../src/tools/types.ts";
import { plainToolContext } from "../../support/tool-context.ts";

const SERVER = join(import.meta.dirname, "../../support/mcp-server.mjs");
const SECRET = "registry-secret-value-0123456789";
const node = (kind: string, env: Record<string, string> = {}): ServerSpec => ({
  command: "node",
  args: [SERVER, kind],
  env,
});

let dir: string;
let started: McpServers[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "gitclaw-mcp-"));
});
afterEach(async () => {
  await Promise.all(started.map((servers) => servers.close()));
  started = [];
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function startServers(servers: Partial<DeclaredServer>[], network: NetworkConfig = "open", refused = []) {
  const declared = servers.map((server) => ({
    from: ".mcp.json",
    policy: {},
    spec: node("probe"),
    name: "x",
    ...server,
  }));
  const running = new McpServers({
    declarations: { servers: declared, refused },
    settings: McpSettings.parse({}),
    network: egressPolicy(network, dir),
    passed: { NPM_TOKEN: SECRET },
    baseEnv: { PATH: process.env.PATH ?? "" },
    cwd: dir,
  });
  started.push(running);
  await running.ready;
  return running;
}

const context = () => plainToolContext(dir, [SECRET]);
const find = (tools: Tool[], name: string) => tools.find((tool) => tool.name === name)!;

describe("a server with a few tools", () => {
  it("offers each allowed tool with the server's schema, validates the arguments once, and calls it", async () => {
    const servers = await startServers([{ name: "probe", policy: { dangerous: "deny" } }]);
    const tools = servers.tools();
    expect(tools.map((tool) => tool.name)).toEqual(["mcp__probe__echo", "mcp__probe__probe", "mcp__probe__crash"]);
    const echo = find(tools, "mcp__probe__echo");
    expect(echo.modelSchema).toMatchObject({
      type: "object",
      properties: { text: { type: "string" } },
      required: ["text"],
    });
    expect(echo.description).toBe("[MCP server probe] Echoes the text back.");
    expect(await callTool(echo, { text: "hello" }, context())).toMatchObject({ text: "echo: hello", isError: false });
    const invalid = await callTool(echo, { text: 5 }, context());
    expect(invalid).toMatchObject({ isError: true });
    expect(invalid.text).toMatch(/^Invalid arguments for mcp__probe__echo: text: must be string/);
    expect(servers.summary()).toContain("| `probe` | stdio | running | 3 tools of 4 | `echo` × 1 |");
  });

  it("gets only the tool environment and the variables its declaration names, whose values are redacted", async () => {
    const spec = node("probe", { REGISTRY: "${NPM_TOKEN}", MODE: "literal" });
    const servers = await startServers([{ name: "probe", spec }]);
    const result = await callTool(find(servers.tools(), "mcp__probe__probe"), {}, context());
    const probed = JSON.parse(result.text) as { env: Record<string, string>; cwd: string };
    expect(probed.env).toMatchObject({ REGISTRY: "[REDACTED]", MODE: "literal" });
    expect(Object.keys(probed.env).filter((name) => !/^(PATH|REGISTRY|MODE|PWD|SHLVL|_)$/.test(name))).toEqual([]);
    expect(probed.cwd).toBe(dir);
  });

  it("is refused when its declaration names a variable tools.env does not pass", async () => {
    const servers = await startServers([{ name: "greedy", spec: node("probe", { T: "${GITHUB_TOKEN}" }) }]);
    expect(servers.tools()).toEqual([]);
    expect(servers.problems()).toEqual([
      "`greedy` (.mcp.json) was not started: ${GITHUB_TOKEN} is not a variable tools.env passes (list it in tools.env and set it in the workflow)",
    ]);
  });
});

describe("a server that fails", () => {
  it("at start is named with its last words, and the others go on", async () => {
    const servers = await startServers([{ name: "broken", spec: node("broken") }, { name: "probe" }]);
    expect(servers.tools().map((tool) => tool.name)).toContain("mcp__probe__echo");
    expect(servers.problems()).toEqual([
      expect.stringMatching(
        /^`broken` failed: .*last words: broken: cannot open the database; its tools were withdrawn$/,
      ),
    ]);
  });

  it("during a call has its tools withdrawn: later calls say so", async () => {
    const servers = await startServers([{ name: "probe" }]);
    const tools = servers.tools();
    const crash = await callTool(find(tools, "mcp__probe__crash"), {}, context());
    expect(crash).toMatchObject({ isError: true });
    expect(crash.text).toMatch(/^mcp__probe__crash failed: /);
    const after = await callTool(find(tools, "mcp__probe__echo"), { text: "still there?" }, context());
    expect(after.text).toMatch(/^The MCP server probe is not running \(.*\): its tools are withdrawn\.$/);
    expect(servers.problems()).toEqual([expect.stringMatching(/^`probe` failed: .*its tools were withdrawn$/)]);
  });

  it("over http on a host the configuration does not list is never reached", async () => {
    const spec: ServerSpec = { type: "http", url: "http://127.0.0.1:9/mcp", headers: {} };
    const servers = await startServers([{ name: "remote", spec }], { allow: ["mcp.example.com"] });
    expect(servers.problems()).toEqual([
      `\`remote\` failed: 127.0.0.1:9 is not allowed by the network policy ("network": {"allow":["mcp.example.com","127.0.0.1"]} in .github/gitclaw.json allows it); its tools were withdrawn`,
    ]);
  });
});

describe("a server with fifty tools", () => {
  it("costs two definitions: mcp_search shows the matching ones, mcp_call calls one through its schema", async () => {
    const servers = await startServers([{ name: "many", spec: node("many") }]);
    const tools = servers.tools();
    expect(tools.map((tool) => tool.name)).toEqual(["mcp_search", "mcp_call"]);
    expect(tools[0]!.description).toContain("(many: 50 tools)");
    const found = await callTool(find(tools, "mcp_search"), { query: "number 7" }, context());
    expect(found.text).toContain("## mcp__many__tool_07\n[MCP server many] Tool number 7 of the widget catalogue");
    expect(found.text).toContain('Input schema: {"type":"object","properties":{"value":{"type":"string"}}');
    const call = find(tools, "mcp_call");
    const called = await callTool(call, { name: "mcp__many__tool_07", arguments: { value: "x" } }, context());
    expect(called).toMatchObject({ text: "tool_07 got x", isError: false });
    const wrong = await callTool(call, { name: "mcp__many__tool_07", arguments: {} }, context());
    expect(wrong.text).toMatch(
      /^Invalid arguments for mcp__many__tool_07: arguments: must have required property 'value'/,
    );
    const unknown = await callTool(call, { name: "mcp__many__nope" }, context());
    expect(unknown.text).toBe("There is no MCP tool mcp__many__nope: find it with mcp_search.");
    expect(servers.summary()).toContain("| `many` | stdio | running | 50 tools of 50 | `tool_07` × 1 |");
  });
});

describe("declarations", () => {
  it("of .mcp.json are checked one by one, and the configuration's policy applies to them by name", () => {
    const file = parseMcpJson(
      JSON.stringify({
        mcpServers: {
          db: { command: "node", args: ["db.js"], env: { URL: "${DATABASE_URL}" } },
          web: { type: "http", url: "https://mcp.example.com/mcp", headers: { Authorization: "Bearer ${API}" } },
          "bad name": { command: "x" },
          typo: { comand: "x" },
        },
      }),
    );
    expect(file.servers.map((server) => server.name)).toEqual(["db", "web"]);
    expect(file.refused.map((server) => server.name)).toEqual(["bad name", "typo"]);
    expect(file.refused[1]!.reason).toContain(".mcp.json (mcpServers.typo)");
    const settings = McpSettings.parse({ servers: { db: { tools: { drop: "deny" } }, extra: { command: "y" } } });
    const merged = mergeDeclarations(file, settings);
    expect(merged.servers.map((server) => [server.name, server.from, server.policy])).toEqual([
      ["db", ".mcp.json", { drop: "deny" }],
      ["web", ".mcp.json", {}],
      ["extra", ".github/gitclaw.json (mcp.servers)", {}],
    ]);
    expect(parseMcpJson("{ nope").refused[0]!.reason).toMatch(/^not valid JSON/);
  });

  it("of VS Code's format (servers) are read as Claude's (mcpServers) are; an SSE server is refused naming the transports", () => {
    const file = parseMcpJson(
      JSON.stringify({
        inputs: [],
        servers: {
          files: { type: "stdio", command: "npx", args: ["-y", "server-filesystem"] },
          remote: { type: "sse", url: "https://mcp.example.com/sse" },
        },
        mcpServers: { db: { command: "node", args: ["db.js"] } },
      }),
    );
    expect(file.servers.map((server) => [server.name, server.spec.type ?? "stdio"])).toEqual([
      ["files", "stdio"],
      ["db", "stdio"],
    ]);
    expect(file.refused).toEqual([
      {
        name: "remote",
        from: ".mcp.json",
        reason: expect.stringMatching(
          /^\.mcp\.json \(servers\.remote\): "type" \(found "sse"\): expected "stdio" \(a command\) or "http" \(a URL\)/,
        ),
      },
    ]);
  });
});

/** An http server on loopback, its bearer token a tools.env variable; and the setting that allows the host. */
const onLoopback = (port: number | undefined): ServerSpec => ({
  type: "http",
  url: `http://127.0.0.1:${port}/mcp`,
  headers: { Authorization: "Bearer ${NPM_TOKEN}" },
});
const LOOPBACK: NetworkConfig = { allow: ["127.0.0.1"] };

describe("a server over http", () => {
  it("on a listed host is reached by gitclaw's process, with its headers, whose tools.env values are redacted", async () => {
    const seen: string[] = [];
    const http = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      async fetch(request) {
        seen.push(request.headers.get("authorization") ?? "");
        // Stateless, as the SDK's examples do it: a server and a transport per request.
        const server = new McpServer({ name: "remote", version: "1.0.0" });
        server.registerTool("whoami", { description: "Says what the request carried." }, async (extra) => ({
          content: [{ type: "text", text: `authorization: ${extra.requestInfo?.headers.authorization}` }],
        }));
        const transport = new WebStandardStreamableHTTPServerTransport({ enableJsonResponse: true });
        await server.connect(transport);
        return transport.handleRequest(request);
      },
    });
    try {
      const servers = await startServers([{ name: "remote", spec: onLoopback(http.port) }], LOOPBACK);
      expect(servers.problems()).toEqual([]);
      const result = await callTool(find(servers.tools(), "mcp__remote__whoami"), {}, context());
      expect(result).toMatchObject({ text: "authorization: Bearer [REDACTED]", isError: false });
      expect(new Set(seen)).toEqual(new Set([`Bearer ${SECRET}`]));
    } finally {
      await http.stop(true);
    }
  });

  it("follows no redirect that leaves the URL's origin, so its headers go nowhere else", async () => {
    const elsewhere: string[] = [];
    const other = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: (request) => {
        elsewhere.push(request.headers.get("authorization") ?? "");
        return new Response("no", { status: 404 });
      },
    });
    const redirecting = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => Response.redirect(`http://127.0.0.1:${other.port}/mcp`, 307),
    });
    try {
      const servers = await startServers([{ name: "moved", spec: onLoopback(redirecting.port) }], LOOPBACK);
      expect(servers.problems()).toEqual([expect.stringMatching(/^`moved` failed: .*its tools were withdrawn$/)]);
      expect(elsewhere).toEqual([]);
    } finally {
      await Promise.all([other.stop(true), redirecting.stop(true)]);
    }
  });
});

describe("a server over http at a name that leads to the runner itself", () => {
  /** A stand-in for a service of the runner, on its loopback: counts who reaches it. */
  function runnerService(): { port: number; reached: () => number; stop(): Promise<void> } {
    let reached = 0;
    const http = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      fetch: () => {
        reached++;
        return new Response("the runner's own service", { status: 404 });
      },
    });
    return { port: http.port!, reached: () => reached, stop: () => http.stop(true) };
  }

  it("is refused for localhost unless a localhost:<port> entry names its port", async () => {
    const service = runnerService();
    try {
      const spec: ServerSpec = { type: "http", url: `http://localhost:${service.port}/mcp`, headers: {} };
      const servers = await startServers([{ name: "local", spec }], { allow: ["localhost"] });
      expect(servers.problems()).toEqual([
        `\`local\` failed: localhost:${service.port} is not allowed by the network policy ("network": {"allow":["localhost","localhost:${service.port}"]} in .github/gitclaw.json allows it); its tools were withdrawn`,
      ]);
      expect(service.reached()).toBe(0);
      // Declared as a service of the runner, it is reached (and fails as no MCP server).
      const declared = await startServers([{ name: "local", spec }], { allow: [`localhost:${service.port}`] });
      expect(declared.problems()).toEqual([expect.stringMatching(/^`local` failed: (?!.*network policy)/)]);
      expect(service.reached()).toBeGreaterThan(0);
    } finally {
      await service.stop();
    }
  });

  it.each(["127.0.0.1", "127.0.1.1", "0.0.0.0", "::1", "::ffff:127.0.0.1", "169.254.169.254", "fe80::1"])(
    "is refused where its name resolves to %s",
    async (address) => {
      const spec: ServerSpec = { type: "http", url: "https://mcp.example.com/mcp", headers: {} };
      const running = new McpServers({
        declarations: { servers: [{ name: "remote", from: ".mcp.json", policy: {}, spec }], refused: [] },
        settings: McpSettings.parse({}),
        network: egressPolicy({ allow: ["mcp.example.com"] }, dir),
        resolve: async () => ({ addresses: ["192.0.2.10", address] }),
        passed: {},
        baseEnv: { PATH: process.env.PATH ?? "" },
        cwd: dir,
      });
      started.push(running);
      await running.ready;
      expect(running.problems()).toEqual([
        `\`remote\` failed: mcp.example.com resolves to ${address}, where no name may lead (the runner's loopback, the unspecified address or link-local); a service of the runner is allowed as "localhost:<port>"; its tools were withdrawn`,
      ]);
    },
  );
});
