// Isolated (src/isolated.ts): the code of the DNS stand-in's thread (src/egress/intercept.ts). It
// waits on the namespace's UDP socket on port 53 (poll(2), never in gitclaw's event loop), hands
// each datagram to gitclaw, which decides, and sends the answer back to whoever asked. It ends
// once the wake pipe hangs up (the proxy closes).
import type { FFIFunction } from "bun:ffi";
import type { Linux } from "../linux.ts";

/** Waits for its first message (symbols, the socket, the wake pipe), then answers queries until woken. */
export function dnsThreadMain(ffi: typeof import("bun:ffi"), k: Linux): void {
  const scope = globalThis as unknown as { onmessage: (event: MessageEvent) => void; postMessage(data: object): void };
  const { POLLIN, MSG_DONTWAIT } = k;
  scope.onmessage = async (event) => {
    const { symbols, socket, wake } = event.data as {
      symbols: Record<string, FFIFunction>;
      socket: number;
      wake: number;
    };
    // biome-ignore lint/suspicious/noExplicitAny: libc symbols, loaded from their table.
    const c: any = ffi.dlopen("libc.so.6", symbols).symbols;
    const next = () =>
      new Promise<{ answer?: number[] }>((resolve) => (scope.onmessage = (reply) => resolve(reply.data)));
    const fds = Buffer.alloc(16);
    fds.writeInt32LE(socket, 0);
    fds.writeInt16LE(POLLIN, 4);
    fds.writeInt32LE(wake, 8);
    fds.writeInt16LE(POLLIN, 12);
    const packet = Buffer.alloc(4096);
    const from = Buffer.alloc(28);
    const fromLength = new Uint32Array(1);
    for (;;) {
      fds.writeInt16LE(0, 6);
      fds.writeInt16LE(0, 14);
      if (c.poll(ffi.ptr(fds), 2, -1) < 0) continue;
      if (fds.readInt16LE(14) !== 0) break;
      fromLength[0] = from.length;
      const n = Number(
        c.recvfrom(socket, ffi.ptr(packet), packet.length, MSG_DONTWAIT, ffi.ptr(from), ffi.ptr(fromLength)),
      );
      if (n <= 0) continue;
      scope.postMessage({ query: [...packet.subarray(0, n)] });
      const { answer } = await next();
      if (answer) c.sendto(socket, ffi.ptr(Buffer.from(answer)), answer.length, 0, ffi.ptr(from), fromLength[0]);
    }
    scope.postMessage({ done: true });
  };
}
