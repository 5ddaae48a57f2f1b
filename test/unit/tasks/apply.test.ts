// task_apply_git_patch over a real repository: the series applied with authors and messages kept, a
// dry run that leaves nothing behind, every refusal, and a conflict left to the model to continue or
// abort (or to the run's end, which aborts it).
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { amInProgress, abortLeftoverAm } from "../../../src/tasks/apply.ts";
import { PROTECTED_CONFIG, PROTECTED_FIXTURES, PROTECTED_TABLE } from "../../support/protected-table.ts";
import { commitFiles, createTaskWorld, finishedTask, parsed, type TaskWorld } from "./support.ts";

let world: TaskWorld;
afterEach(() => world?.repo.cleanup());

const ADA = { GIT_AUTHOR_NAME: "Ada Lovelace", GIT_AUTHOR_EMAIL: "ada@example.com" };

describe("applying a task's commits", () => {
  it("applies the series with git am, keeping each commit's author and message, and records it", async () => {
    world = await createTaskWorld();
    const id = await finishedTask(world, "two commits", async ({ git }) => {
      writeFileSync(join(git.cwd, "new.txt"), "new\n");
      await git.must(["add", "-A"]);
      await git.must(["commit", "-q", "-m", "Add new.txt\n\nWhy: the brief asked for it."], { env: ADA });
      await commitFiles(
        git,
        { "a.txt": "one\nTWO\nthree\n", "bin.dat": "\u0000\u0001\u0002" },
        "Change a.txt, add bin.dat",
      );
      return undefined;
    });
    const result = await world.call("task_apply_git_patch", { task_id: id });
    expect(result.isError, result.text).toBe(false);
    const answer = parsed(result);
    expect(answer).toMatchObject({ success: true, dryRun: false });
    expect((answer.appliedCommits as { subject: string }[]).map((c) => c.subject)).toEqual([
      "Add new.txt",
      "Change a.txt, add bin.dat",
    ]);
    const log = await world.repo.git("log", "-2", "--reverse", "--format=%an|%cn|%B%x00");
    expect(log).toContain("Ada Lovelace|gitclaw[bot]|Add new.txt\n\nWhy: the brief asked for it.");
    expect(readFileSync(join(world.repo.dir, "bin.dat"))).toEqual(Buffer.from([0, 1, 2]));
    expect(world.orchestrator.record(id)!.gitFormatPatch).toMatchObject({ appliedAt: expect.any(String) });
    const again = await world.call("task_apply_git_patch", { task_id: id });
    expect(again.text).toMatch(/was already applied at .* \(HEAD then [0-9a-f]{40}\)/);
  });

  it("dry-runs in a temporary worktree that is aborted, removed and pruned: the checkout is untouched", async () => {
    world = await createTaskWorld();
    const id = await finishedTask(world, "one commit", async ({ git }) => {
      await commitFiles(git, { "b.txt": "b\n" }, "Add b.txt");
      return undefined;
    });
    const head = await world.repo.git("rev-parse", "HEAD");
    const result = await world.call("task_apply_git_patch", { task_id: id, dry_run: true });
    expect(parsed(result)).toMatchObject({ success: true, dryRun: true, appliedCommits: [{ subject: "Add b.txt" }] });
    expect(await world.repo.git("rev-parse", "HEAD")).toBe(head);
    expect(await world.repo.git("status", "--porcelain", "--untracked-files=no")).toBe("");
    expect((await world.repo.git("worktree", "list", "--porcelain")).match(/^worktree /gm)).toHaveLength(1);
    expect(world.orchestrator.record(id)!.gitFormatPatch!.appliedAt).toBeUndefined();
  });

  it("waits for a task still running, then applies what it exported", async () => {
    world = await createTaskWorld();
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    world.work.set("slow", async ({ git }) => {
      await released;
      await commitFiles(git, { "slow.txt": "slow\n" }, "Add slow.txt");
      return undefined;
    });
    const { taskId } = parsed(await world.call("task", { title: "slow", prompt: "go", run_in_background: true }));
    const applying = world.call("task_apply_git_patch", { task_id: taskId });
    release();
    expect(parsed(await applying)).toMatchObject({ success: true, appliedCommits: [{ subject: "Add slow.txt" }] });
  });
});

