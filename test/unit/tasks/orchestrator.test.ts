// The orchestrator's rules through the task tools: slots (a queued task gets no worktree), depth,
// waiting like Promise.allSettled, lending a waiting task's slot, termination deepest first, reports
// that outlive the run's memory.
import { afterEach, describe, expect, it } from "vitest";
import { type TaskError, TaskOrchestrator } from "../../../src/tasks/orchestrator.ts";
import { commitFiles, createTaskWorld, finishedTask, parsed, type TaskWorld } from "./support.ts";

let world: TaskWorld;
afterEach(() => world?.repo.cleanup());

const gate = () => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
};
const untilAborted = (signal: AbortSignal) =>
  new Promise((resolve) => (signal.aborted ? resolve(undefined) : signal.addEventListener("abort", resolve)));
const worktreeCount = async () =>
  (await world.repo.git("worktree", "list", "--porcelain")).match(/^worktree /gm)!.length;
const start = async (title: string) =>
  parsed(await world.call("task", { title, prompt: `do ${title}`, run_in_background: true })).taskId as string;

describe("slots", () => {
  it("runs at most maxParallel tasks; the others wait queued, without a worktree, and start as slots free", async () => {
    world = await createTaskWorld({ maxParallel: 2 });
    const gates = new Map(["a", "b", "c", "d"].map((name) => [name, gate()]));
    const entered = new Map([...gates.keys()].map((name) => [name, gate()]));
    let running = 0;
    let most = 0;
    for (const [name, { opened }] of gates)
      world.work.set(name, async () => {
        most = Math.max(most, ++running);
        entered.get(name)!.open();
        await opened;
        running--;
        return undefined;
      });
    const ids = [];
    for (const name of gates.keys()) ids.push(await start(name));
    await Promise.all([entered.get("a")!.opened, entered.get("b")!.opened]);
    expect(ids.map((id) => world.orchestrator.record(id)!.status)).toEqual(["running", "running", "queued", "queued"]);
    expect(await worktreeCount()).toBe(3);
    gates.get("a")!.open();
    await world.call("task_await", { task_ids: [ids[0]] });
    expect(world.orchestrator.record(ids[2]!)!.status).toBe("running");
    for (const { open } of gates.values()) open();
    const awaited = parsed(await world.call("task_await", {}));
    expect((awaited.results as { status: string }[]).map((r) => r.status)).toEqual([
      "completed",
      "completed",
      "completed",
    ]);
    expect(most).toBe(2);
    expect(await worktreeCount()).toBe(1);
  });

  it("lends a task's slot while it waits for its own task, so nesting never deadlocks on the limit", async () => {
    world = await createTaskWorld({ maxParallel: 1 });
    world.work.set("inner", async ({ git }) => {
      await commitFiles(git, { "inner.txt": "inner\n" }, "Add inner.txt");
      return undefined;
    });
    world.work.set("outer", async ({ git }, task) => {
      const caller = { taskId: task.record.taskId, depth: 1, head: () => git.must(["rev-parse", "HEAD"]) };
      const inner = await world.orchestrator.spawn(caller, { title: "inner", prompt: "go", runner: "local" });
      const [done] = await world.orchestrator.wait(caller, [inner.taskId], 60_000, new AbortController().signal);
      return { report: `inner ended ${done!.status}` };
    });
    const id = await finishedTask(world, "outer");
    const [result] = parsed(await world.call("task_await", { task_ids: [id], timeout_secs: 0 })).results as {
      reportMarkdown: string;
    }[];
    expect(result!.reportMarkdown).toBe("inner ended reported");
    const list = parsed(await world.call("task_list", {})).tasks as { depth: number; title: string }[];
    expect(list.map((t) => [t.title, t.depth])).toEqual([
      ["outer", 1],
      ["inner", 2],
    ]);
  });
});

