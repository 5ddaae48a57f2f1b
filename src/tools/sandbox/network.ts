// The tool commands' network: a network namespace of the run's own, whose only interface is its
// own loopback. Nothing outside is routed: no other host, no IPv6, no UDP, no DNS server (the
// host's 127.0.0.53 is not this loopback), none of the machine's local services, nor the cloud
// metadata address. The one way out is gitclaw's egress proxy (src/egress/proxy.ts): a root
// process (the holder below) makes a socket listening on 127.0.0.1 in the namespace and hands it to
// gitclaw over a Unix socket (SCM_RIGHTS; a path-named socket is reached across network
// namespaces). The proxy accepts the tool commands' connections on it, and the holder never reads
// what they send. A socket keeps the namespace it was made in, so the connections stay in there.
// Tool commands enter the namespace with nsenter (launchAs, src/tools/bash/process.ts) as the tool
// user, who cannot leave it or change it: that takes CAP_SYS_ADMIN / CAP_NET_ADMIN, which no
// process of the tool user has. Unsetting HTTP_PROXY only loses the way out.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  LIBC_SYMBOLS,
  libc,
  listenOnLoopback,
  oneByteMessage,
  sendFd,
  takeSentFd,
  unixListener,
} from "../../egress/libc.ts";
import { listenIntercepting, sendFds, takeSentFds } from "../../egress/intercept-sockets.ts";
import { startHolder } from "./holder.ts";

export interface NetworkNamespace {
  /** The holder's pid: tool commands enter the network namespace of this process. */
  pid: number;
  /** The proxy's port on the namespace's 127.0.0.1: HTTP_PROXY of the tool commands. */
  port: number;
  /** Ends the holder, and with it the namespace once no tool process is left in it. */
  close(): Promise<void>;
}

