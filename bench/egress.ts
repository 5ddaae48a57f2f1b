// What egress control costs a tool command (#30, #40): the same curl, run as the sandbox's tool user
// through the real launch path (startProcess), once confined to the allowlist (its network
// namespace, gitclaw's proxy and its zero-copy tunnel) and once with "network": "open" straight to the
// server: on the loopback (a server on 127.0.0.2, named bench.test for the proxy's resolver) and
// across a link shaped to a runner's bandwidth (bench/egress-link.ts, link.test). Figures: the wall
// time of a command's first (small) request, the throughput of a 100 MB download, the CPU it takes on
// the loopback, and 100 connections at once. Needs root, curl, `ip` and `tc`.
import { prepareConfinedSandbox } from "../src/egress/egress.ts";
import { startProcess } from "../src/tools/bash/process.ts";
import type { Sandbox } from "../src/sandbox/sandbox.ts";
import { readFileSync } from "node:fs";
import { loopbackListener } from "../src/egress/libc.ts";
import { egressPolicy } from "../src/egress/policy.ts";
import { startEgressProxy } from "../src/egress/proxy.ts";
import { alternate, median, ms, ratio, summary, tempDir, type BenchContext, type Benchmark, type Row } from "./lib.ts";
import { acrossTheLink, concurrent, LINK, shapedLink } from "./egress-link.ts";

const BIG = 100 * 1024 * 1024;
const CONCURRENT = 100;
const PATH = process.env.PATH ?? "/usr/bin:/bin";

/** Runs `command` as the tool user of `sandbox` with `env`; returns its output, failing on a non-zero exit. */
async function asTool(sandbox: Sandbox, env: Record<string, string>, command: string): Promise<string> {
  let output = "";
  const running = startProcess({
    command,
    cwd: "/",
    env: { PATH, ...env },
    timeoutMs: 120_000,
    signal: new AbortController().signal,
    onOutput: (bytes) => (output += Buffer.from(bytes).toString()),
    runAs: sandbox.isolated ? sandbox : undefined,
  });
  const outcome = await running.finished;
  if (outcome.exitCode !== 0) throw new Error(`${command} failed (${outcome.exitCode}): ${output}`);
  return output;
}

/** Runs `script` in a Bun process of its own; it prints the port it listens on. */
async function listening(
  script: string,
  wrap: (argv: string[]) => string[] = (argv) => argv,
): Promise<{ port: number; pid: number; stop(): void }> {
  const child = Bun.spawn(wrap([process.execPath, "-e", script]), { stdout: "pipe", stderr: "inherit" });
  const reader = child.stdout.getReader();
  const { value } = await reader.read();
  reader.releaseLock();
  return { port: Number(new TextDecoder().decode(value).trim()), pid: child.pid, stop: () => child.kill() };
}

/** The CPU time a process has used so far, in ms (the kernel counts it in ticks of 10 ms). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

/** The server, in a process of its own as a real server would be (not in the proxy's event loop); on the loopback, or across the shaped link. */
async function startServer(
  hostname = "127.0.0.2",
  wrap: (argv: string[]) => string[] = (argv) => argv,
): Promise<{ port: number; pid: number; stop(): void }> {
  const script = `const big = Buffer.alloc(${BIG}, 7);
    const server = Bun.serve({ hostname: "${hostname}", port: 0, idleTimeout: 60,
      fetch: async (request) => {
        const path = new URL(request.url).pathname;
        if (path === "/slow") await Bun.sleep(1000);
        return new Response(path === "/big" ? big : "ok\\n");
      } });
    console.log(server.port);`;
  return listening(script, wrap);
}

/** A bare tunnel: the proxy's threads (src/egress/tunnel.ts) on a listening socket of the host, no namespace, everything allowed. */
function startBareTunnel(): { port: number; stop(): Promise<void> } {
  const proxy = startEgressProxy(egressPolicy({ allow: ["127.0.0.2"] }, "/"));
  const listener = loopbackListener();
  proxy.serve(listener.fd);
  return { port: listener.port, stop: proxy.close };
}

/** CPU time (ms) summed over rounds: curl's, the server's, and this process's (the bare tunnel's threads). */
type CpuTotals = { curl: number; server: number; gitclaw: number };

/** curl's download speed in MB/s, run by the benchmark itself; adds the CPU it took to `cpu`. */
async function curlSpeed(args: string[], cpu?: CpuTotals, serverPid?: number): Promise<number> {
  const [server, own] = [serverPid ? cpuMsOf(serverPid) : 0, process.cpuUsage()];
  const child = Bun.spawn(["curl", "-sS", "-o", "/dev/null", "-w", "%{speed_download}", ...args], { stdout: "pipe" });
  const speed = Number(await new Response(child.stdout).text()) / 1e6;
  await child.exited;
  if (cpu && serverPid) {
    const used = process.cpuUsage(own);
    const curl = child.resourceUsage()?.cpuTime;
    cpu.curl += curl ? Number(curl.user + curl.system) / 1000 : 0;
    cpu.server += cpuMsOf(serverPid) - server;
    cpu.gitclaw += (used.user + used.system) / 1000;
  }
  return speed;
}

