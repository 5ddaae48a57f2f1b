// What gitclaw does with what tool commands send without the proxy variables: their DNS queries
// and their connections to any address on the ports the namespace intercepts
// (src/egress/intercept-sockets.ts). The DNS stand-in answers an allowed name with a synthetic
// address (src/egress/dns.ts) and refuses the rest, counted by name; a connection to a synthetic
// address is decided by the name it stands for and its port, and goes to that name's addresses as
// gitclaw resolves them, never to one the tool chose; its first bytes must not name another host (a
// TLS ClientHello's SNI, an HTTP request's Host: no domain fronting through an allowed name). A
// connection to the namespace's loopback goes to the runner's own on a `localhost:<port>` (or
// `services`) port only; one to any other address goes there directly when an IP or CIDR entry
// allows it. Everything else is closed: the kernel keeps anything from leaving the namespace otherwise.
import { readFileSync } from "node:fs";
import { isIP } from "node:net";
import { formatError, readQuestion, type SyntheticNames, writeAnswer } from "./dns.ts";
import * as dnsThreadFile from "./dns-thread.ts";
import { isolatedScript } from "../isolated.ts";
import { LINUX } from "../linux.ts";
import { LIBC_SYMBOLS, libc, pipe } from "./libc.ts";
import { allows, canonicalHost, type EgressPolicy } from "./policy.ts";
import type { Decision } from "./tunnel.ts";

export interface Interceptor {
  policy: EgressPolicy;
  names: SyntheticNames;
  /** Where an allowed host (or address) may be reached, resolved by gitclaw, or why nowhere (src/egress/policy.ts targetsOf). */
  addressesOf(host: string): Promise<string[] | string>;
  /** Counts a refused attempt: the host (or `localhost:<port>`, or an address) and how it was tried. */
  blocked(host: string, kind: string): void;
  /** Records what was reached: the host and `<port>/<protocol>`; `replaces` an earlier record of the same connection. */
  reached(host: string, what: string, replaces?: string): void;
}

/** Decides a connection a tool command made to `address`:`port` without the proxy. */
export async function decideIntercepted(i: Interceptor, address: string, port: number): Promise<Decision> {
  const refused = (host: string): Decision => {
    i.blocked(host, `tcp/${port}`);
    return { answer: "" };
  };
  if (address.startsWith("127.")) {
    const service = `localhost:${port}`;
    return allows(i.policy, "localhost", port) ? allowed(i, service, ["127.0.0.1"], port) : refused(service);
  }
  // An address the DNS stand-in gave goes as the name it stands for, whose first bytes are checked;
  // any other goes as itself (addressesOf gives an address alone, unless no name may lead there).
  const name = i.names.nameOf(address);
  const host = name ?? address;
  if (!allows(i.policy, host, port)) return refused(host);
  const addresses = await i.addressesOf(host);
  if (typeof addresses === "string") return refused(host);
  return allowed(i, host, addresses, port, name !== undefined);
}

/** The decision to connect `host` at `addresses`; `inspect`: its first bytes must name no other host. */
function allowed(i: Interceptor, host: string, addresses: string[], port: number, inspect = false): Decision {
  const tcp = `${port}/tcp`;
  return {
    addresses,
    port,
    toUpstream: "",
    toClient: "",
    connected: () => i.reached(host, tcp),
    unreachable: () => "",
    ...(inspect
      ? {
          inspect: (first: string) => {
            const named = namedHost(Buffer.from(first, "latin1"));
            if (named.host !== undefined && canonicalHost(named.host) !== host) {
              i.blocked(canonicalHost(named.host), `${named.protocol} through ${host}`);
              return "";
            }
            i.reached(host, `${port}/${named.protocol}`, tcp);
            return undefined;
          },
        }
      : {}),
  };
}

