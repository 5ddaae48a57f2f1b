// The egress proxy's bounds (#37): it serves at most maxConnections at once and refuses the rest at
// once (503, counted), so its memory stays bounded however many connections a tool opens; a
// connection that sends no request head, or a tunnel in which nothing moves, is closed after its
// time. Loopback only; the times are made short for the test and waited for with ample margins.
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackListener } from "../../../src/egress/libc.ts";
import { egressPolicy } from "../../../src/egress/policy.ts";
import { type EgressProxy, startEgressProxy } from "../../../src/egress/proxy.ts";
import { DEFAULT_LIMITS, type ProxyLimits } from "../../../src/egress/tunnel.ts";

let echo: Server;
let echoPort: number;

beforeAll(async () => {
  echo = createServer((socket) => socket.on("data", (data) => socket.write(data.toString().toUpperCase())));
  await new Promise<void>((done) => echo.listen(0, "127.0.0.2", done));
  echoPort = (echo.address() as { port: number }).port;
});
afterAll(() => void echo.close());

/** A proxy allowing 127.0.0.2 under `limits`, on a loopback port of its own. */
function proxyWith(limits: Partial<ProxyLimits>): { proxy: EgressProxy; port: number } {
  const proxy = startEgressProxy(egressPolicy({ allow: ["127.0.0.2"] }, "/"), async () => ({ addresses: [] }), {
    ...DEFAULT_LIMITS,
    ...limits,
  });
  const listener = loopbackListener();
  proxy.serve(listener.fd);
  return { proxy, port: listener.port };
}

/** A connection that sends nothing; resolves what the proxy said once it closed. */
function idleConnection(port: number): { socket: Socket; closed: Promise<string> } {
  const socket = createConnection(port, "127.0.0.1");
  let said = "";
  socket.on("data", (data) => (said += data.toString()));
  socket.on("error", () => {});
  return { socket, closed: new Promise((done) => socket.on("close", () => done(said))) };
}

const rssMb = () => process.memoryUsage().rss / 1024 / 1024;

async function until(condition: () => boolean, what: string, seconds = 30): Promise<void> {
  const deadline = Date.now() + seconds * 1000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`gave up waiting for ${what}`);
    await Bun.sleep(50);
  }
}

describe("the egress proxy's bounds", () => {
  it("serves at most maxConnections at once, refuses the rest at once and counts them; memory stays bounded", async () => {
    // The handshake time only ends a connection that a slow start let in among the flood.
    const { proxy, port } = proxyWith({ maxConnections: 8, handshakeMs: 10_000 });
    // Warm up: the threads that wait for connections, and the first ones served.
    const warm = Array.from({ length: 8 }, () => idleConnection(port));
    await until(() => proxy.counts.overloaded === 0 && warm.every((c) => c.socket.readyState === "open"), "warm-up");
    await Bun.sleep(500);
    Bun.gc(true);
    const before = rssMb();
    const flood = Array.from({ length: 200 }, () => idleConnection(port));
    const refused = await Promise.all(flood.map((c) => c.closed));
    Bun.gc(true);
    const grown = rssMb() - before;
    const answered = refused.filter((said) => said.startsWith("HTTP/1.1 503 Service Unavailable"));
    expect(answered.length).toBeGreaterThanOrEqual(190);
    expect(answered[0]).toContain("the proxy serves at most 8 connections at once");
    expect(proxy.counts.overloaded).toBe(answered.length);
    // A thread per connection took about 2 MB each (200 would be ~400 MB); bounded, a few threads.
    expect(grown).toBeLessThan(120);
    for (const c of warm) c.socket.destroy();
    await proxy.close();
  });

  it("closes a connection that sends no request head within the handshake time, and frees its place", async () => {
    const { proxy, port } = proxyWith({ maxConnections: 1, handshakeMs: 300 });
    const silent = idleConnection(port);
    // Without the handshake time it would wait for ever (the test's own time would end first).
    expect(await silent.closed).toBe("");
    expect(proxy.counts.overloaded).toBe(0);
    const next = createConnection(port, "127.0.0.1");
    const answer = await new Promise<string>((done) => {
      next.once("data", (data) => done(data.toString()));
      next.write(`CONNECT 127.0.0.2:${echoPort} HTTP/1.1\r\n\r\n`);
    });
    expect(answer).toBe("HTTP/1.1 200 Connection Established\r\n\r\n");
    next.destroy();
    await proxy.close();
  });

  it("closes a tunnel in which nothing moves for the idle time", async () => {
    const { proxy, port } = proxyWith({ idleMs: 500 });
    const { socket, closed } = idleConnection(port);
    socket.write(`CONNECT 127.0.0.2:${echoPort} HTTP/1.1\r\n\r\nhello`);
    expect(await closed).toBe("HTTP/1.1 200 Connection Established\r\n\r\nHELLO");
    expect(proxy.counts.allowed.get("127.0.0.2")).toBe(1);
    await proxy.close();
  });
});
