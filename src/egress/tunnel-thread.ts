// Isolated (src/isolated.ts): the code of the egress proxy's tunnel threads (src/egress/tunnel.ts),
// run from its source text: each function uses nothing but globals, its arguments and the others. One thread
// accepts one connection, reads its request head, asks the proxy, and then either writes the
// proxy's refusal or connects and hands both sockets to the mover (tunnel-mover.ts), which splices
// both ways. Every socket is non-blocking, every wait a poll(2) that
// the proxy's wake pipe ends.
import type { ptr as Ptr } from "bun:ffi";
import type { Linux } from "../linux.ts";

/** What every part of the thread works with. */
export interface Thread {
  // biome-ignore lint/suspicious/noExplicitAny: libc symbols, loaded in the thread from their table.
  c: any;
  ptr: typeof Ptr;
  errno(): number;
  /** Readable (hung up) once the proxy closes. */
  wake: number;
  maxHead: number;
  /** Ms for a request head to arrive and for an upstream to answer a connect. */
  handshakeMs: number;
  /** Ms without a byte moving after which a tunnel (or a refusal's wait) ends. */
  idleMs: number;
  /** What the thread opened, closed when it ends. */
  open: number[];
  post(data: object): void;
  /** The proxy's next message. */
  next(): Promise<Reply>;
  k: Linux;
  /** What serves an intercepted connection (intercept-thread.ts), given the functions of this file it uses. */
  intercept: {
    serveIntercepted(
      t: Thread,
      client: number,
      tunnel: { connectUpstream: typeof connectUpstream; handOver: typeof handOver; waitFor: typeof waitFor },
    ): Promise<void>;
  };
  /** Where a connected tunnel's two sockets go (the mover's notify pipe, tunnel-mover.ts). */
  mover: number;
}

/** The proxy's answers (src/egress/tunnel.ts). */
interface Reply {
  admitted?: boolean;
  /** The refusal of a connection past the proxy's bound. */
  overloaded?: string;
  answer?: string;
  addresses?: string[];
  port?: number;
  toUpstream?: string;
  toClient?: string;
  /** An intercepted connection's first bytes are to be checked (intercept-thread.ts). */
  inspect?: boolean;
}

export type Wanted = [fd: number, events: number];

/** Waits for its first message (libc's symbols, the listeners, the wake pipe), then serves one connection. */
export function threadMain(ffi: typeof import("bun:ffi"), k: Linux, intercept: Thread["intercept"]): void {
  const scope = globalThis as unknown as { onmessage: (event: MessageEvent) => void; postMessage(data: object): void };
  scope.onmessage = (event) => {
    const c: Thread["c"] = ffi.dlopen("libc.so.6", event.data.symbols).symbols;
    const t: Thread = {
      c,
      ptr: ffi.ptr,
      errno: () => ffi.read.i32(c.__errno_location(), 0),
      wake: event.data.wake,
      maxHead: event.data.maxHead,
      handshakeMs: event.data.handshakeMs,
      idleMs: event.data.idleMs,
      open: [],
      post: (data) => scope.postMessage(data),
      next: () => new Promise((resolve) => (scope.onmessage = (reply) => resolve(reply.data))),
      k,
      intercept,
      mover: event.data.mover,
    };
    void serveConnection(t, event.data.listeners).finally(() => {
      for (const fd of t.open) c.close(fd);
      scope.postMessage({ type: "done" });
    });
  };
}

/** Waits for one of `wanted`, at most `ms` (-1: no limit); false once the proxy closes or the time is up. */
export function waitFor(t: Thread, wanted: Wanted[], ms: number): boolean {
  const fds = Buffer.alloc(8 * (wanted.length + 1));
  [...wanted, [t.wake, t.k.POLLIN]].forEach(([fd, events], i) => {
    fds.writeInt32LE(fd!, 8 * i);
    fds.writeInt16LE(events!, 8 * i + 4);
  });
  let ready: number;
  while ((ready = t.c.poll(t.ptr(fds), wanted.length + 1, ms)) < 0) if (t.errno() !== t.k.EINTR) return false;
  return ready > 0 && fds.readInt16LE(8 * wanted.length + 6) === 0;
}

