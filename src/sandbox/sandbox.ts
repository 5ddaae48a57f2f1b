// Tool commands run as a dedicated unprivileged user, `gitclaw-tool`, so that a hostile command can
// neither read the agent's secrets from `/proc/<pid>/environ` (readable by the process's own user
// and root only) nor borrow the step user's passwordless sudo. Set up at the start of a run, taken
// down before the commit, at a cost that does not grow with the checkout:
//
// - The user: no sudo rights, no group but its own, its own home (with `safe.directory = *`, since
//   every repository it works in belongs to the agent, and `core.checkStat = minimal`, since it sees
//   the checkout under other ids than the index recorded). Created once: `useradd` as root,
//   `sudo useradd` on GitHub-hosted runners, where the step user is not root.
// - A group id for this run alone, unnamed (the kernel only compares numbers). Tool processes run
//   with it as their real group, which they cannot change, so at the end it picks out exactly this
//   run's processes, also ones that left their process group, even when runs share the machine.
// - The workspace is shared through an idmapped mount in a mount namespace of the run's own
//   (src/sandbox/sandbox-view.ts): there the agent's files are the tool user's, and what it creates is the
//   agent's on disk. No file is touched to share it or to take it back. `.git/` and `state/` are
//   shown as the agent's originals, mount points that cannot be renamed or replaced: only the
//   orchestrator writes there, and it commits; a replaced `.git/config` would run the tools'
//   commands in the orchestrator's git.
// - Where no such mount can be had (a container job without CAP_SYS_ADMIN), the workspace is shared
//   by permissions instead, walking it (shareWorkspace): group-writable, setgid directories keep the
//   run's group on new files, the agent's umask is 002 while the sandbox is up, and the root is
//   sticky and stays the agent's, so `.git/` and `state/`, not shared, cannot be renamed or
//   replaced. A non-root agent cannot write files the tool user owns, so it gets an ACL entry on the
//   shared tree (setfacl, package acl, is on ubuntu-latest); root needs none.
// - Directories above the workspace that others cannot enter (`/home/runner` is 0750) get the
//   search bit; in return everything inside them that is not on the way to the workspace or to a
//   PATH directory is closed to others, and so are $RUNNER_TEMP and the agent's HOME where the tool
//   user could reach them: their files may hold the job's credentials.
// - Pull request worktrees (the github tool's pr_checkout) live in a directory of the run's own
//   under the system temp directory, never in the workspace: a worktree's `.git` file is the
//   tools' to rewrite, and must not lie where the orchestrator's git looks. The run's group may
//   enter it and write inside the worktrees, but not the directory itself, so no tool can rename a
//   worktree or plant one. Without isolation it is a plain private temp directory.
// - Where the run limits the network (src/egress/), tool commands also enter a network namespace of
//   the run's own whose only way out is gitclaw's proxy (src/egress/namespace.ts); where it cannot be made,
//   there is no isolated sandbox, and the reason says why (the run then refuses, fail closed).
// - Nothing of the runner's own runs a tool command's work outside the sandbox (services.ts): tool
//   commands gain no privileges (crontab and at refuse), the run's mount namespace (the view's, or
//   one of its own when the workspace is shared by permissions) hides the services' sockets under
//   /run, and each command is the first process of a PID namespace of its own, so nothing it
//   starts outlives it. Where the runner's services cannot be hidden and the network is limited,
//   there is no isolated sandbox (fail closed).
//
// release() kills the run's processes, ends the network namespace and the view (or gives the
// workspace back), gives the worktree directory back to the agent and undoes every mode change,
// before the orchestrator checks protected paths and commits. Where isolation is impossible (not Linux, neither root nor
// passwordless sudo, or the mode is "off"), prepareSandbox says why and the run goes on as the
// agent's own user.
import { existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, statSync } from "node:fs";
import { randomInt } from "node:crypto";
import { tmpdir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve } from "node:path";
import { isMainThread } from "node:worker_threads";
import { execa } from "execa";
import { procFiles } from "../tools/bash/procfs.ts";
import { openMountNamespace, openWorkspaceView, type WorkspaceView } from "./sandbox-view.ts";
import { denySchedulers, forgetSchedules, hideRunnerServices, type Privileged } from "./services.ts";
import { launchAs, OWN_PID_NAMESPACE } from "../tools/bash/process.ts";
import type { RunAs } from "../tools/types.ts";

