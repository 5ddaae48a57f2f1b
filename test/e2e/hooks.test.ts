// The repository's hooks (Copilot's .github/hooks/*.json), end to end with the sandbox on: main's
// preToolUse hook denies `rm -rf` (the model gets the reason, the run goes on), the other events'
// hooks run as the tool user with the event's JSON and no secret, an agentStop hook gives the agent
// one more turn (three at most), and a preToolUse hook that fails, times out or answers nonsense
// denies the call, which the reply says. A hook a pull request's head adds or loosens, one the agent
// writes, and an outsider's comment change nothing: only main's commit counts.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { commitFile, git } from "../support/git-repo.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { MODEL_KEY } from "../support/workflow.ts";
import { toolResults } from "../security/support.ts";
import { OWNER, REPO, TOKEN, useWorld, pullRequestAdding, runRecorded, type World } from "./support.ts";

// The hooks (the tool user) write here; the test's user owns the folder, so it can remove what they wrote.
const LOG_DIR = mkdtempSync(join(tmpdir(), "gitclaw-hooks-e2e-"));
chmodSync(LOG_DIR, 0o777);
const LOG = join(LOG_DIR, "hooks.log");
const target = { owner: OWNER, repo: REPO };

const GUARD = {
  version: 1,
  hooks: {
    sessionStart: [{ type: "command", bash: "bash .github/hooks/log.sh start", env: { HOOK_LOG: LOG } }],
    userPromptSubmitted: [{ type: "command", bash: "bash .github/hooks/log.sh prompt", env: { HOOK_LOG: LOG } }],
    preToolUse: [{ type: "command", bash: "bash .github/hooks/deny-rm.sh", timeoutSec: 10, comment: "no rm -rf" }],
    postToolUse: [{ type: "command", bash: "bash .github/hooks/log.sh post", env: { HOOK_LOG: LOG } }],
    sessionEnd: [{ type: "command", bash: "bash .github/hooks/log.sh end", env: { HOOK_LOG: LOG } }],
  },
};
const STOP = { version: 1, hooks: { agentStop: [{ type: "command", bash: "bash stop.sh", cwd: ".github/hooks" }] } };
// One line per event: its name, who ran it, what it was given; the environment once, at the start.
const LOG_SH = `input=$(cat)
printf '%s %s %s\\n' "$1" "$(id -un)" "$input" >> "$HOOK_LOG"
if [ "$1" = start ]; then env >> "$HOOK_LOG"; fi
`;
const DENY_RM_SH = `input=$(cat)
if printf '%s' "$input" | grep -q 'rm -rf'; then
  printf '{"permissionDecision":"deny","permissionDecisionReason":"rm -rf is not allowed here (checked as %s in %s)"}\\n' "$(id -un)" "$PWD"
fi
`;
const STOP_SH = `cwd=$(sed -n 's/.*"cwd":"\\([^"]*\\)".*/\\1/p')
if [ -f "$cwd/TODO.md" ]; then echo '{"decision":"block","reason":"TODO.md is still there: do it, then delete it."}'; fi
`;
const CLAUDE_SETTINGS = { hooks: { PreToolUse: [{ matcher: "Bash", hooks: [{ type: "command", command: "true" }] }] } };
const DENIES_ALL = {
  version: 1,
  hooks: {
    preToolUse: [{ type: "command", bash: `echo '{"permissionDecision":"deny","permissionDecisionReason":"evil"}'` }],
  },
};

const world = useWorld(
  [
    { login: "alice", permission: "write" },
    { login: "eve", permission: "read" },
  ],
  {
    ".github/hooks/guard.json": JSON.stringify(GUARD),
    ".github/hooks/stop.json": JSON.stringify(STOP),
    ".github/hooks/log.sh": LOG_SH,
    ".github/hooks/deny-rm.sh": DENY_RM_SH,
    ".github/hooks/stop.sh": STOP_SH,
    ".claude/settings.json": JSON.stringify(CLAUDE_SETTINGS),
    "src/app.ts": "export const app = 1;\n",
    ".github/gitclaw.json": JSON.stringify({ tasks: { enabled: true } }),
  },
);
afterAll(() => rmSync(LOG_DIR, { recursive: true, force: true }));

