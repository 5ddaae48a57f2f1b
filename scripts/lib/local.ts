// The local sandbox behind `bun run local`. It reuses the real pieces end to end: the lifecycle
// scripts run as processes against the GitHub emulator (test/support), with real git and the model
// from the environment. Issues and comments are recorded in .gitclaw-local/issues.json and replayed
// into a fresh emulator on every invocation, so follow-ups find their issue under the same number.
// `--demo` runs the same lifecycle without a key: only the model is scripted (./demo.ts).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { ActionableError } from "../../src/errors.ts";
import { PACKAGE_ROOT } from "../../src/package-root.ts";
import { followHead, ignoreSandbox, localWorkflow } from "./local-repo.ts";
import { startGitHubEmulator, type GitHubEmulator } from "../../test/support/github-emulator.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../../test/support/payloads.ts";
import { runWorkflow, type WorkflowRun } from "../../test/support/workflow.ts";
import { loadConfig } from "../../src/config/config.ts";
import { ModelConfigError, resolveModel, type ResolvedModel } from "../../src/agent/model.ts";
import { keyOf, providerCheck, serverChecks } from "../../src/cli/doctor-model.ts";
import { settingsFromInputs } from "../../src/config/inputs.ts";
import { networkNamespaceProbe } from "../../src/egress/namespace.ts";
import { DEMO_MODEL, DEMO_PROMPT, demoEnding, startDemoModel } from "./demo.ts";

export class LocalError extends ActionableError {
  override name = "LocalError";
}

const OWNER = "local";
const REPO = "sandbox";
const USER = "you";
const TOKEN = `ghs_${"LocalSandboxToken".repeat(2)}xx`;

interface LocalIssue {
  title: string;
  body: string;
  comments: string[];
}

type Out = (line: string) => void;
type Env = Record<string, string | undefined>;

/** The help of `local`; its command lines are shown as the user started it (`bun run local`, `gitclaw local`). */
export const LOCAL_USAGE = `local: the whole lifecycle on the repository you are in, offline from GitHub. The issue lives
in an embedded GitHub stand-in; the agent works in a clone under .gitclaw-local/ and pushes to a throwaway
bare remote there, made from this repository's HEAD and brought up to it on every run.
  gitclaw local "what to do"              a new issue, with the model the environment names
  gitclaw local --issue <n> "follow-up"   a comment on that issue
  gitclaw local --demo                    the same with a scripted model, no key needed
`;
const USAGE = 'usage: gitclaw local "what to do"  |  --issue <n> "follow-up"  |  --demo (no key needed)  |  --help';

interface LocalArgs {
  issue?: number;
  prompt: string;
  demo: boolean;
  help?: boolean;
}

function parseArgs(args: string[]): LocalArgs {
  let issue: number | undefined;
  let demo = false;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--help" || args[i] === "-h") return { prompt: "", demo, help: true };
    if (args[i] === "--demo") demo = true;
    else if (args[i] === "--issue") {
      issue = Number(args[++i]);
      if (!Number.isInteger(issue) || issue < 1) throw new LocalError(`--issue needs an issue number. ${USAGE}`);
    } else if (args[i]!.startsWith("-") && words.length === 0)
      throw new LocalError(`unknown option ${args[i]}. ${USAGE}`);
    else words.push(args[i]!);
  }
  if (demo && issue !== undefined) throw new LocalError(`--demo starts a new issue each time. ${USAGE}`);
  const prompt = words.join(" ").trim() || (demo ? DEMO_PROMPT : "");
  if (!prompt) throw new LocalError(USAGE);
  return { issue, prompt, demo };
}

/**
 * Says exactly which variable to set when no model is usable, before anything starts; and warns, as
 * `doctor` does, when a local server drops the tools or hides its context window.
 */
async function checkModel(cwd: string, env: Env, out: Out, command: string): Promise<string> {
  const config = loadConfig(cwd, settingsFromInputs(env).settings);
  const spec = config.model;
  let model: ResolvedModel;
  try {
    model = await resolveModel(spec, config, env);
  } catch (error) {
    if (error instanceof ModelConfigError) {
      throw new LocalError(
        `${error.message}\nFor a local model instead: GITCLAW_MODEL=ollama/<model> (OLLAMA_BASE_URL defaults to http://127.0.0.1:11434/v1).` +
          `\nTo see the whole lifecycle first, without a key (a scripted model): ${command} --demo`,
      );
    }
    throw error;
  }
  // The server's own facts only matter once it answers: unreachable, that is the one thing to say.
  const reachable = model.api === "openai-completions" ? await providerCheck(model, env, fetch) : undefined;
  const checks =
    reachable && reachable.status !== "PASS" ? [reachable] : await serverChecks(model, keyOf(model, env).key, fetch);
  for (const check of checks)
    if (check.status !== "PASS") out(`gitclaw local: warning: ${check.detail}\n  fix: ${check.fix}`);
  return spec;
}

