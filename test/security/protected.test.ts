// "Protected paths stay as they are", whatever route the change takes: the file tools refuse them,
// and what shell commands did to them is undone before the commit, the reply naming each path.
// The same table goes through pr_push (test/unit/tools/github/pr.test.ts) and sub-agent patches
// (test/unit/tasks/apply.test.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueOpenedPayload } from "../support/payloads.ts";
import { PROTECTED_CONFIG, PROTECTED_FIXTURES, PROTECTED_TABLE } from "../support/protected-table.ts";
import { OWNER, REPO, checkoutWithConfig, createWorld, type World } from "../e2e/support.ts";
import { toolResults } from "./support.ts";

let world: World;
let results: string[];
let reply: string;

const shellChange = (path: string, existing: boolean) =>
  existing
    ? path.endsWith(".yml")
      ? `rm ${path}`
      : `echo 'hostile()' >> ${path}`
    : `mkdir -p "$(dirname ${path})" && echo planted > ${path}`;
// Each attempted on its own (`;`): under the sandbox some cannot even be written (state/ is the agent's).

beforeAll(async () => {
  world = await createWorld(PROTECTED_FIXTURES);
  world.gh.addUser({ login: "alice", permission: "write" });
  const workspace = await checkoutWithConfig(world, { protectedPaths: PROTECTED_CONFIG });
  const issue = world.gh.createIssue({ title: "Touch everything", body: "Change CI, keys and state.", user: "alice" });
  const calls = [
    ...PROTECTED_TABLE.map((c) => ({ name: "write", input: { path: c.path, content: "from write\n" } })),
    ...PROTECTED_TABLE.filter((c) => c.existing).map((c) => ({
      name: "edit",
      input: { path: c.path, oldText: "original", newText: "edited" },
    })),
    {
      name: "bash",
      input: {
        command: [
          ...PROTECTED_TABLE.map((c) => shellChange(c.path, c.existing)),
          "git init -q lifecycle/embedded && echo x > lifecycle/embedded/payload.ts",
          "echo done",
        ].join("; "),
      },
    },
    { name: "write", input: { path: "docs/allowed.md", content: "allowed\n" } },
  ];
  world.model.script([{ toolCalls: calls }, { text: "Tried." }]);
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), { workspace });
  expect(run.stages.agent!.exitCode, run.logs).toBe(0);
  results = toolResults(world);
  reply = world.gh.comments(issue.number).at(-1)!.body!;
});
afterAll(() => world.stop());

describe("every route to a protected path", () => {
  it("write and edit refuse each path of the table", () => {
    PROTECTED_TABLE.forEach((c, i) =>
      expect(results[i], c.path).toMatch(/Refusing to write .*: it is under the protected path/),
    );
    const edits = results.slice(PROTECTED_TABLE.length, PROTECTED_TABLE.length + 2);
    for (const text of edits) expect(text).toMatch(/Refusing to write/);
  });

  it("what a shell command changed is never committed, and the reply names each path", async () => {
    expect(results.at(-2)).toContain("done");
    const everTouched = (await world.repo.originGit("log", "--all", "--name-only", "--format=")).split("\n");
    for (const c of PROTECTED_TABLE) {
      if (c.existing) expect(await world.onOrigin(c.path)).toBe(`original ${c.path}\n`);
      // The test itself committed the configuration; the run left it as it was.
      else if (c.path === ".github/gitclaw.json")
        expect(JSON.parse(await world.onOrigin(c.path))).toEqual({ protectedPaths: PROTECTED_CONFIG });
      else expect(everTouched, c.path).not.toContain(c.path);
      expect(reply, c.path).toContain(`\`${c.path}\``);
    }
    expect(everTouched.some((path) => path.startsWith("lifecycle/embedded"))).toBe(false);
    expect(await world.onOrigin("docs/allowed.md")).toBe("allowed\n");
  });
});