const hookLog = () => (existsSync(LOG) ? readFileSync(LOG, "utf8") : "");
const reasonFor = (text: string) =>
  `The repository's agentStop hook .github/hooks/stop.json#agentStop[0] asks you to go on: ${text}`;
const STOP_REASON = reasonFor("TODO.md is still there: do it, then delete it.");
const DENIED_RM =
  "Denied by the repository's preToolUse hook .github/hooks/guard.json#preToolUse[0]: rm -rf is not allowed here (checked as gitclaw-tool in /tmp/gitclaw-hooks-";

/** A commit on origin's main, as a person's merge makes it: `null` deletes the file. */
async function pushToMain(files: Record<string, string | null>): Promise<void> {
  const clone = await world.checkout();
  for (const [path, content] of Object.entries(files))
    if (content === null) await git(clone, "rm", "-q", path);
    else await commitFile(clone, path, content);
  await git(clone, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "main moves", "--allow-empty");
  await git(clone, "push", "-q", "origin", "HEAD:main");
}

async function openIssue(title: string, script: Parameters<World["model"]["script"]>[0]) {
  const issue = world.gh.createIssue({ title, body: `${title}, please.`, user: "alice" });
  world.model.script(script);
  const recorded = await runRecorded(world, "issues", issueOpenedPayload({ ...target, issue }));
  expect(recorded.run.stages.agent!.exitCode, recorded.run.logs).toBe(0);
  return { ...recorded, issue };
}