/** The model's variables from the environment, as the workflow would hand its inputs to the stages. */
const modelEnv = (env: Env) =>
  Object.fromEntries(
    Object.entries(env).filter(
      ([k, v]) => v !== undefined && /^(GITCLAW_|ANTHROPIC_|OPENAI_|OPENROUTER_|OLLAMA_)/.test(k),
    ),
  ) as Record<string, string>;

interface LocalIo {
  cwd: string;
  env: Env;
  out: Out;
  /** How the user started this, for the hints: `bun run local`, `gitclaw local`. */
  command: string;
}

export async function runLocal(args: string[], io: LocalIo): Promise<number> {
  const parsed = parseArgs(args);
  if (parsed.help) {
    io.out(LOCAL_USAGE.replaceAll("  gitclaw local", `  ${io.command}`));
    return 0;
  }
  const top = await repositoryRoot(io.cwd);
  io = { ...io, cwd: top };
  if (parsed.demo) return runDemo(parsed.prompt, io);
  const spec = await checkModel(io.cwd, io.env, io.out, io.command);
  const home = join(io.cwd, ".gitclaw-local");
  const env = modelEnv(io.env);
  const { origin, number, run } = await runIssue(home, parsed, { ...io, spec, env });
  await report(origin, io.out);
  io.out(`\nContinue with: ${io.command} --issue ${number} "…"`);
  return run.stages.agent?.exitCode ?? 1;
}

/** The top of the repository the user is in, or why there is none. */
async function repositoryRoot(cwd: string): Promise<string> {
  const top = await execa("git", ["rev-parse", "--show-toplevel"], { cwd, reject: false, stdin: "ignore" });
  if (top.exitCode !== 0)
    throw new LocalError(`${cwd} is not in a git repository: run it in one (git init, then commit).`);
  return top.stdout.trim();
}

/** `runLocal` as a command: a bad request or configuration is one line saying what to fix, never a stack trace. */
export async function runLocalCommand(args: string[], command: string, cwd = process.cwd()): Promise<number> {
  try {
    return await runLocal(args, { cwd, env: process.env, out: (line) => console.log(line), command });
  } catch (error) {
    if (!(error instanceof ActionableError)) throw error;
    console.error(`gitclaw local: ${error.message}`);
    return error instanceof LocalError ? 2 : 1;
  }
}

/** The whole lifecycle with a scripted model, in a sandbox of its own (.gitclaw-local/demo). */
async function runDemo(prompt: string, io: LocalIo): Promise<number> {
  const model = await startDemoModel();
  io.out(`gitclaw local --demo: the model is SCRIPTED (a fake model server replaying ${model.turns} fixed turns).`);
  io.out("Everything else is real: the emulated issue, the guard, 👀, the tools on a real clone, commit, push, reply.");
  try {
    const home = join(io.cwd, ".gitclaw-local", "demo");
    const env = { ...model.env, GITCLAW_MODEL: DEMO_MODEL };
    const { origin, run } = await runIssue(home, { prompt }, { ...io, spec: `${DEMO_MODEL} (scripted)`, env });
    await report(origin, io.out);
    io.out(demoEnding(io.command));
    return run.stages.agent?.exitCode ?? 1;
  } finally {
    await model.stop();
  }
}

/** The issue (new, or `issue`'s follow-up) run through the workflow against a fresh emulator. */
async function runIssue(
  home: string,
  request: { issue?: number; prompt: string },
  io: { cwd: string; out: Out; spec: string; env: Record<string, string> },
): Promise<{ origin: string; number: number; run: WorkflowRun }> {
  await ignoreSandbox(io.cwd);
  const origin = await throwawayRemote(home, io);
  // The checkout's branch, whatever its name: the one the run checks out, works on and pushes to.
  const defaultBranch = (await execa("git", ["symbolic-ref", "--short", "HEAD"], { cwd: origin })).stdout.trim();
  // No OpenAPI checks here: they are the tests' business, and their schemas are not shipped in the package.
  const gh = await startGitHubEmulator({ owner: OWNER, repo: REPO, token: TOKEN, defaultBranch, validate: false });
  try {
    const { number, eventName, payload, runId } = openIssue(gh, join(home, "issues.json"), {
      ...request,
      defaultBranch,
    });
    const workspace = join(home, `run-${Date.now()}`);
    await execa("git", ["clone", "-q", origin, workspace]);
    io.out(`gitclaw local: issue #${number} with ${io.spec}, working in ${workspace}`);
    const env = { ...io.env, ...(await localNetwork(io.env, io.out)) };
    const workflowFile = localWorkflow(io.cwd, home);
    const target = {
      gh,
      repository: `${OWNER}/${REPO}`,
      origin,
      workspace,
      token: TOKEN,
      actionPath: PACKAGE_ROOT,
      runId,
    };
    // The model's variables serve as the repository's secrets too, for a workflow's `${{ secrets.… }}`.
    const run = await runWorkflow({ ...target, workflowFile, secrets: io.env, env }, eventName, payload);
    for (const line of run.logs.split("\n")) if (/^(gitclaw|✓|✗)/.test(line)) io.out(`  ${line}`);
    if (run.skipped)
      throw new LocalError(
        `the workflow's if: skipped the issue (${workflowFile}): put in the prompt what starts a run there, e.g. the mention @gitclaw`,
      );
    if (!run.proceed) throw new LocalError(`the guard stopped the run: ${run.stages.guard?.stdout.trim()}`);
    const reply = gh.comments(number).at(-1)?.body ?? "(no reply)";
    io.out(`\n--- reply on issue #${number} ---\n${reply.replace(/\n<!-- gitclaw:reply -->$/, "")}\n`);
    return { origin, number, run };
  } finally {
    await gh.stop();
  }
}

