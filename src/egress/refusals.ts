// Isolated (src/isolated.ts): run as root by the network namespace's holder (namespace-holder.ts).
// What tool commands try around the proxy, seen on the namespace's loopback. Every address is made
// local to the namespace (`ip route add local default dev lo`), so an attempt fails at once,
// answered by the kernel: a TCP reset (RST+ACK, sequence 0) from the address tried, or an ICMP port
// unreachable that quotes the datagram (a DNS query's name included). A packet socket reads those
// answers, behind a classic BPF filter that keeps only outgoing packets and none between 127.0.0.1
// and itself (the proxy's connections, the commands' own servers); each refusal is printed as
// "drop <host or address> <tcp/port | udp/port | dns>". Without `ip`, attempts fail as unroutable
// and are not seen.
import type { ptr as Ptr } from "bun:ffi";
import type { Linux } from "../linux.ts";

// biome-ignore lint/suspicious/noExplicitAny: libc symbols, loaded in the holder from their table.
type Symbols = any;
/** A classic BPF instruction: code, jump if true, jump if false, constant. */
type Instruction = [code: number, jt: number, jf: number, k: number];
interface IpHeader {
  proto: number;
  /** Where the transport header starts. */
  l4: number;
  src: string;
  dst: string;
}

/** Starts printing the refusals every 100 ms; returns what prints those left, or undefined when they cannot be seen. */
export function observeRefusals(c: Symbols, ptr: typeof Ptr, k: Linux): (() => void) | undefined {
  const ip = Bun.which("ip", { PATH: `${process.env.PATH ?? ""}:/usr/sbin:/sbin` });
  const routes = [
    ["route", "add", "local", "0.0.0.0/0", "dev", "lo"],
    ["-6", "route", "add", "local", "::/0", "dev", "lo"],
  ];
  const routed =
    ip && routes.every((args) => Bun.spawnSync([ip, ...args], { stdout: "ignore", stderr: "ignore" }).exitCode === 0);
  if (!routed) return undefined;
  const fd = c.socket(k.AF_PACKET, k.SOCK_DGRAM, k.ETH_P_ALL);
  if (fd < 0 || !attachFilter(c, ptr, k, fd, outgoingFilter(k))) return undefined;
  const buffer = Buffer.alloc(1024);
  const observe = () => printRefusals(c, ptr, k, fd, buffer);
  setInterval(observe, 100);
  return observe;
}

/** Keeps outgoing packets, and of IPv4 ones only those not from 127.0.0.1 to 127.0.0.1: their first 1024 bytes. */
export function outgoingFilter(k: Linux): Instruction[] {
  const load = k.BPF_LD | k.BPF_W | k.BPF_ABS;
  const loadByte = k.BPF_LD | k.BPF_B | k.BPF_ABS;
  const equals = k.BPF_JMP | k.BPF_JEQ | k.BPF_K;
  const returns = k.BPF_RET | k.BPF_K;
  return [
    [load, 0, 0, (k.SKF_AD_OFF + k.SKF_AD_PKTTYPE) >>> 0], // 0: A = the packet's type
    [equals, 0, 8, k.PACKET_OUTGOING], // 1: not outgoing: to 10 (drop)
    [loadByte, 0, 0, 0], // 2: A = the IP header's first byte (a datagram socket: no link header)
    [k.BPF_ALU | k.BPF_AND | k.BPF_K, 0, 0, 0xf0], // 3: A = its version, shifted
    [equals, 0, 4, 0x40], // 4: not IPv4: to 9 (keep)
    [load, 0, 0, 12], // 5: A = the source address
    [equals, 0, 2, k.INADDR_LOOPBACK], // 6: not 127.0.0.1: to 9 (keep)
    [load, 0, 0, 16], // 7: A = the destination address
    [equals, 1, 0, k.INADDR_LOOPBACK], // 8: 127.0.0.1 to itself: to 10 (drop)
    [returns, 0, 0, 1024], // 9: keep its first 1024 bytes
    [returns, 0, 0, 0], // 10: drop
  ];
}

