// The run's sub-agent tasks: started by `task`, queued until one of `maxParallel` slots frees (a
// queued task has no worktree yet), nested at most `maxDepth` deep, awaited like Promise.allSettled,
// terminated with their descendants. How a task runs (a loop on this runner, or a workflow run) is a
// launcher's business; the orchestrator keeps the records, the slots and the waiting. A task that
// waits for its own children lends its slot meanwhile, so nested tasks never deadlock on the limit.
import type { TaskRecord, TaskStore, Runner } from "./records.ts";
import { isFinal, newTaskId } from "./records.ts";

/** Who calls a task tool: the run's own agent (no task id, depth 0) or one of its sub-agents. */
export interface TaskCaller {
  taskId?: string;
  depth: number;
  /** The commit the caller's checkout is at: a new task's base. */
  head(): Promise<string>;
}

export interface LiveTask {
  readonly record: TaskRecord;
  /** Aborted when the task is terminated or the run ends. */
  readonly signal: AbortSignal;
  /** What agent_report said. */
  report?: { markdown: string; title?: string };
  /** Why it was stopped, when it was. */
  stopReason?: string;
  /** Let go at the run's end, still running elsewhere (runner "actions"): its record stays as it is. */
  detached?: boolean;
}

/**
 * Runs a task to its end: resolves once its record is final (reported, failed or terminated) and
 * saved. The orchestrator passes itself, so launchers are made before it, without a reference to it.
 */
export type TaskLauncher = (task: LiveTask, orchestrator: TaskOrchestrator) => Promise<void>;

export class TaskError extends Error {
  override name = "TaskError";
}

interface Live extends LiveTask {
  record: TaskRecord;
  controller: AbortController;
  settled: Promise<void>;
  settle(): void;
}

export interface OrchestratorOptions {
  store: TaskStore;
  maxParallel: number;
  maxDepth: number;
  launchers: Partial<Record<Runner, TaskLauncher>>;
  now: () => number;
  /** A task started or reached its end: for the parent session's record and the log. */
  onChange?: (record: TaskRecord) => void;
}

export class TaskOrchestrator {
  private readonly live = new Map<string, Live>();
  private readonly known = new Map<string, TaskRecord>();
  private readonly queue: string[] = [];
  /** Reports already returned to the caller that started the task (task_await's default leaves them out). */
  private readonly delivered = new Set<string>();
  private running = 0;
  private lent = 0;

  constructor(private readonly options: OrchestratorOptions) {
    for (const record of options.store.all()) this.known.set(record.taskId, record);
  }

  get maxDepth(): number {
    return this.options.maxDepth;
  }

  get store(): TaskStore {
    return this.options.store;
  }

  private stamp = () => new Date(this.options.now()).toISOString();

  /** Saves a changed record (the one place records are written during the run). */
  update(record: TaskRecord): void {
    this.known.set(record.taskId, record);
    const live = this.live.get(record.taskId);
    if (live) live.record = record;
    this.options.store.save(record);
  }

  record(taskId: string): TaskRecord | undefined {
    return this.known.get(taskId);
  }

  /** Every task the caller may see: its descendants (all of them for the run's own agent). */
  visible(caller: Pick<TaskCaller, "taskId">): TaskRecord[] {
    return [...this.known.values()].filter((record) => this.isDescendant(record, caller.taskId));
  }

  private isDescendant(record: TaskRecord, ancestor: string | undefined): boolean {
    if (ancestor === undefined) return true;
    for (let parent = record.parentTaskId; parent; parent = this.known.get(parent)?.parentTaskId)
      if (parent === ancestor) return true;
    return false;
  }

