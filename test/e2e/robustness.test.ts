// Bad input and concurrency, end to end: every failure a person can fix ends in one clear log line
// and a comment; concurrent runs on different issues all land.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { git } from "../support/git-repo.ts";
import { startFakeModel } from "../support/fake-model.ts";
import { OWNER, REPO, sessionLines, useWorld } from "./support.ts";

const world = useWorld([{ login: "alice", permission: "admin" }]);
const target = { owner: OWNER, repo: REPO };

async function pushState(workspace: string, files: Record<string, string>) {
  for (const [path, content] of Object.entries(files)) writeFileSync(join(workspace, path), content);
  await git(workspace, "add", "-A");
  await git(workspace, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "state");
  await git(workspace, "push", "-q", "origin", "HEAD:main");
}

describe("tools in a real run", () => {
  it("commits and pushes a file the agent wrote", async () => {
    const issue = world.gh.createIssue({ title: "Create hello.txt", body: "with 'hello world'", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "write", input: { path: "docs/hello.txt", content: "hello world\n" } }] },
      { toolCalls: [{ name: "bash", input: { command: "cat docs/hello.txt && echo err >&2 && exit 3" } }] },
      { text: "Created docs/hello.txt." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(await world.onOrigin("docs/hello.txt")).toBe("hello world\n");
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const results = sessionLines(await world.onOrigin(mapping.sessionPath))
      .filter((l) => l.type === "message" && (l.message as { role: string }).role === "toolResult")
      .map((l) => l.message as { toolName: string; isError: boolean; content: { text: string }[] });
    expect(results.map((r) => [r.toolName, r.isError])).toEqual([
      ["write", false],
      ["bash", true],
    ]);
    expect(results[1]!.content[0]!.text).toMatch(/hello world\nerr\n[\s\S]*Command exited with code 3/);
    expect(world.gh.comments(issue.number).at(-1)!.body).toContain("Created docs/hello.txt.");
  });

  it("refuses changes to protected paths and says so", async () => {
    const issue = world.gh.createIssue({ title: "Preload a script", body: "for every bun run", user: "alice" });
    world.model.script([
      { toolCalls: [{ name: "bash", input: { command: "echo 'preload = [\"./evil.ts\"]' > bunfig.toml" } }] },
      { text: "Added a preload." },
    ]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    await expect(world.onOrigin("bunfig.toml")).rejects.toThrow();
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(
      /Changes to protected paths were not committed: `bunfig.toml`/,
    );
  });
});

describe("providers", () => {
  it("runs with an OpenAI-compatible server declared in the config and chosen by GITCLAW_MODEL", async () => {
    const workspace = await world.checkout();
    mkdirSync(join(workspace, ".github"), { recursive: true });
    await pushState(workspace, {
      ".github/gitclaw.json": JSON.stringify({
        providers: { local: { api: "openai-compatible", baseURL: world.model.openaiBaseUrl } },
      }),
    });
    const issue = world.gh.createIssue({ title: "Local model", body: "hello", user: "alice" });
    world.model.script([{ text: "Hello from a local model." }]);
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      env: { GITCLAW_MODEL: "local/qwen3-coder" },
    });
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(world.model.requests.at(-1)!.api).toBe("openai");
    expect(world.model.requests.at(-1)!.body.model).toBe("qwen3-coder");
    const reply = world.gh.comments(issue.number).at(-1)!.body!;
    expect(reply).toContain("Hello from a local model.");
    expect(reply).toContain("`local/qwen3-coder`");
  });
});

