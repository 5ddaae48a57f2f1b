// A patch of what the working tree changed in some paths, for someone else to apply with `git apply`:
// new and deleted files, modes and binary content included. Built in a temporary index, so neither
// the real index nor the working tree is touched.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { GitError, type Git } from "./git.ts";

/** `git diff --binary` from HEAD to the working tree, limited to `paths`; empty when they did not change. */
export async function workingTreePatch(git: Git, paths: readonly string[]): Promise<string> {
  if (paths.length === 0) return "";
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-index-"));
  try {
    const env = { GIT_INDEX_FILE: join(dir, "index"), GIT_LITERAL_PATHSPECS: "1" };
    await git.must(["read-tree", "HEAD"], { env });
    await git.must(["add", "-A", "--", ...paths], { env });
    // The prefixes and options git apply expects, whatever the repository's diff settings say.
    const diff = await git.run(
      [
        "diff",
        "--cached",
        "--binary",
        "--no-color",
        "--no-ext-diff",
        "--no-textconv",
        "--no-relative",
        "--src-prefix=a/",
        "--dst-prefix=b/",
        "HEAD",
        "--",
        ...paths,
      ],
      { env },
    );
    if (diff.exitCode !== 0) throw new GitError(`git diff failed: ${(diff.stderr || diff.stdout).trim()}`);
    return diff.stdout;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
