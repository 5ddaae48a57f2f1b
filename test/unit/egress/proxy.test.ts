// The egress proxy (src/egress/proxy.ts) on its Unix socket: CONNECT tunnels and plain requests to
// allowed hosts, refusals counted per host, names resolved by its own resolver; loopback only.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { egressPolicy } from "../../../src/egress/policy.ts";
import { type EgressProxy, hostsFileResolver, startEgressProxy } from "../../../src/egress/proxy.ts";

let echo: Server;
let port: number;
let proxy: EgressProxy;
let dir: string;

beforeAll(async () => {
  // Echoes every byte back, upper-cased: a stand-in for a TLS server behind a tunnel.
  echo = createServer((socket) => socket.on("data", (data) => socket.write(data.toString().toUpperCase())));
  await new Promise<void>((done) => echo.listen(0, "127.0.0.2", done));
  port = (echo.address() as { port: number }).port;
  dir = mkdtempSync(join(tmpdir(), "gitclaw-proxy-test-"));
  writeFileSync(join(dir, "hosts"), "# test names\n127.0.0.2 allowed.test Other.Test\n169.254.169.254 metadata.test\n");
  const policy = egressPolicy({ allow: ["allowed.test", "metadata.test"] }, "/");
  proxy = await startEgressProxy(
    policy,
    hostsFileResolver(join(dir, "hosts"), async () => []),
  );
});
afterAll(async () => {
  await proxy.close();
  echo.close();
  rmSync(dir, { recursive: true, force: true });
});

/** Sends `request` to the proxy, then `after` once the proxy answered; returns everything it said. */
function exchange(request: string, after = ""): Promise<string> {
  return new Promise((done, fail) => {
    const socket = createConnection(proxy.socketPath);
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
    expect(said).toMatch(/^HTTP\/1\.1 502 Bad Gateway\r\n[\s\S]*resolves to a link-local address only/);
  });

  it("answers what it does not speak with one clear line", async () => {
    expect(await exchange("GET /relative HTTP/1.1\r\n\r\n")).toContain("name the full URL");
    expect(await exchange("CONNECT allowed.test HTTP/1.1\r\n\r\n")).toContain("CONNECT needs host:port");
  });

  it("counts the allowed hosts it connected", () => {
    expect(proxy.counts.allowed.get("allowed.test")).toBe(1);
  });
});
