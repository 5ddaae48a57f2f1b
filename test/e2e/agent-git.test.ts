// Git in the agent's hands (#27): tool commands run git in the workspace as on a laptop, in a git
// directory the tool user owns; gitclaw takes the commits made on the run's branch as data and
// delivers them in order with their messages, then the conversation. Whatever the agent plants in
// its git directory (hooks, core.hooksPath, core.fsmonitor, filters, textconv, include.path,
// alternates) runs, at most, as the tool user: never in gitclaw's own process, which holds the token.
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DELETE_PUSH_ANSWER, FORCE_PUSH_ANSWER, PUSH_ANSWER } from "../../src/git/agent/shim.ts";
import { toolResultTexts } from "../support/fake-model.ts";
import { commitFile, git as gitIn } from "../support/git-repo.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { createWorld, OWNER, REPO, type World } from "./support.ts";

let world: World;
beforeAll(async () => {
  world = await createWorld({ "src/app.ts": "export const version = 1;\n" });
  world.gh.addUser({ login: "alice", permission: "write" });
});
afterAll(() => world.stop());

const bash = (command: string) => ({ name: "bash", input: { command } });

async function runIssue(title: string, commands: string[], answer: string) {
  world.model.script([...commands.map((command) => ({ toolCalls: [bash(command)] })), { text: answer }]);
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
  const results = toolResultTexts(world.model.requests.at(-1)!.body);
  return { run, results, reply: world.gh.comments(issue.number).at(-1)!.body, issueNumber: issue.number };
}

