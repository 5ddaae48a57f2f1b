// The fallback model, end to end: the configured model answers 529 "overloaded" through all its
// retries, the fallback (another server, another wire format) carries the conversation on, the reply
// and footer say so with each model's cost, the session records the switch as pi does, and the next
// comment starts on the first model again. A request the first model refuses as the request's fault
// (400) is not handed over.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionFile } from "../../src/session/session-file.ts";
import { startFakeModel, type FakeModel, type Turn } from "../support/fake-model.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, OWNER, REPO, sessionLines, useWorld } from "./support.ts";

const world = useWorld();
const target = { owner: OWNER, repo: REPO };
let backup: FakeModel;

// retry-after 0: the client's retries go at once, as a provider that says when to come back.
const overloaded: Turn = { error: { status: 529, message: "Overloaded", retryAfter: 0 } };
const storm = (answers: number) => Array.from({ length: answers }, () => overloaded);

beforeAll(async () => {
  backup = await startFakeModel();
  await checkoutWithConfig(world, {
    fallbackModel: "backup/gpt-4.1",
    providers: { backup: { api: "openai-compatible", baseURL: backup.openaiBaseUrl } },
  });
});
afterAll(() => backup?.stop());

const modelChanges = (lines: Record<string, unknown>[]) =>
  lines.filter((l) => l.type === "model_change").map((l) => `${l.provider}/${l.modelId}`);

describe("a fallback model", () => {
  it("finishes a run whose model is overloaded through its retries, and says so", async () => {
    const issue = world.gh.createIssue({ title: "Write notes", body: "Write notes.txt saying hi.", user: "alice" });
    // The first turn answers on the first model; then the storm outlasts its three retries.
    world.model.script([{ toolCalls: [{ name: "bash", input: { command: "ls" } }] }, ...storm(4)]);
    backup.script([
      { toolCalls: [{ name: "write", input: { path: "notes.txt", content: "hi\n" } }] },
      { text: "Wrote notes.txt on the backup." },
    ]);
    const firstRequests = world.model.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.model.requests.length - firstRequests).toBe(5);
    expect(await world.onOrigin("notes.txt")).toBe("hi\n");
    // The backup got the whole conversation so far, the first model's tool call and its result included.
    const handedOver = backup.requests[0]!.body.messages as { role: string; content: unknown }[];
    expect(JSON.stringify(handedOver)).toContain("Write notes.txt saying hi.");
    expect(handedOver.find((m) => m.role === "tool")?.content).toContain("README.md");

    const reply = world.gh.comments(issue.number).at(-1)!.body;
    expect(reply).toContain("Wrote notes.txt on the backup.");
    expect(reply).toMatch(
      /`backup\/gpt-4\.1` took over after turn 2: `anthropic\/[\w.-]+` was overloaded \(529\) after its retries/,
    );
    expect(reply).toMatch(/`anthropic\/[\w.-]+` \$[\d.]+ → `backup\/gpt-4\.1` \$[\d.]+/);
    expect(run.logs).toMatch(/was overloaded \(529\): backup\/gpt-4\.1 takes over for the rest of the run/);

    // The session says which model answered what, as pi records a switch; pi's reader loads it.
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const text = await world.onOrigin(mapping.sessionPath);
    const lines = sessionLines(text);
    expect(modelChanges(lines)).toEqual([expect.stringMatching(/^anthropic\//), "backup/gpt-4.1"]);
    const assistants = lines
      .filter((l) => l.type === "message" && (l.message as { role: string }).role === "assistant")
      .map((l) => l.message as { provider: string; stopReason: string });
    expect(assistants.map((a) => [a.provider, a.stopReason])).toEqual([
      ["anthropic", "toolUse"],
      ["anthropic", "error"],
      ["backup", "toolUse"],
      ["backup", "stop"],
    ]);
    const path = join(run.workspace, "restored.jsonl");
    writeFileSync(path, text);
    const loaded = SessionFile.load(path);
    expect(loaded.notes).toEqual([]);
    expect(loaded.context().messages.length).toBeGreaterThan(0);

    // The next comment starts on the first model again, with the conversation so far.
    world.model.script([{ text: "Back on the first model." }]);
    const backupRequests = backup.requests.length;
    const comment = world.gh.addComment(issue.number, { body: "Thanks, anything else?", user: "alice" });
    const next = await world.run("issue_comment", issueCommentCreatedPayload({ ...target, issue, comment }));
    expect(next.stages.agent!.exitCode, next.logs).toBe(0);
    expect(backup.requests.length).toBe(backupRequests);
    expect(JSON.stringify(world.model.requests.at(-1)!.body)).toContain("Wrote notes.txt on the backup.");
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Back on the first model.");
  });

  it("does not hand over a request the model refuses as the request's fault", async () => {
    const issue = world.gh.createIssue({ title: "Refused", body: "hello", user: "alice" });
    world.model.script([{ error: { status: 400, message: "messages: text content blocks must be non-empty" } }]);
    const backupRequests = backup.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.exitCode).toBe(1);
    expect(backup.requests.length).toBe(backupRequests);
    const reply = world.gh.comments(issue.number).at(-1)!.body;
    expect(reply).toMatch(/The run failed: model API error 400: messages: text content blocks must be non-empty/);
    expect(reply).not.toContain("backup/gpt-4.1");
  });
});

describe("reasoning effort", () => {
  it("asks for extended thinking, counts it in the footer, and resumes a conversation whose thinking is signed", async () => {
    await checkoutWithConfig(world, { effort: "high" });
    const issue = world.gh.createIssue({ title: "Think", body: "How many files are there?", user: "alice" });
    world.model.script([
      {
        thinking: "I should list the files before answering.",
        toolCalls: [{ name: "bash", input: { command: "ls" } }],
      },
      { thinking: "Three entries, one of them a folder.".repeat(20), text: "There are two files and a folder." },
    ]);
    const before = world.model.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    // effort high, as Anthropic's API takes it: extended thinking with a budget the answer's limit makes room for.
    const request = world.model.requests[before]!.body as {
      thinking?: { type: string; budget_tokens: number };
      max_tokens: number;
    };
    expect(request.thinking).toMatchObject({ type: "enabled" });
    expect(request.thinking!.budget_tokens).toBeGreaterThan(1024);
    expect(request.max_tokens).toBeGreaterThan(request.thinking!.budget_tokens);
    const reply = world.gh.comments(issue.number).at(-1)!.body;
    expect(reply).toMatch(/ out \(~\d+ thinking\)/);

    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const lines = sessionLines(await world.onOrigin(mapping.sessionPath));
    expect(lines.filter((l) => l.type === "thinking_level_change").map((l) => l.thinkingLevel)).toEqual(["high"]);

    // The next run sends the signed thinking back untouched: the stand-in, like the API, refuses it otherwise.
    world.model.script([{ text: "Still two files." }]);
    const comment = world.gh.addComment(issue.number, { body: "Are you sure?", user: "alice" });
    const next = await world.run("issue_comment", issueCommentCreatedPayload({ ...target, issue, comment }));
    expect(next.stages.agent!.exitCode, next.logs).toBe(0);
    const resumed = JSON.stringify(world.model.requests.at(-1)!.body.messages);
    expect(resumed).toContain("I should list the files before answering.");
    expect(resumed).toContain('"signature"');
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Still two files.");
  });
});
