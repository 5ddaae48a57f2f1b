// The workspace as the sandbox's tool user sees it: an idmapped mount of the checkout, in a mount
// namespace of the run's own, where the agent's files appear as the tool user's. Tool commands
// write every file of the checkout, and what they create lands on disk as the agent's, without a
// single file being changed to allow it: preparing and releasing cost the same on a checkout of ten
// files and of a hundred thousand, and no timestamp moves, so git re-hashes nothing afterwards.
//
// - The mapping covers the agent's uid and gid only (to the tool user and the run's group): files
//   of anyone else show as nobody's and stay read-only. Its mount is nosuid and nodev.
// - `.git/` and `state/` (SandboxOptions.agentOnly) are bind mounts of the originals on top of the
//   view: the agent's, not the tool user's, and mount points, so they cannot be renamed or replaced.
// - Hard links cannot cross mounts: nothing outside the view can be linked into it and written there.
// - A root process holds the namespace (the holder below): `unshare --mount` runs it, it builds the
//   mounts with the kernel's mount API (open_tree, mount_setattr, move_mount: util-linux's mount
//   gained idmapping only in 2.39) and stays until the agent closes its stdin. Tool commands enter
//   the namespace with nsenter (src/tools/bash/process.ts).
// Where the kernel, the file system or the container refuses (a container job without
// CAP_SYS_ADMIN), openWorkspaceView says why and the sandbox shares the workspace by permissions.
import { realpathSync } from "node:fs";
import { startHolder } from "./holder.ts";

export interface WorkspaceView {
  /** The holder's pid: tool commands enter the mount namespace of this process. */
  pid: number;
  /** Ends the holder, and with it the namespace once no tool process is left in it. */
  close(): Promise<void>;
}

export interface ViewOptions {
  /** Root runs the holder directly; anyone else through passwordless sudo. */
  root: boolean;
  workspace: string;
  agent: { uid: number; gid: number };
  tool: { uid: number; gid: number };
  /** Top-level entries shown as they are, the agent's (`.git`, `state`); they must exist. */
  agentOnly: readonly string[];
  /** The view is mounted read-only: tool commands can read the workspace but not change it (a plan run). */
  readOnly?: boolean;
}