/** The protocol of a connection's first bytes, and the host they name: a TLS ClientHello's SNI, an HTTP request's Host. */
export function namedHost(first: Buffer): { protocol: "tls" | "http" | "tcp"; host?: string } {
  if (first[0] === 0x16) return { protocol: "tls", host: serverName(first) };
  const head = first.toString("latin1");
  if (!/^[A-Z]{3,10} \S+ HTTP\/1\.[01]\r\n/.test(head)) return { protocol: "tcp" };
  const host = /\r\nhost:[ \t]*([^\r\n]*)/i.exec(head)?.[1]?.trim();
  return { protocol: "http", host: host?.replace(/:\d+$/, "") };
}

/** The server name (SNI) of a TLS record holding a ClientHello, if it names one. */
export function serverName(record: Buffer): string | undefined {
  const read = (at: number, size: 1 | 2) => (at + size <= record.length ? record.readUIntBE(at, size) : -1);
  if (record[5] !== 1) return undefined;
  let at = 43;
  at += 1 + read(at, 1);
  at += 2 + read(at, 2);
  at += 1 + read(at, 1);
  const end = Math.min(record.length, at + 2 + read(at, 2));
  for (at += 2; at + 4 <= end; at += 4 + read(at + 2, 2)) {
    if (read(at, 2) !== 0) continue;
    // The extension: its type and length, the list's length, the name's type (0: a host name), its length.
    const length = read(at + 7, 2);
    if (record[at + 6] !== 0 || length < 0 || at + 9 + length > end) return undefined;
    return record.toString("latin1", at + 9, at + 9 + length);
  }
  return undefined;
}

const HOST_NAME = /^[a-z0-9_-]+(\.[a-z0-9_-]+)*$/;

/** The answer to a DNS query from the namespace (undefined: none is given). */
export function answerQuery(i: Interceptor, packet: Buffer, quiet: readonly string[]): Buffer | undefined {
  const question = readQuestion(packet);
  if (!question) return formatError(packet);
  const name = question.name.replace(/\.$/, "");
  if (name && isIP(name) === 0 && allows(i.policy, name)) return writeAnswer(question, i.names.addressOf(name) ?? null);
  // The resolver's tries with the search domains appended, and reverse lookups, are not the tool's
  // names; nor is what is no host name at all (it is refused all the same).
  if (HOST_NAME.test(name) && !quiet.some((suffix) => name.endsWith(suffix))) i.blocked(name, "dns");
  return writeAnswer(question, null);
}

/** The suffixes of names not counted when refused: reverse lookups, and the search domains of `resolvConf`. */
export function quietSuffixes(resolvConf = "/etc/resolv.conf"): string[] {
  let text = "";
  try {
    text = readFileSync(resolvConf, "utf8");
  } catch {}
  const domains = [...text.matchAll(/^(?:search|domain)\s+(.+)$/gm)].flatMap((m) => m[1]!.trim().split(/\s+/));
  return [".arpa", ...domains.map((domain) => `.${domain.toLowerCase().replace(/\.$/, "")}`)];
}

/** Answers the DNS queries that arrive on `socket` (UDP, in the namespace) with `answer`, in a thread of their own. */
export function serveDns(socket: number, answer: (packet: Buffer) => Buffer | undefined): { close(): Promise<void> } {
  const [wake, waker] = pipe();
  const script = isolatedScript([dnsThreadFile], dnsThreadFile.dnsThreadMain, [
    'require("bun:ffi")',
    JSON.stringify(LINUX),
  ]);
  const source = URL.createObjectURL(new Blob([script], { type: "text/javascript" }));
  const worker = new Worker(source, { smol: true } as WorkerOptions);
  worker.unref();
  const ended = new Promise<void>((done) => {
    worker.onmessage = (event: MessageEvent<{ query?: number[]; done?: boolean }>) => {
      if (event.data.done) return done();
      const reply = answer(Buffer.from(event.data.query ?? []));
      worker.postMessage({ answer: reply ? [...reply] : undefined });
    };
    worker.onerror = () => done();
  });
  worker.postMessage({ symbols: LIBC_SYMBOLS, socket, wake });
  return {
    close: async () => {
      libc().close(waker);
      await ended;
      worker.terminate();
      libc().close(wake);
      libc().close(socket);
      URL.revokeObjectURL(source);
    },
  };
}