/** Writes all of `bytes` to `fd`; false when it cannot. */
export function sendAll(t: Thread, fd: number, bytes: Buffer): boolean {
  for (let at = 0; at < bytes.length; ) {
    const n = Number(t.c.send(fd, t.ptr(bytes, at), bytes.length - at, t.k.MSG_NOSIGNAL));
    if (n > 0) at += n;
    else if (t.errno() !== t.k.EAGAIN || !waitFor(t, [[fd, t.k.POLLOUT]], t.idleMs)) return false;
  }
  return true;
}

/** The request head (latin1, without its blank line; null: too large) and what followed it; undefined if the client left. */
export function readHead(t: Thread, client: number): { head: string | null; rest: Buffer } | undefined {
  const chunk = Buffer.alloc(64 * 1024);
  let seen = Buffer.alloc(0);
  const deadline = Date.now() + t.handshakeMs;
  for (;;) {
    const n = Number(t.c.recv(client, t.ptr(chunk), chunk.length, 0));
    if (n === 0 || (n < 0 && t.errno() !== t.k.EAGAIN)) return undefined;
    if (n < 0) {
      const left = deadline - Date.now();
      if (left <= 0 || !waitFor(t, [[client, t.k.POLLIN]], left)) return undefined;
      continue;
    }
    seen = Buffer.concat([seen, chunk.subarray(0, n)]);
    const end = seen.indexOf("\r\n\r\n");
    if (end >= 0) return { head: seen.toString("latin1", 0, end), rest: seen.subarray(end + 4) };
    if (seen.length > t.maxHead) return { head: null, rest: Buffer.alloc(0) };
  }
}

/** A connected socket to the first of `addresses` that answers, or why none did. */
export function connectUpstream(t: Thread, addresses: string[], port: number): number | string {
  let reason = "no address";
  for (const address of addresses) {
    const connected = connectOne(t, address, port);
    if (typeof connected === "number") return connected;
    reason = `${address}:${port}: ${connected}`;
  }
  return reason;
}

/** A socket connected to `address`, or the error's name. */
export function connectOne(t: Thread, address: string, port: number): number | string {
  const family = address.includes(":") ? t.k.AF_INET6 : t.k.AF_INET;
  const sockaddr = Buffer.alloc(28);
  sockaddr.writeUInt16LE(family, 0);
  sockaddr.writeUInt16BE(port, 2);
  if (t.c.inet_pton(family, t.ptr(Buffer.from(`${address}\0`)), t.ptr(sockaddr, family === t.k.AF_INET6 ? 8 : 4)) !== 1)
    return "not an address";
  const fd = t.c.socket(family, t.k.SOCK_STREAM | t.k.SOCK_NONBLOCK | t.k.SOCK_CLOEXEC, 0);
  if (fd < 0) return `socket: errno ${t.errno()}`;
  t.open.push(fd);
  let code = t.c.connect(fd, t.ptr(sockaddr), family === t.k.AF_INET6 ? 28 : 16) === 0 ? 0 : t.errno();
  if (code === t.k.EINPROGRESS) {
    if (!waitFor(t, [[fd, t.k.POLLOUT]], t.handshakeMs)) return "no answer in time (or the proxy closed)";
    const error = new Int32Array([0, 4]);
    t.c.getsockopt(fd, t.k.SOL_SOCKET, t.k.SO_ERROR, t.ptr(error), t.ptr(error, 4));
    code = error[0]!;
  }
  return code === 0 ? fd : (t.k.ERRORS[code] ?? `errno ${code}`);
}