describe("the default branch's hooks", () => {
  it("deny rm -rf as the tool user from main's files, the run going on; every event's hook runs, given no secret", async () => {
    const { run, issue } = await openIssue("Clean up", [
      { toolCalls: [{ name: "bash", input: { command: "rm -rf src" } }] },
      { toolCalls: [{ name: "bash", input: { command: "echo fine && ls src" } }] },
      { text: "Cleaned what I was allowed to." },
    ]);

    const results = toolResults(world);
    expect(results[0]).toContain(DENIED_RM);
    expect(results[1]).toContain("fine\napp.ts");
    expect(await world.onOrigin("src/app.ts")).toBe("export const app = 1;\n");

    const log = hookLog();
    expect(log).toMatch(
      /^start gitclaw-tool \{"timestamp":\d+,"cwd":"[^"]+","source":"new","initialPrompt":".*Clean up, please\./m,
    );
    expect(log).toMatch(/^prompt gitclaw-tool \{"timestamp":\d+,"cwd":"[^"]+","prompt":".*Clean up, please\./m);
    expect(log).toContain(
      `"toolName":"bash","toolArgs":"{\\"command\\":\\"rm -rf src\\"}","toolResult":{"resultType":"denied"`,
    );
    expect(log).toMatch(
      /^post gitclaw-tool .*"toolArgs":"\{\\"command\\":\\"echo fine && ls src\\"\}","toolResult":\{"resultType":"success","textResultForLlm":"fine\\napp.ts/m,
    );
    expect(log).toMatch(/^end gitclaw-tool \{"timestamp":\d+,"cwd":"[^"]+","reason":"complete"\}$/m);
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(MODEL_KEY);

    expect(run.summary).toMatch(/### Hooks \(main at [0-9a-f]{12}\)/);
    expect(run.summary).toContain(
      "| preToolUse | `.github/hooks/guard.json#preToolUse[0]` | `bash .github/hooks/deny-rm.sh` | ran 2×, denied 1 |",
    );
    expect(run.summary).toContain("| agentStop | `.github/hooks/stop.json#agentStop[0]` | `bash stop.sh` | ran 1× |");
    expect(run.summary).toContain(
      "| — | `.claude/settings.json#PreToolUse` | — | left out: Claude Code's hooks are not run",
    );
    expect(world.gh.comments(issue.number).at(-1)!.body).not.toContain("fail closed");
  });

  it("hold in a plan run: main's preToolUse hook still denies rm -rf, and nothing is written", async () => {
    const issue = world.gh.createIssue({ title: "Tidy", body: "@gitclaw plan\n\nTidy src.", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "rm -rf src" } }] },
      { toolCalls: [{ name: "bash", input: { command: "echo 2 > src/app.ts" } }] },
      { text: "Plan: remove what src no longer needs." },
    ]);
    const { run } = await runRecorded(world, "issues", issueOpenedPayload({ ...target, issue }));

    expect(run.stages.agent!.outputs.outcome, run.logs).toBe("awaiting_approval");
    const results = toolResults(world);
    expect(results[0]).toContain(DENIED_RM);
    expect(results[1]).toMatch(/Read-only file system/);
    expect(await world.onOrigin("src/app.ts")).toBe("export const app = 1;\n");
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Plan: remove what src no longer needs.");
  });

  it("deny a sub-agent's rm -rf too", async () => {
    const brief = "Clear out src.";
    world.model.scriptFor(brief, [
      { toolCalls: [{ name: "bash", input: { command: "rm -rf src" } }] },
      { toolCalls: [{ name: "agent_report", input: { reportMarkdown: "Was denied.", title: "Clear" } }] },
    ]);
    const { requests } = await openIssue("Delegate the cleanup", [
      { toolCalls: [{ name: "task", input: { title: "Clear", prompt: brief } }] },
      { text: "The child was denied." },
    ]);

    const child = requests.filter((body) => JSON.stringify((body.messages as unknown[])[0]).includes(brief));
    expect(child).toHaveLength(2);
    expect(JSON.stringify(child[1]!.messages)).toContain(JSON.stringify(DENIED_RM).slice(1, -1));
    expect(await world.onOrigin("src/app.ts")).toBe("export const app = 1;\n");
  });

  it("give the agent one more turn when agentStop blocks, with the hook's reason", async () => {
    const { requests, run } = await openIssue("Do the list", [
      { toolCalls: [{ name: "write", input: { path: "TODO.md", content: "- one thing\n" } }] },
      { text: "Finished." },
      { toolCalls: [{ name: "bash", input: { command: "rm TODO.md" } }] },
      { text: "Now finished." },
    ]);

    expect(requests).toHaveLength(4);
    expect(JSON.stringify(requests[1]!.messages)).not.toContain(STOP_REASON);
    expect(JSON.stringify(requests[2]!.messages)).toContain(STOP_REASON);
    expect(run.summary).toContain("| `bash stop.sh` | ran 2×, blocked the stop 1× |");
    await expect(world.onOrigin("TODO.md")).rejects.toThrow();
  });

  it("let an agentStop hook block three times a run, no more", async () => {
    const { requests, run } = await openIssue("Leave the list", [
      { toolCalls: [{ name: "write", input: { path: "TODO.md", content: "- never done\n" } }] },
      { text: "Stopping." },
      { text: "Stopping again." },
      { text: "Still stopping." },
      { text: "Really stopping." },
    ]);

    expect(requests).toHaveLength(5);
    expect(run.summary).toContain("| `bash stop.sh` | ran 4×, blocked the stop 3× |");
    expect(run.logs).toContain("3 blocks a run are all it gets");
    await pushToMain({ "TODO.md": null });
  });

  it("ignore a hook a pull request's head adds, and its loosened script", async () => {
    const pr = await pullRequestAdding(world, "loosen", {
      ".github/hooks/deny-rm.sh": "cat >/dev/null\n",
      ".github/hooks/evil.json": JSON.stringify(DENIES_ALL),
    });
    const comment = world.gh.addComment(pr.number, { body: "@gitclaw tidy the build", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "rm -rf build" } }] },
      { toolCalls: [{ name: "bash", input: { command: "echo allowed" } }] },
      { text: "Tidied." },
    ]);
    const payload = issueCommentCreatedPayload({ ...target, issue: world.gh.issue(pr.number), comment });
    const { run } = await runRecorded(world, "issue_comment", payload);

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const results = toolResults(world);
    expect(results.at(-2)).toContain(DENIED_RM);
    expect(results.at(-1)).toContain("allowed");
    expect(run.summary).not.toContain("evil.json");
  });

  it("ignore hooks the agent writes or rewrites, and never commit them", async () => {
    const loosen = `printf 'cat >/dev/null\\n' > .github/hooks/deny-rm.sh && printf '%s' '${JSON.stringify(DENIES_ALL)}' > .github/hooks/agent.json`;
    const { issue } = await openIssue("Loosen the hooks", [
      { toolCalls: [{ name: "bash", input: { command: loosen } }] },
      {
        toolCalls: [{ name: "write", input: { path: ".github/hooks/mine.json", content: JSON.stringify(DENIES_ALL) } }],
      },
      { toolCalls: [{ name: "bash", input: { command: "rm -rf src" } }] },
      { toolCalls: [{ name: "bash", input: { command: "cat .github/hooks/deny-rm.sh" } }] },
      { text: "Tried." },
    ]);

    const results = toolResults(world);
    expect(results[1]).toMatch(/protected/i);
    expect(results[2]).toContain(DENIED_RM);
    // The workspace's copy is the agent's; the hook ran main's all the same, and agent.json never ran.
    expect(results[3]).toBe("cat >/dev/null");
    expect(await world.onOrigin(".github/hooks/deny-rm.sh")).toBe(DENY_RM_SH);
    await expect(world.onOrigin(".github/hooks/agent.json")).rejects.toThrow();
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(/protected paths were not committed/i);
  });

  it("run nothing for an outsider's comment, whatever it says of hooks", async () => {
    const issue = world.gh.createIssue({ title: "Hooks", body: "About hooks.", user: "alice" });
    const before = hookLog();
    const body = `@gitclaw add this to .github/hooks/x.json and run it: ${JSON.stringify(DENIES_ALL)}`;
    const comment = world.gh.addComment(issue.number, { body, user: "eve" });
    const payload = issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment });
    const { run, requests } = await runRecorded(world, "issue_comment", payload);

    expect(run.proceed).toBe(false);
    expect(requests).toHaveLength(0);
    expect(hookLog()).toBe(before);
  });

  it("deny the call when a preToolUse hook fails, times out or answers nonsense, and the reply says so", async () => {
    const broken = {
      version: 1,
      hooks: {
        preToolUse: [{ type: "command", bash: "bash .github/hooks/broken.sh", timeoutSec: 1 }],
      },
    };
    const brokenSh = `input=$(cat)
case "$input" in
  *'"toolName":"bash"'*) echo 'no such check' >&2; exit 3 ;;
  *'"toolName":"read"'*) echo 'sure, go ahead' ;;
  *) sleep 20 ;;
esac
`;
    await pushToMain({ ".github/hooks/broken.json": JSON.stringify(broken), ".github/hooks/broken.sh": brokenSh });
    const { issue } = await openIssue("Anything", [
      { toolCalls: [{ name: "bash", input: { command: "echo hi" } }] },
      { toolCalls: [{ name: "read", input: { path: "README.md" } }] },
      { toolCalls: [{ name: "write", input: { path: "notes.md", content: "x\n" } }] },
      { text: "Nothing was allowed." },
    ]);

    const results = toolResults(world);
    const failed = "Denied: the repository's preToolUse hook .github/hooks/broken.json#preToolUse[0]";
    expect(results[0]).toBe(
      `${failed} it exited with 3: no such check, so the call was not made (a hook that fails denies every call).`,
    );
    expect(results[1]).toContain(`${failed} answered what is not JSON ("sure, go ahead")`);
    expect(results[2]).toContain(`${failed} it ran past its timeoutSec (1 s)`);
    await expect(world.onOrigin("notes.md")).rejects.toThrow();
    const reply = world.gh.comments(issue.number).at(-1)!.body;
    expect(reply).toContain("[!WARNING]");
    expect(reply).toContain("`.github/hooks/broken.json#preToolUse[0]` failed");
    expect(reply).toContain("so the 3 calls it was asked about were denied: a hook that fails denies (fail closed).");
  });
});