/** CPU per download, in ms. */
const perDownload = (cpu: CpuTotals, rounds: number) =>
  `curl ${(cpu.curl / rounds).toFixed(0)}, the server ${(cpu.server / rounds).toFixed(0)}, gitclaw's process ${(cpu.gitclaw / rounds).toFixed(0)}`;

/** The CPU each side takes per 100 MB on the loopback: the bare tunnel against no tunnel, in the same rounds. */
async function tunnelCpu(
  ctx: BenchContext,
  server: { port: number; pid: number },
): Promise<{ row: Row; note: string }> {
  const tunnel = startBareTunnel();
  const cpu = { direct: { curl: 0, server: 0, gitclaw: 0 }, tunnel: { curl: 0, server: 0, gitclaw: 0 } };
  const big = `http://127.0.0.2:${server.port}/big`;
  try {
    const rounds = await alternate(
      { ...ctx, log: () => {} },
      {
        direct: () => curlSpeed([big], cpu.direct, server.pid),
        tunnel: () => curlSpeed(["-x", `http://127.0.0.1:${tunnel.port}`, big], cpu.tunnel, server.pid),
      },
    );
    const [d, t] = [median(rounds.direct), median(rounds.tunnel)];
    const total = (side: CpuTotals, n: number) => (side.curl + side.server + side.gitclaw) / n;
    const [cd, ct] = [total(cpu.direct, rounds.direct.length), total(cpu.tunnel, rounds.tunnel.length)];
    const note =
      `egress: on the loopback, the proxy's tunnel alone (its threads and splice(2) mover on a listening socket of the host: no namespace, no name to resolve) between curl and the server gives ${t.toFixed(0)} MB/s against ${d.toFixed(0)} MB/s direct (${ratio(t, d)}, medians of ${ctx.reps} alternating rounds, curl run by the benchmark). ` +
      `CPU per 100 MB, in ms: direct, ${perDownload(cpu.direct, rounds.direct.length)}; through the tunnel, ${perDownload(cpu.tunnel, rounds.tunnel.length)}. ` +
      "No byte is copied in user space, but every byte crosses two TCP connections on the loopback instead of one.";
    const row = {
      figure: "100 MB on the loopback through the tunnel: CPU time, all sides (curl, server, gitclaw)",
      gitclaw: ms(ct),
      reference: `${ms(cd)} (direct)`,
      ratio: ratio(ct, cd),
      target: "≤ 2× direct",
      met: ct <= 2 * cd,
    };
    return { row, note };
  } finally {
    await tunnel.stop();
  }
}

async function sandboxes(workspace: string) {
  const options = { mode: "auto", workspace, agentOnly: [".git", "state"], secretDirs: [], path: PATH } as const;
  // The bench's own server, on this machine's loopback: declared, as a hosts file would.
  const known: Record<string, string> = { "bench.test": "127.0.0.2", "link.test": LINK.server };
  const resolve = async (host: string) => ({ addresses: known[host] ? [known[host]] : [], declared: true });
  // As many connections at once as the concurrency figure opens, and a few more.
  const limits = { maxConnections: CONCURRENT + 8, handshakeMs: 30_000, idleMs: 600_000 };
  const config = { allow: ["bench.test", "link.test"] };
  const confined = await prepareConfinedSandbox(options, { config, resolve, limits });
  const open = await prepareConfinedSandbox(options, { config: "open" });
  if (!open.sandbox.isolated) throw new Error(`egress: no sandbox here: ${open.sandbox.reason}`);
  return { confined, open };
}

