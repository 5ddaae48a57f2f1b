// The sockets that intercept what tool commands send anywhere but the proxy's port: made by the
// network namespace's root holder (src/tools/sandbox/network.ts) and handed to gitclaw in one
// message (SCM_RIGHTS), which serves them (src/egress/intercept.ts). Every address is local in the
// namespace (`ip route add local 0.0.0.0/0 dev lo`), so a socket bound to 0.0.0.0:<port> there takes
// a connection to any address on that port, and getsockname(2) on it gives the address tried; one
// bound to UDP 0.0.0.0:53 takes every DNS query, whichever server the tool asked.
import { ptr as ffiPtr } from "bun:ffi";
import { libc } from "./libc.ts";

// biome-ignore lint/suspicious/noExplicitAny: libc symbols, typed or loaded from their table in the holder.
type Symbols = any;

/** Run in the holder, from its source text (uses only its arguments): UDP 0.0.0.0:53, then TCP 0.0.0.0:<port> for each port. */
export function listenIntercepting(c: Symbols, ptr: typeof import("bun:ffi").ptr, ports: number[]): number[] {
  const bound = (type: number, port: number) => {
    const address = Buffer.alloc(16);
    address.writeUInt16LE(2, 0);
    address.writeUInt16BE(port, 2);
    const fd = c.socket(2, type | 0o2000000, 0);
    const ok = fd >= 0 && c.bind(fd, ptr(address), 16) === 0 && (type === 2 || c.listen(fd, 512) === 0);
    if (!ok) throw new Error(`nothing can listen on ${type === 2 ? "udp" : "tcp"}/${port} in the namespace`);
    return fd;
  };
  return [bound(2, 53), ...ports.map((port) => bound(1, port))];
}

/** Run in the holder, from its source text: sends `fds` (SCM_RIGHTS, one message) over a new connection to the Unix socket at `path`. */
export function sendFds(c: Symbols, ptr: typeof import("bun:ffi").ptr, path: string, fds: number[]): void {
  const address = Buffer.alloc(110);
  address.writeUInt16LE(1, 0);
  address.write(path, 2);
  const socket = c.socket(1, 1 | 0o2000000, 0);
  const length = 16 + 4 * fds.length;
  const control = Buffer.alloc((length + 7) & ~7);
  control.writeBigUInt64LE(BigInt(length), 0);
  control.writeInt32LE(1, 8);
  control.writeInt32LE(1, 12);
  fds.forEach((fd, i) => control.writeInt32LE(fd, 16 + 4 * i));
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

const MSG_DONTWAIT = 0x40;
const MSG_CMSG_CLOEXEC = 0x40000000;
const MAX_FDS = 64;

/** The file descriptors a connection to `listener` already sent in one message (sendFds), without waiting; [] when none. */
export function takeSentFds(listener: number): number[] {
  const c = libc();
  const connection = c.accept4(listener, null, null, 0o2000000);
  if (connection < 0) return [];
  try {
    const control = Buffer.alloc(16 + 4 * MAX_FDS);
    const byte = Buffer.alloc(1);
    const iov = Buffer.alloc(16);
    iov.writeBigUInt64LE(BigInt(ffiPtr(byte)), 0);
    iov.writeBigUInt64LE(1n, 8);
    const header = Buffer.alloc(56);
    header.writeBigUInt64LE(BigInt(ffiPtr(iov)), 16);
    header.writeBigUInt64LE(1n, 24);
    header.writeBigUInt64LE(BigInt(ffiPtr(control)), 32);
    header.writeBigUInt64LE(BigInt(control.length), 40);
    if (Number(c.recvmsg(connection, ffiPtr(header), MSG_DONTWAIT | MSG_CMSG_CLOEXEC)) !== 1) return [];
    if (control.readInt32LE(8) !== 1 || control.readInt32LE(12) !== 1) return [];
    const count = (Number(control.readBigUInt64LE(0)) - 16) / 4;
    return Array.from({ length: Math.max(0, Math.min(count, MAX_FDS)) }, (_, i) => control.readInt32LE(16 + 4 * i));
  } finally {
    c.close(connection);
  }
}

/** The ports tool commands' connections are intercepted on: the web's, ssh's, and every port the policy names. */
export function interceptedPorts(policyPorts: readonly number[]): number[] {
  return [...new Set([22, 80, 443, ...policyPorts])].sort((a, b) => a - b);
}
