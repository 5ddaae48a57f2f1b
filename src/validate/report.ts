// What the checks before delivery say to people: the reply's notes (a validation that still fails at
// the top, each command passed or failed with its output's tail, the secrets held back by file and
// line), the footer's part, and the `gitclaw validation` check run's output.
import type { CheckConclusion, CheckOutput } from "../github/checks.ts";
import { callout, codeSpan, inertText } from "../github/markdown.ts";
import { fence } from "../text/quote.ts";
import type { CommandResult } from "./execute.ts";
import { exitOf } from "./requests.ts";
import { findingLine, type SecretFinding } from "./secrets.ts";
import type { Validation } from "./validate.ts";

/** The check run's name, as branch protection's required checks name it. */
export const VALIDATION_CHECK = "gitclaw validation";

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

/** The reply's first note when validation still fails: where the change went, and why. */
export function failureAtTop(validation: Validation | undefined, keptOn?: string): string[] {
  if (!validation?.failed) return [];
  const failed = validation.results.filter((one) => !one.passed).map((one) => codeSpan(one.command));
  const rounds = validation.rounds ? ` after ${validation.rounds} more round(s)` : "";
  const where = keptOn
    ? `The work is kept off the branch, on \`${keptOn}\` with a pull request (\`validate.onFailure\`).`
    : "The change was delivered anyway (`validate.onFailure`: deliver): check it before relying on it.";
  return [callout("CAUTION", `Validation failed${rounds}: ${failed.join(", ")}. ${where}`)];
}

/** Each command, passed or failed, with the tail of its output. */
export function validationNote(validation: Validation | undefined): string[] {
  if (!validation) return [];
  const lines = validation.results.map(commandLine);
  const tails = validation.results.filter((one) => !one.passed || one.tail).map(tailBlock);
  return [[`**Validation** (${inertText(validation.source)}):`, ...lines, ...tails].join("\n")];
}

const commandLine = (one: CommandResult) =>
  `- ${one.passed ? "✅" : "❌"} ${codeSpan(one.command)} ${one.passed ? "passed" : `failed (${exitOf(one)})`} in ${seconds(one.durationMs)}`;

const tailBlock = (one: CommandResult) =>
  `<details><summary>${inertText(one.command)}: the end of its output</summary>\n\n${fence(one.tail || "(no output)", "text")}\n\n</details>`;

/** The secrets held back from the push (or a fork's patch), by file and line. */
export function heldBackNote(
  findings: readonly SecretFinding[],
  whole: readonly string[] = [],
  from = "the push",
): string[] {
  if (findings.length === 0) return [];
  const lines = findings.map((finding) => `- ${findingLine(finding)}`);
  const files = whole.length
    ? `\nGit could not undo those hunks alone, so these files' whole change was held back: ${whole.map((path) => `\`${path}\``).join(", ")}.`
    : "";
  return [callout("WARNING", `Held back from ${from}, as they look like secrets:\n${lines.join("\n")}${files}`)];
}

/** The footer's part: the commands' time. */
export const footerPart = (validation: Validation | undefined) =>
  validation ? `validation ${seconds(validation.durationMs)}` : undefined;

/** The check run's conclusion and output: each command's result. */
export function checkOutputOf(validation: Validation): { conclusion: CheckConclusion; output: CheckOutput } {
  const passed = validation.results.filter((one) => one.passed).length;
  const title = `${passed} of ${validation.results.length} validation command(s) passed`;
  const summary = [
    `Commands from ${validation.source}.`,
    "",
    ...validation.results.map(commandLine),
    "",
    ...validation.results.map(tailBlock),
  ].join("\n");
  return { conclusion: validation.failed ? "failure" : "success", output: { title, summary, annotations: [] } };
}
