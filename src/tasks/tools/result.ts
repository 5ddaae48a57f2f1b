// How a task looks to the model in task, task_await and task_list results: JSON, one object per
// task. A finished task carries its report (read from its folder, so it can be fetched again after
// the conversation was compacted, or in a later run) and its patch artifact.
import { isFinal, type TaskRecord, type TaskStore } from "../records.ts";

/** The patch as the model needs it: where it stands, its range and size, and whether it was applied. */
function patchView(record: TaskRecord) {
  const patch = record.gitFormatPatch;
  if (!patch) return undefined;
  const { status, baseSha, headSha, commitCount, path, error, appliedAt } = patch;
  return { status, baseSha, headSha, commitCount, path, error, appliedAt };
}

export function taskView(store: TaskStore, record: TaskRecord, now: number): Record<string, unknown> {
  const { taskId, title, depth, runner } = record;
  if (!isFinal(record.status)) {
    const since = Date.parse(record.startedAt ?? record.createdAt);
    return { taskId, status: record.status, title, depth, runner, elapsed_ms: Math.max(0, now - since) };
  }
  return {
    taskId,
    status: record.status === "reported" ? "completed" : record.status,
    title: record.reportTitle ?? title,
    ...(record.error ? { error: record.error } : {}),
    reportMarkdown: store.readReport(taskId) ?? "",
    artifacts: { gitFormatPatch: patchView(record) },
    note: `Kept on disk: task_await {"task_ids":["${taskId}"],"timeout_secs":0} shows it again.`,
  };
}

export const json = (value: unknown) => JSON.stringify(value, null, 1);
