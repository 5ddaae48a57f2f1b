// The action's inputs. action.yml hands each to the stages as a GITCLAW_* variable (keys go under
// their providers' own names, ANTHROPIC_API_KEY and the like); here they become settings in the
// configuration's shape. Precedence: an input that is set wins over .github/gitclaw.json, which
// wins over the defaults. A bad input is named as the input it is.
import { ConfigError, mergeInto } from "./config.ts";

type Env = Record<string, string | undefined>;

/** Each input: its variable, and where its value goes in the configuration. */
const INPUTS: { input: string; env: string; to: (value: string) => object }[] = [
  { input: "model", env: "GITCLAW_MODEL", to: (model) => ({ model }) },
  { input: "effort", env: "GITCLAW_EFFORT", to: (effort) => ({ effort }) },
  { input: "fallback_model", env: "GITCLAW_FALLBACK_MODEL", to: (fallbackModel) => ({ fallbackModel }) },
  { input: "trigger_modes", env: "GITCLAW_TRIGGER_MODES", to: (modes) => ({ trigger: { modes: list(modes) } }) },
  { input: "mention", env: "GITCLAW_MENTION", to: (mention) => ({ trigger: { mention } }) },
  { input: "label", env: "GITCLAW_LABEL", to: (label) => ({ trigger: { label } }) },
  { input: "assignee", env: "GITCLAW_ASSIGNEE", to: (assignee) => ({ trigger: { assignee } }) },
  { input: "max_turns", env: "GITCLAW_MAX_TURNS", to: (n) => ({ budgets: { maxTurns: number("max_turns", n) } }) },
  {
    input: "max_minutes",
    env: "GITCLAW_MAX_MINUTES",
    to: (n) => ({ budgets: { maxMinutes: number("max_minutes", n) } }),
  },
  {
    input: "max_cost_usd",
    env: "GITCLAW_MAX_COST_USD",
    to: (n) => ({ budgets: { maxCostUsd: number("max_cost_usd", n) } }),
  },
  { input: "sandbox", env: "GITCLAW_SANDBOX", to: (sandbox) => ({ sandbox }) },
  { input: "network", env: "GITCLAW_NETWORK", to: (network) => ({ network: networkSetting(network) }) },
  { input: "delivery", env: "GITCLAW_DELIVERY", to: (delivery) => ({ delivery }) },
  { input: "tools_env", env: "GITCLAW_TOOLS_ENV", to: (names) => ({ tools: { env: list(names) } }) },
];

/**
 * The model's inputs, passed to the agent under these names (keys under their providers' own, as
 * src/agent/model.ts reads them). With INPUTS, every input of action.yml and its variable.
 */
const MODEL_INPUTS: Record<string, string> = {
  anthropic_api_key: "ANTHROPIC_API_KEY",
  openai_api_key: "OPENAI_API_KEY",
  openrouter_api_key: "OPENROUTER_API_KEY",
  api_key: "GITCLAW_API_KEY",
  base_url: "GITCLAW_BASE_URL",
  api: "GITCLAW_API",
};

/**
 * The cloud providers' settings (src/cloud/): where their short-lived credentials come from. None is a
 * stored key but azure_api_key; the OIDC exchanges need the job's `permissions: id-token: write`.
 */
const CLOUD_INPUTS: Record<string, string> = {
  aws_role_arn: "GITCLAW_AWS_ROLE_ARN",
  aws_region: "GITCLAW_AWS_REGION",
  azure_api_key: "AZURE_API_KEY",
  azure_endpoint: "GITCLAW_AZURE_ENDPOINT",
  azure_client_id: "GITCLAW_AZURE_CLIENT_ID",
  azure_tenant_id: "GITCLAW_AZURE_TENANT_ID",
  gcp_workload_identity_provider: "GITCLAW_GCP_WORKLOAD_IDENTITY_PROVIDER",
  gcp_service_account: "GITCLAW_GCP_SERVICE_ACCOUNT",
  gcp_project: "GITCLAW_GCP_PROJECT",
  gcp_region: "GITCLAW_GCP_REGION",
};

/** Tokens besides github_token, passed to the agent stage alone (src/actions/env.ts reads them). */
const TOKEN_INPUTS: Record<string, string> = {
  workflows_token: "GITCLAW_WORKFLOWS_TOKEN",
  // A GitHub App whose installation token the agent stage mints (src/stages/app-token.ts).
  app_id: "GITCLAW_APP_ID",
  app_private_key: "GITCLAW_APP_PRIVATE_KEY",
};

/** A sub-agent's run (runner "actions"): which task, at which commit; the agent stage then runs in child mode. */
const TASK_INPUTS: Record<string, string> = {
  task_id: "GITCLAW_TASK_ID",
  task_base_sha: "GITCLAW_TASK_BASE_SHA",
};

/** A prompt run (src/run/prompt-run.ts): its prompt, where it answers, and the shape of its answer. */
export const PROMPT_RUN_INPUTS = {
  prompt: "GITCLAW_PROMPT",
  prompt_file: "GITCLAW_PROMPT_FILE",
  issue: "GITCLAW_ISSUE",
  continue: "GITCLAW_CONTINUE",
  output_schema: "GITCLAW_OUTPUT_SCHEMA",
} as const;

/** Each input of action.yml (but github_token) and the variable the stages read it from. */
export const INPUT_ENV: Readonly<Record<string, string>> = {
  ...Object.fromEntries(INPUTS.map(({ input, env }) => [input, env])),
  ...MODEL_INPUTS,
  ...CLOUD_INPUTS,
  ...TOKEN_INPUTS,
  ...TASK_INPUTS,
  ...PROMPT_RUN_INPUTS,
};

/** Every input of action.yml, the `with:` keys a gitclaw step may have. */
export const ACTION_INPUTS: readonly string[] = ["github_token", ...Object.keys(INPUT_ENV)];

const list = (value: string) => value.split(/[\s,]+/).filter(Boolean);

/** The input network: "open", "off", or the allow list, separated by commas or spaces. */
const networkSetting = (value: string) => (value === "open" || value === "off" ? value : { allow: list(value) });

function number(input: string, value: string): number {
  const parsed = Number(value);
  if (!Number.isFinite(parsed))
    throw new ConfigError(`the action input ${input} is ${JSON.stringify(value)}: expected a number`);
  return parsed;
}

/** The settings the inputs give (an empty object when none is set), and which input set which top-level key. */
export function settingsFromInputs(env: Env): { settings: Record<string, unknown>; inputs: Record<string, string> } {
  const settings: Record<string, unknown> = {};
  const inputs: Record<string, string> = {};
  for (const { input, env: name, to } of INPUTS) {
    const value = env[name]?.trim();
    if (!value) continue;
    mergeInto(settings, to(value) as Record<string, unknown>);
    inputs[input] = name;
  }
  return { settings, inputs };
}
