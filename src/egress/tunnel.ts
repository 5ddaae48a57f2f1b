// The egress proxy's data path: one thread per connection, which accepts it on the listening
// socket of the tool commands' network namespace (src/tools/sandbox/network.ts), reads the request
// head and hands it to the proxy, which decides (src/egress/proxy.ts). Refused: the thread writes
// the proxy's answer. Allowed: it connects to the addresses the proxy resolved and moves the bytes
// both ways with splice(2) through a pipe, inside the kernel: no copy in user space (bench egress).
// Their waits (poll(2)) stay in these threads, never in gitclaw's event loop. A shared pipe wakes
// them all when the proxy closes (its write end closes). The threads' code: src/egress/tunnel-thread.ts.
import { LIBC_SYMBOLS, libc, pipe } from "./libc.ts";
import { threadSource } from "./tunnel-thread.ts";

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
}

/** What a thread asks the proxy. */
type Asked =
  | { type: "accepted" }
  | { type: "head"; head: string | null }
  | { type: "connected" }
  | { type: "unreachable"; reason: string }
  | { type: "done" };

export interface Tunnels {
  /** Wakes every thread; resolves once all have closed their sockets and ended. */
  close(): Promise<void>;
}

const MAX_HEAD_BYTES = 64 * 1024;
const SPARE_THREADS = 4;
const F_SETFL = 4;
const O_NONBLOCK = 0o4000;

/** Serves connections to `listener` one thread each; `decide` judges each request head (null: too large). */
export function serveTunnels(listener: number, decide: (head: string | null) => Promise<Decision>): Tunnels {
  const [wake, waker] = pipe();
  // Several threads wait on it; those a connection woke in vain must not block in accept(2).
  libc().fcntl(listener, F_SETFL, O_NONBLOCK);
  const source = URL.createObjectURL(new Blob([threadSource()], { type: "text/javascript" }));
  const threads = new Set<Promise<void>>();
  const init = { symbols: LIBC_SYMBOLS, listener, wake, maxHead: MAX_HEAD_BYTES };
  let waiting = 0;
  let closing = false;
  // A few threads wait for connections at any time: a burst is accepted without waiting for threads to start.
  const topUp = () => {
    for (; !closing && waiting < SPARE_THREADS; waiting++) {
      const thread = runThread(source, init, decide, () => {
        waiting--;
        topUp();
      });
      threads.add(thread);
      void thread.then(() => threads.delete(thread));
    }
  };
  topUp();
  return {
    close: async () => {
      closing = true;
      libc().close(waker);
      await Promise.all(threads);
      libc().close(wake);
      libc().close(listener);
      URL.revokeObjectURL(source);
    },
  };
}

/**
 * One thread: `accepted` once it has its connection (time for another thread); resolves when it ends.
 * One that fails before (libc cannot be loaded) is not replaced: connections then wait, never go around.
 */
function runThread(
  source: string,
  init: object,
  decide: (head: string | null) => Promise<Decision>,
  accepted: () => void,
): Promise<void> {
  const worker = new Worker(source, { smol: true } as WorkerOptions);
  // A thread never keeps gitclaw alive: close() wakes them all and waits for them.
  worker.unref();
  let decision: Decision | undefined;
  const answer = async (asked: Asked) => {
    if (asked.type === "accepted") return accepted();
    if (asked.type === "head") {
      // Should deciding fail, the client is hung up on: the thread must not wait forever.
      decision = await decide(asked.head).catch(() => ({ answer: "" }));
      if ("answer" in decision) return worker.postMessage({ answer: decision.answer });
      const { addresses, port, toUpstream, toClient } = decision;
      return worker.postMessage({ addresses, port, toUpstream, toClient });
    }
    if (decision === undefined || "answer" in decision) return;
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
      done();
    };
    worker.onerror = () => {
      worker.terminate();
      done();
    };
    worker.postMessage(init);
  });
}
