// Every git command gitclaw runs itself, in the workspace or a pull request worktree, goes through
// this one wrapper. Three rules hold for all of them:
// - The environment is the secret-free tool environment: git may run commands the repository's
//   config names (filters, helpers), and the workspace's .git/config is the agent's to edit when
//   the sandbox is off. Hooks, fsmonitor, credential helpers and the ext transport are switched off,
//   and no git runs inside a nested repository (whose configuration is a tool command's).
// - The push credential reaches only commands that talk to the remote, as GIT_CONFIG_* variables:
//   never in .git/config, never on the command line (/proc/<pid>/cmdline is readable by every user).
// - Every command that can create a commit (commit, commit-tree, am, cherry-pick, merge) runs as
//   the bot: a GitHub-hosted runner has no git identity, and a missing one must never stop a commit.
import { execa } from "execa";
import { toolEnvironment } from "../tool-env.ts";
import { ActionableError } from "../errors.ts";

export interface GitResult {
  /** Exactly what git printed: porcelain formats give meaning to leading spaces. */
  stdout: string;
  stderr: string;
  exitCode: number;
}

export interface GitRunOptions {
  /** The command reaches the remote: it gets the credential. */
  remote?: boolean;
  /** Extra environment for this command (a commit's original author, a temporary index). */
  env?: Record<string, string>;
  /** Sent to git's standard input. */
  input?: string | Uint8Array;
  /**
   * Files it writes are group-writable (umask 002), so the sandbox's tool user can edit a worktree
   * even where the agent's own umask is stricter (a worker thread may not change it).
   */
  groupWritable?: boolean;
  /** Where git's standard output goes instead of memory (a patch series of any size); `stdout` is then empty. */
  stdoutFile?: string;
  /** Milliseconds the command may take; past them it is killed and fails, saying so. */
  timeoutMs?: number;
}

export interface Git {
  readonly cwd: string;
  /** Never throws for a failing git command: the caller reads the exit code. */
  run(args: string[], options?: GitRunOptions): Promise<GitResult>;
  /** stdout without its final line break, or a GitError naming the command and git's message. */
  must(args: string[], options?: GitRunOptions): Promise<string>;
}

export interface Identity {
  name: string;
  email: string;
}

export const BOT_IDENTITY: Identity = { name: "gitclaw[bot]", email: "gitclaw[bot]@users.noreply.github.com" };

export interface GitOptions {
  /** The base environment: secret-free (see src/tool-env.ts). Default: the tool environment of this process. */
  env?: Readonly<Record<string, string>>;
  /** The push credential as GIT_CONFIG_* variables (tokenAuthEnv); remote commands only. */
  authEnv?: Readonly<Record<string, string>>;
  /** Applied to error messages, which quote git's output. */
  redact?: (text: string) => string;
}

export class GitError extends ActionableError {
  override name = "GitError";
}

const SAFE_CONFIG = [
  ["core.hooksPath", "/dev/null"],
  ["core.fsmonitor", "false"],
  // An empty value clears every configured helper: none may see the credential or supply another.
  ["credential.helper", ""],
  ["protocol.ext.allow", "never"],
  // A redirect must not carry the credential header to another host.
  ["http.followRedirects", "false"],
  // A nested repository (a tool command's, committed as a gitlink) is never asked about by a git of
  // its own, which would read its configuration: filters, fetch, checkout all stay out of it.
  ["diff.ignoreSubmodules", "dirty"],
  ["fetch.recurseSubmodules", "false"],
  ["submodule.recurse", "false"],
].flatMap(([key, value]) => ["-c", `${key}=${value}`]);

export const identityEnv = (who: Identity, role: "AUTHOR" | "COMMITTER"): Record<string, string> => ({
  [`GIT_${role}_NAME`]: who.name,
  [`GIT_${role}_EMAIL`]: who.email,
});

