// Isolated (src/isolated.ts): the code of the egress proxy's tunnel threads (src/egress/tunnel.ts),
// run from its source text: each function uses nothing but globals, its arguments and the others. One thread
// accepts one connection, reads its request head, asks the proxy, and then either writes the
// proxy's refusal or connects and splices both ways. Every socket is non-blocking, every wait a
// poll(2) that the proxy's wake pipe ends.
import type { ptr as Ptr } from "bun:ffi";
import type { Linux } from "../linux.ts";

/** What every part of the thread works with. */
interface Thread {
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
  /** Bytes a tunnel's pipe holds. */
  pipeBytes: number;
  k: Linux;
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
}

type Direction = ReturnType<typeof openDirection>;
type Wanted = [fd: number, events: number];

/** Waits for its first message (libc's symbols, the listener, the wake pipe), then serves one connection. */
export function threadMain(ffi: typeof import("bun:ffi"), k: Linux): void {
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
      pipeBytes: event.data.pipeBytes,
      open: [],
      post: (data) => scope.postMessage(data),
      next: () => new Promise((resolve) => (scope.onmessage = (reply) => resolve(reply.data))),
      k,
    };
    void serveConnection(t, event.data.listener).finally(() => {
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

/** One direction of a tunnel: `first`, then `from`'s bytes to `to` through a pipe of its own. */
export function openDirection(t: Thread, from: number, to: number, first: Buffer) {
  const fds = new Int32Array(2);
  if (t.c.pipe2(t.ptr(fds), t.k.O_NONBLOCK | t.k.O_CLOEXEC) !== 0) return undefined;
  t.open.push(fds[0]!, fds[1]!);
  t.c.fcntl(fds[1], t.k.F_SETPIPE_SZ, t.pipeBytes);
  return { from, to, first, out: fds[0]!, in: fds[1]!, piped: 0, ended: false, done: false };
}

/** Moves what it can; returns what to wait for, null once done, false on an error. */
export function stepDirection(t: Thread, d: NonNullable<Direction>): Wanted | null | false {
  const { k } = t;
  for (; d.first.length > 0; ) {
    const n = Number(t.c.send(d.to, t.ptr(d.first), d.first.length, k.MSG_NOSIGNAL));
    if (n <= 0) return t.errno() === k.EAGAIN ? [d.to, k.POLLOUT] : false;
    d.first = d.first.subarray(n);
  }
  for (;;) {
    if (d.piped > 0) {
      const n = Number(t.c.splice(d.out, null, d.to, null, d.piped, k.SPLICE_F_MOVE | k.SPLICE_F_NONBLOCK));
      if (n <= 0) return n < 0 && t.errno() === k.EAGAIN ? [d.to, k.POLLOUT] : false;
      d.piped -= n;
    } else if (d.ended) {
      t.c.shutdown(d.to, k.SHUT_WR);
      d.done = true;
      return null;
    } else {
      const n = Number(t.c.splice(d.from, null, d.in, null, t.pipeBytes, k.SPLICE_F_MOVE | k.SPLICE_F_NONBLOCK));
      if (n < 0) return t.errno() === k.EAGAIN ? [d.from, k.POLLIN] : false;
      if (n === 0) d.ended = true;
      d.piped += n;
    }
  }
}

/** Both directions until both ended, one failed, or the proxy closes. */
export function moveBoth(t: Thread, directions: NonNullable<Direction>[]): void {
  for (;;) {
    const wanted: Wanted[] = [];
    for (const d of directions) {
      const want = d.done ? null : stepDirection(t, d);
      if (want === false) return;
      if (want) wanted.push(want);
    }
    if (wanted.length === 0 || !waitFor(t, wanted, t.idleMs)) return;
  }
}

/** Accepts one connection; undefined once the proxy closes. */
export function acceptOne(t: Thread, listener: number): number | undefined {
  for (;;) {
    if (!waitFor(t, [[listener, t.k.POLLIN]], -1)) return undefined;
    const fd = t.c.accept4(listener, null, null, t.k.SOCK_NONBLOCK | t.k.SOCK_CLOEXEC);
    if (fd >= 0) {
      t.open.push(fd);
      return fd;
    }
    if (t.errno() !== t.k.EAGAIN && t.errno() !== t.k.EINTR) return undefined;
  }
}

/** A connection the proxy admits; those past its bound get its refusal and are closed. Undefined once it closes. */
export async function admitOne(t: Thread, listener: number): Promise<number | undefined> {
  for (;;) {
    const client = acceptOne(t, listener);
    if (client === undefined) return undefined;
    t.post({ type: "accepted" });
    const reply = await t.next();
    if (reply.admitted) return client;
    sendAll(t, client, Buffer.from(reply.overloaded ?? ""));
    t.c.close(client);
    t.open.splice(t.open.indexOf(client), 1);
  }
}

/** Accepts a connection, asks the proxy about its head, and refuses it or tunnels it. */
export async function serveConnection(t: Thread, listener: number): Promise<void> {
  const client = await admitOne(t, listener);
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
  const directions = [
    openDirection(t, client, upstream, toUpstream),
    openDirection(t, upstream, client, Buffer.from(decision.toClient!, "latin1")),
  ];
  if (directions[0] && directions[1]) moveBoth(t, [directions[0], directions[1]]);
}
