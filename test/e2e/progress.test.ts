import { describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, OWNER, REPO, useWorld } from "./support.ts";

const world = useWorld();

describe("live progress and the reply", () => {
  it("edits one progress comment, throttled, and turns it into the reply with a footer", async () => {
    const workspace = await checkoutWithConfig(world, { progress: { throttleSeconds: 1, delaySeconds: 0 } });

    const issue = world.gh.createIssue({ title: "Run three steps", body: "go", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "sleep 0.4; echo one" } }] },
      { toolCalls: [{ name: "bash", input: { command: "sleep 0.4; echo two" } }] },
      { toolCalls: [{ name: "bash", input: { command: "sleep 0.4; exit 1" } }] },
      { text: "Three steps done." },
    ]);
    const started = Date.now();
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), { workspace });
    const elapsed = Date.now() - started;
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    const comments = world.gh.comments(issue.number);
    expect(comments).toHaveLength(1);
    const id = comments[0]!.id;
    const created = world.gh.requests.find(
      (r) => r.method === "POST" && r.path.endsWith(`/issues/${issue.number}/comments`),
    )!;
    expect((created.body as { body: string }).body).toMatch(/gitclaw is working…/);
    expect((created.body as { body: string }).body).toContain("/actions/runs/");
    const edits = world.gh.requests.filter((r) => r.method === "PATCH" && r.path.endsWith(`/issues/comments/${id}`));
    // At least one live edit plus the final one; never more than one per second of run time (+ the final).
    expect(edits.length).toBeGreaterThanOrEqual(2);
    expect(edits.length).toBeLessThanOrEqual(Math.ceil(elapsed / 1000) + 1);
    const live = edits.slice(0, -1).map((e) => (e.body as { body: string }).body);
    expect(live.some((b) => /- [✓⏳] bash `sleep 0.4; echo one`/.test(b))).toBe(true);

    const final = comments[0]!.body;
    expect(final).toContain("Three steps done.");
    expect(final).toMatch(/<details><summary>3 steps<\/summary>/);
    expect(final).toMatch(/- ✓ bash `sleep 0.4; echo one` \(\d+\.\ds\)/);
    expect(final).toMatch(/- ✗ bash `sleep 0.4; exit 1`/);
    expect(final).toMatch(
      /4 turns · 3 tool calls · [\d.k]+ in \([\d.k]+ cached\) \/ [\d.k]+ out · \$\d+\.\d{4} · issue total \$\d+\.\d\d over 1 run · `anthropic\/claude-sonnet-4-5`/,
    );
    expect(final).toMatch(/\[run\]\(.+\/actions\/runs\/\d+\)/);
    expect(final).toMatch(/\[session\]\(.+\/blob\/[0-9a-f]{40}\/state\/sessions\/.+\.jsonl\)/);
    expect(final).toMatch(/\[commit\]\(.+\/commit\/[0-9a-f]{40}\)/);

    const summary = run.summary;
    expect(summary).toContain(`## gitclaw · issue #${issue.number}`);
    expect(summary).toMatch(/Outcome: \*\*done\*\*/);
    expect(summary).toMatch(/\| \| bash `sleep 0.4; exit 1` \| ✗ \|/);
    expect(summary).toMatch(/\| `anthropic\/claude-sonnet-4-5` \|/);
    expect(run.logs).toContain("::group::gitclaw: turn 1");
  });

  it("posts only the reply, in one write, when the run ends before the progress delay", async () => {
    const workspace = await checkoutWithConfig(world, {}); // the defaults
    const issue = world.gh.createIssue({ title: "Quick one", body: "go", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "echo quick" } }] },
      { text: "Done quickly." },
    ]);
    const before = world.gh.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), { workspace });
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    const comments = world.gh.comments(issue.number);
    expect(comments).toHaveLength(1);
    expect(comments[0]!.body).toContain("Done quickly.");
    expect(comments[0]!.body).toMatch(/- ✓ bash `echo quick`/);
    expect(comments[0]!.body).not.toContain("gitclaw is working…");
    const writes = world.gh.requests
      .slice(before)
      .filter((r) => r.method !== "GET" && /\/issues\/(\d+\/)?comments/.test(r.path));
    expect(writes.map((r) => `${r.method} ${r.path}`)).toEqual([
      `POST /repos/${OWNER}/${REPO}/issues/${issue.number}/comments`,
    ]);
  });
});
