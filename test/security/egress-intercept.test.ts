// Egress for real builds (#40), through the real stages: tool commands that ignore the proxy
// variables (a Java-like raw TCP client, ssh, openssl) reach allowed hosts by name, through the DNS
// stand-in and the connections the namespace intercepts, and nothing else; the job's service
// containers (a Postgres-like server on the runner's localhost) answer when the policy allows their
// port, and are named in the reply when it does not. Everything stays on loopback: names are mapped
// to 127.0.0.x by a hosts file the proxy reads (GITCLAW_EGRESS_HOSTS), servers listen in the test's
// own network namespace.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, createWorld, OWNER, REPO, type World } from "../e2e/support.ts";
import { hostedRunner, toolResults, type HostedRunner } from "./support.ts";

interface Recorder {
  port: number;
  /** Each connection's first bytes, hex. */
  seen: string[];
  stop(): void;
}

/** A TCP server on `hostname`: `greeting` on connect (a server that speaks first), `answer` to the first bytes. */
function tcpServer(hostname: string, reply: { greeting?: string; answer?: string }): Recorder {
  const seen: string[] = [];
  const server = Bun.listen<{ first: boolean }>({
    hostname,
    port: 0,
    socket: {
      open: (socket) => {
        socket.data = { first: true };
        if (reply.greeting) socket.write(reply.greeting);
      },
      data: (socket, bytes) => {
        if (!socket.data.first) return;
        socket.data.first = false;
        seen.push(Buffer.from(bytes).toString("hex"));
        if (reply.answer) socket.end(reply.answer);
      },
    },
  });
  return { port: server.port, seen, stop: () => server.stop(true) };
}

let world: World;
let postgres: Recorder;
let raw: Recorder;
let sshd: Recorder;
let tls: Recorder;
let evil: Recorder;
let dir: string;
let env: Record<string, string>;
const runners: HostedRunner[] = [];

beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
  postgres = tcpServer("127.0.0.1", { answer: "pong from the database\n" });
  raw = tcpServer("127.0.0.2", { answer: "hello from allowed.test\n" });
  // It ends the connection once the client sent its own banner: ssh then gives up at once.
  sshd = tcpServer("127.0.0.2", { greeting: "SSH-2.0-standin\r\n", answer: "\r\n" });
  // No TLS server: it records the ClientHello and ends the connection, which is all the test needs.
  tls = tcpServer("127.0.0.2", { answer: "not TLS\n" });
  evil = tcpServer("127.0.0.3", { answer: "hello from evil.test\n" });
  dir = mkdtempSync(join(tmpdir(), "gitclaw-intercept-test-"));
  writeFileSync(join(dir, "hosts"), "127.0.0.2 allowed.test\n127.0.0.3 evil.test\n");
  env = { GITCLAW_EGRESS_HOSTS: join(dir, "hosts") };
});
afterAll(async () => {
  for (const server of [postgres, raw, sshd, tls, evil]) server?.stop();
  for (const runner of runners) runner.cleanup();
  rmSync(dir, { recursive: true, force: true });
  await world.stop();
});

const bash = (command: string) => ({ name: "bash", input: { command } });
const UNSET = "unset HTTP_PROXY HTTPS_PROXY ALL_PROXY http_proxy https_proxy all_proxy NODE_USE_ENV_PROXY";

/** One issue answered on a hosted-like runner with `config` and the job's services; the tool results, the reply, the summary. */
async function converse(config: object, commands: string[]) {
  await checkoutWithConfig(world, config);
  const runner = await hostedRunner(world);
  runners.push(runner);
  const issue = world.gh.createIssue({ title: "Build", body: "Please run the tests.", user: "alice" });
  world.model.script([{ toolCalls: commands.map(bash) }, { text: "Done." }]);
  const services = { postgres: { ports: { "5432": String(postgres.port) } } };
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
    ...runner.context,
    services,
    env: { ...runner.context.env, ...env },
  });
  expect(run.stages.agent?.exitCode, run.logs).toBe(0);
  const reply = world.gh.comments(issue.number).at(-1)?.body ?? "";
  return { results: toolResults(world), reply, summary: run.summary };
}

/** Bash that opens a raw TCP connection (no proxy), sends a line and prints the answer: a database driver, Java. */
const rawClient = (host: string, port: number) =>
  `${UNSET}; exec 3<>/dev/tcp/${host}/${port} && printf 'ping\\n' >&3 && head -c 200 <&3; echo "exit $?"`;

