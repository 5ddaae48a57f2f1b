// The agent's own git repository. The workspace's .git/ is gitclaw's: a trusted git (holding the
// token when it pushes) reads its config and hooks, so tool commands may not write it. Instead they
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
// every one as it takes it in: loose ones as one pack (`unpack-objects --strict`, loose-pack.ts),
// packed ones fetched from a quarantine repository of gitclaw's own making (fsck). The trusted
// branch then moves to that tip, or the agent's commits are replayed onto commits gitclaw made in
// the meantime; land.ts judges and delivers base..HEAD as for any commit of the run.
import {
  chmodSync,
  closeSync,
  constants,
  copyFileSync,
  fstatSync,
  openSync,
  readlinkSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { BOT_IDENTITY, createGit, type Git } from "./git.ts";
import { packOfLooseObjects } from "./loose-pack.ts";
import { replay } from "./land.ts";
import { revertChanges } from "./protected.ts";
import { trailerIdentity } from "./claims.ts";
import { type CommitRules, scrubCommits } from "./scrub-commits.ts";

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
  writeFileSync(join(binDir, "git"), gitShim(realGit(setUp.path)), { mode: 0o755 });
  writeFileSync(join(binDir, REPOS_FILE), `${trustedGitDir}\t${repo.gitDir}\n`, { mode: 0o644 });
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
  const map = join(main.binDir, REPOS_FILE);
  const others = readFileSync(map, "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith(`${trustedGitDir}\t`));
  writeFileSync(map, [...others, `${trustedGitDir}\t${repo.gitDir}`, ""].join("\n"));
  main.worktrees.set(realpathSync(setUp.workspace), repo);
  return repo;
}

/** Which agent repository serves which trusted git directory, for the tools' `git`: "<trusted>\t<agent>" lines. */
const REPOS_FILE = "repos";

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

function realGit(path: string): string {
  for (const dir of path.split(":")) {
    const candidate = join(dir, "git");
    try {
      if (lstatSync(candidate).isFile() || lstatSync(realpathSync(candidate)).isFile()) return candidate;
    } catch {
      // not there
    }
  }
  return "/usr/bin/git";
}

const quoted = (text: string) => `'${text.replaceAll("'", `'\\''`)}'`;

/** One line for `git push`: tool commands hold no credential, gitclaw delivers. */
export const PUSH_ANSWER =
  "gitclaw: tool commands cannot push (they hold no credential). Commit on the branch the run started on: gitclaw pushes those commits, with their messages, when the run ends; another branch is published by the github tool's pr_create with head=<branch>.";
/** One line for `git push --force` (and `+` refspecs): nothing forces. */
export const FORCE_PUSH_ANSWER =
  "gitclaw: tool commands cannot push, and gitclaw never forces a push: add new commits on top of the branch's history instead of rewriting it; gitclaw delivers them when the run ends.";
/** One line for `git push --delete` (and `:branch` refspecs): nothing deletes. */
export const DELETE_PUSH_ANSWER =
  "gitclaw: tool commands cannot push, and gitclaw deletes no branch on the remote: a branch of yours that is not published (pr_create with head=<branch>) ends with the run.";

/**
 * The tools' `git`: a command whose git directory (as git itself finds it, `-C` followed) is one
 * gitclaw keeps (the workspace's, a pull request worktree's) works in the agent's repository for it,
 * as the `repos` file beside it says; `init` and `clone` make repositories of their own as ever,
 * `worktree` lists the workspace's (pr_checkout's among them); `push` is answered in one line.
 */
function gitShim(git: string): string {
  return `#!/bin/sh
# gitclaw: where gitclaw keeps the git directory, git works in the agent's own repository for it.
real=${quoted(git)}
dir=. skip= cmd=
for arg in "$@"; do
  if [ "$skip" = C ]; then case "$arg" in /*) dir=$arg ;; *) dir=$dir/$arg ;; esac; skip=; continue; fi
  if [ "$skip" = c ]; then skip=; continue; fi
  case "$arg" in -C) skip=C ;; -c) skip=c ;; -*) ;; *) cmd=$arg; break ;; esac
done
case "$cmd" in
  push)
    answer=${quoted(PUSH_ANSWER)}
    for arg in "$@"; do
      case "$arg" in
        -f|--force|--force-*|+*) answer=${quoted(FORCE_PUSH_ANSWER)} ;;
        -d|--delete|:*) answer=${quoted(DELETE_PUSH_ANSWER)} ;;
      esac
    done
    echo "$answer" >&2; exit 1 ;;
  init|clone|worktree) exec "$real" "$@" ;;
esac
if [ -z "$GIT_DIR" ]; then
  found=$(cd "$dir" 2>/dev/null && cd "$("$real" rev-parse --absolute-git-dir 2>/dev/null)" 2>/dev/null && pwd -P)
  tab=$(printf '\\t')
  while IFS=$tab read -r trusted agent; do
    if [ -n "$found" ] && [ "$trusted" = "$found" ]; then GIT_DIR=$agent; export GIT_DIR; break; fi
  done < "$(dirname "$0")/${REPOS_FILE}"
fi
exec "$real" "$@"
`;
}

/**
 * What tool commands get besides their environment: the `git` above first on PATH, and gitclaw's
 * identity where no agent repository's configuration gives it (as command-line configuration, which
 * `git -c user.name=…` overrides). Never given to gitclaw's own git, which would find that `git` on
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

export interface AgentCommits {
  /** The trusted branch's new tip, when the agent's commits were taken. */
  head?: string;
  /** Why they were not, or what else the reply should say; one line each. */
  notes: string[];
}

