// What the run knows about each sub-agent task, kept where the run's conversation keeps its files: a
// folder per task under the parent session's artifacts (`tasks/<id>/`: task.json, report.md and the
// commits as series.mbox), committed with the session, so the repository holds the whole tree of work.
// task.json is replaced atomically; it is committed state, so nothing read from it names a file: every
// path is derived from the task id, which must be a plain name.
import { randomBytes } from "node:crypto";
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "../session/atomic.ts";

/** A task id: what `task` returns, and the name of the task's folder. */
const TASK_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export const RUNNERS = ["local", "actions"] as const;
export type Runner = (typeof RUNNERS)[number];

export const PATCH_STATUSES = ["pending", "ready", "failed", "skipped"] as const;

/** The child's commits as a `git format-patch` series, for task_apply_git_patch. */
export const GitFormatPatch = z.looseObject({
  status: z.enum(PATCH_STATUSES),
  baseSha: z.string(),
  headSha: z.string().optional(),
  commitCount: z.number().int().optional(),
  /** Repository-relative path of the series, for people and the model (never read back: see seriesPath). */
  path: z.string().optional(),
  error: z.string().optional(),
  /** When task_apply_git_patch applied it (not a dry run), and what HEAD became. */
  appliedAt: z.string().optional(),
  appliedHeadSha: z.string().optional(),
  updatedAt: z.string(),
});
export type GitFormatPatch = z.infer<typeof GitFormatPatch>;

/** queued → running → reported | failed | terminated. */
export const TASK_STATUSES = ["queued", "running", "reported", "failed", "terminated"] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];
export const isFinal = (status: TaskStatus) => status !== "queued" && status !== "running";

export const TaskRecord = z.looseObject({
  taskId: z.string().regex(TASK_ID),
  title: z.string(),
  prompt: z.string(),
  runner: z.enum(RUNNERS),
  /** The repository's custom agent it runs as (src/agents/): its instructions, tools and model. */
  agent: z.string().optional(),
  /** The model it ran with, `provider/model`, once started. */
  model: z.string().optional(),
  /** 1 for the run's own agent's tasks, 2 for theirs … */
  depth: z.number().int().min(1),
  /** The task that started this one; absent when the run's own agent did. */
  parentTaskId: z.string().optional(),
  /** The commit the task's worktree starts from: its patch is baseSha..its HEAD. */
  baseSha: z.string(),
  status: z.enum(TASK_STATUSES),
  createdAt: z.string(),
  startedAt: z.string().optional(),
  finishedAt: z.string().optional(),
  /** The child's conversation, repository-relative (a pi session whose header names its parent). */
  sessionPath: z.string().optional(),
  reportTitle: z.string().optional(),
  /** Why the task failed or was terminated. */
  error: z.string().optional(),
  gitFormatPatch: GitFormatPatch.optional(),
  /** runner "actions": the child's workflow run. */
  run: z.looseObject({ id: z.number(), url: z.string() }).optional(),
});
export type TaskRecord = z.infer<typeof TaskRecord>;

/** Why a task id from the model cannot name a task, or undefined when it can. */
export function taskIdProblem(taskId: string): string | undefined {
  if (/[/\\]/.test(taskId) || taskId.includes(".."))
    return `task_id ${JSON.stringify(taskId)} must not contain path traversal segments.`;
  if (!TASK_ID.test(taskId))
    return `task_id ${JSON.stringify(taskId)} is not a task id (letters, digits, _ and -, as task returned it).`;
  return undefined;
}

export const newTaskId = () => `t${randomBytes(4).toString("hex")}`;

export class TaskStoreError extends Error {
  override name = "TaskStoreError";
}

/** Whether `path` is a real folder (not a link); false when it does not exist. */
function realFolder(path: string, what: string): boolean {
  const stat = lstatSync(path, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!stat.isDirectory()) throw new TaskStoreError(`${what} is a symbolic link or not a folder; remove it.`);
  return true;
}

export class TaskStore {
  /** `dir`: the tasks folder in the parent session's artifacts; `root`: the repository, for relative paths. */
  constructor(
    readonly dir: string,
    private readonly root: string,
  ) {}

  folder(taskId: string): string {
    const problem = taskIdProblem(taskId);
    if (problem) throw new TaskStoreError(problem);
    const folder = join(this.dir, taskId);
    if (!realFolder(this.dir, "the tasks folder")) mkdirSync(this.dir, { recursive: true });
    if (!realFolder(folder, `the folder of task ${taskId}`)) mkdirSync(folder);
    return folder;
  }

  seriesPath = (taskId: string) => join(this.folder(taskId), "series.mbox");
  private reportPath = (taskId: string) => join(this.folder(taskId), "report.md");

  /** A path as the repository names it. */
  relative(path: string): string {
    return path.startsWith(`${this.root}/`) ? path.slice(this.root.length + 1) : path;
  }

  save(record: TaskRecord): void {
    writeFileAtomic(
      join(this.folder(record.taskId), "task.json"),
      `${JSON.stringify(TaskRecord.parse(record), null, 2)}\n`,
    );
  }

  load(taskId: string): TaskRecord | undefined {
    const path = join(this.folder(taskId), "task.json");
    if (!existsSync(path)) return undefined;
    const parsed = TaskRecord.safeParse(JSON.parse(readFileSync(path, "utf8")));
    return parsed.success && parsed.data.taskId === taskId ? parsed.data : undefined;
  }

  /** Every task recorded for this session, earlier runs' too, oldest first. */
  all(): TaskRecord[] {
    if (!realFolder(this.dir, "the tasks folder")) return [];
    return readdirSync(this.dir)
      .filter((name) => taskIdProblem(name) === undefined)
      .flatMap((name) => {
        try {
          return this.load(name) ?? [];
        } catch {
          return [];
        }
      })
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }

  writeReport(taskId: string, markdown: string): void {
    writeFileSync(this.reportPath(taskId), markdown.endsWith("\n") ? markdown : `${markdown}\n`);
  }

  readReport(taskId: string): string | undefined {
    const path = this.reportPath(taskId);
    return existsSync(path) ? readFileSync(path, "utf8").trimEnd() : undefined;
  }
}
