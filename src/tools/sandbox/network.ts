// The tool commands' network: a network namespace of the run's own, whose only interface is its
// own loopback. Nothing outside is routed: no other host, no IPv6, no UDP, no DNS server (the
// host's 127.0.0.53 is not this loopback), none of the machine's local services, nor the cloud
// metadata address. The one way out is gitclaw's egress proxy (src/egress/proxy.ts): a root
// process (the holder below) lives in the namespace, listens on 127.0.0.1 there and carries each
// connection to the proxy's Unix socket, which path-named sockets reach across network namespaces.
// Tool commands enter the namespace with nsenter (launchAs, src/tools/bash/process.ts) as the tool
// user, who cannot leave it or change it: that takes CAP_SYS_ADMIN / CAP_NET_ADMIN, which no
// process of the tool user has. Unsetting HTTP_PROXY only loses the way out.
import { relayHandlers } from "../../egress/relay.ts";
import { startHolder } from "./holder.ts";

export interface NetworkNamespace {
  /** The holder's pid: tool commands enter the network namespace of this process. */
  pid: number;
  /** The forwarder's port on the namespace's 127.0.0.1: HTTP_PROXY of the tool commands. */
  port: number;
  /** Ends the holder, and with it the namespace once no tool process is left in it. */
  close(): Promise<void>;
}

// Plain JavaScript for `bun -e`, run as root in the new namespace. Argument: the proxy's socket.
// Brings the loopback up (SIOCSIFFLAGS, no `ip` needed), then forwards 127.0.0.1:<port> to the
// socket. Prints "ready <pid> <port>", or fails with one line on stderr.
const HOLDER = String.raw`
const { dlopen, ptr } = require("bun:ffi");
const [socketPath] = process.argv.slice(1);
try {
  const libc = dlopen("libc.so.6", {
    socket: { args: ["i32", "i32", "i32"], returns: "i32" },
    ioctl: { args: ["i32", "u64", "ptr"], returns: "i32" },
    close: { args: ["i32"], returns: "i32" },
  });
  const SIOCGIFFLAGS = 0x8913, SIOCSIFFLAGS = 0x8914, IFF_UP = 0x1, AF_INET = 2, SOCK_DGRAM = 2;
  const fd = libc.symbols.socket(AF_INET, SOCK_DGRAM, 0);
  const ifreq = Buffer.alloc(40);
  ifreq.write("lo");
  if (fd < 0 || libc.symbols.ioctl(fd, SIOCGIFFLAGS, ptr(ifreq)) !== 0) throw new Error("the loopback cannot be read");
  ifreq.writeUInt16LE(ifreq.readUInt16LE(16) | IFF_UP, 16);
  if (libc.symbols.ioctl(fd, SIOCSIFFLAGS, ptr(ifreq)) !== 0) throw new Error("the loopback cannot be brought up");
  libc.symbols.close(fd);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
// The relay of src/egress/relay.ts, from its source: each connection to the proxy's socket, both ways.
const relay = (${relayHandlers})();
const fresh = () => ({ pending: null, early: [] });
const server = Bun.listen({
  hostname: "127.0.0.1",
  port: 0,
  socket: {
    ...relay,
    open(client) {
      client.data = fresh();
      Bun.connect({ unix: socketPath, data: fresh(), socket: relay }).then(
        (proxy) => relay.link(client, proxy),
        () => client.end(),
      );
    },
  },
});
console.log("ready " + process.pid + " " + server.port);
for await (const _ of Bun.stdin.stream());
process.exit(0);
`;

/** Opens the namespace with its forwarder to `socketPath`, or says why it cannot be had here. */
export async function openNetworkNamespace(options: {
  root: boolean;
  socketPath: string;
}): Promise<NetworkNamespace | string> {
  const command = ["unshare", "--net", "--", process.execPath, "-e", HOLDER, "--", options.socketPath];
  const holder = await startHolder(command, options.root);
  if (typeof holder === "string") return `a network namespace cannot be made here (${holder})`;
  const [pid, port] = holder.fields.map(Number);
  return { pid: pid!, port: port!, close: holder.close };
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