// Plain JavaScript for the holder: what tool commands try around the proxy, seen on the namespace's
// loopback. Every address is made local to the namespace (`ip route add local default dev lo`), so
// an attempt fails at once, answered by the kernel: a TCP reset (RST+ACK, sequence 0) from the
// address tried, or an ICMP port unreachable that quotes the datagram (a DNS query's name
// included). A packet socket reads those answers, behind a classic BPF filter that keeps only
// outgoing packets and none between 127.0.0.1 and itself (the proxy's connections, the commands' own
// servers); each refusal is printed as "drop <host or address> <tcp/port | udp/port | dns>". Without
// `ip`, attempts fail as unroutable and are not seen.
const OBSERVER = String.raw`
let observe;
const ip = Bun.which("ip", { PATH: (process.env.PATH ?? "") + ":/usr/sbin:/sbin" });
const routed = ip && [["route", "add", "local", "0.0.0.0/0", "dev", "lo"], ["-6", "route", "add", "local", "::/0", "dev", "lo"]]
  .every((args) => Bun.spawnSync([ip, ...args], { stdout: "ignore", stderr: "ignore" }).exitCode === 0);
if (routed) {
  const AF_PACKET = 17, SOCK_DGRAM = 2, ETH_P_ALL = 0x0300, SOL_SOCKET = 1, SO_ATTACH_FILTER = 26, MSG_DONTWAIT = 0x40;
  const fd = libc.socket(AF_PACKET, SOCK_DGRAM, ETH_P_ALL);
  // pkttype == OUTGOING, and not (IPv4 from 127.0.0.1 to 127.0.0.1): keep 1024 bytes.
  const program = [
    [0x20, 0, 0, 0xfffff004], [0x15, 0, 8, 4], [0x30, 0, 0, 0], [0x54, 0, 0, 0xf0], [0x15, 0, 4, 0x40],
    [0x20, 0, 0, 12], [0x15, 0, 2, 0x7f000001], [0x20, 0, 0, 16], [0x15, 1, 0, 0x7f000001],
    [0x06, 0, 0, 1024], [0x06, 0, 0, 0],
  ];
  const code = Buffer.alloc(program.length * 8);
  program.forEach(([op, jt, jf, k], i) => {
    code.writeUInt16LE(op, i * 8); code[i * 8 + 2] = jt; code[i * 8 + 3] = jf; code.writeUInt32LE(k >>> 0, i * 8 + 4);
  });
  const fprog = Buffer.alloc(16);
  fprog.writeUInt16LE(program.length, 0);
  fprog.writeBigUInt64LE(BigInt(ptr(code)), 8);
  if (fd >= 0 && libc.setsockopt(fd, SOL_SOCKET, SO_ATTACH_FILTER, ptr(fprog), 16) === 0) {
    const v6 = (b, at) => new URL("http://[" + [...Array(8)].map((_, i) => b.readUInt16BE(at + 2 * i).toString(16)).join(":") + "]").hostname.slice(1, -1);
    const header = (b, at) => b[at] >> 4 === 6
      ? { proto: b[at + 6], l4: at + 40, src: v6(b, at + 8), dst: v6(b, at + 24) }
      : { proto: b[at + 9], l4: at + (b[at] & 15) * 4, src: [...b.subarray(at + 12, at + 16)].join("."), dst: [...b.subarray(at + 16, at + 20)].join(".") };
    const qname = (b, at, end) => {
      const labels = [];
      for (let i = at; i < end && b[i] && b[i] < 64; i += b[i] + 1) labels.push(b.toString("latin1", i + 1, i + 1 + b[i]));
      const name = labels.join(".").toLowerCase();
      return /^[a-z0-9_-]+(\.[a-z0-9_-]+)+$/.test(name) ? name : "";
    };
    const refused = (b, n) => {
      const ip = header(b, 0);
      if (ip.proto === 6 && (b[ip.l4 + 13] & 0x14) === 0x14 && b.readUInt32BE(ip.l4 + 4) === 0)
        return [ip.src, "tcp/" + b.readUInt16BE(ip.l4)];
      if (!((ip.proto === 1 && b[ip.l4] === 3) || (ip.proto === 58 && b[ip.l4] === 1))) return;
      const inner = header(b, ip.l4 + 8);
      if (inner.proto !== 17) return;
      const port = b.readUInt16BE(inner.l4 + 2);
      return [(port === 53 && qname(b, inner.l4 + 20, n)) || inner.dst, port === 53 ? "dns" : "udp/" + port];
    };
    const buffer = Buffer.alloc(1024);
    observe = () => {
      for (;;) {
        const n = Number(libc.recvfrom(fd, ptr(buffer), buffer.length, MSG_DONTWAIT, null, null));
        if (n <= 0) return;
        const seen = n >= 20 && refused(buffer, n);
        if (seen && seen[0] !== "::1" && seen[0] !== "127.0.0.1") console.log("drop " + seen.join(" "));
      }
    };
    setInterval(observe, 100);
  }
}
`;

