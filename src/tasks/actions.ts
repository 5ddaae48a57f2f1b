// runner "actions": a task as a workflow run of its own, on a runner GitHub schedules. The parent
// stores the brief on a ref (refs/gitclaw/tasks/<id>: a commit whose parent is the task's base, so the
// base reaches origin too, and whose tree is the base's plus the brief file: it changes nothing but
// what it adds, as GitHub wants of the job's token, which may not create, change or delete a workflow
// file in any commit it pushes; the child reads the brief from the commit, never checks it out), dispatches the workflow's task job with the task id
// and base sha (workflow_dispatch with return_run_details: the run's id comes back), then polls the
// run. The child job checks out the base with a read-only token, runs the agent stage in child mode
// and uploads its folder as the artifact task-<id>: tasks/<id>/ (task.json, report.md, series.mbox)
// and the sessions under state/sessions/. The parent takes these over into its own records and
// workspace, so task_await and task_apply_git_patch go on exactly as for a local task.
// Terminating the task, or cancelling the parent, cancels the run; a parent that simply ends lets
// the run go on (the orchestrator detaches it), and the next run of the issue resumes following it.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import type { Spending } from "../agent/loop.ts";
import type { Git } from "../git/git.ts";
import type { GitHubApi } from "../github/api.ts";
import type { Repo } from "../github/operations.ts";
import {
  cancelWorkflowRun,
  dispatchWorkflow,
  downloadArtifact,
  findRunArtifact,
  getWorkflowRun,
} from "../github/runs.ts";
import { addUsage, isSessionId, Usage } from "../session/entries.ts";
import type { LiveTask, TaskLauncher, TaskOrchestrator } from "./orchestrator.ts";
import { stoppedReport } from "./prompt.ts";
import { TaskRecord } from "./records.ts";
import { readZip } from "./zip.ts";

/** The ref holding a task's brief. */
export const briefRef = (taskId: string) => `refs/gitclaw/tasks/${taskId}`;
/** The artifact a child run uploads. */
export const artifactName = (taskId: string) => `task-${taskId}`;
/** The brief's file in its commit, at the top, named so no repository's own file is in its way. */
export const briefFile = (taskId: string) => `.gitclaw-task-${taskId}.json`;

/** What a child run needs beyond its id and base: its brief, where it sits in the tree, who asked. */
export const TaskBrief = z.looseObject({
  taskId: z.string(),
  baseSha: z.string(),
  title: z.string(),
  prompt: z.string(),
  depth: z.number().int().min(1),
  parentTaskId: z.string().optional(),
  /** The parent's session, repository-relative: the child's session header names it. */
  parentSession: z.string(),
  /** The parent's Actions run, for the child's commit trailers and log. */
  parentRun: z.string(),
  /** Whom the child's commits credit as co-author (the person who asked the parent). */
  coAuthor: z.object({ login: z.string(), id: z.number() }).optional(),
});
export type TaskBrief = z.infer<typeof TaskBrief>;

/** What the child adds to its task.json: what it spent, which the parent's budgets count. */
export const ChildSpent = z.object({ turns: z.number().int().min(0), usage: Usage });

export interface ActionsTaskEnv {
  api: GitHubApi;
  repo: Repo;
  /** The workflow file to dispatch (e.g. gitclaw.yml), and the branch whose version of it runs. */
  workflow: string;
  ref: string;
  /** Git of the workspace, with the push credential: pushes the brief ref. */
  git: Git;
  remote: string;
  root: string;
  /** The brief's fields the parent run gives. */
  brief: { parentSession: string; parentRun: string; coAuthor?: { login: string; id: number } };
  pollMs: number;
  /** The parent run's: when it aborts (the run is cancelled), the child runs are cancelled. */
  signal: AbortSignal;
  spending: Spending;
  /** The child's session files, now in the workspace: the run commits them with its own. */
  onSessionFiles(paths: string[]): void;
  log(line: string): void;
  now(): number;
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
}

const abortableSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(done, ms);
    function done() {
      clearTimeout(timer);
      signal.removeEventListener("abort", done);
      resolve();
    }
    signal.addEventListener("abort", done, { once: true });
  });

export function actionsLauncher(env: ActionsTaskEnv): TaskLauncher {
  return async (task, orchestrator) => {
    let record = task.record;
    if (!record.run) {
      await pushBrief(env, record);
      const inputs = { task_id: record.taskId, task_base_sha: record.baseSha, parent_run: env.brief.parentRun };
      const run = await dispatchWorkflow(env.api, env.repo, { workflow: env.workflow, ref: env.ref, inputs }).catch(
        async (error: unknown) => {
          await deleteBrief(env, record.taskId);
          throw error;
        },
      );
      record = { ...record, run: { id: run.id, url: run.htmlUrl } };
      orchestrator.update(record);
      env.log(`gitclaw: task ${record.taskId} runs on Actions: ${run.htmlUrl}`);
    }
    const ended = await follow(env, task, record.run!.id);
    if (ended === "detached") return;
    try {
      await collect(env, orchestrator, task, ended);
    } finally {
      // The brief is read once the child has started; a child still queued keeps it (detached above).
      await deleteBrief(env, record.taskId);
    }
  };
}