describe("depth and reports", () => {
  it("refuses a task below the depth limit, and a report while the reporter's own tasks run", async () => {
    world = await createTaskWorld({ maxDepth: 1 });
    world.work.set("parent", async ({ git }, task) => {
      const caller = { taskId: task.record.taskId, depth: 1, head: () => git.must(["rev-parse", "HEAD"]) };
      const refused = await world.orchestrator
        .spawn(caller, { title: "x", prompt: "y", runner: "local" })
        .catch((e) => e);
      return { report: String((refused as TaskError).message) };
    });
    const id = await finishedTask(world, "parent");
    const [result] = parsed(await world.call("task_await", { task_ids: [id] })).results as { reportMarkdown: string }[];
    expect(result!.reportMarkdown).toContain("sub-agents nest at most 1 deep (tasks.maxDepth in .github/gitclaw.json)");
    world.repo.cleanup();

    world = await createTaskWorld();
    let rejected = "";
    world.work.set("busy", async ({ git }, task) => {
      const caller = { taskId: task.record.taskId, depth: 1, head: () => git.must(["rev-parse", "HEAD"]) };
      world.work.set("child", async (_, child) => {
        await untilAborted(child.signal);
        return undefined;
      });
      await world.orchestrator.spawn(caller, { title: "child", prompt: "wait", runner: "local" });
      try {
        world.orchestrator.report(task.record.taskId, { markdown: "too early" });
      } catch (error) {
        rejected = (error as TaskError).message;
      }
      await world.orchestrator.terminate(
        world.orchestrator.active(caller).map((r) => r.taskId),
        "cleanup",
      );
      return undefined;
    });
    await finishedTask(world, "busy");
    expect(rejected).toMatch(/^agent_report rejected: your tasks t[0-9a-f]{8} still run/);
  });

  it("keeps reports on disk: a new orchestrator over the same store shows them again", async () => {
    world = await createTaskWorld();
    const id = await finishedTask(world, "remember", async ({ git }) => {
      await commitFiles(git, { "r.txt": "r\n" }, "Add r.txt");
      return { report: "## Done\n\nAdded r.txt." };
    });
    const later = new TaskOrchestrator({
      store: world.orchestrator.store,
      maxParallel: 3,
      maxDepth: 2,
      launchers: {},
      now: Date.now,
    });
    expect(later.record(id)).toMatchObject({ status: "reported", gitFormatPatch: { status: "ready", commitCount: 1 } });
    world.scope.orchestrator = later;
    const [result] = parsed(await world.call("task_await", { task_ids: [id], timeout_secs: 0 })).results as {
      reportMarkdown: string;
    }[];
    expect(result!.reportMarkdown).toBe("## Done\n\nAdded r.txt.");
  });
});

describe("waiting and stopping", () => {
  it("task_await with timeout 0 shows the status now; by default it waits for what was not reported yet", async () => {
    world = await createTaskWorld();
    const hold = gate();
    world.work.set("slow", async () => {
      await hold.opened;
      return undefined;
    });
    const id = await start("slow");
    const now = parsed(await world.call("task_await", { task_ids: [id], timeout_secs: 0 }));
    expect(now.results).toEqual([
      expect.objectContaining({ taskId: id, status: "running", elapsed_ms: expect.any(Number) }),
    ]);
    hold.open();
    expect((parsed(await world.call("task_await", {})).results as unknown[]).length).toBe(1);
    expect(parsed(await world.call("task_await", {})).note).toMatch(/^No task to wait for/);
    expect(parsed(await world.call("task_await", { task_ids: ["tnotatask"] })).results).toEqual([
      { taskId: "tnotatask", status: "not_found" },
    ]);
  });

  it("task_terminate stops a task and the task it started, deepest first; their commits are still exported", async () => {
    world = await createTaskWorld();
    const ended: string[] = [];
    world.work.set("grandchild", async (_, task) => {
      await untilAborted(task.signal);
      ended.push("grandchild");
      return undefined;
    });
    world.work.set("child", async ({ git }, task) => {
      await commitFiles(git, { "partial.txt": "partial\n" }, "Add partial.txt");
      const caller = { taskId: task.record.taskId, depth: 1, head: () => git.must(["rev-parse", "HEAD"]) };
      await world.orchestrator.spawn(caller, { title: "grandchild", prompt: "wait", runner: "local" });
      await untilAborted(task.signal);
      ended.push("child");
      return undefined;
    });
    const id = await start("child");
    while (world.orchestrator.visible({}).length < 2) await new Promise((resolve) => setImmediate(resolve));
    const result = parsed(await world.call("task_terminate", { task_ids: [id] }));
    expect(result.results).toEqual([{ taskId: id, status: "terminated" }]);
    expect(ended).toEqual(["grandchild", "child"]);
    expect(world.orchestrator.record(id)).toMatchObject({
      status: "terminated",
      error: "terminated by its parent (task_terminate)",
      gitFormatPatch: { status: "ready", commitCount: 1 },
    });
    expect((await world.call("task_terminate", { task_ids: ["tnope1234"] })).text).toContain("no task of yours");
  });
});
