// Isolated (src/isolated.ts): the egress proxy's mover, one thread that moves the bytes of every
// connected tunnel (src/egress/tunnel.ts), each direction by splice(2) through a pipe of its own,
// inside the kernel. A connection's own thread (tunnel-thread.ts) only accepts, asks and connects,
// then writes the two sockets into the mover's pipe (handOver) and ends: a tunnel costs its sockets
// and pipes, not a thread, so many at once stay small. The mover waits on all of them in one poll(2),
// with its pipe and the proxy's wake pipe, which ends it; a tunnel in which nothing moves for the
// idle time is closed. Each tunnel it closes is reported, which frees its place.
import type { Linux } from "../linux.ts";
import type { Thread, Wanted } from "./tunnel-thread.ts";

/** What the mover works with: a thread's libc, wake pipe and idle time, and the size of a tunnel's pipes. */
export type MoverThread = Pick<Thread, "c" | "ptr" | "errno" | "wake" | "idleMs" | "open" | "post" | "k"> & {
  /** Bytes a tunnel's pipe holds. */
  pipeBytes: number;
};

type Direction = NonNullable<ReturnType<typeof openDirection>>;

/** A tunnel being moved: its directions, every fd it holds, when a byte last moved. */
export interface Moving {
  directions: Direction[];
  fds: number[];
  last: number;
}

/** Waits for its first message (libc's symbols, the pipes, the idle time), then moves tunnels until woken. */
export function moverMain(ffi: typeof import("bun:ffi"), k: Linux): void {
  const scope = globalThis as unknown as { onmessage: (event: MessageEvent) => void; postMessage(data: object): void };
  scope.onmessage = (event) => {
    const c: Thread["c"] = ffi.dlopen("libc.so.6", event.data.symbols).symbols;
    const t: MoverThread = {
      c,
      ptr: ffi.ptr,
      errno: () => ffi.read.i32(c.__errno_location(), 0),
      wake: event.data.wake,
      idleMs: event.data.idleMs,
      pipeBytes: event.data.pipeBytes,
      open: [],
      post: (data: object) => scope.postMessage(data),
      k,
    };
    const tunnels = new Map<number, Moving>();
    moveAll(t, tunnels, event.data.handed);
    for (const id of [...tunnels.keys()]) closeTunnel(t, tunnels, id);
    scope.postMessage({ ended: true });
  };
}

/** Opens a handed tunnel's two directions; closes it at once when they cannot be had. */
export function takeTunnel(t: MoverThread, tunnels: Map<number, Moving>, client: number, upstream: number): void {
  const mark = t.open.length;
  const both = [openDirection(t, client, upstream), openDirection(t, upstream, client)];
  const fds = [client, upstream, ...t.open.splice(mark)];
  tunnels.set(client, { directions: both.filter((x) => x !== undefined), fds, last: Date.now() });
  if (!both[0] || !both[1]) closeTunnel(t, tunnels, client);
}

/** Closes a tunnel's sockets and pipes, and says so. */
export function closeTunnel(t: MoverThread, tunnels: Map<number, Moving>, id: number): void {
  const moving = tunnels.get(id);
  if (!moving) return;
  for (const fd of moving.fds) t.c.close(fd);
  tunnels.delete(id);
  t.post({ closed: id });
}

/** Takes every tunnel written into `handed` (two fds each), without waiting. */
export function takeHanded(t: MoverThread, tunnels: Map<number, Moving>, handed: number): void {
  const records = Buffer.alloc(8 * 64);
  for (;;) {
    const n = Number(t.c.read(handed, t.ptr(records), records.length));
    if (n <= 0) return;
    for (let at = 0; at + 8 <= n; at += 8) takeTunnel(t, tunnels, records.readInt32LE(at), records.readInt32LE(at + 4));
  }
}

/** Moves what every tunnel can, then waits for any of them, a new one or the wake pipe; ends once woken. */
export function moveAll(t: MoverThread, tunnels: Map<number, Moving>, handed: number): void {
  for (;;) {
    const wanted = stepAll(t, tunnels);
    const polled: [number, number][] = wanted.map(([fd, events]) => [fd, events]);
    polled.push([handed, t.k.POLLIN], [t.wake, t.k.POLLIN]);
    const fds = Buffer.alloc(8 * polled.length);
    polled.forEach(([fd, events], i) => {
      fds.writeInt32LE(fd, 8 * i);
      fds.writeInt16LE(events, 8 * i + 4);
    });
    const now = Date.now();
    const soonest = Math.min(...[...tunnels.values()].map((m) => m.last + t.idleMs - now));
    const timeout = tunnels.size === 0 ? -1 : Math.max(0, Math.min(soonest, 60_000));
    if (t.c.poll(t.ptr(fds), polled.length, timeout) < 0 && t.errno() !== t.k.EINTR) return;
    if (fds.readInt16LE(8 * (polled.length - 1) + 6) !== 0) return;
    wanted.forEach(([, , id], i) => {
      const moving = tunnels.get(id);
      if (moving && fds.readInt16LE(8 * i + 6) !== 0) moving.last = Date.now();
    });
    for (const [id, moving] of [...tunnels]) if (Date.now() - moving.last >= t.idleMs) closeTunnel(t, tunnels, id);
    if (fds.readInt16LE(8 * (polled.length - 2) + 6) !== 0) takeHanded(t, tunnels, handed);
  }
}

/** Steps every tunnel's directions; closes those done or failed; what the rest wait for, with their ids. */
export function stepAll(t: MoverThread, tunnels: Map<number, Moving>): [number, number, number][] {
  const wanted: [number, number, number][] = [];
  for (const [id, moving] of [...tunnels]) {
    const waits: [number, number, number][] = [];
    let failed = false;
    for (const direction of moving.directions) {
      if (direction.done) continue;
      const want = stepDirection(t, direction);
      if (want === false) failed = true;
      else if (want) waits.push([want[0], want[1], id]);
    }
    if (failed || waits.length === 0) closeTunnel(t, tunnels, id);
    else wanted.push(...waits);
  }
  return wanted;
}

/** One direction of a tunnel: `from`'s bytes to `to` through a pipe of its own; undefined when no pipe can be had. */
export function openDirection(t: MoverThread, from: number, to: number) {
  const fds = new Int32Array(2);
  if (t.c.pipe2(t.ptr(fds), t.k.O_NONBLOCK | t.k.O_CLOEXEC) !== 0) return undefined;
  t.open.push(fds[0]!, fds[1]!);
  t.c.fcntl(fds[1], t.k.F_SETPIPE_SZ, t.pipeBytes);
  return { from, to, out: fds[0]!, in: fds[1]!, piped: 0, ended: false, done: false };
}

/** Moves what it can; returns what to wait for, null once done, false on an error. */
export function stepDirection(t: MoverThread, d: Direction): Wanted | null | false {
  const { k } = t;
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
