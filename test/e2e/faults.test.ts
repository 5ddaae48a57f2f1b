// Crash consistency: the agent is killed (SIGKILL, no handler runs) at each stage of a run; then the
// workflow's backstop runs, and a follow-up comment starts a new run. Nothing may be lost or doubled.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionFile } from "../../src/session/session-file.ts";
import { REPLY_MARKER } from "../../src/trust.ts";
import type { Turn } from "../support/fake-model.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { actionsEnv, runStage } from "../support/workflow.ts";
import { OWNER, REPO, TOKEN, useWorld } from "./support.ts";

const world = useWorld();
const target = { owner: OWNER, repo: REPO };

interface Stage {
  name: string;
  turns: Turn[];
  env?: Record<string, string>;
  /** When to kill: after the model saw this many requests of this run (undefined: the process kills itself). */
  killAfterRequests?: number;
  /** Whether the first run's answer reached the remote before the kill. */
  pushed: boolean;
}

const STAGES: Stage[] = [
  { name: "after the reaction", turns: [], killAfterRequests: 0, pushed: false },
  { name: "mid model stream", turns: [{ text: "streaming slowly", hang: true }], killAfterRequests: 1, pushed: false },
  { name: "mid tool", turns: [{ toolCalls: [{ name: "bash", input: { command: "sleep 5" } }] }], killAfterRequests: 1, pushed: false },
  { name: "after commit before push", turns: [{ text: "answer one" }], env: { GITCLAW_FAULT: "after-commit" }, pushed: false },
  { name: "after push before the reply", turns: [{ text: "answer one" }], env: { GITCLAW_FAULT: "after-push" }, pushed: true },
];

describe.each(STAGES)("the agent killed $name", (stage) => {
  it("leaves a consistent remote, one failure reply, no 👀, and a follow-up that resumes", async () => {
    const issue = world.gh.createIssue({ title: `Fault ${stage.name}`, body: "do the thing", user: "alice" });
    const mainBefore = await world.repo.originGit("rev-parse", "main");
    const workspace = await world.checkout();
    const runnerTemp = mkdtempSync(join(tmpdir(), "gitclaw-runner-"));
    writeFileSync(join(runnerTemp, "event.json"), JSON.stringify(issueOpenedPayload({ ...target, issue })));
    const env = actionsEnv({ gh: world.gh, model: world.model, repository: `${OWNER}/${REPO}`, workspace, token: TOKEN, env: stage.env }, "issues", join(runnerTemp, "event.json"), runnerTemp);
    writeFileSync(env.GITHUB_STEP_SUMMARY!, "");

    expect((await runStage("guard", env, workspace)).outputs.proceed).toBe("true");
    await runStage("indicator", env, workspace);
    world.model.script(stage.turns);
    const requests = world.model.requests.length;
    const killer = new AbortController();
    const agent = runStage("agent", env, workspace, { signal: killer.signal });
    if (stage.killAfterRequests !== undefined) {
      while (world.model.requests.length < requests + stage.killAfterRequests) await Bun.sleep(10);
      await Bun.sleep(stage.name === "mid tool" ? 400 : 50);
      killer.abort();
    }
    const killed = await agent;
    expect(killed.exitCode).not.toBe(0);

    await runStage("cleanup", { ...env, GITCLAW_JOB_STATUS: "failure" }, workspace);
    const afterKill = world.gh.comments(issue.number);
    expect(afterKill).toHaveLength(1);
    expect(afterKill[0]!.body).toMatch(/gitclaw stopped before it could reply: the job failed/);
    expect(world.gh.reactions({ issue: issue.number })).toEqual([]);

    // The remote is consistent: either untouched, or holding a complete, loadable session.
    const tree = await world.repo.originGit("ls-tree", "-r", "--name-only", "main");
    const mapped = tree.includes(`state/issues/${issue.number}.json`);
    expect(mapped).toBe(stage.pushed);
    if (!stage.pushed) expect(await world.repo.originGit("rev-parse", "main")).toBe(mainBefore);

    // A follow-up comment resumes (or, with nothing pushed, starts) the conversation.
    const comment = world.gh.addComment(issue.number, { body: "are you still there?", user: "alice" });
    world.model.script([{ text: "Yes, continuing." }]);
    const before = world.model.requests.length;
    const followUp = await world.run("issue_comment", issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }));
    expect(followUp.stages.agent!.exitCode, followUp.logs).toBe(0);
    const request = JSON.stringify(world.model.requests[before]!.body);
    expect(request).toContain("are you still there?");
    expect(request).toContain("do the thing");
    if (stage.pushed) expect(request).toContain("answer one");
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const sessionFile = join(mkdtempSync(join(tmpdir(), "gitclaw-check-")), "s.jsonl");
    writeFileSync(sessionFile, await world.onOrigin(mapping.sessionPath));
    expect(SessionFile.load(sessionFile).notes).toEqual([]);
    const replies = world.gh.comments(issue.number).filter((c) => c.body?.includes(REPLY_MARKER));
    expect(replies).toHaveLength(2);
    expect(replies[1]!.body).toContain("Yes, continuing.");
  });
});
