// Isolated (src/isolated.ts): run by the network namespace's holder (namespace-holder.ts) as root:
// the sockets that intercept what tool commands send anywhere but the proxy's port, handed to
// gitclaw in one message (SCM_RIGHTS), which serves them (src/egress/intercept.ts). Every address is
// local in the namespace (`ip route add local 0.0.0.0/0 dev lo`, refusals.ts), so a socket bound to
// 0.0.0.0:<port> there takes a connection to any address on that port, and getsockname(2) on it
// gives the address tried; one bound to UDP 0.0.0.0:53 takes every DNS query, whichever server the
// tool asked.
import type { ptr as Ptr } from "bun:ffi";
import type { Linux } from "../linux.ts";

// biome-ignore lint/suspicious/noExplicitAny: libc symbols, loaded from their table in the holder.
type Symbols = any;

/** UDP 0.0.0.0:53, then TCP 0.0.0.0:<port> for each port, in the caller's namespace; throws when one cannot be had. */
export function listenIntercepting(c: Symbols, ptr: typeof Ptr, k: Linux, ports: number[]): number[] {
  const bound = (type: number, port: number) => {
    // sockaddr_in: family, port, address (0.0.0.0).
    const address = Buffer.alloc(16);
    address.writeUInt16LE(k.AF_INET, 0);
    address.writeUInt16BE(port, 2);
    const fd = c.socket(k.AF_INET, type | k.SOCK_CLOEXEC, 0);
    const ok = fd >= 0 && c.bind(fd, ptr(address), 16) === 0 && (type === k.SOCK_DGRAM || c.listen(fd, 512) === 0);
    if (!ok) throw new Error(`nothing can listen on ${type === k.SOCK_DGRAM ? "udp" : "tcp"}/${port} in the namespace`);
    return fd;
  };
  return [bound(k.SOCK_DGRAM, 53), ...ports.map((port) => bound(k.SOCK_STREAM, port))];
}

/** Sends `fds` (SCM_RIGHTS, one message) over a new connection to the Unix socket at `path`. */
export function sendFds(c: Symbols, ptr: typeof Ptr, k: Linux, path: string, fds: number[]): void {
  // sockaddr_un: family, path.
  const address = Buffer.alloc(110);
  address.writeUInt16LE(k.AF_UNIX, 0);
  address.write(path, 2);
  const socket = c.socket(k.AF_UNIX, k.SOCK_STREAM | k.SOCK_CLOEXEC, 0);
  // cmsghdr: length, SOL_SOCKET, SCM_RIGHTS, the fds; padded to 8 bytes.
  const length = 16 + 4 * fds.length;
  const control = Buffer.alloc((length + 7) & ~7);
  control.writeBigUInt64LE(BigInt(length), 0);
  control.writeInt32LE(k.SOL_SOCKET, 8);
  control.writeInt32LE(k.SCM_RIGHTS, 12);
  fds.forEach((fd, i) => control.writeInt32LE(fd, 16 + 4 * i));
  // One byte of data (iovec), and the control message (msghdr, LP64).
  const byte = Buffer.alloc(1);
  const iov = Buffer.alloc(16);
  iov.writeBigUInt64LE(BigInt(ptr(byte)), 0);
  iov.writeBigUInt64LE(1n, 8);
  const header = Buffer.alloc(56);
  header.writeBigUInt64LE(BigInt(ptr(iov)), 16);
  header.writeBigUInt64LE(1n, 24);
  header.writeBigUInt64LE(BigInt(ptr(control)), 32);
  header.writeBigUInt64LE(BigInt(control.length), 40);
  const sent =
    socket >= 0 &&
    c.connect(socket, ptr(address), address.length) === 0 &&
    Number(c.sendmsg(socket, ptr(header), 0)) === 1;
  c.close(socket);
  if (!sent) throw new Error("gitclaw cannot be reached to hand it the intercepting sockets");
}
