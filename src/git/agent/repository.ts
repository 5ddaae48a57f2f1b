// The agent's own git repository, made here (this folder: ./shim.ts gives tool commands their `git`,
// ./read.ts reads the repository as data, ./take.ts takes its commits, ./notes.ts says what became of
// them). The workspace's .git/ is gitclaw's: a trusted git (holding the token when it pushes) reads
// its config and hooks, so tool commands may not write it. Instead they
// get a git directory of their own, beside the run's worktrees (never inside the workspace), that
// the tool user owns: its objects borrow the trusted repository's through alternates (read-only,
// never the other way), its branch, refs and index start as the workspace's, and a `git` on the
// tools' PATH points git at it when a command works in the workspace. There the agent runs git as
// on a laptop: switch, add, commit, amend, stash, reset, rebase, log, blame.
//
// Whatever the tool user writes there (hooks, core.hooksPath, core.fsmonitor, filters, textconv,
// include.path, alternates, symbolic links, lying objects) is read by no trusted git: at the end,
// once no tool process is left, gitclaw reads its ref files and its object files as data (regular
// files with object-shaped names, bounded) and hands the objects to the trusted git, which checks
// every one as it takes it in (./objects.ts): loose ones as one pack (`unpack-objects --strict`,
// src/git/loose-pack.ts), packed ones fetched from a quarantine repository of gitclaw's own making (fsck). The trusted
// branch then moves to that tip, or the agent's commits are replayed onto commits gitclaw made in
// the meantime; src/git/land.ts judges and delivers base..HEAD as for any commit of the run.
import { chmodSync, copyFileSync, lstatSync, mkdirSync, readdirSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { BOT_IDENTITY, createGit, type Git } from "../git.ts";
import { branchesOf } from "./read.ts";
import { installGitShim, mapTrustedGitDir } from "./shim.ts";

export interface AgentRepo {
  /** The tool user's git directory. */
  gitDir: string;
  /** Where the tools' `git` lies: first on their PATH. */
  binDir: string;
  /** The branch (or detached commit) the run started on, and its commit. */
  branch: string;
  start: string;
  /** The values handed to tool commands (tools.env): redacted from the agent's commits when they are taken. */
  secrets: readonly string[];
  /** The branches gitclaw published for the agent during the run (pr_create), in the order published. */
  published: Map<string, PublishedBranch>;
  /** The branches the workspace had when the run started, and their commits: not the agent's to report. */
  startBranches: ReadonlyMap<string, string>;
  /** The trusted repository's object directory, which the quarantine borrows from. */
  objects: string;
  /** The trailer its commit-msg hook adds, for the repositories of pull request worktrees. */
  coAuthorTrailer?: string;
  /** The pull request worktrees' repositories (pr_checkout), by the worktree's real path. */
  worktrees: Map<string, AgentRepo>;
  /**
   * The agent's commits the trusted git has checked and taken in (`unpack-objects --strict`), with
   * their parents: whether the commits start where the run did is read here before git is asked.
   */
  checkedParents: Map<string, string[]>;
  /** How many of the agent's commits are taken one by one, and for how long: past either, they come as one. */
  limits: AgentCommitLimits;
  /** What taking commits did that the reply should say (they came as one), until the next take reports it. */
  notes: string[];
  /**
   * What gitclaw made of each range of the agent's commits it took ("<start>..<tip>" → the tip it
   * made): a branch taken again (published, then left checked out) is the same commit, and the
   * agent's branch that points where a published one came from is the published one.
   */
  copies: Map<string, string>;
}

export interface AgentCommitLimits {
  maxCommits: number;
  seconds: number;
}

/** A run makes a handful of commits; a command that makes thousands does not hold the run up for them (config git.*). */
export const DEFAULT_COMMIT_LIMITS: AgentCommitLimits = { maxCommits: 1000, seconds: 120 };

export interface PublishedBranch {
  /** The tip gitclaw pushed. */
  tip: string;
  /** Its commits that were not on the pull request's base, oldest first: "<short sha> <subject>". */
  commits: string[];
}

export interface AgentRepoSetUp {
  /** The workspace's trusted git. */
  git: Git;
  workspace: string;
  /** The run's worktree directory (the tool user's group may write inside what is made there). */
  dir: string;
  /** The Co-authored-by trailer the agent's commits carry, as the run's own. */
  coAuthorTrailer?: string;
  /** The tools' PATH, to find the real git. */
  path: string;
  secrets: readonly string[];
  limits?: AgentCommitLimits;
}

/**
 * Makes the agent's repository for `workspace` (the run's checkout, or a task's worktree: `git` is
 * gitclaw's git of it); the caller shares the directory with the tool user.
 */
export async function openAgentRepo(setUp: AgentRepoSetUp): Promise<AgentRepo> {
  const binDir = join(realpathSync(setUp.dir), ".agent-bin");
  mkdirSync(binDir, { mode: 0o755 });
  const { trustedGitDir, ...repo } = await makeAgentGitDir(setUp, binDir);
  installGitShim(binDir, setUp.path, { trustedGitDir, gitDir: repo.gitDir });
  return repo;
}

/**
 * Makes the agent's repository for a pull request worktree at `workspace` (`git`: gitclaw's git of
 * it), in `dir`, reached by the same tools' `git` as `main`'s; it replaces any the worktree had.
 */
export async function addAgentWorktree(
  main: AgentRepo,
  setUp: Pick<AgentRepoSetUp, "git" | "workspace" | "dir">,
): Promise<AgentRepo> {
  const { trustedGitDir, ...repo } = await makeAgentGitDir(
    { ...setUp, path: "", secrets: main.secrets, coAuthorTrailer: main.coAuthorTrailer, limits: main.limits },
    main.binDir,
  );
  mapTrustedGitDir(main.binDir, { trustedGitDir, gitDir: repo.gitDir });
  main.worktrees.set(realpathSync(setUp.workspace), repo);
  return repo;
}

/** The agent's git directory for `setUp.workspace`, written as data and shared with the tool user. */
async function makeAgentGitDir(setUp: AgentRepoSetUp, binDir: string): Promise<AgentRepo & { trustedGitDir: string }> {
  const { git, dir } = setUp;
  const workspace = realpathSync(setUp.workspace);
  const gitDir = join(realpathSync(dir), ".agent-git");
  // A git of its own: a worktree's git names its administrative directory in GIT_DIR, which init would take.
  await createGit(realpathSync(dir)).must(["init", "-q", "--bare", "--template=", gitDir], { groupWritable: true });
  const start = await git.must(["rev-parse", "HEAD"]);
  const branch = (await git.run(["symbolic-ref", "-q", "--short", "HEAD"])).stdout.trim();
  const trustedGitDir = realpathSync(await git.must(["rev-parse", "--absolute-git-dir"]));
  const objects = realpathSync(await git.must(["rev-parse", "--path-format=absolute", "--git-path", "objects"]));
  const refs = await git.must([
    "for-each-ref",
    "--format=%(objectname) %(refname)",
    "refs/heads",
    "refs/remotes",
    "refs/tags",
  ]);
  writeAgentRepo(gitDir, workspace, trustedGitDir, {
    head: branch ? `ref: refs/heads/${branch}\n` : `${start}\n`,
    refs,
    objects,
    trailer: setUp.coAuthorTrailer,
  });
  shareTree(gitDir);
  return {
    gitDir,
    binDir,
    branch,
    start,
    secrets: setUp.secrets,
    published: new Map(),
    startBranches: branchesOf(refs),
    objects,
    worktrees: new Map(),
    checkedParents: new Map(),
    limits: setUp.limits ?? DEFAULT_COMMIT_LIMITS,
    notes: [],
    copies: new Map(),
    trustedGitDir,
    ...(setUp.coAuthorTrailer ? { coAuthorTrailer: setUp.coAuthorTrailer } : {}),
  };
}

/** The files of the agent's repository, written as data by gitclaw before the tool user may touch it. */
function writeAgentRepo(
  gitDir: string,
  workspace: string,
  trustedGitDir: string,
  contents: { head: string; refs: string; objects: string; trailer?: string },
): void {
  const config = [
    "[core]",
    "\trepositoryformatversion = 0",
    "\tbare = false",
    `\tworktree = ${workspace}`,
    "\tsharedRepository = group",
    "\tlogAllRefUpdates = true",
    "\tcheckStat = minimal",
    // A runner has no git identity: gitclaw's, which the agent may change like any setting.
    "[user]",
    `\tname = ${BOT_IDENTITY.name}`,
    `\temail = ${BOT_IDENTITY.email}`,
    "",
  ].join("\n");
  writeFileSync(join(gitDir, "config"), config);
  writeFileSync(join(gitDir, "HEAD"), contents.head);
  writeFileSync(join(gitDir, "packed-refs"), contents.refs ? `${contents.refs}\n` : "");
  mkdirSync(join(gitDir, "objects", "info"), { recursive: true });
  writeFileSync(join(gitDir, "objects", "info", "alternates"), `${contents.objects}\n`);
  mkdirSync(join(gitDir, "info"), { recursive: true });
  // gitclaw's own files: the conversation, written while the agent works, is gitclaw's to commit.
  writeFileSync(join(gitDir, "info", "exclude"), "/state/\n");
  copyFileSync(join(trustedGitDir, "index"), join(gitDir, "index"));
  if (contents.trailer) {
    mkdirSync(join(gitDir, "hooks"), { recursive: true });
    const hook = `#!/bin/sh\nexec git interpret-trailers --in-place --if-exists addIfDifferent --trailer '${contents.trailer}' "$1"\n`;
    writeFileSync(join(gitDir, "hooks", "commit-msg"), hook, { mode: 0o775 });
  }
}

/** Group-writable and setgid throughout, so the tool user (the run's group) may write it all. */
function shareTree(path: string): void {
  const stat = lstatSync(path);
  if (stat.isSymbolicLink()) return;
  if (stat.isDirectory()) {
    chmodSync(path, (stat.mode & 0o777) | 0o2070);
    for (const name of readdirSync(path)) shareTree(join(path, name));
  } else chmodSync(path, (stat.mode & 0o777) | 0o060);
}

/**
 * What tool commands get besides their environment: the tools' `git` (./shim.ts) first on PATH, and
 * gitclaw's identity where no agent repository's configuration gives it (as command-line configuration,
 * which `git -c user.name=…` overrides). Never given to gitclaw's own git, which would find that `git` on
 * its PATH and read the agent's repository.
 */
export function agentRepoEnv(repo: AgentRepo | undefined, path: string): Record<string, string> {
  if (repo) return { PATH: `${repo.binDir}:${path}` };
  return {
    GIT_CONFIG_COUNT: "2",
    GIT_CONFIG_KEY_0: "user.name",
    GIT_CONFIG_VALUE_0: BOT_IDENTITY.name,
    GIT_CONFIG_KEY_1: "user.email",
    GIT_CONFIG_VALUE_1: BOT_IDENTITY.email,
  };
}
