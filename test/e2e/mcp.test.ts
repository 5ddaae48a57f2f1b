// MCP servers the repository brings, end to end: `.mcp.json` on main declares a small stdio server
// (test/support/mcp-server.mjs, real MCP with the official SDK) and one that cannot start; the
// configuration denies one tool and hands the server a tools.env variable. The model is offered the
// allowed tools, calls them, gets their results; the server runs as the sandbox's user, sees no
// secret, and cannot read one from its ancestors' environments; when it crashes the run goes on and
// the reply names it. A pull request's head that declares a server of its own starts nothing.
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResultTexts, type RecordedModelRequest } from "../support/fake-model.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { piAgentDir, piExport } from "../support/pi.ts";
import { findLeaks, type Scene } from "../security/leaks.ts";
import { SECRETS, hostedRunner, sceneOf, toolResults, type HostedRunner } from "../security/support.ts";
import { OWNER, REPO, createWorld, pullRequestAdding, type World } from "./support.ts";

const SERVER = join(import.meta.dirname, "../support/mcp-server.mjs");
const NPM_TOKEN = `npm_${"McpRegistryToken".repeat(2)}`;
const MARKER = join("/tmp", `gitclaw-mcp-intruder-${process.pid}`);
const target = { owner: OWNER, repo: REPO };

const MCP_JSON = {
  mcpServers: {
    probe: { command: "node", args: [SERVER, "probe"], env: { REGISTRY: "${NPM_TOKEN}", MODE: "literal" } },
    broken: { command: "node", args: [SERVER, "broken"] },
  },
};
const CONFIG = {
  tools: { env: ["NPM_TOKEN"] },
  mcp: { servers: { probe: { tools: { dangerous: "deny" } } } },
  tasks: { enabled: true },
};

let world: World;
let runner: HostedRunner;
beforeAll(async () => {
  world = await createWorld({
    ".mcp.json": JSON.stringify(MCP_JSON),
    ".github/gitclaw.json": JSON.stringify(CONFIG),
  });
  world.gh.addUser({ login: "alice", permission: "write" });
  runner = await hostedRunner(world);
});
afterAll(async () => {
  runner?.cleanup();
  await world.stop();
});

/** The hosted-like runner's context, with the tools.env variable the probe server is given. */
const withToken = () => ({ ...runner.context, env: { ...runner.context.env, NPM_TOKEN } });

const offered = (request: { body: Record<string, unknown> }) =>
  ((request.body.tools ?? []) as { name: string }[]).map((tool) => tool.name);

