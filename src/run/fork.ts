// A fork's pull request, safely. The job's token cannot push to the fork, and the fork's code is
// untrusted, so it never becomes the workspace: its commits are fetched as objects (nothing of them
// runs) into a worktree outside the checkout, where only the sandbox's tool user, without secrets,
// runs anything. A run without an isolated sandbox refuses (a command there could read the agent's
// environment). What the agent changed is committed there by the orchestrator (protected paths
// undone), turned into a patch kept beside the session (which lands on the default branch like any
// conversation), and delivered in the reply: collapsed, with a `git am` command. Nothing is pushed
// under the fork's branch, nor anywhere else but the conversation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fetchPullHead } from "../git/branch.ts";
import { commitAll } from "../git/land.ts";
import { protectedPathsFrom, revertProtectedChanges } from "../git/protected.ts";
import { commitMessage } from "../git/commit-message.ts";
import type { Git } from "../git/git.ts";
import { repoRelative } from "../session/mapping.ts";
import type { SessionFile } from "../session/session-file.ts";
import { worktreeGit } from "../git/worktree.ts";
import { coAuthorOf } from "./types.ts";
import { holdBackRunSecrets } from "./land.ts";
import { changedPaths } from "../git/status.ts";
import type { HeldBack } from "../validate/hold-back.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";
import { callout, patchBlock } from "../github/markdown.ts";
import { formatBytes, plural } from "../text/format.ts";

export interface ForkCheckout {
  /** The worktree the tools work in. */
  root: string;
  /** The fork's commit it starts from. */
  base: string;
  /** Removes the worktree and its directory. */
  dispose(): Promise<void>;
}

/** The fork's head as a worktree of the checkout, outside it; the commit comes from the base repository's refs/pull/<n>/head. */
export async function checkoutFork(run: TargetedRun, workspace: Workspace): Promise<ForkCheckout> {
  const pull = run.target.pull!;
  const { git, remote } = workspace;
  const base = await fetchPullHead(git, remote, pull);
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-fork-"));
  const root = join(dir, `pr-${pull.number}`);
  await git.must(["worktree", "add", "--quiet", "--detach", root, base], { groupWritable: true });
  run.log(`gitclaw: the fork's head ${base.slice(0, 12)} is checked out outside the workspace, for the sandbox only`);
  return {
    root,
    base,
    async dispose() {
      await git.run(["worktree", "remove", "--force", root]);
      rmSync(dir, { recursive: true, force: true });
      await git.run(["worktree", "prune"]);
    },
  };
}

export interface ForkPatch {
  /** Repository-relative path of the patch file, beside the session. */
  path: string;
  patch: string;
  files: number;
  /** Protected paths whose changes were undone. */
  reverted: string[];
  /** What the secret scan held back from the patch. */
  heldBack?: HeldBack;
}

/** Commits what the agent changed in the fork's worktree and keeps it as a patch file in the session's folder. */
export async function forkPatch(
  run: TargetedRun,
  workspace: Workspace,
  fork: ForkCheckout,
  session: SessionFile,
): Promise<ForkPatch | undefined> {
  const wt: Git = await worktreeGit(workspace.git, fork.root, workspace.toolEnv, run.redact);
  // One status read for the scan and the protected paths; again only when the scan held something back.
  let changes = await changedPaths(wt);
  const heldBack = await holdBackRunSecrets(run, { git: wt, base: fork.base }, () => false, changes);
  const held = heldBack?.findings.length ? { heldBack } : {};
  if (held.heldBack) changes = await changedPaths(wt);
  const reverted = await revertProtectedChanges(wt, protectedPathsFrom(run.config.protectedPaths), [], changes);
  const pull = run.target.pull!;
  const message = commitMessage({
    issueNumber: pull.number,
    kind: "pull request",
    title: pull.title,
    runUrl: run.link,
    coAuthor: coAuthorOf(run.trigger),
  });
  const head = await commitAll(wt, run.redact(message));
  if (!head) return reverted.length || held.heldBack ? { path: "", patch: "", files: 0, reverted, ...held } : undefined;
  const patch = run.redact(await wt.must(["format-patch", "--stdout", "--binary", `${fork.base}..${head}`]));
  const files = (await wt.must(["diff", "--name-only", "-z", fork.base, head])).split("\0").filter(Boolean).length;
  const file = join(session.artifactsDir, `pr-${pull.number}-run-${run.env.runId}.patch`);
  mkdirSync(session.artifactsDir, { recursive: true });
  writeFileSync(file, `${patch}\n`);
  return { path: repoRelative(workspace.root, file), patch: `${patch}\n`, files, reverted, ...held };
}

/** The reply's note: the patch collapsed, and how to apply it from the commit that holds the session. */
export function patchNote(run: TargetedRun, patch: ForkPatch, sessionSha: string | undefined): string {
  const pull = run.target.pull!;
  const lines: string[] = [];
  const reverted = patch.reverted.map((path) => `\`${path}\``).join(", ");
  if (reverted) lines.push(callout("WARNING", `Changes to protected paths were left out of the patch: ${reverted}.`));
  if (!patch.patch) return lines.join("\n\n");
  const why = `#${pull.number} comes from the fork ${pull.head.repo}, which gitclaw cannot push to`;
  const files = plural(patch.files, "file");
  lines.push(callout("NOTE", `${why}: the change is a patch (${files}) for its author or a maintainer to apply.`));
  const size = formatBytes(Buffer.byteLength(patch.patch));
  lines.push(patchBlock(patch.patch, "The patch", `The patch is ${size}, too long to show here: apply the file.`));
  if (sessionSha) {
    const url = `${run.env.serverUrl}/${run.env.owner}/${run.env.repo}.git`;
    const command = `git fetch ${url} ${sessionSha} && git show FETCH_HEAD:${patch.path} | git am`;
    lines.push(`On the pull request's branch, apply it with:\n\n\`\`\`sh\n${command}\n\`\`\``);
  }
  return lines.join("\n\n");
}