/**
 * git's worktree bookkeeping is not safe to run in parallel: `worktree add` reads every registration
 * under .git/worktrees/ and fails on one another add has half written ("failed to read …/commondir"),
 * and `prune` may drop it. Sub-agents start several at once, so within this process the commands that
 * change worktrees run one at a time (they take milliseconds); listing them does not wait.
 */
let worktreeChanges: Promise<unknown> = Promise.resolve();
const changesWorktrees = (args: readonly string[]) => args[0] === "worktree" && args[1] !== "list";

function oneWorktreeChangeAtATime<T>(action: () => Promise<T>): Promise<T> {
  const done = worktreeChanges.then(action, action);
  worktreeChanges = done.catch(() => {});
  return done;
}

export function createGit(cwd: string, options: GitOptions = {}): Git {
  const base = {
    ...(options.env ?? toolEnvironment(process.env)),
    GIT_TERMINAL_PROMPT: "0",
    ...identityEnv(BOT_IDENTITY, "AUTHOR"),
    ...identityEnv(BOT_IDENTITY, "COMMITTER"),
  };
  const redact = options.redact ?? ((text: string) => text);
  const run: Git["run"] = (args, runOptions = {}) =>
    changesWorktrees(args) ? oneWorktreeChangeAtATime(() => spawnGit(args, runOptions)) : spawnGit(args, runOptions);
  const spawnGit: Git["run"] = async (args, runOptions = {}) => {
    const argv = [...SAFE_CONFIG, ...args];
    const [file, fileArgs] = runOptions.groupWritable
      ? ["/bin/sh", ["-c", 'umask 002 && exec git "$@"', "git", ...argv]]
      : ["git", argv];
    const result = await execa(file, fileArgs, {
      cwd,
      reject: false,
      extendEnv: false,
      env: { ...base, ...(runOptions.remote ? options.authEnv : {}), ...runOptions.env },
      ...(runOptions.input === undefined ? { stdin: "ignore" as const } : { input: runOptions.input }),
      ...(runOptions.stdoutFile ? { stdout: { file: runOptions.stdoutFile } } : {}),
      ...(runOptions.timeoutMs === undefined ? {} : { timeout: runOptions.timeoutMs }),
      stripFinalNewline: false,
    });
    const stderr = result.timedOut ? `timed out after ${runOptions.timeoutMs} ms` : String(result.stderr);
    return { stdout: String(result.stdout ?? ""), stderr, exitCode: result.exitCode ?? 1 };
  };
  return {
    cwd,
    run,
    async must(args, runOptions) {
      const result = await run(args, runOptions);
      if (result.exitCode !== 0) {
        const said = (result.stderr || result.stdout).trim() || `exit code ${result.exitCode}`;
        throw new GitError(redact(`git ${args.join(" ")} failed: ${said}`));
      }
      return result.stdout.replace(/\r?\n$/, "");
    },
  };
}

/** The header that authenticates https pushes with a token (what actions/checkout would persist), as environment. */
export function tokenAuthEnv(remoteUrl: string, token: string): Record<string, string> {
  if (!/^https?:\/\//.test(remoteUrl)) return {};
  const basic = Buffer.from(`x-access-token:${token}`).toString("base64");
  return {
    GIT_CONFIG_COUNT: "1",
    GIT_CONFIG_KEY_0: "http.extraheader",
    GIT_CONFIG_VALUE_0: `AUTHORIZATION: basic ${basic}`,
  };
}

/**
 * Refuses a branch name git would not accept, or one that could pass as an option (`--upload-pack=…`);
 * `source` says where it came from, for the message.
 */
export async function assertBranchName(git: Git, branch: string, source: string): Promise<string> {
  const checked = branch.startsWith("-") ? undefined : await git.run(["check-ref-format", "--branch", branch]);
  if (checked?.exitCode !== 0) {
    throw new GitError(
      `${JSON.stringify(branch)} (${source}) is not a valid branch name: set git.branch in .github/gitclaw.json to the branch to push to`,
    );
  }
  return branch;
}