import type { SandboxMode } from "../tools/names.ts";
import { ActionableError } from "../errors.ts";

export const TOOL_USER = "gitclaw-tool";

interface Common {
  /** The run's directory for pull request worktrees, outside the workspace; the caller removes it after release(). */
  worktrees: string;
  release(): Promise<void>;
}

export type Sandbox =
  | (RunAs &
      Common & {
        isolated: true;
        user: string /** Why the workspace is shared by permissions, not through the view. */;
        fallback?: string;
        /** Where the tool commands' network is confined (SandboxOptions.network): the proxy's port on their 127.0.0.1. */
        proxyPort?: number;
      })
  | (Common & { isolated: false; reason: string });

/** The network namespace tool commands enter, whose only way out is gitclaw's egress proxy. */
export interface ConfinedNetwork {
  /** A process of the namespace (its holder): tool commands enter the network namespace of this process. */
  pid: number;
  /** The proxy's port on the namespace's 127.0.0.1: HTTP_PROXY of the tool commands. */
  port: number;
  /** Ends the holder, and with it the namespace once no tool process is left in it. */
  close(): Promise<void>;
}

export interface SandboxOptions {
  mode: SandboxMode;
  workspace: string;
  /** Top-level entries of the workspace only the agent writes, e.g. `.git`, `state`; made if missing. */
  agentOnly: readonly string[];
  /** Directories that hold the job's credentials: $RUNNER_TEMP, the agent's HOME. Unset ones are skipped. */
  secretDirs: readonly (string | undefined)[];
  /** PATH of the tool processes: its directories stay reachable (setup-bun puts bun under HOME). */
  path: string;
  /** How the workspace is shared: through the idmapped view where the machine allows it (default), or by permissions. */
  shareBy?: "view" | "permissions";
  /**
   * Tool commands may read the workspace but not change it (a plan run, src/run/plan.ts): the view is
   * mounted read-only; without the view the workspace is not shared at all (others' read bits only).
   */
  readOnly?: boolean;
  /**
   * Confines the tool commands' network (src/egress/egress.ts): opens the network namespace they
   * enter, as root (directly, or through passwordless sudo); where it cannot (a string says why),
   * there is no isolated sandbox, and the reason says why.
   */
  network?: (root: boolean) => Promise<ConfinedNetwork | string>;
  /** Who cannot run without isolation (a fork's code): where there is none, prepareSandbox throws, naming it. */
  requiredBy?: string;
}

export class SandboxError extends ActionableError {
  override name = "SandboxError";
}

// Far above the ids distributions hand out, so a run's group is nobody else's.
const RUN_GID_BASE = 1_500_000_000;
const RUN_GID_SPAN = 500_000_000;
const KILL_ROUNDS = 50;

async function succeeds(file: string, args: string[]): Promise<boolean> {
  return (await execa(file, args, { reject: false, stdin: "ignore" })).exitCode === 0;
}

/** Runs commands as root: directly, or through passwordless sudo. A string says why neither works. */
async function privilege(root: boolean): Promise<Privileged | string> {
  if (!root) {
    if (!(await succeeds("sudo", ["-n", "true"])))
      return "gitclaw runs neither as root nor with passwordless sudo, so it cannot switch to an unprivileged user";
    if (!(await succeeds("setfacl", ["--version"])))
      return "setfacl is missing (install the acl package): without it the agent could not edit files the tool user creates";
  }
  return async (command, args, input) => {
    const [file, argv] = root ? [command, args] : ["sudo", ["-n", command, ...args]];
    const stdin = input === undefined ? { stdin: "ignore" as const } : { input };
    const result = await execa(file, argv, { reject: false, ...stdin });
    if (result.exitCode !== 0)
      throw new SandboxError(
        `${command} ${args.join(" ")} failed: ${String(result.stderr || result.stdout).trim() || result.shortMessage}`,
      );
    return String(result.stdout);
  };
}

