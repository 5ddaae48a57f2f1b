// `gitclaw init [path]`: puts gitclaw into a repository by writing only what is the user's: the
// workflow (generated from their choices: model, trigger modes), GITCLAW-ENABLED.md, state/, and on
// request .github/gitclaw.json. gitclaw itself runs from the action (`uses:`), so nothing goes into
// their src/, package.json, lockfile or tsconfig.json. Re-running it upgrades the workflow in place
// (./workflow-edit.ts), reporting each change and why; a second run changes nothing.
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { parseDocument } from "yaml";
import { BUILT_IN } from "../agent/model.ts";
import { ActionableError } from "../errors.ts";
import { ConfigError, loadConfig, parseConfig, PROVIDER_APIS, type Config } from "../config/config.ts";
import { didYouMean } from "../did-you-mean.ts";
import { INPUT_ENV, settingsFromInputs } from "../config/inputs.ts";
import { CONFIG_FILE, SENTINEL_FILE, WORKFLOW_FILE } from "../config/paths.ts";
import { ciWorkflows, dispatchProblems } from "./ci-dispatch.ts";
import { oldInstallation } from "./old-install.ts";
import { PROMPT_RECIPES, promptWorkflowFile, renderPromptWorkflow, type PromptRecipe } from "./prompt-workflow.ts";
import { updateWorkflow, WorkflowError, type InputWant } from "./workflow-edit.ts";
import {
  ACTION,
  DEFAULT_MODELS,
  describeTrigger,
  findGitclawStep,
  keyInputFor,
  keyInputs,
  literalInputs,
  providerOf,
  renderWorkflow,
  type Choices,
} from "./workflow.ts";

export interface InitOptions {
  /** anthropic (default), openai, openrouter, ollama, or any name together with baseUrl. */
  provider?: string;
  /** provider/model, or a model of `provider`. */
  model?: string;
  /** Where the model's API is (the action input base_url). */
  baseUrl?: string;
  /** The wire protocol of a server named only by baseUrl: anthropic or openai-compatible. */
  api?: string;
  trigger?: string[];
  mention?: string;
  label?: string;
  assignee?: string;
  /** Keep the model and trigger choices in .github/gitclaw.json instead of the workflow's inputs. */
  config?: boolean;
  /** Report what would change, write nothing. */
  dryRun?: boolean;
  /** CI workflows (files of .github/workflows/) gitclaw dispatches after each push: ci.dispatch, and `actions: write`. */
  ciDispatch?: string[];
  /** How the next steps name gitclaw's command line (default: bunx gitclaw). */
  command?: string;
  /** Also write an example workflow that runs gitclaw with a prompt (./prompt-workflow.ts): nightly, triage, release-notes. */
  promptWorkflow?: string;
}

export type FileStatus = "added" | "updated" | "unchanged" | "kept";

export interface FileReport {
  path: string;
  status: FileStatus;
  detail?: string;
  /** For the workflow: each change and why. */
  changes?: string[];
}

export interface InitReport {
  target: string;
  choices: Choices;
  /** The repository secret the model's key comes from, if it needs one. */
  secret?: string;
  files: FileReport[];
  /** What init left as it was although it would have written something else. */
  notes: string[];
  /** Files gitclaw's earlier copy installer left, each with how to remove it. */
  oldInstallation: string[];
  nextSteps: string[];
  dryRun: boolean;
}

export class InitError extends ActionableError {
  override name = "InitError";
}

const STATE_KEEP = ["state/issues/.gitkeep", "state/sessions/.gitkeep"];

const SENTINEL = `# gitclaw is enabled

This file switches gitclaw on for this repository. While it exists, people with write access can
open an issue (or comment on one) and gitclaw will work on it and answer.

Delete this file to switch gitclaw off: every stage checks for it first and stops quietly when it is
missing (fail closed).
`;

const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);

function checkTarget(targetDir: string): string {
  const target = resolve(targetDir);
  if (!existsSync(target) || !statSync(target).isDirectory()) throw new InitError(`${target} is not a directory.`);
  if (!existsSync(join(target, ".git")))
    throw new InitError(`${target} is not the root of a git repository (no .git): the workflow must be at the root.`);
  if (/^name: gitclaw$/m.test(read(join(target, "action.yml")) ?? ""))
    throw new InitError(`${target} is gitclaw itself; pass the repository to put gitclaw into.`);
  return target;
}

