// `task`: starts a sub-agent on one independent part of the work (src/tasks/). In the background it
// returns at once with the task's id; in the foreground it waits for the report. `agent` runs it as
// one of the repository's custom agents (src/agents/): an unknown name is answered with the agents there are.
import { z } from "zod";
import { agentsThereAre } from "../../agents/read.ts";
import { TaskError } from "../orchestrator.ts";
import { isFinal, RUNNERS } from "../records.ts";
import type { TaskScope } from "../scope.ts";
import { fail, ok, type Tool } from "../../tools/types.ts";
import { json, taskView } from "./result.ts";

const Args = z.strictObject({
  title: z.string().trim().min(1).max(200),
  prompt: z.string().trim().min(1),
  run_in_background: z.boolean().default(false),
  runner: z.enum(RUNNERS).optional(),
  agent: z.string().trim().min(1).optional(),
});

const DESCRIPTION =
  "Start a sub-agent on an independent part of the work, in its own git worktree at your HEAD commit (not " +
  "your uncommitted edits), with your tools; it commits and reports. prompt: its whole brief (task, context, " +
  "files, acceptance). run_in_background: returns its taskId at once, collect it with task_await. Bring its " +
  "commits in with task_apply_git_patch.";

/** Bytes the agents' descriptions may take in the task tool's description (in every request); beyond, names only. */
const AGENTS_LIST_BYTES = 512;

/** The repository's agents for the task tool's description: with their descriptions while short, else by name. */
function agentsLine(scope: TaskScope): string {
  const agents = scope.agents?.agents ?? [];
  if (agents.length === 0) return "";
  const described = agents.map((agent) => `${agent.name} (${agent.description})`).join("; ");
  const list =
    Buffer.byteLength(described) <= AGENTS_LIST_BYTES ? described : agents.map((agent) => agent.name).join(", ");
  return ` agent: run it as one of the repository's agents (own instructions, tools, model): ${list}.`;
}

export function createTaskTool(scope: TaskScope): Tool<typeof Args> {
  const runners =
    scope.runners.length > 1 ? ` runner: ${scope.runners.join(" or ")} (default ${scope.runners[0]}).` : "";
  return {
    name: "task",
    description: `${DESCRIPTION}${runners}${agentsLine(scope)}`,
    parameters: Args,
    async execute(args, context) {
      const { orchestrator, caller } = scope;
      const runner = args.runner ?? (args.agent ? "local" : (scope.runners[0] ?? "local"));
      const problem = agentProblem(scope, args.agent, runner);
      if (problem) return fail(`task: ${problem}`);
      let record: Awaited<ReturnType<typeof orchestrator.spawn>>;
      try {
        const agent = args.agent ? { agent: args.agent } : {};
        record = await orchestrator.spawn(caller, { title: args.title, prompt: args.prompt, runner, ...agent });
      } catch (error) {
        if (error instanceof TaskError) return fail(`task: ${error.message}`);
        throw error;
      }
      const details = { taskId: record.taskId, runner, ...(args.agent ? { agent: args.agent } : {}) };
      if (args.run_in_background) return ok(json({ status: record.status, taskId: record.taskId }), details);
      const [done] = await orchestrator.wait(caller, [record.taskId], Number.POSITIVE_INFINITY, context.signal);
      const view = taskView(orchestrator.store, done ?? record, Date.now());
      if (done && isFinal(done.status)) orchestrator.markDelivered(record.taskId);
      return ok(json(view), details);
    },
  };
}

/** Why `agent` cannot run here: not one of the repository's, or on a runner that does not read them. */
function agentProblem(scope: TaskScope, agent: string | undefined, runner: string): string | undefined {
  if (agent === undefined) return undefined;
  if (!scope.agents?.agents.some((candidate) => candidate.name === agent))
    return `there is no agent ${JSON.stringify(agent)}: ${agentsThereAre(scope.agents)}.`;
  if (runner !== "local") return `an agent's task runs on the local runner only (runner "local").`;
  return undefined;
}
