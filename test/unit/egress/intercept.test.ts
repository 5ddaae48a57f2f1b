// What the proxy reads of what tool commands send without it (src/egress/intercept.ts, dns.ts,
// audit.ts, services.ts): DNS questions and answers, a ClientHello's SNI, an HTTP request's Host,
// the line audit mode writes, the job's services.
import { connect } from "node:tls";
import { describe, expect, it } from "vitest";
import { neededLine } from "../../../src/egress/audit.ts";
import { readQuestion, SyntheticNames, writeAnswer } from "../../../src/egress/dns.ts";
import { answerQuery, namedHost, type Interceptor } from "../../../src/egress/intercept.ts";
import { allows, egressPolicy, NetworkConfig } from "../../../src/egress/policy.ts";
import type { EgressCounts } from "../../../src/egress/proxy.ts";
import { servicePortsFrom } from "../../../src/egress/services.ts";

/** A query for `name` (type A unless said), as a resolver sends it. */
function query(name: string, type = 1): Buffer {
  const labels = name.split(".").map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label)]));
  const header = Buffer.from([0xab, 0xcd, 0x01, 0x00, 0, 1, 0, 0, 0, 0, 0, 0]);
  return Buffer.concat([header, ...labels, Buffer.from([0, 0, type, 0, 1])]);
}

function interceptor(allow: string[]): Interceptor & { refused: string[] } {
  const refused: string[] = [];
  return {
    policy: egressPolicy({ allow }, "/"),
    names: new SyntheticNames(),
    addressesOf: async () => [],
    blocked: (host, kind) => refused.push(`${host} ${kind}`),
    reached: () => {},
    refused,
  };
}

/** A real ClientHello naming `servername`, as Node's TLS client sends it. */
async function clientHello(servername: string): Promise<Buffer> {
  return new Promise((resolve) => {
    const server = Bun.listen({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        data: (socket, bytes) => {
          resolve(Buffer.from(bytes));
          socket.end();
          server.stop(true);
        },
      },
    });
    connect({ host: "127.0.0.1", port: server.port, servername }).on("error", () => {});
  });
}

describe("the DNS stand-in", () => {
  it("answers an allowed name with its synthetic address, the same each time, and another type with no record", () => {
    const i = interceptor(["allowed.test", "*.example.org:22"]);
    const answer = answerQuery(i, query("Allowed.Test"), [])!;
    expect(answer.readUInt16BE(0)).toBe(0xabcd);
    expect(answer.readUInt16BE(2) & 15).toBe(0);
    expect(answer.readUInt16BE(6)).toBe(1);
    expect([...answer.subarray(-4)].join(".")).toBe("198.18.0.1");
    expect(i.names.nameOf("198.18.0.1")).toBe("allowed.test");
    expect([...answerQuery(i, query("allowed.test"), [])!.subarray(-4)].join(".")).toBe("198.18.0.1");
    expect([...answerQuery(i, query("git.example.org"), [])!.subarray(-4)].join(".")).toBe("198.18.0.2");
    const aaaa = answerQuery(i, query("allowed.test", 28), [])!;
    expect(aaaa.readUInt16BE(6)).toBe(0);
    expect(aaaa.readUInt16BE(2) & 15).toBe(0);
    expect(i.refused).toEqual([]);
  });

  it("refuses any other name with NXDOMAIN, counted by name, but not the resolver's search-domain tries", () => {
    const i = interceptor(["allowed.test"]);
    const refused = answerQuery(i, query("evil.test"), [".corp.internal"])!;
    expect(refused.readUInt16BE(2) & 15).toBe(3);
    expect(refused.readUInt16BE(6)).toBe(0);
    answerQuery(i, query("evil.test.corp.internal"), [".corp.internal"]);
    answerQuery(i, query("4.3.2.1.in-addr.arpa"), [".arpa"]);
    expect(i.refused).toEqual(["evil.test dns"]);
    expect(readQuestion(Buffer.from("not a query"))).toBeUndefined();
    expect(writeAnswer(readQuestion(query("a.test"))!, null).readUInt16BE(2) & 15).toBe(3);
  });
});

