// One conversation run, once the event is known to be trusted, as a list of phases: choose what the
// run works on (the issue, a pull request, the branch), prepare the workspace, check a CI failure's
// attempt budget, open the conversation, set up the tools, run the agent loop (live progress), tear
// the tools down, turn a fork's change into a patch, land the work, deliver it on the pull request,
// reply, and write the job summary.
import { setOutput, setTextOutput } from "../actions/env.ts";
import * as workflow from "../actions/log.ts";
import { repoRelative } from "../session/mapping.ts";
import { writeProgress } from "../actions/run-state.ts";
import { runAgentLoop, type Budgets, type LoopResult, type Spending } from "../agent/loop.ts";
import { emptyUsage } from "../session/entries.ts";
import { asCapBudget, issueTotal } from "./cost-caps.ts";
import { claimBudget, type CostClaim } from "./cost-claim.ts";
import { answerSection, promptPart } from "./prompt-run.ts";
import {
  answerAgainstSchema,
  loadOutputSchema,
  schemaNote,
  type Answer,
  type OutputSchema,
} from "./structured-output.ts";
import { beginConversation, type OpenConversation } from "./conversation.ts";
import { planCiFix } from "./ci.ts";
import { deliver, readySignal } from "./deliver.ts";
import { startCi } from "./start-ci.ts";
import { checkoutFork, forkPatch, patchNote, type ForkCheckout, type ForkPatch } from "./fork.ts";
import { ProgressComment } from "./progress.ts";
import { systemInstructions } from "./prompt.ts";
import { runDeadline, type RunContext } from "./types.ts";
import { observeRun } from "./events.ts";
import { landWork, recordRun, type Landing } from "./land.ts";
import { reply } from "./reply.ts";
import { publishedNote } from "./published.ts";
import { pullRequestFacts } from "./request.ts";
import { chooseTarget } from "./target.ts";
import type { TargetedRun } from "./types.ts";
import { endTasks, outstandingTasks, taskModels, untilTasksEnd } from "./tasks.ts";
import { setUpTools, tearDownTools, type RunTools, type ToolsTornDown } from "./tools.ts";
import type { Egress } from "../egress/egress.ts";
import { blockedNote, egressSummary } from "../egress/report.ts";
import { auditLead } from "../egress/audit.ts";
import { mcpNotes } from "./mcp.ts";
import { prepareWorkspace } from "./workspace.ts";
import type { Workspace } from "./types.ts";
import { restoreConversation } from "./home.ts";
import { heldBackFolders } from "./workflow-files.ts";
import { protectedPathsFrom } from "../git/protected.ts";
import { RunTimeline } from "./summary.ts";
import { instructionsSection, instructionsSummary, loadInstructions } from "./repository-instructions.ts";
import { DirectoryInstructions, withDirectoryInstructions } from "./directory-instructions.ts";
import type { RepositoryInstructions } from "./instructions.ts";
import { loadSkills, skillsSummary } from "./skills.ts";
import { planGate, planInstructions, planNote, recordPlan, type PlanGate } from "./plan.ts";
import { agentModels, agentSection, agentsSummary, askedAgent, chooseAgent, loadAgents } from "./agents.ts";
import type { CustomAgent, RepositoryAgents } from "../agents/read.ts";
import type { ResolvedModel } from "../agent/model.ts";
import { endHooks, hookNotes, hooksSummary, loadHooks, startHooks, untilHooksLetStop, type RunHooks } from "./hooks.ts";
import type { RepositoryHooks } from "../hooks/read.ts";
import type { RepositorySkills, Skill } from "../skills/read.ts";
import { namedSkills, SkillReads, withSkillReads } from "../skills/skill-reads.ts";
import { callout } from "../github/markdown.ts";
import { checkBeforeDelivery, checksReply, checksSummary, divertOf } from "./check-work.ts";
import { afterPush } from "./check-publish.ts";
import type { WorkChecked } from "../validate/validate.ts";

export type { RunContext } from "./types.ts";

/** What the stage's exit code must say: false when the run failed or its work cannot be shown to have landed. */
export interface ConversationOutcome {
  succeeded: boolean;
}

