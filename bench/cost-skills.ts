// The cost benchmark's skills and agents part: the same conversations (10 `bash true` turns; 30 turns
// of ~8 KB output, like the reads script) in a repository without skills or agents and in one whose
// default branch has 20 skills (.agents/skills/*/SKILL.md, each with a description of the length teams
// write) and 5 custom agents (.github/agents/*.agent.md), billed from an empty cache each, with the
// default configuration and with sub-agents on (tasks.enabled: the task tool lists the agents). The
// skills cost their list in the system prompt; no body is read in these conversations.
import type { RecordedModelRequest, Turn } from "../test/support/fake-model.ts";
import { createWorld, exec, ratio, stageCommand, toolResultsIn, type Row } from "./lib.ts";

const SKILLS = 20;
const AGENTS = 5;
/** The configurations compared: the default one, and sub-agents on (the agents are listed then). */
const CONFIGS = {
  default: { config: undefined, title: "default config" },
  tasks: { config: JSON.stringify({ tasks: { enabled: true } }), title: "tasks on" },
};
type ConfigName = keyof typeof CONFIGS;
/** The two conversations: how many tool turns, and the command of each. */
const SCRIPTS = {
  small: { turns: 10, command: "true", title: "10 small turns" },
  reads: { turns: 30, command: "seq 100000 101599", title: "30 turns of ~10 KB output" },
};
type Script = keyof typeof SCRIPTS;
/** The aim of issue #42: 20 skills and 5 agents cost at most this much more than none. */
const TARGET = 1.05;

const turn = (script: Script, results: number): Turn =>
  results < SCRIPTS[script].turns
    ? { toolCalls: [{ name: "bash", input: { command: SCRIPTS[script].command } }] }
    : { text: "done" };

/** 20 skills, each a SKILL.md with a 150-odd character description and a body no run here reads. */
function skillFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= SKILLS; i++) {
    const name = `team-skill-${String(i).padStart(2, "0")}`;
    const description = `How this team handles task ${i}: the steps, the commands to run and the checks to pass. Use when an issue asks for task ${i} or names it.`;
    files[`.agents/skills/${name}/SKILL.md`] =
      `---\nname: ${name}\ndescription: ${description}\n---\n\n# Task ${i}\n\n${"A step of the procedure.\n".repeat(40)}`;
  }
  return files;
}

/** 5 custom agents, each with a tool subset, a model and a body of instructions. */
function agentFiles(): Record<string, string> {
  const files: Record<string, string> = {};
  for (let i = 1; i <= AGENTS; i++) {
    const description = `Handles area ${i} of the codebase: reviews and changes there.`;
    files[`.github/agents/team-agent-${i}.agent.md`] =
      `---\ndescription: ${description}\ntools: [read, bash, edit]\nmodel: haiku\n---\n\n${"An instruction.\n".repeat(30)}`;
  }
  return files;
}

export interface SkillsBill {
  usd: number;
  fixedBytes: number;
  requests: number;
}

/** Each conversation in a repository with `files`, billed. */
async function billed(
  files: Record<string, string>,
  bill: (r: RecordedModelRequest[]) => SkillsBill,
): Promise<Record<Script, SkillsBill>> {
  let script: Script = "small";
  const world = await createWorld((request) => turn(script, toolResultsIn(request.body)), files);
  try {
    const bills: Partial<Record<Script, SkillsBill>> = {};
    for (const next of ["small", "reads"] as const) {
      script = next;
      world.model.forgetCache();
      const workspace = await world.checkout();
      const mark = world.model.requests.length;
      const issue = world.newIssue(
        `Skills cost, ${next}`,
        `Run ${SCRIPTS[next].command}, ${SCRIPTS[next].turns} times.`,
      );
      const run = await exec(stageCommand("agent"), { cwd: workspace, env: world.runEnv(issue, workspace) });
      if (!run.stdout.includes("gitclaw: replied"))
        throw new Error(`cost: the skills conversation (${next}) did not complete\n${run.stdout.slice(-3000)}`);
      bills[next] = bill(world.model.requests.slice(mark));
    }
    return bills as Record<Script, SkillsBill>;
  } finally {
    await world.stop();
  }
}

/** Both conversations, billed by `bill` (cost.ts's), with and without skills and agents, per configuration. */
export async function skillsCostRows(bill: (requests: RecordedModelRequest[]) => SkillsBill): Promise<Row[]> {
  const rows: Row[] = [];
  for (const name of Object.keys(CONFIGS) as ConfigName[]) rows.push(...(await configRows(name, bill)));
  return rows;
}

async function configRows(name: ConfigName, bill: (requests: RecordedModelRequest[]) => SkillsBill): Promise<Row[]> {
  const { config, title } = CONFIGS[name];
  const base: Record<string, string> = config ? { ".github/gitclaw.json": config } : {};
  const none = await billed(base, bill);
  const some = await billed({ ...base, ...skillFiles(), ...agentFiles() }, bill);
  const usd = (x: number) => `$${x.toFixed(4)}`;
  const rows: Row[] = (["small", "reads"] as const).map((script) => ({
    figure: `Skills + agents: ${SKILLS} skills and ${AGENTS} agents on the default branch, ${title}, ${SCRIPTS[script].title}, billed`,
    gitclaw: `${usd(some[script].usd)} (${some[script].requests} requests)`,
    reference: `${usd(none[script].usd)} (none)`,
    ratio: ratio(some[script].usd, none[script].usd, TARGET),
    target: `≤ ${TARGET}×`,
    met: some[script].usd <= none[script].usd * TARGET,
  }));
  rows.push({
    figure: `↳ Skills + agents, ${title}: fixed prefix (tool definitions + system prompt)`,
    gitclaw: `${(some.small.fixedBytes / 1000).toFixed(2)} KB`,
    reference: `${(none.small.fixedBytes / 1000).toFixed(2)} KB`,
    ratio: ratio(some.small.fixedBytes, none.small.fixedBytes),
    target: "—",
  });
  return rows;
}
