// Git operations of the orchestrator: commit what the run changed, push to the configured branch
// with rebase-retry, verify the commit landed, and keep it on a side branch when a real conflict
// makes landing impossible. Never forces, never resolves a conflict by taking one side.
import { execa } from "execa";

export interface GitResult {
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface Git {
  readonly cwd: string;
  run(args: string[], options?: { auth?: boolean }): Promise<GitResult>;
}

export class GitError extends Error {
  override name = "GitError";
}

/**
 * `authEnv` carries the push credential for commands that talk to the remote, as git's
 * GIT_CONFIG_* variables: never in .git/config, and not on the command line either, since
 * /proc/<pid>/cmdline is readable by every user while /proc/<pid>/environ is not.
 */
export function createGit(cwd: string, options: { authEnv?: Record<string, string>; env?: Record<string, string> } = {}): Git {
  return {
    cwd,
    async run(args, { auth = false } = {}) {
      const result = await execa("git", args, {
        cwd,
        reject: false,
        env: { GIT_TERMINAL_PROMPT: "0", ...options.env, ...(auth ? options.authEnv : {}) },
        stdin: "ignore",
      });
      return { stdout: String(result.stdout).trim(), stderr: String(result.stderr).trim(), exitCode: result.exitCode ?? 1 };
    },
  };
}

async function must(git: Git, args: string[], options?: { auth?: boolean }): Promise<string> {
  const result = await git.run(args, options);
  if (result.exitCode !== 0) throw new GitError(`git ${args.join(" ")} failed (${result.exitCode}): ${result.stderr || result.stdout}`);
  return result.stdout;
}

/** The header that authenticates https pushes with a token (what actions/checkout would persist), as environment. */
export function tokenAuthEnv(remoteUrl: string, token: string): Record<string, string> {
  if (!/^https?:\/\//.test(remoteUrl)) return {};
  const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
  return { GIT_CONFIG_COUNT: "1", GIT_CONFIG_KEY_0: "http.extraheader", GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}` };
}

/**
 * Removes credentials actions/checkout persisted (`http.<url>.extraheader`, also in files pulled in
 * with include.path), so no tool can read the job token from the repository's config.
 */
export async function removePersistedCredentials(git: Git): Promise<string[]> {
  const removed: string[] = [];
  const files = [".git/config"];
  const includes = await git.run(["config", "--local", "--get-all", "include.path"]);
  if (includes.exitCode === 0) files.push(...includes.stdout.split("\n").filter(Boolean));
  const conditional = await git.run(["config", "--local", "--get-regexp", "^includeif\\..*\\.path$"]);
  if (conditional.exitCode === 0) files.push(...conditional.stdout.split("\n").map((line) => line.split(" ").slice(1).join(" ")).filter(Boolean));
  for (const file of files) {
    const path = file === ".git/config" ? [] : ["--file", file];
    const scope = file === ".git/config" ? ["--local"] : path;
    const found = await git.run(["config", ...scope, "--name-only", "--get-regexp", "^http\\..*extraheader$"]);
    if (found.exitCode !== 0) continue;
    for (const key of new Set(found.stdout.split("\n").filter(Boolean))) {
      await git.run(["config", ...scope, "--unset-all", key]);
      removed.push(`${file}: ${key}`);
    }
  }
  return removed;
}

export interface Identity {
  name: string;
  email: string;
}

export const BOT_IDENTITY: Identity = { name: "gitclaw[bot]", email: "gitclaw[bot]@users.noreply.github.com" };

/** Stages everything and commits as the bot; returns the new commit, or undefined when nothing changed. */
export async function commitAll(git: Git, message: string, identity: Identity = BOT_IDENTITY): Promise<string | undefined> {
  await must(git, ["add", "-A"]);
  const staged = await git.run(["diff", "--cached", "--quiet"]);
  if (staged.exitCode === 0) return undefined;
  await must(git, ["-c", `user.name=${identity.name}`, "-c", `user.email=${identity.email}`, "commit", "--no-verify", "-q", "-m", message]);
  return must(git, ["rev-parse", "HEAD"]);
}

export type PushOutcome =
  | { landed: true; sha: string; branch: string; attempts: number }
  | { landed: false; sha: string; branch: string; attempts: number; reason: string };

export interface PushOptions {
  branch: string;
  attempts: number;
  /** Where the commit goes when it cannot be rebased onto `branch` without a conflict. */
  fallbackBranch: string;
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  baseDelayMs?: number;
  log?: (line: string) => void;
}

/** Exponential backoff with full jitter, capped: concurrent runs spread out instead of colliding again. */
export function backoffDelay(attempt: number, baseMs: number, random: () => number): number {
  const cap = Math.min(baseMs * 2 ** attempt, 30_000);
  return Math.round(cap / 2 + (random() * cap) / 2);
}

export async function pushWithRetry(git: Git, options: PushOptions): Promise<PushOutcome> {
  const sleep = options.sleep ?? ((ms: number) => new Promise((r) => setTimeout(r, ms)));
  const random = options.random ?? Math.random;
  const log = options.log ?? (() => {});
  const target = `refs/heads/${options.branch}`;
  let lastError = "";
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    const push = await git.run(["push", "--porcelain", "origin", `HEAD:${target}`], { auth: true });
    const sha = await must(git, ["rev-parse", "HEAD"]);
    if (push.exitCode === 0) {
      await verifyLanded(git, options.branch, sha);
      return { landed: true, sha, branch: options.branch, attempts: attempt };
    }
    lastError = push.stderr || push.stdout;
    log(`push attempt ${attempt}/${options.attempts} was rejected: ${lastError.split("\n")[0]}`);
    if (attempt === options.attempts) break;
    await sleep(backoffDelay(attempt, options.baseDelayMs ?? 500, random));

    const pull = await git.run(["pull", "--rebase", "--no-autostash", "origin", options.branch], { auth: true });
    if (pull.exitCode !== 0) {
      const rebasing = await git.run(["rev-parse", "--verify", "-q", "REBASE_HEAD"]);
      if (rebasing.exitCode === 0) {
        // A real conflict: leave both sides intact and keep this run's commit on its own branch.
        await git.run(["rebase", "--abort"]);
        return keepOnSideBranch(git, options, attempt, `conflict while rebasing onto ${options.branch}: ${firstLine(pull.stdout || pull.stderr)}`);
      }
      lastError = pull.stderr || pull.stdout;
      log(`pull --rebase failed: ${firstLine(lastError)}`);
    }
  }
  throw new GitError(`could not push to ${options.branch} after ${options.attempts} attempts: ${firstLine(lastError)}`);
}

async function keepOnSideBranch(git: Git, options: PushOptions, attempts: number, reason: string): Promise<PushOutcome> {
  const sha = await must(git, ["rev-parse", "HEAD"]);
  await must(git, ["push", "origin", `HEAD:refs/heads/${options.fallbackBranch}`], { auth: true });
  await verifyLanded(git, options.fallbackBranch, sha);
  return { landed: false, sha, branch: options.fallbackBranch, attempts, reason };
}

/** Trust but verify: the commit must be reachable from the remote branch after the push. */
async function verifyLanded(git: Git, branch: string, sha: string): Promise<void> {
  await must(git, ["fetch", "-q", "origin", `refs/heads/${branch}`], { auth: true });
  const ancestor = await git.run(["merge-base", "--is-ancestor", sha, "FETCH_HEAD"]);
  if (ancestor.exitCode !== 0) throw new GitError(`push reported success but ${sha.slice(0, 12)} is not on origin/${branch}`);
}

const firstLine = (text: string) => text.split("\n").find((l) => l.trim()) ?? text;

/**
 * After a conflict kept the run's commit on a side branch, lands just `paths` from that commit on
 * `branch` (this session and mapping, which never conflict with other issues), so the
 * conversation continues on the default branch while the code change waits on its own branch.
 */
export async function landPaths(git: Git, options: { branch: string; sha: string; paths: string[]; message: string; attempts: number; sleep?: (ms: number) => Promise<void> }): Promise<PushOutcome> {
  await must(git, ["fetch", "-q", "origin", `refs/heads/${options.branch}`], { auth: true });
  await must(git, ["checkout", "-q", "-B", `gitclaw-state-${options.sha.slice(0, 12)}`, "FETCH_HEAD"]);
  await must(git, ["checkout", options.sha, "--", ...options.paths]);
  const sha = await commitAll(git, options.message);
  if (!sha) return { landed: true, sha: await must(git, ["rev-parse", "HEAD"]), branch: options.branch, attempts: 0 };
  return pushWithRetry(git, { branch: options.branch, attempts: options.attempts, fallbackBranch: `${options.branch}-gitclaw-state-${options.sha.slice(0, 12)}`, sleep: options.sleep });
}