  /** `taskId`: the id the task already has (a sub-agent's own run, dispatched under it); a new one otherwise. */
  async spawn(
    caller: TaskCaller,
    request: { title: string; prompt: string; runner: Runner; taskId?: string; agent?: string },
  ): Promise<TaskRecord> {
    const { maxDepth } = this.options;
    if (caller.depth >= maxDepth)
      throw new TaskError(
        `sub-agents nest at most ${maxDepth} deep (tasks.maxDepth in .github/gitclaw.json): do this work yourself.`,
      );
    if (caller.taskId && this.live.get(caller.taskId)?.report)
      throw new TaskError("you called agent_report already: no new tasks after your report.");
    if (!this.options.launchers[request.runner])
      throw new TaskError(`runner "${request.runner}" is not available in this run.`);
    const record: TaskRecord = {
      taskId: request.taskId ?? newTaskId(),
      title: request.title,
      prompt: request.prompt,
      runner: request.runner,
      ...(request.agent ? { agent: request.agent } : {}),
      depth: caller.depth + 1,
      ...(caller.taskId ? { parentTaskId: caller.taskId } : {}),
      baseSha: await caller.head(),
      status: "queued",
      createdAt: this.stamp(),
    };
    this.track(record);
    this.update(record);
    this.queue.push(record.taskId);
    this.pump();
    return this.known.get(record.taskId)!;
  }

  private track(record: TaskRecord): Live {
    const controller = new AbortController();
    let settle = () => {};
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const live: Live = { record, signal: controller.signal, controller, settled, settle };
    this.live.set(record.taskId, live);
    return live;
  }

  /**
   * Takes up tasks an earlier run let go while they still ran elsewhere (runner "actions"): each is
   * followed again by its launcher, in a slot of its own. Returns their ids.
   */
  resume(runner: Runner): string[] {
    const outstanding = [...this.known.values()].filter(
      (record) => record.runner === runner && !isFinal(record.status) && !this.live.has(record.taskId),
    );
    for (const record of outstanding) this.start(this.track(record), record);
    return outstanding.map((record) => record.taskId);
  }

  /** At the run's end: tasks of `runner` still running are let go, to be resumed by the next run. */
  async detach(runner: Runner): Promise<string[]> {
    const running = [...this.live.values()].filter(
      (live) => live.record.runner === runner && !this.queue.includes(live.record.taskId),
    );
    for (const live of running) {
      live.detached = true;
      live.controller.abort("the run ended; the task goes on");
    }
    await Promise.all(running.map((live) => live.settled));
    return running.map((live) => live.record.taskId);
  }

  /** Starts queued tasks while slots are free. */
  private pump(): void {
    while (this.queue.length > 0 && this.running - this.lent < this.options.maxParallel) {
      const live = this.live.get(this.queue.shift()!)!;
      this.start(live);
    }
  }

  private start(live: Live, resumed?: TaskRecord): void {
    this.running++;
    const record: TaskRecord = resumed ?? { ...live.record, status: "running", startedAt: this.stamp() };
    this.update(record);
    this.options.onChange?.(record);
    const launch = this.options.launchers[record.runner]!;
    launch(live, this)
      .catch((error: unknown) => this.fail(live, `the task could not run: ${(error as Error).message}`))
      .finally(() => {
        this.running--;
        this.finish(live);
        this.pump();
      });
  }

  /** The record as the launcher left it, made final if it is not, and everyone waiting told. */
  private finish(live: Live): void {
    const current = this.known.get(live.record.taskId)!;
    if (!isFinal(current.status) && !live.detached)
      this.fail(live, live.stopReason ?? "the task ended without a report");
    this.options.onChange?.(this.known.get(live.record.taskId)!);
    live.settle();
    this.live.delete(live.record.taskId);
  }

  private fail(live: Live, error: string): void {
    const current = this.known.get(live.record.taskId)!;
    if (isFinal(current.status)) return;
    const status = live.stopReason ? "terminated" : "failed";
    this.update({ ...current, status, error: live.stopReason ?? error, finishedAt: this.stamp() });
  }

  /** The live task (for its launcher and agent_report), while it runs. */
  task(taskId: string): LiveTask | undefined {
    return this.live.get(taskId);
  }

