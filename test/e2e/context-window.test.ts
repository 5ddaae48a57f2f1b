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

const PATHS: Path[] = [
  {
    name: "an OpenAI-compatible llama.cpp server, the window learned from it",
    fake: { server: { kind: "llama.cpp", contextWindow: 8_192, toolCalls: true }, contextWindow: { tokens: 8_192 } },
    env: (fake) => ({ GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: fake.openaiBaseUrl }),
  },
  {
    name: "Anthropic, the window configured",
    fake: { contextWindow: { tokens: 8_192 } },
    env: () => ({}),
    config: { models: { "anthropic/claude-sonnet-4-5": { contextWindow: 8_192 } } },
  },
];

describe.each(PATHS)("an 8k context window: $name", (path) => {
  it("compacts a conversation that outgrows it, which goes on across three comments", async () => {
    if (path.config) await checkoutWithConfig(world, path.config);
    const { fake, next } = await scriptedServer(path.fake);
    try {
      const issue = world.gh.createIssue({ title: "Count", body: "list numbers, many of them", user: "alice" });
      const env = path.env(fake);
      const comments = ["list more numbers", "and more again"];
      for (const [i, body] of ["(opened)", ...comments].entries()) {
        next(listing(1000 * i), listing(1000 * i + 100), listing(1000 * i + 200), { text: `Listed batch ${i + 1}.` });
        const payload =
          i === 0
            ? issueOpenedPayload({ ...target, issue })
            : issueCommentCreatedPayload({
                ...target,
                issue: world.gh.issue(issue.number),
                comment: world.gh.addComment(issue.number, { body, user: "alice" }),
              });
        const run = await world.run(i === 0 ? "issues" : "issue_comment", payload, { model: fake, env });
        expect(run.stages.agent!.exitCode, run.logs).toBe(0);
        expect(world.gh.comments(issue.number).at(-1)!.body).toContain(`Listed batch ${i + 1}.`);
      }
      const replies = world.gh.comments(issue.number).filter((c) => c.body?.includes(REPLY_MARKER));
      expect(replies).toHaveLength(3);
      // The server refused nothing: every request fitted its 8k window, summaries included.
      expect(fake.requests.filter(refused)).toEqual([]);
      expect(fake.requests.filter(isSummary).length).toBeGreaterThan(1);
      const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
      const entries = sessionLines(await world.onOrigin(mapping.sessionPath));
      expect(entries.filter((e) => e.type === "compaction").length).toBeGreaterThan(1);
      // The last request carries a summary and the third run's work, not the first run's listings.
      const last = JSON.stringify(fake.requests.filter((r) => !isSummary(r)).at(-1)!.body);
      expect(last.includes("<summary>"), "the summary").toBe(true);
      expect(last.includes("seq 2200 2900"), "the third run's last call").toBe(true);
      expect(last.includes("seq 0 700"), "the first run's first call").toBe(false);
    } finally {
      await fake.stop();
    }
  });
});

const OVERFLOWS: Path[] = [
  {
    name: "llama.cpp's exceed_context_size_error (a server that reports no window)",
    fake: { server: { kind: "llama.cpp", toolCalls: true }, contextWindow: { tokens: 8_192 } },
    env: (fake) => ({ GITCLAW_MODEL: "ollama/smollm2", OLLAMA_BASE_URL: fake.openaiBaseUrl }),
  },
  {
    name: "OpenAI's context_length_exceeded (a window smaller than the catalogue's)",
    fake: { contextWindow: { tokens: 8_192, flavour: "openai" } },
    env: (fake) => ({ GITCLAW_MODEL: "openai/gpt-4o", OPENAI_API_KEY: "sk-test", OPENAI_BASE_URL: fake.openaiBaseUrl }),
  },
  {
    name: "Anthropic's prompt is too long (a window smaller than configured)",
    fake: { contextWindow: { tokens: 8_192 } },
    env: () => ({}),
    config: { models: { "anthropic/claude-sonnet-4-5": { contextWindow: 100_000 } } },
  },
];

describe.each(OVERFLOWS)("a server refusing a request as too long: $name", (path) => {
  it("is answered by compacting and retrying once, and every later comment goes on", async () => {
    if (path.config) await checkoutWithConfig(world, path.config);
    const { fake, next } = await scriptedServer(path.fake);
    try {
      const issue = world.gh.createIssue({
        title: "Overflow",
        body: "list numbers until it is too much",
        user: "alice",
      });
      for (const [i, body] of ["(opened)", "more", "and more"].entries()) {
        const before = fake.requests.length;
        next(...[0, 1, 2, 3, 4, 5, 6, 7, 8].map((k) => listing(1000 * i + 100 * k)), {
          text: `Listed batch ${i + 1}.`,
        });
        const payload =
          i === 0
            ? issueOpenedPayload({ ...target, issue })
            : issueCommentCreatedPayload({
                ...target,
                issue: world.gh.issue(issue.number),
                comment: world.gh.addComment(issue.number, { body, user: "alice" }),
              });
        const run = await world.run(i === 0 ? "issues" : "issue_comment", payload, {
          model: fake,
          env: path.env(fake),
        });
        expect(run.stages.agent!.exitCode, run.logs).toBe(0);
        expect(world.gh.comments(issue.number).at(-1)!.body).toContain(`Listed batch ${i + 1}.`);
        // This run's requests: refused, then the summary, then the same turn again, accepted.
        const sequence = fake.requests
          .slice(before)
          .map((r) => (refused(r) ? "refused" : isSummary(r) ? "summary" : "turn"));
        const at = sequence.indexOf("refused");
        expect(at, sequence.join(" ")).toBeGreaterThanOrEqual(0);
        expect(sequence.slice(at, at + 3)).toEqual(["refused", "summary", "turn"]);
        expect(run.logs).toContain("refused the request as longer than its context window (8192 tokens");
      }
    } finally {
      await fake.stop();
    }
  });
});
