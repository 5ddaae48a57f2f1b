// Runs gitclaw's lifecycle scripts as separate processes, in the workflow's order and with the
// environment GitHub Actions gives them, against the emulator, the fake model and a temp checkout.
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { GitHubEmulator } from "./github-emulator.ts";
import type { FakeModel } from "./fake-model.ts";

export const PROJECT_ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SCRIPTS = {
  guard: ["lifecycle/GITCLAW-ENABLED.ts"],
  indicator: ["lifecycle/GITCLAW-INDICATOR.ts"],
  agent: ["lifecycle/GITCLAW-AGENT.ts"],
  cleanup: ["lifecycle/GITCLAW-INDICATOR.ts", "--cleanup"],
} as const;
export type Stage = keyof typeof SCRIPTS;

export interface RunContext {
  gh: GitHubEmulator;
  /** owner/repo, as the emulator was started with. */
  repository: string;
  model?: FakeModel;
  /** The checkout the agent works in (GITHUB_WORKSPACE). */
  workspace: string;
  token: string;
  runId?: string;
  env?: Record<string, string>;
}

export interface StageResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
}

export interface WorkflowRun {
  runnerTemp: string;
  stages: Partial<Record<Stage, StageResult>>;
  proceed: boolean;
  /** Everything the stages printed, for secret scans. */
  logs: string;
}

let runCounter = 1000;

export function actionsEnv(ctx: RunContext, eventName: string, eventPath: string, runnerTemp: string): Record<string, string> {
  return {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: process.env.HOME ?? "/root",
    GITHUB_ACTIONS: "true",
    CI: "true",
    GITHUB_EVENT_NAME: eventName,
    GITHUB_EVENT_PATH: eventPath,
    GITHUB_REPOSITORY: ctx.repository,
    GITHUB_TOKEN: ctx.token,
    GITHUB_API_URL: ctx.gh.url,
    GITHUB_SERVER_URL: ctx.gh.serverUrl,
    GITHUB_RUN_ID: ctx.runId ?? String(runCounter++),
    GITHUB_WORKSPACE: ctx.workspace,
    RUNNER_TEMP: runnerTemp,
    GITHUB_OUTPUT: join(runnerTemp, "output"),
    GITHUB_STEP_SUMMARY: join(runnerTemp, "summary.md"),
    ...(ctx.model ? { ANTHROPIC_API_KEY: "sk-ant-test-key-not-real-0123456789", ANTHROPIC_BASE_URL: ctx.model.url } : {}),
    ...ctx.env,
  };
}

function readOutputs(file: string): Record<string, string> {
  if (!existsSync(file)) return {};
  return Object.fromEntries(
    readFileSync(file, "utf8")
      .split("\n")
      .filter((l) => l.includes("="))
      .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]),
  );
}

export async function runStage(stage: Stage, env: Record<string, string>, cwd: string, options: { signal?: AbortSignal; killSignal?: NodeJS.Signals } = {}): Promise<StageResult> {
  const child = Bun.spawn(["bun", ...SCRIPTS[stage].map((p, i) => (i === 0 ? join(PROJECT_ROOT, p) : p))], {
    cwd,
    env,
    stdout: "pipe",
    stderr: "pipe",
  });
  options.signal?.addEventListener("abort", () => child.kill(options.killSignal ?? "SIGKILL"));
  const [stdout, stderr, exitCode] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text(), child.exited]);
  return { exitCode, stdout, stderr, outputs: readOutputs(env.GITHUB_OUTPUT!) };
}

/** The workflow's job: guard → (indicator → agent) when it proceeds → cleanup (always, when it proceeded). */
export async function runWorkflow(ctx: RunContext, eventName: string, payload: unknown): Promise<WorkflowRun> {
  const runnerTemp = mkdtempSync(join(tmpdir(), "gitclaw-runner-"));
  const eventPath = join(runnerTemp, "event.json");
  writeFileSync(eventPath, JSON.stringify(payload));
  const env = actionsEnv(ctx, eventName, eventPath, runnerTemp);
  // The runner creates the step summary file before each step.
  writeFileSync(env.GITHUB_STEP_SUMMARY!, "");
  const run: WorkflowRun = { runnerTemp, stages: {}, proceed: false, logs: "" };
  const stage = async (name: Stage) => {
    const result = await runStage(name, env, ctx.workspace);
    run.stages[name] = result;
    run.logs += result.stdout + result.stderr;
    return result;
  };
  const guard = await stage("guard");
  run.proceed = guard.outputs.proceed === "true";
  if (!run.proceed) return run;
  await stage("indicator");
  await stage("agent");
  await stage("cleanup");
  return run;
}
