// `gitclaw init --prompt-workflow <recipe>`: an example workflow that runs gitclaw with a prompt its
// author wrote (src/gate/prompt-run.ts), one of the README's recipes: nightly (a dependency bump on a
// schedule, continuing the job's conversation), triage (every new issue labelled, through structured
// output), release-notes (notes for a pushed tag, into the release). Event text never goes into the
// prompt with `${{ }}`: the agent reads the issue itself, and the later steps get outputs through env.
import { ACTION } from "./workflow.ts";

export const PROMPT_RECIPES = ["nightly", "triage", "release-notes"] as const;
export type PromptRecipe = (typeof PROMPT_RECIPES)[number];

export const promptWorkflowFile = (recipe: PromptRecipe) => `.github/workflows/gitclaw-${recipe}.yml`;

const CHECKOUT = `      - name: Checkout
        uses: actions/checkout@v4
        with:
          fetch-depth: 1
          persist-credentials: false`;

/** The recipe's workflow: `key` is the model's key input and secret; `model` is set when the config file does not name it. */
export function renderPromptWorkflow(
  recipe: PromptRecipe,
  key: { input: string; secret: string } | undefined,
  model?: string,
): string {
  const inputs = [
    ...(model ? [`model: ${model}`] : []),
    ...(key ? [`${key.input}: \${{ secrets.${key.secret} }}`] : []),
  ];
  return RECIPES[recipe](inputs.map((line) => `          ${line}`).join("\n"));
}

const NIGHTLY_GROUP = `    concurrency:
      group: gitclaw-nightly
      cancel-in-progress: false
`;

/** What every recipe's job is: the permissions, the job, its checkout, and the gitclaw step up to its own inputs. */
const jobWith = (job: string, minutes: number, inputs: string, concurrency = "") => `permissions:
  contents: write
  issues: write

jobs:
  ${job}:
    runs-on: ubuntu-latest
    timeout-minutes: ${minutes}
${concurrency}    steps:
${CHECKOUT}
      - name: gitclaw
        id: gitclaw
        uses: ${ACTION}
        with:
${inputs}`;

const HEADER = (what: string) => `# gitclaw with a prompt: ${what}
# The prompt is this file's: whatever the event, its author wrote it. Never put event text (titles,
# bodies, branch names) into it with \${{ }}: pass it through env and refer to the variable, or let the
# agent read it itself, as data. Written by \`gitclaw init --prompt-workflow\`; edit it freely.`;

const RECIPES: Record<PromptRecipe, (inputs: string) => string> = {
  nightly: (inputs) => `${HEADER("a nightly dependency bump, continuing the job's previous conversation.")}
name: gitclaw nightly

on:
  schedule:
    - cron: "17 3 * * *"
  workflow_dispatch:

${jobWith("bump", 60, inputs, NIGHTLY_GROUP)}
          # The work goes to the job's branch gitclaw/run-gitclaw-nightly-bump, for review, and the next
          # run continues there; "push" would commit to the default branch.
          delivery: pull-request
          continue: true
          prompt: >-
            Update the dependencies to their latest compatible versions. Run the tests; keep only the
            bumps the tests pass with. Say what you bumped, what you left and why.
`,
  triage: (inputs) => `${HEADER("every new issue triaged with labels, through structured output.")}
name: gitclaw triage

on:
  issues:
    types: [opened]

${jobWith("triage", 15, inputs)}
          # The issue's number is no text anyone wrote; the agent reads the issue itself, as data.
          prompt: >-
            Triage issue #\${{ github.event.issue.number }}: read it with the github tool, and answer
            which labels fit it (bug, enhancement, question, documentation) and one sentence why.
          output_schema: >-
            {"type": "object", "required": ["labels", "why"], "additionalProperties": false,
            "properties": {"labels": {"type": "array", "items": {"enum": ["bug", "enhancement", "question", "documentation"]}},
            "why": {"type": "string"}}}
      - name: Label
        if: steps.gitclaw.outputs.structured_output != ''
        env:
          GH_TOKEN: \${{ github.token }}
          ISSUE: \${{ github.event.issue.number }}
          TRIAGE: \${{ steps.gitclaw.outputs.structured_output }}
        run: |
          for label in $(jq -r '.labels[]' <<<"$TRIAGE"); do
            gh issue edit "$ISSUE" --repo "$GITHUB_REPOSITORY" --add-label "$label"
          done
`,
  "release-notes": (inputs) => `${HEADER("release notes for every version tag, into its release.")}
name: gitclaw release notes

on:
  push:
    tags: ["v*"]

${jobWith("notes", 30, inputs)}
          prompt: >-
            Write the release notes of the newest version tag (git describe --tags --abbrev=0, after
            git fetch --tags): what changed since the tag before it, grouped as features, fixes and
            other changes, in Markdown. Change no file; your answer is the notes.
      - name: Release
        env:
          GH_TOKEN: \${{ github.token }}
          NOTES: \${{ steps.gitclaw.outputs.reply }}
        run: gh release create "$GITHUB_REF_NAME" --repo "$GITHUB_REPOSITORY" --notes "$NOTES"
`,
};
