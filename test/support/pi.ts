// Runs the real pi CLI (a devDependency) against the fake model, for interoperability tests and
// benchmarks: pi must read what gitclaw writes and the other way round.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PROJECT_ROOT } from "./workflow.ts";

export const PI_BIN = join(PROJECT_ROOT, "node_modules/.bin/pi");

/** A pi agent dir whose models.json points the `fake` provider at the fake model server. */
export function piAgentDir(modelUrl: string): string {
  const dir = mkdtempSync(join(tmpdir(), "gitclaw-pi-"));
  const models = {
    providers: {
      fake: {
        baseUrl: modelUrl,
        api: "anthropic-messages",
        apiKey: "fake-key-for-tests",
        models: [{ id: "claude-sonnet-4-5", reasoning: false }],
      },
    },
  };
  writeFileSync(join(dir, "models.json"), JSON.stringify(models));
  return dir;
}

export interface PiResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

export async function runPi(args: string[], options: { agentDir: string; cwd: string }): Promise<PiResult> {
  const child = Bun.spawn(["bun", PI_BIN, ...args], {
    cwd: options.cwd,
    env: {
      PATH: process.env.PATH ?? "/usr/bin:/bin",
      HOME: options.agentDir,
      PI_CODING_AGENT_DIR: options.agentDir,
      PI_OFFLINE: "1",
    },
    stdout: "pipe",
    stderr: "pipe",
    stdin: "ignore",
  });
  const [stdout, stderr, exitCode] = await Promise.all([
    new Response(child.stdout).text(),
    new Response(child.stderr).text(),
    child.exited,
  ]);
  return { exitCode, stdout, stderr };
}

/** pi's non-interactive JSON mode with the fake provider. */
export const piPrintArgs = (prompt: string, extra: string[] = []) => [
  "--provider",
  "fake",
  "--model",
  "claude-sonnet-4-5",
  "--mode",
  "json",
  "--no-extensions",
  "--no-skills",
  "--no-context-files",
  ...extra,
  "-p",
  prompt,
];

/** `pi --export` of a session: the page and the session data it embeds (base64) for its viewer. */
export async function piExport(sessionFile: string, agentDir: string): Promise<string> {
  const html = join(tmpdir(), `gitclaw-export-${Date.now()}.html`);
  const result = await runPi(["--export", sessionFile, html], { agentDir, cwd: tmpdir() });
  if (result.exitCode !== 0) throw new Error(`pi --export failed: ${result.stderr}`);
  const page = readFileSync(html, "utf8");
  const embedded = [...page.matchAll(/[A-Za-z0-9+/=]{200,}/g)]
    .map((m) => Buffer.from(m[0], "base64").toString("utf8"))
    .join("");
  return page + embedded;
}