/** Best effort: a brief left behind is a small ref, harmless. */
async function deleteBrief(env: ActionsTaskEnv, taskId: string): Promise<void> {
  await env.git.run(["push", "-q", env.remote, `:${briefRef(taskId)}`], { remote: true });
}

/** The brief as a commit on top of the base, adding only the brief, pushed to the task's ref. */
async function pushBrief(env: ActionsTaskEnv, record: TaskRecord): Promise<void> {
  const { taskId, baseSha, title, prompt, depth, parentTaskId } = record;
  const brief: TaskBrief = {
    taskId,
    baseSha,
    title,
    prompt,
    depth,
    ...(parentTaskId ? { parentTaskId } : {}),
    ...env.brief,
  };
  const git = env.git;
  const blob = await git.must(["hash-object", "-w", "--stdin"], { input: `${JSON.stringify(brief, null, 2)}\n` });
  const tree = await treeWith(git, baseSha, `100644 blob ${blob}\t${briefFile(taskId)}`);
  const commit = await git.must(["commit-tree", tree, "-p", baseSha, "-m", `gitclaw: brief of task ${taskId}`]);
  await git.must(["push", "-q", "--force", env.remote, `${commit}:${briefRef(taskId)}`], { remote: true });
}

/** The tree of `commit` with one more top-level `entry` (in ls-tree's format), replacing one of its name. */
async function treeWith(git: Git, commit: string, entry: string): Promise<string> {
  const name = entry.slice(entry.indexOf("\t") + 1);
  const entries = (await git.must(["ls-tree", "-z", "--full-tree", commit])).split("\0");
  const kept = entries.filter((line) => line && line.slice(line.indexOf("\t") + 1) !== name);
  return git.must(["mktree", "-z"], { input: [...kept, entry].map((line) => `${line}\0`).join("") });
}

type Ending = { conclusion: string | null; url: string } | "detached";

/** Polls the run until it completes; cancels it when the task is terminated or the parent cancelled. */
async function follow(env: ActionsTaskEnv, task: LiveTask, runId: number): Promise<Ending> {
  const sleep = env.sleep ?? abortableSleep;
  const stop = AbortSignal.any([env.signal, task.signal]);
  let cancelled = false;
  for (;;) {
    // Let go at the run's end, even while a cancel winds down: the next run follows it to its end.
    if (task.detached && !env.signal.aborted) return "detached";
    if (stop.aborted && !cancelled) {
      await cancelWorkflowRun(env.api, env.repo, runId);
      cancelled = true;
      env.log(`gitclaw: task ${task.record.taskId}: cancelled its run ${runId}`);
      // A cancelled parent does not wait for the child to wind down: its own job is ending.
      if (env.signal.aborted) return { conclusion: "cancelled", url: task.record.run?.url ?? "" };
    }
    const run = await getWorkflowRun(env.api, env.repo, runId);
    if (run.status === "completed") return { conclusion: run.conclusion, url: run.htmlUrl };
    await sleep(env.pollMs, cancelled ? env.signal : stop);
  }
}