function asToolUser(runAs: RunAs, path: string, script: string) {
  const launch = launchAs(runAs, ["bash", "-c", script], { PATH: path });
  return execa(launch.file, launch.args, {
    env: launch.env,
    extendEnv: false,
    cwd: "/",
    reject: false,
    stdin: "ignore",
  });
}

async function passwd(user: string): Promise<{ uid: number; gid: number; home: string } | undefined> {
  const result = await execa("getent", ["passwd", user], { reject: false, stdin: "ignore" });
  if (result.exitCode !== 0) return undefined;
  const [, , uid, gid, , home = ""] = String(result.stdout).trim().split(":");
  return { uid: Number(uid), gid: Number(gid), home };
}

async function ensureToolUser(privileged: Privileged): Promise<{ uid: number; gid: number; home: string }> {
  const existing = await passwd(TOOL_USER);
  if (existing) return existing;
  // Concurrent runs may race to create it; the loser finds it afterwards.
  await privileged("useradd", ["--create-home", "--user-group", "--shell", "/bin/bash", TOOL_USER]).catch(
    async (error: unknown) => {
      if (!(await passwd(TOOL_USER))) throw error;
    },
  );
  const created = await passwd(TOOL_USER);
  if (!created) throw new SandboxError(`${TOOL_USER} was created but cannot be found`);
  return created;
}

async function unusedGid(): Promise<number> {
  for (;;) {
    const gid = RUN_GID_BASE + randomInt(RUN_GID_SPAN);
    if (!(await succeeds("getent", ["group", String(gid)]))) return gid;
  }
}

/** Whether each tool command can get a PID namespace of its own here (not in a container without CAP_SYS_ADMIN). */
const canMakePidNamespaces = (privileged: Privileged): Promise<boolean> =>
  privileged(OWN_PID_NAMESPACE[0]!, [...OWN_PID_NAMESPACE.slice(1), "true"]).then(
    () => true,
    () => false,
  );

/** "/", …, the parent of `path`. */
function ancestors(path: string): string[] {
  const list: string[] = [];
  for (let dir = dirname(path); ; dir = dirname(dir)) {
    list.unshift(dir);
    if (dir === dirname(dir)) return list;
  }
}

const isWithin = (parent: string, path: string): boolean => {
  const rel = relative(parent, path);
  return rel === "" || (!rel.startsWith("..") && !isAbsolute(rel));
};

const othersMay = (path: string, bit: number): boolean => (statSync(path).mode & bit) !== 0;
const otherBits = (mode: number): string => ["r", "w", "x"].filter((_, i) => mode & (0o4 >> i)).join("");
const withoutLinks = (paths: string[]): string[] => paths.filter((path) => !lstatSync(path).isSymbolicLink());

const killQuietly = (pid: number): void => {
  try {
    process.kill(pid, "SIGKILL");
  } catch {
    // ESRCH: it exited meanwhile.
  }
};

/** Pids of live processes whose real uid is `uid` and real gid one of `gids`. */
function processesOf(uid: number, gids: readonly number[]): number[] {
  const pids: number[] = [];
  for (const { pid, content } of procFiles("status")) {
    const field = (name: string) => new RegExp(`^${name}:\\s+(\\S+)`, "m").exec(content)?.[1];
    if (field("State") === "Z") continue;
    if (Number(field("Uid")) === uid && gids.includes(Number(field("Gid")))) pids.push(pid);
  }
  return pids;
}

export async function prepareSandbox(options: SandboxOptions): Promise<Sandbox> {
  const worktrees = mkdtempSync(join(tmpdir(), "gitclaw-worktrees-"));
  const sandbox = await isolate(options, worktrees).catch((error: unknown) => {
    rmSync(worktrees, { recursive: true, force: true });
    throw error;
  });
  if (typeof sandbox !== "string") return sandbox;
  if (options.requiredBy) {
    rmSync(worktrees, { recursive: true, force: true });
    throw new SandboxError(
      `${options.requiredBy} runs only in the sandbox, and there is none here: ${sandbox}. Run gitclaw where it can isolate tool commands (GitHub-hosted runners can), or apply the change yourself.`,
    );
  }
  return { isolated: false, reason: sandbox, worktrees, release: async () => {} };
}