// Plain JavaScript for `bun -e`, run as root. Arguments: the workspace, "agentUid:agentGid:toolUid:toolGid",
// "rw" or "ro" (the view read-only), then the agent-only entries; a workspace of "-" mounts no view
// (the mount namespace alone).
// Prints "ready <pid>" once the view is mounted, or fails with one line on stderr.
const HOLDER = String.raw`
const { dlopen, ptr, read } = require("bun:ffi");
const { openSync, readlinkSync, writeFileSync } = require("node:fs");
const { constants } = require("node:os");
const [workspace, ids, access, ...agentOnly] = process.argv.slice(1);
const [agentUid, agentGid, toolUid, toolGid] = ids.split(":").map(Number);
const AT_FDCWD = -100, AT_EMPTY_PATH = 0x1000, OPEN_TREE_CLONE = 1, OPEN_TREE_CLOEXEC = 0o2000000;
const MOVE_MOUNT_F_EMPTY_PATH = 4, MOUNT_ATTR_RDONLY = 0x1, MOUNT_ATTR_NOSUID = 0x2, MOUNT_ATTR_NODEV = 0x4, MOUNT_ATTR_IDMAP = 0x100000;
const NR = { open_tree: 428, move_mount: 429, mount_setattr: 442 }; // the same on every architecture
const libc = dlopen("libc.so.6", {
  syscall: { args: ["i64", "i64", "i64", "i64", "i64", "i64"], returns: "i64" },
  __errno_location: { args: [], returns: "ptr" },
});
const cstrings = [];
const cstr = (text) => { const bytes = Buffer.from(text + "\0"); cstrings.push(bytes); return ptr(bytes); };
const sys = (name, ...args) => {
  const result = Number(libc.symbols.syscall(NR[name], ...args, ...Array(5 - args.length).fill(0)));
  if (result >= 0) return result;
  const errno = read.i32(libc.symbols.__errno_location());
  throw new Error(name + " failed: " + (Object.keys(constants.errno).find((k) => constants.errno[k] === errno) ?? "errno " + errno));
};
const clone = (path) => sys("open_tree", AT_FDCWD, cstr(path), OPEN_TREE_CLONE | OPEN_TREE_CLOEXEC);
const setAttributes = (fd, flags, userns = 0) => {
  const attr = new BigUint64Array([BigInt(flags), 0n, 0n, BigInt(userns)]);
  sys("mount_setattr", fd, cstr(""), AT_EMPTY_PATH, ptr(attr), 32);
};
const attach = (fd, path) => sys("move_mount", fd, cstr(""), AT_FDCWD, cstr(path), MOVE_MOUNT_F_EMPTY_PATH);

if (workspace !== "-") try {
  // The mapping lives in a user namespace: that of a short-lived child, which root may give any mapping.
  const child = Bun.spawn(["unshare", "--user", "--", "sleep", "60"], { stdio: ["ignore", "ignore", "inherit"] });
  const own = readlinkSync("/proc/self/ns/user");
  for (let i = 0; readlinkSync("/proc/" + child.pid + "/ns/user") === own; i++) {
    if (i === 1000) throw new Error("unshare --user did not create a user namespace");
    await Bun.sleep(2);
  }
  writeFileSync("/proc/" + child.pid + "/uid_map", agentUid + " " + toolUid + " 1\n");
  writeFileSync("/proc/" + child.pid + "/gid_map", agentGid + " " + toolGid + " 1\n");
  const userns = openSync("/proc/" + child.pid + "/ns/user", "r");
  child.kill();
  // The originals are cloned before the view covers them.
  const kept = agentOnly.map((name) => [workspace + "/" + name, clone(workspace + "/" + name)]);
  const view = clone(workspace);
  const readOnly = access === "ro" ? MOUNT_ATTR_RDONLY : 0;
  setAttributes(view, MOUNT_ATTR_IDMAP | MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV | readOnly, userns);
  attach(view, workspace);
  for (const [path, fd] of kept) {
    setAttributes(fd, MOUNT_ATTR_NOSUID | MOUNT_ATTR_NODEV);
    attach(fd, path);
  }
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
console.log("ready " + process.pid);
for await (const _ of Bun.stdin.stream());
`;

/** Mounts the view and returns its holder, or says why it cannot be had here. */
export async function openWorkspaceView(options: ViewOptions): Promise<WorkspaceView | string> {
  const workspace = realpathSync(options.workspace);
  const ids = [options.agent.uid, options.agent.gid, options.tool.uid, options.tool.gid].join(":");
  const access = options.readOnly ? "ro" : "rw";
  const holder = await holdMountNamespace(options.root, [workspace, ids, access, ...options.agentOnly]);
  if (typeof holder === "string") return `an idmapped view of the workspace cannot be mounted here (${holder})`;
  return holder;
}

/** A mount namespace of the run's own without the view (the workspace shared by permissions), or why there is none. */
export async function openMountNamespace(root: boolean): Promise<WorkspaceView | string> {
  const holder = await holdMountNamespace(root, ["-", "0:0:0:0", "rw"]);
  if (typeof holder === "string") return `a mount namespace cannot be made here (${holder})`;
  return holder;
}

async function holdMountNamespace(root: boolean, args: string[]): Promise<WorkspaceView | string> {
  const command = ["unshare", "--mount", "--propagation", "private", "--", process.execPath, "-e", HOLDER, "--"];
  const holder = await startHolder([...command, ...args], root);
  if (typeof holder === "string") return holder;
  return { pid: Number(holder.fields[0]), close: holder.close };
}