/** "<sha> refs/heads/<name>" lines (packed-refs, for-each-ref) as branch name → commit. */
function branchesOf(lines: string): Map<string, string> {
  const branches = new Map<string, string>();
  for (const line of lines.split("\n")) {
    const match = /^([0-9a-f]{40}) refs\/heads\/(.+)$/.exec(line);
    if (match) branches.set(match[2]!, match[1]!);
  }
  return branches;
}

/** More ref files than this are not read: a run makes a handful of branches. */
const MAX_AGENT_BRANCHES = 1000;

/** The agent's branches, read as data: its ref files (never through a link) over its packed-refs. */
function agentBranches(gitDir: string): Map<string, string> {
  const branches = branchesOf(readSmallFile(join(gitDir, "packed-refs")) ?? "");
  let seen = 0;
  const walk = (prefix: string) => {
    let names: string[] = [];
    try {
      if (lstatSync(join(gitDir, "refs/heads", prefix)).isDirectory())
        names = readdirSync(join(gitDir, "refs/heads", prefix));
    } catch {
      // gone, or not readable: nothing of it is listed
    }
    for (const name of names) {
      if (++seen > MAX_AGENT_BRANCHES) return;
      const sha = readRef(gitDir, `refs/heads/${prefix}${name}`);
      if (sha) branches.set(`${prefix}${name}`, sha);
      else walk(`${prefix}${name}/`);
    }
  };
  walk("");
  return branches;
}

/**
 * The branches the agent made or moved with git that gitclaw did not publish as they are: they end
 * with the run. The run's branch lands; the one left checked out has a note of its own.
 */
function unpublishedNotes(repo: AgentRepo): string[] {
  const other = checkedOut(repo);
  const left = [...agentBranches(repo.gitDir)]
    .filter(([name, tip]) => name !== repo.branch && name !== other && repo.startBranches.get(name) !== tip)
    .filter(([name, tip]) => repo.published.get(name)?.tip !== (repo.copies.get(`${repo.start}..${tip}`) ?? tip))
    .map(([name]) => name);
  if (left.length === 0) return [];
  // Ref names may hold backquotes and such: those are counted, not shown.
  const shown = left.filter((name) => /^[\w./-]+$/.test(name)).map((name) => `\`${name}\``);
  const odd = left.length - shown.length;
  const names = [
    ...shown,
    ...(odd ? [`${odd} more with ${odd === 1 ? "an unusual name" : "unusual names"}`] : []),
  ].join(", ");
  return [
    `branches made with git in this run were left unpublished and end with it: ${names} (pr_create with head=<branch> publishes one)`,
  ];
}