describe("refusals", () => {
  it("refuses task ids with path segments, and ids of no task", async () => {
    world = await createTaskWorld();
    for (const id of ["../t1", "t1/../../x", "..", "a\\b"])
      expect((await world.call("task_apply_git_patch", { task_id: id })).text).toContain("path traversal");
    expect((await world.call("task_apply_git_patch", { task_id: "tdeadbeef" })).text).toContain(
      "No git patch artifact found for task tdeadbeef",
    );
  });

  it("refuses a task still running once the wait is over, one without commits, and a patch that failed", async () => {
    world = await createTaskWorld();
    world.scope.pendingWaitMs = 0;
    const never = new Promise<undefined>(() => {});
    world.work.set("stuck", async () => never);
    const { taskId: stuck } = parsed(
      await world.call("task", { title: "stuck", prompt: "go", run_in_background: true }),
    );
    expect((await world.call("task_apply_git_patch", { task_id: stuck })).text).toMatch(/is still running after 0 s/);
    const empty = await finishedTask(world, "nothing", async () => undefined);
    expect((await world.call("task_apply_git_patch", { task_id: empty })).text).toContain("produced no commits");
    const broken = await finishedTask(world, "broken", async ({ git }) => {
      await commitFiles(git, { "x.txt": "x\n" }, "Add x.txt");
      rmSync(join(await git.must(["rev-parse", "--absolute-git-dir"]), "HEAD"));
      return undefined;
    });
    const failed = await world.call("task_apply_git_patch", { task_id: broken });
    expect(failed.text).toMatch(/^The patch of task t[0-9a-f]{8} could not be made: /);
  });

  it("refuses staged changes, own changes on the patch's paths and a HEAD that moved; unrelated changes are fine", async () => {
    world = await createTaskWorld();
    const id = await finishedTask(world, "edit a", async ({ git }) => {
      await commitFiles(git, { "a.txt": "one\n2\nthree\n" }, "Edit a.txt");
      return undefined;
    });
    writeFileSync(join(world.repo.dir, "README.md"), "# staged\n");
    await world.repo.git("add", "README.md");
    expect((await world.call("task_apply_git_patch", { task_id: id })).text).toContain("staged changes");
    await world.repo.git("reset", "-q", "README.md");
    writeFileSync(join(world.repo.dir, "a.txt"), "mine\n");
    expect((await world.call("task_apply_git_patch", { task_id: id })).text).toContain(
      "Your uncommitted changes touch paths the patch changes: a.txt",
    );
    await world.repo.git("checkout", "--", "a.txt");
    const moved = await world.call("task_apply_git_patch", { task_id: id, expected_head_sha: "0123456789abcdef" });
    expect(moved.text).toMatch(/HEAD is [0-9a-f]{40}, not the expected 0123456789abcdef/);
    const head = await world.repo.git("rev-parse", "HEAD");
    const applied = await world.call("task_apply_git_patch", { task_id: id, expected_head_sha: head });
    expect(applied.isError, applied.text).toBe(false);
    expect(readFileSync(join(world.repo.dir, "README.md"), "utf8")).toBe("# staged\n");
  });

  it("refuses a patch touching a protected path before git am, in a dry run too, renames away included", async () => {
    world = await createTaskWorld({ files: { ".github/workflows/ci.yml": "on: push\n" } });
    const cases = {
      workflow: { ".github/workflows/ci.yml": "on: [push, pull_request]\n" },
      state: { "state/issues/9.json": "{}\n" },
    };
    for (const [title, files] of Object.entries(cases)) {
      const id = await finishedTask(world, title, async ({ git }) => {
        await commitFiles(git, files, `Touch ${title}`);
        return undefined;
      });
      for (const dry_run of [true, false]) {
        const result = await world.call("task_apply_git_patch", { task_id: id, dry_run });
        expect(result.text).toMatch(/touches protected paths.*It was not applied\./);
      }
    }
    const renamed = await finishedTask(world, "rename", async ({ git }) => {
      await git.must(["mv", ".github/workflows/ci.yml", "ci.yml"]);
      await git.must(["commit", "-q", "-m", "Move the workflow"]);
      return undefined;
    });
    const result = await world.call("task_apply_git_patch", { task_id: renamed });
    expect(result.text).toContain(".github/workflows/ci.yml (protected by .github/workflows/)");
    expect(await world.repo.git("log", "-1", "--format=%s")).toBe("initial");
  });
});

