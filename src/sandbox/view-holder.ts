// Isolated (src/isolated.ts): the mount namespace's holder, run as root by `bun -e` in the new
// namespace (sandbox-view.ts starts it). Arguments: the workspace, "agentUid:agentGid:toolUid:toolGid",
// then the agent-only entries; a workspace of "-" mounts no view (the mount namespace alone). It
// builds the view with the kernel's mount API (open_tree, mount_setattr, move_mount), prints
// "ready <pid>" once it is mounted, or fails with one line on stderr; ends when its stdin closes.
import type * as Ffi from "bun:ffi";
import type * as Fs from "node:fs";
import type * as Os from "node:os";
import type { Linux } from "../linux.ts";

/** What mounting works with: the system calls, and the strings passed to them kept alive. */
interface Mounting {
  k: Linux;
  /** A system call by its number; throws, naming the call and the error, when it fails. */
  sys(name: string, nr: number, ...args: (number | bigint)[]): number;
  /** Where `data` is, kept alive for the holder's life. */
  pointer(data: Buffer | BigUint64Array): number;
  /** A C string, kept alive for the holder's life. */
  cstr(text: string): number;
}

/** The holder's whole life: mount the view, say "ready", wait for stdin to close. */
export async function holdMountNamespace(ffi: typeof Ffi, fs: typeof Fs, os: typeof Os, k: Linux): Promise<void> {
  const [workspace, ids, ...agentOnly] = process.argv.slice(1);
  const [agentUid, agentGid, toolUid, toolGid] = ids!.split(":").map(Number);
  if (workspace !== "-")
    try {
      const userns = await idmapping(fs, `${agentUid} ${toolUid} 1\n`, `${agentGid} ${toolGid} 1\n`);
      mountView(mounting(ffi, os, k), workspace!, agentOnly, userns);
    } catch (error) {
      console.error((error as Error).message);
      process.exit(1);
    }
  console.log(`ready ${process.pid}`);
  for await (const _ of Bun.stdin.stream());
}

/**
 * A user namespace with these uid and gid maps, open (its fd): that of a short-lived child, which
 * root may give any mapping.
 */
export async function idmapping(fs: typeof Fs, uidMap: string, gidMap: string): Promise<number> {
  const child = Bun.spawn(["unshare", "--user", "--", "sleep", "60"], { stdio: ["ignore", "ignore", "inherit"] });
  const own = fs.readlinkSync("/proc/self/ns/user");
  for (let i = 0; fs.readlinkSync(`/proc/${child.pid}/ns/user`) === own; i++) {
    if (i === 1000) throw new Error("unshare --user did not create a user namespace");
    await Bun.sleep(2);
  }
  fs.writeFileSync(`/proc/${child.pid}/uid_map`, uidMap);
  fs.writeFileSync(`/proc/${child.pid}/gid_map`, gidMap);
  const userns = fs.openSync(`/proc/${child.pid}/ns/user`, "r");
  child.kill();
  return userns;
}

/** The view over `workspace`, idmapped through `userns`, with the agent-only entries' originals on top. */
export function mountView(m: Mounting, workspace: string, agentOnly: string[], userns: number): void {
  const { k } = m;
  // The originals are cloned before the view covers them.
  const kept = agentOnly.map((name) => [`${workspace}/${name}`, cloneTree(m, `${workspace}/${name}`)] as const);
  const view = cloneTree(m, workspace);
  setAttributes(m, view, k.MOUNT_ATTR_IDMAP | k.MOUNT_ATTR_NOSUID | k.MOUNT_ATTR_NODEV, userns);
  attach(m, view, workspace);
  for (const [path, fd] of kept) {
    setAttributes(m, fd, k.MOUNT_ATTR_NOSUID | k.MOUNT_ATTR_NODEV, 0);
    attach(m, fd, path);
  }
}

/** The system calls through libc's syscall(2), their errors named by `os`. */
export function mounting(ffi: typeof Ffi, os: typeof Os, k: Linux): Mounting {
  const libc = ffi.dlopen("libc.so.6", {
    syscall: { args: ["i64", "i64", "i64", "i64", "i64", "i64"], returns: "i64" },
    __errno_location: { args: [], returns: "ptr" },
  }).symbols;
  const kept: (Buffer | BigUint64Array)[] = [];
  const pointer = (data: Buffer | BigUint64Array) => {
    kept.push(data);
    return ffi.ptr(data);
  };
  const errors = os.constants.errno as Record<string, number>;
  return {
    k,
    sys: (name, nr, ...args) => {
      const result = Number(libc.syscall(nr, ...args, ...Array(5 - args.length).fill(0)));
      if (result >= 0) return result;
      const errno = ffi.read.i32(libc.__errno_location()!);
      throw new Error(
        `${name} failed: ${Object.keys(errors).find((key) => errors[key] === errno) ?? `errno ${errno}`}`,
      );
    },
    pointer,
    cstr: (text) => pointer(Buffer.from(`${text}\0`)),
  };
}

/** A detached copy of the mount tree at `path` (open_tree), its fd. */
export function cloneTree(m: Mounting, path: string): number {
  return m.sys("open_tree", m.k.SYS_open_tree, m.k.AT_FDCWD, m.cstr(path), m.k.OPEN_TREE_CLONE | m.k.OPEN_TREE_CLOEXEC);
}

/** Sets a detached mount's attributes (mount_setattr); `userns` is the idmapping's, or 0. */
export function setAttributes(m: Mounting, fd: number, flags: number, userns: number): void {
  // struct mount_attr: attr_set, attr_clr, propagation, userns_fd.
  const attr = new BigUint64Array([BigInt(flags), 0n, 0n, BigInt(userns)]);
  m.sys("mount_setattr", m.k.SYS_mount_setattr, fd, m.cstr(""), m.k.AT_EMPTY_PATH, m.pointer(attr), 32);
}

/** Mounts the detached mount `fd` at `path` (move_mount). */
export function attach(m: Mounting, fd: number, path: string): void {
  const { k } = m;
  m.sys("move_mount", k.SYS_move_mount, fd, m.cstr(""), k.AT_FDCWD, m.cstr(path), k.MOVE_MOUNT_F_EMPTY_PATH);
}