/** What the ref files of the agent's repository say `ref` is: a full sha, or undefined. */
function readRef(gitDir: string, ref: string): string | undefined {
  const loose = readSmallFile(join(gitDir, ref));
  if (loose !== undefined) return /^[0-9a-f]{40}$/.exec(loose.trim())?.[0];
  const packed = readSmallFile(join(gitDir, "packed-refs")) ?? "";
  for (const line of packed.split("\n")) {
    const [sha, name] = line.split(" ");
    if (name === ref && sha && /^[0-9a-f]{40}$/.test(sha)) return sha;
  }
  return undefined;
}

/** A regular file's text (never through a link), at most 1 MiB; undefined otherwise. */
function readSmallFile(path: string): string | undefined {
  return readConfined(path, 1 << 20)?.toString("utf8");
}

/**
 * A regular file's bytes, opened without following a final link and read only when the kernel's
 * path of the open file is `path` (a real path: no folder on the way was swapped for a link), at most
 * `max` bytes; undefined otherwise. The tool user may still be writing its repository.
 */
function readConfined(path: string, max: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > max || readlinkSync(`/proc/self/fd/${fd}`) !== path) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

const OBJECT_FILE = /^(?:[0-9a-f]{2}\/[0-9a-f]{38}|pack\/pack-[0-9a-f]{40,64}\.(?:pack|idx))$/;
/** More than this in the agent's own objects is not taken: a run's commits are far smaller. */
export const MAX_AGENT_OBJECT_BYTES = 512 * 1024 * 1024;

/** The object files of the agent's repository (loose objects and packs), read as bounded plain data. */
function readObjectFiles(from: string): { rel: string; data: Buffer }[] {
  const files: { rel: string; data: Buffer }[] = [];
  let bytes = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      const rel = relative(from, path);
      if (stat.isDirectory() && (/^[0-9a-f]{2}$/.test(rel) || rel === "pack")) walk(path);
      if (!stat.isFile() || !OBJECT_FILE.test(rel)) continue;
      bytes += stat.size;
      if (bytes > MAX_AGENT_OBJECT_BYTES)
        throw new Error(`the agent's repository holds more than ${MAX_AGENT_OBJECT_BYTES >> 20} MiB of objects`);
      const data = readConfined(path, stat.size);
      if (!data) throw new Error(`objects/${rel} is not a plain file of the agent's repository`);
      files.push({ rel, data });
    }
  };
  walk(from);
  return files;
}

/**
 * Takes the commits the agent made on the run's branch into the trusted repository. Call once no
 * tool process is left (after the sandbox's release). Never fails: what it cannot take, it says.
 */
export async function takeAgentCommits(git: Git, repo: AgentRepo): Promise<AgentCommits> {
  const taken = await takeRunBranch(git, repo);
  const unpublished = repo.branch ? unpublishedNotes(repo) : [];
  const other = repo.branch ? await leaveOtherBranch(git, repo) : [];
  return { ...taken, notes: [...reportedNotes(repo), ...taken.notes, ...other, ...unpublished] };
}

/** The notes taking commits left since the last report, once. */
function reportedNotes(repo: AgentRepo): string[] {
  return repo.notes.splice(0);
}

/**
 * Takes the commits the agent made on a pull request worktree's branch onto gitclaw's, whose index
 * then matches them (what stays uncommitted is the working tree's); later commits build on these.
 */
