// Crash consistency: the agent is killed (SIGKILL, no handler runs) at each stage of a run; then the
// workflow's backstop runs, and a follow-up comment starts a new run. Nothing may be lost or doubled.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SessionFile } from "../../src/session/session-file.ts";
import { REPLY_MARKER } from "../../src/github/marker.ts";
import type { Turn } from "../support/fake-model.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import type { RunningStep } from "../support/runner/step.ts";
import { OWNER, REPO, useWorld } from "./support.ts";

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
  {
    name: "mid tool",
    turns: [{ toolCalls: [{ name: "bash", input: { command: "sleep 5" } }] }],
    killAfterRequests: 1,
    pushed: false,
  },
  {
    name: "after commit before push",
    turns: [{ text: "answer one" }],
    env: { GITCLAW_FAULT: "after-commit" },
    pushed: false,
  },
  {
    name: "after push before the reply",
    turns: [{ text: "answer one" }],
    env: { GITCLAW_FAULT: "after-push" },
    pushed: true,
  },
];

describe.each(STAGES)("the agent killed $name", (stage) => {
  it("leaves a consistent remote, one failure reply, no 👀, and a follow-up that resumes", async () => {
    const issue = world.gh.createIssue({ title: `Fault ${stage.name}`, body: "do the thing", user: "alice" });
    const mainBefore = await world.repo.originGit("rev-parse", "main");
    world.model.script(stage.turns);
    const requests = world.model.requests.length;
    // The agent step dies outright (its whole process tree, SIGKILL) at the chosen moment.
    const killAtTheMoment = async (step: RunningStep) => {
      while (world.model.requests.length < requests + stage.killAfterRequests!) await Bun.sleep(10);
      await Bun.sleep(stage.name === "mid tool" ? 400 : 50);
      step.kill();
    };
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      env: stage.env,
      onStep: (id, step) => void (id === "agent" && stage.killAfterRequests !== undefined && killAtTheMoment(step)),
    });
    expect(run.proceed).toBe(true);
    expect(run.stages.agent!.exitCode).not.toBe(0);
    // The job failed, and the workflow's backstop ran.
    expect(run.status).toBe("failure");
    expect(run.stages.cleanup!.exitCode, run.logs).toBe(0);

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
    const followUp = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
    );
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
