// The egress proxy (src/egress/proxy.ts) on a listening socket of its own: CONNECT tunnels and plain
// requests to allowed hosts, refusals counted per host, names resolved by its own resolver; its
// zero-copy tunnels (src/egress/tunnel.ts) carry every byte both ways and end with it. Loopback only.
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loopbackListener } from "../../../src/egress/libc.ts";
import { egressPolicy } from "../../../src/egress/policy.ts";
import { type EgressProxy, hostsFileResolver, startEgressProxy } from "../../../src/egress/proxy.ts";

let echo: Server;
let port: number;
let proxy: EgressProxy;
let proxyPort: number;
let dir: string;

beforeAll(async () => {
  // Echoes every byte back, upper-cased: a stand-in for a TLS server behind a tunnel.
  echo = createServer((socket) => socket.on("data", (data) => socket.write(data.toString().toUpperCase())));
  await new Promise<void>((done) => echo.listen(0, "127.0.0.2", done));
  port = (echo.address() as { port: number }).port;
  dir = mkdtempSync(join(tmpdir(), "gitclaw-proxy-test-"));
  writeFileSync(join(dir, "hosts"), "# test names\n127.0.0.2 allowed.test Other.Test\n169.254.169.254 metadata.test\n");
  const policy = egressPolicy({ allow: ["allowed.test", "metadata.test"] }, "/");
  proxy = startEgressProxy(
    policy,
    hostsFileResolver(join(dir, "hosts"), async () => ({ addresses: [] })),
  );
  const listener = loopbackListener();
  proxy.serve(listener.fd);
  proxyPort = listener.port;
});
afterAll(async () => {
  await proxy.close();
  echo.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends `request` to the proxy, then `after` once the proxy answered; returns everything it said. */
function exchange(request: string, after = ""): Promise<string> {
  return new Promise((done, fail) => {
    const socket = createConnection(proxyPort, "127.0.0.1");
    let said = "";
    socket.on("data", (data) => {
      said += data.toString();
      if (after && said.includes("\r\n\r\n") && !said.includes(after.toUpperCase())) socket.write(after);
      if (!after || said.includes(after.toUpperCase())) socket.end();
    });
    socket.on("end", () => done(said));
    socket.on("error", fail);
    socket.write(request);
  });
}

describe("the egress proxy", () => {
  it("tunnels CONNECT to an allowed host, resolved by its own resolver", async () => {
    const said = await exchange(`CONNECT allowed.test:${port} HTTP/1.1\r\nHost: allowed.test\r\n\r\n`, "hello");
    expect(said).toBe("HTTP/1.1 200 Connection Established\r\n\r\nHELLO");
  });

  it("refuses a host the policy does not name, and counts it", async () => {
    const said = await exchange(`CONNECT other.test:${port} HTTP/1.1\r\n\r\n`);
    expect(said).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(said).toContain(
      'gitclaw: other.test is not an allowed host for tool commands. To allow it, the repository\'s .github/gitclaw.json needs "network": {"allow":["allowed.test","metadata.test","other.test"]}',
    );
    const plain = await exchange(`GET http://Other.Test:${port}/x HTTP/1.1\r\nHost: other.test\r\n\r\n`);
    expect(plain).toMatch(/^HTTP\/1\.1 403/);
    expect(proxy.counts.blocked.get("other.test")).toBe(2);
  });

  it("never connects an allowed name to a link-local address (the metadata service)", async () => {
    const said = await exchange(`CONNECT metadata.test:80 HTTP/1.1\r\n\r\n`);
    expect(said).toMatch(
      /^HTTP\/1\.1 502 Bad Gateway\r\n[\s\S]*resolves only to addresses a name may not lead to \(169\.254\.169\.254:/,
    );
  });

  it("answers what it does not speak with one clear line", async () => {
    expect(await exchange("GET /relative HTTP/1.1\r\n\r\n")).toContain("name the full URL");
    expect(await exchange("CONNECT allowed.test HTTP/1.1\r\n\r\n")).toContain("CONNECT needs host:port");
  });

  it("counts the allowed hosts it connected", () => {
    expect(proxy.counts.allowed.get("allowed.test")).toBe(1);
  });
});

/** A proxy of its own that allows 127.0.0.2, and a connection to it that asked for a tunnel to `target`. */
async function tunnelTo(target: number): Promise<{ proxy: EgressProxy; socket: Socket; said: () => Buffer }> {
  const own = startEgressProxy(egressPolicy({ allow: ["127.0.0.2"] }, "/"));
  const listener = loopbackListener();
  own.serve(listener.fd);
  const socket = createConnection(listener.port, "127.0.0.1");
  const chunks: Buffer[] = [];
  const answered = new Promise<void>((done) =>
    socket.on("data", (data: Buffer) => {
      chunks.push(data);
      if (Buffer.concat(chunks).includes("\r\n\r\n")) done();
    }),
  );
  socket.write(`CONNECT 127.0.0.2:${target} HTTP/1.1\r\n\r\n`);
  await answered;
  return { proxy: own, socket, said: () => Buffer.concat(chunks) };
}

describe("a tunnel", () => {
  it("carries every byte both ways, and the client's end of input to the server", async () => {
    // Echoes exactly, and ends once the client has: the tunnel must pass the half-close on.
    const mirror = createServer((socket) => socket.pipe(socket));
    await new Promise<void>((done) => mirror.listen(0, "127.0.0.2", done));
    const { proxy: own, socket, said } = await tunnelTo((mirror.address() as { port: number }).port);
    const sent = randomBytes(8 * 1024 * 1024);
    const ended = new Promise<void>((done) => socket.on("end", done));
    socket.end(sent);
    await ended;
    const head = "HTTP/1.1 200 Connection Established\r\n\r\n";
    expect(said().subarray(0, head.length).toString()).toBe(head);
    expect(said().subarray(head.length).equals(sent)).toBe(true);
    expect(own.counts.allowed.get("127.0.0.2")).toBe(1);
    await own.close();
    mirror.close();
  });

  it("ends with the proxy after many tunnels: no thread is left waiting", async () => {
    const { proxy: own, socket } = await tunnelTo(port);
    const echoed = (text: string) =>
      new Promise<void>((done) => {
        socket.once("data", (data: Buffer) => {
          expect(data.toString()).toContain(text.toUpperCase());
          done();
        });
        socket.write(text);
      });
    await echoed("warm");
    // Each of these connections wakes every waiting thread; only one of them gets it.
    const tunnel = () =>
      new Promise<void>((done) => {
        const next = createConnection(socket.remotePort!, "127.0.0.1", () =>
          next.write(`CONNECT 127.0.0.2:${port} HTTP/1.1\r\n\r\nhello`),
        );
        next.on("data", (data: Buffer) => data.includes("HELLO") && next.end());
        next.on("close", () => done());
      });
    // Time for the threads that replace those used to start and wait too.
    for (let i = 0; i < 10; i++) await tunnel().then(() => Bun.sleep(150));
    socket.end();
    await own.close();
  });

  it("ends with the proxy: close() hangs up an open tunnel and returns", async () => {
    const { proxy: own, socket } = await tunnelTo(port);
    const hungUp = new Promise<void>((done) => socket.on("close", () => done()));
    await own.close();
    await hungUp;
    expect(socket.destroyed).toBe(true);
  });
});

describe("a name that leads to the runner itself", () => {
  // A server of the runner's, on its loopback, and names DNS points there (a rebinding domain, a
  // wildcard the attacker controls): every form of the runner's own address.
  const DNS: Record<string, string[]> = {
    "loopback.test": ["127.0.0.1"],
    "loopback-range.test": ["127.1.2.3"],
    "unspecified.test": ["0.0.0.0"],
    "mapped.test": ["::ffff:127.0.0.1"],
    "mapped-hex.test": ["::ffff:7f00:1"],
    "v6-loopback.test": ["::1"],
    "mapped-metadata.test": ["::ffff:169.254.169.254"],
  };
  let service: Server;
  let servicePort: number;
  let reached = 0;
  let own: EgressProxy;
  let ownPort: number;
  beforeAll(async () => {
    service = createServer((socket) => {
      reached++;
      socket.end("the runner's own service\n");
    });
    await new Promise<void>((done) => service.listen(0, "0.0.0.0", done));
    servicePort = (service.address() as { port: number }).port;
    const allow = [...Object.keys(DNS), `localhost:${servicePort}`];
    own = startEgressProxy(egressPolicy({ allow }, "/"), async (host) => ({ addresses: DNS[host] ?? [] }));
    const listener = loopbackListener();
    own.serve(listener.fd);
    ownPort = listener.port;
  });
  afterAll(async () => {
    await own.close();
    service.close();
  });

  const ask = (request: string): Promise<string> =>
    new Promise((done, fail) => {
      const socket = createConnection(ownPort, "127.0.0.1");
      let said = "";
      socket.on("data", (data) => (said += data.toString()));
      socket.on("end", () => done(said));
      socket.on("error", fail);
      socket.write(request);
    });

  it.each(Object.keys(DNS))("is never connected there: %s", async (name) => {
    const said = await ask(`CONNECT ${name}:${servicePort} HTTP/1.1\r\n\r\n`);
    expect(said).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n/);
    expect(said).toContain(`resolves only to addresses a name may not lead to (${DNS[name]![0]}:`);
    expect(said).toContain('a service of the runner is allowed as "localhost:<port>"');
    expect(reached).toBe(0);
  });

  it("reaches a service of the runner only on the port a localhost:<port> entry names", async () => {
    const other = await ask(`CONNECT localhost:${servicePort + 1} HTTP/1.1\r\n\r\n`);
    expect(other).toMatch(/^HTTP\/1\.1 403 Forbidden\r\n/);
    expect(other).toContain(`"localhost:${servicePort + 1}"]}`);
    expect(reached).toBe(0);
    const said = await ask(`CONNECT localhost:${servicePort} HTTP/1.1\r\n\r\n`);
    expect(said).toBe("HTTP/1.1 200 Connection Established\r\n\r\nthe runner's own service\n");
    expect(reached).toBe(1);
  });
});
