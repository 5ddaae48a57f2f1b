// Sub-agents on runners of their own (runner "actions"), end to end: the workflow `gitclaw init`
// writes with the task job, origin served over HTTP like github.com (the parent's token pushes, the
// task job's token cannot), and the emulator's workflow_dispatch played by a runner stand-in that
// runs the task job for each dispatch (checkout of the base sha without credentials, the agent stage
// in child mode, upload-artifact into the emulator). The parent polls the runs, downloads the
// artifacts, applies the commits; cancelling the parent cancels the task runs. The repository holds
// its workflow, and origin refuses as GitHub does any push by a token without `workflows` whose
// commits create, change or delete a workflow file, on every ref: the briefs' refs included.
// The task job starts as the agent stage does: every secret it holds is a log mask before it logs anything.
import { createHash } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderWorkflow, TASK_DISPATCH_INPUTS } from "../../src/cli/workflow.ts";
import { parseConfig } from "../../src/config/config.ts";
import { playDispatchedRuns, type DispatchRunner } from "../support/dispatch-runner.ts";
import { toolResultTexts, type RecordedModelRequest } from "../support/fake-model.ts";
import { serveGitOverHttp, type GitHttpServer } from "../support/git-http.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../support/payloads.ts";
import { smugglingMessage } from "../support/smuggle.ts";
import { MODEL_KEY } from "../support/workflow.ts";
import { createWorld, OWNER, REPO, sessionLines, TOKEN, unmasked, type World } from "./support.ts";

const CONFIG = {
  ".github/gitclaw.json": JSON.stringify({
    tasks: { enabled: true, actions: { enabled: true, pollSeconds: 0.05 } },
    tools: { env: ["NPM_TOKEN"] },
  }),
  // Main's preToolUse hook: a task's job runs it too (src/hooks/).
  ".github/hooks/guard.json": JSON.stringify({
    version: 1,
    hooks: {
      preToolUse: [
        {
          type: "command",
          bash: `if grep -q 'rm -rf'; then echo '{"permissionDecision":"deny","permissionDecisionReason":"not on Actions either"}'; fi`,
        },
      ],
    },
  }),
};
const CHOICES = { model: "anthropic/claude-sonnet-4-5", trigger: parseConfig({}).trigger, actionsRunner: true };
/** The workflow `gitclaw init` writes, committed in the repository as a user's would be. */
const WORKFLOW = renderWorkflow(CHOICES, [["anthropic_api_key", "${{ secrets.ANTHROPIC_API_KEY }}"]]);
/** The task job's token: GitHub gives it contents: read, so origin refuses its pushes. */
const TASK_TOKEN = "task-token-read-only-0123456789abcdef";
/** A tools.env secret the workflow hands to the task job's tool commands. */
const NPM_TOKEN = `npm_${"TaskRegistryToken".repeat(2)}`;

let world: World;
let http: GitHttpServer;
let workflowFile: string;
let runner: DispatchRunner;

beforeAll(async () => {
  world = await createWorld({ ...CONFIG, ".github/workflows/gitclaw.yml": WORKFLOW });
  world.gh.addUser({ login: "alice", permission: "write" });
  http = serveGitOverHttp(world.repo.origin, { [TOKEN]: { workflows: false } });
  workflowFile = join(world.repo.root, "gitclaw-actions-runner.yml");
  writeFileSync(workflowFile, WORKFLOW);
  const repository = `${OWNER}/${REPO}`;
  runner = playDispatchedRuns({
    gh: world.gh,
    context: { gh: world.gh, model: world.model, repository, origin: http.url, workflowFile, env: { NPM_TOKEN } },
    job: "task",
    token: TASK_TOKEN,
  });
});
afterAll(async () => {
  http.stop();
  await world.stop();
});

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

/** A child that writes `file` and commits it: with the commit tool, or with git in bash as models do. */
function child(file: string, subject: string, how: "commit tool" | "git" = "commit tool") {
  const committing =
    how === "git"
      ? [
          call("bash", {
            command: `printf '%s\\n' ${file} > ${file} && git add -A && git commit -q -m '${subject}' -m 'On Actions.'`,
          }),
        ]
      : [call("write", { path: file, content: `${file}\n` }), call("commit", { message: `${subject}\n\nOn Actions.` })];
  return [
    { toolCalls: committing },
    { toolCalls: [call("agent_report", { reportMarkdown: `Committed ${file}.`, title: subject })] },
  ];
}

