// Verified commits (#36): with commits.sign, gitclaw lands its work through GitHub's Git Database API,
// which signs what it creates with the web-flow key. Everything a push carries arrives (deletions, the
// executable bit, symlinks, binary files, the agent's commits in order with their messages), every
// commit landed is signed (checked by git against the key, and by GitHub's own verification), authors
// are credited in Co-authored-by trailers, a branch that moved meanwhile is replayed onto (never
// forced), and what a signed landing cannot carry (a submodule, a file past 100 MiB) is named in one line.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { commitFile, git as gitIn } from "../support/git-repo.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { verifyingOptions, webFlowKey } from "../support/web-flow.ts";
import type { ScriptedTurn } from "../support/fake-model.ts";
import { WORKFLOW_FILE } from "../support/workflow.ts";
import { checkoutWithConfig, createWorld, OWNER, REPO, TOKEN, type World } from "./support.ts";

/** A token that may change workflow files (the stand-in takes it as the repository's too); not token-shaped. */
const WORKFLOWS_TOKEN = "wf-token-not-real-0123456789abcdef";

let world: World;
/** This repository's workflow, passing workflows_token from a secret as a user would add it. */
let withWorkflowsToken: string;
beforeAll(async () => {
  world = await createWorld(
    {
      ".github/gitclaw.json": JSON.stringify({ commits: { sign: true } }),
      "old.txt": "to be deleted\n",
      "src/app.ts": "export const version = 1;\n",
    },
    { otherTokens: [WORKFLOWS_TOKEN] },
  );
  world.gh.addUser({ login: "alice", permission: "write" });
  const line = "          anthropic_api_key: ${{ secrets.ANTHROPIC_API_KEY }}\n";
  withWorkflowsToken = join(world.repo.root, "gitclaw-with-workflows-token.yml");
  writeFileSync(
    withWorkflowsToken,
    readFileSync(WORKFLOW_FILE, "utf8").replace(
      line,
      `${line}          workflows_token: \${{ secrets.WORKFLOWS_TOKEN }}\n`,
    ),
  );
});
afterAll(() => world.stop());

const bash = (command: string): ScriptedTurn => ({ toolCalls: [{ name: "bash", input: { command } }] });

async function runIssue(title: string, turns: ScriptedTurn[], extra: Parameters<World["run"]>[2] = {}) {
  world.model.script(turns);
  const issue = world.gh.createIssue({ title, body: "Please.", user: "alice" });
  const start = await world.repo.originGit("rev-parse", "main");
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), extra);
  return { run, start, reply: world.gh.comments(issue.number).at(-1)!.body, issueNumber: issue.number };
}

/** `%G?` of each commit start..main on origin, against the web-flow key only: G is a good signature. */
const signatures = async (range: string) =>
  (await world.repo.originGit(...verifyingOptions(webFlowKey()), "log", "--format=%G?", range)).split("\n");

async function verification(sha: string): Promise<{ verified: boolean; reason: string }> {
  const response = await fetch(`${world.gh.url}/repos/${OWNER}/${REPO}/commits/${sha}`, {
    headers: { authorization: `token ${TOKEN}` },
  });
  return ((await response.json()) as { commit: { verification: { verified: boolean; reason: string } } }).commit
    .verification;
}

