// The cost benchmark's skills and agents part (#42): bench cost's own tasks (20 `bash true` turns; 30
// turns of ~8 KB reads), in its own repository (the 4 KB AGENTS.md, the modules read), with and without
// 20 skills (.agents/skills/*/SKILL.md, each with a description of the length teams write) and 5 custom
// agents (.github/agents/*.agent.md) on the default branch, billed from an empty cache each, with the
// default configuration, with sub-agents on (tasks.enabled: the task tool lists the agents), and with
// a one-line AGENTS.md in place of its own (reported: there the list weighs more). The
// skills cost their list in the system prompt; no body is read in these conversations.
import { ratio, type Row } from "./lib.ts";

const SKILLS = 20;
const AGENTS = 5;
/**
 * The set-ups compared: the default configuration; sub-agents on (the agents are listed then); and,
 * reported without a target, the repository with a one-line AGENTS.md, where the list weighs more.
 */
const CONFIGS = {
  default: { files: {}, title: "default config", aim: true },
  tasks: {
    files: { ".github/gitclaw.json": JSON.stringify({ tasks: { enabled: true } }) },
    title: "tasks on",
    aim: true,
  },
  bare: { files: { "AGENTS.md": "# widgets\n" }, title: "a one-line AGENTS.md", aim: false },
};
type ConfigName = keyof typeof CONFIGS;
/** The aim of issue #42: 20 skills and 5 agents cost at most this much more than none. */
const TARGET = 1.05;

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

/**
 * gitclaw's bills of bench cost's tasks in its repository with `files` added to the default branch
 * (cost.ts runs them), keyed by each task's title.
 */
export type MeasureTasks = (files: Record<string, string>) => Promise<Record<string, SkillsBill>>;

/** Every task, with and without skills and agents, per configuration. */
export async function skillsCostRows(measure: MeasureTasks): Promise<Row[]> {
  const rows: Row[] = [];
  for (const name of Object.keys(CONFIGS) as ConfigName[]) rows.push(...(await configRows(name, measure)));
  return rows;
}

async function configRows(name: ConfigName, measure: MeasureTasks): Promise<Row[]> {
  const { files, title, aim } = CONFIGS[name];
  const none = await measure(files);
  const some = await measure({ ...files, ...skillFiles(), ...agentFiles() });
  const usd = (x: number) => `$${x.toFixed(4)}`;
  const rows: Row[] = Object.keys(none).map((task) => ({
    figure: `Skills + agents: ${SKILLS} skills and ${AGENTS} agents on the default branch, ${title}, ${task}, billed`,
    gitclaw: `${usd(some[task]!.usd)} (${some[task]!.requests} requests)`,
    reference: `${usd(none[task]!.usd)} (none)`,
    ratio: ratio(some[task]!.usd, none[task]!.usd, aim ? TARGET : undefined),
    target: aim ? `≤ ${TARGET}×` : "reported",
    ...(aim ? { met: some[task]!.usd <= none[task]!.usd * TARGET } : {}),
  }));
  const [first] = Object.keys(none);
  rows.push({
    figure: `↳ Skills + agents, ${title}: fixed prefix (tool definitions + system prompt)`,
    gitclaw: `${(some[first!]!.fixedBytes / 1000).toFixed(2)} KB`,
    reference: `${(none[first!]!.fixedBytes / 1000).toFixed(2)} KB`,
    ratio: ratio(some[first!]!.fixedBytes, none[first!]!.fixedBytes),
    target: "—",
  });
  return rows;
}