function startIssue(title: string) {
  const issue = world.gh.createIssue({ title, body: "Split it up.", user: "alice" });
  const payload = issueOpenedPayload({ owner: OWNER, repo: REPO, issue });
  return { issue, running: world.start("issues", payload, { origin: http.url, workflowFile }) };
}

/** A parent run on a new issue, to its end and its task runs' end. */
async function runToTheEnd(title: string) {
  const { issue, running } = startIssue(title);
  const run = await running.result;
  await runner.idle();
  return { issueNumber: issue.number, exitCode: run.stages.agent?.exitCode, logs: run.logs };
}

describe('three background tasks with runner "actions"', () => {
  let issueNumber = 0;
  let ids: string[] = [];
  let exitCode: number | undefined;
  let logs = "";

  beforeAll(async () => {
    // "two" commits with git in bash on its runner, as models do; the others with the commit tool.
    for (const name of ["one", "two", "three"])
      world.model.scriptFor(
        `Create ${name}.txt`,
        child(`${name}.txt`, `Add ${name}.txt`, name === "two" ? "git" : "commit tool"),
      );
    const brief = (name: string) => ({
      title: `${name} file`,
      prompt: `Create ${name}.txt and commit it.`,
      run_in_background: true,
      runner: "actions",
    });
    world.model.script([
      { toolCalls: ["one", "two", "three"].map((name) => call("task", brief(name))) },
      { toolCalls: [call("task_await", {})] },
      eachTask("task_apply_git_patch", (id) => ({ task_id: id, dry_run: true })),
      (request) => {
        ids = taskIds(request);
        return { toolCalls: ids.map((id) => call("task_apply_git_patch", { task_id: id })) };
      },
      { toolCalls: [call("write", { path: "PARENT.md", content: "parent\n" })] },
      { text: "Three tasks ran on Actions and are applied." },
    ]);
    ({ issueNumber, exitCode, logs } = await runToTheEnd("Fan out on Actions"));
  });

  it("dispatches one run per task, each runs the task job read-only and uploads its work", async () => {
    expect(exitCode, logs).toBe(0);
    expect(ids).toHaveLength(3);
    const dispatched = runner.runs.filter((run) => ids.includes(run.dispatch.inputs.task_id!));
    expect(dispatched).toHaveLength(3);
    for (const { dispatch, result } of dispatched) {
      expect(dispatch.workflow).toBe("gitclaw.yml");
      expect(Object.keys(dispatch.inputs).sort()).toEqual([...TASK_DISPATCH_INPUTS].sort());
      expect(dispatch.inputs.task_base_sha).toMatch(/^[0-9a-f]{40}$/);
      const run = await result;
      expect(run.status, run.logs).toBe("success");
      expect(unmasked(run.logs)).not.toContain(TASK_TOKEN);
    }
    // No push was refused for a workflow file: each brief's commit only adds the brief.
    expect(http.refusals()).toEqual([]);
    // The briefs' refs are gone once their tasks are taken over.
    expect(await world.repo.originGit("for-each-ref", "refs/gitclaw/")).toBe("");
    expect(world.gh.violations).toEqual([]);
  });

  it("lands the three children's commits, authors and messages intact, and the parent's", async () => {
    const log = await world.repo.originGit("log", "--format=%an|%s", "-4", "main");
    const lines = log.split("\n");
    expect(lines[0]).toMatch(/^gitclaw\[bot\]\|gitclaw: issue #\d+ — Fan out on Actions$/);
    expect(lines.slice(1).sort()).toEqual(["one", "three", "two"].map((n) => `gitclaw[bot]|Add ${n}.txt`));
    const one = await world.repo.originGit("log", "-1", "--format=%B", "main", "--", "one.txt");
    expect(one).toContain("On Actions.");
    expect(one).toContain("Co-authored-by: alice");
    const two = await world.repo.originGit("log", "-1", "--format=%B", "main", "--", "two.txt");
    expect(two).toMatch(/^Add two\.txt\n\nOn Actions\./);
    for (const name of ["one", "two", "three"]) expect(await world.onOrigin(`${name}.txt`)).toBe(`${name}.txt\n`);
    expect(await world.onOrigin("PARENT.md")).toBe("parent\n");
    expect(await world.onOrigin(".github/workflows/gitclaw.yml")).toBe(WORKFLOW);
  });

  it("commits each child's session, linked to the parent's, with its record naming the run", async () => {
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issueNumber}.json`)) as { sessionPath: string };
    const folder = mapping.sessionPath.replace(/[^/]*_([^/_]+)\.jsonl$/, "$1");
    for (const id of ids) {
      const record = JSON.parse(await world.onOrigin(`${folder}/tasks/${id}/task.json`)) as Record<string, unknown>;
      expect(record).toMatchObject({
        taskId: id,
        runner: "actions",
        status: "reported",
        run: { id: expect.any(Number) },
      });
      expect(record.gitFormatPatch).toMatchObject({ status: "ready", commitCount: 1, appliedAt: expect.any(String) });
      const lines = sessionLines(await world.onOrigin(record.sessionPath as string));
      expect(lines[0]).toMatchObject({ type: "session", version: 3, parentSession: mapping.sessionPath });
    }
  });
});

describe("a secret a task's tool prints on a runner of its own", () => {
  it("is a log mask before any line of the task job could carry it, and reaches the model redacted", async () => {
    let printed: string[] = [];
    world.model.scriptFor("Print the registry token", [
      { toolCalls: [call("bash", { command: 'printf %s "$NPM_TOKEN" | sha256sum; echo "token=$NPM_TOKEN"' })] },
      (request) => {
        printed = toolResultTexts(request.body);
        return { toolCalls: [call("agent_report", { reportMarkdown: "Printed it.", title: "print" })] };
      },
    ]);
    world.model.script([
      { toolCalls: [call("task", { title: "print", prompt: "Print the registry token.", runner: "actions" })] },
      { text: "The task printed it." },
    ]);
    const before = runner.runs.length;
    const { exitCode, logs } = await runToTheEnd("Print a secret on Actions");
    expect(exitCode, logs).toBe(0);
    const task = await runner.runs[before]!.result;
    expect(task.status, task.logs).toBe("success");
    // The raw values reach the log only in the ::add-mask:: lines, before the task's first line.
    const lines = task.logs.split("\n");
    const taskStarts = lines.findIndex((line) => line.startsWith("gitclaw: task "));
    expect(taskStarts, task.logs).toBeGreaterThanOrEqual(0);
    for (const secret of [NPM_TOKEN, TASK_TOKEN, MODEL_KEY]) {
      const mask = lines.indexOf(`::add-mask::${secret}`);
      expect(mask, `::add-mask:: for ${secret.slice(0, 8)}…`).toBeGreaterThanOrEqual(0);
      expect(mask).toBeLessThan(taskStarts);
      expect(unmasked(task.logs)).not.toContain(secret);
    }
    // The tool had the value (tools.env reaches a task's commands on its own runner too), the model its redaction.
    expect(printed.join("\n")).toContain(createHash("sha256").update(NPM_TOKEN).digest("hex"));
    expect(printed.join("\n")).toContain("token=[REDACTED]");
  });
});

describe("the repository's hooks on a task's own runner", () => {
  it("deny the task's rm -rf as they do the parent's", async () => {
    let results: string[] = [];
    world.model.scriptFor("Remove the sources", [
      { toolCalls: [call("bash", { command: "rm -rf .github && echo gone" })] },
      (request) => {
        results = toolResultTexts(request.body);
        return { toolCalls: [call("agent_report", { reportMarkdown: "Denied.", title: "remove" })] };
      },
    ]);
    world.model.script([
      { toolCalls: [call("task", { title: "remove", prompt: "Remove the sources.", runner: "actions" })] },
      { text: "The task was denied." },
    ]);
    const before = runner.runs.length;
    const { exitCode, logs } = await runToTheEnd("Remove on Actions");
    expect(exitCode, logs).toBe(0);
    const task = await runner.runs[before]!.result;
    expect(task.status, task.logs).toBe("success");
    expect(results.join("\n")).toContain(
      "Denied by the repository's preToolUse hook .github/hooks/guard.json#preToolUse[0]: not on Actions either",
    );
    expect(results.join("\n")).not.toContain("gone");
  });
});

describe("cancelling the parent", () => {
  it("cancels its task runs", async () => {
    let childAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => (childAsked = resolve));
    world.model.scriptFor("Think forever", [
      () => {
        childAsked();
        return { hang: true, text: "thinking" };
      },
    ]);
    world.model.script([
      {
        toolCalls: [
          call("task", { title: "forever", prompt: "Think forever.", run_in_background: true, runner: "actions" }),
        ],
      },
      // Cancelled while it waits: no further turn.
      { toolCalls: [call("task_await", {})] },
    ]);
    const before = runner.runs.length;
    const { running } = startIssue("Cancel me");
    await asked;
    running.cancel();
    await running.result;
    await runner.idle();
    const [child] = runner.runs.slice(before);
    expect(child).toBeDefined();
    const run = await child!.result;
    expect(run.status).toBe("cancelled");
    expect(world.gh.violations).toEqual([]);
  });
});

describe("task_terminate on a task running on Actions", () => {
  it("cancels its run and reports the task terminated, with what it uploaded", async () => {
    let childAsked: () => void = () => {};
    const asked = new Promise<void>((resolve) => (childAsked = resolve));
    world.model.scriptFor("Ponder at length", [
      {
        toolCalls: [
          call("write", { path: "ponder.txt", content: "p\n" }),
          call("commit", { message: "Add ponder.txt" }),
        ],
      },
      () => {
        childAsked();
        return { hang: true, text: "pondering" };
      },
    ]);
    world.model.script([
      {
        toolCalls: [
          call("task", { title: "ponder", prompt: "Ponder at length.", run_in_background: true, runner: "actions" }),
        ],
      },
      async (request) => {
        await asked;
        return { toolCalls: [call("task_terminate", { task_ids: taskIds(request) })] };
      },
      { toolCalls: [call("task_await", {})] },
      { text: "Stopped it." },
    ]);
    const before = runner.runs.length;
    const { issue, running } = startIssue("Terminate on Actions");
    const run = await running.result;
    expect(run.stages.agent!.exitCode, run.logs).toBe(0);
    await runner.idle();
    expect((await runner.runs[before]!.result).status).toBe("cancelled");
    const awaited = toolResultTexts(world.model.requests.at(-1)!.body).at(-1)!;
    const [result] = JSON.parse(awaited).results as { status: string; artifacts: { gitFormatPatch: unknown } }[];
    expect(result).toMatchObject({ status: "terminated" });
    expect(result!.artifacts.gitFormatPatch).toMatchObject({ status: "ready", commitCount: 1 });
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(/⚠ `t[0-9a-f]{8}` ponder: 1 commit not applied/);
  });
});

describe("a task run that outlives its parent's run", () => {
  it("goes on, and the next run of the issue takes up its work", async () => {
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    let childWaits: () => void = () => {};
    const waiting = new Promise<void>((resolve) => (childWaits = resolve));
    world.model.scriptFor("Create late.txt", [
      async () => {
        childWaits();
        await released;
        return child("late.txt", "Add late.txt")[0]!;
      },
      child("late.txt", "Add late.txt")[1]!,
    ]);
    world.model.script([
      {
        toolCalls: [
          call("task", {
            title: "late",
            prompt: "Create late.txt and commit it.",
            run_in_background: true,
            runner: "actions",
          }),
        ],
      },
      async () => {
        await waiting;
        return { text: "Started a task." };
      },
      { text: "It still runs." },
      { text: "Leaving it running." },
    ]);
    const before = runner.runs.length;
    const { issue, running } = startIssue("Outlive me");
    const first = await running.result;
    expect(first.stages.agent!.exitCode, first.logs).toBe(0);
    const reply = world.gh.comments(issue.number).at(-1)!.body;
    expect(reply).toMatch(/⏳ `t[0-9a-f]{8}` late: still running on Actions/);
    expect(await world.repo.originGit("for-each-ref", "--format=%(refname)", "refs/gitclaw/")).toMatch(/tasks\/t/);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`)) as Record<string, unknown>;
    expect(mapping.outstandingTasks).toEqual([{ taskId: expect.stringMatching(/^t/), runUrl: expect.any(String) }]);

    release();
    await runner.idle();
    expect(await runner.runs[before]!.result).toMatchObject({ status: "success" });
    world.model.script([
      { toolCalls: [call("task_await", {})] },
      eachTask("task_apply_git_patch", (id) => ({ task_id: id })),
      { text: "Applied the late task." },
    ]);
    const comment = world.gh.addComment(issue.number, { body: "Is it done?", user: "alice" });
    const payload = issueCommentCreatedPayload({
      owner: OWNER,
      repo: REPO,
      issue: world.gh.issue(issue.number),
      comment,
    });
    const second = await world.run("issue_comment", payload, { origin: http.url, workflowFile });
    expect(second.stages.agent!.exitCode, second.logs).toBe(0);
    expect(await world.onOrigin("late.txt")).toBe("late.txt\n");
    expect(world.gh.comments(issue.number).at(-1)!.body).toMatch(/✓ `t[0-9a-f]{8}` late: applied/);
    expect(await world.repo.originGit("for-each-ref", "refs/gitclaw/")).toBe("");
    const after = JSON.parse(await world.onOrigin(`state/issues/${issue.number}.json`)) as Record<string, unknown>;
    expect(after.outstandingTasks).toBeUndefined();
  });
});

