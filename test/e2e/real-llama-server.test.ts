// Opt-in, never in CI: gitclaw against a real llama.cpp `llama-server` (#26), what the fake model
// server imitates checked at the source. Runs only with LLAMA_SERVER (the llama-server binary) and
// LLAMA_GGUF (a model file, e.g. SmolLM2-135M-Instruct) set; starts the server on loopback with a
// 2048-token window, one slot and one thread, and stops it after.
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runAgentLoop } from "../../src/agent/loop.ts";
import { resolveModel, type ResolvedModel } from "../../src/agent/model.ts";
import { serverChecks } from "../../src/cli/doctor-model.ts";
import { SessionFile } from "../../src/session/session-file.ts";
import { plainToolContext } from "../support/tool-context.ts";

const SERVER = process.env.LLAMA_SERVER;
const GGUF = process.env.LLAMA_GGUF;
const WINDOW = 2_048;
const skipped =
  !SERVER || !GGUF ? "set LLAMA_SERVER (the llama-server binary) and LLAMA_GGUF (a .gguf model) to run it" : "";

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Until the server has loaded the model: /v1/models answers 503 while loading, nothing before it listens. */
async function ready(url: string, child: Bun.Subprocess, deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`llama-server exited with ${child.exitCode}`);
    const status = await fetch(`${url}/v1/models`).then(
      (r) => r.status,
      () => 0,
    );
    if (status === 200) return;
    await Bun.sleep(250);
  }
  throw new Error(`llama-server did not load ${GGUF} in time`);
}

describe.skipIf(skipped !== "")(`a real llama-server${skipped ? ` (skipped: ${skipped})` : ""}`, () => {
  let child: Bun.Subprocess;
  let url: string;
  const env = () => ({ OLLAMA_BASE_URL: `${url}/v1` });
  const resolve = (models = {}) => resolveModel("ollama/smollm2", { providers: {}, models }, env());

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    const args = ["-m", GGUF!, "--jinja", "-c", String(WINDOW), "-np", "1", "-t", "1", "--port", String(port)];
    child = Bun.spawn([SERVER!, "--host", "127.0.0.1", ...args], { stdout: "ignore", stderr: "ignore" });
    await ready(url, child, Date.now() + 120_000);
  }, 130_000);
  afterAll(() => child?.kill());

  it("reports its window, which gitclaw learns, and what its template can do, which doctor reads", async () => {
    const model = await resolve();
    expect(model.info.contextWindow).toBe(WINDOW);
    expect(model.info.contextWindowSource).toMatch(/^reported by http:\/\/127\.0\.0\.1:\d+\/(v1\/models|props)$/);
    const props = (await (await fetch(`${url}/props`)).json()) as {
      chat_template_caps?: { supports_tool_calls?: boolean };
    };
    const tools = (await serverChecks(model, undefined, fetch)).find((check) => check.name === "Tools");
    const supported = props.chat_template_caps?.supports_tool_calls;
    if (supported === undefined) expect(tools).toBeUndefined();
    else expect(tools?.status).toBe(supported ? "PASS" : "WARN");
  });

  it("refuses a prompt longer than its window in a way the loop recognises: compacted, retried, answered", async () => {
    // Told a window far larger than the server's, gitclaw only learns the truth from the refusal.
    const model: ResolvedModel = await resolve({ "ollama/smollm2": { contextWindow: 100_000 } });
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-llama-"));
    const session = SessionFile.create(dir, { cwd: dir });
    const facts = Array.from({ length: 300 }, (_, i) => `Fact ${i}: the number ${i} is ${i % 2 ? "odd" : "even"}.`);
    session.append({ type: "message", message: { role: "user", content: facts.join("\n"), timestamp: 0 } });
    session.append({ type: "message", message: { role: "user", content: "Say hello.", timestamp: 1 } });
    const warnings: string[] = [];
    const result = await runAgentLoop({
      session,
      model,
      instructions: "You are a helpful assistant.",
      tools: [],
      toolContext: plainToolContext(dir),
      budgets: { maxTurns: 3, maxOutputTokens: 10_000, maxOutputTokensPerCall: 256, maxCostUsd: 1 },
      compaction: { reserveTokens: 16_384, keepRecentTokens: 20_000 },
      deadline: Date.now() + 300_000,
      signal: new AbortController().signal,
      warn: (message) => warnings.push(message),
    });
    expect(warnings.join("\n")).toContain(`refused the request as longer than its context window (${WINDOW} tokens`);
    expect(result.outcome, result.errorMessage).toBe("done");
    expect(session.entries.some((e) => e.type === "compaction")).toBe(true);
  }, 300_000);
});
