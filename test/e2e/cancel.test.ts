// Cancel (the Cancel button, or timeout-minutes) exactly as a GitHub-hosted runner does it: SIGINT to
// the step's process, SIGTERM 7.5 s later, the whole tree killed 2.5 s after that. The agent hears the
// first signal, stops, commits and pushes what was done, and replies once; the backstop stays quiet.
import { describe, expect, it } from "vitest";
import type { Turn } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, useWorld } from "./support.ts";

const world = useWorld();
const target = { owner: OWNER, repo: REPO };

const CASES: { name: string; turns: Turn[]; turnsDone: number }[] = [
  {
    name: "mid model stream",
    turns: [
      { toolCalls: [{ name: "write", input: { path: "partial-stream.txt", content: "work so far\n" } }] },
      { text: "never finished", hang: true },
    ],
    turnsDone: 2,
  },
  {
    name: "mid tool, a command that ignores SIGTERM",
    turns: [
      { toolCalls: [{ name: "write", input: { path: "partial-tool.txt", content: "work so far\n" } }] },
      { toolCalls: [{ name: "bash", input: { command: "trap '' TERM INT; echo started; sleep 60" } }] },
    ],
    turnsDone: 2,
  },
];

describe.each(CASES)("a run cancelled $name", ({ turns, turnsDone }) => {
  it("lands the session and the partial work on origin and replies exactly once", async () => {
    const issue = world.gh.createIssue({ title: "Cancel me", body: "long task", user: "alice" });
    world.model.script(turns);
    const requests = world.model.requests.length;
    const running = world.start("issues", issueOpenedPayload({ ...target, issue }));
    while (world.model.requests.length < requests + turnsDone) await Bun.sleep(20);
    await Bun.sleep(300);
    running.cancel();
    const run = await running.result;

    expect(run.status).toBe("cancelled");
    // It was done before the runner's second signal: SIGINT was all it took.
    expect(run.stages.agent!.signals).toEqual(["SIGINT"]);
    expect(run.stages.agent!.stdout).toMatch(/received SIGINT/);
    const path = turns[0]!.toolCalls![0]!.input as { path: string };
    expect(await world.onOrigin(path.path)).toBe("work so far\n");
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    expect(await world.onOrigin(mapping.sessionPath)).toContain("long task");

    const comments = world.gh.comments(issue.number);
    expect(comments, run.logs).toHaveLength(1);
    expect(comments[0]!.body).toMatch(
      /Cancelled after \d+s, 2 turns\. Everything done so far is saved; comment to continue\./,
    );
    expect(run.stages.cleanup!.stdout).toMatch(/a reply exists/);
    expect(world.gh.reactions({ issue: issue.number })).toEqual([]);
  });
});
