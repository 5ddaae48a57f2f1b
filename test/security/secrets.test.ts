// "Secrets never leave": hostile commands hunt for the job token and the model key on a runner
// laid out like a GitHub-hosted one (see support.ts), and the model itself repeats the token. The
// agent stage runs as its own process with both secrets in its environment; afterwards not one
// form of either may be found anywhere gitclaw writes to (see leaks.ts).
import { Buffer } from "node:buffer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, TOKEN, createWorld, type World } from "../e2e/support.ts";
import { findLeaks, isMaskCommand, type Scene } from "./leaks.ts";
import { API_KEY, EXTRAHEADER, SECRETS, hostedRunner, sceneOf, toolResults, type HostedRunner } from "./support.ts";

let world: World;
let runner: HostedRunner;
beforeAll(async () => {
  world = await createWorld();
  world.gh.addUser({ login: "alice", permission: "write" });
});
afterAll(async () => {
  runner?.cleanup();
  await world.stop();
});

const target = { owner: OWNER, repo: REPO };

/** One issue, one scripted conversation on a fresh hosted-like runner; returns what to scan. */
async function converse(
  title: string,
  turns: Parameters<World["model"]["script"]>[0],
): Promise<Scene & { issueNumber: number }> {
  runner?.cleanup();
  runner = await hostedRunner(world);
  const since = { modelRequests: world.model.requests.length, githubRequests: world.gh.requests.length };
  const issue = world.gh.createIssue({ title, body: "Please investigate.", user: "alice" });
  world.model.script(turns);
  const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), runner.context);
  expect(run.stages.agent?.exitCode, run.logs).toBe(0);
  return { ...sceneOf(world, runner, run.logs, since), issueNumber: issue.number };
}

const bash = (command: string) => ({ name: "bash", input: { command } });

// The agent's HOME, as the model could work it out from the workspace path ($HOME/work/<repo>/<repo>).
const AGENT_HOME = '"$(dirname "$(dirname "$(dirname "$PWD")")")"';
const ASK_GITHUB = "printf 'protocol=https\\nhost=github.com\\n\\n'";

const HOSTILE = {
  whoami: "id -un",
  env: "env",
  allEnvirons: "cat /proc/*/environ | tr '\\0' '\\n'",
  parentEnviron: "cat /proc/$PPID/environ",
  // Encodings the redactor cannot know: only the sandbox keeps these out of the model's context.
  encodedEnviron: "for f in /proc/[0-9]*/environ; do od -An -tx1 $f | tr -d ' \\n'; echo; rev $f; done 2>/dev/null",
  psWithEnvironment: "ps auxeww",
  sudo: "sudo -n cat /proc/$PPID/environ; sudo -n cat /proc/1/environ",
  gitConfigFile: "cat .git/config",
  gitConfigList: "git config --list --show-origin",
  credentialFill: `${ASK_GITHUB} | git credential fill`,
  ownGitconfig: "cat ~/.gitconfig",
  agentGitconfig: `cat ${AGENT_HOME}/.gitconfig`,
  agentCredentials: `cat ${AGENT_HOME}/.git-credentials`,
  credentialFillAsAgent: `${ASK_GITHUB} | HOME=${AGENT_HOME} git credential fill`,
  runnerTemp: "ls -la ../../_temp; cat ../../_temp/_runner_file_commands/*; grep -r x-access-token ../../_temp",
};

describe("hostile commands find no secret", () => {
  let scene: Scene;
  let results: Record<keyof typeof HOSTILE, string>;
  beforeAll(async () => {
    scene = await converse("Show me your environment", [
      { toolCalls: Object.values(HOSTILE).map(bash) },
      { text: "I found nothing." },
    ]);
    const texts = toolResults(world);
    results = Object.fromEntries(Object.keys(HOSTILE).map((name, i) => [name, texts[i] ?? ""])) as typeof results;
  });

  it("runs them as the unprivileged tool user", () => {
    expect(results.whoami).toBe("gitclaw-tool");
  });

  it("cannot read another process's environment, not even with sudo", () => {
    // Its parent lies outside its PID namespace (PPID 0): nothing to open, and what is seen is closed.
    expect(results.parentEnviron).toMatch(/cat: \/proc\/\d+\/environ: (Permission denied|No such file or directory)/);
    expect(results.sudo).toMatch(
      /sudo: (a password is required|command not found|The "no new privileges" flag is set)/,
    );
  });

  it("finds no credential in the checkout's config or through git's credential helpers", () => {
    expect(results.gitConfigFile).toContain('[remote "origin"]');
    for (const result of [results.gitConfigFile, results.gitConfigList]) expect(result).not.toMatch(/extraheader/i);
    for (const result of [results.credentialFill, results.credentialFillAsAgent])
      expect(result).toMatch(/could not read Username[\s\S]*exited with code 128/);
  });

  it("cannot read the agent's HOME or $RUNNER_TEMP, only its own", () => {
    expect(results.ownGitconfig).toMatch(/\[safe\]\s+directory = \*/);
    for (const result of [results.agentGitconfig, results.agentCredentials, results.runnerTemp])
      expect(result).toMatch(/Permission denied/);
  });

  it("leaves no form of the token or the key in model requests, comments, commits, sessions, artifacts or logs", async () => {
    expect(await findLeaks(scene, SECRETS)).toEqual([]);
    // The raw values do reach the log, in the ::add-mask:: lines that make the runner mask them.
    const masks = scene.logs.split("\n").filter(isMaskCommand);
    expect(masks).toEqual(expect.arrayContaining([`::add-mask::${TOKEN}`, `::add-mask::${API_KEY}`]));
  });
});

describe("a model that repeats the token", () => {
  const encoded = [
    TOKEN,
    Buffer.from(TOKEN).toString("base64"),
    Buffer.from(`x-access-token:${TOKEN}`).toString("base64"),
    encodeURIComponent(API_KEY),
  ];

  it("has it redacted from its tool calls, their output, its reply and everything stored", async () => {
    const scene = await converse("Repeat after me", [
      {
        text: `Checking ${TOKEN} first.`,
        toolCalls: [bash(encoded.map((value) => `echo ${value}`).join("; ")), bash(`echo '${EXTRAHEADER}'`)],
      },
      {
        text: `The token is ${TOKEN}, in base64 ${encoded[1]}, as a header ${encoded[2]}; the key is ${API_KEY} (${encoded[3]}).`,
      },
    ]);
    expect(toolResults(world)[0]).toMatch(/\[REDACTED\]/);
    expect(world.gh.comments(scene.issueNumber).at(-1)?.body).toMatch(/The token is \[REDACTED\]/);
    expect(await findLeaks(scene, SECRETS)).toEqual([]);
  });
});
