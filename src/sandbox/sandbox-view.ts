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
// - A root process holds the namespace (the holder, view-holder.ts): `unshare --mount` runs it, it
//   builds the mounts with the kernel's mount API (open_tree, mount_setattr, move_mount: util-linux's
//   mount gained idmapping only in 2.39) and stays until the agent closes its stdin. Tool commands enter
//   the namespace with nsenter (src/tools/bash/process.ts).
// Where the kernel, the file system or the container refuses (a container job without
// CAP_SYS_ADMIN), openWorkspaceView says why and the sandbox shares the workspace by permissions.
import { realpathSync } from "node:fs";
import { isolatedScript } from "../isolated.ts";
import { LINUX } from "../linux.ts";
import { startHolder } from "./holder.ts";
import * as holderFile from "./view-holder.ts";

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
}

// The holder's script: view-holder.ts, given bun:ffi, node:fs, node:os and the constants.
const HOLDER = isolatedScript([holderFile], holderFile.holdMountNamespace, [
  'require("bun:ffi")',
  'require("node:fs")',
  'require("node:os")',
  JSON.stringify(LINUX),
]);

/** Mounts the view and returns its holder, or says why it cannot be had here. */
export async function openWorkspaceView(options: ViewOptions): Promise<WorkspaceView | string> {
  const workspace = realpathSync(options.workspace);
  const ids = [options.agent.uid, options.agent.gid, options.tool.uid, options.tool.gid].join(":");
  const holder = await startMountHolder(options.root, [workspace, ids, ...options.agentOnly]);
  if (typeof holder === "string") return `an idmapped view of the workspace cannot be mounted here (${holder})`;
  return holder;
}

/** A mount namespace of the run's own without the view (the workspace shared by permissions), or why there is none. */
export async function openMountNamespace(root: boolean): Promise<WorkspaceView | string> {
  const holder = await startMountHolder(root, ["-", "0:0:0:0"]);
  if (typeof holder === "string") return `a mount namespace cannot be made here (${holder})`;
  return holder;
}

async function startMountHolder(root: boolean, args: string[]): Promise<WorkspaceView | string> {
  const command = ["unshare", "--mount", "--propagation", "private", "--", process.execPath, "-e", HOLDER, "--"];
  const holder = await startHolder([...command, ...args], root);
  if (typeof holder === "string") return holder;
  return { pid: Number(holder.fields[0]), close: holder.close };
}