describe("the protected-path table (test/support/protected-table.ts), as sub-agent patches", () => {
  it("refuses every path of it before git am: the checkout keeps its commit", async () => {
    world = await createTaskWorld({ files: PROTECTED_FIXTURES, protectedPaths: PROTECTED_CONFIG });
    const head = await world.repo.git("rev-parse", "HEAD");
    for (const { path, existing } of PROTECTED_TABLE) {
      const id = await finishedTask(world, path, async ({ git }) => {
        await commitFiles(git, { [path]: existing ? "changed by a sub-agent\n" : "planted\n" }, `Touch ${path}`);
        return undefined;
      });
      const result = await world.call("task_apply_git_patch", { task_id: id });
      expect(result.text, path).toMatch(/touches protected paths.*It was not applied\./);
      expect(await world.repo.git("rev-parse", "HEAD"), path).toBe(head);
    }
  });
});

describe("a conflict", () => {
  async function conflicting() {
    world = await createTaskWorld();
    const edit =
      (line: string) =>
      async ({ git }: { git: TaskWorld["git"] }) => {
        await commitFiles(git, { "a.txt": `one\n${line}\nthree\n` }, `a.txt: ${line}`);
        return undefined;
      };
    const first = await finishedTask(world, "first", edit("first"));
    const second = await finishedTask(world, "second", edit("second"));
    expect((await world.call("task_apply_git_patch", { task_id: first })).isError).toBe(false);
    const head = await world.repo.git("rev-parse", "HEAD");
    const result = await world.call("task_apply_git_patch", { task_id: second });
    return { second, head, result };
  }

  it("names the paths and the failing patch, and leaves git am in progress", async () => {
    const { result } = await conflicting();
    expect(result.isError).toBe(true);
    expect(parsed(result)).toMatchObject({
      success: false,
      conflictPaths: ["a.txt"],
      failedPatchSubject: "a.txt: second",
      amInProgress: true,
      note: expect.stringContaining('am: "continue"'),
    });
    expect(await amInProgress(world.git)).toBe(true);
    const other = await finishedTask(world, "other", async ({ git }) => {
      await commitFiles(git, { "c.txt": "c\n" }, "Add c.txt");
      return undefined;
    });
    expect((await world.call("task_apply_git_patch", { task_id: other })).text).toContain("already in progress");
  });

  it("am: abort puts HEAD and the files back", async () => {
    const { second, head } = await conflicting();
    const aborted = await world.call("task_apply_git_patch", { task_id: second, am: "abort" });
    expect(parsed(aborted)).toMatchObject({ success: true, aborted: true });
    expect(await world.repo.git("rev-parse", "HEAD")).toBe(head);
    expect(await world.repo.git("status", "--porcelain", "--untracked-files=no")).toBe("");
    expect(await amInProgress(world.git)).toBe(false);
  });

  it("am: continue after the model fixed the file; not while conflict markers remain", async () => {
    const { second } = await conflicting();
    const refused = await world.call("task_apply_git_patch", { task_id: second, am: "continue" });
    expect(refused.text).toContain("Conflict markers are still in a.txt");
    writeFileSync(join(world.repo.dir, "a.txt"), "one\nfirst and second\nthree\n");
    const continued = await world.call("task_apply_git_patch", { task_id: second, am: "continue" });
    expect(parsed(continued)).toMatchObject({ success: true, appliedCommits: [{ subject: "a.txt: second" }] });
    expect(await world.repo.git("log", "-1", "--format=%s")).toBe("a.txt: second");
    expect(world.orchestrator.record(second)!.gitFormatPatch!.appliedAt).toEqual(expect.any(String));
  });

  it("is aborted at the run's end when left in progress, naming the patch it stood at", async () => {
    const { head } = await conflicting();
    expect(await abortLeftoverAm(world.scope.target)).toEqual({ subject: "a.txt: second" });
    expect(await world.repo.git("rev-parse", "HEAD")).toBe(head);
    expect(existsSync(join(world.repo.dir, ".git/rebase-apply"))).toBe(false);
    expect(await abortLeftoverAm(world.scope.target)).toBeUndefined();
  });
});