export async function runConversation(context: RunContext): Promise<ConversationOutcome> {
  const run: TargetedRun = { ...context, target: await chooseTarget(context) };
  const workspace = await prepareWorkspace(run);
  // Before anything reads state/: the conversation may live on the state branch (src/run/home.ts).
  const stateHome = await restoreConversation(run, workspace);
  // Before any tool runs, from the default branch's commit: nothing the run does can change them.
  const instructions = await loadInstructions(run, workspace);
  const skills = await loadSkills(run, workspace);
  const agents = await loadAgents(run, workspace);
  const hooks = await loadHooks(run, workspace);
  // Before the model is called: the checkout's sessions and the ledger every run shares (src/run/cost-claim.ts).
  const claim = await claimBudget({ ...run, ...workspace }, run.target.conversationIssue);
  if (claim.refusal) return stopBeforeModel(run, { reason: claim.refusal, notice: claim.refusal, outcome: "cost_cap" });
  const ci = run.trigger.ci ? await planCiFix(run, workspace) : undefined;
  if (ci && !ci.proceed) return stopBeforeModel(run, ci);
  const schema = await loadOutputSchema(run, workspace);
  const asked = run.trigger.prompt ? [await promptPart(run, workspace, schema && schemaNote(schema))] : ci?.parts;
  const progress = await startProgress(run);
  const conversation = await beginConversation(run, workspace.root, asked);
  const chosen = chooseAgent(await askedAgent(run, conversation.trustedTexts), agents);
  if ("unknown" in chosen)
    return stopBeforeModel(run, { reason: chosen.unknown, notice: chosen.unknown, outcome: "unknown_agent" }, progress);
  const agentModel = agentModels(run);
  const acting: TargetedRun = { ...run, resolved: await agentModel(chosen.agent) };
  // The session says which model answers from here (pi's model_change), as it does for a new one.
  const { provider, modelId } = acting.resolved;
  if (acting.resolved !== run.resolved) conversation.session.append({ type: "model_change", provider, modelId });
  // Plan first (src/run/plan.ts): a read-only plan run, the plan approved and carried out, or neither.
  const plan = await planGate(run, conversation);
  recordPlan(conversation.session, plan, "start", run.now());
  const fork = run.target.pull?.fork ? await checkoutFork(run, workspace) : undefined;
  try {
    const trailers = ci ? [ci.trailer] : [];
    const extras = { trailers, instructions, skills, hooks, claim, schema, stateHome };
    const withAgents = { agents: { agents, agentModel, actingAs: chosen.agent }, plan };
    return await converse(acting, { workspace, conversation, progress, fork, ...extras, ...withAgents });
  } finally {
    await fork?.dispose();
  }
}

interface Prepared {
  workspace: Workspace;
  conversation: OpenConversation;
  progress: ProgressComment;
  fork?: ForkCheckout;
  trailers: string[];
  /** The state branch holds the conversation (src/run/home.ts). */
  stateHome: boolean;
  instructions?: RepositoryInstructions;
  /** The default branch's skills (src/skills/). */
  skills?: RepositorySkills;
  /** The default branch's custom agents, each one's model, the one the run acts as (src/run/agents.ts). */
  agents: {
    agents?: RepositoryAgents;
    agentModel: (agent?: CustomAgent) => Promise<ResolvedModel>;
    actingAs?: CustomAgent;
  };
  /** A plan run, a plan approved, or a read-only prompt run (src/run/plan.ts). */
  plan: PlanGate;
  /** The default branch's hooks (src/hooks/). */
  hooks?: RepositoryHooks;
  /** The conversation's and the day's earlier costs, and the run's reservation (src/run/cost-claim.ts). */
  claim: CostClaim;
  /** The input output_schema (src/run/structured-output.ts). */
  schema?: OutputSchema;
}

async function converse(run: TargetedRun, prepared: Prepared): Promise<ConversationOutcome> {
  const worked = await work(run, prepared);
  const landing = await landRun(run, prepared, worked);
  const notes = await afterLanding(run, prepared, worked, landing);
  await answerRun(run, prepared, worked, { landing, notes });
  const { result, answer } = worked;
  if (answer && !answer.valid) workflow.error(`gitclaw: no structured output: ${run.redact(answer.errors)}`);
  const saved =
    landing.pushError === undefined && !landing.notCommitted && !landing.notStaged && !landing.workflows?.notSaved;
  return { succeeded: result.outcome !== "error" && saved && answer?.valid !== false };
}

/** What the agent did with its tools, once they are torn down. */
interface Worked {
  tools: RunTools;
  timeline: RunTimeline;
  result: LoopResult;
  answer?: Answer;
  checked: WorkChecked;
  tornDown: ToolsTornDown;
  taskNotes: string[];
  hooks?: RunHooks;
}