export const egress = {
  name: "egress",
  title: "egress control: a tool command's request through the proxy",
  method:
    "As the sandbox's tool user through startProcess, `curl` confined to an allowlist (network namespace, proxy and its splice tunnel; the name resolved by the proxy) against `\"network\": \"open\"` straight to the address: against a server on the loopback (127.0.0.2), and against one in a namespace of its own across a veth pair whose ends `tc tbf` limits to 1 Gbit/s (bench/egress-link.ts; no netem in this kernel: no added delay). A small request: the whole command's wall time; a 100 MB download: curl's own throughput; alternating, 1 warm-up round. The loopback's CPU per 100 MB: curl, the server and gitclaw's process, through the bare tunnel against direct. 100 curls at once through the proxy to a response that takes 1 s: how many complete, and the peak of gitclaw's resident memory above its level before.",
  defaultReps: 7,
  async run(ctx: BenchContext) {
    const server = await startServer();
    const workspace = tempDir("egress");
    const { confined, open } = await sandboxes(workspace);
    const sides = { confined, open };
    try {
      const loopback = await compare(
        ctx,
        sides,
        (host) => `http://${host === "direct" ? "127.0.0.2" : "bench.test"}:${server.port}`,
        "on the loopback",
      );
      const cpu = await tunnelCpu(ctx, server);
      const link = await overTheLink(ctx, sides);
      ctx.log(` ${CONCURRENT} requests at once through the proxy:`);
      const burst = await concurrent(
        (command) => asTool(confined.sandbox, confined.egress.env, command),
        `http://bench.test:${server.port}/slow`,
        CONCURRENT,
      );
      ctx.log(`  ${burst.completed} completed; memory +${burst.peakMb.toFixed(1)} MB`);
      return {
        rows: [
          firstRow(loopback, "on the loopback", 50),
          { ...throughputRow(loopback, "on the loopback", 0), target: "reported (CPU below)", met: true },
          cpu.row,
          firstRow(link, `across a ${LINK.rate}/s link`, 10),
          throughputRow(link, `across a ${LINK.rate}/s link`, 0.95),
          {
            figure: `${CONCURRENT} connections at once through the proxy: completed; the proxy's added memory`,
            gitclaw: `${burst.completed} of ${CONCURRENT}; +${burst.peakMb.toFixed(0)} MB`,
            reference: "none dropped; < 50 MB",
            ratio: "",
            target: "all complete, < 50 MB",
            met: burst.completed === CONCURRENT && burst.peakMb < 50,
          },
        ],
        notes: [cpu.note],
      };
    } finally {
      for (const side of [confined, open]) {
        await side.sandbox.release();
        await side.egress.close();
      }
      server.stop();
    }
  },
} satisfies Benchmark;

type Sides = Awaited<ReturnType<typeof sandboxes>>;
type Compared = { first: Record<"proxied" | "direct", number[]>; download: Record<"proxied" | "direct", number[]> };
const mbps = (x: number) => `${x.toFixed(0)} MB/s`;

/** The first request's time and a 100 MB download's throughput, confined against open; `base` gives each side's URL. */
async function compare(
  ctx: BenchContext,
  sides: Sides,
  base: (side: "proxied" | "direct") => string,
  where: string,
): Promise<Compared> {
  const { confined, open } = sides;
  const timed = async (sandbox: Sandbox, env: Record<string, string>, command: string) => {
    const started = performance.now();
    await asTool(sandbox, env, command);
    return performance.now() - started;
  };
  const speed = async (sandbox: Sandbox, env: Record<string, string>, target: string) =>
    Number(await asTool(sandbox, env, `curl -sS -o /dev/null -w '%{speed_download}' ${target}`)) / 1e6;
  ctx.log(` first request ${where} (whole command, ms):`);
  const first = await alternate(
    ctx,
    {
      proxied: () => timed(confined.sandbox, confined.egress.env, `curl -sS -o /dev/null ${base("proxied")}/`),
      direct: () => timed(open.sandbox, {}, `curl -sS -o /dev/null ${base("direct")}/`),
    },
    { warmup: 1 },
  );
  ctx.log(` 100 MB download ${where} (MB/s):`);
  const download = await alternate(
    ctx,
    {
      proxied: () => speed(confined.sandbox, confined.egress.env, `${base("proxied")}/big`),
      direct: () => speed(open.sandbox, {}, `${base("direct")}/big`),
    },
    { warmup: 1, fmt: mbps },
  );
  ctx.log(`  ${summary("proxied", first.proxied)}\n  ${summary("direct", first.direct)}`);
  ctx.log(`  ${summary("proxied", download.proxied, mbps)}\n  ${summary("direct", download.direct, mbps)}`);
  return { first, download };
}

/** The same comparison with the server across the shaped link (bench/egress-link.ts). */
async function overTheLink(ctx: BenchContext, sides: Sides): Promise<Compared> {
  const undo = shapedLink();
  try {
    const server = await startServer(LINK.server, acrossTheLink);
    try {
      const base = (side: "proxied" | "direct") =>
        `http://${side === "direct" ? LINK.server : "link.test"}:${server.port}`;
      return await compare(ctx, sides, base, `across a ${LINK.rate}/s link`);
    } finally {
      server.stop();
    }
  } finally {
    undo();
  }
}

function firstRow({ first }: Compared, where: string, limitMs: number): Row {
  const [p, d] = [median(first.proxied), median(first.direct)];
  return {
    figure: `a tool command's first allowed request (curl, small response) ${where}: added time`,
    gitclaw: `${ms(p)} (+${ms(p - d)})`,
    reference: `${ms(d)} (open network)`,
    ratio: ratio(p, d),
    target: `≤ +${limitMs} ms`,
    met: p - d <= limitMs,
  };
}

function throughputRow({ download }: Compared, where: string, limit: number): Row {
  const [tp, td] = [median(download.proxied), median(download.direct)];
  return {
    figure: `100 MB download through the proxy ${where}: throughput`,
    gitclaw: mbps(tp),
    reference: `${mbps(td)} (open network)`,
    ratio: ratio(tp, td, limit || undefined),
    target: `≥ ${limit}×`,
    met: tp / td >= limit,
  };
}