describe("a connection's first bytes", () => {
  it("name the host a TLS ClientHello asks for (SNI) and an HTTP request's Host", async () => {
    expect(namedHost(await clientHello("evil.test"))).toEqual({ protocol: "tls", host: "evil.test" });
    expect(namedHost(Buffer.from("GET / HTTP/1.1\r\nHost: cdn.test:8080\r\n\r\n"))).toEqual({
      protocol: "http",
      host: "cdn.test",
    });
    expect(namedHost(Buffer.from("SSH-2.0-OpenSSH_9\r\n"))).toEqual({ protocol: "tcp" });
  });
});

describe("host:port entries", () => {
  it("allow that port only, for a name and for an address", () => {
    const policy = egressPolicy({ allow: ["git.example.com:22", "10.0.0.5:5432", "10.1.0.0/16"] }, "/");
    expect(allows(policy, "git.example.com", 22)).toBe(true);
    expect(allows(policy, "git.example.com", 443)).toBe(false);
    expect(allows(policy, "10.0.0.5", 5432)).toBe(true);
    expect(allows(policy, "10.0.0.5", 22)).toBe(false);
    expect(allows(policy, "10.1.2.3", 443)).toBe(true);
  });
});

describe("audit mode's line", () => {
  it("allows every host, but the runner's loopback only on the job's services' ports", () => {
    const policy = egressPolicy("audit", "/", [5432]);
    expect(allows(policy, "anything.example", 8443)).toBe(true);
    expect(allows(policy, "localhost", 5432)).toBe(true);
    expect(allows(policy, "localhost", 6379)).toBe(false);
  });

  it("recognises presets and the job's services, names the rest, with :port where the proxy was not used", () => {
    const counts = {
      reached: new Map([
        ["registry.npmjs.org", new Set(["443/tls"])],
        ["api.github.com", new Set(["443/connect"])],
        ["db.internal", new Set(["5432/tcp"])],
        ["files.example.com", new Set(["80/http", "443/tls"])],
        ["localhost:5432", new Set(["5432/tcp"])],
        ["localhost:6379", new Set(["6379/tcp"])],
        ["10.0.0.7", new Set(["8080/tcp"])],
      ]),
      around: new Map([["git.example.com", new Set(["tcp/2222", "dns"])]]),
    } as unknown as EgressCounts;
    expect(neededLine(counts, [5432])).toBe(
      '"network": {"allow":["npm","github","db.internal:5432","files.example.com","services","localhost:6379","10.0.0.7","git.example.com:2222"]}',
    );
  });

  it("leaves out a name the configuration would refuse, so the line it writes is one the configuration takes", () => {
    const malformed = ["bad-.example", "a..b.example", `${"x".repeat(64)}.example`];
    for (const host of malformed) expect(NetworkConfig.safeParse({ allow: [host] }).success).toBe(false);
    const reached = ["files.example.com", ...malformed, "*.wild.example"].map(
      (host) => [host, new Set(["443/tls"])] as const,
    );
    const counts = { reached: new Map(reached), around: new Map() } as unknown as EgressCounts;
    const line = neededLine(counts, []);
    expect(line).toBe('"network": {"allow":["files.example.com"]}');
    expect(NetworkConfig.safeParse(JSON.parse(`{${line}}`).network).success).toBe(true);
  });
});

describe("the input services", () => {
  it("gives the runner's ports of the job's services, and says what is wrong otherwise", () => {
    const json = JSON.stringify({
      postgres: { id: "abc", network: "n", ports: { "5432": "49153" } },
      redis: { ports: { "6379": "6379" } },
      worker: { ports: {} },
    });
    expect(servicePortsFrom(json)).toEqual([49153, 6379]);
    expect(servicePortsFrom("")).toEqual([]);
    expect(servicePortsFrom("null")).toEqual([]);
    expect(servicePortsFrom("{oops")).toMatch(/^the input services is not JSON/);
    expect(servicePortsFrom('["5432"]')).toMatch(/is not the job's services/);
  });
});