/** The isolated sandbox, or why there can be none. */
async function isolate(options: SandboxOptions, worktrees: string): Promise<Sandbox | string> {
  if (options.mode === "off") return 'the configuration sets "sandbox" to "off"';
  if (process.platform !== "linux" || process.getuid === undefined || process.getgid === undefined)
    return `the sandbox needs Linux, not ${process.platform}`;
  const agent = { uid: process.getuid(), gid: process.getgid() };
  const root = agent.uid === 0;
  const privileged = await privilege(root);
  if (typeof privileged === "string") return privileged;

  const user = await ensureToolUser(privileged);
  const pidNamespaces = await canMakePidNamespaces(privileged);
  const runAs: RunAs = { uid: user.uid, gid: await unusedGid(), home: user.home, pidNamespaces };
  const unfit = await checkToolUser(privileged, user, runAs, options.path);
  if (unfit) return unfit;
  const network = options.network ? await options.network(root) : undefined;
  if (typeof network === "string") return network;

  // Any failure from here on is thrown: the run stops before the model is called (fail closed).
  const workspace = realpathSync(options.workspace);
  for (const name of options.agentOnly) if (!existsSync(join(workspace, name))) mkdirSync(join(workspace, name));
  const sharing = { root, agent, runAs, workspace, agentOnly: options.agentOnly, readOnly: options.readOnly === true };
  const view =
    options.shareBy === "permissions"
      ? "the sandbox was asked to share by permissions"
      : await openWorkspaceView({ ...sharing, tool: runAs });
  const namespace = typeof view === "string" ? await openMountNamespace(root) : view;
  if (typeof namespace === "string" && network) {
    await network.close();
    return `the runner's services cannot be hidden from tool commands, which would be a way around the network limit: ${namespace}`;
  }
  const giveBack = await shareThrough(privileged, sharing, view, namespace);
  const giveBackWorktrees = await shareWorktrees(privileged, sharing, worktrees);
  const reopen = await closeSurroundings(privileged, options, worktrees);
  // Without the view, the agent's new files must be group-writable. Worker threads may not change
  // the process's umask (tests drive the sandbox from one); the agent runs on the main thread.
  const umask = typeof view === "string" && isMainThread ? process.umask(0o002) : undefined;
  let released = false;
  const release = async () => {
    if (released) return;
    released = true;
    // The tool user's own group too: newgrp and sg switch to it, and cron jobs run with it.
    await killAll(privileged, root, runAs.uid, [runAs.gid, user.gid]);
    await forgetSchedules(privileged, TOOL_USER);
    if (options.readOnly) await discardRunFiles(privileged, runAs, user, [worktrees, workspace]);
    await network?.close();
    await giveBack();
    await giveBackWorktrees();
    await reopen();
    if (umask !== undefined) process.umask(umask);
  };
  const shared = {
    ...(typeof view === "string" ? { fallback: view } : {}),
    ...(typeof namespace === "string" ? {} : { mountNamespacePid: namespace.pid }),
  };
  const confined = network ? { netNamespacePid: network.pid, proxyPort: network.port } : {};
  return { isolated: true, user: TOOL_USER, ...runAs, ...shared, ...confined, worktrees, release };
}

/**
 * Shares the workspace (through the view, or by permissions) and hides the runner's services in the
 * run's mount namespace, where there is one; returns what gives the workspace back and ends the namespace.
 */
async function shareThrough(
  privileged: Privileged,
  sharing: Sharing,
  view: WorkspaceView | string,
  namespace: WorkspaceView | string,
): Promise<() => Promise<void>> {
  const byPermissions = typeof view === "string" && !sharing.readOnly;
  const giveBack = byPermissions ? await shareWorkspace(privileged, sharing) : async () => {};
  const close = typeof namespace === "string" ? async () => {} : namespace.close;
  try {
    if (typeof namespace !== "string") await hideRunnerServices(privileged, namespace.pid);
  } catch (error) {
    await close();
    await giveBack();
    throw error;
  }
  return async () => {
    await close();
    await giveBack();
  };
}