/**
 * A run whose command makes `changes` and commits them itself, as a model would where the sandbox is
 * off (past every check of the working tree); the commit the configuration was set up by, and the reply.
 */
async function commitDuringRun(subject: string, changes: string[]) {
  // The sandbox off (and so an open network, which needs it to be confined): commands commit as models do.
  const workspace = await checkoutWithConfig(world, {
    protectedPaths: PROTECTED_CONFIG,
    sandbox: "off",
    network: "open",
  });
  const configCommit = await world.repo.originGit("rev-parse", "main");
  const issue = world.gh.createIssue({ title: subject, body: "Commit as you go.", user: "alice" });
  const commit = `git -c user.name=Model -c user.email=model@example.com commit -qm '${subject}'`;
  const command = [...changes, "git add -A", commit, "echo committed"].join(" && ");
  world.model.script([{ toolCalls: [{ name: "bash", input: { command } }] }, { text: "Committed." }]);
  const run = await world.run("issues", issueOpenedPayload({ owner: OWNER, repo: REPO, issue }), { workspace });
  expect(run.stages.agent!.exitCode, run.logs).toBe(0);
  expect(toolResults(world).at(-1)).toContain("committed");
  return { configCommit, reply: world.gh.comments(issue.number).at(-1)!.body! };
}

describe("a protected change committed during the run (not through the working tree)", () => {
  let reply: string;
  let configCommit: string;

  beforeAll(async () => {
    ({ configCommit, reply } = await commitDuringRun("Routine tidy-up", [
      `printf '{"sandbox":"off","trust":{"minPermission":"read"}}' > .github/gitclaw.json`,
      "echo 'hostile()' >> lifecycle/GITCLAW-AGENT.ts",
      "mkdir -p docs && echo fine > docs/fine.md",
    ]));
  });

  it("is left out of the pushed commits, the rest of them kept, and the reply says so", async () => {
    const touched = await world.repo.originGit(
      "log",
      "--format=%H",
      `${configCommit}..main`,
      "--",
      ".github",
      "lifecycle",
    );
    expect(touched).toBe("");
    expect(JSON.parse(await world.onOrigin(".github/gitclaw.json"))).toEqual({
      protectedPaths: PROTECTED_CONFIG,
      sandbox: "off",
      network: "open",
    });
    expect(await world.onOrigin("lifecycle/GITCLAW-AGENT.ts")).toBe("original lifecycle/GITCLAW-AGENT.ts\n");
    expect(await world.onOrigin("docs/fine.md")).toBe("fine\n");
    // Its author is kept as the agent's claim: a commit gitclaw pushes names only gitclaw and the requester (#37).
    const subjects = await world.repo.originGit(
      "log",
      "--format=%an|%s|%(trailers:key=Agent-claimed-author,valueonly)",
      `${configCommit}..main`,
    );
    expect(subjects).toContain("gitclaw[bot]|Routine tidy-up|Model <model@example.com>");
    expect(reply).toContain(
      "Commits made during the run (a task's patch, a command) changed protected paths: `.github/gitclaw.json`, `lifecycle/GITCLAW-AGENT.ts`. Those changes were left out of the pushed commits.",
    );
  });
});

describe("a protected file whose name is not UTF-8, committed during the run", () => {
  it("is not pushed: the commits that cannot be rebuilt without it go, and their other changes land in the run's", async () => {
    const { configCommit, reply } = await commitDuringRun("Add a helper", [
      `printf 'hostile()' > "lifecycle/$(printf 'x\\377').ts"`,
      "echo helper > docs/helper.md",
    ]);
    const touched = await world.repo.originGit("log", "--format=%H", `${configCommit}..main`, "--", "lifecycle");
    expect(touched).toBe("");
    expect(await world.onOrigin("docs/helper.md")).toBe("helper\n");
    expect(reply).toContain("changed protected paths: `lifecycle/x\uFFFD.ts`");
  });
});
