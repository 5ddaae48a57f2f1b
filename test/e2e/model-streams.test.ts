// What a user of a real (local or hosted) model meets when its answer goes wrong, through the whole
// workflow and the agent stage, on both provider paths (#26): an answer cut off at the output limit
// is posted as incomplete and continues on a comment; a stream that breaks off is named as such, with
// where it came from; a server that sends nothing is given up after `budgets.modelIdleSeconds`; and
// turns the provider reported no usage for are estimated, never counted as zero.
import { describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import { startFakeModel, type Turn } from "../support/fake-model.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, OWNER, REPO, sessionLines, useWorld, type World } from "./support.ts";

const world = useWorld();
const target = { owner: OWNER, repo: REPO };

interface ProviderPath {
  name: string;
  /** The run's environment choosing the model and its address. */
  env: () => Record<string, string>;
  /** Where requests go and the setting that says so, as messages name them. */
  endpoint: () => string;
}

const PATHS: ProviderPath[] = [
  {
    name: "Anthropic",
    env: () => ({}),
    endpoint: () => `${world.model.url}/v1 (ANTHROPIC_BASE_URL)`,
  },
  {
    name: "OpenAI-compatible (llama-server behind OLLAMA_BASE_URL)",
    env: () => ({ GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: world.model.openaiBaseUrl }),
    endpoint: () => `${world.model.openaiBaseUrl} (OLLAMA_BASE_URL)`,
  },
];

/** The replies gitclaw posted on an issue, oldest first. */
const replies = (issue: number) =>
  world.gh
    .comments(issue)
    .filter((c) => c.body?.includes(REPLY_MARKER))
    .map((c) => c.body!);

/** An issue answered by `turns`, under the given `.github/gitclaw.json`. */
async function answerIssue(w: World, path: ProviderPath, config: object, turns: Turn[]) {
  await checkoutWithConfig(w, config);
  const issue = w.gh.createIssue({ title: `Model trouble via ${path.name}`, body: "Explain the plan.", user: "alice" });
  w.model.script(turns);
  const run = await w.run("issues", issueOpenedPayload({ ...target, issue }), { env: path.env() });
  return { issue, run };
}

/** The assistant messages of the issue's session on origin. */
async function assistantMessages(issue: number): Promise<{ usage: Record<string, unknown>; stopReason: string }[]> {
  const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue}.json`)) as { sessionPath: string };
  return sessionLines(await world.onOrigin(mapping.sessionPath))
    .filter((line) => line.type === "message" && (line.message as { role: string }).role === "assistant")
    .map((line) => line.message as { usage: Record<string, unknown>; stopReason: string });
}

describe.each(PATHS)("a model answer that goes wrong, $name", (path) => {
  it("posts an answer cut off at the output limit as incomplete (outcome cut_off), and a comment continues it", async () => {
    const cut = "Step one: read the config. Step two: change the";
    const { issue, run } = await answerIssue(world, path, {}, [
      { text: cut, stopReason: "length", usage: { output: 16_384 } },
    ]);

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(run.stages.agent!.outputs.outcome).toBe("cut_off");
    const [reply] = replies(issue.number);
    expect(reply).toContain(cut);
    expect(reply).toContain("This answer is incomplete: the model stopped at its output limit after 16384 tokens");
    expect(reply).toContain("the call was allowed 16384: `budgets.maxOutputTokensPerCall`");
    expect(reply).toContain("Comment `continue` to have it go on from where it stopped");
    expect(run.summary).toContain("Outcome: **cut_off**");

    // As the reply says: a comment, and the model goes on with its cut answer in view.
    const comment = world.gh.addComment(issue.number, { body: "continue", user: "alice" });
    world.model.script([{ text: "default branch, and push." }]);
    const before = world.model.requests.length;
    const next = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
      { env: path.env() },
    );
    expect(next.stages.agent!.outputs.outcome).toBe("done");
    expect(JSON.stringify(world.model.requests[before]!.body)).toContain(cut);
    expect(replies(issue.number)[1]).toContain("default branch, and push.");
  });

  it("names an answer that broke off after it had started, with where it came from; keeps its text and estimates its usage", async () => {
    const { issue, run } = await answerIssue(world, path, {}, [
      { text: "I will start with the parser, then the tests, and finally the docs.", breakAfter: 6 },
    ]);

    expect(run.stages.agent!.outputs.outcome).toBe("error");
    const [reply] = replies(issue.number);
    expect(reply).toMatch(/^I will start/);
    expect(reply).toContain(
      `The run failed: the answer from ${path.endpoint()} broke off after it had started: ECONNRESET`,
    );
    expect(reply).not.toMatch(/model API error 200|Failed to process successful response/);
    // Never "0 in / 0 out": the footer's counts are estimates, and say so.
    expect(reply).toMatch(/~\d[\d.k]* in \(0 cached\) \/ ~\d[\d.k]* out \(estimated in part\)/);
    const [message] = await assistantMessages(issue.number);
    expect(message).toMatchObject({ stopReason: "error", usage: { estimated: true } });
    expect(message!.usage.input).toBeGreaterThan(0);
    expect(message!.usage.output).toBeGreaterThan(0);
  });

  it.each([
    ["accepts the connection and sends nothing", { silent: "connection" }],
    ["sends the headers, then nothing", { silent: "headers" }],
    ["stops sending mid-answer", { hang: true, text: "Looking at it now, the first thing to" }],
  ] as const)("gives up on a model that %s after budgets.modelIdleSeconds, naming it", async (_, fault) => {
    const started = Date.now();
    const { issue, run } = await answerIssue(world, path, { budgets: { modelIdleSeconds: 2 } }, [
      { text: "never finished", ...fault },
    ]);

    expect(run.stages.agent!.outputs.outcome).toBe("error");
    const [reply] = replies(issue.number);
    expect(reply).toContain(
      `The run failed: the model at ${path.endpoint()} sent nothing for 2 seconds (the limit \`budgets.modelIdleSeconds\` in .github/gitclaw.json).`,
    );
    expect(reply).not.toMatch(/time budget/);
    expect(reply).toMatch(/~\d[\d.k]* in .* out \(estimated in part\)/);
    // Given up at the idle time, far from the run's 45-minute time budget.
    expect(Date.now() - started).toBeLessThan(45_000);
    const [message] = await assistantMessages(issue.number);
    expect(message).toMatchObject({ stopReason: "error", usage: { estimated: true } });
    expect(world.model.inFlight).toBe(0);
  });
});

