// The local sandbox behind `bun run local`. It reuses the real pieces end to end: the lifecycle
// scripts run as processes against the GitHub emulator (test/support), with real git and the model
// from the environment. Issues and comments are recorded in .gitclaw-local/issues.json and replayed
// into a fresh emulator on every invocation, so follow-ups find their issue under the same number.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { startGitHubEmulator } from "../../test/support/github-emulator.ts";
import { issueCommentCreatedPayload, issueOpenedPayload } from "../../test/support/payloads.ts";
import { runWorkflow } from "../../test/support/workflow.ts";
import { loadConfig } from "../../src/config/config.ts";
import { ModelConfigError, resolveModel, type ResolvedModel } from "../../src/agent/model.ts";
import { keyOf, serverChecks } from "../../src/cli/doctor-model.ts";
import { settingsFromInputs } from "../../src/config/inputs.ts";

export class LocalError extends Error {
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

const USAGE = 'usage: bun run local "what to do"  |  bun run local --issue <n> "follow-up"';

function parseArgs(args: string[]): { issue?: number; prompt: string } {
  let issue: number | undefined;
  const words: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--issue") {
      issue = Number(args[++i]);
      if (!Number.isInteger(issue) || issue < 1) throw new LocalError(`--issue needs an issue number. ${USAGE}`);
    } else words.push(args[i]!);
  }
  const prompt = words.join(" ").trim();
  if (!prompt) throw new LocalError(USAGE);
  return { issue, prompt };
}

/**
 * Says exactly which variable to set when no model is usable, before anything starts; and warns, as
 * `doctor` does, when a local server drops the tools or hides its context window.
 */
async function checkModel(
  cwd: string,
  env: Record<string, string | undefined>,
  out: (line: string) => void,
): Promise<string> {
  const config = loadConfig(cwd, settingsFromInputs(env).settings);
  const spec = config.model;
  let model: ResolvedModel;
  try {
    model = await resolveModel(spec, config, env);
  } catch (error) {
    if (error instanceof ModelConfigError) {
      throw new LocalError(
        `${error.message}\nFor a local model instead: GITCLAW_MODEL=ollama/<model> (OLLAMA_BASE_URL defaults to http://127.0.0.1:11434/v1).`,
      );
    }
    throw error;
  }
  for (const check of await serverChecks(model, keyOf(model, env).key, fetch))
    if (check.status !== "PASS") out(`gitclaw local: warning: ${check.detail}\n  fix: ${check.fix}`);
  return spec;
}

export async function runLocal(
  args: string[],
  io: { cwd: string; env: Record<string, string | undefined>; out: (line: string) => void },
): Promise<number> {
  const { issue: issueNumber, prompt } = parseArgs(args);
  const spec = await checkModel(io.cwd, io.env, io.out);
  const home = join(io.cwd, ".gitclaw-local");
  const origin = join(home, "origin.git");
  const ledgerFile = join(home, "issues.json");
  mkdirSync(home, { recursive: true });
  if (!existsSync(origin)) {
    await execa("git", ["clone", "-q", "--bare", io.cwd, origin]);
    io.out(`gitclaw local: created the throwaway remote ${origin} from this checkout's HEAD`);
  }
  const ledger: LocalIssue[] = existsSync(ledgerFile) ? JSON.parse(readFileSync(ledgerFile, "utf8")) : [];
  if (issueNumber !== undefined && !ledger[issueNumber - 1])
    throw new LocalError(`there is no local issue #${issueNumber} (there are ${ledger.length}).`);

  const gh = await startGitHubEmulator({
    owner: OWNER,
    repo: REPO,
    token: TOKEN,
    defaultBranch: (await execa("git", ["symbolic-ref", "--short", "HEAD"], { cwd: origin })).stdout.trim(),
  });
  try {
    gh.addUser({ login: USER, permission: "admin" });
    // Replay earlier issues so numbers and conversations line up with the committed sessions.
    for (const past of ledger) {
      const issue = gh.createIssue({ title: past.title, body: past.body, user: USER });
      for (const body of past.comments) gh.addComment(issue.number, { body, user: USER });
    }
    let payload: unknown;
    let eventName: string;
    let number: number;
    if (issueNumber === undefined) {
      const title = prompt.split("\n")[0]!.slice(0, 80);
      const issue = gh.createIssue({ title, body: prompt, user: USER });
      ledger.push({ title, body: prompt, comments: [] });
      ({ number } = issue);
      eventName = "issues";
      payload = issueOpenedPayload({ owner: OWNER, repo: REPO, issue });
    } else {
      number = issueNumber;
      const comment = gh.addComment(number, { body: prompt, user: USER });
      ledger[number - 1]!.comments.push(prompt);
      eventName = "issue_comment";
      payload = issueCommentCreatedPayload({ owner: OWNER, repo: REPO, issue: gh.issue(number), comment });
    }
    writeFileSync(ledgerFile, `${JSON.stringify(ledger, null, 2)}\n`);

    const workspace = join(home, `run-${Date.now()}`);
    await execa("git", ["clone", "-q", origin, workspace]);
    io.out(`gitclaw local: issue #${number} with ${spec}, working in ${workspace}`);
    const modelEnv = Object.fromEntries(
      Object.entries(io.env).filter(
        ([k, v]) => v !== undefined && /^(GITCLAW_|ANTHROPIC_|OPENAI_|OPENROUTER_|OLLAMA_)/.test(k),
      ),
    ) as Record<string, string>;
    const run = await runWorkflow(
      { gh, repository: `${OWNER}/${REPO}`, origin, workspace, token: TOKEN, env: modelEnv },
      eventName,
      payload,
    );
    for (const line of run.logs.split("\n")) if (/^(gitclaw|✓|✗)/.test(line)) io.out(`  ${line}`);
    if (!run.proceed) throw new LocalError(`the guard stopped the run: ${run.stages.guard?.stdout.trim()}`);

    const reply = gh.comments(number).at(-1)?.body ?? "(no reply)";
    io.out(`\n--- reply on issue #${number} ---\n${reply.replace(/\n<!-- gitclaw:reply -->$/, "")}\n`);
    const commit = await execa("git", ["log", "-1", "--stat", "--format=%h %s%n%an <%ae>"], { cwd: origin });
    io.out(`--- ${origin} ---\n${commit.stdout}`);
    io.out(`\nContinue with: bun run local --issue ${number} "…"`);
    return run.stages.agent?.exitCode ?? 1;
  } finally {
    await gh.stop();
  }
}
