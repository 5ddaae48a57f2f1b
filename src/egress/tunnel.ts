// The egress proxy's data path: a thread per connection being set up, which accepts it on a
// listening socket of the tool commands' network namespace (src/egress/namespace.ts), reads the
// request head and hands it to the proxy, which decides (src/egress/proxy.ts). Refused: the thread
// writes the proxy's answer. Allowed: it connects to the addresses the proxy resolved and hands the
// two sockets to the mover (src/egress/mover.ts, tunnel-mover.ts), one thread that moves every
// tunnel's bytes both ways with splice(2) through a pipe, inside the kernel: no copy in user space
// (bench egress). Their waits (poll(2)) stay in these threads, never in gitclaw's event loop. A
// shared pipe wakes them all when the proxy closes (its write end closes). The threads' code:
// src/egress/tunnel-thread.ts. Bounded: at most `maxConnections` connections are served at once,
// set up or moved; a connection past them is refused at once by a waiting thread, which then waits
// for the next; at most MAX_THREADS threads run at once (a thread is about 2 MB), the rest wait in
// the backlog; a connection whose head does not come within the handshake time, or in which nothing
// moves for the idle time, ends.
import { isolatedFile, isolatedScript } from "../isolated.ts";
import { LINUX } from "../linux.ts";
import { LIBC_SYMBOLS, libc, pipe } from "./libc.ts";
import * as threadFile from "./tunnel-thread.ts";
import * as interceptFile from "./intercept-thread.ts";
import { startMover } from "./mover.ts";

/** What the proxy says about a request head. */
export type Decision = { answer: string } | Allowed;

interface Allowed {
  /** The addresses to try, in order, and the port. */
  addresses: string[];
  port: number;
  /** Written to the upstream first (a plain request's rewritten head), then to the client once connected. */
  toUpstream: string;
  toClient: string;
  /** The connection is made: count it. */
  connected(): void;
  /** None of the addresses answered: the answer to give, from the last reason. */
  unreachable(reason: string): string;
  /** An intercepted connection's first bytes (latin1): why they are refused, or undefined. */
  inspect?(first: string): string | undefined;
}

/** How much the proxy takes: connections at once, and how long one may wait (ms) before it is closed. */
export interface ProxyLimits {
  maxConnections: number;
  /** From accepting a connection to its request head, and for an upstream to answer a connect. */
  handshakeMs: number;
  /** A tunnel or a refusal in which no byte moves for this long. */
  idleMs: number;
}

export const DEFAULT_LIMITS: ProxyLimits = { maxConnections: 64, handshakeMs: 30_000, idleMs: 600_000 };

/** What the proxy does with connections. */
export interface Judge {
  /** Judges a request head (null: too large). */
  decide(head: string | null): Promise<Decision>;
  /** Judges an intercepted connection by the address and port it tried (src/egress/intercept.ts). */
  intercepted?(address: string, port: number): Promise<Decision>;
  /** Counts a connection past the bound and gives its refusal. */
  overloaded(): string;
  limits: ProxyLimits;
}

/** What a thread asks the proxy. */
type Asked =
  | { type: "accepted" }
  | { type: "head"; head: string | null }
  | { type: "intercepted"; address: string; port: number }
  | { type: "first"; first: string }
  | { type: "connected" }
  | { type: "unreachable"; reason: string }
  | { type: "tunnel" }
  | { type: "done" };

export interface Tunnels {
  /** Wakes every thread; resolves once all have closed their sockets and ended. */
  close(): Promise<void>;
}

const MAX_HEAD_BYTES = 64 * 1024;
const SPARE_THREADS = 4;
const MAX_THREADS = 16;
/** A tunnel's pipe: larger than the default 64 KiB, it moves more per call. */
const PIPE_BYTES = 1 << 20;

/** The threads' script: tunnel-thread.ts and intercept-thread.ts, given bun:ffi and the constants. */
const threadScript = () =>
  isolatedScript([threadFile, interceptFile], threadFile.threadMain, [
    'require("bun:ffi")',
    JSON.stringify(LINUX),
    isolatedFile(interceptFile),
  ]);

/**
 * Serves connections to `listeners`, at most `limits.maxConnections` at once: the
 * first is the proxy's, the others intercept (src/egress/intercept-sockets.ts).
 */