export async function takeWorktreeCommits(git: Git, repo: AgentRepo): Promise<AgentCommits> {
  const agentTip = readRef(repo.gitDir, `refs/heads/${repo.branch}`);
  const taken = await takeRunBranch(git, repo);
  if (!taken.head) return { ...taken, notes: [...reportedNotes(repo), ...taken.notes] };
  await git.must(["reset", "-q"], { groupWritable: true });
  if (agentTip) repo.start = agentTip;
  return { ...taken, notes: [...reportedNotes(repo), ...taken.notes] };
}

/** The run's branch; for a detached start (a task's worktree), whatever the agent's HEAD names. */
async function takeRunBranch(git: Git, repo: AgentRepo): Promise<AgentCommits> {
  try {
    // The run's branch is gitclaw's own name for it (from the trusted repository): no need to check it.
    const tip = repo.branch ? await takeBranch(git, repo, repo.branch) : await takeAgentHead(git, repo);
    if (!tip || tip === repo.start) return { notes: [] };
    const head = await onTopOfHead(git, repo, tip);
    return "conflict" in head ? { notes: [head.conflict] } : { head: head.sha, notes: [] };
  } catch (error) {
    return {
      notes: [`the commits made with git on ${repo.branch || "HEAD"} were not taken: ${(error as Error).message}`],
    };
  }
}

/** The commit the agent's HEAD names, directly or through the branch checked out. */
async function takeAgentHead(git: Git, repo: AgentRepo): Promise<string | undefined> {
  const branch = checkedOut(repo);
  if (branch) return takeAgentBranch(git, repo, branch);
  const tip = readRef(repo.gitDir, "HEAD");
  return tip && takeAgentCommit(git, repo, tip, "HEAD");
}

/**
 * Takes `branch` of the agent's repository, read as data, into the trusted one's object database,
 * every object checked and the values tool commands were given redacted; returns its tip (no ref
 * names it), or undefined when the agent has no such branch.
 */
export async function takeAgentBranch(git: Git, repo: AgentRepo, branch: string): Promise<string | undefined> {
  if (branch.startsWith("-") || (await git.run(["check-ref-format", "--branch", branch])).exitCode !== 0)
    throw new Error(`${JSON.stringify(branch)} is not a branch name`);
  return takeBranch(git, repo, branch);
}

async function takeBranch(git: Git, repo: AgentRepo, branch: string): Promise<string | undefined> {
  const tip = readRef(repo.gitDir, `refs/heads/${branch}`);
  return tip && takeAgentCommit(git, repo, tip, branch);
}

/**
 * `tip`, with the objects it needs, read as data into the trusted repository; returns it made fit to
 * push (src/git/scrub-commits.ts): values redacted, only gitclaw and the requester named, and past the
 * limits the change of `branch` as one commit, which the next report says.
 */
async function takeAgentCommit(git: Git, repo: AgentRepo, tip: string, branch: string): Promise<string> {
  // Where the run started: the trusted repository has it, nothing to take.
  if (tip === repo.start) return tip;
  const range = `${repo.start}..${tip}`;
  const taken = repo.copies.get(range);
  if (taken) return taken;
  const rules = commitRules(repo);
  await takeObjects(git, repo, tip, rules.deadline);
  const scrubbed = await scrubCommits(git, repo.start, tip, rules);
  if (scrubbed.squashed) repo.notes.push(squashedNote(branch, scrubbed.squashed));
  repo.copies.set(range, scrubbed.tip);
  return scrubbed.tip;
}

/** What the run knows that the agent's commits are taken by. */
type CommitFacts = Pick<AgentRepo, "secrets" | "coAuthorTrailer" | "limits">;

/** The rules the agent's commits are made fit to push by (src/git/scrub-commits.ts); the time starts now. */
function commitRules(facts: CommitFacts): CommitRules {
  const requester = trailerIdentity(facts.coAuthorTrailer);
  return {
    values: facts.secrets,
    people: requester ? [requester] : [],
    maxCommits: facts.limits.maxCommits,
    deadline: Date.now() + facts.limits.seconds * 1000,
  };
}