describe("a server that reports no usage (OpenAI-compatible)", () => {
  it("estimates the turn's usage rather than counting it as zero", async () => {
    const path = PATHS[1]!;
    const { issue, run } = await answerIssue(world, path, {}, [{ text: "All good here.", omitUsage: true }]);
    expect(run.stages.agent!.outputs.outcome).toBe("done");
    const [reply] = replies(issue.number);
    expect(reply).toContain("All good here.");
    expect(reply).toMatch(/~\d[\d.k]* in \(0 cached\) \/ ~\d out \(estimated in part\)/);
    const [message] = await assistantMessages(issue.number);
    expect(message!.usage).toMatchObject({ estimated: true, output: 4 });
  });
});

describe("a llama.cpp server reading a long prompt", () => {
  it("is asked for its progress, which keeps the idle clock alive for a prompt read four times longer than the limit", async () => {
    const llama = await startFakeModel({ server: { kind: "llama.cpp", contextWindow: 32_768, toolCalls: true } });
    try {
      await checkoutWithConfig(world, { budgets: { modelIdleSeconds: 1 } });
      const issue = world.gh.createIssue({ title: "A long prompt", body: "Explain the plan.", user: "alice" });
      // Progress every 0.2 s for 4 s: a fifth of the limit between signs of life, four limits in all.
      llama.script([{ text: "Read it all; here is the plan.", promptMs: 4_000 }]);
      const env = { GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: llama.openaiBaseUrl };
      const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), { model: llama, env });

      expect(run.stages.agent!.outputs.outcome, run.logs).toBe("done");
      expect(replies(issue.number)[0]).toContain("Read it all; here is the plan.");
      expect(llama.requests[0]!.body).toMatchObject({ stream: true, return_progress: true });
    } finally {
      await llama.stop();
    }
  });

  it("is not asked when the server is not llama.cpp's, and the silence ends the run naming the limit", async () => {
    await checkoutWithConfig(world, { budgets: { modelIdleSeconds: 1 } });
    const issue = world.gh.createIssue({ title: "A silent prompt", body: "Explain the plan.", user: "alice" });
    const before = world.model.requests.length;
    world.model.script([{ text: "Too late.", promptMs: 4_000 }]);
    const env = PATHS[1]!.env();
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), { env });

    expect(run.stages.agent!.outputs.outcome).toBe("error");
    expect(world.model.requests[before]!.body.return_progress).toBeUndefined();
    expect(replies(issue.number)[0]).toContain(
      "sent nothing for 1 second (the limit `budgets.modelIdleSeconds` in .github/gitclaw.json).",
    );
  });
});
