// gitclaw's egress proxy: the one way out of the tool commands' network namespace. It runs in the
// trusted process and accepts connections on a socket listening on the namespace's 127.0.0.1,
// which the namespace's root holder made and handed over (src/egress/namespace.ts); its
// threads carry the bytes (src/egress/tunnel.ts), and it decides. It takes HTTP CONNECT tunnels and
// plain HTTP requests in absolute form. A request for a host the policy does not allow gets a 403
// naming the config line that would allow it, and is counted; an allowed host is resolved here, by
// the proxy's own resolver, never by the tool's, and connected to. A connection once allowed goes
// to that host alone: whatever the client sends next travels to the same address. What tools
// send without the proxy variables, DNS queries and connections to any address, it decides too,
// with the same policy and counts (src/egress/intercept.ts).
import { promises as dns } from "node:dns";
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { allowLine, allows, type EgressPolicy, type Resolution, targetsOf } from "./policy.ts";
import { DEFAULT_LIMITS, type Decision, type ProxyLimits, serveTunnels, type Tunnels } from "./tunnel.ts";
import { answerQuery, decideIntercepted, type Interceptor, quietSuffixes, serveDns } from "./intercept.ts";
import { SyntheticNames } from "./dns.ts";

/** Names to addresses; tests map names to 127.0.0.x. */
export type Resolver = (host: string) => Promise<Resolution>;

export interface EgressCounts {
  /** Refused attempts per host (or address), in the order first seen. */
  blocked: Map<string, number>;
  /** For hosts the kernel refused around the proxy: how they were tried (tcp/443, udp/123, dns). */
  around: Map<string, Set<string>>;
  /** Allowed connections per host. */
  allowed: Map<string, number>;
  /** What each host was reached on: `<port>/<protocol>` (tls, http, tcp; connect and proxy: through the proxy). */
  reached: Map<string, Set<string>>;
  /** Refused attempts to hosts past the first COUNTED_HOSTS (a tool can invent any number of names). */
  unlisted: number;
  /** Connections refused because the proxy already served `maxConnections` at once. */
  overloaded: number;
  maxConnections: number;
}

/** Hosts counted one by one; past them only the number of attempts is kept, so the counts stay small. */
const COUNTED_HOSTS = 256;

/** Counts a refused attempt to `host`; false when it was counted only in the total of the rest. */
function countBlocked(counts: EgressCounts, host: string): boolean {
  const seen = counts.blocked.get(host);
  if (seen === undefined && counts.blocked.size >= COUNTED_HOSTS) {
    counts.unlisted++;
    return false;
  }
  counts.blocked.set(host, (seen ?? 0) + 1);
  return true;
}

/** Counts an allowed connection to `host`, and what it reached it on (`<port>/<protocol>`). */
function countAllowed(counts: EgressCounts, host: string, what: string): void {
  counts.allowed.set(host, (counts.allowed.get(host) ?? 0) + 1);
  counts.reached.set(host, (counts.reached.get(host) ?? new Set()).add(what));
}

export interface EgressProxy {
  counts: EgressCounts;
  /**
   * Serves the connections to `listener`, a listening TCP socket (the network namespace's), and
   * those `intercepting` takes (its DNS socket first; src/egress/intercept.ts); closes them with the proxy.
   */
  serve(listener: number, intercepting?: number[]): void;
  /** Counts an attempt the kernel refused around the proxy (src/egress/namespace.ts). */
  refusedAround(host: string, kind: string): void;
  close(): Promise<void>;
}

export const systemResolver: Resolver = async (host) => ({
  addresses: (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address),
});

/** A resolver that reads an /etc/hosts-format file first (GITCLAW_EGRESS_HOSTS), then asks `fallback`. */
export function hostsFileResolver(path: string, fallback: Resolver = systemResolver): Resolver {
  const table = new Map<string, string[]>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const [address, ...names] = line.replace(/#.*/, "").trim().split(/\s+/);
    if (!address || isIP(address) === 0) continue;
    for (const name of names) table.set(name.toLowerCase(), [...(table.get(name.toLowerCase()) ?? []), address]);
  }
  return async (host) => {
    const declared = table.get(host.toLowerCase());
    return declared ? { addresses: declared, declared: true } : fallback(host);
  };
}

export function startEgressProxy(
  policy: EgressPolicy,
  resolve: Resolver = systemResolver,
  limits: ProxyLimits = DEFAULT_LIMITS,
): EgressProxy {
  const counts: EgressCounts = {
    blocked: new Map(),
    allowed: new Map(),
    reached: new Map(),
    around: new Map(),
    unlisted: 0,
    overloaded: 0,
    maxConnections: limits.maxConnections,
  };
  const serving: Serving = { policy, resolve, counts };
  const tunnels: Tunnels[] = [];
  const names = new SyntheticNames();
  // An address the DNS stand-in gave is counted as the name it stands for.
  const refusedAround = (tried: string, kind: string) => {
    const host = names.nameOf(tried) ?? tried;
    if (countBlocked(counts, host)) counts.around.set(host, (counts.around.get(host) ?? new Set()).add(kind));
  };
  const interceptor = interceptorOf(serving, names, refusedAround);
  const quiet = quietSuffixes();
  const overloaded = () => {
    counts.overloaded++;
    return answer(
      503,
      `gitclaw: the proxy serves at most ${limits.maxConnections} connections at once; try again later`,
    ).answer;
  };
  const judge = {
    decide: (head: string | null) => decide(serving, head),
    intercepted: (address: string, port: number) => decideIntercepted(interceptor, address, port),
    overloaded,
    limits,
  };
  return {
    counts,
    serve: (listener, intercepting = []) => {
      const [dns, ...listeners] = intercepting;
      if (dns !== undefined) tunnels.push(serveDns(dns, (packet) => answerQuery(interceptor, packet, quiet)));
      tunnels.push(serveTunnels([listener, ...listeners], judge));
    },
    refusedAround,
    close: async () => {
      await Promise.all(tunnels.splice(0).map((served) => served.close()));
    },
  };
}

