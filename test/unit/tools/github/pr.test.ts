// pr_create, pr_checkout and pr_push with real git: a bare origin and a clone as the workspace, the
// emulator's pull requests pointing at branches pushed there (or to a bare "fork").
import { chmodSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { execa } from "execa";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { GitHubPolicyConfig } from "../../../../src/tools/github/policy.ts";
import { REPLY_MARKER } from "../../../../src/github/marker.ts";
import { protectedPathsFrom } from "../../../../src/git/protected.ts";
import { commitFile, createTempRepo, git, type TempRepo } from "../../../support/git-repo.ts";
import { PROTECTED_CONFIG, PROTECTED_TABLE } from "../../../support/protected-table.ts";
import { REDACTED, SECRET } from "../support.ts";
import { audit, body, headerLine, startWorld, type World } from "./support.ts";

let world: World;
let repo: TempRepo;
const inRepo = () => ({ context: { workspace: repo.dir } });
/** Where pr_checkout puts PR #n of acme/widgets: the run's worktree directory, outside the workspace. */
const worktreeOf = (n: number) => join(world.fixture.worktrees, "acme-widgets", `pr-${n}`);

/** Pushes a branch with one new commit to `remote` (a bare repository) and returns its head. */
async function pushBranch(remote: string, branch: string, file = `${branch}.txt`): Promise<string> {
  const dir = join(repo.root, `author-${branch}-${Math.random().toString(36).slice(2)}`);
  await execa("git", ["clone", "-q", remote, dir]);
  const existing = await execa("git", ["rev-parse", "--verify", "--quiet", `origin/${branch}`], {
    cwd: dir,
    reject: false,
  });
  await git(dir, "checkout", "-q", "-B", branch, ...(existing.exitCode === 0 ? [`origin/${branch}`] : []));
  const sha = await commitFile(dir, file, `${branch}\n`, `Add ${file}`);
  await git(dir, "push", "-q", "origin", `HEAD:refs/heads/${branch}`);
  return sha;
}

beforeEach(async () => {
  world = await startWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  world.gh.addUser({ login: "bob", permission: "read" });
  repo = await createTempRepo();
  world.gh.setBranch("main", await repo.git("rev-parse", "HEAD"));
});

afterEach(async () => {
  await world.stop();
  repo.cleanup();
  expect(world.gh.violations).toEqual([]);
});

describe("pr_checkout and pr_push", () => {
  it("checks a same-repository PR out into its own worktree and pushes new commits back", async () => {
    const head = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });

    const checkout = await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    expect(checkout.isError).toBe(false);
    const worktree = worktreeOf(1);
    expect(worktree.startsWith(`${repo.dir}/`)).toBe(false);
    expect(body(checkout)).toContain(
      `# PR #1: Feature\n- Worktree: ${worktree}\n- Branch: pr-1 at ${head.slice(0, 12)}, pushes to origin/feature`,
    );
    expect(checkout.details).toMatchObject({
      branch: "pr-1",
      worktreePath: worktree,
      remote: "origin",
      remoteBranch: "feature",
      headSha: head,
    });
    expect(await git(worktree, "rev-parse", "HEAD")).toBe(head);
    expect(await repo.git("config", "--get-regexp", "^branch\\.pr-1\\.")).toBe(
      [
        "branch.pr-1.remote origin",
        "branch.pr-1.merge refs/heads/feature",
        "branch.pr-1.pushremote origin",
        "branch.pr-1.ompprheadref feature",
        `branch.pr-1.ompprurl ${world.gh.pullRequest(1).html_url}`,
        "branch.pr-1.omppriscrossrepository false",
        "branch.pr-1.ompprmaintainercanmodify true",
        "branch.pr-1.gitclawprheadrepo acme/widgets",
      ].join("\n"),
    );
    // The main checkout does not see the worktree: nothing of it gets committed.
    expect(await repo.git("status", "--porcelain")).toBe("");

    const next = await commitFile(worktree, "fix.txt", "fixed\n", "Fix it");
    const push = await world.call({ op: "pr_push", branch: "pr-1" }, inRepo());
    expect(push.isError).toBe(false);
    expect(headerLine(push)).toMatch(/^\[github github\.com\/acme\/widgets pr_push write ok /);
    expect(body(push)).toContain(
      `- Local branch: pr-1 at ${next.slice(0, 12)}\n- Remote: origin (${repo.origin}), branch feature`,
    );
    expect(await repo.originGit("rev-parse", "feature")).toBe(next);
  });

  it("in a shallow checkout, as the workflow's, fetches the PR's commits and the one they start from, not the history below", async () => {
    const author = await repo.clone("author");
    for (let i = 1; i <= 4; i++) await commitFile(author, `history-${i}.txt`, `${i}\n`, `History ${i}`);
    await git(author, "push", "-q", "origin", "HEAD:main");
    await git(author, "checkout", "-q", "-b", "feature", "HEAD~2");
    await commitFile(author, "a.txt", "a\n", "Feature part 1");
    const head = await commitFile(author, "b.txt", "b\n", "Feature part 2");
    await git(author, "push", "-q", "origin", "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head }, commits: 2 });
    const shallow = join(repo.root, "shallow");
    await execa("git", ["clone", "-q", "--depth", "1", `file://${repo.origin}`, shallow]);

    const checkout = await world.call({ op: "pr_checkout", pr: 1 }, { context: { workspace: shallow } });
    expect(checkout.isError).toBe(false);
    expect(await git(worktreeOf(1), "log", "--format=%s")).toBe("Feature part 2\nFeature part 1\nHistory 2");
    expect(await git(shallow, "rev-list", "--count", "--all")).toBe("4"); // main's tip, and those three

    const next = await commitFile(worktreeOf(1), "c.txt", "c\n", "Feature part 3");
    expect((await world.call({ op: "pr_push", branch: "pr-1" }, { context: { workspace: shallow } })).isError).toBe(
      false,
    );
    expect(await repo.originGit("rev-parse", "feature")).toBe(next);
  });

  it("reuses the worktree, refuses to move a diverged branch without force, and resets it with force", async () => {
    const first = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: first } });
    await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    const again = await world.call({ op: "pr_checkout", pr: "https://github.com/acme/widgets/pull/1" }, inRepo());
    expect(body(again)).toContain("(reused)");

    const moved = await pushBranch(repo.origin, "feature", "other.txt");
    const refused = await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    expect(refused.isError).toBe(true);
    expect(body(refused)).toBe(
      `local branch pr-1 already exists at ${first.slice(0, 12)}; pass force=true to reset it`,
    );

    const forced = await world.call({ op: "pr_checkout", pr: 1, force: true }, inRepo());
    expect(forced.isError).toBe(false);
    expect(await git(worktreeOf(1), "rev-parse", "HEAD")).toBe(moved);
  });

  it("checks out a fork's PR through a fork-<owner> remote; pushing to the fork is cross-repository", async () => {
    const fork = join(repo.root, "fork.git");
    await execa("git", ["clone", "-q", "--bare", repo.origin, fork]);
    const head = await pushBranch(fork, "bob-fix");
    world.gh.createPullRequest({
      title: "From a fork",
      user: "bob",
      head: { ref: "bob-fix", sha: head },
      fork: { owner: "bob", cloneUrl: `file://${fork}` },
    });

    const checkout = await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    expect(body(checkout)).toContain(`pushes to fork-bob/bob-fix (fork)`);
    expect(await repo.git("remote", "get-url", "fork-bob")).toBe(`file://${fork}`);
    expect(await repo.git("config", "branch.pr-1.gitclawPrHeadRepo")).toBe("bob/widgets");

    const next = await commitFile(worktreeOf(1), "more.txt", "more\n");
    const denied = await world.call({ op: "pr_push", branch: "pr-1" }, inRepo());
    expect(headerLine(denied)).toBe("[github github.com/bob/widgets pr_push write denied]");
    expect(await git(fork, "rev-parse", "bob-fix")).toBe(head);

    const allowed = await world.call(
      { op: "pr_push", branch: "pr-1" },
      { ...inRepo(), policy: GitHubPolicyConfig.parse({ write: "any-repo" }) },
    );
    expect(allowed.isError).toBe(false);
    expect(await git(fork, "rev-parse", "bob-fix")).toBe(next);
  });

  it("checks out several PRs in parallel, each in its own worktree, and reports failures alongside", async () => {
    for (const branch of ["one", "two", "three"])
      world.gh.createPullRequest({
        title: branch,
        user: "alice",
        head: { ref: branch, sha: await pushBranch(repo.origin, branch) },
      });
    const result = await world.call({ op: "pr_checkout", pr: [1, "two", 3, 99] }, inRepo());
    expect(result.isError).toBe(false);
    expect(body(result)).toMatch(/^# 4 Pull Request Worktrees \(3 checked out, 1 failed\)/);
    expect(body(result)).toContain("⚠ 99: not found (404) for pr_checkout on acme/widgets");
    for (const n of [1, 2, 3]) expect(existsSync(join(worktreeOf(n), ".git"))).toBe(true);
    expect((await repo.git("worktree", "list")).split("\n")).toHaveLength(4);
  });

  it("finds the PR of the workspace's current branch when pr is omitted", async () => {
    const head = await pushBranch(repo.origin, "topic");
    world.gh.createPullRequest({ title: "Topic", user: "alice", head: { ref: "topic", sha: head } });
    await repo.git("fetch", "-q", "origin", "topic:topic");
    await repo.git("checkout", "-q", "topic");
    const result = await world.call({ op: "pr_checkout" }, inRepo());
    expect(body(result)).toContain("# PR #1: Topic");
    expect(world.gh.requests.find((request) => request.path === "/repos/acme/widgets/pulls")?.query).toMatchObject({
      head: "acme:topic",
      state: "open",
    });
  });

  it("pr_push needs the metadata pr_checkout writes", async () => {
    const result = await world.call({ op: "pr_push" }, inRepo());
    expect(result.isError).toBe(true);
    expect(body(result)).toBe("branch main has no PR push metadata; check it out via op: pr_checkout first");
    expect(audit(result)).toMatchObject({ decision: "denied", rule: "precondition", status: "error" });
    expect(world.gh.requests).toEqual([]);
  });

  it("a forced push is destructive: denied by default, and when allowed it is guarded by a lease", async () => {
    const head = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });
    await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    const worktree = worktreeOf(1);
    await git(worktree, "-c", "user.name=T", "-c", "user.email=t@e", "commit", "-q", "--amend", "-m", "Reworded");
    const amended = await git(worktree, "rev-parse", "HEAD");

    const plain = await world.call({ op: "pr_push", branch: "pr-1" }, inRepo());
    expect(body(plain)).toMatch(
      /^git push to origin feature failed: .*rejected.* The PR head moved: re-run pr_checkout with force=true/s,
    );

    const denied = await world.call({ op: "pr_push", branch: "pr-1", forceWithLease: true }, inRepo());
    expect(headerLine(denied)).toBe("[github github.com/acme/widgets pr_push destructive denied]");
    expect(audit(denied).rule).toBe('tools.github.destructive = "deny"');

    const policy = GitHubPolicyConfig.parse({ destructive: "this-repo" });
    // Someone else pushed since the checkout: the lease refuses to overwrite their commit.
    const theirs = await pushBranch(repo.origin, "feature", "theirs.txt");
    const leased = await world.call({ op: "pr_push", branch: "pr-1", forceWithLease: true }, { ...inRepo(), policy });
    expect(leased.isError).toBe(true);
    expect(await repo.originGit("rev-parse", "feature")).toBe(theirs);

    await repo.git("fetch", "-q", "origin", "+refs/heads/feature:refs/remotes/origin/feature");
    const forced = await world.call({ op: "pr_push", branch: "pr-1", forceWithLease: true }, { ...inRepo(), policy });
    expect(forced.isError).toBe(false);
    expect(body(forced)).toContain("- Force with lease: yes");
    expect(await repo.originGit("rev-parse", "feature")).toBe(amended);
  });

  it("runs no git hooks the agent may have planted", async () => {
    const head = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });
    const marker = join(repo.root, "hook-ran");
    for (const hook of ["post-checkout", "pre-push", "reference-transaction"]) {
      const path = join(repo.dir, ".git", "hooks", hook);
      writeFileSync(path, `#!/bin/sh\necho "$GITHUB_TOKEN" >> ${marker}\n`);
      chmodSync(path, 0o755);
    }
    expect((await world.call({ op: "pr_checkout", pr: 1 }, inRepo())).isError).toBe(false);
    expect(existsSync(marker) ? readFileSync(marker, "utf8") : "no hook ran").toBe("no hook ran");
    const worktree = worktreeOf(1);
    writeFileSync(join(worktree, "x.txt"), "x\n");
    // The test's own commit must not trigger the planted hooks either.
    await git(worktree, "-c", "core.hooksPath=/dev/null", "add", "x.txt");
    await git(
      worktree,
      "-c",
      "core.hooksPath=/dev/null",
      "-c",
      "user.name=T",
      "-c",
      "user.email=t@e",
      "commit",
      "-q",
      "-m",
      "x",
    );
    expect((await world.call({ op: "pr_push", branch: "pr-1" }, inRepo())).isError).toBe(false);
    expect(existsSync(marker) ? readFileSync(marker, "utf8") : "no hook ran").toBe("no hook ran");
  });

  it("pr_push commits what changed in the worktree as the bot, with the run's trailers, and refuses protected paths", async () => {
    const head = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });
    await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    const worktree = worktreeOf(1);
    const options = {
      ...inRepo(),
      protectedPaths: [".github/workflows/", "state/"],
      commit: { runUrl: "https://github.com/acme/widgets/actions/runs/7", coAuthor: { login: "alice", id: 42 } },
    };

    mkdirSync(join(worktree, ".github", "workflows"), { recursive: true });
    writeFileSync(join(worktree, ".github", "workflows", "ci.yml"), "on: push\n");
    writeFileSync(join(worktree, "feature.txt"), "changed\n");
    const refused = await world.call({ op: "pr_push", branch: "pr-1" }, options);
    expect(refused.isError).toBe(true);
    expect(body(refused)).toBe(
      `refusing to commit in ${worktree}: .github/workflows/ci.yml is a protected path. Undo that change (e.g. git show HEAD:<path> > <path>, or rm a new file) and run pr_push again.`,
    );
    expect(await repo.originGit("rev-parse", "feature")).toBe(head);

    rmSync(join(worktree, ".github"), { recursive: true });
    writeFileSync(join(worktree, "new.txt"), "new\n");
    const pushed = await world.call({ op: "pr_push", branch: "pr-1", message: `Fix the feature ${SECRET}` }, options);
    expect(pushed.isError).toBe(false);
    const sha = await repo.originGit("rev-parse", "feature");
    expect(body(pushed)).toContain(
      `# Pushed Pull Request Branch\n- Committed 2 changed files as gitclaw[bot] (${sha.slice(0, 12)} "Fix the feature ${REDACTED}") from ${worktree}\n- Local branch: pr-1 at ${sha.slice(0, 12)}`,
    );
    expect(pushed.details).toMatchObject({ commit: { sha, files: 2, worktreePath: worktree } });
    expect(await repo.originGit("log", "-1", "--format=%an <%ae>%n%B", "feature")).toBe(
      `gitclaw[bot] <gitclaw[bot]@users.noreply.github.com>\nFix the feature ${REDACTED}\n\nRun: https://github.com/acme/widgets/actions/runs/7\n\nCo-authored-by: alice <42+alice@users.noreply.github.com>`,
    );
    expect(await repo.originGit("show", "feature:feature.txt")).toBe("changed");
    expect(await git(worktree, "status", "--porcelain")).toBe("");

    // Nothing new: nothing committed, the push is a no-op.
    const again = await world.call({ op: "pr_push", branch: "pr-1" }, options);
    expect(body(again)).not.toContain("Committed");
    expect(again.details).not.toHaveProperty("commit");
  });

  it("pr_push refuses every path of the protected-path table, as the workspace's routes do", async () => {
    const head = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });
    await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    const worktree = worktreeOf(1);
    const options = {
      ...inRepo(),
      protectedPaths: protectedPathsFrom(PROTECTED_CONFIG),
      commit: { runUrl: "https://github.com/acme/widgets/actions/runs/7" },
    };
    for (const { path } of PROTECTED_TABLE) {
      mkdirSync(dirname(join(worktree, path)), { recursive: true });
      writeFileSync(join(worktree, path), "planted\n");
      const refused = await world.call({ op: "pr_push", branch: "pr-1" }, options);
      expect(body(refused), path).toContain(`${path} is a protected path`);
      rmSync(join(worktree, path));
    }
    expect(await repo.originGit("rev-parse", "feature")).toBe(head);
  });

  it("pr_push refuses commits that change a protected path, whoever made them", async () => {
    const head = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });
    await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    const worktree = worktreeOf(1);
    const options = { ...inRepo(), protectedPaths: protectedPathsFrom(PROTECTED_CONFIG) };
    // A command that can write .git (no sandbox) commits past pr_push's check of the worktree.
    mkdirSync(join(worktree, "lifecycle"), { recursive: true });
    writeFileSync(join(worktree, "lifecycle", "GITCLAW-AGENT.ts"), "hostile()\n");
    writeFileSync(join(worktree, "feature.txt"), "fine\n");
    await git(worktree, "add", "-A");
    await git(worktree, "-c", "user.name=m", "-c", "user.email=m@e", "commit", "-qm", "Routine");
    const refused = await world.call({ op: "pr_push", branch: "pr-1" }, options);
    expect(refused.isError).toBe(true);
    expect(body(refused)).toContain(
      "refusing to push pr-1: its commits change protected paths: lifecycle/GITCLAW-AGENT.ts (protected by lifecycle/).",
    );
    expect(await repo.originGit("rev-parse", "feature")).toBe(head);
  });

  it("checks out afresh where a worktree vanished or was left outside the run's directory", async () => {
    const head = await pushBranch(repo.origin, "feature");
    world.gh.createPullRequest({ title: "Feature", user: "alice", head: { ref: "feature", sha: head } });
    await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    rmSync(worktreeOf(1), { recursive: true });
    const stale = await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    expect(stale.details).toMatchObject({ worktreePath: worktreeOf(1), checkouts: [{ reused: false }] });

    // An earlier run's worktree (here: the old place under .git/), moved out of the way unless it holds changes.
    const old = join(repo.dir, ".git", "gitclaw-worktrees", "pr-1");
    await repo.git("worktree", "remove", "--force", worktreeOf(1));
    await repo.git("worktree", "add", "-q", old, "pr-1");
    writeFileSync(join(old, "wip.txt"), "wip\n");
    const refused = await world.call({ op: "pr_checkout", pr: 1 }, inRepo());
    expect(body(refused)).toBe(
      `pr-1 is checked out in ${old}, left by an earlier run with uncommitted changes; pass force=true to discard that worktree.`,
    );
    const forced = await world.call({ op: "pr_checkout", pr: 1, force: true }, inRepo());
    expect(forced.details).toMatchObject({ worktreePath: worktreeOf(1), checkouts: [{ reused: false }] });
    expect(existsSync(old)).toBe(false);
    expect(await git(worktreeOf(1), "rev-parse", "HEAD")).toBe(head);
  });

  it.each([
    [{ op: "pr_checkout" as const, pr: "-x" }, "invalid PR identifier: -x. Pass a PR number, URL, or branch name."],
    [{ op: "pr_checkout" as const, pr: [] }, "pr is an empty list"],
    [
      { op: "pr_checkout" as const, pr: Array.from({ length: 11 }, (_, i) => i + 1) },
      "pr_checkout takes at most 10 PRs at once",
    ],
    [
      { op: "pr_checkout" as const, pr: ["https://github.com/a/b/pull/1", "https://github.com/c/d/pull/2"] },
      "all PRs of one pr_checkout must be in the same repository",
    ],
    [{ op: "pr_push" as const, branch: "--mirror" }, "invalid branch: --mirror"],
  ])("refuses %j before any request", async (args, message) => {
    const result = await world.call(args, inRepo());
    expect(body(result)).toContain(message);
    expect(world.gh.requests).toEqual([]);
  });
});

