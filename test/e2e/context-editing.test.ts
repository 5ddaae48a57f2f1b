// Context editing through the whole workflow (#41): a 40-turn conversation of reads, whose answer needs
// the first file again. The requests the model gets carry stubs for the answered reads, cleared in
// batches; the model reads the cleared file again and answers right; the session file keeps every
// result in full, and the reply's footer says what was cleared.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModel, type RecordedModelRequest, type Turn } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { createWorld, OWNER, REPO, sessionLines, type World } from "./support.ts";

const READS = 40;
const filePath = (n: number) => `notes/file-${String(n).padStart(2, "0")}.md`;
/** About 4 KB (~1,000 tokens) a file: four batches of ten at the default threshold (10,000). */
const fileText = (n: number) =>
  [`# Notes ${n}`, `The code word of file ${n} is word-${n * 7919}.`, ...Array(160).fill(`Filler line of file ${n}.`)]
    .join("\n")
    .concat("\n");
const FIRST_WORD = "word-7919";
const STUB = "read result cleared from the context";

const resultsIn = (body: unknown) => (JSON.stringify(body).match(/"type":"tool_result"/g) ?? []).length;
const stubsIn = (request: RecordedModelRequest) => JSON.stringify(request.body).split(STUB).length - 1;
const readOf = (n: number): Turn => ({ toolCalls: [{ name: "read", input: { path: filePath(n) } }] });

/** Reads every file in turn, then answers with the first file's code word, as the request shows it, or reads it again. */
function respond(request: RecordedModelRequest): Turn {
  const results = resultsIn(request.body);
  if (results < READS) return readOf(results + 1);
  const word = /code word of file 1 is (word-\d+)/.exec(JSON.stringify(request.body))?.[1];
  return word ? { text: `The first file's code word is ${word}.` } : readOf(1);
}

let world: World;
let fake: FakeModel;
beforeAll(async () => {
  const files = Object.fromEntries(Array.from({ length: READS }, (_, i) => [filePath(i + 1), fileText(i + 1)]));
  world = await createWorld(files);
  world.gh.addUser({ login: "alice", permission: "write" });
  fake = await startFakeModel({ respond });
});
afterAll(async () => {
  await fake.stop();
  await world.stop();
});

describe("a 40-turn conversation of reads", () => {
  it("sends cleared results as stubs in batches, keeps them whole in the session, and still answers right", async () => {
    const issue = world.gh.createIssue({
      title: "Code words",
      body: `Read ${filePath(1)} to ${filePath(READS)}, one a turn, then tell me the first file's code word.`,
      user: "alice",
    });
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), { model: fake });
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    // The answer is right: the model read the cleared file again (41 reads), and found the word.
    const reply = world.gh.comments(issue.number).at(-1)!.body ?? "";
    expect(reply).toContain(`The first file's code word is ${FIRST_WORD}.`);
    const requests = fake.requests;
    expect(requests).toHaveLength(READS + 2);

    // What the model was sent: no stub until a batch of answered results reached the threshold, then
    // a few batches, never more stubs than results answered two turns before; at most 4 cache marks.
    const stubs = requests.map(stubsIn);
    expect(stubs.slice(0, 10).every((n) => n === 0)).toBe(true);
    expect(new Set(stubs).size).toBeLessThanOrEqual(6);
    for (const [i, n] of stubs.entries()) expect(n).toBeLessThanOrEqual(Math.max(0, resultsIn(requests[i]!.body) - 2));
    expect(stubs[READS]).toBeGreaterThanOrEqual(20);
    for (let i = 1; i < stubs.length; i++) expect(stubs[i]).toBeGreaterThanOrEqual(stubs[i - 1]!);
    const marks = requests.map((request) => JSON.stringify(request.body).split('"cache_control"').length - 1);
    expect(marks.slice(0, 10).every((n) => n === 3)).toBe(true);
    expect(marks.slice(-10).every((n) => n === 4)).toBe(true);
    // The request after the 40th read: file 1 only as a stub naming the call that gets it again.
    const before = JSON.stringify(requests[READS]!.body);
    expect(before).not.toContain(FIRST_WORD);
    expect(before).toContain(`call read with {\\"path\\":\\"${filePath(1)}\\"}`);
    expect(JSON.stringify(requests.at(-1)!.body)).toContain(FIRST_WORD);

    // The session keeps every result in full; the footer says what the last request left out.
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const entries = sessionLines(await world.onOrigin(mapping.sessionPath));
    type Result = { role: string; content: { text: string }[] };
    const results = entries
      .map((e) => e.message as Result | undefined)
      .filter((m): m is Result => m?.role === "toolResult");
    expect(results).toHaveLength(READS + 1);
    for (const [i, result] of results.entries()) {
      const n = i < READS ? i + 1 : 1;
      expect(result.content[0]!.text).toContain(`The code word of file ${n} is word-${n * 7919}.`);
    }
    expect(JSON.stringify(entries)).not.toContain(STUB);
    expect(reply).toMatch(/· \d+ tool results cleared \(~[\d.]+k tokens\) ·/);
    expect(run.summary).toMatch(
      /Context editing: the last request had \d+ tool results cleared \(~[\d.]+k tokens\); the session file keeps them in full\./,
    );
  });
});
