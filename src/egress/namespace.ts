// The tool commands' network: a network namespace of the run's own, whose only interface is its
// own loopback (egress.ts hands it to the sandbox, as SandboxOptions.network). Nothing outside is
// routed: no other host, no IPv6, no UDP, no DNS server (the host's 127.0.0.53 is not this
// loopback), none of the machine's local services, nor the cloud metadata address. The one way out
// is gitclaw's egress proxy (proxy.ts): a root process (the holder, namespace-holder.ts) makes a
// socket listening on 127.0.0.1 in the namespace and hands it to gitclaw over a Unix socket
// (SCM_RIGHTS, handoff.ts). The proxy accepts the tool commands' connections on it, and the holder
// never reads what they send. A socket keeps the namespace it was made in, so the connections stay in there.
// Tool commands enter the namespace with nsenter (launchAs, src/tools/bash/process.ts) as the tool
// user, who cannot leave it or change it: that takes CAP_SYS_ADMIN / CAP_NET_ADMIN, which no
// process of the tool user has. Unsetting HTTP_PROXY only loses the way out.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { isolatedFile, isolatedScript } from "../isolated.ts";
import { LINUX } from "../linux.ts";
import { startHolder } from "../sandbox/holder.ts";
import type { ConfinedNetwork } from "../sandbox/sandbox.ts";
import * as handoffFile from "./handoff.ts";
import { LIBC_SYMBOLS, libc, takeSentFd, takeSentFds, unixListener } from "./libc.ts";
import * as holderFile from "./namespace-holder.ts";
import * as refusalsFile from "./refusals.ts";
import * as interceptFile from "./intercept-handoff.ts";

// The holder's script: namespace-holder.ts with the files it calls, the constants and libc's symbols.
const HOLDER = isolatedScript([holderFile, handoffFile, refusalsFile, interceptFile], holderFile.holdNetworkNamespace, [
  'require("bun:ffi")',
  JSON.stringify(LINUX),
  JSON.stringify(LIBC_SYMBOLS),
  isolatedFile(handoffFile),
  isolatedFile(refusalsFile),
  isolatedFile(interceptFile),
]);

/** The most intercepting sockets taken from the holder's one message (DNS's, then one per port). */
const MAX_INTERCEPTING = 64;

/** Opens the namespace and hands the proxy's listening socket there to `serve`, or says why it cannot be had here. */
export async function openNetworkNamespace(options: {
  root: boolean;
  /**
   * Accepts the tool commands' connections on this listening socket (gitclaw's egress proxy), and
   * closes it; with `ports`, also those `intercepting` takes (src/egress/intercept-handoff.ts).
   */
  serve(listener: number, intercepting?: number[]): void;
  /** The ports to intercept connections to any address on, in the namespace. */
  ports?: readonly number[];
  /** Each attempt around the proxy the kernel refused: the host (a DNS query's name) or address, and what it was. */
  onRefused?: (host: string, kind: string) => void;
}): Promise<ConfinedNetwork | string> {
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
    const intercepting = ports ? takeSentFds(handoff, MAX_INTERCEPTING) : [];
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
