// Stress: 16 runs on different issues plus 4 runs editing the same file, all pushing to one bare
// origin at once, each run a whole job as a hosted runner runs it (no git identity anywhere). Every
// commit lands on the default branch or is kept on its gitclaw/issue-… branch, every conversation's
// session lands on the default branch, and every issue gets one reply pointing at its own commit.
// Heavy (20 agent processes on 2 cores): set GITCLAW_SKIP_STRESS=1 to skip it locally; CI runs it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeModel, type FakeModel } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, createWorld, type World } from "./support.ts";

const skip = process.env.GITCLAW_SKIP_STRESS === "1";
let world: World;
let model: FakeModel;
beforeAll(async () => {
  world = await createWorld({ "shared.txt": "original\n" });
  world.gh.addUser({ login: "alice", permission: "write" });
  // Requests arrive in any order: each run is answered from what its own request says.
  model = await startFakeModel({
    respond: (request) => {
      const body = JSON.stringify(request.body);
      const [, kind, n] = /Stress (own|shared) (\d+)/.exec(body)!;
      if (body.includes("tool_result")) return { text: `done ${kind} ${n}` };
      const path = kind === "own" ? `stress/${n}.txt` : "shared.txt";
      return { toolCalls: [{ name: "write", input: { path, content: `written by ${kind} ${n}\n` } }] };
    },
  });
});
afterAll(async () => {
  await model.stop();
  await world.stop();
});

describe.skipIf(skip)("push contention", () => {
  it("loses nothing with 16 runs on different issues and 4 on the same file", async () => {
    const own = Array.from({ length: 16 }, (_, i) =>
      world.gh.createIssue({ title: `Stress own ${i}`, body: "write your file", user: "alice" }),
    );
    const shared = Array.from({ length: 4 }, (_, i) =>
      world.gh.createIssue({ title: `Stress shared ${i}`, body: "edit shared.txt", user: "alice" }),
    );
    const issues = [...own, ...shared];
    const checkouts = await Promise.all(issues.map(() => world.checkout()));
    const runs = await Promise.all(
      issues.map((issue, i) =>
        world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
          workspace: checkouts[i]!,
          model,
          runId: String(9000 + i),
        }),
      ),
    );
    for (const run of runs) expect(run.stages.agent!.exitCode, run.logs).toBe(0);

    const tree = await world.repo.originGit("ls-tree", "-r", "--name-only", "main");
    for (let i = 0; i < 16; i++) expect(tree).toContain(`stress/${i}.txt`);
    for (const issue of issues) expect(tree).toContain(`state/issues/${issue.number}.json`);
    // Each reply points at the run's own commit: on main, holding that run's file and mapping.
    for (let i = 0; i < 16; i++) {
      const issue = own[i]!;
      const reply = world.gh.comments(issue.number).at(-1)!.body!;
      const sha = /\/commit\/([0-9a-f]{40})\)/.exec(reply)?.[1];
      expect(sha, reply).toBeDefined();
      expect(
        await world.repo.originGit("merge-base", "--is-ancestor", sha!, "main").then(
          () => true,
          () => false,
        ),
      ).toBe(true);
      const files = (await world.repo.originGit("show", "--name-only", "--format=", sha!)).split("\n");
      expect(files).toContain(`stress/${i}.txt`);
      expect(files).toContain(`state/issues/${issue.number}.json`);
    }

    const branches = (await world.repo.originGit("branch", "--format=%(refname:short)")).split("\n");
    const onMain = await world.onOrigin("shared.txt");
    for (let i = 0; i < 4; i++) {
      const issue = shared[i]!;
      const content = `written by shared ${i}\n`;
      const history = await world.repo.originGit("log", "-p", "main", "--", "shared.txt");
      const side = branches.find((b) => b === `gitclaw/issue-${issue.number}-${9000 + 16 + i}`);
      const kept =
        history.includes(`+${content.trim()}`) ||
        (side !== undefined && (await world.repo.originGit("show", `${side}:shared.txt`)) === content.trim());
      expect(kept, `shared run ${i}: main has ${JSON.stringify(onMain)}, branches ${branches.join(", ")}`).toBe(true);
      const reply = world.gh.comments(issue.number).at(-1)!.body!;
      expect(reply).toContain(`done shared ${i}`);
      if (side) {
        expect(reply).toMatch(new RegExp(`kept on branch \`${side.replace(/[/]/g, "\\/")}\` instead: \\[compare\\]`));
        // The reason names the conflict, not git's first line of output.
        expect(reply).toMatch(/conflict with main at [0-9a-f]{12}: both changed `shared\.txt`/);
      }
    }
    // All four started from the same base: one lands, the other three conflict and keep their branch.
    expect(branches.filter((b) => b.startsWith("gitclaw/issue-"))).toHaveLength(3);
    for (const issue of issues) expect(world.gh.comments(issue.number)).toHaveLength(1);
  }, 300_000);
});