/** The tools set up, the agent's loops with the hooks, the tools torn down whatever happened. */
async function work(run: TargetedRun, prepared: Prepared): Promise<Worked> {
  const { workspace, conversation, fork } = prepared;
  const untrusted = fork && `the code of #${run.target.threadNumber}, from the fork ${run.target.pull?.head.repo},`;
  const where = { toolRoot: fork?.root, untrusted, ...pick(prepared, "instructions", "skills", "agents", "plan") };
  const tools = await setUpTools(run, workspace, conversation.session, where);
  const timeline = new RunTimeline(run.now);
  let looped: Awaited<ReturnType<typeof runLoops>> | undefined;
  let tornDown: ToolsTornDown;
  let taskNotes: string[] = [];
  let hooks: RunHooks | undefined;
  try {
    hooks = await startHooks(run, workspace, tools.context, { hooks: prepared.hooks, conversation });
    looped = await runLoops(run, prepared, tools, timeline, hooks);
  } finally {
    taskNotes = await endTasks(tools.tasks, conversation.session);
    tornDown = await tearDownTools(run, tools, workspace, conversation.session);
    await hooks?.release();
  }
  return { ...looped, tools, timeline, tornDown, taskNotes, ...(hooks ? { hooks } : {}) };
}

/** The run recorded and its work committed and pushed where it may go. */
async function landRun(run: TargetedRun, prepared: Prepared, worked: Worked): Promise<Landing & { patch?: ForkPatch }> {
  const { workspace, conversation, fork } = prepared;
  const { result, tools, checked } = worked;
  recordPlan(conversation.session, prepared.plan, "end", run.now());
  const patch = fork ? await forkPatch(run, workspace, fork, conversation.session) : undefined;
  recordRun(run, conversation, result, workspace.root, outstandingTasks(tools.tasks));
  await prepared.claim.settle(result.usage.cost.total);
  const landing = await landWork(run, workspace, conversation, {
    trailers: prepared.trailers,
    taskFiles: tools.tasks?.ownFiles,
    stateHome: prepared.stateHome,
    divert: divertOf(run, checked),
  });
  // A fork's change is the patch: what the scan held back is held back from it.
  return { ...landing, ...(patch ? { patch } : {}), ...(patch?.heldBack ? { heldBack: patch.heldBack } : {}) };
}

/** Delivery (pull request, CI, the check run) and the notes the reply carries about all that happened. */
async function afterLanding(
  run: TargetedRun,
  prepared: Prepared,
  { result, tools, checked, tornDown, hooks, answer }: Worked,
  landing: Landing & { patch?: ForkPatch },
): Promise<string[]> {
  const { workspace, progress } = prepared;
  const blocked = blockedNote(tools.egress);
  const delivered = await deliver(run, workspace, { result, landing, steps: progress.stepsDetails() });
  const ciStarted = await startCi(run, landing);
  const checkRun = await afterPush(run, workspace, checked, landing);
  return [
    ...forkNotes(run, landing.patch, landing),
    ...tornDown.gitNotes.map((note) => callout("NOTE", `${note[0]!.toUpperCase()}${note.slice(1)}.`)),
    await publishedNote(workspace.git, workspace.base, landing, tools.agentRepo),
    ...delivered,
    ...ciStarted,
    ...checkRun,
    ...mcpNotes(run, tools.mcp),
    ...hookNotes(hooks),
    ...(blocked ? [blocked] : []),
    ...(answer?.valid === false ? [callout("CAUTION", `No structured output: ${answer.errors}.`)] : []),
    ...(prepared.plan.awaitsApproval ? [callout("IMPORTANT", planNote(run.config.trigger))] : []),
  ];
}

/** The reply, the job summary and the action's outputs. */
async function answerRun(
  run: TargetedRun,
  prepared: Prepared,
  { result, tools, checked, tornDown, taskNotes, hooks, timeline, answer }: Worked,
  { landing, notes }: { landing: Landing; notes: string[] },
): Promise<void> {
  const { workspace, conversation, progress } = prepared;
  const total = issueTotal(prepared.claim.history, result.usage.cost.total, onPull(run) ? "pull request" : "issue");
  const models = taskModels(tools.tasks, `${run.resolved.provider}/${run.resolved.modelId}`);
  const lead = auditLead(tools.egress);
  const checks = checksReply(run, checked, landing);
  const facts = {
    ...{ result, conversation, landing, unpushed: tornDown.unpushed, taskNotes, taskModels: models, progress, notes },
    ...(lead ? { lead } : {}),
    checks,
  };
  await reply(run, workspace, { ...facts, ...(run.target.conversationIssue > 0 && total ? { total } : {}) });
  const extensions = extensionsSummary(prepared, conversation.trustedTexts, tools.mcp.summary(), hooks);
  const { instructions } = prepared;
  writeSummary(run, timeline, result, { instructions, egress: tools.egress, mcp: extensions, checks });
  const outcome = prepared.plan.awaitsApproval && result.outcome === "done" ? "awaiting_approval" : result.outcome;
  writeOutputs(run, { result, outcome }, landing, repoRelative(workspace.root, conversation.session.path), answer);
}

