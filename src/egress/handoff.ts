// Isolated (src/isolated.ts): the network namespace's holder runs these as root from their source
// text, and gitclaw calls them too. The holder makes the proxy's listening socket in the namespace
// and hands it to gitclaw over a Unix socket (SCM_RIGHTS: a path-named socket is reached across
// network namespaces); a socket keeps the namespace it was made in.
import type { ptr as Ptr } from "bun:ffi";
import type { Linux } from "../linux.ts";

// biome-ignore lint/suspicious/noExplicitAny: libc symbols, typed or loaded from their table in the holder.
type Symbols = any;

/** A TCP socket listening on 127.0.0.1 (of the caller's network namespace), on a port of the kernel's choice. */
export function listenOnLoopback(c: Symbols, ptr: typeof Ptr, k: Linux): { fd: number; port: number } {
  // sockaddr_in: family, port (0: any), address.
  const address = Buffer.alloc(16);
  address.writeUInt16LE(k.AF_INET, 0);
  address.writeUInt32BE(k.INADDR_LOOPBACK, 4);
  const fd = c.socket(k.AF_INET, k.SOCK_STREAM | k.SOCK_CLOEXEC, 0);
  const size = new Uint32Array([16]);
  const listening =
    fd >= 0 &&
    c.bind(fd, ptr(address), 16) === 0 &&
    c.listen(fd, 512) === 0 &&
    c.getsockname(fd, ptr(address), ptr(size)) === 0;
  if (!listening) throw new Error("nothing can listen on 127.0.0.1");
  return { fd, port: address.readUInt16BE(2) };
}

/**
 * Sends `fds` (SCM_RIGHTS, one message) over a new connection to the Unix socket at `path`: the proxy's
 * listening socket, or the intercepting ones (intercept-handoff.ts); `what` names them when it fails.
 */
export function sendFds(c: Symbols, ptr: typeof Ptr, k: Linux, path: string, fds: number[], what: string): void {
  // sockaddr_un: family, path.
  const address = Buffer.alloc(110);
  address.writeUInt16LE(k.AF_UNIX, 0);
  address.write(path, 2);
  const socket = c.socket(k.AF_UNIX, k.SOCK_STREAM | k.SOCK_CLOEXEC, 0);
  // cmsghdr: length, SOL_SOCKET, SCM_RIGHTS, the fds; padded to 8 bytes (CMSG_SPACE).
  const length = 16 + 4 * fds.length;
  const control = Buffer.alloc((length + 7) & ~7);
  control.writeBigUInt64LE(BigInt(length), 0);
  control.writeInt32LE(k.SOL_SOCKET, 8);
  control.writeInt32LE(k.SCM_RIGHTS, 12);
  fds.forEach((fd, i) => control.writeInt32LE(fd, 16 + 4 * i));
  const message = oneByteMessage(ptr, control);
  const sent =
    socket >= 0 &&
    c.connect(socket, ptr(address), address.length) === 0 &&
    Number(c.sendmsg(socket, ptr(message.header), 0)) === 1;
  c.close(socket);
  if (!sent) throw new Error(`gitclaw cannot be reached to hand it ${what}`);
}

/** A msghdr (LP64) for one byte of data and `control`; `kept` holds what it points to. */
export function oneByteMessage(ptr: typeof Ptr, control: Buffer): { header: Buffer; kept: Buffer[] } {
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
