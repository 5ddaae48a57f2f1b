// Commits rebuilt without some paths: what a run is about to push, when commits it took in (a task's
// series applied with `git am`, anything committed during the run) changed paths it may not push:
// protected paths, or workflow files the job's token cannot push. Each commit of base..HEAD is copied
// with those paths as `base` has them, its message, author and date kept; one left without a change
// of its own is dropped. HEAD moves to the rebuilt tip and the index follows it for those paths; the
// working tree is not touched, so the caller decides what becomes of the changes there (undone, or
// held back as a patch). Built in a temporary index, like the replays of land.ts.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Git } from "./git.ts";
import { recommit } from "./land.ts";

const LITERAL = { GIT_LITERAL_PATHSPECS: "1" };

/** Rebuilds base..HEAD without the changes to `paths` and moves HEAD there; returns the new HEAD. */
export async function leaveOutOfCommits(git: Git, base: string, paths: readonly string[]): Promise<string> {
  const head = await git.must(["rev-parse", "HEAD"]);
  if (paths.length === 0 || head === base) return head;
  const tip = await rebuild(git, base, head, paths);
  await git.must(["update-ref", "-m", "gitclaw: commits rebuilt without changes it may not push", "HEAD", tip, head]);
  await git.must(["reset", "-q", tip, "--", ...paths], { env: LITERAL });
  return tip;
}

/** The copies of base..head, oldest first, each with `paths` as in `base`: the tip of the copies. */
async function rebuild(git: Git, base: string, head: string, paths: readonly string[]): Promise<string> {
  const commits = await git.must(["rev-list", "--reverse", "--topo-order", "--parents", `${base}..${head}`]);
  const asInBase = await git.must(["ls-tree", "-r", "-z", "--full-tree", base, "--", ...paths], { env: LITERAL });
  const copies = new Map<string, string>();
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-index-"));
  try {
    const env = { ...LITERAL, GIT_INDEX_FILE: join(dir, "index") };
    for (const line of commits.split("\n").filter(Boolean)) {
      const [commit, ...parents] = line.split(" ") as [string, ...string[]];
      const newParents = parents.map((parent) => copies.get(parent) ?? parent);
      await git.must(["read-tree", commit], { env });
      await git.must(["update-index", "--force-remove", "-z", "--stdin"], { env, input: `${paths.join("\0")}\0` });
      if (asInBase) await git.must(["update-index", "-z", "--index-info"], { env, input: asInBase });
      const tree = await git.must(["write-tree"], { env });
      const [only] = newParents;
      const empty = newParents.length === 1 && tree === (await git.must(["rev-parse", `${only}^{tree}`]));
      copies.set(commit, empty ? only! : await recommit(git, commit, tree, newParents));
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  return copies.get(head) ?? head;
}
