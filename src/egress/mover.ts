// gitclaw's side of the egress proxy's mover thread (src/egress/tunnel-mover.ts): it starts the
// thread with the pipe the connections' threads write their tunnels into, and hears each tunnel it
// closes.
import { isolatedScript } from "../isolated.ts";
import { LINUX } from "../linux.ts";
import { LIBC_SYMBOLS, libc, pipe } from "./libc.ts";
import * as moverFile from "./tunnel-mover.ts";

export interface Mover {
  /** The write end of the mover's pipe: a connection's thread writes its two sockets there (handOver). */
  handed: number;
  /** Resolves once the mover ended (the wake pipe hung up) and closed every tunnel. */
  ended: Promise<void>;
  /** Once the mover and every connection's thread ended: closes the tunnels handed too late for the mover, and its pipe. */
  closeLeft(): void;
}

/** The mover's script: tunnel-mover.ts, given bun:ffi and the constants. */
const moverScript = () =>
  isolatedScript([moverFile], moverFile.moverMain, ['require("bun:ffi")', JSON.stringify(LINUX)]);

/** Starts the mover; `closed` hears each tunnel it closes; it ends when `wake`'s write end closes. */
export function startMover(wake: number, idleMs: number, pipeBytes: number, closed: () => void): Mover {
  const [handedOut, handed] = pipe();
  libc().fcntl(handedOut, LINUX.F_SETFL, LINUX.O_NONBLOCK);
  libc().fcntl(handed, LINUX.F_SETFL, LINUX.O_NONBLOCK);
  const source = URL.createObjectURL(new Blob([moverScript()], { type: "text/javascript" }));
  const worker = new Worker(source, { smol: true } as WorkerOptions);
  worker.unref();
  const ended = new Promise<void>((done) => {
    const end = () => {
      worker.terminate();
      URL.revokeObjectURL(source);
      done();
    };
    worker.onmessage = (event: MessageEvent<{ closed?: number; ended?: boolean }>) => {
      if (event.data.ended) return end();
      closed();
    };
    worker.onerror = end;
  });
  worker.postMessage({ symbols: LIBC_SYMBOLS, wake, handed: handedOut, idleMs, pipeBytes });
  const closeLeft = () => {
    const records = Buffer.alloc(8 * 64);
    for (let n: number; (n = Number(libc().read(handedOut, records, records.length))) > 0; )
      for (let at = 0; at + 4 <= n; at += 4) libc().close(records.readInt32LE(at));
    for (const fd of [handedOut, handed]) libc().close(fd);
  };
  return { handed, ended, closeLeft };
}
