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
