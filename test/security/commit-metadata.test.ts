// What gitclaw pushes besides file contents (#37): the agent's commit messages, authors and
// committers, path names and link targets carry no tools.env value (nor does the base64 a command
// prints, wrapped at 76 columns); the agent's commits name no one but gitclaw and the person who asked;
// text gitclaw writes into its own commits and pull requests closes no other issue, skips no check and
// mentions nobody; a command that makes many commits has its change delivered as one; pr_create
// refuses the landing branch and gitclaw's branches in any case.
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ToolCallTurn } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { createWorld, OWNER, REPO, type World } from "../e2e/support.ts";
import { findLeaks, type Scene } from "./leaks.ts";
import { SECRETS, hostedRunner, sceneOf, toolResults, type HostedRunner } from "./support.ts";

const NPM_TOKEN = `npm_${"RegistryToken0".repeat(3)}`;
const DATABASE_URL = "postgres://app:s3cret-Passw0rd-xyz@db.internal:5432/widgets";
const PASSED = [
  { name: "NPM_TOKEN", value: NPM_TOKEN },
  { name: "DATABASE_URL", value: DATABASE_URL },
];
const bash = (command: string) => ({ name: "bash", input: { command } });
const FORGED_COMMITTER =
  "GIT_COMMITTER_NAME='github-actions[bot]' GIT_COMMITTER_EMAIL='41898282+github-actions[bot]@users.noreply.github.com'";

/** Every author and committer, message, path and link target of origin's history, as one text. */
async function originMetadata(world: World): Promise<string> {
  const git = (...args: string[]) => execa("git", args, { cwd: world.repo.origin }).then((r) => r.stdout);
  const people = await git("log", "--all", "--format=%an <%ae> | %cn <%ce>%n%B");
  const paths = await git("log", "--all", "--name-only", "--format=");
  const tips = (await git("for-each-ref", "--format=%(refname)")).split("\n");
  const links = await Promise.all(tips.map((ref) => git("ls-tree", "-r", ref)));
  return [people, paths, tips.join("\n"), links.join("\n")].join("\n");
}

describe("tools.env values and forged identities in the agent's commits", () => {
  let world: World;
  let runner: HostedRunner;
  let scene: Scene & { issueNumber: number };
  let results: string[];
  beforeAll(async () => {
    world = await createWorld({
      ".github/gitclaw.json": JSON.stringify({ tools: { env: ["NPM_TOKEN", "DATABASE_URL"] } }),
    });
    world.gh.addUser({ login: "alice", permission: "write" });
    runner = await hostedRunner(world);
    const since = { modelRequests: world.model.requests.length, githubRequests: world.gh.requests.length };
    const issue = world.gh.createIssue({ title: "Record the registry", body: "Please.", user: "alice" });
    world.model.script([
      {
        toolCalls: [
          bash('echo "$DATABASE_URL" | base64'),
          bash(
            'echo hi > "file-$NPM_TOKEN.txt" && ln -s "target-$NPM_TOKEN" link && git add -A && git -c user.name="x $NPM_TOKEN" -c user.email="$NPM_TOKEN@example.com" commit -qm "note $NPM_TOKEN" && echo committed',
          ),
          bash(
            `${FORGED_COMMITTER} git commit -q --allow-empty --author='The Owner <owner@example.com>' -m 'Forged' -m 'Signed-off-by: The Owner <owner@example.com>' -m 'Co-authored-by: Mallory <mallory@example.com>' && echo forged`,
          ),
          bash('echo wt > "wt-$NPM_TOKEN.txt" && ln -s "/tmp/$NPM_TOKEN" wtlink && echo left'),
        ],
      },
      { text: "Recorded." },
    ]);
    const env = { ...runner.context.env, NPM_TOKEN, DATABASE_URL };
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
      ...runner.context,
      env,
    });
    expect(run.stages.agent?.exitCode, run.logs).toBe(0);
    scene = { ...sceneOf(world, runner, run.logs, since), issueNumber: issue.number };
    results = toolResults(world);
  });
  afterAll(async () => {
    runner?.cleanup();
    await world?.stop();
  });

  it("the base64 a command prints, wrapped at 76 columns, is redacted", () => {
    expect(results[0]).toContain("[REDACTED]");
    expect(results[0]!.replace(/\s/g, "")).not.toContain(Buffer.from(DATABASE_URL).toString("base64").slice(0, 40));
  });

  it("commit messages, authors, committers, path names and link targets carry no value", async () => {
    const metadata = await originMetadata(world);
    expect(metadata).not.toContain(NPM_TOKEN);
    expect(metadata).toContain("note [REDACTED]");
    expect(metadata).toContain("file-[REDACTED].txt");
    expect(metadata).toContain("wt-[REDACTED].txt");
    expect(await world.repo.originGit("cat-file", "-p", "main:link")).toBe("target-[REDACTED]");
    expect(await world.repo.originGit("cat-file", "-p", "main:wtlink")).toBe("/tmp/[REDACTED]");
  });

  it("no commit names anyone but gitclaw and alice; what the agent claimed is kept as its claim", async () => {
    const people = await world.repo.originGit("log", "--format=%an <%ae>%n%cn <%ce>", "main~3..main");
    for (const who of new Set(people.split("\n")))
      expect(who).toMatch(
        /^(gitclaw\[bot\] <gitclaw\[bot\]@users\.noreply\.github\.com>|alice <\d+\+alice@users\.noreply\.github\.com>)$/,
      );
    const forged = await world.repo.originGit("log", "-1", "--format=%B", "--grep=^Forged$", "main");
    expect(forged).toContain("Agent-claimed-author: The Owner <owner@example.com>");
    expect(forged).toContain(
      "Agent-claimed-committer: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
    );
    expect(forged).toContain("Agent-claimed-signed-off-by: The Owner <owner@example.com>");
    expect(forged).toContain("Agent-claimed-co-authored-by: Mallory <mallory@example.com>");
    expect(forged).toMatch(/^Co-authored-by: alice </m);
    expect(forged).not.toMatch(/^(Signed-off-by|Co-authored-by): (The Owner|Mallory)/im);
  });

  it("leaves no form of the values in any outlet", async () => {
    expect(await findLeaks(scene, [...SECRETS, ...PASSED])).toEqual([]);
  });
});

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
