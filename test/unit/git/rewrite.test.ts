// Commits rebuilt without some paths (src/git/rewrite.ts), over a real repository: each commit of
// base..HEAD copied with those paths as base has them, message, author and date kept, a commit left
// without a change dropped; HEAD and the index follow, the working tree is not touched. And the
// paths a range of commits changed, commit by commit, as the protected-path matcher judges them.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { committedPathsUnder } from "../../../src/git/protected.ts";
import { leaveOutOfCommits } from "../../../src/git/rewrite.ts";
import { createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";

let repo: TempRepo;
afterEach(() => repo?.cleanup());

async function commit(files: Record<string, string | null>, message: string, author = "Ada") {
  for (const [path, content] of Object.entries(files))
    if (content === null) await git(repo.dir, "rm", "-q", path);
    else writeFileSync(join(repo.dir, path), content);
  await git(repo.dir, "add", "-A");
  await git(repo.dir, "-c", `user.name=${author}`, "-c", "user.email=a@e", "commit", "-qm", message);
}

describe("committedPathsUnder", () => {
  it("lists what each commit changed under the patterns: both sides of a rename, a change undone later", async () => {
    repo = await createTempRepo({ "a.txt": "a\n", "conf.json": "{}\n", "keep.txt": "k\n" });
    const base = await git(repo.dir, "rev-parse", "HEAD");
    await commit({ "conf.json": '{"sandbox":"off"}\n' }, "change it");
    await commit({ "conf.json": "{}\n" }, "and back");
    await git(repo.dir, "mv", "a.txt", "moved.txt");
    await commit({}, "move a");
    const g = createGit(repo.dir);
    expect((await committedPathsUnder(g, base, "HEAD", ["conf.json", "a.txt"])).sort()).toEqual(["a.txt", "conf.json"]);
    expect(await committedPathsUnder(g, base, "HEAD", ["MOVED.TXT"])).toEqual(["moved.txt"]);
    expect(await committedPathsUnder(g, base, "HEAD", ["conf.json"], ["conf.json"])).toEqual([]);
    expect(await committedPathsUnder(g, "HEAD", "HEAD", ["conf.json"])).toEqual([]);
  });
});

describe("leaveOutOfCommits", () => {
  it("rebuilds base..HEAD without the paths, keeping messages and authors, dropping what is left empty", async () => {
    repo = await createTempRepo({ "a.txt": "a\n", "conf.json": "{}\n" });
    const base = await git(repo.dir, "rev-parse", "HEAD");
    await commit({ "a.txt": "a2\n", "conf.json": '{"x":1}\n' }, "both", "Ada");
    await commit({ "conf.json": '{"x":2}\n', "new.pem": "key\n" }, "only protected", "Bob");
    await commit({ "b.txt": "b\n" }, "add b", "Cy");
    const g = createGit(repo.dir, { env: { GIT_COMMITTER_NAME: "bot", GIT_COMMITTER_EMAIL: "bot@e" } });
    const tip = await leaveOutOfCommits(g, base, ["conf.json", "new.pem"]);

    expect(await git(repo.dir, "rev-parse", "HEAD")).toBe(tip);
    expect(await git(repo.dir, "log", "--format=%an|%s", `${base}..HEAD`)).toBe("Cy|add b\nAda|both");
    expect(await git(repo.dir, "show", "HEAD:conf.json")).toBe("{}");
    expect(await git(repo.dir, "show", "HEAD:a.txt")).toBe("a2");
    expect(await git(repo.dir, "ls-tree", "--name-only", "HEAD")).toBe("a.txt\nb.txt\nconf.json");
    // The index follows HEAD; the working tree keeps what the commits wrote, for the caller to handle.
    expect(readFileSync(join(repo.dir, "conf.json"), "utf8")).toBe('{"x":2}\n');
    expect(await git(repo.dir, "diff", "--cached", "--name-only")).toBe("");
    expect(await git(repo.dir, "diff", "--name-only")).toBe("conf.json");
    expect(await git(repo.dir, "ls-files", "--others")).toBe("new.pem");
  });

  it("leaves HEAD alone when there is nothing to leave out", async () => {
    repo = await createTempRepo({ "a.txt": "a\n" });
    const base = await git(repo.dir, "rev-parse", "HEAD");
    await commit({ "a.txt": "b\n" }, "change a");
    const head = await git(repo.dir, "rev-parse", "HEAD");
    expect(await leaveOutOfCommits(createGit(repo.dir), base, [])).toBe(head);
    expect(await leaveOutOfCommits(createGit(repo.dir), head, ["a.txt"])).toBe(head);
  });
});
