// Isolated (src/isolated.ts): the tunnel threads' code for an intercepted connection
// (src/egress/intercept-sockets.ts): one a tool command opened to any address, on a port the
// namespace listens on, without the proxy variables. tunnel-thread.ts calls it with the tunnel's
// functions it uses. The thread asks
// gitclaw about the address tried (getsockname(2)); allowed, it connects where gitclaw says, and,
// when told to, holds the client's first bytes (a TLS ClientHello, an HTTP request head) until
// gitclaw has checked that they name the same host, while the server may speak first.
import type * as TunnelThread from "./tunnel-thread.ts";
import type { Thread } from "./tunnel-thread.ts";

/** The tunnel thread's functions an intercepted connection uses. */
export type Tunnel = Pick<typeof TunnelThread, "connectUpstream" | "handOver" | "waitFor">;

/** Serves one intercepted connection: asks, connects, checks the first bytes, tunnels. */
export async function serveIntercepted(t: Thread, client: number, tunnel: Tunnel): Promise<void> {
  const { connectUpstream, handOver } = tunnel;
  const tried = triedAddress(t, client);
  if (!tried) return;
  t.post({ type: "intercepted", address: tried.address, port: tried.port });
  const decision = await t.next();
  if (decision.answer !== undefined) return;
  const upstream = connectUpstream(t, decision.addresses!, decision.port!);
  if (typeof upstream === "string") {
    t.post({ type: "unreachable", reason: upstream });
    await t.next();
    return;
  }
  t.post({ type: "connected" });
  await t.next();
  let first: Buffer = Buffer.alloc(0);
  if (decision.inspect) {
    const held = firstBytes(t, client, upstream, tunnel);
    if (held === undefined) return;
    if (held.length > 0) {
      t.post({ type: "first", first: held.toString("latin1") });
      if ((await t.next()).answer !== undefined) return;
    }
    first = held;
  }
  handOver(t, client, upstream, first, Buffer.alloc(0));
}

/** The IPv4 address and port the client connected to (the intercepting socket's local end). */
export function triedAddress(t: Thread, fd: number): { address: string; port: number } | undefined {
  const address = Buffer.alloc(28);
  const size = new Uint32Array([28]);
  if (t.c.getsockname(fd, t.ptr(address), t.ptr(size)) !== 0 || address.readUInt16LE(0) !== 2) return undefined;
  return { address: [...address.subarray(4, 8)].join("."), port: address.readUInt16BE(2) };
}

/**
 * The client's first bytes, whole: a TLS record, an HTTP request head, or whatever came first;
 * empty when the server spoke first; undefined when the client left or took too long.
 */
export function firstBytes(t: Thread, client: number, upstream: number, tunnel: Tunnel): Buffer | undefined {
  const fds = Buffer.alloc(24);
  [client, upstream, t.wake].forEach((fd, i) => {
    fds.writeInt32LE(fd, 8 * i);
    fds.writeInt16LE(t.k.POLLIN, 8 * i + 4);
  });
  while (t.c.poll(t.ptr(fds), 3, t.idleMs) < 0) if (t.errno() !== t.k.EINTR) return undefined;
  if (fds.readInt16LE(22) !== 0) return undefined;
  if (fds.readInt16LE(6) === 0) return fds.readInt16LE(14) === 0 ? undefined : Buffer.alloc(0);
  const chunk = Buffer.alloc(16 * 1024 + 5);
  let seen: Buffer = Buffer.alloc(0);
  const deadline = Date.now() + t.handshakeMs;
  for (;;) {
    const n = Number(t.c.recv(client, t.ptr(chunk), chunk.length, 0));
    if (n === 0 || (n < 0 && t.errno() !== t.k.EAGAIN)) return undefined;
    if (n > 0) seen = Buffer.concat([seen, chunk.subarray(0, n)]);
    if (n > 0 && firstComplete(seen, t.maxHead)) return seen;
    const left = deadline - Date.now();
    if (n < 0 && (left <= 0 || !tunnel.waitFor(t, [[client, t.k.POLLIN]], left))) return undefined;
  }
}

/** Whether `seen` holds a whole TLS record, a whole HTTP request head, or is something else (or too long). */
export function firstComplete(seen: Buffer, max: number): boolean {
  if (seen.length > max) return true;
  if (seen[0] === 0x16) return seen.length >= 5 && seen.length >= 5 + seen.readUInt16BE(3);
  if (/^[A-Z]{3,10} /.test(seen.toString("latin1", 0, Math.min(seen.length, 11)))) return seen.includes("\r\n\r\n");
  return seen.length > 0;
}
