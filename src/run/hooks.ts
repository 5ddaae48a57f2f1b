// The run's phase for the repository's hooks (src/hooks/): read from the default branch's commit
// before any tool runs; run from a checkout of that commit the tool user can read but not change
// (so neither the agent nor a pull request's head can rewrite a hook's script mid-run), as tool
// commands in the sandbox; the session's events; the agentStop blocks; what the reply and the job
// summary say of them. A run whose hooks cannot be read stops before any tool runs (fail closed).
import { chmodSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as workflow from "../actions/log.ts";
import { joinLoopResults, type LoopResult } from "../agent/loop.ts";
import { removeTaskWorktree } from "../git/worktree.ts";
import { callout, tableCell } from "../github/markdown.ts";
import { HookEngine } from "../hooks/engine.ts";
import { CLAUDE_SETTINGS, HOOKS_FOLDER, readHooks, type RepositoryHooks } from "../hooks/read.ts";
import { ActionableError } from "../errors.ts";
import type { SessionFile } from "../session/session-file.ts";
import type { ToolContext } from "../tools/types.ts";
import type { OpenConversation } from "./conversation.ts";
import { defaultBranchAt, type DefaultBranchRun } from "./repository-instructions.ts";
import type { TaskRun } from "./tasks.ts";
import type { Workspace } from "./types.ts";

/** What the hooks need of a run: the agent stage's, or a task job's (src/stages/task.ts). */
export type HookRun = DefaultBranchRun & Pick<TaskRun, "log" | "redact" | "now">;

export async function loadHooks(run: HookRun, workspace: Workspace): Promise<RepositoryHooks | undefined> {
  try {
    const loaded = await readHooks(workspace.git, await defaultBranchAt(run, workspace));
    // Claude Code's settings are Claude Code's to run: said once in the log and the summary, not warned of.
    for (const skipped of loaded.leftOut)
      (skipped.path.startsWith(CLAUDE_SETTINGS) ? run.log : workflow.warning)(
        `gitclaw: the hook ${skipped.path} is left out: ${skipped.reason}`,
      );
    if (loaded.hooks.length)
      run.log(`gitclaw: hooks of ${loaded.branch}: ${loaded.hooks.map((hook) => hook.source).join(", ")}`);
    return loaded;
  } catch (error) {
    throw new HooksUnreadable(run.redact((error as Error).message));
  }
}

/**
 * Hooks that cannot be read stop the run before any tool runs (fail closed): one of them may be a
 * preToolUse hook there to deny calls. Instructions and skills, which only inform, do not.
 */
export class HooksUnreadable extends ActionableError {
  override name = "HooksUnreadable";
  constructor(cause: string) {
    super(
      `gitclaw: the repository's hooks (${HOOKS_FOLDER}/*.json on the default branch) could not be read: ${cause}. No tool runs without them; run again once the default branch can be read.`,
    );
  }
}

/** The run's hooks at work, and the checkout they run from. */
export interface RunHooks {
  engine: HookEngine;
  release(): Promise<void>;
}

/**
 * Once the tools are set up: the checkout and the engine as every tool call's gate (`context.gate`:
 * sub-agents copy the context, so theirs too). When the checkout cannot be made this throws: a run
 * whose hooks cannot run does not run (fail closed).
 */
export async function gateTools(
  run: HookRun,
  workspace: Workspace,
  context: ToolContext,
  where: { hooks?: RepositoryHooks; sessionId: string },
): Promise<RunHooks | undefined> {
  const { hooks } = where;
  if (!hooks || hooks.hooks.length === 0) return undefined;
  const checkout = await defaultBranchCheckout(workspace, hooks.commit);
  const engine = new HookEngine(hooks.hooks, {
    place: { root: checkout.root, context },
    workspace: context.workspace,
    sessionId: where.sessionId,
    redact: run.redact,
    log: (line) => workflow.warning(run.redact(line)),
    now: run.now,
  });
  context.gate = engine;
  return { engine, release: checkout.release };
}

/** The agent stage's hooks: the tools gated, then sessionStart and userPromptSubmitted. */
export async function startHooks(
  run: HookRun,
  workspace: Workspace,
  context: ToolContext,
  loaded: { hooks?: RepositoryHooks; conversation: OpenConversation },
): Promise<RunHooks | undefined> {
  const { conversation } = loaded;
  const hooks = await gateTools(run, workspace, context, { hooks: loaded.hooks, sessionId: conversation.session.id });
  if (!hooks) return undefined;
  const prompt = promptOf(conversation.session);
  await hooks.engine.sessionStart(conversation.mode, prompt);
  await hooks.engine.userPromptSubmitted(prompt);
  return hooks;
}

/** A checkout of `commit` in a directory of its own that the tool user may read and enter, never write. */
async function defaultBranchCheckout(
  workspace: Workspace,
  commit: string,
): Promise<{ root: string; release(): Promise<void> }> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "gitclaw-hooks-")));
  chmodSync(dir, 0o755);
  const root = join(dir, "repository");
  const release = async () => {
    await removeTaskWorktree(workspace.git, root);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await workspace.git.must(["worktree", "add", "-q", "--detach", root, commit]);
  } catch (error) {
    await release();
    throw error;
  }
  return { root, release };
}

