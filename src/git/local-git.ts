// Git in the workspace on the github tool's behalf (pr_create --fill, pr_checkout, pr_push), through
// gitclaw's one git wrapper (src/git/git.ts: secret-free environment, hooks and helpers off, the
// credential for remote commands only). Mutations of one repository are serialised: worktrees share
// .git/config and refs.
import { isAbsolute, resolve } from "node:path";
import { createGit, GitError, type Git } from "./git.ts";
import { ToolFailure } from "../errors.ts";

export type LocalGit = Git;

/** Git for the tools: a failing `must` is a ToolFailure, which the model reads as the op's answer. */
export function localGit(
  cwd: string,
  env: Readonly<Record<string, string>>,
  authEnv: Record<string, string>,
  redact: (text: string) => string,
): LocalGit {
  const git = createGit(cwd, { env, authEnv, redact });
  return {
    ...git,
    must: (args, options) =>
      git.must(args, options).catch((error: unknown) => {
        throw error instanceof GitError ? new ToolFailure(error.message) : error;
      }),
  };
}

/** The directory all worktrees of the checkout share (`.git` of the main working tree). */
export async function gitCommonDir(git: LocalGit): Promise<string> {
  const dir = await git.must(["rev-parse", "--git-common-dir"]);
  return isAbsolute(dir) ? dir : resolve(git.cwd, dir);
}

/** The checked-out branch, or undefined on a detached HEAD. */
export async function currentBranch(git: LocalGit): Promise<string | undefined> {
  const result = await git.run(["symbolic-ref", "--quiet", "--short", "HEAD"]);
  return result.exitCode === 0 && result.stdout.trim() ? result.stdout.trim() : undefined;
}

/** Whether the repository holds only the newest part of its history (the workflow checks out one commit). */
export async function isShallow(git: LocalGit): Promise<boolean> {
  return (await git.must(["rev-parse", "--is-shallow-repository"])) === "true";
}

export async function configValue(git: LocalGit, key: string): Promise<string | undefined> {
  const result = await git.run(["config", "--get", key]);
  return result.exitCode === 0 ? result.stdout.trim() : undefined;
}

const locks = new Map<string, Promise<unknown>>();

/** Runs `task` after every earlier task with the same key has settled. */
export function withRepoLock<T>(key: string, task: () => Promise<T>): Promise<T> {
  const previous = locks.get(key) ?? Promise.resolve();
  const next = previous.then(task, task);
  const settled = next.then(
    () => undefined,
    () => undefined,
  );
  locks.set(key, settled);
  void settled.then(() => {
    if (locks.get(key) === settled) locks.delete(key);
  });
  return next;
}
