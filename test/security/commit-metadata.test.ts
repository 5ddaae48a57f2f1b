// What gitclaw writes besides file contents (#37): its own commits and pull requests close no other
// issue, skip no check and mention nobody whatever the issue's title says; a command that makes many
// commits has its change delivered as one; pr_create refuses the landing branch and gitclaw's branches
// in any case. (tools.env values and forged identities in the agent's commits: tool-env.test.ts.)
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolCallTurn } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { createWorld, OWNER, REPO, type World } from "../e2e/support.ts";
import { toolResults } from "./support.ts";

const bash = (command: string) => ({ name: "bash", input: { command } });

describe("text gitclaw writes, commits it takes and branches it publishes", () => {
  let world: World;
  beforeAll(async () => {
    world = await createWorld({ ".github/gitclaw.json": JSON.stringify({ git: { maxAgentCommits: 3 } }) });
    world.gh.addUser({ login: "alice", permission: "write" });
  });
  afterAll(() => world?.stop());

  async function runIssue(title: string, calls: ToolCallTurn[], answer: string) {
    world.model.script([...calls.map((call) => ({ toolCalls: [call] })), { text: answer }]);
    const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const results = toolResults(world).slice(-calls.length);
    return { results, reply: world.gh.comments(issue.number).at(-1)!.body, issueNumber: issue.number };
  }

  it("an issue title's closing keywords, skip directives and mentions do nothing in gitclaw's commit or pull request", async () => {
    const title =
      "fix #91, Fixes: #92, resolves octo/other#3, closes https://github.com/octo/other/issues/4 [skip ci] [CI SKIP] @bob";
    const body = "Fixes #91 and closes #92. [skip ci]\n\nskip-checks: true\n\ncc @bob";
    const pr = { name: "github", input: { op: "pr_create", title, body, head: "feature/words" } };
    const { results, issueNumber } = await runIssue(
      title,
      [
        bash(
          "git switch -q -c feature/words && echo w > w.txt && git add -A && git commit -qm words && git switch -q main",
        ),
        pr,
      ],
      "Done.",
    );
    const subject = await world.repo.originGit("log", "-1", "--format=%B", "main");
    expect(subject).toMatch(new RegExp(`^gitclaw: issue #${issueNumber} — `));
    for (const text of [subject, results[1]!]) {
      expect(text).not.toMatch(/\b(fix|fixes|closes|resolves):?\s*(#\d|octo\/other#|https?:)/i);
      expect(text).not.toMatch(/\[(skip ci|ci skip)\]/i);
      expect(text).not.toMatch(/(?<![\w＠])@bob/);
      expect(text).not.toMatch(/^skip-checks:\s*true/m);
    }
    expect(subject).toContain("fix issue 91, Fixes: issue 92");
    const created = world.gh.pullRequest(Number(/Pull Request #(\d+)/.exec(results[1]!)![1]));
    expect(created.title).toContain("(skip ci)");
    expect(created.body).toContain("＠bob");
  });

  it("a branch published with commits gitclaw rebuilt (a claimed author) is published as the agent left it, not reported left behind", async () => {
    const pr = {
      name: "github",
      input: { op: "pr_create", title: "Claimed", body: "Claimed.", head: "feature/claimed" },
    };
    const { reply } = await runIssue(
      "Claim",
      [
        bash(
          "git switch -q -c feature/claimed && git commit -q --allow-empty --author='The Owner <owner@example.com>' -m claimed && git switch -q main",
        ),
        pr,
      ],
      "Claimed.",
    );
    expect(
      await world.repo.originGit(
        "log",
        "-1",
        "--format=%an|%(trailers:key=Agent-claimed-author,valueonly)",
        "feature/claimed",
      ),
    ).toBe("gitclaw[bot]|The Owner <owner@example.com>");
    expect(reply).not.toContain("left unpublished");
  });

  it("past git.maxAgentCommits, the agent's change comes as one commit, and the reply says why", async () => {
    const { reply } = await runIssue(
      "Count up",
      [
        bash(
          'for i in 1 2 3 4 5; do echo $i > n.txt; git add n.txt; git commit -qm "n $i"; done; git log --oneline | wc -l',
        ),
      ],
      "Counted.",
    );
    expect(await world.onOrigin("n.txt")).toBe("5\n");
    const subjects = (await world.repo.originGit("log", "--format=%s", "-2", "main")).split("\n");
    expect(subjects[1]).toBe("gitclaw: the agent's commits, as one");
    expect(await world.repo.originGit("log", "-1", "--format=%B", "main~1")).toContain("more than 3 commits");
    expect(reply).toContain("come as one commit (more than 3 commits)");
  });

  it("pr_create refuses the landing branch and gitclaw's branches whatever their case", async () => {
    const pr = (head: string) => ({ name: "github", input: { op: "pr_create", title: "Mine", body: "Mine.", head } });
    const { results } = await runIssue(
      "Case games",
      [
        bash(
          "git switch -q -c Main && echo m > m.txt && git add -A && git commit -qm m && git branch GitClaw/issue-1 && git branch MAIN && git switch -q main",
        ),
        pr("Main"),
        pr("GitClaw/issue-1"),
        pr("MAIN"),
      ],
      "Tried.",
    );
    expect(results[1]).toContain(
      "refusing to publish Main: but for case it is main, which is where the run's own work lands.",
    );
    expect(results[2]).toContain(
      "refusing to publish GitClaw/issue-1: gitclaw/ branches hold gitclaw's own conversations.",
    );
    expect(results[3]).toContain("refusing to publish MAIN: but for case it is main");
    const heads = (await world.repo.originGit("for-each-ref", "--format=%(refname)", "refs/heads")).split("\n");
    expect(heads.filter((ref) => /main|gitclaw/i.test(ref))).toEqual(["refs/heads/main"]);
  });
});

describe("a run without the sandbox, where tool commands commit in the workspace's own repository", () => {
  let world: World;
  beforeAll(async () => {
    const config = { sandbox: "off", network: "open", git: { maxAgentCommits: 3 } };
    world = await createWorld({ ".github/gitclaw.json": JSON.stringify(config) });
    world.gh.addUser({ login: "alice", permission: "write" });
  });
  afterAll(() => world?.stop());

  it("its commits name nobody but gitclaw and the requester either, and are bounded the same", async () => {
    const forged =
      "GIT_COMMITTER_NAME=Eve GIT_COMMITTER_EMAIL=eve@example.com git commit -q --allow-empty --author='The Owner <owner@example.com>' -m Forged -m 'Signed-off-by: The Owner <owner@example.com>'";
    world.model.script([{ toolCalls: [bash(`${forged} && echo forged`)] }, { text: "Forged." }]);
    const issue = world.gh.createIssue({ title: "Forge", body: "Please.", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(await world.repo.originGit("log", "-1", "--format=%an|%cn", "main~1")).toBe("gitclaw[bot]|gitclaw[bot]");
    const message = await world.repo.originGit("log", "-1", "--format=%B", "main~1");
    expect(message).toContain("Agent-claimed-author: The Owner <owner@example.com>");
    expect(message).toContain("Agent-claimed-committer: Eve <eve@example.com>");
    expect(message).not.toMatch(/^Signed-off-by: The Owner/m);

    world.model.script([
      { toolCalls: [bash('for i in 1 2 3 4 5; do echo $i > m.txt; git add m.txt; git commit -qm "m $i"; done')] },
      { text: "Counted." },
    ]);
    const many = world.gh.createIssue({ title: "Count", body: "Please.", user: "alice" });
    const counted = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue: many }));
    expect(counted.stages.agent!.exitCode, counted.logs).toBe(0);
    expect(await world.repo.originGit("log", "-1", "--format=%s", "main~1")).toBe(
      "gitclaw: the agent's commits, as one",
    );
    expect(world.gh.comments(many.number).at(-1)!.body).toContain("come as one commit (more than 3 commits)");
  });
});
