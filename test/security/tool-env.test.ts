// tools.env: variables the workflow hands to tool commands on purpose (a registry token, a database
// URL). They reach bash, and their values are secrets from then on: no form of them may be found in
// any outlet, whatever commands print or write into files and whatever the model repeats; gitclaw's
// own secrets cannot be handed over that way. Nor may any reach a commit's metadata (#37): messages,
// authors, committers, path names and link targets of the agent's commits, whose claims of other
// people's identities are kept only as the agent's claims.
import { createHash } from "node:crypto";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config/config.ts";
import { settingsFromInputs } from "../../src/config/inputs.ts";
import type { ToolCallTurn } from "../support/fake-model.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { OWNER, REPO, createWorld, type World } from "../e2e/support.ts";
import { findLeaks, isMaskCommand, type Scene } from "./leaks.ts";
import { SECRETS, hostedRunner, sceneOf, toolResults, type HostedRunner } from "./support.ts";

const NPM_TOKEN = `npm_${"RegistryToken0".repeat(3)}`;
const DATABASE_URL = "postgres://app:s3cret-Passw0rd-xyz@db.internal:5432/widgets";
const PASSED = [
  { name: "NPM_TOKEN", value: NPM_TOKEN },
  { name: "DATABASE_URL", value: DATABASE_URL },
];
const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
const bash = (command: string) => ({ name: "bash", input: { command } });

let world: World;
let runner: HostedRunner;
beforeAll(async () => {
  const config = { tools: { env: ["NPM_TOKEN", "DATABASE_URL"] } };
  world = await createWorld({ ".github/gitclaw.json": JSON.stringify(config) });
  world.gh.addUser({ login: "alice", permission: "write" });
  runner = await hostedRunner(world);
});
afterAll(async () => {
  runner?.cleanup();
  await world.stop();
});

/** A run on a new issue of alice's whose model makes `calls` at once, then answers, with the tools.env variables set. */
async function runWithPassed(title: string, calls: ToolCallTurn[], answer: string) {
  const since = { modelRequests: world.model.requests.length, githubRequests: world.gh.requests.length };
  const issue = world.gh.createIssue({ title, body: "Use the registry.", user: "alice" });
  world.model.script([{ toolCalls: calls }, { text: answer }]);
  const env = { ...runner.context.env, NPM_TOKEN, DATABASE_URL };
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), {
    ...runner.context,
    env,
  });
  expect(run.stages.agent?.exitCode, run.logs).toBe(0);
  return {
    scene: { ...sceneOf(world, runner, run.logs, since), issueNumber: issue.number },
    results: toolResults(world),
  };
}

describe("variables named in tools.env", () => {
  let scene: Scene & { issueNumber: number };
  let results: string[];
  beforeAll(async () => {
    ({ scene, results } = await runWithPassed(
      "Publish the package",
      [
        bash('printf %s "$NPM_TOKEN" | sha256sum; printf %s "$DATABASE_URL" | sha256sum'),
        bash('echo "token=$NPM_TOKEN url=$DATABASE_URL"; env | grep -E "NPM|DATABASE"'),
        bash('printf %s "$NPM_TOKEN" | base64; echo "$DATABASE_URL" | base64 -w0'),
        bash('printf "//registry.npmjs.org/:_authToken=%s\\n" "$NPM_TOKEN" > .npmrc; echo "$DATABASE_URL" > db.txt'),
        bash("git add -A && git commit -qm 'add registry config' && echo committed"),
      ],
      `Published with ${NPM_TOKEN} against ${DATABASE_URL}.`,
    ));
  });

  it("reach bash as they are", () => {
    expect(results[0]).toContain(sha256(NPM_TOKEN));
    expect(results[0]).toContain(sha256(DATABASE_URL));
  });

  it("are redacted from what commands print, from files they write, and from the model's reply", async () => {
    expect(results[1]).toContain("token=[REDACTED] url=[REDACTED]");
    expect(results[1]).toContain("NPM_TOKEN=[REDACTED]");
    expect(await world.onOrigin(".npmrc")).toBe("//registry.npmjs.org/:_authToken=[REDACTED]\n");
    expect(await world.onOrigin("db.txt")).toBe("[REDACTED]\n");
    expect(world.gh.comments(scene.issueNumber).at(-1)?.body).toContain(
      "Published with [REDACTED] against [REDACTED].",
    );
    expect(scene.logs).toContain("gitclaw: redacted a tools.env value from .npmrc before the commit");
  });

  it("leave no form of them, nor of the token or the key, in any outlet; the runner is told to mask them", async () => {
    expect(await findLeaks(scene, [...SECRETS, ...PASSED])).toEqual([]);
    const masks = scene.logs.split("\n").filter(isMaskCommand);
    expect(masks).toEqual(expect.arrayContaining([`::add-mask::${NPM_TOKEN}`, `::add-mask::${DATABASE_URL}`]));
  });
});

