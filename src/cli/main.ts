// gitclaw's command line: `gitclaw init`, `gitclaw doctor`, `gitclaw local` and `gitclaw session`. The `bin` of the
// published package (dist/gitclaw.js, bundled by scripts/build.ts, so `bunx gitclaw init` needs nothing else), and
// `bun run init` / `bun run doctor` / `bun run local` in a gitclaw checkout.
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { LOCAL_USAGE, runLocalCommand } from "../../scripts/lib/local.ts";
import { ActionableError } from "../errors.ts";
import { PACKAGE_VERSION } from "../package-version.ts";
import { doctor } from "./doctor-cli.ts";
import { runSessionCommand } from "./session.ts";
import { formatReport, init } from "./init.ts";

export const USAGE = `usage: gitclaw init [path] [options]   put gitclaw into the git repository at path (default: .)
       gitclaw doctor [path]            check that the repository at path (default: .) is ready for gitclaw
       gitclaw local "what to do"       run gitclaw on this repository, offline from GitHub (--demo: no key)
       gitclaw session <issue|file>     print a conversation as Markdown (--repo <dir>: another checkout)
       gitclaw --version                print gitclaw's version

init writes the workflow (.github/workflows/gitclaw.yml), GITCLAW-ENABLED.md and state/, nothing
else; run again, it upgrades the workflow in place and keeps your changes. Options:
  --provider <name>   anthropic (default), openai, openrouter, ollama, or any name with --base-url
  --model <model>     provider/model, or a model of --provider (default: the provider's usual one)
  --base-url <url>    where the model's API is: a proxy, GitHub Enterprise's, a self-hosted server
  --api <protocol>    anthropic or openai-compatible, for a server named only by --base-url
  --trigger <modes>   what starts a run: issue (default), mention, label, assign (comma-separated)
  --mention <@handle> --label <name> --assignee <login>   for those modes (default @gitclaw, gitclaw)
  --config            keep model and trigger in .github/gitclaw.json instead of the workflow
  --prompt-workflow <recipe>   also write an example workflow that runs gitclaw with a prompt:
                      nightly (dependency bump), triage (labels for new issues), release-notes
  --ci-dispatch <files>   CI workflows (in .github/workflows/, with workflow_dispatch) gitclaw starts after
                      each push, since its pushes with the job's token start none (ci.dispatch; actions: write)
  --dry-run           print what would change, write nothing
`;

const INIT_OPTIONS = {
  provider: { type: "string" },
  model: { type: "string" },
  "base-url": { type: "string" },
  api: { type: "string" },
  trigger: { type: "string" },
  mention: { type: "string" },
  label: { type: "string" },
  assignee: { type: "string" },
  config: { type: "boolean" },
  "prompt-workflow": { type: "string" },
  "dry-run": { type: "boolean" },
  "ci-dispatch": { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;

function runInit(args: string[]): number {
  const { values, positionals } = parseArgs({ args, options: INIT_OPTIONS, allowPositionals: true });
  if (values.help || positionals.length > 1) {
    (values.help ? console.log : console.error)(USAGE);
    return values.help ? 0 : 2;
  }
  const report = init(positionals[0] ?? ".", {
    provider: values.provider,
    model: values.model,
    baseUrl: values["base-url"],
    api: values.api,
    trigger: values.trigger?.split(/[\s,]+/).filter(Boolean),
    mention: values.mention,
    label: values.label,
    assignee: values.assignee,
    config: values.config,
    dryRun: values["dry-run"],
    promptWorkflow: values["prompt-workflow"],
    ciDispatch: values["ci-dispatch"]?.split(/[\s,]+/).filter(Boolean),
    command: self(),
  });
  process.stdout.write(formatReport(report));
  return 0;
}

function runDoctor(args: string[]): Promise<number> | number {
  if (args.length > 1 || args[0]?.startsWith("-")) {
    (args[0] === "--help" || args[0] === "-h" ? console.log : console.error)(USAGE);
    return args[0] === "--help" || args[0] === "-h" ? 0 : 2;
  }
  return doctor(args[0]);
}

/**
 * How the hints name this command line: `gitclaw` where it is on PATH, else this very file run by bun
 * (dist/gitclaw.js of the package, src/cli/main.ts in a checkout): `bunx gitclaw` only works once published.
 */
const self = () => (Bun.which("gitclaw") ? "gitclaw" : `bun ${fileURLToPath(import.meta.url)}`);

/** Runs one command; undefined when there is no such command. */
async function dispatch(command: string | undefined, args: string[]): Promise<number | undefined> {
  if (command === "init") return runInit(args);
  if (command === "doctor") return await runDoctor(args);
  if (command === "local") return await runLocalCommand(args, `${self()} local`);
  if (command === "session") {
    runSessionCommand(args);
    return Number(process.exitCode ?? 0);
  }
  if (command === "--version" || command === "-v" || command === "version") {
    console.log(PACKAGE_VERSION);
    return 0;
  }
  if (command === "help" || command === "--help" || command === "-h") {
    console.log(`${USAGE}\n${LOCAL_USAGE}`);
    return 0;
  }
  return undefined;
}

/** Runs a command line (without the program name); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    const code = await dispatch(command, args);
    if (code !== undefined) return code;
  } catch (error) {
    // Bad input: one message saying what is wrong and how to fix it, not a stack trace.
    const usage = (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    if (!(error instanceof ActionableError) && !usage) throw error;
    console.error(`gitclaw ${command}: ${(error as Error).message}${usage ? `\n\n${USAGE}` : ""}`);
    return usage ? 2 : 1;
  }
  console.error(command ? `gitclaw: unknown command ${JSON.stringify(command)}\n\n${USAGE}` : USAGE);
  return 2;
}

if (import.meta.main) process.exitCode = await main(Bun.argv.slice(2));
