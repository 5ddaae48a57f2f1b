// The egress benchmark's two other settings (bench/egress.ts): a server across a link shaped to a
// runner's bandwidth, and many connections at once through the proxy. The link: a network namespace
// of the benchmark's own holding the server, joined to this one by a veth pair whose both ends a
// token bucket limits to 1 Gbit/s (tc tbf; this kernel has no netem, so no added delay: a delay
// would only make the proxy's share of the time smaller). Needs root, `ip` and `tc`.
export const LINK = { namespace: "gitclaw-bench-link", host: "10.231.0.1", server: "10.231.0.2", rate: "1gbit" };

const run = (args: string[]) => {
  const done = Bun.spawnSync(args, { stdout: "ignore", stderr: "pipe" });
  if (done.exitCode !== 0) throw new Error(`${args.join(" ")}: ${done.stderr.toString().trim()}`);
};

/** The namespace, its veth pair and their token buckets; undone by the returned function. */
export function shapedLink(): () => void {
  const { namespace, host, server, rate } = LINK;
  Bun.spawnSync(["ip", "netns", "del", namespace], { stderr: "ignore" });
  run(["ip", "netns", "add", namespace]);
  const undo = () => void Bun.spawnSync(["ip", "netns", "del", namespace], { stderr: "ignore" });
  try {
    run(["ip", "link", "add", "gcbench0", "type", "veth", "peer", "name", "gcbench1", "netns", namespace]);
    run(["ip", "addr", "add", `${host}/30`, "dev", "gcbench0"]);
    run(["ip", "link", "set", "gcbench0", "up"]);
    const inside = ["ip", "netns", "exec", namespace];
    run([...inside, "ip", "addr", "add", `${server}/30`, "dev", "gcbench1"]);
    run([...inside, "ip", "link", "set", "gcbench1", "up"]);
    run([...inside, "ip", "link", "set", "lo", "up"]);
    const bucket = ["root", "tbf", "rate", rate, "burst", "256kb", "latency", "20ms"];
    run(["tc", "qdisc", "add", "dev", "gcbench0", ...bucket]);
    run([...inside, "tc", "qdisc", "add", "dev", "gcbench1", ...bucket]);
  } catch (error) {
    undo();
    throw error;
  }
  return undo;
}

/** The command that runs `argv` in the link's namespace (the server's side). */
export const acrossTheLink = (argv: string[]) => ["ip", "netns", "exec", LINK.namespace, ...argv];

/**
 * `count` requests at once through the proxy, by the tool user (`curl` in the background, each to
 * `url`, which answers slowly so that they overlap): how many completed, and the peak of this
 * process's resident memory above what it was before, in MB (the proxy's threads live here).
 */
export async function concurrent(
  runAsTool: (command: string) => Promise<string>,
  url: string,
  count: number,
): Promise<{ completed: number; peakMb: number }> {
  const before = process.memoryUsage().rss;
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const command = `for i in $(seq 1 ${count}); do (curl -sS -o /dev/null -w '%{http_code}\\n' ${url} || echo failed) & done; wait`;
    const output = await runAsTool(command);
    const completed = output.split("\n").filter((line) => line.trim() === "200").length;
    return { completed, peakMb: (peak - before) / 1e6 };
  } finally {
    clearInterval(sampler);
  }
}