describe("pr_create", () => {
  it("opens a PR with reviewers, labels and assignees, removing secrets from what it posts", async () => {
    world.gh.setBranch("feature", "f".repeat(40));
    const result = await world.call(
      {
        op: "pr_create",
        title: "Add feature",
        body: `Uses ${SECRET}`,
        head: "feature",
        draft: true,
        reviewer: ["@alice"],
        label: ["enhancement"],
        assignee: ["bob"],
      },
      inRepo(),
    );
    expect(result.isError).toBe(false);
    const pr = world.gh.pullRequest(1);
    expect(pr).toMatchObject({
      title: "Add feature",
      body: `Uses ${REDACTED}`,
      draft: true,
      base: { ref: "main" },
      head: { ref: "feature" },
    });
    expect(pr.requested_reviewers?.map((user) => user.login)).toEqual(["alice"]);
    expect(pr.labels.map((label) => label.name)).toEqual(["enhancement"]);
    expect(pr.assignees?.map((user) => user.login)).toEqual(["bob"]);
    expect(body(result)).toMatch(
      /^# Created Pull Request #1: Add feature\n- \S+\/pull\/1\n- open \(draft\) · main ← acme:feature · by @github-actions\[bot\] · created \S+\n- labels: enhancement\n- review requested: @alice\n- assignees: @bob\n\nUses \[REDACTED\]$/,
    );
    expect(body(result)).not.toContain(SECRET);
  });

  it("reports follow-ups GitHub refused without failing the created PR", async () => {
    world.gh.setBranch("feature", "f".repeat(40));
    world.gh.addUser({ login: "mallory" });
    const result = await world.call({ op: "pr_create", title: "x", head: "feature", reviewer: ["mallory"] }, inRepo());
    expect(result.isError).toBe(false);
    expect(body(result)).toContain(
      "- ⚠ could not request reviewers: GitHub rejected the request (422 Unprocessable Entity).",
    );
    expect(result.details).toMatchObject({ number: 1, warnings: 1 });
  });

  it("fill takes title and body from a single commit, or the branch name and subjects of several", async () => {
    await repo.git("checkout", "-q", "-b", "fix-login-bug");
    await commitFile(repo.dir, "a.txt", "a\n", "Fix the login bug\n\nIt crashed on empty passwords.");
    await repo.git("push", "-q", "origin", "fix-login-bug");
    world.gh.setBranch("fix-login-bug", await repo.git("rev-parse", "HEAD"));
    await world.call({ op: "pr_create", fill: true }, inRepo());
    expect(world.gh.pullRequest(1)).toMatchObject({
      title: "Fix the login bug",
      body: "It crashed on empty passwords.",
      head: { ref: "fix-login-bug" },
    });

    await repo.git("checkout", "-q", "-b", "feature/two-things", "main");
    await commitFile(repo.dir, "b.txt", "b\n", "First thing");
    await commitFile(repo.dir, "c.txt", "c\n", "Second thing");
    world.gh.setBranch("feature/two-things", await repo.git("rev-parse", "HEAD"));
    await world.call({ op: "pr_create", fill: true }, inRepo());
    expect(world.gh.pullRequest(2)).toMatchObject({ title: "Two things", body: "- First thing\n- Second thing" });
  });

  it.each([
    [{ op: "pr_create" as const }, "pr_create needs title (or fill: true"],
    [{ op: "pr_create" as const, fill: true, title: "x" }, "fill cannot be combined with title or body"],
    [{ op: "pr_create" as const, fill: true, body: "" }, "fill cannot be combined with title or body"],
    [{ op: "pr_create" as const, title: "x", reviewer: ["not a login"] }, "invalid reviewer: not a login"],
    [{ op: "pr_create" as const, title: "x", head: "--force" }, "invalid head: --force"],
    [
      { op: "pr_create" as const, title: "x", repo: "someone/else" },
      'denied by policy rule tools.github.write = "this-repo"',
    ],
  ])("refuses %j before any request", async (args, message) => {
    const result = await world.call(args, inRepo());
    expect(result.isError).toBe(true);
    expect(body(result)).toContain(message);
    expect(world.gh.requests).toEqual([]);
  });

  it("fill with nothing to fill from says so", async () => {
    const result = await world.call({ op: "pr_create", fill: true }, inRepo());
    expect(body(result)).toBe("no commits between main and main: nothing to fill the pull request from.");
  });
});

