// The few libc calls egress control makes through bun:ffi, where Bun's own sockets fall short:
// handing a listening socket from the network namespace's root holder to gitclaw (SCM_RIGHTS), and
// the tunnels' zero-copy data path (splice(2), src/egress/tunnel.ts). One symbol table, also sent
// to the tunnel threads and written into the holder's script, which load it themselves.
import { dlopen, type FFIFunction, ptr, read } from "bun:ffi";
import { LINUX } from "../linux.ts";
import { listenOnLoopback, oneByteMessage } from "./handoff.ts";

export const LIBC_SYMBOLS = {
  socket: { args: ["i32", "i32", "i32"], returns: "i32" },
  bind: { args: ["i32", "ptr", "u32"], returns: "i32" },
  listen: { args: ["i32", "i32"], returns: "i32" },
  connect: { args: ["i32", "ptr", "u32"], returns: "i32" },
  accept4: { args: ["i32", "ptr", "ptr", "i32"], returns: "i32" },
  getsockname: { args: ["i32", "ptr", "ptr"], returns: "i32" },
  getsockopt: { args: ["i32", "i32", "i32", "ptr", "ptr"], returns: "i32" },
  setsockopt: { args: ["i32", "i32", "i32", "ptr", "u32"], returns: "i32" },
  sendmsg: { args: ["i32", "ptr", "i32"], returns: "i64" },
  recvmsg: { args: ["i32", "ptr", "i32"], returns: "i64" },
  send: { args: ["i32", "ptr", "u64", "i32"], returns: "i64" },
  recv: { args: ["i32", "ptr", "u64", "i32"], returns: "i64" },
  recvfrom: { args: ["i32", "ptr", "u64", "i32", "ptr", "ptr"], returns: "i64" },
  sendto: { args: ["i32", "ptr", "u64", "i32", "ptr", "u32"], returns: "i64" },
  shutdown: { args: ["i32", "i32"], returns: "i32" },
  close: { args: ["i32"], returns: "i32" },
  ioctl: { args: ["i32", "u64", "ptr"], returns: "i32" },
  pipe2: { args: ["ptr", "i32"], returns: "i32" },
  fcntl: { args: ["i32", "i32", "i32"], returns: "i32" },
  splice: { args: ["i32", "ptr", "i32", "ptr", "u64", "u32"], returns: "i64" },
  poll: { args: ["ptr", "u64", "i32"], returns: "i32" },
  write: { args: ["i32", "ptr", "u64"], returns: "i64" },
  read: { args: ["i32", "ptr", "u64"], returns: "i64" },
  inet_pton: { args: ["i32", "ptr", "ptr"], returns: "i32" },
  __errno_location: { args: [], returns: "ptr" },
} as const satisfies Record<string, FFIFunction>;

type Libc = ReturnType<typeof dlopen<typeof LIBC_SYMBOLS>>["symbols"];
let loaded: Libc | undefined;
export const libc = (): Libc => (loaded ??= dlopen("libc.so.6", LIBC_SYMBOLS).symbols);
export const errno = (): number => read.i32(libc().__errno_location()!, 0);

const { AF_UNIX, SOCK_STREAM, SOCK_NONBLOCK, SOCK_CLOEXEC, MSG_DONTWAIT, MSG_CMSG_CLOEXEC } = LINUX;
const { SOL_SOCKET, SCM_RIGHTS, SO_ACCEPTCONN } = LINUX;

/** A listening Unix socket at `path` (non-blocking: accepting never waits); its fd. */
export function unixListener(path: string): number {
  const address = Buffer.alloc(110);
  address.writeUInt16LE(AF_UNIX, 0);
  address.write(path, 2);
  const fd = libc().socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
  if (fd < 0) throw new Error(`socket: errno ${errno()}`);
  if (libc().bind(fd, ptr(address), address.length) !== 0 || libc().listen(fd, 4) !== 0) {
    const code = errno();
    libc().close(fd);
    throw new Error(`${path}: errno ${code}`);
  }
  return fd;
}

/**
 * The file descriptors a connection to `listener` already sent in one message (SCM_RIGHTS: handoff.ts
 * sendFds), at most `max`, without waiting: the sender wrote them before saying it was ready. [] when
 * there are none.
 */
export function takeSentFds(listener: number, max: number): number[] {
  const connection = libc().accept4(listener, null, null, SOCK_CLOEXEC);
  if (connection < 0) return [];
  try {
    // cmsghdr: length, level, type, the fds; padded to 8 bytes (CMSG_SPACE).
    const control = Buffer.alloc((16 + 4 * max + 7) & ~7);
    const message = oneByteMessage(ptr, control);
    if (Number(libc().recvmsg(connection, ptr(message.header), MSG_DONTWAIT | MSG_CMSG_CLOEXEC)) !== 1) return [];
    if (control.readInt32LE(8) !== SOL_SOCKET || control.readInt32LE(12) !== SCM_RIGHTS) return [];
    const count = Math.floor((Number(control.readBigUInt64LE(0)) - 16) / 4);
    return Array.from({ length: Math.max(0, Math.min(count, max)) }, (_, i) => control.readInt32LE(16 + 4 * i));
  } finally {
    libc().close(connection);
  }
}

/** The listening socket a connection to `listener` already sent (the proxy's); undefined when there is none. */
export function takeSentFd(listener: number): number | undefined {
  const [fd] = takeSentFds(listener, 1);
  return fd === undefined ? undefined : listening(fd);
}

/** `fd` if it is a listening socket; otherwise it is closed. */
function listening(fd: number): number | undefined {
  const value = new Int32Array([0, 4]);
  const accepting = libc().getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, ptr(value), ptr(value, 4)) === 0 && value[0] === 1;
  if (!accepting) libc().close(fd);
  return accepting ? fd : undefined;
}

/** A pipe whose ends close on exec: [read, write]. */
export function pipe(): [number, number] {
  const fds = new Int32Array(2);
  if (libc().pipe2(ptr(fds), LINUX.O_CLOEXEC) !== 0) throw new Error(`pipe2: errno ${errno()}`);
  return [fds[0]!, fds[1]!];
}

/** A TCP socket listening on 127.0.0.1 of gitclaw's own network namespace (the proxy's tests and benchmark). */
export const loopbackListener = (): { fd: number; port: number } => listenOnLoopback(libc(), ptr, LINUX);