/** The child's artifact taken over: its record, report, series and sessions; or why there is none. */
async function collect(
  env: ActionsTaskEnv,
  orchestrator: TaskOrchestrator,
  task: LiveTask,
  ended: Exclude<Ending, "detached">,
): Promise<void> {
  const { taskId } = task.record;
  const store = orchestrator.store;
  const stamp = () => new Date(env.now()).toISOString();
  const found = await findRunArtifact(env.api, env.repo, task.record.run!.id, artifactName(taskId));
  const stopReason = task.stopReason ?? (env.signal.aborted ? "the parent run was cancelled" : undefined);
  const failed = (why: string) => {
    const status = stopReason ? "terminated" : "failed";
    const error = stopReason ?? why;
    store.writeReport(taskId, stoppedReport(error, ""));
    orchestrator.update({ ...task.record, status, error, finishedAt: stamp() });
  };
  if (!found || found.expired)
    return failed(
      `its run ${ended.url} ended (${ended.conclusion}) ${found ? "and its artifact expired" : "without its artifact"}`,
    );
  const files = readZip(await downloadArtifact(env.api, env.repo, found.id));
  const own = `tasks/${taskId}/`;
  const text = (name: string) => new TextDecoder().decode(files.get(`${own}${name}`) ?? new Uint8Array());
  const parsed = TaskRecord.safeParse(parseJson(text("task.json")));
  if (!parsed.success || parsed.data.taskId !== taskId) return failed(`its artifact holds no record of task ${taskId}`);
  const child = parsed.data;
  const spent = ChildSpent.safeParse(child.spent);
  if (spent.success) {
    env.spending.turns += spent.data.turns;
    env.spending.usage = addUsage(env.spending.usage, spent.data.usage);
  }
  env.onSessionFiles(takeSessions(env.root, files, namedSessions(files, child)));
  store.writeReport(taskId, text("report.md"));
  const series = files.get(`${own}series.mbox`);
  const patch = child.gitFormatPatch;
  if (series && patch?.status === "ready") writeFileSync(store.seriesPath(taskId), series);
  const { status, reportTitle, error, sessionPath } = child;
  const stopped = stopReason && status !== "reported";
  orchestrator.update({
    ...task.record,
    status: stopped ? "terminated" : status,
    ...(reportTitle ? { reportTitle } : {}),
    ...(stopped ? { error: stopReason } : error ? { error } : {}),
    ...(sessionPath && SESSION_PATH.test(sessionPath) ? { sessionPath } : {}),
    ...(patch
      ? {
          gitFormatPatch: {
            ...patch,
            path: series ? store.relative(store.seriesPath(taskId)) : undefined,
            updatedAt: stamp(),
          },
        }
      : {}),
    finishedAt: stamp(),
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** A path of the artifact under state/sessions/, each segment a plain name; undefined for anything else. */
const SESSION_PATH = /^state\/sessions\/(?:[\w][\w.-]*\/)*[\w][\w.-]*$/;
/** A session file as a record names it: directly in state/sessions/. */
const SESSION_FILE = /^state\/sessions\/[\w][\w.-]*\.jsonl$/;

/**
 * The sessions the task's own record names, and those of the tasks it started in its run (their
 * records travel in the artifact, each naming its parent), as `state/sessions/` prefixes to take: each
 * session file and its artifacts folder (named after the id in the session's header). Whatever else
 * the artifact holds under state/sessions/ is not the task's, and is left out.
 */
function namedSessions(files: Map<string, Uint8Array>, child: TaskRecord): string[] {
  const records = [...files.keys()].flatMap((name) => {
    if (!/^tasks\/[^/]+\/task\.json$/.test(name)) return [];
    const parsed = TaskRecord.safeParse(parseJson(new TextDecoder().decode(files.get(name))));
    return parsed.success && name === `tasks/${parsed.data.taskId}/task.json` ? [parsed.data] : [];
  });
  const ours = new Set([child.taskId]);
  // Descendants, depth by depth: a record counts only when its parent already does.
  for (let grew = true; grew; ) {
    grew = false;
    for (const record of records)
      if (record.parentTaskId && ours.has(record.parentTaskId) && !ours.has(record.taskId)) {
        ours.add(record.taskId);
        grew = true;
      }
  }
  const named = [child, ...records.filter((record) => record.taskId !== child.taskId && ours.has(record.taskId))];
  return named.flatMap((record) => sessionPrefixes(files, record.sessionPath));
}

/** A session file the artifact holds, and its artifacts folder: the id of its header, when the file's name ends with it. */
function sessionPrefixes(files: Map<string, Uint8Array>, sessionPath: string | undefined): string[] {
  const bytes = sessionPath && SESSION_FILE.test(sessionPath) ? files.get(sessionPath) : undefined;
  if (!sessionPath || !bytes) return [];
  const header = parseJson(new TextDecoder().decode(bytes).split("\n", 1)[0] ?? "") as { id?: unknown } | undefined;
  const id = header?.id;
  const folder = typeof id === "string" && isSessionId(id) && sessionPath.endsWith(`_${id}.jsonl`);
  return folder ? [sessionPath, `state/sessions/${id}/`] : [sessionPath];
}

/**
 * Writes the artifact's files of the `named` sessions (files, or folders ending in `/`) into the
 * workspace, never over an existing file, and returns what the run commits: each session file and
 * each session's artifacts folder, repository-relative.
 */
function takeSessions(root: string, files: Map<string, Uint8Array>, named: readonly string[]): string[] {
  const committed = new Set<string>();
  for (const [name, bytes] of files) {
    if (!SESSION_PATH.test(name) || name.split("/").includes("..")) continue;
    const owner = named.find((prefix) => (prefix.endsWith("/") ? name.startsWith(prefix) : name === prefix));
    if (!owner) continue;
    const path = join(root, name);
    if (existsSync(path)) continue;
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, bytes);
    committed.add(owner);
  }
  return [...committed];
}