describe("comment", () => {
  it("posts on an issue or PR of this repository, with secrets removed and gitclaw's marker", async () => {
    world.gh.createIssue({ title: "t", body: "b", user: "alice" });
    const result = await world.call({
      op: "comment",
      pr: "https://github.com/acme/widgets/pull/1",
      body: `token ${SECRET}`,
    });
    expect(result.isError).toBe(false);
    expect(world.gh.comments(1).map((comment) => comment.body)).toEqual([`token ${REDACTED}\n${REPLY_MARKER}`]);
    expect(result.details).toMatchObject({ number: 1, commentId: expect.any(Number) });
  });

  it.each([
    ["no target", { op: "comment" as const, body: "x" }, "comment needs issue (or pr)"],
    ["a blank body", { op: "comment" as const, issue: 1, body: "  " }, "comment needs a non-empty body"],
    ["two targets", { op: "comment" as const, issue: 1, pr: 2, body: "x" }, "comment takes issue or pr, not both"],
    [
      "a body over GitHub's limit",
      { op: "comment" as const, issue: 1, body: "x".repeat(65_537) },
      "comment body is 65537 characters; GitHub allows 65536",
    ],
  ])("refuses %s before any request", async (_, args, message) => {
    const result = await world.call(args);
    expect(body(result)).toContain(message);
    expect(world.gh.requests).toEqual([]);
  });
});