/**
 * On a developer's machine that cannot confine tool commands' network (no root or passwordless sudo),
 * a local run goes on with the network open, saying so, rather than refusing as a job on a runner does:
 * the machine, the repository and the key are the developer's own. GITCLAW_NETWORK set decides.
 */
async function localNetwork(env: Record<string, string>, out: Out): Promise<Record<string, string>> {
  if (env.GITCLAW_NETWORK) return {};
  const why = await networkNamespaceProbe();
  if (why === undefined) return {};
  out(`gitclaw local: tool commands' network is open here: ${why} (a job on a runner refuses instead)`);
  return { GITCLAW_NETWORK: "open" };
}

/** The bare remote pushes go to, made from this checkout's HEAD the first time and brought up to it on every run. */
async function throwawayRemote(home: string, io: { cwd: string; out: Out }): Promise<string> {
  const origin = join(home, "origin.git");
  mkdirSync(home, { recursive: true });
  const head = await execa("git", ["rev-parse", "--verify", "--quiet", "HEAD"], { cwd: io.cwd, reject: false });
  if (head.exitCode !== 0)
    throw new LocalError("this repository has no commit yet: commit your files first (git add -A && git commit).");
  if (!existsSync(origin)) {
    await execa("git", ["clone", "-q", "--bare", io.cwd, origin]);
    io.out(`gitclaw local: created the throwaway remote ${origin} from this checkout's HEAD`);
  } else {
    const note = await followHead(origin, io.cwd);
    if (note) io.out(`gitclaw local: ${note}`);
  }
  return origin;
}

/** Replays the ledger's issues into the emulator, then adds the new issue or comment (and records it). */
function openIssue(
  gh: GitHubEmulator,
  ledgerFile: string,
  request: { issue?: number; prompt: string; defaultBranch: string },
) {
  const ledger: LocalIssue[] = existsSync(ledgerFile) ? JSON.parse(readFileSync(ledgerFile, "utf8")) : [];
  const { issue: issueNumber, prompt, defaultBranch } = request;
  const target = { owner: OWNER, repo: REPO, defaultBranch };
  if (issueNumber !== undefined && !ledger[issueNumber - 1])
    throw new LocalError(`there is no local issue #${issueNumber} (there are ${ledger.length}).`);
  gh.addUser({ login: USER, permission: "admin" });
  // Replay earlier issues so numbers and conversations line up with the committed sessions.
  for (const past of ledger) {
    const issue = gh.createIssue({ title: past.title, body: past.body, user: USER });
    for (const body of past.comments) gh.addComment(issue.number, { body, user: USER });
  }
  let opened: { number: number; eventName: string; payload: unknown };
  if (issueNumber === undefined) {
    const title = prompt.split("\n")[0]!.slice(0, 80);
    const issue = gh.createIssue({ title, body: prompt, user: USER });
    ledger.push({ title, body: prompt, comments: [] });
    opened = {
      number: issue.number,
      eventName: "issues",
      payload: issueOpenedPayload({ ...target, issue }),
    };
  } else {
    const comment = gh.addComment(issueNumber, { body: prompt, user: USER });
    ledger[issueNumber - 1]!.comments.push(prompt);
    const payload = issueCommentCreatedPayload({ ...target, issue: gh.issue(issueNumber), comment });
    opened = { number: issueNumber, eventName: "issue_comment", payload };
  }
  writeFileSync(ledgerFile, `${JSON.stringify(ledger, null, 2)}\n`);
  return { ...opened, runId: localRunId(ledger) };
}

/** Each local run its own id (its reply and session link to a page of their own): one per issue and comment recorded. */
const localRunId = (ledger: LocalIssue[]): string =>
  String(1000 + ledger.reduce((runs, issue) => runs + 1 + issue.comments.length, 0));

/** The commit the run left on the throwaway remote. */
async function report(origin: string, out: Out): Promise<void> {
  const commit = await execa("git", ["log", "-1", "--stat", "--format=%h %s%n%an <%ae>"], { cwd: origin });
  out(`--- ${origin} ---\n${commit.stdout}`);
}