/** The options' values that have a fixed set of forms, refused before anything is written. */
function checkOptions(options: InitOptions): void {
  const { api, baseUrl, promptWorkflow } = options;
  const one = (values: readonly string[]) => `expected one of ${values.join(", ")}`;
  if (api !== undefined && !(PROVIDER_APIS as readonly string[]).includes(api))
    throw new InitError(`--api ${api}: ${one(PROVIDER_APIS)}${didYouMean(api, PROVIDER_APIS)}.`);
  if (baseUrl !== undefined && !/^https?:\/\/[^\s/]+/.test(baseUrl))
    throw new InitError(`--base-url ${baseUrl}: expected the API's root URL, e.g. http://127.0.0.1:11434/v1.`);
  if (promptWorkflow !== undefined && !(PROMPT_RECIPES as readonly string[]).includes(promptWorkflow))
    throw new InitError(
      `--prompt-workflow ${promptWorkflow}: ${one(PROMPT_RECIPES)}${didYouMean(promptWorkflow, PROMPT_RECIPES)}.`,
    );
}

/** The existing workflow: gitclaw's step in it, or the copy installer's layout (steps running lifecycle/). */
function readWorkflow(target: string) {
  const text = read(join(target, WORKFLOW_FILE));
  if (text === undefined) return undefined;
  const doc = parseDocument(text);
  if (doc.errors.length > 0)
    throw new InitError(`${WORKFLOW_FILE} is not valid YAML (${doc.errors[0]!.message}); fix it and run init again.`);
  const found = findGitclawStep(doc);
  if (found) return { text, literal: literalInputs(found.step), old: false };
  if (/lifecycle\/GITCLAW-/.test(text)) return { text, literal: {}, old: true };
  throw new InitError(
    `${WORKFLOW_FILE} exists but has no step that uses gitclaw (uses: ${ACTION}); move it away and run init again.`,
  );
}

/** The configuration the workflow's written-in inputs and .github/gitclaw.json give, validated as a run does. */
function configWith(target: string, literal: Record<string, string>): Config {
  const env = Object.fromEntries(Object.entries(literal).map(([input, value]) => [INPUT_ENV[input] ?? input, value]));
  try {
    return loadConfig(target, settingsFromInputs(env).settings);
  } catch (error) {
    if (error instanceof ConfigError) throw new InitError(`${error.message}; fix it and run init again.`);
    throw error;
  }
}

/** The model the options name: provider/model, a model of --provider, or --provider's default. */
function chosenModel(options: InitOptions, previous: string): string {
  const { provider, model } = options;
  if (model) {
    const spec = provider && !model.startsWith(`${provider}/`) ? `${provider}/${model}` : model;
    if (!/^[\w.-]+\/.+$/.test(spec))
      throw new InitError(`--model ${model}: expected provider/model, e.g. openai/gpt-4.1, or give --provider too.`);
    return spec;
  }
  if (!provider) return previous;
  const fallback = DEFAULT_MODELS[provider];
  if (!fallback) throw new InitError(`--provider ${provider}: name the model too, e.g. --model ${provider}/<model>.`);
  return fallback;
}

function choose(options: InitOptions, previous: Config, baseUrl: string | undefined): Choices {
  const model = chosenModel(options, previous.model);
  const provider = providerOf(model);
  if (!BUILT_IN[provider] && !previous.providers[provider] && !baseUrl) {
    throw new InitError(
      `the model ${model} has an unknown provider "${provider}": give --base-url (its server's API root), ` +
        `or use one of ${Object.keys(BUILT_IN).join(", ")}.`,
    );
  }
  const trigger = {
    modes: options.trigger ?? previous.trigger.modes,
    mention: options.mention ?? previous.trigger.mention,
    label: options.label ?? previous.trigger.label,
    assignee: options.assignee ?? previous.trigger.assignee,
  };
  try {
    const checked = parseConfig({ model, trigger }, "--trigger, --mention, --label or --assignee").trigger;
    // Sub-agents on Actions need the workflow's task job (only a new workflow gets it written).
    const ciDispatch = parseConfig({ ci: { dispatch: options.ciDispatch ?? previous.ci.dispatch } }, "--ci-dispatch").ci
      .dispatch;
    return {
      model,
      trigger: checked,
      actionsRunner: previous.tasks.actions.enabled,
      ciDispatch,
      approvalStatus: previous.approvals.required > 0,
    };
  } catch (error) {
    if (error instanceof ConfigError) throw new InitError(error.message);
    throw error;
  }
}