describe("a task on Actions that smuggles a configuration change, with a forged artifact", () => {
  let issueNumber = 0;
  let exitCode: number | undefined;
  let logs = "";
  const file = ".github/gitclaw.json";
  const message = smugglingMessage("Tidy the notes", file, CONFIG[file], JSON.stringify({ sandbox: "off" }));

  beforeAll(async () => {
    world.model.scriptFor("Tidy the notes file", [
      { toolCalls: [call("write", { path: "notes.txt", content: "tidy\n" }), call("commit", { message })] },
      { toolCalls: [call("agent_report", { reportMarkdown: "Tidied.", title: "Tidy the notes" })] },
    ]);
    // What the artifact holds besides the task's own: files under state/sessions/ no record names.
    runner.beforeUpload = (path) => {
      mkdirSync(join(path, "state/sessions/planted"), { recursive: true });
      writeFileSync(join(path, "state/sessions/2026-01-01T00-00-00-000Z_planted.jsonl"), '{"type":"session"}\n');
      writeFileSync(join(path, "state/sessions/planted/notes.md"), "planted\n");
    };
    world.model.script([
      { toolCalls: [call("task", { title: "notes", prompt: "Tidy the notes file.", runner: "actions" })] },
      eachTask("task_apply_git_patch", (id) => ({ task_id: id, dry_run: true })),
      eachTask("task_apply_git_patch", (id) => ({ task_id: id })),
      { toolCalls: [call("write", { path: "MINE.md", content: "the parent's own\n" })] },
      { text: "The task's patch was refused." },
    ]);
    ({ issueNumber, exitCode, logs } = await runToTheEnd("Tidy up on Actions"));
    runner.beforeUpload = undefined;
  });

  it("refuses the series by what it changed once applied, in the dry run and the apply; nothing of it is pushed", async () => {
    expect(exitCode, logs).toBe(0);
    const refusals = toolResultTexts(world.model.requests.at(-1)!.body).filter((t) => t.includes('"protectedPaths"'));
    expect(refusals).toHaveLength(2);
    for (const text of refusals) expect(JSON.parse(text)).toMatchObject({ success: false, protectedPaths: [file] });
    expect(await world.onOrigin(file)).toBe(CONFIG[file]);
    await expect(world.onOrigin("notes.txt")).rejects.toThrow();
    expect(await world.onOrigin("MINE.md")).toBe("the parent's own\n");
  });

  it("takes only the sessions the task's record names from its artifact", async () => {
    const sessions = (await world.repo.originGit("ls-tree", "-r", "--name-only", "main", "state/sessions")).split("\n");
    expect(sessions.filter((path) => path.includes("planted"))).toEqual([]);
    const mapping = JSON.parse(await world.onOrigin(`state/issues/${issueNumber}.json`)) as { sessionPath: string };
    const folder = mapping.sessionPath.replace(/[^/]*_([^/_]+)\.jsonl$/, "$1");
    const [taskFolder] = sessions.filter((path) => path.startsWith(`${folder}/tasks/`) && path.endsWith("task.json"));
    const record = JSON.parse(await world.onOrigin(taskFolder!)) as { sessionPath: string };
    expect(sessionLines(await world.onOrigin(record.sessionPath))[0]).toMatchObject({
      type: "session",
      parentSession: mapping.sessionPath,
    });
  });
});
