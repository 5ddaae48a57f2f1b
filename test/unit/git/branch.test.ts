// Moving a shallow checkout onto another branch at a given commit, as the agent stage does for a pull
// request's head: only the commit and the history asked for come down.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { join } from "node:path";
import { checkoutCommit, remoteTip } from "../../../src/git/branch.ts";
import { createGit } from "../../../src/git/git.ts";
import { commitFile, createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";
import { checkout } from "../../support/runner/checkout.ts";

let repo: TempRepo;
const shas: string[] = [];
beforeAll(async () => {
  repo = await createTempRepo();
  await repo.git("checkout", "-q", "-b", "feature");
  for (let i = 1; i <= 4; i++) shas.push(await commitFile(repo.dir, "f.txt", `${i}\n`, `step ${i}`));
  await repo.git("push", "-q", "origin", "feature");
});
afterAll(() => repo.cleanup());

async function shallowCheckout(name: string): Promise<string> {
  const workspace = join(repo.root, name);
  await checkout({
    origin: repo.origin,
    workspace,
    ref: "main",
    fetchDepth: 1,
    persistCredentials: false,
    token: "t",
    serverUrl: "https://x",
  });
  return workspace;
}

describe("branch", () => {
  it("remoteTip says where a branch is, or that there is none", async () => {
    const gitIn = createGit(await shallowCheckout("tips"));
    expect(await remoteTip(gitIn, "origin", "feature")).toBe(shas[3]);
    expect(await remoteTip(gitIn, "origin", "gitclaw/issue-9")).toBeUndefined();
  });

  it("checkoutCommit checks out an older commit of the branch, by id, with the history asked for", async () => {
    const workspace = await shallowCheckout("older");
    await checkoutCommit(createGit(workspace), "origin", { branch: "feature", sha: shas[2]!, depth: 2 });
    expect(await git(workspace, "rev-parse", "HEAD")).toBe(shas[2]);
    expect(await git(workspace, "rev-parse", "--abbrev-ref", "HEAD")).toBe("feature");
    expect((await git(workspace, "log", "--format=%s")).split("\n")).toEqual(["step 3", "step 2"]);
  });
});
