// gitclaw's command line: `gitclaw init`, `gitclaw doctor` and `gitclaw session`. The `bin` of the published package
// (dist/gitclaw.js, bundled by scripts/build.ts, so `bunx gitclaw init` needs nothing else), and
// `bun run init` / `bun run doctor` in a gitclaw checkout.
import { parseArgs } from "node:util";
import { doctor } from "./doctor-cli.ts";
import { runSessionCommand } from "./session.ts";
import { formatReport, init, InitError } from "./init.ts";

export const USAGE = `usage: gitclaw init [path] [options]   put gitclaw into the git repository at path (default: .)
       gitclaw doctor                   check that this repository is ready for gitclaw
       gitclaw session <issue|file>     print a conversation as Markdown (--repo <dir>: another checkout)

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
  });
  process.stdout.write(formatReport(report));
  return 0;
}

/** Runs a command line (without the program name); resolves to the exit code. */
export async function main(argv: string[]): Promise<number> {
  const [command, ...args] = argv;
  try {
    if (command === "init") return runInit(args);
    if (command === "doctor" && args.length === 0) return await doctor();
    if (command === "session") {
      runSessionCommand(args);
      return Number(process.exitCode ?? 0);
    }
    if (command === "help" || command === "--help" || command === "-h") {
      console.log(USAGE);
      return 0;
    }
  } catch (error) {
    // Bad input: one message saying what is wrong and how to fix it, not a stack trace.
    const usage = (error as { code?: string }).code?.startsWith("ERR_PARSE_ARGS");
    if (!(error instanceof InitError) && !usage) throw error;
    console.error(`gitclaw ${command}: ${(error as Error).message}${usage ? `\n\n${USAGE}` : ""}`);
    return usage ? 2 : 1;
  }
  console.error(USAGE);
  return 2;
}

if (import.meta.main) process.exitCode = await main(Bun.argv.slice(2));