/**
 * The agent loop within what is left of the cost caps and, with output_schema, once more when the
 * answer is wrong: one spending for both, so the budgets bound the run.
 */
async function runLoops(
  run: TargetedRun,
  prepared: Prepared,
  tools: RunTools,
  timeline: RunTimeline,
  hooks?: RunHooks,
): Promise<{ result: LoopResult; answer?: Answer; checked: WorkChecked }> {
  const { workspace, conversation, progress, claim, schema } = prepared;
  const { capped } = claim;
  const spending = tools.tasks?.spending ?? { turns: 0, usage: emptyUsage() };
  const limits = {
    budgets: capped.budgets,
    spending,
    repository: prepared.instructions,
    skills: prepared.skills,
    actingAs: prepared.agents.actingAs,
    plan: prepared.plan,
  };
  const loop = () =>
    untilHooksLetStop(hooks, conversation.session, run.now, () =>
      runLoop(run, workspace, conversation, tools, { progress, timeline }, limits),
    );
  const again = (request: string) => {
    conversation.session.appendUserText(request, run.now());
    return loop();
  };
  const first = await loop();
  const answered = schema ? await answerAgainstSchema(schema, first, again) : { result: first };
  const checking = { workspace, conversation, tools, budgets: capped.budgets, ...pick(prepared, "fork") };
  const { result, checked } = await checkBeforeDelivery(run, checking, answered.result, again);
  await endHooks(hooks, result);
  return { ...answered, checked, result: asCapBudget(result, capped, run.config.budgets, claim.history) };
}

/** The job summary's tables of what the repository extends the agent with: MCP servers, skills, agents, hooks. */
function extensionsSummary(prepared: Prepared, trustedTexts: string[], mcp: string, hooks?: RunHooks): string {
  const skills = skillsSummary(prepared.skills, namedSkills(trustedTexts, prepared.skills));
  const agents = agentsSummary(prepared.agents.agents, prepared.agents.actingAs);
  return mcp + skills + agents + hooksSummary(prepared.hooks, hooks);
}

const pick = <T, K extends keyof T>(from: T, ...keys: K[]) =>
  Object.fromEntries(keys.map((key) => [key, from[key]])) as Pick<T, K>;

const onPull = (run: TargetedRun) =>
  run.target.pull !== undefined && run.target.conversationIssue === run.target.pull.number;

function forkNotes(run: TargetedRun, patch: ForkPatch | undefined, landing: Landing): string[] {
  if (!run.target.pull?.fork) return [];
  if (!patch) return [callout("NOTE", "Nothing changed in the pull request's code, so there is no patch.")];
  return [patchNote(run, patch, landing.sessionSha)];
}

/** A CI failure gitclaw will not try to fix: said on the pull request when people must know, else only logged. */
async function stopBeforeModel(
  run: TargetedRun,
  plan: { reason: string; notice?: string; outcome?: string },
  progress?: ProgressComment,
): Promise<ConversationOutcome> {
  run.log(`gitclaw: ${plan.outcome ? "not running" : "no fix attempt"}: ${plan.reason}`);
  const notice = plan.notice && run.redact(plan.notice);
  if (notice && !(await progress?.finish(notice))) await run.target.thread.post(notice);
  if (plan.outcome) {
    setOutput(run.env, "outcome", plan.outcome);
    appendSummary(run, `## gitclaw\n\n${run.redact(plan.notice ?? plan.reason)}\n`);
  }
  // Silence is this run's whole answer too: the cleanup must not report it as a run that died.
  run.onReplied();
  return { succeeded: true };
}

/** The progress comment: posted once the run has gone a moment, then edited as the agent goes. */
async function startProgress(run: TargetedRun): Promise<ProgressComment> {
  const { config } = run;
  const { thread } = run.target;
  const progress = new ProgressComment({
    api: run.api,
    repo: run.repo,
    issueNumber: run.target.threadNumber,
    thread,
    runUrl: run.link,
    now: run.now,
    redact: run.redact,
    log: run.log,
    throttleMs: config.progress.throttleSeconds * 1000,
    delayMs: config.progress.delaySeconds * 1000,
    onCreated: (id) => writeProgress(run.env.runnerTemp, { commentId: id, ...(thread.inline ? { inline: true } : {}) }),
  });
  await progress.start();
  return progress;
}

