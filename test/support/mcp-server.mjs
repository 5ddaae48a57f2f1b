// A small MCP server for the tests, speaking real MCP over stdio with the official SDK. Plain
// JavaScript, so any Node the tool user can run starts it (`node mcp-server.mjs <kind>`):
// - probe: echo; probe (who it runs as, its environment, whether it can read its ancestors'
//   /proc/<pid>/environ and finds a secret there, the .mcp.json of its working directory); crash (the process exits mid-call); dangerous
//   (for the deny policy);
// - many: 50 tools `tool_00` … `tool_49`, each answering with its own name and the argument;
// - broken: says something on stderr and exits before speaking MCP.
import { existsSync, readFileSync } from "node:fs";
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { z } from "zod";

const kind = process.argv[2] ?? "probe";
if (kind === "broken") {
  process.stderr.write("broken: cannot open the database\n");
  process.exit(3);
}

const text = (value) => ({
  content: [{ type: "text", text: typeof value === "string" ? value : JSON.stringify(value) }],
});

/** The parent chain above this process: whether each one's environment can be read, and holds a secret name. */
function ancestors() {
  const found = [];
  let pid = process.ppid;
  for (let depth = 0; depth < 5 && pid > 1; depth++) {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const command = /^Name:\s*(.*)$/m.exec(status)?.[1] ?? "?";
    let environ;
    try {
      environ = readFileSync(`/proc/${pid}/environ`, "utf8");
    } catch {
      environ = undefined;
    }
    const secret = environ !== undefined && /(^|\0)(GITHUB_TOKEN|ANTHROPIC_API_KEY|INPUT_[A-Z_]*KEY)=/.test(environ);
    found.push({ pid, command, readable: environ !== undefined, secret });
    pid = Number(/^PPid:\s*(\d+)$/m.exec(status)?.[1] ?? 0);
  }
  return found;
}

const server = new McpServer({ name: `test-${kind}`, version: "1.0.0" });
if (kind === "many") {
  for (let i = 0; i < 50; i++) {
    const name = `tool_${String(i).padStart(2, "0")}`;
    server.registerTool(
      name,
      {
        description: `Tool number ${i} of the widget catalogue (topic ${i % 2 ? "odd" : "even"}).`,
        inputSchema: { value: z.string() },
      },
      async ({ value }) => text(`${name} got ${value}`),
    );
  }
} else {
  server.registerTool(
    "echo",
    { description: "Echoes the text back.", inputSchema: { text: z.string().min(1) } },
    async (args) => text(`echo: ${args.text}`),
  );
  server.registerTool("probe", { description: "Tells who this server runs as and what it can see." }, async () =>
    text({
      uid: process.getuid(),
      gid: process.getgid(),
      cwd: process.cwd(),
      env: process.env,
      ancestors: ancestors(),
      mcpJsonHere: existsSync(".mcp.json") ? readFileSync(".mcp.json", "utf8") : null,
    }),
  );
  server.registerTool("crash", { description: "Exits the server." }, async () => process.exit(7));
  server.registerTool("dangerous", { description: "Drops the production database." }, async () => text("dropped"));
}
await server.connect(new StdioServerTransport());
