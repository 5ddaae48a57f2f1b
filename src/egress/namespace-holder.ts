// Isolated (src/isolated.ts): the network namespace's holder, run as root by `bun -e` in the new
// namespace (namespace.ts starts it), with the functions of handoff.ts, refusals.ts and
// intercept-handoff.ts. Arguments: the Unix socket where gitclaw waits for the proxy's listening
// socket, and the ports to intercept (comma-separated; empty: none). Brings the loopback up
// (SIOCSIFFLAGS, no `ip` needed), listens on 127.0.0.1 there and hands that socket to gitclaw,
// whose proxy accepts the tool commands' connections on it (src/egress/tunnel.ts): the holder itself
// reads nothing a tool command sends. Prints "ready <pid> <port>", then each refusal it sees
// (refusals.ts), or fails with one line on stderr; ends when its stdin closes.
import type * as Ffi from "bun:ffi";
import type { FFIFunction } from "bun:ffi";
import type { Linux } from "../linux.ts";
import type * as Handoff from "./handoff.ts";
import type * as InterceptHandoff from "./intercept-handoff.ts";
import type * as Refusals from "./refusals.ts";

// biome-ignore lint/suspicious/noExplicitAny: libc symbols, loaded from their table.
type Symbols = any;

/** The holder's whole life: set up, say "ready", print what it sees until its stdin closes. */
export async function holdNetworkNamespace(
  ffi: typeof Ffi,
  k: Linux,
  symbols: Record<string, FFIFunction>,
  handoff: typeof Handoff,
  refusals: typeof Refusals,
  intercept: typeof InterceptHandoff,
): Promise<void> {
  const [handoffPath, portList] = process.argv.slice(1);
  const c: Symbols = ffi.dlopen("libc.so.6", symbols).symbols;
  let port: number;
  try {
    bringLoopbackUp(c, ffi.ptr, k);
    const listener = handoff.listenOnLoopback(c, ffi.ptr, k);
    handoff.sendFds(c, ffi.ptr, k, handoffPath!, [listener.fd], "the listening socket");
    c.close(listener.fd);
    port = listener.port;
    // The sockets that intercept connections to any address on these ports, and DNS (intercept-handoff.ts).
    if (portList) {
      const intercepting = intercept.listenIntercepting(c, ffi.ptr, k, portList.split(",").map(Number));
      handoff.sendFds(c, ffi.ptr, k, handoffPath!, intercepting, "the intercepting sockets");
      for (const fd of intercepting) c.close(fd);
    }
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  const observe = refusals.observeRefusals(c, ffi.ptr, k);
  console.log(`ready ${process.pid} ${port}`);
  for await (const _ of Bun.stdin.stream());
  observe?.();
  process.exit(0);
}

/** Brings the namespace's loopback up (SIOCSIFFLAGS on any socket); throws when it cannot. */
export function bringLoopbackUp(c: Symbols, ptr: typeof Ffi.ptr, k: Linux): void {
  const fd = c.socket(k.AF_INET, k.SOCK_DGRAM, 0);
  // ifreq: the interface's name, then (at 16) its flags.
  const ifreq = Buffer.alloc(40);
  ifreq.write("lo");
  if (fd < 0 || c.ioctl(fd, k.SIOCGIFFLAGS, ptr(ifreq)) !== 0) throw new Error("the loopback cannot be read");
  ifreq.writeUInt16LE(ifreq.readUInt16LE(16) | k.IFF_UP, 16);
  if (c.ioctl(fd, k.SIOCSIFFLAGS, ptr(ifreq)) !== 0) throw new Error("the loopback cannot be brought up");
  c.close(fd);
}
