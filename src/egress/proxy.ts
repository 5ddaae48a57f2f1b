// gitclaw's egress proxy: the one way out of the tool commands' network namespace. It runs in the
// trusted process, listens on a Unix socket that only root and the agent can open (the namespace's
// forwarder, src/tools/sandbox/network.ts, connects to it), and takes HTTP CONNECT tunnels and
// plain HTTP requests in absolute form. A request for a host the policy does not allow gets a 403
// naming the config line that would allow it, and is counted; an allowed host is resolved here, by
// the proxy's own resolver, never by the tool's, and connected to. A connection once allowed goes
// to that host alone: whatever the client sends next travels to the same address.
import { promises as dns } from "node:dns";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { isIP } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Socket } from "bun";
import { allowLine, allows, type EgressPolicy, forbiddenTarget } from "./policy.ts";
import { type RelayEnd, relayEnd, relayHandlers } from "./relay.ts";

/** Names to addresses; tests map names to 127.0.0.x. */
export type Resolver = (host: string) => Promise<string[]>;

export interface EgressCounts {
  /** Refused attempts per host (or address), in the order first seen. */
  blocked: Map<string, number>;
  /** For hosts the kernel refused around the proxy: how they were tried (tcp/443, udp/123, dns). */
  around: Map<string, Set<string>>;
  /** Allowed connections per host. */
  allowed: Map<string, number>;
}

export interface EgressProxy {
  /** The Unix socket it listens on. */
  socketPath: string;
  counts: EgressCounts;
  /** Counts an attempt the kernel refused around the proxy (src/tools/sandbox/network.ts). */
  refusedAround(host: string, kind: string): void;
  close(): Promise<void>;
}

const MAX_HEAD_BYTES = 64 * 1024;
const HEAD_END = Buffer.from("\r\n\r\n");

export const systemResolver: Resolver = async (host) =>
  (await dns.lookup(host, { all: true, verbatim: true })).map((entry) => entry.address);

/** A resolver that reads an /etc/hosts-format file first (GITCLAW_EGRESS_HOSTS), then asks `fallback`. */
export function hostsFileResolver(path: string, fallback: Resolver = systemResolver): Resolver {
  const table = new Map<string, string[]>();
  for (const line of readFileSync(path, "utf8").split("\n")) {
    const [address, ...names] = line.replace(/#.*/, "").trim().split(/\s+/);
    if (!address || isIP(address) === 0) continue;
    for (const name of names) table.set(name.toLowerCase(), [...(table.get(name.toLowerCase()) ?? []), address]);
  }
  return async (host) => table.get(host.toLowerCase()) ?? fallback(host);
}

export async function startEgressProxy(policy: EgressPolicy, resolve: Resolver = systemResolver): Promise<EgressProxy> {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-egress-"));
  const socketPath = join(dir, "proxy.sock");
  const counts: EgressCounts = { blocked: new Map(), allowed: new Map(), around: new Map() };
  const serving: Serving = { policy, resolve, counts, sockets: new Set() };
  const relay = relayHandlers();
  const server = Bun.listen<ClientEnd>({
    unix: socketPath,
    socket: {
      ...relay,
      open: (client) => {
        client.data = { ...relayEnd(), head: Buffer.alloc(0) };
        serving.sockets.add(client);
      },
      data: (client, chunk) =>
        client.data.head === null ? relay.data(client, chunk) : readHead(serving, client, chunk),
      close: (client) => {
        serving.sockets.delete(client);
        relay.close(client);
      },
    },
  });
  return {
    socketPath,
    counts,
    refusedAround: (host, kind) => {
      counts.blocked.set(host, (counts.blocked.get(host) ?? 0) + 1);
      counts.around.set(host, (counts.around.get(host) ?? new Set()).add(kind));
    },
    close: async () => {
      server.stop(true);
      for (const socket of serving.sockets) socket.terminate();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A client's socket: relayed once its request head (collected in `head`; null once read) is allowed. */
type ClientEnd = RelayEnd & { head: Buffer | null };
type Client = Socket<ClientEnd>;

interface Serving {
  policy: EgressPolicy;
  resolve: Resolver;
  counts: EgressCounts;
  /** Every open socket, closed with the proxy. */
  sockets: Set<Socket<ClientEnd> | Socket<RelayEnd>>;
}

interface Target {
  host: string;
  port: number;
  /** What is sent upstream first: nothing for a tunnel, the rewritten head for plain HTTP. */
  head?: string;
}

/** Collects the request head up to its blank line, then serves it; what followed waits for the upstream. */
function readHead(serving: Serving, client: Client, chunk: Uint8Array): void {
  const head = Buffer.concat([client.data.head ?? Buffer.alloc(0), chunk]);
  const end = head.indexOf(HEAD_END);
  if (end < 0) {
    client.data.head = head;
    if (head.length > MAX_HEAD_BYTES) answer(client, 431, "request head too large");
    return;
  }
  client.data.head = null;
  client.data.early.push(head.subarray(end + HEAD_END.length));
  void serve(serving, client, head.subarray(0, end).toString("latin1"));
}

async function serve(serving: Serving, client: Client, head: string): Promise<void> {
  const target = parseTarget(head);
  if (typeof target === "string") return answer(client, 400, target);
  const { policy, counts } = serving;
  const host = target.host.toLowerCase();
  if (!allows(policy, host)) {
    counts.blocked.set(host, (counts.blocked.get(host) ?? 0) + 1);
    return answer(
      client,
      403,
      `gitclaw: ${host} is not an allowed host for tool commands. To allow it, the repository's .github/gitclaw.json needs ${allowLine(policy, host)}`,
    );
  }
  const upstream = await connectTo(serving, host, target.port);
  if (typeof upstream === "string") return answer(client, 502, `gitclaw: ${host}: ${upstream}`);
  counts.allowed.set(host, (counts.allowed.get(host) ?? 0) + 1);
  serving.sockets.add(upstream);
  if (target.head === undefined) client.write("HTTP/1.1 200 Connection Established\r\n\r\n");
  else upstream.write(target.head);
  relayHandlers().link(client, upstream);
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

/** A connected socket to the first of the host's addresses that answers, or why none did. */
async function connectTo(serving: Serving, host: string, port: number): Promise<Socket<RelayEnd> | string> {
  let addresses: string[];
  try {
    addresses = isIP(host) ? [host] : await serving.resolve(host);
  } catch (error) {
    return `cannot be resolved (${(error as NodeJS.ErrnoException).code ?? (error as Error).message})`;
  }
  const usable = addresses.filter((address) => !forbiddenTarget(serving.policy, address));
  if (usable.length === 0) return addresses.length ? "resolves to a link-local address only" : "has no address";
  const relay = relayHandlers();
  const close = (socket: Socket<RelayEnd>) => {
    serving.sockets.delete(socket);
    relay.close(socket);
  };
  let last = "";
  for (const address of usable) {
    try {
      return await Bun.connect<RelayEnd>({ hostname: address, port, data: relayEnd(), socket: { ...relay, close } });
    } catch (error) {
      last = `${address}:${port}: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`;
    }
  }
  return last;
}

function answer(client: Client, status: number, message: string): void {
  const reason = { 400: "Bad Request", 403: "Forbidden", 431: "Request Header Fields Too Large", 502: "Bad Gateway" }[
    status
  ];
  const body = `${message}\n`;
  client.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
  );
}