describe("bad input", () => {
  it("fails the guard with one clear line when GITHUB_TOKEN is missing", async () => {
    const issue = world.gh.createIssue({ title: "No token", body: "x", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), { env: { GITHUB_TOKEN: "" } });
    expect(run.proceed).toBe(false);
    expect(run.stages.guard!.exitCode).toBe(1);
    expect(run.stages.guard!.stdout.trim()).toBe(
      "::error title=gitclaw guard::GITHUB_TOKEN is not set: pass `GITHUB_TOKEN: ${{ github.token }}` in the step's env.",
    );
  });

  it("reports a missing API key on the issue, naming the variable", async () => {
    const issue = world.gh.createIssue({ title: "Anything", body: "x", user: "alice" });
    const before = world.model.requests.length;
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), { env: { ANTHROPIC_API_KEY: "" } });
    expect(run.stages.agent!.exitCode).toBe(1);
    expect(run.logs).toMatch(/ANTHROPIC_API_KEY is not set/);
    expect(run.logs).not.toMatch(/\n\s+at /); // no stack trace
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(/ANTHROPIC_API_KEY is not set/);
    expect(world.model.requests.length).toBe(before);
    expect(world.gh.reactions({ issue: issue.number })).toEqual([]);
  });

  it("reports an unknown model provider", async () => {
    const issue = world.gh.createIssue({ title: "Anything", body: "x", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }), {
      env: { GITCLAW_MODEL: "nosuch/model" },
    });
    expect(run.stages.agent!.exitCode).toBe(1);
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(/unknown model provider "nosuch"/);
  });

  it("reports a malformed payload in one line, and comments where the issue is known", async () => {
    const issue = world.gh.createIssue({ title: "Anything", body: "x", user: "alice" });
    const payload = issueOpenedPayload({ ...target, issue }) as unknown as { issue: Record<string, unknown> };
    const broken = { ...payload, issue: { ...payload.issue, title: 42 } };
    // The guard reads the payload with the same parser, and fails closed saying why.
    const run = await world.run("issues", broken);
    expect(run.proceed).toBe(false);
    expect(run.stages.guard!.stdout).toMatch(
      /unexpected issues payload:\nevent: "issue.title" \(found 42\): Invalid input: expected string, received number; failing closed/,
    );
    // The agent stage on its own reports it: one annotation (newlines encoded as %0A), and on the issue.
    const alone = await world.run("issues", broken, { workspace: run.workspace, only: ["agent"] });
    expect(alone.stages.agent!.exitCode).toBe(1);
    expect(alone.logs).toMatch(
      /::error::gitclaw: unexpected issues payload:%0Aevent: "issue.title" \(found 42\): Invalid input: expected string/,
    );
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(/issue.title/);
  });

  it("starts a new session when the mapping points at a missing file, and says so", async () => {
    const issue = world.gh.createIssue({ title: "Lost", body: "x", user: "alice" });
    const workspace = await world.checkout();
    await pushState(workspace, {
      [`state/issues/${issue.number}.json`]: JSON.stringify({
        issueNumber: issue.number,
        sessionPath: "state/sessions/gone.jsonl",
        updatedAt: "2026-01-01T00:00:00Z",
      }),
    });
    const comment = world.gh.addComment(issue.number, { body: "continue please", user: "alice" });
    world.model.script([{ text: "Starting over." }]);
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
    );
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const reply = world.gh.comments(issue.number).at(-1)!.body;
    expect(reply).toContain("Starting over.");
    expect(reply).toMatch(/points at state\/sessions\/gone.jsonl, which cannot be resumed/);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    expect(mapping.sessionPath).not.toBe("state/sessions/gone.jsonl");
    // The lost conversation's issue text is sent again with the new session.
    expect(JSON.stringify(world.model.requests.at(-1)!.body)).toContain("Lost");
  });

  it("resumes a session whose last line was cut by a crash, and notes it", async () => {
    const issue = world.gh.createIssue({ title: "Crash", body: "x", user: "alice" });
    world.model.script([{ text: "First answer." }]);
    await world.run("issues", issueOpenedPayload({ ...target, issue }));
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`));
    const workspace = await world.checkout();
    const text = await world.onOrigin(mapping.sessionPath);
    await pushState(workspace, { [mapping.sessionPath]: `${text}{"type":"message","id":"half` });
    const comment = world.gh.addComment(issue.number, { body: "and now?", user: "alice" });
    world.model.script([{ text: "Second answer." }]);
    const run = await world.run(
      "issue_comment",
      issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
    );
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    expect(JSON.stringify(world.model.requests.at(-1)!.body)).toContain("First answer.");
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(/truncated last line/);
  });
});