/**
 * A read-only run's files outside the workspace discarded: what its tool processes left anywhere in
 * the temp directories (in a folder of another owner's that anyone may write too) and in the tool
 * user's home. The run's own group picks them out (every tool process has it as its real group, so
 * their files carry it), not another run's; the walk skips folders the tool user cannot enter.
 * `keep` (the worktrees, the workspace) and the tool user's git configuration stay. A failure is only
 * logged: nothing of them is committed.
 */
async function discardRunFiles(
  privileged: Privileged,
  runAs: RunAs,
  user: { uid: number; gid: number },
  keep: string[],
): Promise<void> {
  const roots = [...new Set([runAs.home, tmpdir(), "/var/tmp", "/dev/shm"])].filter((dir) => existsSync(dir));
  const kept = [...keep, join(runAs.home, ".gitconfig"), join(runAs.home, ".gitconfig.lock")].flatMap((path, i) => [
    ...(i ? ["-o"] : []),
    "-path",
    path,
  ]);
  // Topmost only: a folder's removal takes what is inside it, so a match is not walked into.
  const unenterable = [
    "-type",
    "d",
    "!",
    "-uid",
    String(user.uid),
    "!",
    "-gid",
    String(user.gid),
    "!",
    "-perm",
    "-0001",
  ];
  try {
    const listed = await privileged("find", [
      ...roots,
      "-mindepth",
      "1",
      "-xdev",
      "-ignore_readdir_race",
      "(",
      ...kept,
      ")",
      "-prune",
      "-o",
      "-gid",
      String(runAs.gid),
      "-print0",
      "-prune",
      "-o",
      ...unenterable,
      "-prune",
    ]);
    const paths = listed.split("\0").filter(Boolean);
    for (let i = 0; i < paths.length; i += 200) await privileged("rm", ["-rf", "--", ...paths.slice(i, i + 200)]);
  } catch (error) {
    console.error(`gitclaw: a read-only run's temporary files could not all be discarded: ${(error as Error).message}`);
  }
}

/** Why the tool user cannot be relied on, if it cannot; also gives it its git configuration. */
async function checkToolUser(
  privileged: Privileged,
  user: { uid: number; gid: number; home: string },
  runAs: RunAs,
  path: string,
): Promise<string | undefined> {
  if (user.uid === 0) return `${TOOL_USER} has uid 0`;
  const groups = String((await execa("id", ["-G", TOOL_USER], { stdin: "ignore" })).stdout)
    .trim()
    .split(/\s+/)
    .map(Number);
  if (groups.some((gid) => gid !== user.gid))
    return `${TOOL_USER} belongs to groups ${groups.join(", ")}; it must have none but its own`;
  await privileged("install", ["-d", "-m", "700", "-o", String(user.uid), "-g", String(user.gid), user.home]);
  // Proves the switch works and that the user has no sudo of its own before relying on either.
  const probe = await asToolUser(
    runAs,
    path,
    'echo "$(id -u):$(id -g)"; if sudo -n true 2>/dev/null; then echo sudo; fi',
  );
  const [ids, sudo] = String(probe.stdout).trim().split("\n");
  if (ids !== `${runAs.uid}:${runAs.gid}`)
    return `a process as ${TOOL_USER} could not be started: ${String(probe.stderr || probe.stdout).trim() || probe.shortMessage}`;
  if (sudo === "sudo") return `${TOOL_USER} can use sudo; remove its sudo rights`;
  await denySchedulers(privileged, TOOL_USER);
  // Every repository the tool user works in belongs to the agent: git would refuse them all. And it
  // sees the files under its own ids, not the index's: git would re-read every file on each status.
  // Concurrent runs race for the config's lock file, so whoever loses checks and tries again.
  const configured =
    '[ "$(git config --global --get-all safe.directory)" = "*" ] && [ "$(git config --global core.checkStat)" = minimal ]';
  const set = "git config --global --replace-all safe.directory '*' && git config --global core.checkStat minimal";
  const gitconfig = await asToolUser(
    runAs,
    path,
    `for try in 1 2 3 4 5; do ${configured} && exit 0; ${set} && exit 0; sleep 0.2; done; exit 1`,
  );
  if (gitconfig.exitCode !== 0)
    throw new SandboxError(`configuring git for ${TOOL_USER} failed: ${String(gitconfig.stderr).trim()}`);
  return undefined;
}