/** What intercepted connections and DNS queries are decided with: the proxy's policy, resolver and counts. */
function interceptorOf(
  serving: Serving,
  names: SyntheticNames,
  blocked: (host: string, kind: string) => void,
): Interceptor {
  const { counts } = serving;
  return {
    policy: serving.policy,
    names,
    addressesOf: (host) => addressesOf(serving, host),
    blocked,
    reached: (host, what, replaces) => {
      if (replaces === undefined) return countAllowed(counts, host, what);
      const seen = counts.reached.get(host) ?? new Set();
      seen.delete(replaces);
      counts.reached.set(host, seen.add(what));
    },
  };
}

interface Serving {
  policy: EgressPolicy;
  resolve: Resolver;
  counts: EgressCounts;
}

interface Target {
  host: string;
  port: number;
  /** What is sent upstream first: nothing for a tunnel, the rewritten head for plain HTTP. */
  head?: string;
}

/** What to do with a request head (null: it was too large): answer it, or connect where it asks. */
async function decide(serving: Serving, head: string | null): Promise<Decision> {
  if (head === null) return answer(431, "request head too large");
  const target = parseTarget(head);
  if (typeof target === "string") return answer(400, target);
  const { policy, counts } = serving;
  const host = target.host.toLowerCase();
  if (!allows(policy, host, target.port)) {
    countBlocked(counts, host);
    return answer(
      403,
      `gitclaw: ${host} is not an allowed host for tool commands. To allow it, the repository's .github/gitclaw.json needs ${allowLine(policy, host, target.port)}`,
    );
  }
  const addresses = await addressesOf(serving, host);
  if (typeof addresses === "string") return answer(502, `gitclaw: ${host}: ${addresses}`);
  return {
    addresses,
    port: target.port,
    toUpstream: target.head ?? "",
    toClient: target.head === undefined ? "HTTP/1.1 200 Connection Established\r\n\r\n" : "",
    connected: () => countAllowed(counts, host, `${target.port}/${target.head === undefined ? "connect" : "proxy"}`),
    unreachable: (reason) => answer(502, `gitclaw: ${host}: ${reason}`).answer,
  };
}

/** CONNECT host:port, or an absolute http:// request rewritten to origin form; a string says what is wrong. */
function parseTarget(head: string): Target | string {
  const [requestLine = "", ...headers] = head.split("\r\n");
  const [method = "", uri = "", version = ""] = requestLine.split(" ");
  if (!/^HTTP\/1\.[01]$/.test(version)) return "gitclaw's proxy speaks HTTP/1.x";
  if (method === "CONNECT") {
    const match = /^(\[[0-9a-fA-F:.]+\]|[^:[\]]+):(\d{1,5})$/.exec(uri);
    if (!match) return `CONNECT needs host:port, not ${uri}`;
    return { host: match[1]!.replace(/^\[|\]$/g, ""), port: Number(match[2]) };
  }
  let url: URL;
  try {
    url = new URL(uri);
  } catch {
    return "requests through gitclaw's proxy name the full URL (http://host/path), or use CONNECT";
  }
  if (url.protocol !== "http:") return `${url.protocol} is not proxied as a plain request: use CONNECT`;
  const kept = headers.filter((line) => !/^proxy-(connection|authorization):/i.test(line));
  const rewritten = [`${method} ${url.pathname}${url.search} ${version}`, ...kept].join("\r\n");
  return {
    host: url.hostname.replace(/^\[|\]$/g, ""),
    port: Number(url.port || 80),
    head: `${rewritten}\r\n\r\n`,
  };
}

/** The host's addresses the policy lets it reach, resolved here, or why there are none. */
async function addressesOf(serving: Serving, host: string): Promise<string[] | string> {
  let resolution: Resolution;
  try {
    resolution = isIP(host) ? { addresses: [host] } : await serving.resolve(host);
  } catch (error) {
    return `cannot be resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  return targetsOf(serving.policy, host, resolution);
}

function answer(status: number, message: string): { answer: string } {
  const reason = {
    400: "Bad Request",
    403: "Forbidden",
    431: "Request Header Fields Too Large",
    502: "Bad Gateway",
    503: "Service Unavailable",
  }[status];
  const body = `${message}\n`;
  return {
    answer: `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  };
}
