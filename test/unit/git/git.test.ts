// The orchestrator's git, as a GitHub-hosted runner has it: no identity anywhere (empty HOME, no
// global or system config), concurrent pushes, conflicts, branches that refuse pushes, shallow clones.
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterEach, describe, expect, it } from "vitest";
import { removePersistedCredentials } from "../../../src/git/credentials.ts";
import { assertBranchName, BOT_IDENTITY, createGit, tokenAuthEnv } from "../../../src/git/git.ts";
import {
  backoffDelay,
  cleanMessage,
  commitAll,
  commitChanges,
  land,
  landPaths,
  replay,
} from "../../../src/git/land.ts";
import { parseStatus, touchedPaths } from "../../../src/git/status.ts";
import { commitFile, createTempRepo, git as gitIn, type TempRepo } from "../../support/git-repo.ts";
import { updateRules } from "../../support/origin-rules.ts";

const repos: TempRepo[] = [];
afterEach(() => repos.splice(0).forEach((r) => r.cleanup()));
const fresh = async () => {
  const repo = await createTempRepo({ "README.md": "# demo\n", "shared.txt": "line\n" });
  repos.push(repo);
  return repo;
};
const noSleep = async () => {};
/** What a runner's step gives git: a HOME with nothing in it, no global or system config. */
const runnerEnv = () => ({
  PATH: process.env.PATH ?? "/usr/bin:/bin",
  HOME: mkdtempSync(join(tmpdir(), "gitclaw-home-")),
  GIT_CONFIG_GLOBAL: "/dev/null",
  GIT_CONFIG_NOSYSTEM: "1",
});
const runnerGit = (dir: string) => createGit(dir, { env: runnerEnv() });
const landOn = (dir: string, base: string, head: string, extra: Partial<Parameters<typeof land>[1]> = {}) =>
  land(runnerGit(dir), {
    remote: "origin",
    branch: "main",
    base,
    head,
    attempts: 8,
    fallbackBranch: "gitclaw/issue-1-42",
    sleep: noSleep,
    ...extra,
  });

async function pushFrom(repo: TempRepo, name: string, path: string, content: string): Promise<string> {
  const other = await repo.clone(name);
  const sha = await commitFile(other, path, content);
  await gitIn(other, "push", "-q", "origin", "main");
  return sha;
}