interface Sharing {
  root: boolean;
  agent: { uid: number; gid: number };
  runAs: RunAs;
  /** Its real path. */
  workspace: string;
  agentOnly: readonly string[];
  /** Not shared for writing at all: the view is read-only, and without it nothing is shared (a plan run). */
  readOnly: boolean;
}

/** Shares the workspace but `agentOnly` with the run's group, walking it (the fallback); returns what gives it back. */
async function shareWorkspace(privileged: Privileged, sharing: Sharing): Promise<() => Promise<void>> {
  const { root, agent, runAs, workspace, agentOnly } = sharing;
  const original = statSync(workspace);
  const entries = () =>
    readdirSync(workspace)
      .filter((name) => !agentOnly.includes(name))
      .map((name) => join(workspace, name));
  // chmod, setfacl and find are given no symlinks: chmod would follow one named on its command line.
  const shared = entries();
  const sharedDirs = withoutLinks(shared);
  await privileged("chgrp", ["-h", String(runAs.gid), workspace]);
  await privileged("chmod", ["g+rwxs,+t", workspace]);
  if (shared.length > 0) {
    await privileged("chgrp", ["-R", "-h", String(runAs.gid), "--", ...shared]);
    // Top-level entries only: in the sticky root, only an entry's owner may rename or delete it.
    await privileged("chown", ["-h", String(runAs.uid), "--", ...shared]);
  }
  if (sharedDirs.length > 0) {
    await privileged("chmod", ["-R", "g+rwX", "--", ...sharedDirs]);
    await privileged("find", [...sharedDirs, "-type", "d", "-exec", "chmod", "g+s", "{}", "+"]);
  }
  if (!root) {
    await privileged("setfacl", ["-m", `d:u:${agent.uid}:rwX`, workspace]);
    if (sharedDirs.length > 0) {
      await privileged("setfacl", ["-R", "-P", "-m", `u:${agent.uid}:rwX`, "--", ...sharedDirs]);
      await privileged("find", [
        ...sharedDirs,
        "-type",
        "d",
        "-exec",
        "setfacl",
        "-m",
        `d:u:${agent.uid}:rwX`,
        "{}",
        "+",
      ]);
    }
  }
  return async () => {
    const now = entries();
    const dirs = withoutLinks(now);
    if (now.length > 0) await privileged("chown", ["-R", "-h", `${agent.uid}:${agent.gid}`, "--", ...now]);
    if (dirs.length > 0) await privileged("chmod", ["-R", "go-w,g-s", "--", ...dirs]);
    if (!root && dirs.length > 0) await privileged("setfacl", ["-R", "-P", "-b", "--", ...dirs]);
    if (!root) await privileged("setfacl", ["-b", workspace]);
    await privileged("chown", [`${original.uid}:${original.gid}`, workspace]);
    // Five digits: GNU chmod keeps a directory's setgid bit for a shorter numeric mode.
    await privileged("chmod", [`0${(original.mode & 0o7777).toString(8).padStart(4, "0")}`, workspace]);
  };
}

/**
 * Gives the run's group the worktree directory: it may enter, and write inside the worktrees made
 * there (setgid keeps the group on them; a non-root agent gets a default ACL for what the tool user
 * creates), but not add, rename or replace entries of the directory itself (2750). The agent makes
 * worktrees group-writable itself (local-git.ts). Returns what gives it back to the agent.
 */
