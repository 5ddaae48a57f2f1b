// The agent's commits as gitclaw takes them (src/git/scrub-commits.ts): kept when fit to push, and
// bounded: past maxCommits, or once the deadline has passed, the change comes as one commit of the
// tip's tree on the base, whose message says why.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createGit, type Git } from "../../../src/git/git.ts";
import { scrubCommits, type CommitRules } from "../../../src/git/scrub-commits.ts";
import { commitFile, createTempRepo, type TempRepo } from "../../support/git-repo.ts";

let repo: TempRepo;
let git: Git;
let base: string;
let tip: string;
beforeEach(async () => {
  repo = await createTempRepo({ "README.md": "# demo\n" });
  git = createGit(repo.dir);
  base = await repo.git("rev-parse", "HEAD");
  for (let i = 1; i <= 5; i++) tip = await commitFile(repo.dir, "n.txt", `${i}\n`, `n ${i}`);
});
afterEach(() => repo.cleanup());

const rules = (over: Partial<CommitRules>): CommitRules => ({
  values: [],
  people: [],
  maxCommits: 100,
  deadline: Number.POSITIVE_INFINITY,
  ...over,
});

describe("scrubCommits bounds", () => {
  it("keeps commits that are fit to push as they are, within the bounds", async () => {
    const kept = await scrubCommits(git, base, tip, rules({ people: [{ name: "Test", email: "test@example.com" }] }));
    expect(kept).toEqual({ tip, redacted: [] });
  });

  it("past maxCommits: one commit of the tip's tree on the base, saying why", async () => {
    const squashed = await scrubCommits(git, base, tip, rules({ maxCommits: 4 }));
    expect(squashed.squashed).toBe("more than 4 commits");
    expect(await repo.git("rev-parse", `${squashed.tip}^`)).toBe(base);
    expect(await repo.git("rev-parse", `${squashed.tip}^{tree}`)).toBe(await repo.git("rev-parse", `${tip}^{tree}`));
    expect(await repo.git("log", "-1", "--format=%an|%B", squashed.tip)).toBe(
      "gitclaw[bot]|gitclaw: the agent's commits, as one\n\nThe agent's commits come as this one commit: more than 4 commits.",
    );
  });

  it("exactly maxCommits is within the bound", async () => {
    const within = await scrubCommits(git, base, tip, rules({ maxCommits: 5 }));
    expect(within.squashed).toBeUndefined();
  });

  it("past the deadline: the rest is not taken one by one, the change comes as one commit", async () => {
    const late = await scrubCommits(git, base, tip, rules({ deadline: 0 }));
    expect(late.squashed).toBe("taking them one by one took too long");
    expect(await repo.git("rev-parse", `${late.tip}^`)).toBe(base);
  });
});
