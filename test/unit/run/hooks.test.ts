// The run's hooks phase: hooks that cannot be read stop the run before any tool runs (fail closed),
// saying why; a repository without hooks gets no gate.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGit } from "../../../src/git/git.ts";
import { HooksUnreadable, loadHooks, type HookRun } from "../../../src/run/hooks.ts";
import type { Workspace } from "../../../src/run/types.ts";
import { createTempRepo, type TempRepo } from "../../support/git-repo.ts";

let repo: TempRepo;
beforeAll(async () => {
  repo = await createTempRepo({ "README.md": "# r\n" });
});
afterAll(() => repo.cleanup());

const run = (defaultBranch: string): HookRun =>
  ({
    trigger: { defaultBranch },
    log: () => {},
    redact: (text: string) => text,
    now: () => 1,
  }) as unknown as HookRun;
const workspace = (): Workspace => ({ git: createGit(repo.dir), remote: "origin" }) as unknown as Workspace;

describe("loadHooks", () => {
  it("finds none where the default branch has none", async () => {
    await repo.git("update-ref", "refs/remotes/origin/main", "HEAD");
    const loaded = await loadHooks(run("main"), workspace());
    expect(loaded).toMatchObject({ branch: "main", hooks: [], leftOut: [] });
  });

  it("stops the run, saying why, when the default branch cannot be read", async () => {
    const failing = loadHooks(run("gone"), workspace());
    await expect(failing).rejects.toBeInstanceOf(HooksUnreadable);
    await expect(failing).rejects.toThrow(
      /^gitclaw: the repository's hooks \(\.github\/hooks\/\*\.json on the default branch\) could not be read: .+\. No tool runs without them/,
    );
  });
});