describe("a run with commits.sign that changes every kind of thing", () => {
  let outcome: Awaited<ReturnType<typeof runIssue>>;
  beforeAll(async () => {
    outcome = await runIssue("Every kind of change", [
      bash(
        "git rm -q old.txt && printf '#!/bin/sh\\necho hi\\n' > run.sh && chmod +x run.sh && ln -s src/app.ts link && printf '\\000\\001\\377\\376' > blob.bin && git add -A && git -c user.name=Bob -c user.email=bob@example.com commit -q -m 'First change' -m 'With a body.'",
      ),
      bash("sed -i 's/1/2/' src/app.ts && git add -A && git commit -qm 'Second change'"),
      bash("echo loose > loose.md && mkdir -p .github/workflows && printf 'on: push\\n' > .github/workflows/ci.yml"),
      { text: "Changed." },
    ]);
  });

  it("lands the agent's commits in order with their messages, then the run's, every one signed by GitHub", async () => {
    expect(outcome.run.stages.agent!.exitCode, outcome.run.logs).toBe(0);
    const log = await world.repo.originGit("log", "--format=%s|%cn|%an", `${outcome.start}..main`);
    expect(log.split("\n")).toEqual([
      expect.stringMatching(/^gitclaw: issue #\d+ — Every kind of change\|GitHub\|github-actions\[bot\]$/),
      "Second change|GitHub|github-actions[bot]",
      "First change|GitHub|github-actions[bot]",
    ]);
    expect(await signatures(`${outcome.start}..main`)).toEqual(["G", "G", "G"]);
    for (const sha of (await world.repo.originGit("rev-list", `${outcome.start}..main`)).split("\n"))
      expect(await verification(sha)).toMatchObject({ verified: true, reason: "valid" });
    expect(world.gh.violations).toEqual([]);
  });

  it("carries the deletion, the executable bit, the symlink, the binary file and the untracked file", async () => {
    const tree = await world.repo.originGit("ls-tree", "-r", "main");
    expect(tree).not.toMatch(/\told\.txt$/m);
    expect(tree).toMatch(/^100755 blob \w+\trun\.sh$/m);
    expect(tree).toMatch(/^120000 blob \w+\tlink$/m);
    expect(await world.onOrigin("link")).toBe("src/app.ts");
    const binary = await world.repo.originGit("cat-file", "-p", "main:blob.bin").catch(() => "");
    expect(Buffer.from(binary, "latin1").length).toBeGreaterThan(0);
    const bytes = readFileSync(join(outcome.run.workspace, "blob.bin"));
    expect([...bytes]).toEqual([0, 1, 255, 254]);
    expect(await world.repo.originGit("rev-parse", "main:blob.bin")).toBe(
      await gitIn(outcome.run.workspace, "hash-object", "blob.bin"),
    );
    expect(await world.onOrigin("src/app.ts")).toBe("export const version = 2;\n");
    expect(await world.onOrigin("loose.md")).toBe("loose\n");
  });

  it("holds back the workflow file by the rule for pushes: a patch, since the job's token cannot change workflows", async () => {
    await expect(world.onOrigin(".github/workflows/ci.yml")).rejects.toThrow();
    expect(outcome.reply).toContain("The changes to `.github/workflows/ci.yml` were not pushed");
    const patches = await world.repo.originGit("ls-tree", "-r", "--name-only", "main", "state/patches");
    expect(patches).toMatch(/^state\/patches\/\d+-[0-9a-f]{12}\.patch$/);
  });

  it("credits the person who asked in a Co-authored-by trailer, and keeps the author the agent set only as its claim", async () => {
    const first = await world.repo.originGit("log", "-1", "--format=%B", "main~2");
    expect(first).toContain("With a body.");
    // No commit gitclaw pushes claims a person other than gitclaw and the requester (#37).
    expect(first).not.toContain("Co-authored-by: Bob");
    expect(first).toContain("Agent-claimed-author: Bob <bob@example.com>");
    expect(first).toMatch(/^Co-authored-by: alice <\d+\+alice@users\.noreply\.github\.com>$/m);
    expect(await world.repo.originGit("log", "-1", "--format=%B", "main")).toContain("Co-authored-by: alice");
  });

  it("leaves the checkout on the signed commits, and the reply links what is on origin", async () => {
    const tip = await world.repo.originGit("rev-parse", "main");
    expect(await gitIn(outcome.run.workspace, "rev-parse", "HEAD")).toBe(tip);
    expect(await gitIn(outcome.run.workspace, "status", "--porcelain")).toBe("");
    expect(outcome.reply).toContain(tip.slice(0, 12));
  });
});

describe("a signed landing whose branch moved during the run", () => {
  it("replays onto the other push and lands signed, without forcing", async () => {
    const other = await world.repo.clone("other-pusher");
    const { run, start } = await runIssue("Race", [
      bash("echo mine > mine.txt && git add -A && git commit -qm 'Mine'"),
      // While the model answers, someone else pushes to main.
      async () => {
        await commitFile(other, "theirs.txt", "theirs\n", "Theirs");
        await gitIn(other, "push", "-q", "origin", "HEAD:main");
        return { text: "Done." };
      },
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const subjects = (await world.repo.originGit("log", "--format=%s", `${start}..main`)).split("\n");
    expect(subjects.slice(1)).toEqual(["Mine", "Theirs"]);
    expect(await world.onOrigin("theirs.txt")).toBe("theirs\n");
    expect(await world.onOrigin("mine.txt")).toBe("mine\n");
    expect(await signatures(`${start}..main`)).toEqual(["G", "G", "N"]);
    expect(await gitIn(run.workspace, "rev-parse", "HEAD")).toBe(await world.repo.originGit("rev-parse", "main"));
  });
});

describe("what a signed landing cannot carry", () => {
  it("refuses a submodule change with the reason, and still saves the conversation", async () => {
    const { run, reply, start, issueNumber } = await runIssue("Submodule", [
      bash(
        `git update-index --add --cacheinfo 160000,${"a".repeat(40)},vendor/lib && git commit -qm 'Add a submodule'`,
      ),
      { text: "Added." },
    ]);
    expect(run.stages.agent!.exitCode).not.toBe(0);
    expect(reply).toContain(
      "cannot land the submodule change at vendor/lib signed (commits.sign): a submodule names a commit of another repository",
    );
    await expect(world.repo.originGit("rev-parse", "main:vendor/lib")).rejects.toThrow();
    expect(JSON.parse(await world.onOrigin(`state/issues/${issueNumber}.json`))).toMatchObject({ issueNumber });
    expect(await signatures(`${start}..main`)).toEqual(["G"]);
  });

  it("names a file past GitHub's 100 MiB limit in one line", async () => {
    const { run, reply } = await runIssue("Big file", [
      bash("head -c 105906176 /dev/zero > big.bin && git add big.bin && git commit -qm 'Add a big file'"),
      { text: "Added." },
    ]);
    expect(run.stages.agent!.exitCode).not.toBe(0);
    expect(reply).toMatch(/big\.bin is 101\.0 MiB, past GitHub's 100 MiB limit for a file: it cannot land; [^\n]+\n/);
    await expect(world.repo.originGit("rev-parse", "main:big.bin")).rejects.toThrow();
  });
});

describe("a signed landing with workflows_token", () => {
  it("lands the workflow change too, signed through the API with that token", async () => {
    const { run, start } = await runIssue(
      "CI on pull requests",
      [
        bash("mkdir -p .github/workflows && printf 'on: pull_request\\n' > .github/workflows/pr.yml"),
        { text: "Added." },
      ],
      { workflowFile: withWorkflowsToken, secrets: { WORKFLOWS_TOKEN } },
    );
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(await world.onOrigin(".github/workflows/pr.yml")).toBe("on: pull_request\n");
    expect(await signatures(`${start}..main`)).toEqual(["G"]);
    const landingCalls = world.gh.requests.filter((request) => request.path.endsWith("/git/trees")).at(-1);
    expect(landingCalls?.headers.authorization).toMatch(new RegExp(`${WORKFLOWS_TOKEN}$`));
  });
});

describe('a signed landing with delivery "pull-request"', () => {
  it("creates gitclaw/issue-<n> through the API with signed commits only, and opens the pull request", async () => {
    await checkoutWithConfig(world, { commits: { sign: true }, delivery: "pull-request" });
    const { run, issueNumber } = await runIssue("On a branch", [
      { toolCalls: [{ name: "write", input: { path: "branch.txt", content: "on a branch\n" } }] },
      { text: "Written." },
    ]);
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const branch = `gitclaw/issue-${issueNumber}`;
    expect(await world.repo.originGit("show", `${branch}:branch.txt`)).toBe("on a branch");
    const created = world.gh.requests.filter(
      (request) => request.method === "POST" && request.path.endsWith("/git/refs"),
    );
    expect(created.map((request) => (request.body as { ref: string }).ref)).toContain(`refs/heads/${branch}`);
    const signed = await signatures(`main..${branch}`);
    expect(signed.length).toBeGreaterThanOrEqual(2);
    expect(new Set(signed)).toEqual(new Set(["G"]));
    expect(world.gh.requests.some((request) => request.method === "POST" && request.path.endsWith("/pulls"))).toBe(
      true,
    );
    expect(world.gh.violations).toEqual([]);
  });
});