export function serveTunnels(listeners: number[], judge: Judge): Tunnels {
  const [wake, waker] = pipe();
  // Several threads wait on them; those a connection woke in vain must not block in accept(2).
  for (const listener of listeners) libc().fcntl(listener, LINUX.F_SETFL, LINUX.O_NONBLOCK);
  const source = URL.createObjectURL(new Blob([threadScript()], { type: "text/javascript" }));
  const threads = new Set<Promise<void>>();
  const { handshakeMs, idleMs, maxConnections } = judge.limits;
  const count = { waiting: 0, serving: 0, threads: 0, closing: false };
  // Connected tunnels move in one thread of their own; each keeps its place until the mover closes it.
  const mover = startMover(wake, idleMs, PIPE_BYTES, () => count.serving--);
  const init = {
    symbols: LIBC_SYMBOLS,
    listeners,
    wake,
    mover: mover.handed,
    maxHead: MAX_HEAD_BYTES,
    handshakeMs,
    idleMs,
  };
  // A connection is taken while fewer than the bound are served; past it the thread refuses it and waits on.
  const admit = (): string | undefined => {
    if (count.serving >= maxConnections) return judge.overloaded();
    count.serving++;
    count.waiting--;
    topUp();
    return undefined;
  };
  // A few threads wait for connections at any time: a burst is accepted without waiting for threads to start.
  const topUp = () => {
    // At most MAX_THREADS at once (a thread is about 2 MB): past them, connections wait in the backlog.
    for (; !count.closing && count.waiting < SPARE_THREADS && count.threads < MAX_THREADS; count.waiting++) {
      count.threads++;
      const thread = runThread(source, init, judge, admit).then((served) => {
        count.threads--;
        // One that ends unserved (the proxy closes, libc cannot be loaded) is not replaced:
        // connections then wait, never go around. One that handed its tunnel over keeps its place.
        if (served === "served") count.serving--;
        else if (served === "unserved") count.waiting--;
        if (served !== "unserved") topUp();
        threads.delete(thread);
      });
      threads.add(thread);
    }
  };
  topUp();
  return {
    close: async () => {
      count.closing = true;
      libc().close(waker);
      await Promise.all([...threads, mover.ended]);
      mover.closeLeft();
      libc().close(wake);
      for (const listener of listeners) libc().close(listener);
      URL.revokeObjectURL(source);
    },
  };
}

/**
 * One thread: `admit` on each connection it accepts (undefined: served, time for another thread;
 * else the refusal to give, and it waits for the next); resolves when it ends, true if it served one.
 */
function runThread(
  source: string,
  init: object,
  judge: Judge,
  admit: () => string | undefined,
): Promise<"served" | "moved" | "unserved"> {
  const worker = new Worker(source, { smol: true } as WorkerOptions);
  // A thread never keeps gitclaw alive: close() wakes them all and waits for them.
  worker.unref();
  let decision: Decision | undefined;
  let served = false;
  let moved = false;
  const answer = async (asked: Asked) => {
    if (asked.type === "tunnel") {
      moved = true;
      return;
    }
    if (asked.type === "accepted") {
      const refusal = admit();
      served = refusal === undefined;
      return worker.postMessage(served ? { admitted: true } : { overloaded: refusal });
    }
    if (asked.type === "head" || asked.type === "intercepted") {
      // Should deciding fail, the client is hung up on: the thread must not wait forever.
      decision = await judged(judge, asked).catch(() => ({ answer: "" }));
      if ("answer" in decision) return worker.postMessage({ answer: decision.answer });
      const { addresses, port, toUpstream, toClient, inspect } = decision;
      return worker.postMessage({ addresses, port, toUpstream, toClient, inspect: inspect !== undefined });
    }
    if (decision === undefined || "answer" in decision) return;
    if (asked.type === "first") {
      const refusal = decision.inspect?.(asked.first);
      return worker.postMessage(refusal === undefined ? { go: true } : { answer: refusal });
    }
    if (asked.type === "connected") {
      decision.connected();
      return worker.postMessage({ go: true });
    }
    if (asked.type === "unreachable") worker.postMessage({ answer: decision.unreachable(asked.reason) });
  };
  return new Promise((done) => {
    worker.onmessage = (event: MessageEvent<Asked>) => {
      if (event.data.type !== "done") return void answer(event.data);
      worker.terminate();
      done(moved ? "moved" : served ? "served" : "unserved");
    };
    worker.onerror = () => {
      worker.terminate();
      done(moved ? "moved" : served ? "served" : "unserved");
    };
    worker.postMessage(init);
  });
}

/** The judge's decision on a request head, or on an intercepted connection's address (none: closed). */
function judged(
  judge: Judge,
  asked: { type: "head"; head: string | null } | { type: "intercepted"; address: string; port: number },
): Promise<Decision> {
  if (asked.type === "head") return judge.decide(asked.head);
  return judge.intercepted?.(asked.address, asked.port) ?? Promise.resolve({ answer: "" });
}
