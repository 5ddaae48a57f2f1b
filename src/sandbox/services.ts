// The runner's own services are no way out of the sandbox. The network namespace
// (src/egress/namespace.ts) confines what tool commands connect to over IP, but a scheduler or a system service outside it
// would run or send what they ask with the runner's full network, during the run and after it:
// cron, at, a lingering user manager (`systemd-run --user`), D-Bus, systemd-resolved (a DNS query
// carries data out), a Docker socket. The kernel keeps the tool user from all of them:
//
// - No new privileges (launchAs, src/tools/bash/process.ts): crontab and at are set-group-ID and
//   set-user-ID helpers that write the schedulers' spools; without the privilege they refuse.
// - The services' sockets are hidden: in the run's mount namespace, /run (and a /var/run that is
//   not a link to it) is an empty tmpfs, which holds only what builds read there (the resolver's
//   configuration /etc/resolv.conf points at, /run/lock, /run/shm). A socket cannot be connected to
//   where it cannot be found; abstract sockets belong to the network namespace.
// - Every tool command is the first process of a PID namespace of its own, so nothing it starts
//   outlives it; release() kills whatever is left of the run's processes.
// - The schedulers' deny lists, where they exist, name the tool user: should a scheduler be reached
//   some other way, it refuses; and at the end of each run whatever they hold for it is removed.
import { existsSync, lstatSync, readlinkSync, realpathSync } from "node:fs";

/** Runs a command as root (directly, or through passwordless sudo); resolves to its output, throws when it fails. */
export type Privileged = (command: string, args: string[], input?: string) => Promise<string>;

/** What the tool user sees instead of the runner's /run. */
const HIDDEN_SOURCE = "gitclaw-no-services";
const SCHEDULER_DENY_LISTS = ["/etc/cron.deny", "/etc/at.deny"];
/** Where logind keeps the users whose services run without a session. */
const LINGER_DIR = "/var/lib/systemd/linger";
const SYSTEM_PATH = "/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin";

/** Covers the directories of the runner's service sockets in the mount namespace that `namespacePid` holds. */
export async function hideRunnerServices(privileged: Privileged, namespacePid: number): Promise<void> {
  const inside = (command: string, args: string[]) =>
    privileged("nsenter", [`--target=${namespacePid}`, "--mount", "--", command, ...args]);
  const resolvConf = existsSync("/etc/resolv.conf") ? realpathSync("/etc/resolv.conf") : undefined;
  const shm = lstatSync("/run/shm", { throwIfNoEntry: false })?.isSymbolicLink() ? readlinkSync("/run/shm") : undefined;
  for (const dir of serviceDirs())
    await inside("mount", ["-t", "tmpfs", "-o", "mode=0755,nosuid,nodev,size=16m", HIDDEN_SOURCE, dir]);
  await inside("install", ["-d", "-m", "1777", "/run/lock"]);
  if (shm) await inside("ln", ["-s", shm, "/run/shm"]);
  // Read through the agent's root, which still shows the runner's /run.
  if (resolvConf?.startsWith("/run/"))
    await inside("install", ["-D", "-m", "0644", `/proc/${process.pid}/root${resolvConf}`, resolvConf]);
}

/** /run, and /var/run where it is a directory of its own rather than a link to /run. */
function serviceDirs(): string[] {
  const dirs = ["/run"];
  const varRun = lstatSync("/var/run", { throwIfNoEntry: false });
  if (varRun?.isDirectory() && realpathSync("/var/run") !== realpathSync("/run")) dirs.push("/var/run");
  return dirs.filter((dir) => existsSync(dir));
}

/**
 * Removes what the schedulers still hold for `user` at the end of a run: its crontab, its at jobs and
 * its lingering user manager, should any have been left (by a version of gitclaw before these
 * defences, or by a scheduler reached some way not foreseen): nothing of a run may run after it.
 */
export async function forgetSchedules(privileged: Privileged, user: string): Promise<void> {
  const installed = (program: string) => Bun.which(program, { PATH: SYSTEM_PATH }) !== null;
  if (installed("crontab")) await privileged("crontab", ["-r", "-u", user]).catch(() => {}); // none: nothing to do
  if (installed("atq")) {
    const queue = await privileged("atq", []).catch(() => "");
    const jobs = queue.split("\n").filter((line) => line.trim().split(/\s+/).at(-1) === user);
    for (const job of jobs) await privileged("atrm", [job.trim().split(/\s+/)[0]!]).catch(() => {});
  }
  await privileged("rm", ["-f", `${LINGER_DIR}/${user}`]);
}

/**
 * Adds `user` to cron's and at's deny lists where they are in force and do not name it yet. A list
 * that does not exist is not made: where neither an allow nor a deny list exists, some schedulers
 * let only root in, and a new deny list would let everyone else in.
 */
export async function denySchedulers(privileged: Privileged, user: string): Promise<void> {
  for (const list of SCHEDULER_DENY_LISTS) {
    if (!existsSync(list)) continue;
    const listed = await privileged("cat", [list]);
    if (!listed.split("\n").includes(user)) await privileged("tee", ["-a", list], `${user}\n`);
  }
}
