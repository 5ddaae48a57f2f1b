// A runner laid out like a GitHub-hosted one, with credentials where a real job can have them, so
// that the hostile commands have something to find: HOME is /home/runner-like (0750) and holds a
// world-readable ~/.gitconfig with a credential helper and its ~/.git-credentials; $RUNNER_TEMP
// (0755, inside HOME) holds a file a step wrote to $GITHUB_ENV with the token; the checkout
// persisted the token in .git/config as actions/checkout does by default. The workspace is
// $HOME/work/widgets/widgets, so the tool user can only reach it through HOME.
import { Buffer } from "node:buffer";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import type { RunContext } from "../support/workflow.ts";
import { TOKEN, type World } from "../e2e/support.ts";
import type { Scene, Secret } from "./leaks.ts";

/** What actionsEnv gives the agent stage when a model is configured. */
export const API_KEY = "sk-ant-test-key-not-real-0123456789";
export const SECRETS: readonly Secret[] = [
  { name: "GITHUB_TOKEN", value: TOKEN },
  { name: "ANTHROPIC_API_KEY", value: API_KEY },
];
export const EXTRAHEADER = `AUTHORIZATION: basic ${Buffer.from(`x-access-token:${TOKEN}`).toString("base64")}`;

export interface HostedRunner {
  home: string;
  runnerTemp: string;
  workspace: string;
  /** For world.run: the checkout and the environment overrides. */
  context: Partial<RunContext>;
  cleanup(): void;
}

function plant(path: string, content: string, mode: number): void {
  writeFileSync(path, content);
  chmodSync(path, mode);
}

export async function hostedRunner(world: World): Promise<HostedRunner> {
  const home = mkdtempSync(join(tmpdir(), "gitclaw-home-"));
  chmodSync(home, 0o750);
  const runnerTemp = join(home, "work", "_temp");
  mkdirSync(join(runnerTemp, "_runner_file_commands"), { recursive: true });
  chmodSync(runnerTemp, 0o755);
  plant(
    join(runnerTemp, "_runner_file_commands", "set_env_0"),
    `GITHUB_TOKEN=${TOKEN}\nANTHROPIC_API_KEY=${API_KEY}\n`,
    0o644,
  );
  plant(join(home, ".gitconfig"), `[credential]\n\thelper = store --file ${join(home, ".git-credentials")}\n`, 0o644);
  plant(join(home, ".git-credentials"), `https://x-access-token:${TOKEN}@github.com\n`, 0o644);

  const workspace = join(home, "work", "widgets", "widgets");
  await execa("git", ["clone", "-q", world.repo.origin, workspace]);
  // As actions/checkout leaves it with persist-credentials on (its default).
  await execa("git", ["config", "--local", "http.https://github.com/.extraheader", EXTRAHEADER], { cwd: workspace });
  return {
    home,
    runnerTemp,
    workspace,
    // The runner keeps its per-step files (GITHUB_OUTPUT, GITHUB_ENV, the summary) under this RUNNER_TEMP.
    context: { workspace, runnerTemp, env: { HOME: home } },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** What to scan for leaks after a run on `runner` (see leaks.ts); `since` skips what earlier runs produced. */
export function sceneOf(world: World, runner: HostedRunner, logs: string, since: Scene["since"]): Scene {
  return { world, workspace: runner.workspace, runnerTemp: runner.runnerTemp, logs, since };
}

/** The text of every tool result the model was sent in the last request, in order. */
export function toolResults(world: World): string[] {
  const messages = (world.model.requests.at(-1)?.body.messages ?? []) as { role: string; content: unknown }[];
  return messages.flatMap((message) =>
    Array.isArray(message.content)
      ? (message.content as { type: string; content?: unknown }[])
          .filter((part) => part.type === "tool_result")
          .map((part) => (typeof part.content === "string" ? part.content : JSON.stringify(part.content)))
      : [],
  );
}

/** A workflow command as the Actions runner processes it. */
export interface RunnerCommand {
  name: string;
  properties: string;
  data: string;
}

/** `::name props::data`, after leading blanks (the runner trims them first). */
function commandV2(line: string): RunnerCommand | undefined {
  const text = line.trimStart();
  const end = text.indexOf("::", 2);
  if (!text.startsWith("::") || end < 0) return undefined;
  const [name = "", ...properties] = text.slice(2, end).split(" ");
  return { name, properties: properties.join(" "), data: text.slice(end + 2) };
}

/** `##[name props]data`, anywhere in the line: the runner still reads the old syntax. */
function commandV1(line: string): RunnerCommand | undefined {
  const start = line.indexOf("##[");
  const end = start < 0 ? -1 : line.indexOf("]", start);
  if (end < 0) return undefined;
  const [name = "", ...properties] = line.slice(start + 3, end).split(" ");
  return { name, properties: properties.join(" "), data: line.slice(end + 1) };
}

/**
 * The commands the runner would act on in a step's output, read as it reads them: lines end at
 * \r, \n or \r\n, and after `::stop-commands::<token>` nothing runs until `::<token>::`.
 */
export function runnerCommands(output: string): RunnerCommand[] {
  const commands: RunnerCommand[] = [];
  let stopToken: string | undefined;
  for (const line of output.split(/\r\n|\r|\n/)) {
    const command = commandV2(line) ?? commandV1(line);
    if (!command) continue;
    if (stopToken !== undefined) {
      if (command.name === stopToken) stopToken = undefined;
      continue;
    }
    if (command.name === "stop-commands") stopToken = command.data;
    commands.push(command);
  }
  return commands;
}
