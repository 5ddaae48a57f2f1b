// The repository's custom agents: `.github/agents/<name>.agent.md` (Copilot) and
// `.claude/agents/<name>.md` (Claude Code), YAML front matter `name`, `description`, `tools`, `model`
// and the body as the agent's instructions. Read as the skills are (src/skills/read.ts): from the git
// objects of the default branch's commit, never from the working tree, so a pull request's head, a
// fork, an outsider or the agent's own edits cannot add or change one. Bounded in count and size;
// an invalid one is left out with why (an unknown tool or model named with what there is).
import { posix } from "node:path";
import { z } from "zod";
import { formatBytes } from "../text/format.ts";
import { listTree, readBlob, type GitReader } from "../git/reader.ts";
import { cutAt } from "../text/cut.ts";
import { readFrontMatter } from "../skills/front-matter.ts";
import { TOOL_NAMES } from "../tools/names.ts";
import { describeZodError } from "../zod-errors.ts";
import { agentModel, type ModelChoices } from "./model-name.ts";

/** Looked in, in this order, with the file name's ending: a name found in an earlier folder wins. */
export const AGENT_FOLDERS = [
  { folder: ".github/agents", ending: ".agent.md" },
  { folder: ".claude/agents", ending: ".md" },
] as const;
/** Agents at most, a file read at most, and the instructions kept at most. */
export const AGENT_LIMITS = { count: 16, read: 64 * 1024, body: 16 * 1024 };
/** What an agent's `tools` may name: gitclaw's tools, `task` (the task tools) and `mcp` (the MCP servers' tools). */
export const AGENT_TOOL_NAMES = [...TOOL_NAMES, "task", "mcp"] as const;

const NAME = /^[a-z0-9]+(-[a-z0-9]+)*$/;
const AgentFrontMatter = z.looseObject({
  name: z.string().regex(NAME, "lowercase letters, digits and single hyphens, not at either end").max(64).optional(),
  description: z.string().trim().min(1).max(1024),
  tools: z.union([z.array(z.string()), z.string()]).optional(),
  model: z.string().optional(),
});

/** A custom agent of the default branch. */
export interface CustomAgent {
  name: string;
  description: string;
  /** The tools it is given, of AGENT_TOOL_NAMES; undefined: every tool a sub-agent has. */
  tools?: string[];
  /** `provider/model`; undefined: the run's model. */
  model?: string;
  /** Its instructions (the body), within AGENT_LIMITS.body. */
  instructions: string;
  /** Its file, repository-relative. */
  path: string;
  bytes: number;
}

/** Whether `agent` (none: the run's own) is given the tool `name`: one without a list has every tool. */
export const agentGives = (agent: Pick<CustomAgent, "tools"> | undefined, name: string): boolean =>
  agent?.tools?.includes(name) ?? true;

/** The tools of `enabled` (default: every tool) that `agent` is given. */
export const toolsGiven = (agent: Pick<CustomAgent, "tools"> | undefined, enabled?: readonly string[]): string[] =>
  (enabled ?? TOOL_NAMES).filter((name) => agentGives(agent, name));

export interface LeftOutAgent {
  path: string;
  reason: string;
}

export interface RepositoryAgents {
  branch: string;
  commit: string;
  agents: CustomAgent[];
  leftOut: LeftOutAgent[];
}

/** Reads the agents of `where.commit` (the default branch's). */
export async function readAgents(
  git: GitReader,
  where: { branch: string; commit: string },
  choices: ModelChoices,
): Promise<RepositoryAgents> {
  const tree = await listTree(
    git,
    where.commit,
    AGENT_FOLDERS.map(({ folder }) => `${folder}/`),
  );
  const found: RepositoryAgents = { ...where, agents: [], leftOut: [] };
  for (const { folder, ending } of AGENT_FOLDERS)
    for (const [path, entry] of tree) {
      if (posix.dirname(path) !== folder || !path.endsWith(ending)) continue;
      if (!entry.mode.startsWith("100")) found.leftOut.push({ path, reason: "not a regular file" });
      else if (entry.size > AGENT_LIMITS.read)
        found.leftOut.push({ path, reason: `too large to read (over ${formatBytes(AGENT_LIMITS.read)})` });
      else addAgent(found, parseAgent(path, ending, await readBlob(git, entry.oid), choices), path, entry.size);
    }
  return found;
}

function addAgent(
  found: RepositoryAgents,
  parsed: Omit<CustomAgent, "path" | "bytes"> | { reason: string },
  path: string,
  bytes: number,
): void {
  if ("reason" in parsed) return void found.leftOut.push({ path, reason: parsed.reason });
  const taken = found.agents.find((agent) => agent.name === parsed.name);
  if (taken) return void found.leftOut.push({ path, reason: `the name ${parsed.name} is ${taken.path}'s` });
  if (found.agents.length >= AGENT_LIMITS.count)
    return void found.leftOut.push({ path, reason: `more than ${AGENT_LIMITS.count} agents` });
  found.agents.push({ ...parsed, path, bytes });
}

/** An agent file's front matter and body, checked, or why it is not an agent. */
export function parseAgent(
  path: string,
  ending: string,
  text: string,
  choices: ModelChoices,
): Omit<CustomAgent, "path" | "bytes"> | { reason: string } {
  const read = readFrontMatter(text);
  if ("reason" in read) return read;
  const checked = AgentFrontMatter.safeParse(read.data);
  if (!checked.success)
    return { reason: describeZodError(checked.error, "front matter", read.data).replace(/\n/g, "; ") };
  const name = checked.data.name ?? posix.basename(path).slice(0, -ending.length);
  if (!NAME.test(name)) return { reason: `its name ${name} is not lowercase letters, digits and single hyphens` };
  const tools = agentTools(checked.data.tools);
  if ("reason" in tools) return tools;
  const model = agentModel(checked.data.model, choices);
  if ("reason" in model) return model;
  if (!read.body) return { reason: "its body (the agent's instructions) is empty" };
  const description = checked.data.description.replace(/\s+/g, " ");
  return { name, description, ...tools, ...model, instructions: cutAt(read.body, AGENT_LIMITS.body) };
}

/** `tools` as a list (YAML's, or Claude Code's "Read, Grep"), each one of AGENT_TOOL_NAMES. */
function agentTools(raw: string[] | string | undefined): { tools?: string[] } | { reason: string } {
  if (raw === undefined) return {};
  const names = (typeof raw === "string" ? raw.split(",") : raw).map((name) => name.trim()).filter(Boolean);
  const known = AGENT_TOOL_NAMES as readonly string[];
  const unknown = names.filter((name) => !known.includes(name.toLowerCase()));
  if (unknown.length)
    return { reason: `unknown tools ${unknown.join(", ")}: gitclaw's tools are ${AGENT_TOOL_NAMES.join(", ")}` };
  return { tools: [...new Set(names.map((name) => name.toLowerCase()))] };
}

/** What an unknown agent name is answered with: the agents there are. */
export function agentsThereAre(loaded: RepositoryAgents | undefined): string {
  const agents = loaded?.agents ?? [];
  if (agents.length === 0)
    return "there are no custom agents on the default branch (.github/agents/*.agent.md, .claude/agents/*.md)";
  return `the agents of ${loaded!.branch} are ${agents.map((agent) => agent.name).join(", ")}`;
}
