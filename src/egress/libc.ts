// The few libc calls egress control makes through bun:ffi, where Bun's own sockets fall short:
// handing a listening socket from the network namespace's root holder to gitclaw (SCM_RIGHTS), and
// the tunnels' zero-copy data path (splice(2), src/egress/tunnel.ts). One symbol table, also sent
// to the tunnel threads and written into the holder's source, which load it themselves.
import { dlopen, type FFIFunction, ptr, read } from "bun:ffi";

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
  shutdown: { args: ["i32", "i32"], returns: "i32" },
  close: { args: ["i32"], returns: "i32" },
  ioctl: { args: ["i32", "u64", "ptr"], returns: "i32" },
  pipe2: { args: ["ptr", "i32"], returns: "i32" },
  fcntl: { args: ["i32", "i32", "i32"], returns: "i32" },
  splice: { args: ["i32", "ptr", "i32", "ptr", "u64", "u32"], returns: "i64" },
  poll: { args: ["ptr", "u64", "i32"], returns: "i32" },
  write: { args: ["i32", "ptr", "u64"], returns: "i64" },
  inet_pton: { args: ["i32", "ptr", "ptr"], returns: "i32" },
  __errno_location: { args: [], returns: "ptr" },
} as const satisfies Record<string, FFIFunction>;

type Libc = ReturnType<typeof dlopen<typeof LIBC_SYMBOLS>>["symbols"];
let loaded: Libc | undefined;
export const libc = (): Libc => (loaded ??= dlopen("libc.so.6", LIBC_SYMBOLS).symbols);
export const errno = (): number => read.i32(libc().__errno_location()!, 0);

const AF_UNIX = 1;
const SOCK_STREAM = 1;
const SOCK_NONBLOCK = 0o4000;
const SOCK_CLOEXEC = 0o2000000;
const MSG_DONTWAIT = 0x40;
const MSG_CMSG_CLOEXEC = 0x40000000;
const SOL_SOCKET = 1;
const SCM_RIGHTS = 1;
const SO_ACCEPTCONN = 30;

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
 * The file descriptor a connection to `listener` already sent (SCM_RIGHTS), without waiting: the
 * sender wrote it before saying it was ready. Undefined when there is none.
 */
export function takeSentFd(listener: number): number | undefined {
  const connection = libc().accept4(listener, null, null, SOCK_CLOEXEC);
  if (connection < 0) return undefined;
  try {
    const control = Buffer.alloc(24);
    const message = oneByteMessage(ptr, control);
    if (Number(libc().recvmsg(connection, ptr(message.header), MSG_DONTWAIT | MSG_CMSG_CLOEXEC)) !== 1)
      return undefined;
    const rights = control.readInt32LE(8) === SOL_SOCKET && control.readInt32LE(12) === SCM_RIGHTS;
    const fd = rights && control.readBigUInt64LE(0) >= 20n ? control.readInt32LE(16) : undefined;
    return fd === undefined ? undefined : listening(fd);
  } finally {
    libc().close(connection);
  }
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
  if (libc().pipe2(ptr(fds), SOCK_CLOEXEC) !== 0) throw new Error(`pipe2: errno ${errno()}`);
  return [fds[0]!, fds[1]!];
}

// The three below run in the holder too, from their source text: they use only their arguments and each other.
// biome-ignore lint/suspicious/noExplicitAny: libc symbols, typed or loaded from their table in the holder.
type Symbols = any;

/** A TCP socket listening on 127.0.0.1 (of the caller's network namespace), on a port of the kernel's choice. */
export function listenOnLoopback(c: Symbols, ptr: typeof import("bun:ffi").ptr): { fd: number; port: number } {
  const address = Buffer.alloc(16);
  address.writeUInt16LE(2, 0);
  address.writeUInt32BE(0x7f000001, 4);
  const fd = c.socket(2, 1 | 0o2000000, 0);
  const size = new Uint32Array([16]);
  const listening =
    fd >= 0 &&
    c.bind(fd, ptr(address), 16) === 0 &&
    c.listen(fd, 512) === 0 &&
    c.getsockname(fd, ptr(address), ptr(size)) === 0;
  if (!listening) throw new Error("nothing can listen on 127.0.0.1");
  return { fd, port: address.readUInt16BE(2) };
}

/** Sends `fd` (SCM_RIGHTS) over a new connection to the Unix socket at `path`. */
export function sendFd(c: Symbols, ptr: typeof import("bun:ffi").ptr, path: string, fd: number): void {
  const address = Buffer.alloc(110);
  address.writeUInt16LE(1, 0);
  address.write(path, 2);
  const socket = c.socket(1, 1 | 0o2000000, 0);
  // cmsghdr: length, SOL_SOCKET, SCM_RIGHTS, the fd (CMSG_LEN(4) = 20, CMSG_SPACE(4) = 24).
  const control = Buffer.alloc(24);
  control.writeBigUInt64LE(20n, 0);
  control.writeInt32LE(1, 8);
  control.writeInt32LE(1, 12);
  control.writeInt32LE(fd, 16);
  const message = oneByteMessage(ptr, control);
  const sent =
    socket >= 0 &&
    c.connect(socket, ptr(address), address.length) === 0 &&
    Number(c.sendmsg(socket, ptr(message.header), 0)) === 1;
  c.close(socket);
  if (!sent) throw new Error("gitclaw cannot be reached to hand it the listening socket");
}

/** A msghdr (LP64) for one byte of data and `control`; `kept` holds what it points to. */
export function oneByteMessage(ptr: typeof import("bun:ffi").ptr, control: Buffer): { header: Buffer; kept: Buffer[] } {
  const byte = Buffer.alloc(1);
  const iov = Buffer.alloc(16);
  iov.writeBigUInt64LE(BigInt(ptr(byte)), 0);
  iov.writeBigUInt64LE(1n, 8);
  const header = Buffer.alloc(56);
  header.writeBigUInt64LE(BigInt(ptr(iov)), 16);
  header.writeBigUInt64LE(1n, 24);
  header.writeBigUInt64LE(BigInt(ptr(control)), 32);
  header.writeBigUInt64LE(BigInt(control.length), 40);
  return { header, kept: [byte, iov, control] };
}