/** The text of this run's message, as the session has it (redacted). */
function promptOf(session: SessionFile): string {
  const asked = session.context().messages.findLast((message) => message.role === "user");
  if (!asked) return "";
  if (typeof asked.content === "string") return asked.content;
  return asked.content.flatMap((block) => (block.type === "text" ? [block.text] : [])).join("\n");
}

/**
 * The loop, again after each agentStop block with the hook's reason as the next message (the engine
 * lets at most AGENT_STOP_BLOCKS through): one result for all of them.
 */
export async function untilHooksLetStop(
  hooks: RunHooks | undefined,
  session: SessionFile,
  now: () => number,
  loop: () => Promise<LoopResult>,
): Promise<LoopResult> {
  let result = await loop();
  while (hooks && result.outcome === "done") {
    const reason = await hooks.engine.agentStop();
    if (reason === undefined) break;
    session.appendUserText(reason, now());
    result = joinLoopResults(result, await loop());
  }
  return result;
}

/** After the loops, while the sandbox still stands: errorOccurred when the run failed, then sessionEnd. */
export async function endHooks(hooks: RunHooks | undefined, result: LoopResult): Promise<void> {
  if (!hooks) return;
  if (result.outcome === "error") await hooks.engine.errorOccurred(result.errorMessage ?? "the run failed");
  const reason =
    result.outcome === "error"
      ? "error"
      : result.outcome === "aborted"
        ? "abort"
        : result.outcome === "deadline"
          ? "timeout"
          : "complete";
  await hooks.engine.sessionEnd(reason);
}

/** What the reply says: a preToolUse hook that failed denied calls (fail closed). */
export function hookNotes(hooks: RunHooks | undefined): string[] {
  return (hooks?.engine.failedClosed() ?? []).map((entry) =>
    callout(
      "WARNING",
      `The repository's preToolUse hook \`${entry.hook.source}\` failed (${entry.failures.join("; ")}), so the ${entry.denied === 1 ? "call" : `${entry.denied} calls`} it was asked about ${entry.denied === 1 ? "was" : "were"} denied: a hook that fails denies (fail closed).`,
    ),
  );
}

/** The job summary's table of the hooks: each with what it did in this run, and what was left out. */
export function hooksSummary(loaded: RepositoryHooks | undefined, hooks: RunHooks | undefined): string {
  if (!loaded || (loaded.hooks.length === 0 && loaded.leftOut.length === 0)) return "";
  const activity = hooks?.engine.activity ?? [];
  const rows = [
    ...loaded.hooks.map((hook) => {
      const done = activity.find((entry) => entry.hook === hook);
      const what = done
        ? [
            `ran ${done.runs}×`,
            ...(done.denied ? [`denied ${done.denied}`] : []),
            ...(done.blocked ? [`blocked the stop ${done.blocked}×`] : []),
            ...done.failures.map((failure) => `failed: ${tableCell(failure)}`),
          ].join(", ")
        : "not run";
      const command = hook.bash.length > 60 ? `${hook.bash.slice(0, 60)}…` : hook.bash;
      return `| ${hook.event} | \`${tableCell(hook.source)}\` | \`${tableCell(command)}\` | ${what} |`;
    }),
    ...loaded.leftOut.map(
      (skipped) => `| — | \`${tableCell(skipped.path)}\` | — | left out: ${tableCell(skipped.reason)} |`,
    ),
  ];
  return [
    "",
    `### Hooks (${loaded.branch} at ${loaded.commit.slice(0, 12)})`,
    "",
    "| event | hook | command | in this run |",
    "|---|---|---|---|",
    ...rows,
    "",
  ].join("\n");
}
