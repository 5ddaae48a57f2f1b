// What starts CI on gitclaw's pushes, as `init` writes it and `doctor` checks it: a GitHub App's
// token, or ci.dispatch, each of whose workflows must be a file of .github/workflows/ with
// `on: workflow_dispatch` (GitHub refuses to dispatch any other), dispatched by a job with
// `actions: write` (src/run/start-ci.ts).
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { isMap, isScalar, isSeq, parseDocument } from "yaml";
import type { Config } from "../config/config.ts";
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

/** The repository's own CI: its workflow files (not gitclaw's) that run on a push or a pull request. */
export function ciWorkflows(root: string): string[] {
  const dir = join(root, WORKFLOWS_DIR);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((file) => /\.ya?ml$/.test(file) && !file.startsWith("gitclaw"))
    .filter((file) => {
      const on = workflowOn(readFileSync(join(dir, file), "utf8")) ?? [];
      return on.includes("push") || on.includes("pull_request");
    })
    .sort();
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

const CHECK = "CI on gitclaw's pushes";

/**
 * The doctor's line on what starts CI on gitclaw's pushes: a GitHub App (the step's app_id and
 * app_private_key), ci.dispatch, or nothing; nothing to say when neither is set and trigger mode ci is off.
 */
export function ciCheck(
  readText: (path: string) => string | undefined,
  root: string,
  config: Pick<Config, "ci" | "trigger">,
  workflow: { permissions?: Record<string, string>; inputs: string[] },
): CheckResult | undefined {
  const files = config.ci.dispatch;
  const app = ["app_id", "app_private_key"].filter((input) => workflow.inputs.includes(input));
  if (app.length === 1)
    return warn(CHECK, `the gitclaw step passes ${app[0]} alone`, "pass both app_id and app_private_key, or neither");
  if (app.length === 2) return pass(CHECK, "a GitHub App's token pushes (app_id): CI starts as for a person's push");
  if (files.length === 0)
    return config.trigger.modes.includes("ci")
      ? warn(
          CHECK,
          "trigger mode ci is on, but nothing starts CI on gitclaw's pushes (the job's token starts no workflow)",
          "list the CI workflows in ci.dispatch (bunx gitclaw init --ci-dispatch ci.yml), or pass a GitHub App (app_id, app_private_key)",
        )
      : undefined;
  const problems = dispatchProblems(readText, root, files);
  if (workflow.permissions && workflow.permissions.actions !== "write")
    problems.push("gitclaw's job cannot dispatch workflows: give it `permissions: actions: write`");
  if (problems.length === 0)
    return pass(CHECK, `after each push gitclaw starts ${files.join(", ")} (ci.dispatch, workflow_dispatch)`);
  return warn(CHECK, `ci.dispatch lists ${files.join(", ")}, which cannot all be started`, problems.join("; "));
}
