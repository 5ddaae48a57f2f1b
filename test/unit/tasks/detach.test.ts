// Tasks that run elsewhere (runner "actions") past the run that started them: detached at the run's
// end with their record left running, resumed by the next run's orchestrator from the stored records,
// and only theirs (a queued task is not detached; it is terminated with the rest).
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { TaskOrchestrator, type TaskLauncher } from "../../../src/tasks/orchestrator.ts";
import { TaskStore } from "../../../src/tasks/records.ts";

const caller = { depth: 0, head: async () => "a".repeat(40) };
const untilAborted = (signal: AbortSignal) =>
  new Promise<void>((resolve) => (signal.aborted ? resolve() : signal.addEventListener("abort", () => resolve())));

function orchestrator(store: TaskStore, launcher: TaskLauncher, maxParallel = 1): TaskOrchestrator {
  return new TaskOrchestrator({ store, maxParallel, maxDepth: 2, launchers: { actions: launcher }, now: Date.now });
}

describe("detached tasks", () => {
  it("stay running when the run ends and are followed again by the next run", async () => {
    const dir = mkdtempSync(join(tmpdir(), "gitclaw-detach-"));
    const store = new TaskStore(join(dir, "tasks"), dir);
    const first = orchestrator(store, (task) => untilAborted(task.signal));
    const running = await first.spawn(caller, { title: "long", prompt: "p", runner: "actions" });
    const queued = await first.spawn(caller, { title: "waits", prompt: "p", runner: "actions" });
    expect(await first.detach("actions")).toEqual([running.taskId]);
    await first.shutdown("the run ended");
    expect(store.load(running.taskId)).toMatchObject({ status: "running" });
    expect(store.load(queued.taskId)).toMatchObject({ status: "terminated", error: "the run ended" });

    let next: TaskOrchestrator | undefined;
    const resumed: string[] = [];
    next = orchestrator(store, async (task) => {
      resumed.push(task.record.taskId);
      next!.update({ ...task.record, status: "reported", finishedAt: new Date().toISOString() });
    });
    expect(next.resume("actions")).toEqual([running.taskId]);
    const [done] = await next.wait(caller, [running.taskId], Number.POSITIVE_INFINITY, new AbortController().signal);
    expect(done).toMatchObject({ status: "reported", startedAt: running.startedAt ?? expect.any(String) });
    expect(resumed).toEqual([running.taskId]);
    expect(next.resume("actions")).toEqual([]);
  });
});
