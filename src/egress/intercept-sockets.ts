// gitclaw's side of the sockets that intercept what tool commands send anywhere but the proxy's
// port: which ports, and taking the sockets the namespace's holder made and sent
// (src/egress/intercept-handoff.ts), which the proxy serves (src/egress/intercept.ts).
import { ptr as ffiPtr } from "bun:ffi";
import { LINUX } from "../linux.ts";
import { libc } from "./libc.ts";

const MAX_FDS = 64;

/** The file descriptors a connection to `listener` already sent in one message (handoff.ts sendFds), without waiting; [] when none. */
export function takeSentFds(listener: number): number[] {
  const c = libc();
  const connection = c.accept4(listener, null, null, LINUX.SOCK_CLOEXEC);
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
    if (Number(c.recvmsg(connection, ffiPtr(header), LINUX.MSG_DONTWAIT | LINUX.MSG_CMSG_CLOEXEC)) !== 1) return [];
    if (control.readInt32LE(8) !== LINUX.SOL_SOCKET || control.readInt32LE(12) !== LINUX.SCM_RIGHTS) return [];
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
