// ci.dispatch as `init` writes it and `doctor` checks it: each listed workflow must be a file of
// .github/workflows/ with `on: workflow_dispatch` (GitHub refuses to dispatch any other), and
// gitclaw's job needs `actions: write` to dispatch it (src/run/start-ci.ts).
import { join } from "node:path";
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import { pass, warn, type CheckResult } from "./checks.ts";

const WORKFLOWS_DIR = ".github/workflows";

/** The events a workflow's `on:` names, in any of its three forms; undefined when the file is not a workflow. */
export function workflowOn(text: string): string[] | undefined {
  const doc = parseDocument(text);
  if (doc.errors.length || !isMap(doc.contents)) return undefined;
  const on = doc.get("on", true);
  if (isScalar(on)) return [String(on.value)];
  if (isSeq(on)) return on.items.map((item) => String(isScalar(item) ? item.value : item));
  if (isMap(on)) return on.items.map((pair) => String(isScalar(pair.key) ? pair.key.value : pair.key));
  return undefined;
}

/** What keeps each listed workflow from being dispatched, one line each with what to add. */
export function dispatchProblems(
  readText: (path: string) => string | undefined,
  root: string,
  files: string[],
): string[] {
  const problems: string[] = [];
  for (const file of files) {
    const path = `${WORKFLOWS_DIR}/${file}`;
    const text = readText(join(root, path));
    if (text === undefined) problems.push(`${path} does not exist: name a workflow file of ${WORKFLOWS_DIR}/`);
    else if (!workflowOn(text)?.includes("workflow_dispatch"))
      problems.push(`${path} has no workflow_dispatch trigger: add \`workflow_dispatch:\` under its \`on:\``);
  }
  return problems;
}

/** The doctor's line on ci.dispatch: nothing when it is empty. */
export function ciDispatchCheck(
  readText: (path: string) => string | undefined,
  root: string,
  files: string[],
  permissions: Record<string, string> | undefined,
): CheckResult | undefined {
  if (files.length === 0) return undefined;
  const problems = dispatchProblems(readText, root, files);
  if (permissions && permissions.actions !== "write")
    problems.push("gitclaw's job cannot dispatch workflows: give it `permissions: actions: write`");
  if (problems.length === 0)
    return pass("CI dispatch", `after each push gitclaw starts ${files.join(", ")} (workflow_dispatch)`);
  return warn("CI dispatch", `ci.dispatch lists ${files.join(", ")}, which cannot all be started`, problems.join("; "));
}