describe("malformed model output", () => {
  it("keeps a conversation whose tool call had cut-off arguments: the request survives every resume", async () => {
    const issue = world.gh.createIssue({
      title: "Small model",
      body: "Please create notes.txt with a greeting",
      user: "alice",
    });
    world.model.script([
      { toolCalls: [{ name: "write", input: {}, rawArguments: '{"path": "notes.txt", "content": "hel' }] },
      { text: "My arguments were cut off; I will retry next time." },
    ]);
    const first = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    expect(first.stages.agent!.exitCode, first.logs).toBe(0);
    const toolResult = JSON.stringify(world.model.requests.at(-1)!.body);
    expect(toolResult).toMatch(/The arguments of this write call are not a JSON object \(cut off\?\)/);

    for (const [n, ask] of [
      [1, "Try again please."],
      [2, "And once more."],
    ] as const) {
      const comment = world.gh.addComment(issue.number, { body: ask, user: "alice" });
      world.model.script([{ text: `Answer ${n}.` }]);
      const before = world.model.requests.length;
      const run = await world.run(
        "issue_comment",
        issueCommentCreatedPayload({ ...target, issue: world.gh.issue(issue.number), comment }),
      );
      expect(run.stages.agent!.exitCode, run.logs).toBe(0);
      const request = JSON.stringify(world.model.requests[before]!.body);
      expect(request).toContain("Please create notes.txt with a greeting");
      expect(request).toContain(ask);
      const reply = world.gh.comments(issue.number).at(-1)!.body!;
      expect(reply).toContain(`Answer ${n}.`);
      expect(reply).not.toMatch(/line \d+:/);
    }
  });
});

describe("concurrency", () => {
  it("lands all 8 commits when 8 runs on different issues push at once", async () => {
    const issues = Array.from({ length: 8 }, (_, i) =>
      world.gh.createIssue({ title: `Parallel ${i}`, body: `write file ${i}`, user: "alice" }),
    );
    // Requests arrive in any order: the model answers each run from what its request says.
    const model = await startFakeModel({
      respond: (request) => {
        const body = JSON.stringify(request.body);
        const i = /Parallel (\d)/.exec(body)![1]!;
        return body.includes("tool_result")
          ? { text: `done ${i}` }
          : { toolCalls: [{ name: "write", input: { path: `parallel/${i}.txt`, content: `${i}\n` } }] };
      },
    });
    const checkouts = await Promise.all(issues.map(() => world.checkout()));
    const runs = await Promise.all(
      issues.map((issue, i) =>
        world.run("issues", issueOpenedPayload({ ...target, issue }), { workspace: checkouts[i]!, model }),
      ),
    );
    await model.stop();
    for (const run of runs) expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const tree = await world.repo.originGit("ls-tree", "-r", "--name-only", "main");
    const log =
      (await world.repo.originGit("log", "--stat", "--format=%h %s", "main")) +
      runs.map((r) => r.logs).join("\n=====\n");
    for (const issue of issues) expect(tree, log).toContain(`state/issues/${issue.number}.json`);
    const parallel = tree.split("\n").filter((p) => p.startsWith("parallel/"));
    expect(
      parallel,
      (await world.repo.originGit("log", "--stat", "--format=%h %s", "main")) +
        runs.map((r) => r.logs).join("\n=====\n"),
    ).toHaveLength(8);
    for (const issue of issues) expect(world.gh.comments(issue.number)).toHaveLength(1);
  });
});