/** What bounds and shapes one agent loop of the run. */
interface LoopLimits {
  budgets: Budgets;
  spending: Spending;
  repository?: RepositoryInstructions;
  skills?: RepositorySkills;
  /** The custom agent the run acts as (src/run/agents.ts). */
  actingAs?: CustomAgent;
  /** A plan run, a plan approved, or a read-only prompt run (src/run/plan.ts). */
  plan?: PlanGate;
}

/** The system prompt's parts for the agent the run acts as and for its plan gate. */
const roleParts = (limits: LoopLimits, tools: string[]) => ({
  ...(limits.actingAs ? { agent: agentSection(limits.actingAs, tools) } : {}),
  ...(limits.plan ? { plan: planInstructions(limits.plan) } : {}),
});

async function runLoop(
  run: TargetedRun,
  workspace: Workspace,
  conversation: OpenConversation,
  tools: RunTools,
  watchers: { progress: ProgressComment; timeline: RunTimeline },
  limits: LoopLimits,
): Promise<LoopResult> {
  const { repository } = limits;
  const skills = new SkillReads(limits.skills, workspace.git);
  const named: Skill[] = namedSkills(conversation.trustedTexts, limits.skills);
  const { env, config, target } = run;
  const { session } = conversation;
  const observer = observeRun({ ...watchers, session, log: run.log });
  const directories = new DirectoryInstructions(repository?.nested ?? [], workspace.git);
  const instructions = systemInstructions({
    repository: `${env.owner}/${env.repo}`,
    branch: workspace.branch,
    issueNumber: target.conversationIssue,
    tools: tools.toolset.tools.map((t) => t.name),
    protectedPaths: config.protectedPaths,
    heldBack: heldBackFolders(protectedPathsFrom(config.protectedPaths), workspace.workflowsGit !== undefined),
    pullRequest: pullRequestFacts(target, workspace.branch),
    repositoryInstructions: instructionsSection(repository),
    directoryInstructions: directories.promptLines(),
    skills: await skills.withNamed(named),
    ...roleParts(
      limits,
      tools.toolset.tools.map((t) => t.name),
    ),
  });
  try {
    const result = await untilTasksEnd(tools.tasks, session, run.now, () =>
      runAgentLoop({
        session,
        model: run.resolved,
        fallback: run.fallback,
        effort: config.effort,
        instructions,
        tools: withSkillReads(withDirectoryInstructions(tools.toolset.tools, directories), skills),
        toolContext: tools.context,
        budgets: limits.budgets,
        compaction: config.compaction,
        deadline: runDeadline(run),
        signal: run.signal,
        now: run.now,
        onEvent: observer.onEvent,
        spending: limits.spending,
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
function writeOutputs(
  run: TargetedRun,
  { result, outcome }: { result: LoopResult; outcome: string },
  landing: Landing,
  sessionPath: string,
  answer?: Answer,
): void {
  const outputs = {
    outcome,
    session_path: sessionPath,
    commit_sha: landing.push?.sha ?? "",
    branch: landing.push?.branch ?? "",
    cost: result.usage.cost.total.toFixed(4),
  };
  for (const [name, value] of Object.entries(outputs)) setOutput(run.env, name, value);
  setTextOutput(run.env, "reply", run.redact(readySignal(result.text).text));
  if (answer?.valid) setTextOutput(run.env, "structured_output", run.redact(JSON.stringify(answer.value)));
}

/** The job summary: every turn and tool call with status, duration, tokens and cost; the instructions read; what the network policy did. */
function writeSummary(
  run: TargetedRun,
  timeline: RunTimeline,
  result: LoopResult,
  {
    instructions,
    egress,
    mcp,
    checks,
  }: { instructions?: RepositoryInstructions; egress: Egress; mcp: string; checks: ReturnType<typeof checksReply> },
): void {
  const title = run.target.runKey
    ? `gitclaw · ${run.trigger.prompt?.workflow} (${run.target.runKey})`
    : `gitclaw · ${run.target.pull ? "pull request" : "issue"} #${run.target.threadNumber}`;
  const model = `${run.resolved.provider}/${run.resolved.modelId}`;
  const markdown =
    timeline.toMarkdown({ title, result, model, durationMs: run.now() - run.started, runUrl: run.link }) +
    answerSection(run, readySignal(result.text).text) +
    checksSummary(checks) +
    instructionsSummary(instructions) +
    egressSummary(egress) +
    mcp;
  appendSummary(run, markdown);
}

function appendSummary(run: TargetedRun, markdown: string): void {
  try {
    workflow.appendSummary(run.env.stepSummaryFile, run.redact(markdown));
  } catch (error) {
    run.log(`gitclaw: could not write the job summary: ${(error as Error).message}`);
  }
}
