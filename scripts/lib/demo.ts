// `bun run local --demo`: the whole lifecycle without a model key. The model is the tests' fake model
// server (test/support/fake-model.ts) replaying a fixed script, labelled as such wherever it shows;
// the tools it calls, the clone, the commit, the push and the reply are the real ones.
import { startFakeModel, type Turn } from "../../test/support/fake-model.ts";

/**
 * The model the demo names, served by the fake server at ANTHROPIC_BASE_URL: no model of that name
 * exists, so the footer names the script and no price is made up for tokens nobody paid for.
 */
export const DEMO_MODEL = "anthropic/gitclaw-demo-script";
export const DEMO_PROMPT = "Say hello: add a short greeting file to the repository.";
/** The file the scripted model writes: a small, real change that shows in the commit. */
export const DEMO_FILE = "hello-gitclaw.md";

/** Looks around with bash, as a real model would, writes one file with the write tool, then answers. */
const DEMO_TURNS: Turn[] = [
  { toolCalls: [{ name: "bash", input: { command: "ls && git log --oneline -3" } }] },
  {
    toolCalls: [
      {
        name: "write",
        input: {
          path: DEMO_FILE,
          content:
            "# Hello from gitclaw\n\nWritten by `gitclaw local --demo`: a scripted model called gitclaw's real write tool.\n",
        },
      },
    ],
  },
  {
    text: `(Scripted demo model.) I looked around the repository (\`ls\`, \`git log\`) and added \`${DEMO_FILE}\` with a short greeting. gitclaw committed it with this conversation and pushed both to the throwaway remote.`,
  },
];

export async function startDemoModel() {
  const model = await startFakeModel({ turns: DEMO_TURNS });
  return {
    turns: DEMO_TURNS.length,
    /** What the stages read the model's key and address from; the key is no real one. */
    env: { ANTHROPIC_API_KEY: "demo-scripted-model-no-real-key", ANTHROPIC_BASE_URL: model.url },
    stop: () => model.stop(),
  };
}

/** How to run it for real, printed last, with `command` as the user started the demo (`bun run local`, `gitclaw local`). */
export function demoEnding(command: string): string {
  return [
    "",
    "That was the demo: every step above was real except the model, which replayed a fixed script.",
    "With a real model:",
    `  ANTHROPIC_API_KEY=sk-ant-… ${command} "Fix the typo in the README"`,
    `  GITCLAW_MODEL=ollama/qwen3-coder ${command} "…"   (a local OpenAI-compatible server)`,
    "The demo's throwaway remote and clones are under .gitclaw-local/demo/; delete it any time.",
  ].join("\n");
}