describe("a command's time", () => {
  it("past timeoutMs it is killed and fails, saying so (the agent's commits are taken within a time)", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-timeout-"));
    try {
      const slow = await createGit(dir).run(["-c", "alias.slow=!sleep 5", "slow"], { timeoutMs: 200 });
      expect(slow.exitCode).not.toBe(0);
      expect(slow.stderr).toBe("timed out after 200 ms");
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("worktrees", () => {
  it("adds many at once, as parallel sub-agents do: git's bookkeeping changes one at a time", async () => {
    // Without the queue, 48 adds at once failed in each of three runs here ("failed to read .git/worktrees/…/commondir").
    const repo = await fresh();
    const git = runnerGit(repo.dir);
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-worktrees-"));
    const paths = Array.from({ length: 48 }, (_, i) => join(dir, `w${i}`));
    const added = await Promise.all(paths.map((path) => git.run(["worktree", "add", "-q", "--detach", path, "HEAD"])));
    expect(added.map((r) => r.stderr.trim()).filter(Boolean)).toEqual([]);
    const listed = await git.must(["worktree", "list", "--porcelain"]);
    expect(listed.match(/^worktree /gm)).toHaveLength(paths.length + 1);
    const removed = await Promise.all(paths.map((path) => git.run(["worktree", "remove", "--force", path])));
    expect(removed.map((r) => r.exitCode)).toEqual(paths.map(() => 0));
  });
});

describe("commitAll", () => {
  it("commits as the bot where git has no identity at all, and reports nothing to commit", async () => {
    const repo = await fresh();
    const git = runnerGit(repo.dir);
    expect(await commitAll(git, "nothing")).toBeUndefined();
    writeFileSync(join(repo.dir, "new.txt"), "hello\n");
    const sha = await commitAll(git, "gitclaw: test\n\nCo-authored-by: a <1+a@users.noreply.github.com>");
    expect(sha).toMatch(/^[0-9a-f]{40}$/);
    expect(await repo.git("log", "-1", "--format=%an <%ae>|%cn|%B")).toContain(
      `${BOT_IDENTITY.name} <${BOT_IDENTITY.email}>|${BOT_IDENTITY.name}|gitclaw: test`,
    );
  });

  it("runs no hook and no fsmonitor a tool could have planted in .git/config", async () => {
    const repo = await fresh();
    const marker = join(repo.root, "ran");
    await repo.git("config", "core.fsmonitor", `touch ${marker}`);
    await repo.git("config", "core.hooksPath", join(repo.root, "hooks"));
    mkdirSync(join(repo.root, "hooks"));
    writeFileSync(join(repo.root, "hooks", "pre-commit"), `#!/bin/sh\ntouch ${marker}\n`);
    chmodSync(join(repo.root, "hooks", "pre-commit"), 0o755);
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    await commitAll(runnerGit(repo.dir), "a");
    expect(() => readFileSync(marker)).toThrow();
  });

  it("asks no git of a nested repository's configuration about it (its filters, its fetch)", async () => {
    const repo = await fresh();
    const marker = join(repo.root, "ran");
    const nested = join(repo.dir, "nested");
    // A tool command's nested repository, committed as a gitlink, with a filter of its own.
    await execa("git", ["init", "-q", nested]);
    await gitIn(nested, "config", "filter.evil.clean", `touch ${marker}; cat`);
    await commitFile(nested, ".gitattributes", "* filter=evil\n");
    await commitFile(nested, "inside.txt", "inside\n");
    await commitAll(runnerGit(repo.dir), "nested");
    rmSync(marker, { force: true });
    // Same size, newer time: git must read the file again, through the filter, to know.
    const later = new Date(Date.now() + 5000);
    utimesSync(join(nested, "inside.txt"), later, later);
    const git = runnerGit(repo.dir);
    await git.must(["status", "--porcelain=v1", "-z"]);
    await git.must(["diff", "HEAD", "--name-only"]);
    await git.must(["fetch", "-q", "origin"], { remote: true });
    expect(() => readFileSync(marker)).toThrow();
  });
});

describe("commitAll with the paths a status listed", () => {
  it("stages those paths as git add -A would: changed, new, deleted, a nested repository, odd names", async () => {
    const repo = await fresh();
    const git = runnerGit(repo.dir);
    const odd = ["with space.txt", "star*.txt", ":(top)magic.txt", "line\nbreak.txt", "ünï.txt"];
    for (const name of odd) writeFileSync(join(repo.dir, name), `${name}\n`);
    writeFileSync(join(repo.dir, "README.md"), "# changed\n");
    rmSync(join(repo.dir, "shared.txt"));
    mkdirSync(join(repo.dir, "nested"));
    await gitIn(join(repo.dir, "nested"), "init", "-q");
    await gitIn(
      join(repo.dir, "nested"),
      "-c",
      "user.name=n",
      "-c",
      "user.email=n@e",
      "commit",
      "-q",
      "--allow-empty",
      "-m",
      "n",
    );
    const status = await execa("git", ["status", "--porcelain=v1", "-z", "--untracked-files=all"], { cwd: repo.dir });
    const listed = parseStatus(status.stdout);
    expect(listed.map((c) => c.path)).toContain("nested/");
    const sha = (await commitAll(git, "listed", [...touchedPaths(listed), "gone-before-staging.txt"]))!;
    const fields = (await execa("git", ["show", "--name-status", "-z", "--format=", sha], { cwd: repo.dir })).stdout;
    const pairs = fields.split("\0").filter(Boolean);
    const committed = Object.fromEntries(pairs.flatMap((_, i) => (i % 2 ? [] : [[pairs[i + 1], pairs[i]]])));
    expect(committed).toEqual({
      "README.md": "M",
      "shared.txt": "D",
      nested: "A",
      ...Object.fromEntries(odd.map((name) => [name, "A"])),
    });
    expect(await gitIn(repo.dir, "ls-tree", "HEAD", "nested")).toMatch(/^160000 commit /);
    expect(await gitIn(repo.dir, "status", "--porcelain")).toBe("");
  });

  it("survives whatever the working tree holds there: type changes, a folder in the list, an unborn nested repository", async () => {
    const repo = await createTempRepo({ "notes.txt": "file\n", "data/one.txt": "one\n", "kept/k.txt": "k\n" });
    repos.push(repo);
    const at = (path: string) => join(repo.dir, path);
    symlinkSync("kept", at("link"));
    await gitIn(repo.dir, "add", "link");
    await gitIn(repo.dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "link");
    rmSync(at("notes.txt"));
    mkdirSync(at("notes.txt"));
    writeFileSync(at("notes.txt/inner.md"), "inner\n");
    rmSync(at("data"), { recursive: true });
    writeFileSync(at("data"), "a file now\n");
    rmSync(at("link"));
    mkdirSync(at("link"));
    writeFileSync(at("link/y.txt"), "y\n");
    mkdirSync(at("vendor/lib"), { recursive: true });
    await gitIn(at("vendor/lib"), "init", "-q");
    writeFileSync(at("vendor/lib/a.txt"), "x\n");
    const status = await execa("git", ["status", "--porcelain=v1", "-z", "--untracked-files=all"], { cwd: repo.dir });
    // "kept": a folder whose files are tracked and unchanged, as the protected-path revert leaves one.
    const listed = [...touchedPaths(parseStatus(status.stdout)), "kept"];
    const { sha, notStaged } = await commitChanges(runnerGit(repo.dir), "types", listed);
    expect(notStaged).toEqual([{ path: "vendor/lib", reason: expect.stringContaining("vendor/lib") }]);
    const names = await gitIn(repo.dir, "show", "--name-status", "--format=", sha!);
    expect(names.split("\n").sort()).toEqual(
      ["A\tdata", "D\tdata/one.txt", "D\tlink", "A\tlink/y.txt", "D\tnotes.txt", "A\tnotes.txt/inner.md"].sort(),
    );
    expect(await gitIn(repo.dir, "status", "--porcelain")).toBe("?? vendor/");
  });

  it("names a file whose name is not UTF-8 as not staged, and stages the rest", async () => {
    const repo = await fresh();
    writeFileSync(Buffer.concat([Buffer.from(`${repo.dir}/`), Buffer.from([0x62, 0xff, 0x2e, 0x74])]), "bytes\n");
    writeFileSync(join(repo.dir, "fine.txt"), "fine\n");
    const status = await execa("git", ["status", "--porcelain=v1", "-z", "--untracked-files=all"], { cwd: repo.dir });
    const { sha, notStaged } = await commitChanges(runnerGit(repo.dir), "m", touchedPaths(parseStatus(status.stdout)));
    expect(notStaged).toEqual([{ path: "b\uFFFD.t", reason: expect.stringContaining("not valid UTF-8") }]);
    expect(await gitIn(repo.dir, "show", "--name-only", "--format=", sha!)).toBe("fine.txt");
  });

  it("leaves what the paths do not name out of the commit, and commits nothing when they name nothing changed", async () => {
    const repo = await fresh();
    const git = runnerGit(repo.dir);
    writeFileSync(join(repo.dir, "named.txt"), "n\n");
    writeFileSync(join(repo.dir, "unnamed.txt"), "u\n");
    expect(await commitAll(git, "none", ["README.md"])).toBeUndefined();
    const sha = (await commitAll(git, "named", ["named.txt"]))!;
    expect(await gitIn(repo.dir, "show", "--name-only", "--format=", sha)).toBe("named.txt");
    expect(await gitIn(repo.dir, "status", "--porcelain")).toBe("?? unnamed.txt");
  });

  it("moves HEAD only from the parent it committed on, and commits a repository's first commit", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-unborn-"));
    await gitIn(dir, "init", "-q", "-b", "main");
    writeFileSync(join(dir, "first.txt"), "1\n");
    const first = (await commitAll(runnerGit(dir), "first"))!;
    expect(await gitIn(dir, "rev-list", "--parents", "-n", "1", "main")).toBe(first);
    writeFileSync(join(dir, "second.txt"), "2\n");
    const second = (await commitAll(runnerGit(dir), "second", ["second.txt"]))!;
    expect(await gitIn(dir, "rev-list", "--parents", "-n", "1", "main")).toBe(`${second} ${first}`);
  });

  it("cleans the message as git commit -F does (git stripspace)", async () => {
    const message = "\n\n  subject  \t\r\n\n\n\nbody line   \n\t\n# kept, as -F keeps it\nlast\u00a0\n\n\n";
    const { stdout } = await execa("git", ["stripspace"], { input: message, stripFinalNewline: false });
    expect(cleanMessage(message)).toBe(stdout);
    expect(cleanMessage(" \n\t\n")).toBe("");
    const repo = await fresh();
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    const sha = (await commitAll(runnerGit(repo.dir), message))!;
    expect(await gitIn(repo.dir, "cat-file", "commit", sha)).toContain(`\n\n${stdout.trimEnd()}`);
  });
});

describe("land", () => {
  it("pushes and verifies this run's commit is on the remote branch", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    const sha = (await commitAll(runnerGit(repo.dir), "a"))!;
    expect(await landOn(repo.dir, base, sha)).toMatchObject({ landed: true, sha, branch: "main", attempts: 1 });
    expect(await repo.originGit("rev-parse", "main")).toBe(sha);
  });

  it("replays onto a concurrent push without any git identity, keeping the message and author", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    const theirs = await pushFrom(repo, "other", "theirs.txt", "theirs\n");
    writeFileSync(join(repo.dir, "ours.txt"), "ours\n");
    const ours = (await commitAll(runnerGit(repo.dir), "ours\n\nCo-authored-by: a <1+a@users.noreply.github.com>"))!;
    const delays: number[] = [];
    const outcome = await landOn(repo.dir, base, ours, {
      sleep: async (ms) => void delays.push(ms),
      random: () => 0.5,
    });
    expect(outcome).toMatchObject({ landed: true, attempts: 2 });
    expect(delays).toHaveLength(1);
    // The landed commit is this run's change on top of theirs, not theirs and not the original.
    expect(outcome.sha).not.toBe(ours);
    expect(await repo.originGit("rev-parse", "main")).toBe(outcome.sha);
    expect(await repo.originGit("rev-parse", `${outcome.sha}^`)).toBe(theirs);
    expect(await repo.originGit("log", "-1", "--format=%an|%cn|%B", outcome.sha)).toBe(
      `${BOT_IDENTITY.name}|${BOT_IDENTITY.name}|ours\n\nCo-authored-by: a <1+a@users.noreply.github.com>`,
    );
    expect(await repo.originGit("show", `${outcome.sha}:ours.txt`)).toBe("ours");
    // The working tree is as the agent left it: no rebase happened in it.
    expect(await repo.git("rev-parse", "HEAD")).toBe(ours);
    expect(await repo.git("status", "--porcelain")).toBe("");
  });

  it("keeps a conflicting commit on its own branch, naming the conflicting path", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    const theirsOnMain = await pushFrom(repo, "other", "shared.txt", "their change\n");
    writeFileSync(join(repo.dir, "shared.txt"), "our change\n");
    const ours = (await commitAll(runnerGit(repo.dir), "ours"))!;
    const outcome = await landOn(repo.dir, base, ours);
    expect(outcome).toMatchObject({ landed: false, branch: "gitclaw/issue-1-42", sha: ours });
    expect(outcome.landed || outcome.reason).toMatch(
      /^conflict with main at [0-9a-f]{12}: both changed `shared\.txt` \(replaying "ours"\)$/,
    );
    expect(await repo.originGit("rev-parse", "main")).toBe(theirsOnMain);
    expect(await repo.originGit("rev-parse", "gitclaw/issue-1-42")).toBe(ours);
    expect(readFileSync(join(repo.dir, "shared.txt"), "utf8")).toBe("our change\n");
    expect(await repo.git("status", "--porcelain")).toBe("");
  });

  it("takes a branch that refuses pushes for what it is: the work goes to the side branch at once", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    const hook = join(repo.origin, "hooks", "pre-receive");
    writeFileSync(
      hook,
      "#!/bin/sh\nwhile read old new ref; do [ \"$ref\" = refs/heads/main ] && { echo 'protected branch hook declined' >&2; exit 1; }; done\nexit 0\n",
    );
    chmodSync(hook, 0o755);
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    const ours = (await commitAll(runnerGit(repo.dir), "a"))!;
    const outcome = await landOn(repo.dir, base, ours);
    expect(outcome).toMatchObject({ landed: false, branch: "gitclaw/issue-1-42", attempts: 1 });
    expect(outcome.landed || outcome.reason).toBe("protected branch hook declined");
    expect(await repo.originGit("rev-parse", "gitclaw/issue-1-42")).toBe(ours);
  });

  it("names a rule's refusal (GH013) and takes the work to refusedBranch, replayed onto it when it moved", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    const earlier = await pushFrom(repo, "earlier", "earlier.txt", "earlier\n");
    await repo.originGit("update-ref", "refs/heads/gitclaw/issue-1", earlier);
    await repo.originGit("update-ref", "refs/heads/main", base);
    updateRules(repo.origin, { defaultBranch: "main", repoUrl: "https://github.com/o/r" }, (rules) => {
      rules.rulesets.push({
        id: 1,
        name: "r",
        include: ["~DEFAULT_BRANCH"],
        exclude: [],
        rules: [{ type: "pull_request" }],
      });
    });
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    const ours = (await commitAll(runnerGit(repo.dir), "a"))!;
    const outcome = await landOn(repo.dir, base, ours, { refusedBranch: "gitclaw/issue-1" });
    expect(outcome).toMatchObject({
      landed: false,
      branch: "gitclaw/issue-1",
      refused:
        "GH013: Repository rule violations found for refs/heads/main: Changes must be made through a pull request.",
    });
    expect(await repo.originGit("rev-parse", "main")).toBe(base);
    expect(await repo.originGit("rev-parse", "gitclaw/issue-1^")).toBe(earlier);
    expect(await repo.originGit("show", "gitclaw/issue-1:a.txt")).toBe("a");
  });

  it("landPaths makes a missing branch holding just the paths, when asked to", async () => {
    const repo = await fresh();
    mkdirSync(join(repo.dir, "state/issues"), { recursive: true });
    writeFileSync(join(repo.dir, "state/issues/1.json"), "{}\n");
    writeFileSync(join(repo.dir, "b.txt"), "b\n");
    const sha = (await commitAll(runnerGit(repo.dir), "state"))!;
    const options = {
      remote: "origin",
      branch: "gitclaw/state",
      attempts: 8,
      sha,
      message: "m",
      paths: ["state/issues/1.json"],
    };
    await expect(landPaths(runnerGit(repo.dir), options)).rejects.toThrow();
    const made = await landPaths(runnerGit(repo.dir), { ...options, create: true });
    expect(made).toMatchObject({ landed: true, branch: "gitclaw/state" });
    expect(await repo.originGit("ls-tree", "-r", "--name-only", "gitclaw/state")).toBe("state/issues/1.json");
    expect(await repo.originGit("rev-list", "--count", "gitclaw/state")).toBe("1");
  });

  it("replays from a shallow clone, as the workflow checks out", async () => {
    const repo = await fresh();
    await pushFrom(repo, "older", "older.txt", "older\n");
    const shallow = join(repo.root, "shallow");
    await execa("git", ["clone", "-q", "--depth", "1", `file://${repo.origin}`, shallow]);
    const base = await gitIn(shallow, "rev-parse", "HEAD");
    const theirs = await pushFrom(repo, "other", "theirs.txt", "theirs\n");
    writeFileSync(join(shallow, "ours.txt"), "ours\n");
    const ours = (await commitAll(runnerGit(shallow), "ours"))!;
    const outcome = await landOn(shallow, base, ours);
    expect(outcome.landed).toBe(true);
    expect(await repo.originGit("rev-parse", `${outcome.sha}^`)).toBe(theirs);
    expect(await repo.originGit("ls-tree", "--name-only", "main")).toBe(
      "README.md\nolder.txt\nours.txt\nshared.txt\ntheirs.txt",
    );
  });

  it("replays a series commit by commit, a later commit undoing part of an earlier one", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    await pushFrom(repo, "other", "theirs.txt", "theirs\n");
    const git = runnerGit(repo.dir);
    writeFileSync(join(repo.dir, "a.txt"), "one\n");
    writeFileSync(join(repo.dir, "b.txt"), "kept\n");
    await commitAll(git, "first");
    writeFileSync(join(repo.dir, "a.txt"), "two\n");
    await git.must(["rm", "-q", "b.txt"]);
    const head = (await commitAll(git, "second"))!;
    const tip = await repo.originGit("rev-parse", "main");
    await git.must(["fetch", "-q", "origin", "main"]);
    const replayed = await replay(git, base, head, tip);
    if (!("sha" in replayed)) throw new Error(replayed.conflict);
    expect(await repo.git("log", "--format=%s", `${tip}..${replayed.sha}`)).toBe("second\nfirst");
    expect(await repo.git("ls-tree", "--name-only", replayed.sha)).toBe("README.md\na.txt\nshared.txt\ntheirs.txt");
    expect(await repo.git("show", `${replayed.sha}:a.txt`)).toBe("two");
  });

  it("gives up with a clear error after the attempts when the remote is unreachable", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    const ours = (await commitAll(runnerGit(repo.dir), "a"))!;
    const remote = join(repo.root, "nowhere.git");
    await expect(landOn(repo.dir, base, ours, { remote, attempts: 4 })).rejects.toThrow(
      /could not push to main after 4 attempts/,
    );
  });

  it("never lets a branch name pass as an option", async () => {
    const repo = await fresh();
    const git = runnerGit(repo.dir);
    const marker = join(repo.root, "pwned");
    await expect(assertBranchName(git, `--upload-pack=touch ${marker}`, "a test")).rejects.toThrow(
      /\(a test\) is not a valid branch name/,
    );
    await expect(assertBranchName(git, "a..b", "a test")).rejects.toThrow(/is not a valid branch name/);
    await expect(assertBranchName(git, "main", "a test")).resolves.toBe("main");
    const base = await repo.git("rev-parse", "HEAD");
    writeFileSync(join(repo.dir, "a.txt"), "a\n");
    const ours = (await commitAll(git, "a"))!;
    await landOn(repo.dir, base, ours, { branch: `--upload-pack=touch ${marker}`, attempts: 1 }).catch(() => undefined);
    expect(() => readFileSync(marker)).toThrow();
  });

  it("backs off exponentially with jitter, capped", () => {
    expect(backoffDelay(1, 500, () => 0)).toBe(500);
    expect(backoffDelay(1, 500, () => 1)).toBe(1000);
    expect(backoffDelay(3, 500, () => 1)).toBe(4000);
    expect(backoffDelay(20, 500, () => 1)).toBe(30_000);
  });
});

