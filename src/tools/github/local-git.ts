// Git in the workspace on the github tool's behalf (pr_create --fill, pr_checkout, pr_push).
// Without the sandbox the agent can write to .git/ with bash, so git runs with the sanitised tool
// environment and with hooks, fsmonitor and the ext transport off: nothing the agent planted runs
// next to the push credential. Mutations of one repository are serialised: worktrees share
// .git/config and refs.
import { isAbsolute, resolve } from "node:path";
import { execa } from "execa";
import { ToolFailure } from "./context.ts";

const SAFE_CONFIG = ["-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "protocol.ext.allow=never"];

export interface GitOptions {
  /** The command reaches a remote: it gets the credential. */
  remote?: boolean;
  /**
   * Files it writes are group-writable (umask 002), so the sandbox's tool user can edit a worktree
   * even where the agent's own umask is stricter (a worker thread may not change it).
   */
  groupWritable?: boolean;
}

export interface LocalGit {
  readonly cwd: string;
  /** Exit code and output; never throws for a git failure. */
  run(args: string[], options?: GitOptions): Promise<{ exitCode: number; stdout: string; stderr: string }>;
  /** stdout, or a ToolFailure naming the command and git's message. */
  must(args: string[], options?: GitOptions): Promise<string>;
}

export function localGit(cwd: string, env: Readonly<Record<string, string>>, authEnv: Record<string, string>, redact: (text: string) => string): LocalGit {
  const run: LocalGit["run"] = async (args, options = {}) => {
    const argv = [...SAFE_CONFIG, ...args];
    const [file, fileArgs] = options.groupWritable ? ["/bin/sh", ["-c", 'umask 002 && exec git "$@"', "git", ...argv]] : ["git", argv];
    const result = await execa(file, fileArgs, {
      cwd,
      reject: false,
      extendEnv: false,
      // The credential only reaches commands that talk to the remote, through the environment.
      env: { ...env, GIT_TERMINAL_PROMPT: "0", ...(options.remote ? authEnv : {}) },
      stdin: "ignore",
    });
    return { exitCode: result.exitCode ?? 1, stdout: String(result.stdout).trim(), stderr: String(result.stderr).trim() };
  };
  return {
    cwd,
    run,
    async must(args, options) {
      const result = await run(args, options);
      if (result.exitCode !== 0) throw new ToolFailure(redact(`git ${args.join(" ")} failed: ${result.stderr || result.stdout || `exit code ${result.exitCode}`}`));
      return result.stdout;
    },
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
  return result.exitCode === 0 && result.stdout ? result.stdout : undefined;
}

export async function configValue(git: LocalGit, key: string): Promise<string | undefined> {
  const result = await git.run(["config", "--get", key]);
  return result.exitCode === 0 ? result.stdout : undefined;
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
