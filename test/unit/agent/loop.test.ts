import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { runAgentLoop, type LoopOptions } from "../../../src/agent/loop.ts";
import { resolveModel } from "../../../src/agent/model.ts";
import { createRedactor } from "../../../src/redact.ts";
import { createArtifactStore } from "../../../src/session/artifacts.ts";
import { emptyUsage } from "../../../src/session/entries.ts";
import { SessionFile } from "../../../src/session/session-file.ts";
import { ok, type Tool } from "../../../src/tools/types.ts";
import { startFakeModel, type FakeModel } from "../../support/fake-model.ts";

const SECRET = `sk-ant-${"s3cr3t".repeat(6)}`;
const echo: Tool = {
  name: "echo",
  description: "Echoes its text.",
  parameters: z.object({ text: z.string() }),
  execute: async (args: { text: string }) => ok(`echo: ${args.text}`),
};

let model: FakeModel;
beforeAll(async () => (model = await startFakeModel()));
afterAll(() => model.stop());

async function setup(api: "anthropic" | "openai", overrides: Partial<LoopOptions> = {}) {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-loop-"));
  const session = SessionFile.create(dir, { cwd: dir });
  session.append({ type: "message", message: { role: "user", content: "please", timestamp: 0 } });
  const resolved =
    api === "anthropic"
      ? await resolveModel(
          "anthropic/claude-sonnet-4-5",
          { providers: {} },
          { ANTHROPIC_API_KEY: "test-key-123456", ANTHROPIC_BASE_URL: model.url },
        )
      : await resolveModel(
          "local/qwen",
          { providers: { local: { api: "openai-compatible", baseURL: model.openaiBaseUrl } } },
          {},
        );
  const options: LoopOptions = {
    session,
    model: resolved,
    instructions: "be brief",
    tools: [echo],
    toolContext: {
      workspace: dir,
      signal: new AbortController().signal,
      env: {},
      artifacts: createArtifactStore(join(dir, "art")),
      redact: createRedactor([SECRET]),
    },
    budgets: { maxTurns: 10, maxOutputTokens: 100_000, maxOutputTokensPerCall: 1000, maxCostUsd: 10 },
    compaction: { reserveTokens: 1000, keepRecentTokens: 2000 },
    deadline: Date.now() + 60_000,
    signal: new AbortController().signal,
    maxRetries: 0,
    ...overrides,
  };
  return { session, options };
}

describe.each(["anthropic", "openai"] as const)("agent loop over %s", (api) => {
  it("runs a tool call, feeds the result back and ends on text", async () => {
    model.script([
      { toolCalls: [{ name: "echo", input: { text: "hi" } }], usage: { input: 100, output: 20 } },
      { text: "All done." },
    ]);
    const before = model.requests.length;
    const { session, options } = await setup(api);
    const result = await runAgentLoop(options);
    expect(result).toMatchObject({ outcome: "done", text: "All done.", turns: 2, toolCalls: 1 });
    expect(result.usage.output).toBeGreaterThanOrEqual(20);
    const roles = session.context().messages.map((m) => m.role);
    expect(roles).toEqual(["user", "assistant", "toolResult", "assistant"]);
    const second = JSON.stringify(model.requests[before + 1]!.body);
    expect(second).toContain("echo: hi");
    expect(JSON.stringify(model.requests[before]!.body)).toContain("be brief");
  });

  it("records a failed model call as an error turn without throwing", async () => {
    model.script([{ error: { status: 529, message: "Overloaded" } }]);
    const { session, options } = await setup(api);
    const result = await runAgentLoop(options);
    expect(result.outcome).toBe("error");
    expect(result.errorMessage).toMatch(/529/);
    const last = session.entries.at(-1) as { message: { stopReason: string; content: unknown[] } };
    expect(last.message).toMatchObject({ stopReason: "error", content: [] });
    expect(result.unavailable).toBe("overloaded (529)");
  });

  it("asks for the effort in the provider's own setting, and counts the thinking", async () => {
    model.script([{ thinking: "Weigh it up. ".repeat(40), text: "Decided." }]);
    const before = model.requests.length;
    const { options } = await setup(api, { effort: "low" });
    const result = await runAgentLoop(options);
    expect(result).toMatchObject({ outcome: "done", text: "Decided." });
    expect(result.thinkingTokens).toBeGreaterThan(100);
    const body = model.requests[before]!.body;
    if (api === "openai") expect(body.reasoning_effort).toBe("low");
    else expect(body.thinking).toMatchObject({ type: "enabled", budget_tokens: expect.any(Number) });
  });
});