/** Gives the proxy's refusal, then waits for the client to hang up. */
export function refuse(t: Thread, client: number, answer: string): void {
  if (!sendAll(t, client, Buffer.from(answer))) return;
  t.c.shutdown(client, t.k.SHUT_WR);
  const chunk = Buffer.alloc(16 * 1024);
  for (;;) {
    const n = Number(t.c.recv(client, t.ptr(chunk), chunk.length, 0));
    if (n === 0 || (n < 0 && t.errno() !== t.k.EAGAIN)) return;
    if (n < 0 && !waitFor(t, [[client, t.k.POLLIN]], t.handshakeMs)) return;
  }
}

/** Accepts one connection on any of `listeners`, and which; undefined once the proxy closes. */
export function acceptOne(t: Thread, listeners: number[]): { client: number; index: number } | undefined {
  for (;;) {
    if (
      !waitFor(
        t,
        listeners.map((fd) => [fd, t.k.POLLIN]),
        -1,
      )
    )
      return undefined;
    for (const [index, listener] of listeners.entries()) {
      const fd = t.c.accept4(listener, null, null, t.k.SOCK_NONBLOCK | t.k.SOCK_CLOEXEC);
      if (fd >= 0) {
        t.open.push(fd);
        return { client: fd, index };
      }
      if (t.errno() !== t.k.EAGAIN && t.errno() !== t.k.EINTR) return undefined;
    }
  }
}

/** A connection the proxy admits; those past its bound get its refusal and are closed. Undefined once it closes. */
export async function admitOne(t: Thread, listeners: number[]): Promise<{ client: number; index: number } | undefined> {
  for (;;) {
    const accepted = acceptOne(t, listeners);
    if (accepted === undefined) return undefined;
    const { client, index } = accepted;
    t.post({ type: "accepted" });
    const reply = await t.next();
    if (reply.admitted) return accepted;
    // An intercepted connection is no HTTP client: it is closed without an answer.
    if (index === 0) sendAll(t, client, Buffer.from(reply.overloaded ?? ""));
    t.c.close(client);
    t.open.splice(t.open.indexOf(client), 1);
  }
}

/** Accepts a connection, asks the proxy about its head, and refuses it or tunnels it; the first listener's, or an intercepted one. */
export async function serveConnection(t: Thread, listeners: number[]): Promise<void> {
  const accepted = await admitOne(t, listeners);
  if (accepted !== undefined && accepted.index > 0)
    return t.intercept.serveIntercepted(t, accepted.client, { connectUpstream, handOver, waitFor });
  const client = accepted?.client;
  const request = client === undefined ? undefined : readHead(t, client);
  if (client === undefined || !request) return;
  t.post({ type: "head", head: request.head });
  const decision = await t.next();
  if (decision.answer !== undefined) return refuse(t, client, decision.answer);
  const upstream = connectUpstream(t, decision.addresses!, decision.port!);
  if (typeof upstream === "string") {
    t.post({ type: "unreachable", reason: upstream });
    return refuse(t, client, (await t.next()).answer!);
  }
  t.post({ type: "connected" });
  await t.next();
  const toUpstream = Buffer.concat([Buffer.from(decision.toUpstream!, "latin1"), request.rest]);
  handOver(t, client, upstream, toUpstream, Buffer.from(decision.toClient!, "latin1"));
}

/**
 * Hands a connected tunnel to the proxy's mover thread (tunnel-mover.ts), which moves the bytes of
 * every tunnel: this thread ends, and its sockets stay open for the mover.
 */
export function handOver(t: Thread, client: number, upstream: number, toUpstream: Buffer, toClient: Buffer): void {
  if (!sendAll(t, upstream, toUpstream) || !sendAll(t, client, toClient)) return;
  // The two sockets, as one write the mover reads whole (a pipe's writes this small are atomic).
  const record = Buffer.alloc(8);
  record.writeInt32LE(client, 0);
  record.writeInt32LE(upstream, 4);
  if (Number(t.c.write(t.mover, t.ptr(record), 8)) !== 8) return;
  t.open = t.open.filter((fd) => fd !== client && fd !== upstream);
  t.post({ type: "tunnel" });
}