describe("gitclaw's own secrets", () => {
  it.each([
    ["GITHUB_TOKEN", "the job's GitHub token"],
    ["ANTHROPIC_API_KEY", "a model key"],
    ["ACTIONS_RUNTIME_TOKEN", "the Actions runtime's own tokens"],
    ["GITCLAW_WORKFLOWS_TOKEN", "gitclaw's own settings and tokens"],
    ["INPUT_API_KEY", "the action's inputs"],
  ])("cannot be listed: %s", (name, what) => {
    expect(() => parseConfig({ tools: { env: ["NPM_TOKEN", name] } })).toThrow(
      new RegExp(`"tools\\.env\\.1" \\(found "${name}"\\): ${name} is ${what}`),
    );
  });

  it("cannot be listed through the action's input either, nor a provider's key variable", () => {
    const { settings } = settingsFromInputs({ GITCLAW_TOOLS_ENV: "NPM_TOKEN,\nGH_TOKEN" });
    expect(settings).toEqual({ tools: { env: ["NPM_TOKEN", "GH_TOKEN"] } });
    expect(() => parseConfig(settings)).toThrow(/GH_TOKEN is the job's GitHub token, which gitclaw itself holds/);
    const providers = { corp: { api: "openai-compatible", baseURL: "https://llm.example/v1", apiKeyEnv: "CORP_KEY" } };
    expect(() => parseConfig({ providers, tools: { env: ["CORP_KEY"] } })).toThrow(/CORP_KEY is a model key/);
  });
});

const FORGED_COMMITTER =
  "GIT_COMMITTER_NAME='github-actions[bot]' GIT_COMMITTER_EMAIL='41898282+github-actions[bot]@users.noreply.github.com'";

/** Every author and committer, message, path and link target of origin's history, as one text. */
async function originMetadata(world: World): Promise<string> {
  const git = (...args: string[]) => execa("git", args, { cwd: world.repo.origin }).then((r) => r.stdout);
  const people = await git("log", "--all", "--format=%an <%ae> | %cn <%ce>%n%B");
  const paths = await git("log", "--all", "--name-only", "--format=");
  const tips = (await git("for-each-ref", "--format=%(refname)")).split("\n");
  const links = await Promise.all(tips.map((ref) => git("ls-tree", "-r", ref)));
  return [people, paths, tips.join("\n"), links.join("\n")].join("\n");
}

describe("tools.env values and forged identities in the agent's commits", () => {
  let scene: Scene & { issueNumber: number };
  let results: string[];
  beforeAll(async () => {
    ({ scene, results } = await runWithPassed(
      "Record the registry",
      [
        bash('echo "$DATABASE_URL" | base64'),
        bash(
          'echo hi > "file-$NPM_TOKEN.txt" && ln -s "target-$NPM_TOKEN" link && git add -A && git -c user.name="x $NPM_TOKEN" -c user.email="$NPM_TOKEN@example.com" commit -qm "note $NPM_TOKEN" && echo committed',
        ),
        bash(
          `${FORGED_COMMITTER} git commit -q --allow-empty --author='The Owner <owner@example.com>' -m 'Forged' -m 'Signed-off-by: The Owner <owner@example.com>' -m 'Co-authored-by: Mallory <mallory@example.com>' && echo forged`,
        ),
        bash('echo wt > "wt-$NPM_TOKEN.txt" && ln -s "/tmp/$NPM_TOKEN" wtlink && echo left'),
        bash('git branch "feat-$NPM_TOKEN" && echo branched'),
        { name: "github", input: { op: "pr_create", title: "Feat", body: "Feat.", head: `feat-${NPM_TOKEN}` } },
      ],
      "Recorded.",
    ));
  });

  it("a branch named after a value is not published: pr_create's arguments come redacted, and no branch has that name", async () => {
    expect(results[5]).toContain("invalid head: feat-[REDACTED].");
    expect(await world.repo.originGit("for-each-ref", "--format=%(refname)", "refs/heads/feat-*")).toBe("");
  });

  it("the base64 a command prints, wrapped at 76 columns, is redacted", () => {
    expect(results[0]).toContain("[REDACTED]");
    expect(results[0]!.replace(/\s/g, "")).not.toContain(Buffer.from(DATABASE_URL).toString("base64").slice(0, 40));
  });

  it("commit messages, authors, committers, path names and link targets carry no value", async () => {
    const metadata = await originMetadata(world);
    expect(metadata).not.toContain(NPM_TOKEN);
    expect(metadata).toContain("note [REDACTED]");
    expect(metadata).toContain("file-[REDACTED].txt");
    expect(metadata).toContain("wt-[REDACTED].txt");
    expect(await world.repo.originGit("cat-file", "-p", "main:link")).toBe("target-[REDACTED]");
    expect(await world.repo.originGit("cat-file", "-p", "main:wtlink")).toBe("/tmp/[REDACTED]");
  });

  it("no commit names anyone but gitclaw and alice; what the agent claimed is kept as its claim", async () => {
    const people = await world.repo.originGit("log", "--format=%an <%ae>%n%cn <%ce>", "main~3..main");
    for (const who of new Set(people.split("\n")))
      expect(who).toMatch(
        /^(gitclaw\[bot\] <gitclaw\[bot\]@users\.noreply\.github\.com>|alice <\d+\+alice@users\.noreply\.github\.com>)$/,
      );
    const forged = await world.repo.originGit("log", "-1", "--format=%B", "--grep=^Forged$", "main");
    expect(forged).toContain("Agent-claimed-author: The Owner <owner@example.com>");
    expect(forged).toContain(
      "Agent-claimed-committer: github-actions[bot] <41898282+github-actions[bot]@users.noreply.github.com>",
    );
    expect(forged).toContain("Agent-claimed-signed-off-by: The Owner <owner@example.com>");
    expect(forged).toContain("Agent-claimed-co-authored-by: Mallory <mallory@example.com>");
    expect(forged).toMatch(/^Co-authored-by: alice </m);
    expect(forged).not.toMatch(/^(Signed-off-by|Co-authored-by): (The Owner|Mallory)/im);
  });

  it("leaves no form of the values in any outlet", async () => {
    expect(await findLeaks(scene, [...SECRETS, ...PASSED])).toEqual([]);
  });
});
