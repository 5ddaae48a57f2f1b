// What egress control costs a tool command (#30): the same curl, run as the sandbox's tool user
// through the real launch path (startProcess), once confined to the allowlist (its network
// namespace, gitclaw's proxy and its zero-copy tunnel) and once with "network": "open" straight to the
// server. Both on loopback: a server on 127.0.0.2, named bench.test for the proxy's resolver.
// Figures: the wall time of a command's first (small) request, and the throughput of a 100 MB
// download. Needs root or passwordless sudo, and curl.
import { prepareConfinedSandbox } from "../src/egress/egress.ts";
import { startProcess } from "../src/tools/bash/process.ts";
import type { Sandbox } from "../src/sandbox/sandbox.ts";
import { readFileSync } from "node:fs";
import { loopbackListener } from "../src/egress/libc.ts";
import { egressPolicy } from "../src/egress/policy.ts";
import { startEgressProxy } from "../src/egress/proxy.ts";
import { alternate, median, ms, ratio, summary, tempDir, type BenchContext, type Benchmark } from "./lib.ts";

const BIG = 100 * 1024 * 1024;
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
async function listening(script: string): Promise<{ port: number; pid: number; stop(): void }> {
  const child = Bun.spawn([process.execPath, "-e", script], { stdout: "pipe", stderr: "inherit" });
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

/** The loopback server, in a process of its own as a real server would be: not in the proxy's event loop. */
async function startServer(): Promise<{ port: number; pid: number; stop(): void }> {
  const script = `const big = Buffer.alloc(${BIG}, 7);
    const server = Bun.serve({ hostname: "127.0.0.2", port: 0,
      fetch: (request) => new Response(new URL(request.url).pathname === "/big" ? big : "ok\\n") });
    console.log(server.port);`;
  return listening(script);
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

/** Where a missed throughput target goes: the bare tunnel against no tunnel, in the same rounds, with the CPU each took. */
async function tunnelBreakdown(ctx: BenchContext, server: { port: number; pid: number }): Promise<string> {
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
    return (
      `egress: the proxy's tunnel alone (its splice(2) threads on a listening socket of the host: no namespace, no name to resolve) between curl and the server gives ${t.toFixed(0)} MB/s against ${d.toFixed(0)} MB/s direct (${ratio(t, d)}, medians of ${ctx.reps} alternating rounds, curl run by the benchmark). ` +
      `CPU per download, in ms: direct, ${perDownload(cpu.direct, rounds.direct.length)}; through the tunnel, ${perDownload(cpu.tunnel, rounds.tunnel.length)}. ` +
      "No byte is copied in user space, but every byte crosses two TCP connections on the loopback instead of one: the second one's kernel work (the tunnel threads', and curl's part of it) is added to what curl and the server do, on a machine whose cores they already keep busy."
    );
  } finally {
    await tunnel.stop();
  }
}

async function sandboxes(workspace: string) {
  const options = { mode: "auto", workspace, agentOnly: [".git", "state"], secretDirs: [], path: PATH } as const;
  // The bench's own server, on this machine's loopback: declared, as a hosts file would.
  const resolve = async (host: string) => ({ addresses: host === "bench.test" ? ["127.0.0.2"] : [], declared: true });
  const confined = await prepareConfinedSandbox(options, { config: { allow: ["bench.test"] }, resolve });
  const open = await prepareConfinedSandbox(options, { config: "open" });
  if (!open.sandbox.isolated) throw new Error(`egress: no sandbox here: ${open.sandbox.reason}`);
  return { confined, open };
}

export const egress = {
  name: "egress",
  title: "egress control: a tool command's request through the proxy",
  method:
    'As the sandbox\'s tool user through startProcess, `curl` against a loopback server (127.0.0.2): confined to an allowlist (network namespace, proxy and its splice tunnel; the name resolved by the proxy) against `"network": "open"` straight to the address. A small request: the whole command\'s wall time; a 100 MB download: curl\'s own throughput. Alternating, 1 warm-up round.',
  defaultReps: 7,
  async run(ctx: BenchContext) {
    const server = await startServer();
    const workspace = tempDir("egress");
    const { confined, open } = await sandboxes(workspace);
    const url = (host: string, path: string) => `http://${host}:${server.port}${path}`;
    const timed = async (sandbox: Sandbox, env: Record<string, string>, command: string) => {
      const started = performance.now();
      await asTool(sandbox, env, command);
      return performance.now() - started;
    };
    const speed = async (sandbox: Sandbox, env: Record<string, string>, target: string) =>
      Number(await asTool(sandbox, env, `curl -sS -o /dev/null -w '%{speed_download}' ${target}`)) / 1e6;
    try {
      ctx.log(" first request (whole command, ms):");
      const first = await alternate(
        ctx,
        {
          proxied: () =>
            timed(confined.sandbox, confined.egress.env, `curl -sS -o /dev/null ${url("bench.test", "/")}`),
          direct: () => timed(open.sandbox, {}, `curl -sS -o /dev/null ${url("127.0.0.2", "/")}`),
        },
        { warmup: 1 },
      );
      ctx.log(" 100 MB download (MB/s):");
      const mbps = (x: number) => `${x.toFixed(0)} MB/s`;
      const download = await alternate(
        ctx,
        {
          proxied: () => speed(confined.sandbox, confined.egress.env, url("bench.test", "/big")),
          direct: () => speed(open.sandbox, {}, url("127.0.0.2", "/big")),
        },
        { warmup: 1, fmt: mbps },
      );
      const [p, d] = [median(first.proxied), median(first.direct)];
      const [tp, td] = [median(download.proxied), median(download.direct)];
      ctx.log(`  ${summary("proxied", first.proxied)}\n  ${summary("direct", first.direct)}`);
      ctx.log(`  ${summary("proxied", download.proxied, mbps)}\n  ${summary("direct", download.direct, mbps)}`);
      return {
        rows: [
          {
            figure: "a tool command's first allowed request (curl, small response): added time",
            gitclaw: `${ms(p)} (+${ms(p - d)})`,
            reference: `${ms(d)} (open network)`,
            ratio: ratio(p, d),
            target: "≤ +50 ms",
            met: p - d <= 50,
          },
          {
            figure: "100 MB download through the proxy: throughput",
            gitclaw: mbps(tp),
            reference: `${mbps(td)} (open network)`,
            ratio: ratio(tp, td, 0.8),
            target: "≥ 0.8×",
            met: tp / td >= 0.8,
          },
        ],
        notes: tp / td >= 0.8 ? [] : [await tunnelBreakdown(ctx, server)],
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