describe("landPaths", () => {
  it("lands only the session's files on the branch, whatever the working tree holds", async () => {
    const repo = await fresh();
    const base = await repo.git("rev-parse", "HEAD");
    const theirs = await pushFrom(repo, "other", "shared.txt", "their change\n");
    mkdirSync(join(repo.dir, "state/issues"), { recursive: true });
    writeFileSync(join(repo.dir, "state/issues/1.json"), "{}\n");
    writeFileSync(join(repo.dir, "shared.txt"), "our change\n");
    const ours = (await commitAll(runnerGit(repo.dir), "ours"))!;
    const side = await landOn(repo.dir, base, ours);
    expect(side.landed).toBe(false);
    const state = await landPaths(runnerGit(repo.dir), {
      remote: "origin",
      branch: "main",
      attempts: 4,
      sha: ours,
      paths: ["state/issues/1.json"],
      message: "session",
      sleep: noSleep,
    });
    expect(state.landed).toBe(true);
    expect(await repo.originGit("rev-parse", `${state.sha}^`)).toBe(theirs);
    expect(await repo.originGit("show", "main:shared.txt")).toBe("their change");
    expect(await repo.originGit("show", "main:state/issues/1.json")).toBe("{}");
  });
});

describe("credentials", () => {
  it("removes persisted extraheaders, also from included files", async () => {
    const repo = await fresh();
    const included = join(repo.root, "checkout-credentials.config");
    writeFileSync(
      included,
      '[http "https://github.com/"]\n\textraheader = AUTHORIZATION: basic eC1hY2Nlc3MtdG9rZW46c2VjcmV0\n',
    );
    await repo.git("config", "--local", "http.https://github.com/.extraheader", "AUTHORIZATION: basic abc");
    await repo.git("config", "--local", "include.path", included);
    const removed = await removePersistedCredentials(createGit(repo.dir));
    expect(removed).toHaveLength(2);
    const all = await repo.git("config", "--list", "--show-origin");
    expect(all).not.toMatch(/extraheader/i);
  });

  it("hands the credential only to remote commands, through the environment", async () => {
    const repo = await fresh();
    const git = createGit(repo.dir, { authEnv: tokenAuthEnv("https://github.com/o/r", "tok") });
    expect((await git.run(["config", "--get", "http.extraheader"], { remote: true })).stdout).toMatch(
      /^AUTHORIZATION: basic /,
    );
    expect((await git.run(["config", "--get", "http.extraheader"])).exitCode).toBe(1);
    expect(readFileSync(join(repo.dir, ".git/config"), "utf8")).not.toMatch(/extraheader/);
  });

  it("never gives git the agent's own environment", async () => {
    const repo = await fresh();
    process.env.GITCLAW_TEST_SECRET_TOKEN = "ghs_not_for_git";
    try {
      const shown = await createGit(repo.dir, { env: { PATH: process.env.PATH ?? "/usr/bin:/bin" } }).must([
        "-c",
        "alias.env=!env",
        "env",
      ]);
      expect(shown).not.toContain("ghs_not_for_git");
      expect(shown).toMatch(/^GIT_COMMITTER_NAME=gitclaw\[bot\]$/m);
    } finally {
      delete process.env.GITCLAW_TEST_SECRET_TOKEN;
    }
  });

  it("builds push authentication (environment, never argv) only for http remotes", () => {
    expect(tokenAuthEnv("/tmp/origin.git", "t")).toEqual({});
    expect(tokenAuthEnv("https://github.com/o/r", "tok")).toEqual({
      GIT_CONFIG_COUNT: "1",
      GIT_CONFIG_KEY_0: "http.extraheader",
      GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${Buffer.from("x-access-token:tok").toString("base64")}`,
    });
  });
});