const squashedNote = (branch: string, why: string) =>
  `the commits made with git on ${branch} come as one commit (${why}), its message saying so`;

/**
 * The commits of base..HEAD in the workspace's own repository, whoever made them (tool commands where
 * no sandbox gives them a repository of their own, a sub-agent's series applied), made fit to push
 * where they are, HEAD moved to the copies and the index with it. Commits that cannot be checked are undone, their change left in the working tree
 * to land as the run's one commit. One note for the reply each.
 */
export async function ownWorkspaceCommits(
  git: Git,
  { base, branch }: { base: string; branch: string },
  facts: CommitFacts,
): Promise<string[]> {
  const head = await git.must(["rev-parse", "HEAD"]);
  if (head === base) return [];
  const where = branch || "HEAD";
  try {
    const scrubbed = await scrubCommits(git, base, head, commitRules(facts));
    if (scrubbed.tip === head) return [];
    await git.must(["update-ref", "-m", AGENT_COMMITS, "HEAD", scrubbed.tip, head]);
    await git.must(["reset", "-q"]);
    return scrubbed.squashed ? [squashedNote(where, scrubbed.squashed)] : [];
  } catch (error) {
    await git.must(["reset", "-q", base]);
    return [
      `the commits made with git on ${where} were not taken (${(error as Error).message}): their change comes as one commit`,
    ];
  }
}

/** The branch checked out in the agent's repository, as its HEAD file says. */
function checkedOut(repo: AgentRepo): string | undefined {
  const head = readSmallFile(join(repo.gitDir, "HEAD"))?.trim() ?? "";
  return /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
}

/**
 * When the run ends with another branch checked out, the working tree holds that branch's files:
 * those it changed from the run's branch are put back, so they land only where the agent asked.
 */
async function leaveOtherBranch(git: Git, repo: AgentRepo): Promise<string[]> {
  const other = checkedOut(repo);
  if (!other || other === repo.branch) return [];
  try {
    const tip = await takeAgentBranch(git, repo, other);
    if (tip) {
      const changed = await git.must(["diff", "--no-renames", "--name-only", "-z", "HEAD", tip]);
      await revertChanges(
        git,
        changed.split("\0").filter((path) => path && !path.startsWith("state/")),
      );
    }
    const published =
      tip && repo.published.get(other)?.tip === tip
        ? "it is published as it is"
        : `it was not published${repo.published.has(other) ? " since its last pr_create" : ""} (pr_create with head=${other} publishes it)`;
    return [
      `the run ended with the branch ${other} checked out: its committed files were put back to ${repo.branch}'s for the conversation's commit; ${published}`,
    ];
  } catch (error) {
    return [`the run ended with the branch ${other} checked out, which could not be read: ${(error as Error).message}`];
  }
}

/**
 * The agent's objects into the trusted repository, each checked by the trusted git: loose ones (what
 * `git commit` writes) as one pack through `unpack-objects --strict`; when the agent packed any, or
 * that fails, fetched with fsck from a quarantine.
 */
async function takeObjects(git: Git, repo: AgentRepo, tip: string, deadline: number): Promise<void> {
  const files = readObjectFiles(join(repo.gitDir, "objects"));
  const loose = files.every((file) => !file.rel.startsWith("pack/")) && packOfLooseObjects(files.map((f) => f.data));
  // Taking them in counts against the time the agent's commits may take (repo.limits.seconds).
  const timeoutMs = () => Math.max(1, deadline - Date.now());
  if (loose) {
    const unpacked = await git.run(["unpack-objects", "-q", "--strict"], { input: loose.pack, timeoutMs: timeoutMs() });
    if (unpacked.stderr.startsWith("timed out")) throw new Error(`taking them in ${unpacked.stderr}`);
    if (unpacked.exitCode === 0) {
      for (const [commit, parents] of loose.parents) repo.checkedParents.set(commit, parents);
      return;
    }
  }
  const quarantine = mkdtempSync(join(tmpdir(), "gitclaw-agent-objects-"));
  try {
    await fetchThroughQuarantine(git, repo, files, { tip, quarantine, timeoutMs: timeoutMs() });
  } finally {
    rmSync(quarantine, { recursive: true, force: true });
  }
}

