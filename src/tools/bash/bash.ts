// The `bash` tool: one shell command in the workspace, non-interactive, bounded output, killed
// with its whole process group on timeout or cancel; or started as a background job.
import { stat } from "node:fs/promises";
import { resolve } from "node:path";
import { z } from "zod";
import { buildCommandEnv, ENV_NAME_PATTERN } from "./bash-env.ts";
import { OutputCapture } from "./capture.ts";
import {
  DEFAULT_TIMEOUT_SECONDS,
  formatCommandResult,
  MAX_TIMEOUT_SECONDS,
  MIN_TIMEOUT_SECONDS,
  resolveTimeout,
} from "./command-result.ts";
import { findInterception, formatInterception } from "./interceptor.ts";
import { commandLabel, type JobManager } from "./job-manager.ts";
import { startProcess } from "./process.ts";
import { fail, ok, type Tool, type ToolContext, type ToolResult } from "../types.ts";

const bashParameters = z.object({
  command: z.string().describe("Bash command(s)."),
  timeout: z
    .number()
    .optional()
    .describe(`Seconds (default ${DEFAULT_TIMEOUT_SECONDS}, ${MIN_TIMEOUT_SECONDS}-${MAX_TIMEOUT_SECONDS}).`),
  cwd: z.string().optional().describe("Working directory."),
  env: z.record(z.string(), z.string()).optional().describe("Extra environment variables."),
  async: z.boolean().optional().describe("Return at once with a job id for the job tool."),
});

export interface BashToolOptions {
  jobs: JobManager;
  /** Names of the enabled tools; the interceptor only points at tools that exist. */
  enabledTools: ReadonlySet<string>;
  interceptor: { enabled: boolean };
}

/** A word `cd` can take literally: quoted without expansions, or bare without shell syntax. */
const LEADING_CD = /^\s*cd\s+('[^']*'|"[^"$`\\]*"|[^\s;&|<>()$`'"\\~]+)\s*&&\s*([\s\S]*\S[\s\S]*)$/;

/** `cd dir && rest` → { cwd: "dir", command: "rest" }, so the directory is checked like `cwd`. */
export function liftLeadingCd(command: string): { cwd: string; command: string } | undefined {
  const match = LEADING_CD.exec(command);
  if (!match) return undefined;
  const [, word = "", rest = ""] = match;
  const cwd = /^['"]/.test(word) ? word.slice(1, -1) : word;
  if (cwd === "-" || cwd === "") return undefined;
  return { cwd, command: rest.trim() };
}

const describeBackground = (id: string, command: string): string =>
  [
    `Background job ${id} started: ${commandLabel(command)}`,
    `Follow it with the job tool: {"poll": "${id}"} waits for new output or completion, {"cancel": "${id}"} stops it, {"list": true} lists all jobs.`,
  ].join("\n");

export function createBashTool(options: BashToolOptions): Tool<typeof bashParameters> {
  return {
    name: "bash",
    description: describeBash(options),
    parameters: bashParameters,
    async execute(args, context) {
      const callerEnv = args.env ?? {};
      const badName = Object.keys(callerEnv).find((name) => !ENV_NAME_PATTERN.test(name));
      if (badName !== undefined) return fail(`Invalid bash env name: ${badName}`);
      if (options.interceptor.enabled) {
        const rule = findInterception(args.command, options.enabledTools);
        if (rule) return fail(formatInterception(rule, args.command), { blockedBy: rule.tool });
      }
      const where = await commandAndCwd(args, context.workspace);
      if (typeof where === "string") return fail(where);
      if (context.signal.aborted) return fail("Command not run: the run is being cancelled");
      const run = {
        ...where,
        timeout: resolveTimeout(args.timeout),
        env: buildCommandEnv({ ...context.env, ...context.commandEnv }, callerEnv),
      };
      return args.async ? startBackground(options, run, context) : runToEnd(run, context);
    },
  };
}

// Every request carries this: it says what the model cannot guess, briefly.
function describeBash(options: BashToolOptions): string {
  return [
    "Run bash in the workspace (stdin empty, CI=true); returns stdout and stderr.",
    "Long output keeps its first and last lines, all of it saved as artifact://<id> for read.",
    "Processes left behind are stopped when it returns: use async for servers and long builds.",
    ...(options.interceptor.enabled
      ? ["Use read, edit and write, not cat/head/tail, sed -i or echo > file: such commands are blocked."]
      : []),
  ].join("\n");
}

/** The command and the directory it runs in (a leading `cd` lifted into it), or why it cannot run there. */
async function commandAndCwd(
  args: { command: string; cwd?: string },
  workspace: string,
): Promise<{ command: string; cwd: string } | string> {
  const lifted = args.cwd === undefined ? liftLeadingCd(args.command) : undefined;
  const command = lifted?.command ?? args.command;
  const requestedCwd = lifted?.cwd ?? args.cwd;
  const cwd = requestedCwd === undefined ? workspace : resolve(workspace, requestedCwd);
  const cwdStat = await stat(cwd).catch(() => undefined);
  if (cwdStat === undefined) return `Working directory does not exist: ${requestedCwd ?? cwd}`;
  if (!cwdStat.isDirectory()) return `Working directory is not a directory: ${requestedCwd ?? cwd}`;
  return { command, cwd };
}

interface CommandRun {
  command: string;
  cwd: string;
  timeout: ReturnType<typeof resolveTimeout>;
  env: ReturnType<typeof buildCommandEnv>;
}

/** `async`: the command as a job the job tool follows. */
function startBackground(options: BashToolOptions, run: CommandRun, context: ToolContext): ToolResult {
  if (!options.enabledTools.has("job"))
    return fail(
      "Background jobs are not available in this run (the job tool is disabled): run the command without async.",
    );
  const { command, cwd, timeout } = run;
  const job = options.jobs.start({ ...run, context });
  const text = [describeBackground(job.id, command), timeout.notice].filter((line) => line !== undefined).join("\n");
  return ok(text, {
    async: { state: "running", jobId: job.id },
    cwd,
    timeoutSeconds: timeout.seconds,
    requestedTimeoutSeconds: timeout.requestedSeconds,
  });
}

/** The command run to its end (or its timeout), its output captured, windowed and saved. */
async function runToEnd(run: CommandRun, context: ToolContext): Promise<ToolResult> {
  const { command, cwd, env, timeout } = run;
  const capture = new OutputCapture({ redact: context.redact, artifacts: context.artifacts, kind: "bash.log" });
  const running = startProcess({
    command,
    cwd,
    env,
    timeoutMs: timeout.seconds * 1000,
    signal: context.signal,
    onOutput: (bytes) => capture.write(bytes),
    runAs: context.runAs,
  });
  const outcome = await running.finished;
  const captured = capture.finish();
  const result = formatCommandResult({ view: captured.view, capture: captured, outcome, timeout });
  return { ...result, details: { ...result.details, cwd } };
}
