// What the agent is told when its change does not pass a check: the next user message of the same
// conversation. A secret is named by file, line and kind, never by its value.
import { fence } from "../text/quote.ts";
import type { CommandResult } from "./execute.ts";
import { findingLine, type SecretFinding } from "./secrets.ts";

export function secretRequest(findings: readonly SecretFinding[]): string {
  const lines = findings.map((finding) => `- ${findingLine(finding)}`);
  return [
    "gitclaw's secret scan found what looks like a secret in your change, which will not be pushed:",
    ...lines,
    "Remove it from the files (read it from an environment variable or use a placeholder) and do not commit it. Anything still found is held back from the push.",
  ].join("\n");
}

export function validationRequest(results: readonly CommandResult[], round: number, maxRounds: number): string {
  const failed = results.filter((one) => !one.passed);
  const parts = failed.map(
    (one) =>
      `\`${one.command}\` failed (${exitOf(one)}). The end of its output:\n\n${fence(one.tail || "(no output)")}`,
  );
  return [
    `gitclaw ran the repository's validation on your change before delivering it (round ${round} of ${maxRounds} to fix it):`,
    ...parts,
    "Fix the change so that these commands pass; they run again after your reply.",
  ].join("\n\n");
}

export const exitOf = (one: CommandResult) =>
  one.timedOut ? "timed out" : one.exitCode === null ? "killed" : `exit code ${one.exitCode}`;