async function shareWorktrees(privileged: Privileged, sharing: Sharing, dir: string): Promise<() => Promise<void>> {
  const { root, agent, runAs } = sharing;
  await privileged("chgrp", [String(runAs.gid), dir]);
  await privileged("chmod", ["2750", dir]);
  if (!root) await privileged("setfacl", ["-m", `d:u:${agent.uid}:rwX,d:g::rwX`, dir]);
  return async () => {
    await privileged("chown", ["-R", "-h", `${agent.uid}:${agent.gid}`, "--", dir]);
    if (!root) await privileged("setfacl", ["-R", "-P", "-b", "--", dir]);
    await privileged("chmod", ["00700", dir]); // five digits, or GNU chmod keeps setgid
  };
}

/**
 * Opens the way to the workspace and the worktree directory to the tool user and closes what lies
 * beside it, and the secret directories; returns what restores the permissions. Runs sharing a
 * machine restore each other's changes too, so their workspaces must not lie under a common closed
 * directory (two runners in one HOME).
 */
async function closeSurroundings(
  privileged: Privileged,
  options: SandboxOptions,
  worktrees: string,
): Promise<() => Promise<void>> {
  const reachable = [options.workspace, worktrees];
  const changed: { path: string; others: string }[] = [];
  const setOthers = async (paths: string[], mode: string) => {
    if (paths.length === 0) return;
    for (const path of paths) changed.push({ path, others: otherBits(lstatSync(path).mode) });
    await privileged("chmod", [mode, "--", ...paths]);
  };
  const chain = [...new Set(reachable.flatMap((dir) => [...ancestors(resolve(dir)), ...ancestors(realpathSync(dir))]))];
  const opened = chain.filter((dir) => !othersMay(dir, 0o001));
  await setOthers(opened, "o+x");
  const pathDirs = options.path.split(":").filter((dir) => isAbsolute(dir) && existsSync(dir));
  const leaves = [
    ...reachable.map((dir) => realpathSync(dir)),
    ...pathDirs.flatMap((dir) => [resolve(dir), realpathSync(dir)]),
  ];
  for (const dir of [...opened, ...options.secretDirs]) {
    if (dir) await setOthers(toClose(resolve(dir), leaves), "o=");
  }
  return async () => {
    for (const others of new Set(changed.map((change) => change.others))) {
      await privileged("chmod", [
        `o=${others}`,
        "--",
        ...changed.filter((change) => change.others === others).map((change) => change.path),
      ]);
    }
  };
}

/** SIGKILLs every process with real uid `uid` and a real gid in `gids`, until none is left. */
async function killAll(privileged: Privileged, root: boolean, uid: number, gids: readonly number[]): Promise<void> {
  for (let round = 0; ; round++) {
    const pids = processesOf(uid, gids);
    if (pids.length === 0) return;
    if (round === KILL_ROUNDS)
      throw new SandboxError(
        `processes of ${TOOL_USER} keep appearing (${pids.join(", ")}); not committing while they run`,
      );
    // Some may be gone by now, which is what we want.
    if (root) for (const pid of pids) killQuietly(pid);
    else await privileged("kill", ["-s", "KILL", "--", ...pids.map(String)]).catch(() => {});
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * What to close to others under `dir`: `dir` itself when no leaf (the workspace, a PATH directory)
 * lies inside it, else every entry off the way to the leaves. Nothing when the tool user cannot
 * reach `dir` anyway, or when `dir` is a leaf or inside one.
 */
function toClose(dir: string, leaves: readonly string[]): string[] {
  if (!existsSync(dir) || leaves.some((leaf) => isWithin(leaf, dir))) return [];
  if (![...ancestors(dir), dir].every((path) => othersMay(path, 0o001))) return [];
  const onTheWay = (path: string) => leaves.some((leaf) => isWithin(path, leaf));
  if (!onTheWay(dir)) return othersMay(dir, 0o007) ? [dir] : [];
  const found: string[] = [];
  const walk = (parent: string) => {
    for (const name of readdirSync(parent)) {
      const path = join(parent, name);
      const stat = lstatSync(path);
      if (stat.isSymbolicLink() || leaves.some((leaf) => isWithin(leaf, path))) continue;
      if (onTheWay(path)) {
        if (stat.isDirectory()) walk(path);
      } else if ((stat.mode & 0o007) !== 0) found.push(path);
    }
  };
  walk(dir);
  return found;
}
