// The egress proxy under abuse (#37), through the real stages: a tool command that invents host names
// (HTML, mentions, 2 KB each, dozens of them) gets them into gitclaw's reply only escaped, without a
// mention, and bounded; one that opens more connections than the proxy takes gets the excess refused,
// and the reply counts them. The proxy's memory and timeouts: test/unit/egress/proxy-limits.test.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { checkoutWithConfig, createWorld, OWNER, REPO, type World } from "../e2e/support.ts";
import { hostedRunner, toolResults, type HostedRunner } from "./support.ts";

let world: World;
const runners: HostedRunner[] = [];

beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
});
afterAll(async () => {
  for (const runner of runners) runner.cleanup();
  await world.stop();
});

const bash = (command: string) => ({ name: "bash", input: { command } });

/** One issue answered on a hosted-like runner under `allow: ["allowed.test"]`; the run and gitclaw's comments. */
async function converse(commands: string[], env: Record<string, string> = {}) {
  await checkoutWithConfig(world, { network: { allow: ["allowed.test"] } });
  const runner = await hostedRunner(world);
  runners.push(runner);
  const issue = world.gh.createIssue({ title: "Fetch things", body: "Please fetch.", user: "alice" });
  world.model.script([{ toolCalls: commands.map(bash) }, { text: "Done." }]);
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
    ...runner.context,
    env: { ...runner.context.env, ...env },
  });
  const comments = world.gh.comments(issue.number).filter((comment) => comment.user?.login !== "alice");
  return { run, comments, results: toolResults(world) };
}

/** Bash that sends one CONNECT for `$name` to the proxy and prints its status line. */
const CONNECT = `exec 3<>/dev/tcp/127.0.0.1/\${HTTP_PROXY##*:}; printf 'CONNECT %s:443 HTTP/1.1\\r\\n\\r\\n' "$name" >&3; head -c 12 <&3; echo; exec 3<&-`;

describe("host names a tool invents", () => {
  const HOSTILE = "</summary></details><h2>owned@octocat</h2><img/src='x'>";
  let reply: string;
  let comments: number;
  beforeAll(async () => {
    const invented = `for i in $(seq 1 40); do name="$(head -c 2000 /dev/zero | tr '\\0' a)-$i.test"; ${CONNECT}; done | sort | uniq -c`;
    const hostile = `name="${HOSTILE}"; ${CONNECT}`;
    const conversation = await converse([hostile, invented]);
    expect(conversation.run.stages.agent?.exitCode, conversation.run.logs).toBe(0);
    expect(conversation.results[1]).toContain("40 HTTP/1.1 403");
    reply = conversation.comments.map((comment) => comment.body).join("\n");
    comments = conversation.comments.length;
  });

  it("reach the reply escaped, without HTML or a mention", () => {
    // The note up to its end (the steps list shows the command itself, in a code span, as the note its names).
    const start = reply.indexOf("<details><summary>🛡️ Network:");
    const note = reply.slice(start, reply.indexOf("\n\n</details>", start));
    expect(start).toBeGreaterThanOrEqual(0);
    expect(note).toContain("…and 31 more hosts");
    // Outside code spans (which render as written) no HTML of the name is left.
    expect(note.replace(/`[^`\n]*`/g, "")).not.toMatch(/<(h2|img|\/details)/);
    expect(note).not.toMatch(/@octocat/);
    expect(note).toContain("&lt;/summary&gt;&lt;/details&gt;&lt;h2&gt;owned@\u200Boctocat");
    expect(note).toContain("- `</summary></details><h2>owned@\u200Boctocat</h2><img/src='x'>`: 1 attempt;");
  });

  it("are listed up to a bound, long names shortened, with a count of the rest", () => {
    expect(comments).toBe(1);
    expect(reply.length).toBeLessThan(12_000);
    expect(reply).toMatch(/41 blocked attempts to 41 hosts not allowed/);
    expect(reply).toMatch(/- …and 31 more hosts \(31 attempts\)/);
    expect(reply).not.toContain("a".repeat(200));
  });
});

describe("more connections than the proxy takes", () => {
  it("are refused past the bound, and the reply counts them", async () => {
    // Twelve connections held open at once (each waits for its answer), where the proxy takes four.
    const flood = `for i in $(seq 1 12); do (exec 3<>/dev/tcp/127.0.0.1/\${HTTP_PROXY##*:}; head -c 12 <&3; echo) & done; sleep 5; kill $(jobs -p) 2>/dev/null; wait; echo flooded`;
    const conversation = await converse([flood], { GITCLAW_EGRESS_MAX_CONNECTIONS: "4" });
    expect(conversation.run.stages.agent?.exitCode, conversation.run.logs).toBe(0);
    const refused = conversation.results[0]!.match(/HTTP\/1\.1 503/g) ?? [];
    expect(refused.length).toBeGreaterThanOrEqual(8);
    const reply = conversation.comments.at(-1)?.body ?? "";
    expect(reply).toMatch(/🛡️ Network: [\s\S]*\b\d+ connections refused: the proxy takes at most 4 at once/);
  });
});