/** The inputs gitclaw's step needs for the choices; `base` is what the step would get without them. */
function wantedInputs(choices: Choices, base: Config, options: InitOptions, literal: Record<string, string>) {
  const wants: InputWant[] = [];
  const key = keyInputFor(choices.model, base);
  if (key) {
    // A key in the step's env reaches the agent only under a name the action does not set itself.
    const ownVariable = Object.values(INPUT_ENV).includes(key.secret);
    wants.push({
      name: key.input,
      value: `\${{ secrets.${key.secret} }}`,
      why: `the model ${choices.model} needs its key`,
      replace: false,
      servedBy: { with: keyInputs(key.secret), env: ownVariable ? [] : [key.secret] },
    });
  }
  const chosen = (input: string, value: string, fromFile: string, flag: boolean, why: string) => {
    if (value !== fromFile || (literal[input] !== undefined && literal[input] !== value))
      wants.push({ name: input, value, why, replace: flag });
  };
  const modelFlag = options.model !== undefined || options.provider !== undefined;
  chosen("model", choices.model, base.model, modelFlag, modelFlag ? "chosen with --model/--provider" : "the model");
  if (options.baseUrl) wants.push({ name: "base_url", value: options.baseUrl, why: "--base-url", replace: true });
  if (options.api) wants.push({ name: "api", value: options.api, why: "--api", replace: true });
  const { trigger } = choices;
  const modes = trigger.modes.join(", ");
  chosen("trigger_modes", modes, base.trigger.modes.join(", "), options.trigger !== undefined, "--trigger");
  for (const name of ["mention", "label", "assignee"] as const) {
    if (trigger.modes.includes(name === "assignee" ? "assign" : name))
      chosen(name, trigger[name], base.trigger[name], options[name] !== undefined, `--${name}`);
  }
  return wants;
}

