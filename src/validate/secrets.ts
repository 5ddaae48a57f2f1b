// The secret scan of a change: its added lines read by secretlint's recommended rules (a maintained
// rule set: cloud keys, tokens, private keys, connection strings…, each skipping its provider's
// documented example), AWS access key ids included, and searched for the run's own secret values in
// every encoding the redactor knows. A finding names its file, line and rule; never the value.
import { lintSource } from "@secretlint/core";
import { creator as recommended } from "@secretlint/secretlint-rule-preset-recommend";
import { createRedactor } from "../redact.ts";
import type { FileChange } from "./change.ts";

export interface SecretFinding {
  path: string;
  /** The line in the new file. */
  line: number;
  /** What it looks like: the rule's name, or "a secret of this run". */
  rule: string;
}

const RULES = {
  rules: [
    {
      id: "@secretlint/secretlint-rule-preset-recommend",
      rule: recommended,
      rules: [{ id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } }],
    },
  ],
};

/** The values the scan looks for, and those it passes over: the commit redacts them in place (tools.env's). */
export interface KnownSecrets {
  own: readonly string[];
  scrubbed: readonly string[];
}

/** Every finding in the added lines of `files`. */
export async function scanForSecrets(files: readonly FileChange[], known: KnownSecrets): Promise<SecretFinding[]> {
  const ownValues = known.own.length ? createRedactor(known.own, { shapes: false }) : undefined;
  const scrub = known.scrubbed.length ? createRedactor(known.scrubbed, { shapes: false }) : (text: string) => text;
  const findings: SecretFinding[] = [];
  for (const file of files) {
    // A line with a tools.env value is the commit's to redact (`_authToken=[REDACTED]` is no secret): not scanned.
    const added = file.hunks
      .flatMap((hunk) => hunk.added)
      .map((row) => (scrub(row.text) === row.text ? row : { ...row, text: "" }));
    if (added.length === 0) continue;
    for (const { line, text } of added)
      if (ownValues && ownValues(text) !== text) findings.push({ path: file.path, line, rule: "a secret of this run" });
    findings.push(...(await lintAdded(file.path, added)));
  }
  return unique(findings);
}

/** The added lines as one text (a key block spans lines), each message mapped back to its file line. */
async function lintAdded(path: string, added: FileChange["hunks"][number]["added"]): Promise<SecretFinding[]> {
  const result = await lintSource({
    source: { filePath: `/${path}`, content: added.map((row) => row.text).join("\n"), contentType: "text" },
    options: { config: RULES, maskSecrets: true, noPhysicFilePath: true },
  });
  return result.messages.map((message) => ({
    path,
    line: added[message.loc.start.line - 1]?.line ?? added[0]!.line,
    rule: message.ruleId.replace(/^@secretlint\/secretlint-rule-/, ""),
  }));
}

function unique(findings: SecretFinding[]): SecretFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => {
    const key = `${finding.path}\0${finding.line}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** "`path` line n (rule)", one finding; never the value. */
export const findingLine = (finding: SecretFinding) => `\`${finding.path}\` line ${finding.line} (${finding.rule})`;
