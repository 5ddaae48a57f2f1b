// One conversation run, once the event is known to be trusted, as a list of phases: prepare the
// workspace, open the issue's conversation, set up the tools, run the agent loop (live progress),
// tear the tools down, land the work, reply, and write the job summary.
import { setOutput } from "../actions/env.ts";
import * as workflow from "../actions/log.ts";
import { repoRelative } from "../session/mapping.ts";
import { writeProgressCommentId } from "../actions/run-state.ts";
import { runAgentLoop, type LoopResult } from "../agent/loop.ts";
import { beginConversation, type OpenConversation } from "./conversation.ts";
import { ProgressComment } from "./progress.ts";
import { systemInstructions } from "./prompt.ts";
import { runDeadline, type RunContext } from "./context.ts";
import { observeRun } from "./events.ts";
import { landWork, recordRun, type Landing } from "./land.ts";
import { reply } from "./reply.ts";
import { endTasks, outstandingTasks, untilTasksEnd } from "./tasks.ts";
import { setUpTools, tearDownTools, type RunTools } from "./tools.ts";
import { prepareWorkspace, type Workspace } from "./workspace.ts";
import { heldBackFolders } from "./workflow-files.ts";
import { protectedPathsFrom } from "../git/protected.ts";
import { RunTimeline } from "./summary.ts";

export type { RunContext } from "./context.ts";

/** What the stage's exit code must say: false when the run failed or its work cannot be shown to have landed. */
export interface ConversationOutcome {
  succeeded: boolean;
}

export async function runConversation(run: RunContext): Promise<ConversationOutcome> {
  const progress = await startProgress(run);
  const workspace = await prepareWorkspace(run);
  const conversation = await beginConversation(run, workspace.root);
  const tools = await setUpTools(run, workspace, conversation.session);
  const timeline = new RunTimeline(run.now);
  let result: LoopResult;
  let unpushed: string[];
  let taskNotes: string[] = [];
  try {
    result = await runLoop(run, workspace, conversation, tools, { progress, timeline });
  } finally {
    taskNotes = await endTasks(tools.tasks, conversation.session);
    unpushed = await tearDownTools(run, tools, workspace, conversation.session);
  }
  recordRun(run, conversation, result, workspace.root, outstandingTasks(tools.tasks));
  const landing = await landWork(run, workspace, conversation, tools.tasks?.ownFiles);
  await reply(run, workspace, { result, conversation, landing, unpushed, taskNotes, progress });
  writeSummary(run, timeline, result);
  writeOutputs(run, result, landing, repoRelative(workspace.root, conversation.session.path));
  return { succeeded: result.outcome !== "error" && landing.pushError === undefined };
}

/** The progress comment: posted once the run has gone a moment, then edited as the agent goes. */
async function startProgress(run: RunContext): Promise<ProgressComment> {
  const { config } = run;
  const progress = new ProgressComment({
    api: run.api,
    repo: run.repo,
    issueNumber: run.trigger.issueNumber,
    runUrl: run.link,
    now: run.now,
    redact: run.redact,
    log: run.log,
    throttleMs: config.progress.throttleSeconds * 1000,
    delayMs: config.progress.delaySeconds * 1000,
    onCreated: (id) => writeProgressCommentId(run.env.runnerTemp, id),
  });
  await progress.start();
  return progress;
}

async function runLoop(
  run: RunContext,
  workspace: Workspace,
  conversation: OpenConversation,
  tools: RunTools,
  watchers: { progress: ProgressComment; timeline: RunTimeline },
): Promise<LoopResult> {
  const { env, config, trigger } = run;
  const { session } = conversation;
  const observer = observeRun({ ...watchers, session, log: run.log });
  const instructions = systemInstructions({
    repository: `${env.owner}/${env.repo}`,
    branch: workspace.branch,
    issueNumber: trigger.issueNumber,
    tools: tools.toolset.tools.map((t) => t.name),
    protectedPaths: config.protectedPaths,
    heldBack: heldBackFolders(protectedPathsFrom(config.protectedPaths), workspace.workflowsGit !== undefined),
  });
  try {
    const result = await untilTasksEnd(tools.tasks, session, run.now, () =>
      runAgentLoop({
        session,
        model: run.resolved,
        instructions,
        tools: tools.toolset.tools,
        toolContext: tools.context,
        budgets: config.budgets,
        compaction: config.compaction,
        deadline: runDeadline(run),
        signal: run.signal,
        now: run.now,
        onEvent: observer.onEvent,
        spending: tools.tasks?.spending,
      }),
    );
    if (result.outcome === "error")
      workflow.error(`gitclaw: the run failed: ${run.redact(result.errorMessage ?? "unknown error")}`);
    else if (result.outcome !== "done") workflow.warning(`gitclaw: the run stopped early (${result.outcome})`);
    return result;
  } finally {
    observer.close();
  }
}

/** The action's outputs, for the steps after it. */
function writeOutputs(run: RunContext, result: LoopResult, landing: Landing, sessionPath: string): void {
  const outputs = {
    outcome: result.outcome,
    session_path: sessionPath,
    commit_sha: landing.push?.sha ?? "",
    branch: landing.push?.branch ?? "",
    cost: result.usage.cost.total.toFixed(4),
  };
  for (const [name, value] of Object.entries(outputs)) setOutput(run.env, name, value);
}

/** The job summary: every turn and tool call with status, duration, tokens and cost. */
function writeSummary(run: RunContext, timeline: RunTimeline, result: LoopResult): void {
  const title = `gitclaw · issue #${run.trigger.issueNumber}`;
  const model = `${run.resolved.provider}/${run.resolved.modelId}`;
  const markdown = timeline.toMarkdown({ title, result, model, durationMs: run.now() - run.started, runUrl: run.link });
  try {
    workflow.appendSummary(run.env.stepSummaryFile, run.redact(markdown));
  } catch (error) {
    run.log(`gitclaw: could not write the job summary: ${(error as Error).message}`);
  }
}
