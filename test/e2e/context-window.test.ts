// Small context windows through the agent stage (#26): an 8k window learned from a llama.cpp server or
// configured for an Anthropic model keeps a conversation that outgrows it going across comments, the
// server refusing nothing; a server whose window is smaller than gitclaw was told is recognised by its
// overflow error; and a conversation that overflowed even compacted continues on the next comment.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import {
  startFakeModel,
  type FakeModel,
  type FakeModelOptions,
  type RecordedModelRequest,
  type Turn,
} from "../support/fake-model.ts";
import type { RestIssue } from "../support/github-emulator.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, createWorld, OWNER, REPO, sessionLines, type World } from "./support.ts";

const target = { owner: OWNER, repo: REPO };
const SUMMARY_MARKER = "Summarise the conversation above.";
const isSummary = (r: RecordedModelRequest) => JSON.stringify(r.body).includes(SUMMARY_MARKER);
const refused = (r: RecordedModelRequest) => r.usage === undefined;

let world: World;
beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
});
afterAll(() => world.stop());

/**
 * A model server whose agent turns come from `next` (set per comment) and whose summaries are short:
 * summary requests come whenever gitclaw compacts, so they cannot be scripted in order.
 */
async function scriptedServer(options: FakeModelOptions) {
  const turns: Turn[] = [];
  const fake = await startFakeModel({
    ...options,
    respond: (request) => {
      if (isSummary(request)) return { text: `Summary: the agent listed numbers (${request.body.model}).` };
      const turn = turns.shift();
      if (!turn) throw new Error("no agent turn scripted");
      return turn;
    },
  });
  return { fake, next: (...more: Turn[]) => turns.push(...more) };
}

/** A real model's way of reading much: `seq` in bash, ~3.5 KB (~900 tokens) each call. */
const listing = (from: number): Turn => ({
  toolCalls: [{ name: "bash", input: { command: `seq ${from} ${from + 700}` } }],
});

interface Path {
  name: string;
  fake: FakeModelOptions;
  env: (fake: FakeModel) => Record<string, string>;
  config?: object;
}

const llamaCpp = (server: FakeModelOptions["server"]): Pick<Path, "fake" | "env"> => ({
  fake: { server, contextWindow: { tokens: 8_192 } },
  env: (fake) => ({ GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: fake.openaiBaseUrl }),
});
const anthropic = (contextWindow: number): Pick<Path, "fake" | "env" | "config"> => ({
  fake: { contextWindow: { tokens: 8_192 } },
  env: () => ({}),
  config: { models: { "anthropic/claude-sonnet-4-5": { contextWindow } } },
});

/** The run of the issue's opening (no `comment`), or of alice's new `comment` on it. */
function openOrComment(
  issue: RestIssue,
  comment: string | undefined,
  extra: { model: FakeModel; env: Record<string, string> },
) {
  if (comment === undefined) return world.run("issues", issueOpenedPayload({ ...target, issue }), extra);
  const added = world.gh.addComment(issue.number, { body: comment, user: "alice" });
  const payload = issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment: added });
  return world.run("issue_comment", payload, extra);
}

/**
 * An issue opened, then two comments on it: each a run of the whole workflow against `path`'s server,
 * with `listings` bash calls and a final answer scripted; `check` looks at each run and the requests
 * it made. Returns the server (stopped) and the issue's number.
 */
async function threeComments(
  path: Path,
  listings: number,
  check: (run: Awaited<ReturnType<World["run"]>>, requests: RecordedModelRequest[]) => void,
) {
  if (path.config) await checkoutWithConfig(world, path.config);
  const { fake, next } = await scriptedServer(path.fake);
  const issue = world.gh.createIssue({ title: "Count", body: "list numbers, many of them", user: "alice" });
  try {
    for (const [i, body] of ["(opened)", "list more numbers", "and more again"].entries()) {
      const before = fake.requests.length;
      const calls = Array.from({ length: listings }, (_, k) => listing(1000 * i + 100 * k));
      next(...calls, { text: `Listed batch ${i + 1}.` });
      const run = await openOrComment(issue, i === 0 ? undefined : body, { model: fake, env: path.env(fake) });
      expect(run.stages.agent!.exitCode, run.logs).toBe(0);
      expect(world.gh.comments(issue.number).at(-1)!.body).toContain(`Listed batch ${i + 1}.`);
      check(run, fake.requests.slice(before));
    }
  } finally {
    await fake.stop();
  }
  return { fake, issueNumber: issue.number };
}

const PATHS: Path[] = [
  {
    name: "an OpenAI-compatible llama.cpp server, the window learned from it",
    ...llamaCpp({ kind: "llama.cpp", contextWindow: 8_192, toolCalls: true }),
  },
  { name: "Anthropic, the window configured", ...anthropic(8_192) },
];