/** Attaches `program` to the socket `fd` (SO_ATTACH_FILTER); false when the kernel refuses. */
export function attachFilter(c: Symbols, ptr: typeof Ptr, k: Linux, fd: number, program: Instruction[]): boolean {
  // sock_filter: u16 code, u8 jt, u8 jf, u32 k.
  const code = Buffer.alloc(program.length * 8);
  program.forEach(([op, jt, jf, constant], i) => {
    code.writeUInt16LE(op, i * 8);
    code[i * 8 + 2] = jt;
    code[i * 8 + 3] = jf;
    code.writeUInt32LE(constant >>> 0, i * 8 + 4);
  });
  // sock_fprog: u16 length, then (aligned) the pointer to the instructions.
  const fprog = Buffer.alloc(16);
  fprog.writeUInt16LE(program.length, 0);
  fprog.writeBigUInt64LE(BigInt(ptr(code)), 8);
  // The kernel copies the program.
  return c.setsockopt(fd, k.SOL_SOCKET, k.SO_ATTACH_FILTER, ptr(fprog), 16) === 0;
}

/** Prints each refusal the socket `fd` has seen, without waiting. */
export function printRefusals(c: Symbols, ptr: typeof Ptr, k: Linux, fd: number, buffer: Buffer): void {
  for (;;) {
    const n = Number(c.recvfrom(fd, ptr(buffer), buffer.length, k.MSG_DONTWAIT, null, null));
    if (n <= 0) return;
    const seen = n >= 20 && refusedBy(k, buffer, n);
    if (seen && seen[0] !== "::1" && seen[0] !== "127.0.0.1") console.log(`drop ${seen.join(" ")}`);
  }
}

/** What a packet of `n` bytes refuses: [host or address, "tcp/port" | "udp/port" | "dns"], if it is a refusal. */
export function refusedBy(k: Linux, b: Buffer, n: number): [string, string] | undefined {
  const ip = ipHeader(b, 0);
  // A TCP reset that acknowledges (RST+ACK), with sequence number 0: the kernel's answer to a connect.
  const reset = k.TCP_RST | k.TCP_ACK;
  if (ip.proto === k.IPPROTO_TCP && (b[ip.l4 + 13]! & reset) === reset && b.readUInt32BE(ip.l4 + 4) === 0)
    return [ip.src, `tcp/${b.readUInt16BE(ip.l4)}`];
  // Else only "destination unreachable", which quotes the datagram's IP and UDP headers after its own 8 bytes.
  const unreachable =
    (ip.proto === k.IPPROTO_ICMP && b[ip.l4] === k.ICMP_DEST_UNREACH) ||
    (ip.proto === k.IPPROTO_ICMPV6 && b[ip.l4] === k.ICMPV6_DEST_UNREACH);
  if (!unreachable) return undefined;
  const inner = ipHeader(b, ip.l4 + 8);
  if (inner.proto !== k.IPPROTO_UDP) return undefined;
  const port = b.readUInt16BE(inner.l4 + 2);
  // A DNS query's name follows the UDP header (8 bytes) and the DNS header (12).
  return [(port === 53 && queryName(b, inner.l4 + 20, n)) || inner.dst, port === 53 ? "dns" : `udp/${port}`];
}

/** The IPv4 or IPv6 header at `at`. */
export function ipHeader(b: Buffer, at: number): IpHeader {
  if (b[at]! >> 4 === 6) return { proto: b[at + 6]!, l4: at + 40, src: ipv6At(b, at + 8), dst: ipv6At(b, at + 24) };
  const src = [...b.subarray(at + 12, at + 16)].join(".");
  return { proto: b[at + 9]!, l4: at + (b[at]! & 15) * 4, src, dst: [...b.subarray(at + 16, at + 20)].join(".") };
}

/** The IPv6 address at `at`, written the usual short way. */
export function ipv6At(b: Buffer, at: number): string {
  const groups = [...Array(8)].map((_, i) => b.readUInt16BE(at + 2 * i).toString(16));
  return new URL(`http://[${groups.join(":")}]`).hostname.slice(1, -1);
}

/** The name a DNS query asks for, between `at` and `end`; "" when it is not a plausible host name. */
export function queryName(b: Buffer, at: number, end: number): string {
  const labels: string[] = [];
  for (let i = at; i < end && b[i] && b[i]! < 64; i += b[i]! + 1)
    labels.push(b.toString("latin1", i + 1, i + 1 + b[i]!));
  const name = labels.join(".").toLowerCase();
  return /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(name) ? name : "";
}