// Plain JavaScript for `bun -e`, run as root in the new namespace. Argument: the Unix socket where
// gitclaw waits for the proxy's listening socket. Brings the loopback up (SIOCSIFFLAGS, no `ip`
// needed), listens on 127.0.0.1 there and hands that socket to gitclaw (SCM_RIGHTS), whose proxy
// accepts the tool commands' connections on it (src/egress/tunnel.ts): the holder itself reads
// nothing a tool command sends. Prints "ready <pid> <port>", or fails with one line on stderr.
const HOLDER = String.raw`
const { dlopen, ptr } = require("bun:ffi");
const [handoffPath, portList] = process.argv.slice(1);
const libc = dlopen("libc.so.6", ${JSON.stringify(LIBC_SYMBOLS)}).symbols;
${oneByteMessage}
let port;
try {
  const SIOCGIFFLAGS = 0x8913, SIOCSIFFLAGS = 0x8914, IFF_UP = 0x1, AF_INET = 2, SOCK_DGRAM = 2;
  const fd = libc.socket(AF_INET, SOCK_DGRAM, 0);
  const ifreq = Buffer.alloc(40);
  ifreq.write("lo");
  if (fd < 0 || libc.ioctl(fd, SIOCGIFFLAGS, ptr(ifreq)) !== 0) throw new Error("the loopback cannot be read");
  ifreq.writeUInt16LE(ifreq.readUInt16LE(16) | IFF_UP, 16);
  if (libc.ioctl(fd, SIOCSIFFLAGS, ptr(ifreq)) !== 0) throw new Error("the loopback cannot be brought up");
  libc.close(fd);
  const listener = (${listenOnLoopback})(libc, ptr);
  (${sendFd})(libc, ptr, handoffPath, listener.fd);
  libc.close(listener.fd);
  port = listener.port;
  if (portList) {
    const intercepting = (${listenIntercepting})(libc, ptr, portList.split(",").map(Number));
    (${sendFds})(libc, ptr, handoffPath, intercepting);
    for (const fd of intercepting) libc.close(fd);
  }
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
${OBSERVER}
console.log("ready " + process.pid + " " + port);
for await (const _ of Bun.stdin.stream());
observe?.();
process.exit(0);
`;

/** Opens the namespace and hands the proxy's listening socket there to `serve`, or says why it cannot be had here. */
export async function openNetworkNamespace(options: {
  root: boolean;
  /**
   * Accepts the tool commands' connections on this listening socket (gitclaw's egress proxy), and
   * closes it; with `ports`, also those `intercepting` takes (src/egress/intercept-sockets.ts).
   */
  serve(listener: number, intercepting?: number[]): void;
  /** The ports to intercept connections to any address on, in the namespace. */
  ports?: readonly number[];
  /** Each attempt around the proxy the kernel refused: the host (a DNS query's name) or address, and what it was. */
  onRefused?: (host: string, kind: string) => void;
}): Promise<NetworkNamespace | string> {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-net-"));
  const handoff = unixListener(join(dir, "handoff.sock"));
  try {
    const ports = options.ports?.join(",") ?? "";
    const command = ["unshare", "--net", "--", process.execPath, "-e", HOLDER, "--", join(dir, "handoff.sock"), ports];
    const onLine = (line: string) => {
      const [word, host, kind] = line.split(" ");
      if (word === "drop" && host && kind) options.onRefused?.(host, kind);
    };
    const holder = await startHolder(command, options.root, onLine);
    if (typeof holder === "string") return `a network namespace cannot be made here (${holder})`;
    const listener = takeSentFd(handoff);
    if (listener === undefined) {
      await holder.close();
      return "a network namespace cannot be made here (its listening socket did not arrive)";
    }
    const intercepting = ports ? takeSentFds(handoff) : [];
    if (ports && intercepting.length === 0) {
      libc().close(listener);
      await holder.close();
      return "a network namespace cannot be made here (its intercepting sockets did not arrive)";
    }
    options.serve(listener, intercepting);
    const [pid, port] = holder.fields.map(Number);
    return { pid: pid!, port: port!, close: holder.close };
  } finally {
    libc().close(handoff);
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Why no network namespace can be made here, or undefined when one can (the doctor's probe). */
export async function networkNamespaceProbe(): Promise<string | undefined> {
  if (process.platform !== "linux") return `network namespaces need Linux, not ${process.platform}`;
  const root = process.getuid?.() === 0;
  const command = ["unshare", "--net", "--", "true"];
  const probe = Bun.spawn(root ? command : ["sudo", "-n", ...command], {
    stdin: "ignore",
    stdout: "ignore",
    stderr: "pipe",
  });
  if ((await probe.exited) === 0) return undefined;
  const said = (await new Response(probe.stderr).text()).trim().split("\n").at(-1);
  return root ? `unshare --net failed (${said})` : `neither root nor passwordless sudo with unshare --net (${said})`;
}