  /** Tasks below `taskId` (or any, for the run's own agent) not yet at their end. */
  active(caller: Pick<TaskCaller, "taskId">): TaskRecord[] {
    return this.visible(caller).filter((record) => !isFinal(record.status));
  }

  /** agent_report: the caller's report, refused while its own tasks still run. */
  report(taskId: string, report: { markdown: string; title?: string }): void {
    const live = this.live.get(taskId);
    if (!live) throw new TaskError("this task is no longer running.");
    const pending = this.active({ taskId });
    if (pending.length)
      throw new TaskError(
        `agent_report rejected: your tasks ${pending.map((t) => t.taskId).join(", ")} still run. Call task_await (or task_terminate) before reporting.`,
      );
    live.report = report;
  }

  /** Waits while the caller's slot is lent to the tasks it waits for. */
  private async lending<T>(caller: TaskCaller, wait: () => Promise<T>): Promise<T> {
    const lends = caller.taskId !== undefined && this.live.has(caller.taskId);
    if (lends) {
      this.lent++;
      this.pump();
    }
    try {
      return await wait();
    } finally {
      if (lends) this.lent--;
    }
  }

  /**
   * Waits until every task in `taskIds` is at its end, `timeoutMs` passes or `signal` aborts; returns
   * their records as they are then. Records of tasks the caller cannot see are left out (undefined).
   */
  async wait(
    caller: TaskCaller,
    taskIds: readonly string[],
    timeoutMs: number,
    signal: AbortSignal,
  ): Promise<(TaskRecord | undefined)[]> {
    const settled = taskIds.flatMap((id) => this.live.get(id)?.settled ?? []);
    if (timeoutMs > 0 && settled.length > 0) {
      const stop = Number.isFinite(timeoutMs) ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)]) : signal;
      const stopped = new Promise<void>((resolve) => stop.addEventListener("abort", () => resolve(), { once: true }));
      await this.lending(caller, () => Promise.race([Promise.all(settled), stopped]));
    }
    const visible = new Set(this.visible(caller).map((record) => record.taskId));
    return taskIds.map((id) => (visible.has(id) ? this.known.get(id) : undefined));
  }

  /** task_await's default: the tasks the caller started whose end it has not been told yet. */
  undelivered(caller: TaskCaller): string[] {
    return [...this.known.values()]
      .filter((record) => record.parentTaskId === caller.taskId && !this.delivered.has(record.taskId))
      .filter((record) => this.live.has(record.taskId) || record.startedAt !== undefined)
      .map((record) => record.taskId);
  }

  markDelivered(taskId: string): void {
    this.delivered.add(taskId);
  }

  /**
   * Stops tasks and every task below them, deepest first: a task is stopped only once the tasks it
   * started have ended, so its exported commits are its last. Resolves once all of them have ended.
   */
  async terminate(taskIds: readonly string[], reason: string): Promise<void> {
    const targets = [...this.known.values()]
      .filter((record) => taskIds.some((id) => record.taskId === id || this.isDescendant(record, id)))
      .filter((record) => this.live.has(record.taskId));
    const depths = [...new Set(targets.map((record) => record.depth))].sort((a, b) => b - a);
    for (const depth of depths) {
      const level = targets.flatMap((record) => (record.depth === depth ? (this.live.get(record.taskId) ?? []) : []));
      for (const live of level) this.stop(live, reason);
      await Promise.all(level.map((live) => live.settled));
    }
  }

  private stop(live: Live, reason: string): void {
    live.stopReason = reason;
    const queued = this.queue.indexOf(live.record.taskId);
    if (queued < 0) {
      live.controller.abort(reason);
      return;
    }
    this.queue.splice(queued, 1);
    this.fail(live, reason);
    this.finish(live);
  }

  /** At the run's end: every task still queued or running is stopped with `reason`, and awaited. */
  async shutdown(reason: string): Promise<void> {
    await this.terminate([...this.live.keys()], reason);
  }
}