/**
 * A bare repository of gitclaw's own making (its files written here, no git run in it) holding the
 * agent's object files; the trusted git fetches `tip` from it, every object checked. Objects only,
 * no ref: what the run pushes names them.
 */
async function fetchThroughQuarantine(
  git: Git,
  repo: AgentRepo,
  files: { rel: string; data: Buffer }[],
  { tip, quarantine, timeoutMs }: { tip: string; quarantine: string; timeoutMs: number },
): Promise<void> {
  mkdirSync(join(quarantine, "objects", "info"), { recursive: true });
  mkdirSync(join(quarantine, "refs", "heads"), { recursive: true });
  writeFileSync(join(quarantine, "config"), "[core]\n\trepositoryformatversion = 0\n\tbare = true\n");
  writeFileSync(join(quarantine, "HEAD"), "ref: refs/heads/agent\n");
  writeFileSync(join(quarantine, "refs", "heads", "agent"), `${tip}\n`);
  writeFileSync(join(quarantine, "objects", "info", "alternates"), `${repo.objects}\n`);
  for (const { rel, data } of files) {
    mkdirSync(join(quarantine, "objects", rel, ".."), { recursive: true });
    writeFileSync(join(quarantine, "objects", rel), data);
  }
  await git.must(
    [
      "-c",
      "transfer.fsckObjects=true",
      "fetch",
      "-q",
      "--no-tags",
      "--no-write-fetch-head",
      "--no-auto-maintenance",
      quarantine,
      "refs/heads/agent",
    ],
    { timeoutMs },
  );
}

/** `tip` as the trusted branch's new head: itself when HEAD has not moved, else replayed onto HEAD. */
async function onTopOfHead(git: Git, repo: AgentRepo, tip: string): Promise<{ sha: string } | { conflict: string }> {
  const descends =
    descendsFromStart(repo, tip) ?? (await git.run(["merge-base", "--is-ancestor", repo.start, tip])).exitCode === 0;
  if (!descends)
    return { conflict: `the commits on ${repo.branch || "HEAD"} were rewritten past where the run started: not taken` };
  // Most runs: HEAD is still where the run started (git checks that as it moves it).
  if ((await git.run(["update-ref", "-m", AGENT_COMMITS, "HEAD", tip, repo.start])).exitCode === 0) return { sha: tip };
  const head = await git.must(["rev-parse", "HEAD"]);
  const moved = head === repo.start ? { sha: tip } : await replay(git, repo.start, tip, head);
  if ("conflict" in moved)
    return {
      conflict: `the commits made with git on ${repo.branch || "HEAD"} conflict with gitclaw's own: ${moved.conflict}`,
    };
  await git.must(["update-ref", "-m", AGENT_COMMITS, "HEAD", moved.sha, head]);
  return moved;
}

const AGENT_COMMITS = "gitclaw: the agent's commits";

/**
 * Whether `tip` descends from where the run started, told by the parents of the commits the trusted
 * git checked; undefined when they do not tell (a commit it did not take in this way), and git decides.
 */
function descendsFromStart(repo: AgentRepo, tip: string): boolean | undefined {
  const seen = new Set<string>();
  const todo = [tip];
  while (todo.length > 0) {
    const commit = todo.pop()!;
    if (commit === repo.start) return true;
    if (seen.has(commit)) continue;
    seen.add(commit);
    const parents = repo.checkedParents.get(commit);
    if (!parents) return undefined;
    todo.push(...parents);
  }
  return false;
}
