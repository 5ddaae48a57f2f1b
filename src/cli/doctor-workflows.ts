// The doctor's look at every workflow that runs gitclaw (gitclaw.yml, the prompt recipes of
// `init --prompt-workflow`, the user's own): each gitclaw step's `with:` keys must be inputs of
// gitclaw's action. GitHub only warns about an unknown input in the run's annotations, so a typo
// (`max_turn`, `promt`) would otherwise be a setting quietly not applied.
import { isMap, isScalar, parseDocument } from "yaml";
import { ACTION_INPUTS } from "../config/inputs.ts";
import { didYouMean } from "../did-you-mean.ts";
import { failed, pass, type CheckResult } from "./checks.ts";
import { findGitclawSteps } from "./workflow.ts";

export interface WorkflowText {
  /** From the repository root, e.g. .github/workflows/gitclaw.yml. */
  path: string;
  text: string;
}

/** The workflows among `files` that run gitclaw (one that does not parse is actionlint's to report). */
export function gitclawWorkflows(files: WorkflowText[]): WorkflowText[] {
  return files.filter((file) => {
    const doc = parseDocument(file.text);
    return doc.errors.length === 0 && findGitclawSteps(doc).length > 0;
  });
}

/** Unknown `with:` keys of gitclaw's steps, each with the input it most likely meant. */
export function inputsCheck(workflows: WorkflowText[]): CheckResult | undefined {
  if (workflows.length === 0) return undefined;
  const problems: string[] = [];
  for (const { path, text } of workflows)
    for (const { step } of findGitclawSteps(parseDocument(text))) {
      const inputs = step.get("with", true);
      if (!isMap(inputs)) continue;
      for (const { key } of inputs.items) {
        const name = String(isScalar(key) ? key.value : key);
        if (!ACTION_INPUTS.includes(name))
          problems.push(`${path}: with: ${name} is not an input of gitclaw's action${didYouMean(name, ACTION_INPUTS)}`);
      }
    }
  const names = workflows.map((workflow) => workflow.path).join(", ");
  if (problems.length === 0)
    return pass("Inputs", `every with: of gitclaw's steps is an input of the action (${names})`);
  return failed(
    "Inputs",
    problems.join("\n      "),
    "rename or remove it: GitHub passes an unknown input to nobody, so the setting is not applied",
  );
}
