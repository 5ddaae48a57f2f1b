// The run's phase for the repository's custom agents (src/agents/read.ts): read from the default
// branch's commit before any tool runs, as the skills are; the agent the run itself acts as, when a
// person with write access asks for one (`/agent <name>` on a line of their own text, outside quotes
// and code) or the prompt input agent names one; its model; and the job summary's table.
import * as workflow from "../actions/log.ts";
import { resolveModel, type ResolvedModel } from "../agent/model.ts";
import { agentsThereAre, readAgents, type CustomAgent, type RepositoryAgents } from "../agents/read.ts";
import { callout, tableCell } from "../github/markdown.ts";
import { formatBytes } from "../text/format.ts";
import { defaultBranchAt } from "./repository-instructions.ts";
import type { RunContext, TargetedRun, Workspace } from "./types.ts";

export async function loadAgents(run: TargetedRun, workspace: Workspace): Promise<RepositoryAgents | undefined> {
  try {
    const { providers, models } = run.config;
    const choices = { providers: Object.keys(providers), models: Object.keys(models) };
    const loaded = await readAgents(workspace.git, await defaultBranchAt(run, workspace), choices);
    for (const skipped of loaded.leftOut)
      workflow.warning(`gitclaw: the agent ${skipped.path} is left out: ${skipped.reason}`);
    if (loaded.agents.length)
      run.log(`gitclaw: custom agents of ${loaded.branch}: ${loaded.agents.map((agent) => agent.name).join(", ")}`);
    return loaded;
  } catch (error) {
    workflow.warning(`gitclaw: the custom agents could not be read: ${run.redact((error as Error).message)}`);
    return undefined;
  }
}

/** The agent the run acts as: named by the prompt input, else by `/agent <name>` in a text with write access. */
export async function askedAgent(
  run: Pick<TargetedRun, "trigger">,
  trustedTexts: readonly string[],
): Promise<string | undefined> {
  if (run.trigger.prompt) return run.trigger.prompt.agent;
  const asking = trustedTexts.filter((text) => text.includes("/agent"));
  if (asking.length === 0) return undefined;
  const { unquotedProse } = await import("../text/quoted.ts");
  for (const text of asking)
    for (const line of unquotedProse(text).split("\n")) {
      const asked = /^\s*(?:@[\w-]+\s+)?\/agent\s+([^\s]+)/.exec(line);
      if (asked) return asked[1]!;
    }
  return undefined;
}

/** The asked agent, or the answer that names the agents there are. */
export function chooseAgent(
  name: string | undefined,
  loaded: RepositoryAgents | undefined,
): { agent?: CustomAgent } | { unknown: string } {
  if (name === undefined) return {};
  const agent = loaded?.agents.find((candidate) => candidate.name === name);
  if (agent) return { agent };
  return { unknown: `There is no custom agent \`${name}\`: ${agentsThereAre(loaded)}.` };
}

/** Resolves each agent's model once per run: the run's own when the agent names none. */
export function agentModels(run: Pick<RunContext, "config" | "processEnv" | "resolved" | "redact">) {
  const resolved = new Map<string, Promise<ResolvedModel>>();
  return (agent: CustomAgent | undefined): Promise<ResolvedModel> => {
    if (!agent?.model || agent.model === `${run.resolved.provider}/${run.resolved.modelId}`)
      return Promise.resolve(run.resolved);
    const known = resolved.get(agent.model);
    if (known) return known;
    // A custom agent's cloud model exchanges credentials of its own: masked like the run's.
    const model = resolveModel(agent.model, run.config, run.processEnv, { secrets: workflow.secretSink(run.redact) });
    resolved.set(agent.model, model);
    return model;
  };
}

/** The job summary's table of the agents: there, acted as, or left out with why. */
export function agentsSummary(loaded: RepositoryAgents | undefined, actedAs?: CustomAgent): string {
  if (!loaded || (loaded.agents.length === 0 && loaded.leftOut.length === 0)) return "";
  const rows = [
    ...loaded.agents.map(
      (agent) =>
        `| ${agent.name} | \`${tableCell(agent.path)}\` | ${agent.tools?.join(", ") ?? "all"} | ${agent.model ?? "the run's"} | ${formatBytes(agent.bytes)}${agent === actedAs ? ", this run acts as it" : ""} |`,
    ),
    ...loaded.leftOut.map(
      (skipped) => `| — | \`${tableCell(skipped.path)}\` | — | — | left out: ${tableCell(skipped.reason)} |`,
    ),
  ];
  const warning = loaded.leftOut.length
    ? ["", callout("WARNING", `${loaded.leftOut.length} agent files left out of this run: see the table.`)]
    : [];
  return [
    "",
    `### Custom agents (${loaded.branch} at ${loaded.commit.slice(0, 12)})`,
    "",
    "| agent | file | tools | model | size |",
    "|---|---|---|---|---|",
    ...rows,
    ...warning,
    "",
  ].join("\n");
}

/**
 * What an agent acting as `agent` is told: the repository's instructions for it, from the default
 * branch; with a `tools` list, the tools it has (`given`: what it is offered, which the list narrows).
 */
export function agentSection(agent: CustomAgent, given: readonly string[]): string {
  const tools = agent.tools ? ` Your tools are only: ${given.join(", ")}.` : "";
  return [
    `You act as the repository's custom agent ${agent.name} (${agent.path} on the default branch, by its ` +
      `maintainers): ${agent.description}.${tools} Its instructions, which you follow like the ones above:`,
    agent.instructions,
  ].join("\n");
}
