// Sub-agents end to end: the lifecycle scripts as processes against the emulator, real git with a
// bare origin, the sandbox as on a runner, and the fake model scripting the parent and each child on
// its own (a child's conversation is recognised by its brief). The parent hands work to tasks,
// awaits them, dry-runs and applies their commits; what lands on origin is checked commit by commit.
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolResultTexts, type RecordedModelRequest, type ScriptedTurn } from "../support/fake-model.ts";
import { commitFile, git } from "../support/git-repo.ts";
import { issueOpenedPayload } from "../support/payloads.ts";
import { piAgentDir, runPi } from "../support/pi.ts";
import { smugglingMessage } from "../support/smuggle.ts";
import { createWorld, OWNER, REPO, sessionLines, type World } from "./support.ts";

// Sub-agents are switched on in the repository's configuration, as users do it.
const CONFIG = { ".github/gitclaw.json": JSON.stringify({ tasks: { enabled: true } }) };
let world: World;
beforeAll(async () => {
  world = await createWorld(CONFIG);
  world.gh.addUser({ login: "alice", permission: "write" });
});
afterAll(() => world.stop());
const target = { owner: OWNER, repo: REPO };

/** The task ids the conversation has seen so far, in the order `task` returned them. */
const taskIds = (request: RecordedModelRequest) => [
  ...new Set(
    [
      ...toolResultTexts(request.body)
        .join("\n")
        .matchAll(/"taskId": "(t[0-9a-f]{8})"/g),
    ].map((m) => m[1]!),
  ),
];
const call = (name: string, input: unknown) => ({ name, input });
const eachTask = (name: string, input: (id: string) => object) => (request: RecordedModelRequest) => ({
  toolCalls: taskIds(request).map((id) => call(name, input(id))),
});

/** A child that changes one file (with bash, as the sandbox's tool user, or with write), commits and reports. */
function child(file: string, content: string, subject: string, by: "bash" | "write" = "write"): ScriptedTurn[] {
  const change =
    by === "bash"
      ? call("bash", { command: `printf '%s' '${content}' > ${file}` })
      : call("write", { path: file, content });
  return [
    { toolCalls: [change, call("commit", { message: `${subject}\n\nWritten by a sub-agent.` })] },
    { toolCalls: [call("agent_report", { reportMarkdown: `Committed ${file}.`, title: subject })] },
  ];
}