describe("a protected change smuggled through a commit message (git am reads what follows `---` as the patch)", () => {
  const CONFIG_FILE = ".github/gitclaw.json";
  /** A plain (non-git) diff of the configuration, after the `---` line that ends the message for git am. */
  const SMUGGLED = [
    "---",
    `--- a/${CONFIG_FILE}`,
    `+++ b/${CONFIG_FILE}`,
    "@@ -1 +1 @@",
    "-{}",
    '+{"sandbox": "off"}',
  ].join("\n");
  const smuggling =
    (files: Record<string, string>) =>
    async ({ git }: { git: TaskWorld["git"] }) => {
      await commitFiles(git, files, `Tidy the notes\n\nNothing else.\n${SMUGGLED}\n`);
      return undefined;
    };

  it("is refused by what the series changed once applied, in the dry run and the apply, and nothing of it is kept", async () => {
    world = await createTaskWorld({ files: { [CONFIG_FILE]: "{}\n" }, protectedPaths: [CONFIG_FILE] });
    const id = await finishedTask(world, "smuggle", smuggling({ "notes.txt": "notes\n" }));
    writeFileSync(join(world.repo.dir, "README.md"), "# mine, uncommitted\n");
    const head = await world.repo.git("rev-parse", "HEAD");
    for (const dry_run of [true, false]) {
      const result = await world.call("task_apply_git_patch", { task_id: id, dry_run });
      expect(result.isError, result.text).toBe(true);
      expect(parsed(result)).toMatchObject({
        success: false,
        protectedPaths: [CONFIG_FILE],
        error: expect.stringContaining(`${CONFIG_FILE} (protected by ${CONFIG_FILE})`),
      });
      expect(await world.repo.git("rev-parse", "HEAD")).toBe(head);
    }
    expect(readFileSync(join(world.repo.dir, CONFIG_FILE), "utf8")).toBe("{}\n");
    expect(existsSync(join(world.repo.dir, "notes.txt"))).toBe(false);
    expect(readFileSync(join(world.repo.dir, "README.md"), "utf8")).toBe("# mine, uncommitted\n");
    expect(await amInProgress(world.git)).toBe(false);
    expect((await world.repo.git("worktree", "list", "--porcelain")).match(/^worktree /gm)).toHaveLength(1);
  });

  it("is refused when git am stops at a later patch's conflict with the smuggling one already committed", async () => {
    world = await createTaskWorld({ files: { [CONFIG_FILE]: "{}\n" }, protectedPaths: [CONFIG_FILE] });
    const first = await finishedTask(world, "first", async ({ git }) => {
      await commitFiles(git, { "a.txt": "one\nfirst\nthree\n" }, "a.txt: first");
      return undefined;
    });
    const second = await finishedTask(world, "second", async (worktree) => {
      await smuggling({ "notes.txt": "notes\n" })(worktree);
      await commitFiles(worktree.git, { "a.txt": "one\nsecond\nthree\n" }, "a.txt: second");
      return undefined;
    });
    expect((await world.call("task_apply_git_patch", { task_id: first })).isError).toBe(false);
    const head = await world.repo.git("rev-parse", "HEAD");
    const result = parsed(await world.call("task_apply_git_patch", { task_id: second }));
    expect(result).toMatchObject({ success: false, protectedPaths: [CONFIG_FILE] });
    expect(result.amInProgress).toBeUndefined();
    expect(await world.repo.git("rev-parse", "HEAD")).toBe(head);
    expect(readFileSync(join(world.repo.dir, CONFIG_FILE), "utf8")).toBe("{}\n");
    expect(existsSync(join(world.repo.dir, "notes.txt"))).toBe(false);
    expect(await amInProgress(world.git)).toBe(false);
  });
});