describe("tools that ignore the proxy variables, and the job's services", () => {
  let results: string[];
  let reply: string;
  beforeAll(async () => {
    const allow = [`allowed.test:${raw.port}`, `allowed.test:${sshd.port}`, `allowed.test:${tls.port}`, "services"];
    const ssh = `ssh -F /dev/null -o BatchMode=yes -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null -o ConnectTimeout=10 -p ${sshd.port} git@allowed.test true`;
    const openssl = (name: string) =>
      `${UNSET}; openssl s_client -connect allowed.test:${tls.port} -servername ${name} </dev/null >/dev/null 2>&1; echo "exit $?"`;
    const conversation = await converse({ network: { allow } }, [
      `${UNSET}; getent hosts allowed.test; getent hosts evil.test; echo "getent $?"`,
      rawClient("allowed.test", raw.port),
      rawClient("evil.test", evil.port),
      rawClient("127.0.0.3", evil.port),
      `${UNSET}; ${ssh} 2>&1 | tail -1; echo "ssh done"`,
      openssl("evil.test"),
      openssl("allowed.test"),
      rawClient("localhost", postgres.port),
      rawClient("127.0.0.1", postgres.port),
    ]);
    results = conversation.results;
    reply = conversation.reply;
  });

  it("resolves an allowed name to an address that stands for it, and no other name", () => {
    expect(results[0]).toMatch(/^198\.1[89]\.\d+\.\d+\s+allowed\.test\n/);
    expect(results[0]).toMatch(/getent [1-9]/);
  });

  it("lets a raw TCP client reach an allowed host:port, without proxy variables", () => {
    expect(results[1]).toContain("hello from allowed.test");
    expect(raw.seen).toEqual([Buffer.from("ping\n").toString("hex")]);
  });

  it("refuses another host, by name and by address", () => {
    expect(results[2]).toMatch(/exit [1-9]/);
    expect(results[3]).toMatch(/exit [1-9]/);
    expect(evil.seen).toEqual([]);
  });

  it("lets ssh reach an allowed host:port", () => {
    expect(sshd.seen.length).toBe(1);
    expect(Buffer.from(sshd.seen[0]!, "hex").toString()).toMatch(/^SSH-2\.0-OpenSSH/);
  });

  it("refuses a TLS connection to an allowed name whose SNI names another host, and passes one that names it", () => {
    expect(results[5]).toMatch(/exit [1-9]/);
    expect(tls.seen.length).toBe(1);
    expect(tls.seen[0]!.slice(0, 2)).toBe("16");
  });

  it("reaches the job's service on the runner's localhost, as localhost and as 127.0.0.1", () => {
    expect(results[7]).toContain("pong from the database");
    expect(results[8]).toContain("pong from the database");
  });

  it("names the refused hosts in the reply: the DNS name, the SNI, the address", () => {
    expect(reply).toContain("`evil.test`");
    expect(reply).toContain("(around the proxy: dns, tls through allowed.test)");
  });
});

describe("a service port the policy does not allow", () => {
  it("is refused, and named in the reply with the line that allows it", async () => {
    const { results, reply } = await converse({ network: { allow: ["github"] } }, [
      rawClient("localhost", postgres.port),
    ]);
    // The namespace takes the connection (the job's service port is intercepted) and closes it unanswered.
    expect(results[0]).not.toContain("pong");
    expect(postgres.seen).toHaveLength(2);
    expect(reply).toContain(
      `- \`localhost:${postgres.port}\`: 1 attempt (around the proxy: tcp/${postgres.port}); to allow it: \`"network": {"allow":["github","localhost:${postgres.port}"]}\``,
    );
  });
});

describe('"network": "audit"', () => {
  it("says first that the run was not confined, and ends with the line that, pasted, lets the same run pass confined", async () => {
    const web = Bun.serve({ hostname: "127.0.0.2", port: 0, fetch: () => new Response("hello over http\n") });
    try {
      const commands = [
        `curl -sS http://allowed.test:${web.port}/audited`,
        rawClient("allowed.test", raw.port),
        rawClient("localhost", postgres.port),
      ];
      const audited = await converse({ network: "audit" }, commands);
      expect(audited.reply.split("\n")[0]).toBe(
        '⚠️ **This run was not confined**: `"network": "audit"` let tool commands reach any host; what they reached is recorded below.',
      );
      expect(audited.results[0]).toContain("hello over http");
      expect(audited.results[2]).toContain("pong from the database");
      const line = `"network": {"allow":["allowed.test","services","allowed.test:${raw.port}"]}`;
      expect(audited.reply).toContain(`\`\`\`json\n${line}\n\`\`\``);
      expect(audited.summary).toContain(line);

      const allow = JSON.parse(line.slice('"network": '.length)).allow as string[];
      const confined = await converse({ network: { allow } }, commands);
      expect(confined.reply).not.toContain("not confined");
      expect(confined.results[0]).toContain("hello over http");
      expect(confined.results[1]).toContain("hello from allowed.test");
      expect(confined.results[2]).toContain("pong from the database");
      expect(confined.reply).not.toContain("🛡️ Network");
    } finally {
      web.stop(true);
    }
  });
});