describe("a repository's MCP server", () => {
  let scene: Scene & { issueNumber: number };
  let results: string[];
  let firstRequest: { body: Record<string, unknown> };
  let summary: string;
  beforeAll(async () => {
    const since = { modelRequests: world.model.requests.length, githubRequests: world.gh.requests.length };
    const issue = world.gh.createIssue({ title: "Ask the probe", body: "Use the team's tools.", user: "alice" });
    world.model.script([
      {
        toolCalls: [
          { name: "mcp__probe__echo", input: { text: "hello" } },
          { name: "mcp__probe__probe", input: {} },
          { name: "mcp__probe__echo", input: { text: 42 } },
        ],
      },
      { toolCalls: [{ name: "mcp__probe__crash", input: {} }] },
      { toolCalls: [{ name: "mcp__probe__echo", input: { text: "again" } }] },
      { text: "Done with the probe." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), withToken());
    expect(run.stages.agent?.exitCode, run.logs).toBe(0);
    scene = { ...sceneOf(world, runner, run.logs, since), issueNumber: issue.number };
    results = toolResults(world);
    firstRequest = world.model.requests[since.modelRequests]!;
    summary = run.summary;
  });

  it("has its allowed tools offered, none denied, none of a server that did not start", () => {
    const names = offered(firstRequest).filter((name) => name.startsWith("mcp"));
    expect(names).toEqual(["mcp__probe__echo", "mcp__probe__probe", "mcp__probe__crash"]);
    const echo = (firstRequest.body.tools as { name: string; input_schema: unknown }[]).find(
      (tool) => tool.name === "mcp__probe__echo",
    );
    expect(echo?.input_schema).toMatchObject({ properties: { text: { type: "string", minLength: 1 } } });
  });

  it("answers the model's calls, arguments checked against its schema first", () => {
    expect(results[0]).toBe("echo: hello");
    expect(results[2]).toMatch(/^Invalid arguments for mcp__probe__echo: text: must be string/);
  });

  it("runs as the tool user in the workspace, with only the environment it is given, and reads no secret", async () => {
    const probed = JSON.parse(results[1]!) as {
      uid: number;
      cwd: string;
      env: Record<string, string>;
      ancestors: { pid: number; command: string; readable: boolean; secret: boolean }[];
    };
    const toolUid = Number((await execa("id", ["-u", "gitclaw-tool"])).stdout);
    expect(probed.uid).toBe(toolUid);
    expect(probed.uid).not.toBe(process.getuid?.());
    expect(probed.cwd).toBe(runner.workspace);
    expect(probed.env).toMatchObject({ REGISTRY: "[REDACTED]", MODE: "literal" });
    expect(Object.keys(probed.env).filter((name) => /TOKEN|KEY|INPUT_|ACTIONS_|GITCLAW_/.test(name))).toEqual([]);
    // It is the first process of a PID namespace of its own: the process tree up to the agent stage
    // lies outside it, so there is no environment there it could read.
    expect(probed.ancestors).toEqual([]);
    expect(probed.ancestors.filter((ancestor) => ancestor.secret)).toEqual([]);
  });

  it("crashing is a failed call, its tools withdrawn, the run completes and the reply names it", () => {
    expect(results[3]).toMatch(/^mcp__probe__crash failed: /);
    expect(results[4]).toMatch(/^The MCP server probe is not running \(.*\): its tools are withdrawn\.$/);
    const reply = world.gh.comments(scene.issueNumber).at(-1)!.body;
    expect(reply).toContain("Done with the probe.");
    expect(reply).toContain("> MCP servers:");
    expect(reply).toMatch(
      /> - `broken` failed: .*last words: broken: cannot open the database; its tools were withdrawn/,
    );
    expect(reply).toMatch(/> - `probe` failed: it stopped.*; its tools were withdrawn/);
  });

  it("is listed in the job summary with its calls", () => {
    expect(summary).toContain("### MCP servers (tools offered directly)");
    expect(summary).toMatch(
      /\| `probe` \| stdio \| failed: it stopped[^|]*\| 3 tools of 4 \| `echo` × 2, `probe` × 1, `crash` × 1 \|/,
    );
    expect(summary).toMatch(/\| `broken` \| stdio \| failed: .*cannot open the database/);
  });

  it("leaves no form of a secret anywhere; its calls are session entries pi renders", async () => {
    expect(await findLeaks(scene, [...SECRETS, { name: "NPM_TOKEN", value: NPM_TOKEN }])).toEqual([]);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${scene.issueNumber}.json`));
    const sessionFile = join(mkdtempSync(join(tmpdir(), "gitclaw-mcp-session-")), basename(mapping.sessionPath));
    await Bun.write(sessionFile, await world.onOrigin(mapping.sessionPath));
    const page = await piExport(sessionFile, piAgentDir(world.model.url));
    expect(page).toContain("mcp__probe__echo");
    expect(page).toContain("echo: hello");
  });
});

describe("a sub-agent", () => {
  it("calls the same servers as the run's own agent", async () => {
    const brief = "Ask the echo server to say child.";
    world.model.scriptFor(brief, [
      { toolCalls: [{ name: "mcp__probe__echo", input: { text: "from the child" } }] },
      { toolCalls: [{ name: "agent_report", input: { reportMarkdown: "The server said it.", title: "Echo" } }] },
    ]);
    world.model.script([
      { toolCalls: [{ name: "task", input: { title: "Echo", prompt: brief } }] },
      { text: "The child asked the server." },
    ]);
    const before = world.model.requests.length;
    const issue = world.gh.createIssue({ title: "Delegate", body: "Let a sub-agent ask.", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), withToken());
    expect(run.stages.agent?.exitCode, run.logs).toBe(0);
    // A child's conversation opens with its brief; the parent's with the issue.
    const opensWith = (request: RecordedModelRequest) => JSON.stringify((request.body.messages as unknown[])[0]);
    const childRequests = world.model.requests.slice(before).filter((request) => opensWith(request).includes(brief));
    expect(childRequests.length).toBe(2);
    const childFirst = childRequests[0]!;
    expect(offered(childFirst)).toContain("mcp__probe__echo");
    const childResults = childRequests.flatMap((request) => toolResultTexts(request.body));
    expect(childResults).toContain("echo: from the child");
    expect(run.summary).toMatch(/\| `probe` \| stdio \| running \| 3 tools of 4 \| `echo` × 1 \|/);
  });
});

describe("a pull request's head declaring a server", () => {
  it("starts nothing: only the default branch's servers run, in the default branch's files", async () => {
    const intruder = { command: "sh", args: ["-c", `echo started > ${MARKER}; exec node ${SERVER} probe`] };
    const mcpJson = JSON.stringify({ mcpServers: { ...MCP_JSON.mcpServers, intruder } });
    const pr = await pullRequestAdding(world, "add-tools", { ".mcp.json": mcpJson }, "More tools");
    const comment = world.gh.addComment(pr.number, { body: "@gitclaw look", user: "alice" });
    world.model.script([{ toolCalls: [{ name: "mcp__probe__probe", input: {} }] }, { text: "Looked." }]);
    const before = world.model.requests.length;
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(pr.number), comment }),
      withToken(),
    );
    expect(run.stages.agent?.exitCode, run.logs).toBe(0);
    const names = offered(world.model.requests[before]!);
    expect(names).toContain("mcp__probe__echo");
    expect(names.filter((name) => name.includes("intruder"))).toEqual([]);
    expect(existsSync(MARKER)).toBe(false);
    // main's server runs in main's files, not in the workspace, which holds the pull request's head.
    const probed = JSON.parse(toolResults(world)[0]!) as { cwd: string; mcpJsonHere: string };
    expect(probed.cwd).not.toBe(run.workspace);
    expect(probed.mcpJsonHere).toBe(JSON.stringify(MCP_JSON));
  });
});