/** .github/gitclaw.json holding the choices, when asked for and absent: then the workflow passes only the key. */
function configFileFor(choices: Choices): string {
  const defaults = parseConfig({});
  const trigger = Object.fromEntries(
    Object.entries(choices.trigger).filter(
      ([key, value]) => JSON.stringify(value) !== JSON.stringify(defaults.trigger[key as keyof Config["trigger"]]),
    ),
  );
  const file = {
    model: choices.model,
    ...(Object.keys(trigger).length > 0 ? { trigger } : {}),
    ...(choices.ciDispatch?.length ? { ci: { dispatch: choices.ciDispatch } } : {}),
    budgets: { maxCostUsd: defaults.budgets.maxCostUsd, maxTurns: defaults.budgets.maxTurns },
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

export function init(targetDir: string, options: InitOptions = {}): InitReport {
  checkOptions(options);
  const target = checkTarget(targetDir);
  const existing = readWorkflow(target);
  const fromFile = configWith(target, {});
  const previous = configWith(target, existing?.literal ?? {});
  const baseUrl = options.baseUrl ?? existing?.literal.base_url;
  const choices = choose(options, previous, baseUrl);
  const report: InitReport = {
    target,
    choices,
    files: [],
    notes: [],
    oldInstallation: oldInstallation(target, existing?.old ?? false),
    nextSteps: [],
    dryRun: options.dryRun ?? false,
  };
  const write = (path: string, content: string) => {
    if (report.dryRun) return;
    mkdirSync(dirname(join(target, path)), { recursive: true });
    writeFileSync(join(target, path), content);
  };

  // Asked for and absent, the configuration file takes the choices; present, it is the user's.
  const configPresent = existsSync(join(target, CONFIG_FILE));
  const intoConfig = options.config === true && !configPresent;
  if (intoConfig) {
    write(CONFIG_FILE, configFileFor(choices));
    report.files.push({ path: CONFIG_FILE, status: "added", detail: "your choices; edit it freely" });
  } else if (options.ciDispatch) report.files.push(writeCiDispatch(target, choices.ciDispatch ?? [], write));
  else if (configPresent) report.files.push({ path: CONFIG_FILE, status: "kept", detail: "yours" });
  report.notes.push(...dispatchProblems(read, target, choices.ciDispatch ?? []));
  const base = intoConfig ? parseConfig(JSON.parse(configFileFor(choices))) : fromFile;
  const wants = wantedInputs(choices, base, options, existing?.literal ?? {});
  report.secret = keyInputFor(choices.model, base)?.secret;

  report.files.push(writeWorkflow(existing, choices, previous, wants, write, report));
  if (options.promptWorkflow !== undefined)
    report.files.push(writePromptWorkflow(target, options.promptWorkflow, { choices, base }, write));
  // A sentinel missing where gitclaw is installed was deleted to switch gitclaw off: it stays off.
  if (existsSync(join(target, SENTINEL_FILE))) report.files.push({ path: SENTINEL_FILE, status: "unchanged" });
  else if (existing && !existing.old)
    report.files.push({ path: SENTINEL_FILE, status: "kept", detail: "absent: gitclaw stays switched off" });
  else {
    write(SENTINEL_FILE, SENTINEL);
    report.files.push({ path: SENTINEL_FILE, status: "added" });
  }
  for (const path of STATE_KEEP) {
    const present = existsSync(join(target, path)) || existsSync(join(target, dirname(path)));
    if (!present) write(path, "");
    report.files.push({ path, status: present ? "unchanged" : "added" });
  }
  report.nextSteps = nextSteps(report, baseUrl, options.command ?? "bunx gitclaw");
  return report;
}

function writeWorkflow(
  existing: ReturnType<typeof readWorkflow>,
  choices: Choices,
  previous: Config,
  wants: InputWant[],
  write: (path: string, content: string) => void,
  report: InitReport,
): FileReport {
  if (!existing) {
    write(
      WORKFLOW_FILE,
      renderWorkflow(
        choices,
        wants.map((want) => [want.name, want.value]),
      ),
    );
    return { path: WORKFLOW_FILE, status: "added" };
  }
  if (existing.old) return { path: WORKFLOW_FILE, status: "kept", detail: "the copy installer's; see below" };
  try {
    const update = updateWorkflow(existing.text, { choices, previous, inputs: wants });
    report.notes.push(...update.notes);
    if (update.text === existing.text) return { path: WORKFLOW_FILE, status: "unchanged" };
    write(WORKFLOW_FILE, update.text);
    return { path: WORKFLOW_FILE, status: "updated", changes: update.changes };
  } catch (error) {
    if (error instanceof WorkflowError) throw new InitError(`${error.message}; fix it and run init again.`);
    throw error;
  }
}

/** ci.dispatch set in .github/gitclaw.json (--ci-dispatch): the file's other settings stay as they are. */
function writeCiDispatch(
  target: string,
  dispatch: string[],
  write: (path: string, content: string) => void,
): FileReport {
  const text = read(join(target, CONFIG_FILE));
  let file: Record<string, unknown> = {};
  try {
    file = text === undefined ? {} : (JSON.parse(text) as Record<string, unknown>);
  } catch (error) {
    throw new InitError(`${CONFIG_FILE} is not valid JSON (${(error as Error).message}); fix it and run init again.`);
  }
  const ci = { ...(file.ci as Record<string, unknown> | undefined), dispatch };
  write(CONFIG_FILE, `${JSON.stringify({ ...file, ci }, null, 2)}\n`);
  const detail = `ci.dispatch: ${dispatch.join(", ") || "none"}`;
  return { path: CONFIG_FILE, status: text === undefined ? "added" : "updated", detail };
}

/** The example prompt workflow: written when absent, else the user's and kept. */
function writePromptWorkflow(
  target: string,
  recipe: string,
  { choices, base }: { choices: Choices; base: Config },
  write: (path: string, content: string) => void,
): FileReport {
  if (!(PROMPT_RECIPES as readonly string[]).includes(recipe))
    throw new InitError(`--prompt-workflow ${recipe}: expected one of ${PROMPT_RECIPES.join(", ")}.`);
  const path = promptWorkflowFile(recipe as PromptRecipe);
  if (existsSync(join(target, path))) return { path, status: "kept", detail: "yours" };
  const model = choices.model !== base.model ? choices.model : undefined;
  write(path, renderPromptWorkflow(recipe as PromptRecipe, keyInputFor(choices.model, base), model));
  return { path, status: "added", detail: "an example prompt-run workflow; edit its prompt" };
}

function nextSteps(report: InitReport, baseUrl: string | undefined, command: string): string[] {
  const steps: string[] = [];
  const { model } = report.choices;
  const provider = providerOf(model);
  if (report.secret) {
    const optional = !BUILT_IN[provider] ? " (if your server needs a key)" : "";
    steps.push(
      `Add the repository secret ${report.secret}${optional}: Settings → Secrets and variables → Actions, ` +
        `or \`gh secret set ${report.secret}\`.`,
    );
  }
  if (provider === "ollama" && !baseUrl)
    steps.push(
      "A GitHub-hosted runner has no Ollama: run init again with --base-url http://<host>:11434/v1 (reachable from the runner), or use a self-hosted runner.",
    );
  const changed = report.files.filter((file) => file.status === "added" || file.status === "updated");
  if (changed.length > 0) {
    const paths = [...new Set(changed.map((file) => (file.path.startsWith("state/") ? "state" : file.path)))];
    const first = changed.some((file) => file.path === WORKFLOW_FILE && file.status === "added");
    steps.push(
      `Commit and push: \`git add ${paths.join(" ")} && git commit -m "${first ? "Add" : "Upgrade"} gitclaw" && git push\`.`,
    );
  }
  steps.push(
    `Check the setup: \`GITHUB_TOKEN=$(gh auth token) ${command} doctor\` (it asks the model's API and GitHub).`,
  );
  const ci = ciOffer(report);
  if (ci) steps.push(ci);
  if (report.files.some((file) => file.path === WORKFLOW_FILE && file.status === "added"))
    steps.push(`Open an issue: 👀 appears within seconds (runs start on ${describeTrigger(report.choices.trigger)}).`);
  return steps;
}

/** The repository has CI that gitclaw's pushes would not start (the job's token starts no workflow): the two ways. */
function ciOffer(report: InitReport): string | undefined {
  if (report.choices.ciDispatch?.length || /^\s*app_id:/m.test(read(join(report.target, WORKFLOW_FILE)) ?? ""))
    return undefined;
  const workflows = ciWorkflows(report.target);
  if (workflows.length === 0) return undefined;
  return (
    `Your CI (${workflows.join(", ")}) will not run on gitclaw's pushes, which the job's token makes: run init again with ` +
    `\`--ci-dispatch ${workflows[0]}\` (it needs \`workflow_dispatch:\` under \`on:\`), or give gitclaw a GitHub App ` +
    "(inputs app_id and app_private_key; see the README, CI on gitclaw's work)."
  );
}

/** The report as printed: the choices, each file and the workflow's changes, what was kept, old files, next steps. */
export function formatReport(report: InitReport): string {
  const lines = [`gitclaw init ${report.target}${report.dryRun ? " (dry run: nothing written)" : ""}`, ""];
  const key = report.secret ? `, key from the secret ${report.secret}` : ", no key";
  lines.push(`  model     ${report.choices.model}${key}`);
  lines.push(`  starts on ${describeTrigger(report.choices.trigger)}`, "");
  for (const file of report.files) {
    lines.push(`  ${file.status.padEnd(9)}  ${file.path}${file.detail ? ` (${file.detail})` : ""}`);
    for (const change of file.changes ?? []) lines.push(`             ${change}`);
  }
  if (report.notes.length > 0) lines.push("", "Left as it is:", ...report.notes.map((note) => `  ${indentMore(note)}`));
  if (report.oldInstallation.length > 0) {
    lines.push("", "Left by gitclaw's earlier copy installer (not removed; gitclaw now runs from the action):");
    lines.push(...report.oldInstallation.map((item) => `  - ${indentMore(item)}`));
  }
  if (report.nextSteps.length > 0) {
    lines.push("", "Next steps:");
    report.nextSteps.forEach((step, i) => lines.push(`  ${i + 1}. ${step}`));
  }
  return `${lines.join("\n")}\n`;
}

const indentMore = (text: string) => text.replaceAll("\n", "\n    ");