describe.each(PATHS)("an 8k context window: $name", (path) => {
  it("compacts a conversation that outgrows it, which goes on across three comments", async () => {
    const { fake, issueNumber } = await threeComments(path, 3, () => {});
    const replies = world.gh.comments(issueNumber).filter((c) => c.body?.includes(REPLY_MARKER));
    expect(replies).toHaveLength(3);
    // The server refused nothing: every request fitted its 8k window, summaries included.
    expect(fake.requests.filter(refused)).toEqual([]);
    expect(fake.requests.filter(isSummary).length).toBeGreaterThan(1);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issueNumber}.json`));
    const entries = sessionLines(await world.onOrigin(mapping.sessionPath));
    expect(entries.filter((e) => e.type === "compaction").length).toBeGreaterThan(1);
    // The last request carries a summary and the third run's work, not the first run's listings.
    const last = JSON.stringify(fake.requests.filter((r) => !isSummary(r)).at(-1)!.body);
    expect(last.includes("<summary>"), "the summary").toBe(true);
    expect(last.includes("seq 2200 2900"), "the third run's last call").toBe(true);
    expect(last.includes("seq 0 700"), "the first run's first call").toBe(false);
  });
});

const OVERFLOWS: Path[] = [
  {
    name: "llama.cpp's exceed_context_size_error (a server that reports no window)",
    ...llamaCpp({ kind: "llama.cpp", toolCalls: true }),
  },
  {
    name: "OpenAI's context_length_exceeded (a window smaller than the catalogue's)",
    fake: { contextWindow: { tokens: 8_192, flavour: "openai" } },
    env: (fake) => ({ GITCLAW_MODEL: "openai/gpt-4o", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.openaiBaseUrl }),
  },
  { name: "Anthropic's prompt is too long (a window smaller than configured)", ...anthropic(100_000) },
];

describe.each(OVERFLOWS)("a server refusing a request as too long: $name", (path) => {
  it("is answered by compacting and retrying once, and every later comment goes on", async () => {
    await threeComments(path, 9, (run, requests) => {
      // Each run's requests: refused, then the summary, then the same turn again, accepted.
      const sequence = requests.map((r) => (refused(r) ? "refused" : isSummary(r) ? "summary" : "turn"));
      const at = sequence.indexOf("refused");
      expect(at, sequence.join(" ")).toBeGreaterThanOrEqual(0);
      expect(sequence.slice(at, at + 3)).toEqual(["refused", "summary", "turn"]);
      expect(run.logs).toContain("refused the request as longer than its context window (8192 tokens");
    });
  });
});

describe("token-dense text on an 8k window (llama.cpp counting Chinese at 1.4 tokens a character)", () => {
  it("answers a 12k-character Chinese issue and goes on across two more comments", async () => {
    const sentence = "这是一个关于编译器错误的详细报告，其中包含许多步骤、日志和复现方法。";
    const body = `${sentence.repeat(Math.ceil(12_000 / sentence.length))}\n\n请修复这个问题。`;
    expect(body.length).toBeGreaterThanOrEqual(12_000);
    const { fake, next } = await scriptedServer({
      server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: true },
      contextWindow: { tokens: 8_192, cjkTokensPerChar: 1.4 },
    });
    const env = { GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: fake.openaiBaseUrl };
    const issue = world.gh.createIssue({ title: "编译器错误", body, user: "alice" });
    try {
      for (const [i, comment] of ["(opened)", "还有一个问题：日志在哪里？", "谢谢，请继续。"].entries()) {
        next({ text: `Answer ${i + 1}.` });
        const run = await openOrComment(issue, i === 0 ? undefined : comment, { model: fake, env });
        expect(run.stages.agent!.exitCode, run.logs).toBe(0);
        expect(world.gh.comments(issue.number).at(-1)!.body).toContain(`Answer ${i + 1}.`);
      }
      // The first request was refused (the estimate said it fit); what followed fitted.
      const sequence = fake.requests.map((r) => (refused(r) ? "refused" : isSummary(r) ? "summary" : "turn"));
      expect(sequence[0], sequence.join(" ")).toBe("refused");
      expect(sequence.filter((kind) => kind === "turn")).toHaveLength(3);
      expect(sequence.slice(sequence.lastIndexOf("refused") + 1).every((kind) => kind !== "refused")).toBe(true);
      // The issue reached the summary request cut, never whole; the later runs carry the summary.
      const summaries = fake.requests.filter((r) => isSummary(r) && !refused(r));
      expect(JSON.stringify(summaries[0]!.body)).toContain("characters left out of this summary request");
      const last = JSON.stringify(fake.requests.at(-1)!.body);
      expect(last).toContain("<summary>");
      expect(last).toContain("谢谢，请继续。");
    } finally {
      await fake.stop();
    }
  });
});