describe.each(["anthropic", "openai"] as const)("agent loop over %s, when the model's answer goes wrong", (api) => {
  const lastAssistant = (session: SessionFile) =>
    (
      session.entries.at(-1) as {
        message: {
          stopReason: string;
          errorMessage?: string;
          usage: Record<string, unknown>;
          content: { text?: string }[];
        };
      }
    ).message;

  it("ends an answer cut off at the output limit as cut_off, with its tokens and the limit", async () => {
    model.script([{ text: "The plan has three steps: first, we", stopReason: "length", usage: { output: 1000 } }]);
    const { options } = await setup(api);
    const result = await runAgentLoop(options);
    expect(result).toMatchObject({
      outcome: "cut_off",
      text: "The plan has three steps: first, we",
      cutOff: { output: 1000, limit: 1000 },
    });
  });

  it("names an answer that broke off after it had started, keeps its text and estimates its usage", async () => {
    model.script([{ text: "Half of an answer that the server never finishes", breakAfter: 4 }]);
    const { session, options } = await setup(api);
    const result = await runAgentLoop(options);
    expect(result.outcome).toBe("error");
    expect(result.errorMessage).toMatch(
      new RegExp(`^the answer from ${model.url}/v1 \\(.+\\) broke off after it had started: ECONNRESET`),
    );
    expect(result.errorMessage).not.toMatch(/model API error 200|Failed to process/);
    const message = lastAssistant(session);
    expect(message.stopReason).toBe("error");
    expect(message.content[0]?.text).toMatch(/^Half of /);
    expect(message.usage).toMatchObject({ estimated: true });
    expect(message.usage.input).toBeGreaterThan(0);
    expect(message.usage.output).toBeGreaterThan(0);
    expect(result.usage).toMatchObject({ estimated: true });
  });

  it.each([
    ["before the response starts", { silent: "connection" as const }],
    ["after the headers", { silent: "headers" as const }],
    ["between two events", { hang: true }],
  ])("ends a turn the model sends nothing for %s, naming the model and the idle time", async (_, fault) => {
    model.script([{ text: "an answer that stalls", ...fault }, { text: "served after" }]);
    const { session, options } = await setup(api);
    options.budgets.modelIdleSeconds = 1;
    const result = await runAgentLoop(options);
    expect(result.outcome).toBe("error");
    expect(result.errorMessage).toMatch(
      new RegExp(
        `^the model at ${model.url}/v1 \\(.+\\) sent nothing for 1 second \\(the limit \`budgets\\.modelIdleSeconds\` in \\.github/gitclaw\\.json\\)$`,
      ),
    );
    expect(lastAssistant(session).usage).toMatchObject({ estimated: true });
    // The server saw the request given up, and serves the next one.
    const next = await setup(api);
    expect(await runAgentLoop(next.options)).toMatchObject({ outcome: "done", text: "served after" });
  });

  it("estimates an aborted turn's usage rather than counting it as zero", async () => {
    model.script([{ text: "a long answer that never ends", hang: true }]);
    const controller = new AbortController();
    const { session, options } = await setup(api, { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await runAgentLoop(options);
    expect(result.outcome).toBe("aborted");
    expect(lastAssistant(session).usage).toMatchObject({ estimated: true });
    expect(result.usage.input).toBeGreaterThan(0);
  });

  it("counts a refused call as nothing spent, not as an estimate", async () => {
    model.script([{ error: { status: 400, message: "bad request" } }]);
    const { session, options } = await setup(api);
    await runAgentLoop(options);
    expect(lastAssistant(session).usage).not.toHaveProperty("estimated");
    expect(lastAssistant(session).usage.input).toBe(0);
  });
});

it("estimates the usage of a server that reports none (OpenAI-compatible, no usage event)", async () => {
  model.script([{ text: "An answer without any usage.", omitUsage: true }]);
  const { session, options } = await setup("openai");
  const result = await runAgentLoop(options);
  expect(result.outcome).toBe("done");
  const usage = (session.entries.at(-1) as { message: { usage: { input: number; output: number; estimated?: true } } })
    .message.usage;
  expect(usage).toMatchObject({ estimated: true });
  expect(usage.input).toBeGreaterThan(0);
  expect(usage.output).toBe(Math.ceil("An answer without any usage.".length / 4));
});

describe("agent loop budgets and safety", () => {
  it("stops at max turns", async () => {
    model.script([
      { toolCalls: [{ name: "echo", input: { text: "1" } }] },
      { toolCalls: [{ name: "echo", input: { text: "2" } }] },
    ]);
    const { options } = await setup("anthropic");
    options.budgets.maxTurns = 2;
    expect(await runAgentLoop(options)).toMatchObject({ outcome: "max_turns", turns: 2, toolCalls: 2 });
  });

  it("aborts a hanging stream and records it as aborted", async () => {
    model.script([{ text: "a long answer that never ends", hang: true }]);
    const controller = new AbortController();
    const { session, options } = await setup("anthropic", { signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    const result = await runAgentLoop(options);
    expect(result.outcome).toBe("aborted");
    expect((session.entries.at(-1) as { message: { stopReason: string } }).message.stopReason).toBe("aborted");
  });

  it("ends at the deadline", async () => {
    model.script([{ text: "slow", hang: true }]);
    const { options } = await setup("anthropic", { deadline: Date.now() + 300 });
    expect((await runAgentLoop(options)).outcome).toBe("deadline");
  });

  it("redacts secrets from model text and tool arguments before they are stored", async () => {
    model.script([{ toolCalls: [{ name: "echo", input: { text: SECRET } }] }, { text: `the key is ${SECRET}` }]);
    const { session, options } = await setup("anthropic");
    const result = await runAgentLoop(options);
    const file = await Bun.file(session.path).text();
    expect(file).not.toContain(SECRET);
    expect(result.text).toBe("the key is [REDACTED]");
  });

  it("turns bad arguments and unknown tools into error results", async () => {
    model.script([
      {
        toolCalls: [
          { name: "echo", input: { wrong: 1 } },
          { name: "nope", input: {} },
        ],
      },
      { text: "ok" },
    ]);
    const { session, options } = await setup("anthropic");
    await runAgentLoop(options);
    const results = session.context().messages.filter((m) => m.role === "toolResult") as {
      isError: boolean;
      content: { text: string }[];
    }[];
    expect(results.map((r) => r.isError)).toEqual([true, true]);
    expect(results[0]!.content[0]!.text).toMatch(/Invalid arguments for echo: text/);
    expect(results[1]!.content[0]!.text).toMatch(/Tool nope does not exist/);
  });
});

describe("loops that share a run's spending (a parent and its sub-agents)", () => {
  it("applies the budgets to what all of them spent: a second loop starts where the first left the count", async () => {
    model.script([
      { toolCalls: [{ name: "echo", input: { text: "parent" } }] },
      { text: "parent done" },
      { toolCalls: [{ name: "echo", input: { text: "child" } }] },
    ]);
    const spending = { turns: 0, usage: emptyUsage() };
    const parent = await setup("anthropic", { spending });
    parent.options.budgets.maxTurns = 3;
    expect(await runAgentLoop(parent.options)).toMatchObject({ outcome: "done", turns: 2 });
    const child = await setup("anthropic", { spending });
    child.options.budgets.maxTurns = 3;
    const before = model.requests.length;
    // The child's own count is 1, but the run's is 3: the budget ends it there.
    expect(await runAgentLoop(child.options)).toMatchObject({ outcome: "max_turns", turns: 1 });
    expect(model.requests.length).toBe(before + 1);
    expect(spending.turns).toBe(3);
    expect(spending.usage.output).toBeGreaterThan(0);
  });

  it("stops before the next turn once `finished` says so, with outcome done", async () => {
    let reported = false;
    const report: Tool = {
      ...echo,
      name: "report",
      execute: async () => {
        reported = true;
        return ok("recorded");
      },
    };
    model.script([{ toolCalls: [{ name: "report", input: { text: "x" } }] }]);
    const { options } = await setup("anthropic", { tools: [report], finished: () => reported });
    const before = model.requests.length;
    expect(await runAgentLoop(options)).toMatchObject({ outcome: "done", turns: 1, toolCalls: 1 });
    expect(model.requests.length).toBe(before + 1);
  });
});

describe("run budgets", () => {
  it("stops at the cost budget and names it", async () => {
    model.script([{ toolCalls: [{ name: "echo", input: { text: "1" } }], usage: { input: 1_000_000, output: 10 } }]);
    const { options } = await setup("anthropic");
    options.budgets.maxCostUsd = 2;
    const result = await runAgentLoop(options);
    expect(result.outcome).toBe("budget");
    expect(result.budget).toMatchObject({ name: "maxCostUsd", limit: 2 });
    expect(result.usage.cost.total).toBeGreaterThanOrEqual(3);
  });

  it("stops at the run's output token budget", async () => {
    model.script([{ toolCalls: [{ name: "echo", input: { text: "1" } }], usage: { input: 10, output: 5000 } }]);
    const { options } = await setup("anthropic");
    options.budgets.maxOutputTokens = 4000;
    const result = await runAgentLoop(options);
    expect(result).toMatchObject({ outcome: "budget", budget: { name: "maxOutputTokens", limit: 4000, used: 5000 } });
  });
});
