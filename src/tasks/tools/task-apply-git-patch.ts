// `task_apply_git_patch`: brings a finished task's commits into the caller's checkout with `git am`
// (src/tasks/apply.ts), authors and messages kept. Refuses what cannot or must not be applied; a dry
// run changes nothing; a conflict leaves `git am` in progress, which `am: "continue"` (after the
// files are fixed) or `am: "abort"` ends.
import { existsSync } from "node:fs";
import { z } from "zod";
import {
  abortAm,
  applyProblem,
  applySeries,
  continueAm,
  dryRunSeries,
  readSeries,
  type ApplyOutcome,
} from "../apply.ts";
import { isFinal, taskIdProblem, type TaskRecord } from "../records.ts";
import type { TaskScope } from "../scope.ts";
import { fail, ok, type Tool, type ToolContext, type ToolResult } from "../../tools/types.ts";
import { json } from "./result.ts";

const Args = z.strictObject({
  task_id: z.string().min(1),
  dry_run: z.boolean().default(false),
  three_way: z.boolean().default(true),
  expected_head_sha: z
    .string()
    .regex(/^[0-9a-fA-F]{7,40}$/, "expected a commit sha (7 to 40 hex digits)")
    .optional(),
  am: z.enum(["continue", "abort"]).optional(),
});
type Args = z.infer<typeof Args>;

const DESCRIPTION =
  "Apply a finished task's commits here with git am --3way, authors and messages kept. dry_run: try it in a " +
  "temporary worktree. expected_head_sha: refuse if HEAD moved. On a conflict git am waits: fix the files, " +
  'then am: "continue" (or "abort").';

const CONFLICT_NOTE =
  'git am stopped at a conflict and waits: fix the conflictPaths (no conflict markers left), then call task_apply_git_patch with am: "continue"; or am: "abort" to drop this patch. The run aborts it at the end if you do neither.';

export function createTaskApplyGitPatchTool(scope: TaskScope): Tool<typeof Args> {
  return {
    name: "task_apply_git_patch",
    description: DESCRIPTION,
    parameters: Args,
    async execute(args, context) {
      const problem = taskIdProblem(args.task_id);
      if (problem) return fail(problem);
      if (args.am) return resolveAm(scope, args.task_id, args.am);
      const found = await finishedRecord(scope, args.task_id, context);
      if (typeof found === "string") return fail(found, { taskId: args.task_id });
      const file = scope.orchestrator.store.seriesPath(args.task_id);
      if (!existsSync(file)) return fail(`The patch file of task ${args.task_id} is missing.`);
      const series = readSeries(file);
      const refused = await applyProblem(scope.target, series, {
        dryRun: args.dry_run,
        expectedHeadSha: args.expected_head_sha,
      });
      if (refused) return fail(refused, { taskId: args.task_id });
      if (args.dry_run) return answer(args, await dryRunSeries(scope.target, file, args.three_way));
      const since = await scope.target.git.must(["rev-parse", "HEAD"]);
      const outcome = await applySeries(scope.target, file, args.three_way);
      if (outcome.ok) markApplied(scope, found, outcome.headSha);
      else if (outcome.amInProgress) scope.am = { taskId: args.task_id, since };
      return answer(args, outcome);
    },
  };
}

/** The task's record once it has ended and its patch is no longer pending, or why it cannot be applied. */
async function finishedRecord(scope: TaskScope, taskId: string, context: ToolContext): Promise<TaskRecord | string> {
  const { orchestrator, caller } = scope;
  let record = orchestrator.visible(caller).find((candidate) => candidate.taskId === taskId);
  if (!record) return `No git patch artifact found for task ${taskId}: no task of yours has that id.`;
  if (!isFinal(record.status) || record.gitFormatPatch?.status === "pending")
    [record] = (await orchestrator.wait(caller, [taskId], scope.pendingWaitMs, context.signal)) as [TaskRecord];
  const patch = record.gitFormatPatch;
  const waited = `${Math.round(scope.pendingWaitMs / 1000)} s`;
  if (!isFinal(record.status)) return `Task ${taskId} is still ${record.status} after ${waited}: task_await it first.`;
  if (!patch) return `No git patch artifact found for task ${taskId}${record.error ? ` (${record.error})` : ""}.`;
  if (patch.status === "pending") return `The patch of task ${taskId} is still pending generation after ${waited}.`;
  if (patch.status === "failed")
    return `The patch of task ${taskId} could not be made: ${patch.error ?? "unknown error"}`;
  if (patch.status === "skipped")
    return `Task ${taskId} produced no commits (patch generation was skipped): nothing to apply.`;
  if (patch.appliedAt)
    return `The patch of task ${taskId} was already applied at ${patch.appliedAt} (HEAD then ${patch.appliedHeadSha ?? "?"}).`;
  return record;
}

function markApplied(scope: TaskScope, record: TaskRecord, headSha: string): void {
  const current = scope.orchestrator.record(record.taskId) ?? record;
  const patch = current.gitFormatPatch!;
  const appliedAt = new Date().toISOString();
  scope.orchestrator.update({
    ...current,
    gitFormatPatch: { ...patch, appliedAt, appliedHeadSha: headSha, updatedAt: appliedAt },
  });
}

async function resolveAm(scope: TaskScope, taskId: string, action: "continue" | "abort"): Promise<ToolResult> {
  const pending = scope.am;
  if (action === "abort") {
    const aborted = await abortAm(scope.target);
    scope.am = undefined;
    return aborted
      ? ok(
          json({
            success: true,
            taskId,
            aborted: true,
            note: "git am aborted: HEAD and the files are back as before.",
          }),
        )
      : fail("No git am is in progress here.");
  }
  const outcome = await continueAm(scope.target, pending?.since ?? "HEAD");
  if (outcome.ok && pending) {
    const record = scope.orchestrator.record(pending.taskId);
    if (record) markApplied(scope, record, outcome.headSha);
    scope.am = undefined;
  }
  return answer({ task_id: pending?.taskId ?? taskId, dry_run: false }, outcome);
}

function answer(args: Pick<Args, "task_id" | "dry_run">, outcome: ApplyOutcome): ToolResult {
  const base = { taskId: args.task_id, dryRun: args.dry_run };
  if (outcome.ok)
    return ok(json({ success: true, ...base, appliedCommits: outcome.appliedCommits, headSha: outcome.headSha }), base);
  const note = outcome.protectedPaths
    ? "Refused by what the commits changed once applied: nothing of the patch was kept, HEAD and the files are as before."
    : outcome.amInProgress
      ? CONFLICT_NOTE
      : args.dry_run
        ? "Dry run failed: the patch does not apply cleanly here; nothing was changed."
        : "git am failed before it could stop for a resolution; nothing was changed.";
  const { ok: _, ...failure } = outcome;
  return fail(json({ success: false, ...base, ...failure, note }), base);
}
