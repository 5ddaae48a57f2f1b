// The github tool inside a real run: calls reach the emulator through the agent's own client, the
// policy denies cross-repository writes without a request, and every call is audited in the session
// and the job summary.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, sessionLines, useWorld } from "./support.ts";

const world = useWorld();

describe("the github tool in a run", () => {
  it("reads an issue, is denied a cross-repository comment, and audits both", async () => {
    const other = world.gh.createIssue({ title: "Related bug", body: "The parser crashes on empty input.", user: "alice" });
    const issue = world.gh.createIssue({ title: "Look at the related bug", body: `See #${other.number}`, user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "github", input: { op: "issue_view", issue: String(other.number) } }] },
      { toolCalls: [{ name: "github", input: { op: "comment", repo: "someone/else", issue: "1", body: "spam" } }] },
      { text: "The related bug is about the parser." },
    ]);
    const before = world.gh.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const lines = sessionLines(await world.onOrigin(mapping.sessionPath));
    const results = lines.filter((l) => l.type === "message" && (l.message as { role: string }).role === "toolResult").map((l) => l.message as { isError: boolean; content: { text: string }[] });
    expect(results[0]!.isError).toBe(false);
    expect(results[0]!.content[0]!.text).toMatch(/^\[github [^\]]+ issue_view read ok [\d.]+K?B\]/);
    expect(results[0]!.content[0]!.text).toContain("The parser crashes on empty input.");
    expect(results[1]!.isError).toBe(true);
    expect(results[1]!.content[0]!.text).toMatch(/denied/i);
    // The denied call never reached the API.
    expect(world.gh.requests.slice(before).some((r) => r.path.includes("someone/else"))).toBe(false);

    const audits = lines.filter((l) => l.type === "custom" && l.customType === "gitclaw.github_audit").map((l) => l.data as Record<string, unknown>);
    expect(audits.map((a) => [a.op, a.class, a.decision])).toEqual([["issue_view", "read", "allowed"], ["comment", "write", "denied"]]);
    expect(JSON.stringify(audits)).not.toContain("spam");
    const summary = readFileSync(join(run.runnerTemp, "summary.md"), "utf8");
    expect(summary).toMatch(/### github tool calls/);
    expect(summary).toMatch(/\| comment \| write \| denied \|/);
  });
});