async function runIssue(title: string, body: string) {
  const issue = world.gh.createIssue({ title, body, user: "alice" });
  const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
  const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`)) as { sessionPath: string };
  const reply = world.gh.comments(issue.number).at(-1)?.body ?? "";
  return { issue, run, mapping, reply };
}

/** A task's record as committed: state/sessions/<session id>/tasks/<id>/task.json. */
async function taskRecord(sessionPath: string, taskId: string) {
  const folder = sessionPath.replace(/[^/]*_([^/_]+)\.jsonl$/, "$1");
  return JSON.parse(await world.onOrigin(`${folder}/tasks/${taskId}/task.json`)) as { gitFormatPatch: unknown };
}

describe("three background tasks on different files", () => {
  let result: Awaited<ReturnType<typeof runIssue>>;
  let ids: string[] = [];

  beforeAll(async () => {
    world.model.scriptFor("Create alpha.txt", child("alpha.txt", "alpha\n", "Add alpha.txt", "bash"));
    world.model.scriptFor("Create beta.txt", child("beta.txt", "beta\n", "Add beta.txt"));
    world.model.scriptFor("Create gamma.txt", child("gamma.txt", "gamma\n", "Add gamma.txt"));
    const brief = (name: string) => ({
      title: `${name} file`,
      prompt: `Create ${name}.txt holding "${name}" and commit it.`,
      run_in_background: true,
    });
    world.model.script([
      { toolCalls: ["alpha", "beta", "gamma"].map((name) => call("task", brief(name))) },
      { toolCalls: [call("task_await", {})] },
      eachTask("task_apply_git_patch", (id) => ({ task_id: id, dry_run: true })),
      (request) => {
        ids = taskIds(request);
        return { toolCalls: ids.map((id) => call("task_apply_git_patch", { task_id: id })) };
      },
      { toolCalls: [call("write", { path: "SUMMARY.md", content: "three parts\n" })] },
      { text: "All three tasks are applied." },
    ]);
    result = await runIssue("Split the work", "Make three files, one per sub-agent.");
  });

  it("runs, applies all three and pushes their commits with the parent's, authors and messages kept", async () => {
    expect(result.run.stages.agent!.exitCode, result.run.logs).toBe(0);
    expect(ids).toHaveLength(3);
    const log = await world.repo.originGit("log", "--format=%an <%ae>|%cn|%s", "-5", "main");
    const lines = log.split("\n");
    expect(lines[0]).toMatch(/^gitclaw\[bot\] <.*>\|gitclaw\[bot\]\|gitclaw: issue #\d+ — Split the work$/);
    expect(lines.slice(1, 4).sort()).toEqual(
      ["alpha", "beta", "gamma"].map(
        (n) => `gitclaw[bot] <gitclaw[bot]@users.noreply.github.com>|gitclaw[bot]|Add ${n}.txt`,
      ),
    );
    const alpha = await world.repo.originGit("log", "-1", "--format=%B", "main", "--", "alpha.txt");
    expect(alpha).toContain("Written by a sub-agent.");
    expect(alpha).toContain("Co-authored-by: alice");
    for (const name of ["alpha", "beta", "gamma"]) expect(await world.onOrigin(`${name}.txt`)).toBe(`${name}\n`);
    expect(await world.onOrigin("SUMMARY.md")).toBe("three parts\n");
    expect(world.gh.violations).toEqual([]);
  });

  it("records each task, its dry run and apply, and says so in the reply", async () => {
    for (const id of ids) {
      const record = await taskRecord(result.mapping.sessionPath, id);
      expect(record).toMatchObject({ taskId: id, status: "reported", depth: 1, runner: "local" });
      expect(record.gitFormatPatch).toMatchObject({ status: "ready", commitCount: 1, appliedAt: expect.any(String) });
    }
    const dryRuns = world.model.requests
      .flatMap((r) => toolResultTexts(r.body))
      .filter((t) => t.includes('"dryRun": true'));
    expect(dryRuns.some((text) => text.includes('"success": true'))).toBe(true);
    expect(result.reply).toContain("All three tasks are applied.");
    expect(result.reply).toContain("Sub-agent tasks:");
    expect(result.reply.match(/✓ `t[0-9a-f]{8}`/g)).toHaveLength(3);
  });

  it("commits every child's session, linked to the parent's, and pi opens each", async () => {
    const parent = sessionLines(await world.onOrigin(result.mapping.sessionPath));
    const sessions = parent
      .filter((line) => line.customType === "gitclaw.task" && (line.data as { status: string }).status === "reported")
      .map((line) => (line.data as { sessionPath: string }).sessionPath);
    expect(sessions).toHaveLength(3);
    const agentDir = piAgentDir(world.model.url);
    for (const path of sessions) {
      const lines = sessionLines(await world.onOrigin(path));
      expect(lines[0]).toMatchObject({ type: "session", version: 3, parentSession: result.mapping.sessionPath });
      const copy = join(mkdtempSync(join(tmpdir(), "gitclaw-child-")), basename(path));
      await Bun.write(copy, await world.onOrigin(path));
      const html = `${copy}.html`;
      const exported = await runPi(["--export", copy, html], { agentDir, cwd: tmpdir() });
      expect(exported.exitCode, exported.stderr).toBe(0);
      expect(readFileSync(html, "utf8").length).toBeGreaterThan(0);
    }
  });
});

describe("two tasks that conflict", () => {
  let result: Awaited<ReturnType<typeof runIssue>>;

  beforeAll(async () => {
    world.model.scriptFor("Rewrite the README as north", child("README.md", "# north\n", "README: north"));
    world.model.scriptFor("Rewrite the README as south", child("README.md", "# south\n", "README: south"));
    const brief = (name: string) => ({
      title: `README ${name}`,
      prompt: `Rewrite the README as ${name}.`,
      run_in_background: true,
    });
    world.model.script([
      { toolCalls: [call("task", brief("north")), call("task", brief("south"))] },
      { toolCalls: [call("task_await", {})] },
      eachTask("task_apply_git_patch", (id) => ({ task_id: id })),
      { toolCalls: [call("write", { path: "NOTES.md", content: "conflict seen\n" })] },
      { text: "The second README change conflicted; I left it." },
    ]);
    result = await runIssue("Two READMEs", "Ask two sub-agents for a README each.");
  });

  it("names the conflicting path and the failing patch, and lands nothing half-applied", async () => {
    expect(result.run.stages.agent!.exitCode, result.run.logs).toBe(0);
    const applies = world.model.requests.at(-2)!;
    const conflict = toolResultTexts(applies.body).find((text) => text.includes('"conflictPaths"'))!;
    expect(JSON.parse(conflict)).toMatchObject({
      success: false,
      conflictPaths: ["README.md"],
      failedPatchSubject: "README: south",
      amInProgress: true,
    });
    expect(await world.onOrigin("README.md")).toBe("# north\n");
    expect(await world.onOrigin("NOTES.md")).toBe("conflict seen\n");
    const subjects = await world.repo.originGit("log", "--format=%s", "-3", "main");
    expect(subjects.split("\n").slice(0, 2)).toEqual([expect.stringMatching(/^gitclaw: issue #/), "README: north"]);
  });

  it("aborts the am at the end and says what remains", async () => {
    expect(result.reply).toContain("was still in progress at the end: it was aborted");
    expect(result.reply).toMatch(/⚠ `t[0-9a-f]{8}` README south: 1 commit not applied/);
    const parent = sessionLines(await world.onOrigin(result.mapping.sessionPath));
    expect(parent.some((line) => line.customType === "gitclaw.am_aborted")).toBe(true);
  });
});

describe("a child that fails, and one that is terminated", () => {
  let result: Awaited<ReturnType<typeof runIssue>>;

  beforeAll(async () => {
    let stuck: () => void = () => {};
    const childStuck = new Promise<void>((resolve) => (stuck = resolve));
    world.model.scriptFor("Break on purpose", [{ error: { status: 400, message: "the prompt is malformed" } }]);
    world.model.scriptFor("Work slowly", [
      {
        toolCalls: [
          call("write", { path: "slow.txt", content: "slow\n" }),
          call("commit", { message: "Add slow.txt" }),
        ],
      },
      () => {
        stuck();
        return { hang: true, text: "still thinking about it" };
      },
    ]);
    world.model.script([
      {
        toolCalls: [
          call("task", { title: "failing", prompt: "Break on purpose.", run_in_background: true }),
          call("task", { title: "slow", prompt: "Work slowly.", run_in_background: true }),
        ],
      },
      async (request) => {
        await childStuck;
        return { toolCalls: [call("task_terminate", { task_ids: [taskIds(request)[1]] })] };
      },
      { toolCalls: [call("task_await", {})] },
      { toolCalls: [call("write", { path: "PARENT.md", content: "mine\n" })] },
      { text: "One task failed, one I stopped." },
    ]);
    result = await runIssue("Failures", "Try two tasks.");
  });

  it("reports the failure and the termination, and the parent's work lands", async () => {
    expect(result.run.stages.agent!.exitCode, result.run.logs).toBe(0);
    const awaited = toolResultTexts(world.model.requests.at(-2)!.body).at(-1)!;
    type Result = { status: string; reportMarkdown: string; artifacts: { gitFormatPatch: unknown } };
    const results = JSON.parse(awaited).results as Result[];
    const failed = results.find((r) => r.status === "failed")!;
    expect(failed.reportMarkdown).toContain("The task stopped before it reported: the model call failed");
    expect(failed.reportMarkdown).toContain("the prompt is malformed");
    const terminated = results.find((r) => r.status === "terminated")!;
    expect(terminated.reportMarkdown).toContain("terminated by its parent (task_terminate)");
    expect(terminated.artifacts.gitFormatPatch).toMatchObject({ status: "ready", commitCount: 1 });
    expect(await world.onOrigin("PARENT.md")).toBe("mine\n");
    expect(result.reply).toContain("One task failed, one I stopped.");
    expect(result.reply).toMatch(/✗ `t[0-9a-f]{8}` failing: failed/);
  });
});

describe("a sub-agent in a repository with instruction files", () => {
  it("gets the default branch's files in its system prompt and a directory's AGENTS.md with its first read there", async () => {
    const maintainer = await world.repo.clone("maintainer-rules");
    await commitFile(maintainer, "AGENTS.md", "Rules for everyone: tabs, not spaces.\n");
    await commitFile(maintainer, "lib/AGENTS.md", "Rules for lib/: no globals.\n");
    await commitFile(maintainer, "lib/util.ts", "export const util = 1;\n");
    await git(maintainer, "push", "-q", "origin", "HEAD:main");
    world.model.scriptFor("Look at lib/util.ts", [
      { toolCalls: [call("read", { path: "lib/util.ts" })] },
      { toolCalls: [call("agent_report", { reportMarkdown: "Looked.", title: "Look at util" })] },
    ]);
    world.model.script([
      { toolCalls: [call("task", { title: "util", prompt: "Look at lib/util.ts and report." })] },
      { text: "The sub-agent looked." },
    ]);
    const before = world.model.requests.length;

    const { run } = await runIssue("Look at util", "Have a sub-agent look at lib/util.ts.");

    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    const childRequests = world.model.requests
      .slice(before)
      .map((request) => JSON.stringify(request.body))
      .filter((body) => body.includes("gitclaw sub-agent"));
    expect(childRequests).toHaveLength(2);
    for (const body of childRequests) expect(body).toContain("## AGENTS.md\\nRules for everyone: tabs, not spaces.");
    const token = /<directory-instructions-([0-9a-f]{12}) path/.exec(childRequests[0]!)?.[1];
    expect(token).toBeDefined();
    expect(childRequests[1]).toContain(
      `<directory-instructions-${token} path=\\"lib/AGENTS.md\\">\\nRules for lib/: no globals.\\n</directory-instructions-${token}>`,
    );
  });
});

describe("a child that smuggles a configuration change through its commit message", () => {
  let result: Awaited<ReturnType<typeof runIssue>>;
  const OFF = JSON.stringify({ tasks: { enabled: true }, sandbox: "off", trust: { minPermission: "read" } });
  const message = smugglingMessage("Tidy the notes", ".github/gitclaw.json", CONFIG[".github/gitclaw.json"], OFF);

  beforeAll(async () => {
    world.model.scriptFor("Tidy the notes file", [
      { toolCalls: [call("write", { path: "notes.txt", content: "tidy\n" }), call("commit", { message })] },
      { toolCalls: [call("agent_report", { reportMarkdown: "Tidied.", title: "Tidy the notes" })] },
    ]);
    world.model.script([
      { toolCalls: [call("task", { title: "notes", prompt: "Tidy the notes file." })] },
      eachTask("task_apply_git_patch", (id) => ({ task_id: id, dry_run: true })),
      eachTask("task_apply_git_patch", (id) => ({ task_id: id })),
      { toolCalls: [call("write", { path: "MINE.md", content: "the parent's own\n" })] },
      { text: "The task's patch was refused." },
    ]);
    result = await runIssue("Tidy up", "Let a sub-agent tidy the notes.");
  });

  it("is refused by what the series changed once applied, in the dry run and the apply", () => {
    expect(result.run.stages.agent!.exitCode, result.run.logs).toBe(0);
    const texts = toolResultTexts(world.model.requests.at(-1)!.body);
    const refusals = texts.filter((text) => text.includes('"protectedPaths"'));
    expect(refusals).toHaveLength(2);
    for (const text of refusals)
      expect(JSON.parse(text)).toMatchObject({
        success: false,
        protectedPaths: [".github/gitclaw.json"],
        error: expect.stringContaining(".github/gitclaw.json (protected by .github/gitclaw.json)"),
      });
  });

  it("pushes none of it: the configuration is as it was, and the run's own work and conversation land", async () => {
    expect(await world.onOrigin(".github/gitclaw.json")).toBe(CONFIG[".github/gitclaw.json"]);
    await expect(world.onOrigin("notes.txt")).rejects.toThrow();
    // Only the commit that set the repository up ever touched it.
    const touching = await world.repo.originGit("log", "--all", "--format=%H", "--", ".github");
    expect(touching.split("\n")).toHaveLength(1);
    expect(await world.onOrigin("MINE.md")).toBe("the parent's own\n");
    expect(result.reply).toContain("The task's patch was refused.");
    expect(result.reply).toMatch(/⚠ `t[0-9a-f]{8}` notes: 1 commit not applied/);
  });
});

// #27 item 5: the child's git commands commit in a repository of the tool user's own for its
// worktree; its commits are taken as data into its series (messages kept, gitclaw's identity where
// it set none), and the parent applies them as any task's.
describe("a sub-agent that commits with git in bash", () => {
  let childResults: string[] = [];
  let exitCode: number | undefined;
  let logs = "";

  beforeAll(async () => {
    world.model.scriptFor("Create two files", [
      {
        toolCalls: [
          call("bash", {
            command:
              "echo one > one.txt && git add -A && git commit -q -m 'Add one.txt' -m 'By a sub-agent.' && " +
              "echo two > two.txt && git add two.txt && git commit -q -m 'Add two.txt' && git log --format=%s -2",
          }),
        ],
      },
      (request) => {
        childResults = toolResultTexts(request.body);
        return { toolCalls: [call("agent_report", { reportMarkdown: "Two commits.", title: "Two files" })] };
      },
    ]);
    world.model.script([
      { toolCalls: [call("task", { title: "two files", prompt: "Create two files and commit each." })] },
      (request) => ({ toolCalls: taskIds(request).map((id) => call("task_apply_git_patch", { task_id: id })) }),
      { text: "Applied the task's commits." },
    ]);
    const issue = world.gh.createIssue({ title: "Two files by a task", body: "Please.", user: "alice" });
    const run = await world.run("issues", issueOpenedPayload({ ...target, issue }));
    exitCode = run.stages.agent?.exitCode;
    logs = run.logs;
  });

  it("commits in the task's worktree without a raw git error", () => {
    expect(exitCode, logs).toBe(0);
    expect(childResults.at(-1)).toContain("Add two.txt\nAdd one.txt");
    expect(childResults.join("\n")).not.toMatch(/index\.lock|Permission denied|fatal:/);
  });

  it("lands both commits, in order, with their messages, then the parent's", async () => {
    const log = await world.repo.originGit("log", "--format=%an|%s", "-3", "main");
    expect(log.split("\n")).toEqual([
      expect.stringMatching(/^gitclaw\[bot\]\|gitclaw: issue #\d+ — Two files by a task$/),
      "gitclaw[bot]|Add two.txt",
      "gitclaw[bot]|Add one.txt",
    ]);
    expect(await world.repo.originGit("log", "-1", "--format=%B", "main~2")).toContain("By a sub-agent.");
    expect(await world.onOrigin("one.txt")).toBe("one\n");
    expect(await world.onOrigin("two.txt")).toBe("two\n");
  });
});