describe("a model that commits twice on main with git in bash", () => {
  let outcome: Awaited<ReturnType<typeof runIssue>>;
  beforeAll(async () => {
    outcome = await runIssue(
      "Two commits",
      [
        "echo one > one.txt && git add -A && git commit -q -m 'Add one.txt' -m 'The first file.' && git log --format=%s -1",
        "sed -i 's/1/2/' src/app.ts && git add -A && git commit -q -m 'Bump the version' && git status --short && git log --oneline | wc -l",
        "echo loose > loose.md; git push origin main",
      ],
      "Committed twice.",
    );
  });

  it("works in the tool's repository: commits succeed, status is clean, push is answered in one line", () => {
    expect(outcome.run.stages.agent!.exitCode, outcome.run.logs).toBe(0);
    const [first, second, third] = outcome.results;
    expect(first).toContain("Add one.txt");
    expect(second).not.toMatch(/index\.lock|Permission denied|fatal/);
    expect(second).toMatch(/\b3\b/);
    expect(third).toContain("gitclaw: tool commands cannot push");
  });

  it("lands both commits on origin's main with their messages, in order, then the conversation's", async () => {
    const log = await world.repo.originGit("log", "--format=%an|%s", "-4", "main");
    expect(log.split("\n")).toEqual([
      expect.stringMatching(/^gitclaw\[bot\]\|gitclaw: issue #\d+ — Two commits$/),
      "gitclaw[bot]|Bump the version",
      "gitclaw[bot]|Add one.txt",
      "Test|initial",
    ]);
    const body = await world.repo.originGit("log", "-1", "--format=%B", "main~2");
    expect(body).toContain("The first file.");
    expect(body).toContain("Co-authored-by: alice");
    expect(await world.onOrigin("one.txt")).toBe("one\n");
    expect(await world.onOrigin("src/app.ts")).toBe("export const version = 2;\n");
    expect(await world.onOrigin("loose.md")).toBe("loose\n");
    // The commit of the agent's own carries no session: the conversation's commit does.
    const agentFiles = await world.repo.originGit("show", "--format=", "--name-only", "main~1");
    expect(agentFiles).toBe("src/app.ts");
  });

  it("the reply lists the branch and every commit published", async () => {
    const tip = (await world.repo.originGit("rev-parse", "main")).slice(0, 12);
    expect(outcome.reply).toContain(
      `> [!NOTE]\n> Published by this run:\n> - \`main\` at \`${tip}\` (the run's work, 3 commits): \`Add one.txt\`, \`Bump the version\`, \`gitclaw: issue #${outcome.issueNumber} — Two commits\``,
    );
    expect(outcome.reply).not.toContain("unpublished");
  });
});

describe("a model that makes branches with git and publishes none, ending back on main", () => {
  it("lands its work on main; the reply names the branches left unpublished", async () => {
    const { run, reply } = await runIssue(
      "Try things",
      [
        "git switch -q -c try/one && echo one > try1.txt && git add -A && git commit -qm 'Try one' && git switch -q main",
        "git branch try/two && git switch -q -c 'odd`name' && git commit -q --allow-empty -m odd && git switch -q main && echo main > main.txt && git add -A && git commit -qm 'Add main.txt'",
      ],
      "Tried.",
    );
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(await world.onOrigin("main.txt")).toBe("main\n");
    await expect(world.onOrigin("try1.txt")).rejects.toThrow();
    expect(await world.repo.originGit("for-each-ref", "--format=%(refname)", "refs/heads/try")).toBe("");
    expect(reply).toContain(
      "> [!NOTE]\n> Branches made with git in this run were left unpublished and end with it: `try/one`, `try/two`, 1 more with an unusual name (pr_create with head=<branch> publishes one).",
    );
    expect(reply).toMatch(
      /Published by this run:\n> - `main` at `[0-9a-f]{12}` \(the run's work, 2 commits\): `Add main.txt`, `gitclaw: issue #\d+ — Try things`/,
    );
  });
});

describe("a model that commits a protected path with git among other commits", () => {
  it("has that change left out, the rest of its commits delivered with their messages, and the reply says so", async () => {
    const { run, reply } = await runIssue(
      "Tidy the settings",
      [
        "echo notes > notes.md && git add -A && git commit -q -m 'Add notes'",
        "mkdir -p .github && printf '{\"sandbox\":\"off\"}' > .github/gitclaw.json && echo more >> notes.md && git add -A && git commit -qm 'Tidy the settings'",
      ],
      "Tidied.",
    );
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    await expect(world.onOrigin(".github/gitclaw.json")).rejects.toThrow();
    expect(await world.onOrigin("notes.md")).toBe("notes\nmore\n");
    const subjects = await world.repo.originGit("log", "--format=%s", "-3", "main");
    expect(subjects.split("\n").slice(1)).toEqual(["Tidy the settings", "Add notes"]);
    expect(reply).toContain("changed protected paths: `.github/gitclaw.json`");
  });
});

describe("a model that makes a branch with git in bash and asks for a pull request", () => {
  let outcome: Awaited<ReturnType<typeof runIssue>>;
  beforeAll(async () => {
    world.model.script([
      {
        toolCalls: [
          bash(
            "git switch -c feature/hello && echo hello > hello.txt && git add hello.txt && git commit -q -m 'Add hello.txt'",
          ),
        ],
      },
      { toolCalls: [bash("git push -u origin feature/hello")] },
      {
        toolCalls: [
          {
            name: "github",
            input: { op: "pr_create", title: "Say hello", body: "Adds hello.txt.", head: "feature/hello" },
          },
        ],
      },
      { text: "Opened the pull request." },
    ]);
    const issue = world.gh.createIssue({ title: "Hello on a branch", body: "Please.", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    const results = toolResultTexts(world.model.requests.at(-1)!.body);
    outcome = { run, results, reply: world.gh.comments(issue.number).at(-1)!.body, issueNumber: issue.number };
  });

  it("publishes the branch first: the pull request's head holds the commit", async () => {
    expect(outcome.run.stages.agent!.exitCode, outcome.run.logs).toBe(0);
    expect(outcome.results[1]).toContain("gitclaw: tool commands cannot push");
    expect(outcome.results[2]).toContain("gitclaw published your branch feature/hello");
    const number = Number(/Created Pull Request #(\d+)/.exec(outcome.results[2]!)?.[1]);
    const pr = world.gh.pullRequest(number);
    expect(pr).toMatchObject({ title: "Say hello", head: { ref: "feature/hello" }, base: { ref: "main" } });
    expect(await world.repo.originGit("log", "-1", "--format=%an|%s", "feature/hello")).toBe(
      "gitclaw[bot]|Add hello.txt",
    );
    expect(await world.repo.originGit("show", "feature/hello:hello.txt")).toBe("hello");
  });

  it("lands the conversation on main, without the branch's file, and the reply says where the branch is", async () => {
    expect(await world.repo.originGit("log", "-1", "--format=%s", "main")).toMatch(/Hello on a branch$/);
    await expect(world.onOrigin("hello.txt")).rejects.toThrow();
    expect(outcome.reply).toContain(
      "The run ended with the branch feature/hello checked out: its committed files were put back to main's for the conversation's commit; it is published as it is.",
    );
    const tip = (await world.repo.originGit("rev-parse", "feature/hello")).slice(0, 12);
    expect(outcome.reply).toContain(
      `> - \`feature/hello\` at \`${tip}\` (published for pr_create, 1 commit): \`Add hello.txt\``,
    );
  });
});

describe("hooks and configuration the agent plants in its git directory", () => {
  let markers: string;
  let outcome: Awaited<ReturnType<typeof runIssue>>;
  beforeAll(async () => {
    markers = mkdtempSync(join(tmpdir(), "gitclaw-markers-"));
    chmodSync(markers, 0o1777);
    // Each planted program leaves a file named after what it is and the user it ran as.
    writeFileSync(join(markers, "mark.sh"), `#!/bin/sh\ntouch "${markers}/$1-$(id -u)"\n`, { mode: 0o755 });
    const mark = (what: string) => `${markers}/mark.sh ${what}`;
    const hook = (name: string) =>
      `printf '#!/bin/sh\\n${mark(name)}\\n' > "$d/hooks/${name}" && chmod +x "$d/hooks/${name}"`;
    const plant = [
      'd=$(git rev-parse --absolute-git-dir) && mkdir -p "$d/hooks"',
      ...["pre-commit", "post-commit", "reference-transaction", "post-checkout", "pre-push", "pre-auto-gc"].map(hook),
      `git config core.fsmonitor "${mark("fsmonitor")}"`,
      `git config filter.evil.clean "${mark("clean")}; cat"`,
      `git config filter.evil.smudge "${mark("smudge")}; cat"`,
      `git config diff.evil.textconv "${mark("textconv")}; cat"`,
      `printf '[core]\\n\\tfsmonitor = ${mark("include")}\\n' > ${markers}/include.cfg`,
      `git config include.path ${markers}/include.cfg`,
      'echo /nonexistent/objects >> "$d/objects/info/alternates"',
      "printf '* filter=evil diff=evil\\n' > .gitattributes",
      "echo planted > planted.txt && git add -A && git commit -q -m 'Plant hooks' && git show HEAD > /dev/null && git log -1 --format=%s",
    ].join(" && ");
    outcome = await runIssue("Plant hooks", [plant], "Planted.");
  });
  afterAll(() => rmSync(markers, { recursive: true, force: true }));

  it("they run, if at all, as the tool user: never as gitclaw's own user", () => {
    expect(outcome.results[0]).toContain("Plant hooks");
    const ran = readdirSync(markers).filter((name) => name.includes("-"));
    // The tool's own git ran them (its own power), proving they were armed.
    for (const armed of ["pre-commit", "post-commit", "reference-transaction", "clean", "textconv", "include"])
      expect(
        ran.some((name) => name.startsWith(`${armed}-`)),
        armed,
      ).toBe(true);
    const own = String(process.getuid?.() ?? 0);
    expect(ran.filter((name) => name.endsWith(`-${own}`))).toEqual([]);
  });

  it("the commit and the conversation land all the same", async () => {
    expect(outcome.run.stages.agent!.exitCode, outcome.run.logs).toBe(0);
    const log = await world.repo.originGit("log", "--format=%s", "-2", "main");
    expect(log.split("\n")[1]).toBe("Plant hooks");
    expect(await world.onOrigin("planted.txt")).toBe("planted\n");
    expect(readFileSync(join(world.repo.origin, "HEAD"), "utf8")).toContain("refs/heads/main");
  });
});

describe("pushes gitclaw refuses, from bash and through pr_create", () => {
  let outcome: Awaited<ReturnType<typeof runIssue>>;
  let theirs: string;
  beforeAll(async () => {
    // Someone else's branch on origin, with a commit the agent's branch of that name does not hold.
    const other = await world.repo.clone("someone");
    await gitIn(other, "switch", "-q", "-c", "feature/shared");
    theirs = await commitFile(other, "theirs.txt", "theirs\n", "Their commit");
    await gitIn(other, "push", "-q", "origin", "feature/shared");
    const pr = (head: string) => ({ name: "github", input: { op: "pr_create", title: "Mine", body: "Mine.", head } });
    world.model.script([
      ...[
        "git switch -q -c feature/shared && echo mine > mine.txt && git add -A && git commit -qm 'My commit' && git switch -q main",
        "git branch gitclaw/issue-999 feature/shared",
        "git push -f origin feature/shared",
        "git push origin +feature/shared",
        "git push --delete origin main",
        "git push origin :main",
        "git push origin feature/shared",
      ].map((command) => ({ toolCalls: [bash(command)] })),
      { toolCalls: [pr("feature/shared")] },
      { toolCalls: [pr("main")] },
      { toolCalls: [pr("gitclaw/issue-999")] },
      { text: "Tried to push." },
    ]);
    const issue = world.gh.createIssue({ title: "Push hard", body: "Please.", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    const results = toolResultTexts(world.model.requests.at(-1)!.body);
    outcome = { run, results, reply: world.gh.comments(issue.number).at(-1)!.body, issueNumber: issue.number };
  });

  it("git push answers in one line what to do instead: never a force, never a deletion", () => {
    const [, , force, plus, del, colon, plain] = outcome.results;
    for (const answer of [force, plus]) expect(answer).toContain(FORCE_PUSH_ANSWER);
    for (const answer of [del, colon]) expect(answer).toContain(DELETE_PUSH_ANSWER);
    expect(plain).toContain(PUSH_ANSWER);
    for (const answer of [force, plus, del, colon, plain]) expect(answer!.trim().split("\n")[0]).toMatch(/^gitclaw: /);
  });

  it("pr_create refuses, in one line each, a push that would force, the branch the work lands on, and gitclaw's branches", async () => {
    const [shared, main, own] = outcome.results.slice(7);
    expect(shared).toContain(
      `refusing to publish feature/shared: origin's feature/shared (at ${theirs.slice(0, 12)}) has commits your branch does not, and gitclaw never forces a push.`,
    );
    expect(main).toContain("refusing to publish main: it is where the run's own work lands.");
    expect(own).toContain("refusing to publish gitclaw/issue-999: gitclaw/ branches hold gitclaw's own conversations.");
    for (const refused of [shared, main, own])
      expect(refused!.trim().split("\n").at(-1)).toMatch(/^refusing to publish /);
    expect(await world.repo.originGit("rev-parse", "feature/shared")).toBe(theirs);
    expect(await world.repo.originGit("for-each-ref", "--format=%(refname)", "refs/heads/gitclaw")).toBe("");
  });

  it("the conversation lands on main all the same, and the reply names what was left unpublished", async () => {
    expect(outcome.run.stages.agent!.exitCode, outcome.run.logs).toBe(0);
    expect(await world.repo.originGit("log", "-1", "--format=%s", "main")).toMatch(/Push hard$/);
    await expect(world.onOrigin("mine.txt")).rejects.toThrow();
    expect(outcome.reply).toContain("left unpublished and end with it: `feature/shared`, `gitclaw/issue-999`");
  });
});

describe("a model that commits with git in a pull request's worktree", () => {
  let outcome: Awaited<ReturnType<typeof runIssue>>;
  beforeAll(async () => {
    const author = await world.repo.clone("author-pr-work");
    await gitIn(author, "switch", "-q", "-c", "pr-work");
    const head = await commitFile(author, "work.txt", "work\n", "Start pr-work");
    await gitIn(author, "push", "-q", "origin", "pr-work");
    const pr = world.gh.createPullRequest({ title: "Work", user: "alice", head: { ref: "pr-work", sha: head } });
    const cd = `cd "$(git worktree list --porcelain | sed -n 's|^worktree \\(.*/pr-${pr.number}\\)$|\\1|p')"`;
    world.model.script([
      { toolCalls: [{ name: "github", input: { op: "pr_checkout", pr: pr.number } }] },
      ...[
        `${cd} && echo fixed >> work.txt && git add -A && git commit -qm 'Fix work.txt' && echo more > more.txt && git add more.txt && git commit -qm 'Add more.txt' && git log --format=%an:%s -2`,
        `${cd} && echo loose > loose.txt && git status --short`,
      ].map((command) => ({ toolCalls: [bash(command)] })),
      {
        toolCalls: [{ name: "github", input: { op: "pr_push", branch: `pr-${pr.number}`, message: "Add loose.txt" } }],
      },
      {
        toolCalls: [
          bash(`${cd} && echo later > later.txt && git add -A && git commit -qm 'Later' && git log -1 --format=%s`),
        ],
      },
      { text: "Pushed to the pull request." },
    ]);
    const issue = world.gh.createIssue({ title: `Finish PR #${pr.number}`, body: "Please.", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }));
    const results = toolResultTexts(world.model.requests.at(-1)!.body);
    outcome = { run, results, reply: world.gh.comments(issue.number).at(-1)!.body, issueNumber: issue.number };
  });

  it("git commit works there: no index.lock, no Permission denied", () => {
    expect(outcome.run.stages.agent!.exitCode, outcome.run.logs).toBe(0);
    expect(outcome.results[1]).toBe("gitclaw[bot]:Add more.txt\ngitclaw[bot]:Fix work.txt");
    expect(outcome.results[2]).toBe("?? loose.txt");
    expect(outcome.results[4]).toBe("Later");
  });

  it("pr_push delivers its commits, in order with their messages, then what was left uncommitted", async () => {
    const log = await world.repo.originGit("log", "--format=%an|%s", "-4", "pr-work");
    expect(log.split("\n")).toEqual([
      "gitclaw[bot]|Add loose.txt",
      "gitclaw[bot]|Add more.txt",
      "gitclaw[bot]|Fix work.txt",
      "Test|Start pr-work",
    ]);
    expect(await world.repo.originGit("log", "-1", "--format=%B", "pr-work~2")).toContain("Co-authored-by: alice");
    expect(await world.repo.originGit("show", "pr-work:work.txt")).toBe("work\nfixed");
  });

  it("a commit made after the last pr_push is named in the reply as never pushed", () => {
    expect(outcome.reply).toMatch(
      /Pull request worktrees were discarded with work never pushed \(pr_push\): pr-\d+ \(\S+\): 1 commit never pushed/,
    );
  });
});
