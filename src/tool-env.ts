// The environment of tool processes (bash, git, test runners) started on the model's behalf.
//
// The rule, in this order:
// 1. Allowlist first: only the names below, `LC_*`, and `options.allow` are copied. Anything
//    the runner or workflow adds later stays out unless someone decides it is needed.
// 2. Secret-looking names are refused even when allowed: a name matching SECRET_NAME or listed
//    in `options.secretNames` is never copied, so a careless `allow: ["GITHUB_TOKEN"]` or an
//    `allow` entry such as `DEPLOY_TOKEN` cannot hand a credential to the model.
// The same secret test picks the values `secretValues` hands to the redactor.
import { MIN_SECRET_LENGTH } from "./redact.ts";

const ALLOWED = new Set([
  // Process basics.
  "PATH",
  "HOME",
  "USER",
  "LOGNAME",
  "SHELL",
  "LANG",
  "LANGUAGE",
  "TZ",
  "TMPDIR",
  "TERM",
  "HOSTNAME",
  "PWD",
  // Facts about the run that tools and build scripts commonly read; none grants access.
  // RUNNER_TEMP is left out on purpose: files there may hold the job's state and credentials.
  "CI",
  "GITHUB_ACTIONS",
  "GITHUB_REPOSITORY",
  "GITHUB_REPOSITORY_OWNER",
  "GITHUB_SERVER_URL",
  "GITHUB_API_URL",
  "GITHUB_GRAPHQL_URL",
  "GITHUB_RUN_ID",
  "GITHUB_RUN_NUMBER",
  "GITHUB_RUN_ATTEMPT",
  "GITHUB_WORKFLOW",
  "GITHUB_JOB",
  "GITHUB_SHA",
  "GITHUB_REF",
  "GITHUB_REF_NAME",
  "GITHUB_EVENT_NAME",
  "GITHUB_ACTOR",
  "GITHUB_WORKSPACE",
  "RUNNER_OS",
  "RUNNER_ARCH",
  // Toolchain homes set up by setup-* actions, so compilers and package managers are found.
  "JAVA_HOME",
  "GOROOT",
  "GOPATH",
  "CARGO_HOME",
  "RUSTUP_HOME",
  "BUN_INSTALL",
  "NVM_DIR",
]);

// Matched against the upper-cased name. `ACTIONS_*` holds the runtime and OIDC request tokens,
// `INPUT_*` the action's inputs (API keys among them).
const SECRET_NAME = /TOKEN|SECRET|PASSWORD|API_KEY|_KEY$|_PAT$|^ACTIONS_|^INPUT_|^GITHUB_TOKEN$|^GH_TOKEN$/;

function isSecretName(name: string, secretNames: readonly string[]): boolean {
  return SECRET_NAME.test(name.toUpperCase()) || secretNames.includes(name);
}

export function toolEnvironment(
  source: Record<string, string | undefined>,
  options: { allow?: string[]; secretNames?: string[] } = {},
): Record<string, string> {
  const allowed = new Set([...ALLOWED, ...(options.allow ?? [])]);
  const secretNames = options.secretNames ?? [];
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined) continue;
    if (!allowed.has(name) && !name.startsWith("LC_")) continue;
    if (isSecretName(name, secretNames)) continue;
    env[name] = value;
  }
  return env;
}

/**
 * The values of every secret-looking variable, for `createRedactor` and `core.setSecret`.
 * Values shorter than MIN_SECRET_LENGTH are left out, as the redactor ignores them: masking
 * e.g. `INPUT_DEBUG=true` with `core.setSecret` would turn every "true" in the log into `***`.
 */
export function secretValues(
  source: Record<string, string | undefined>,
  options: { secretNames?: string[] } = {},
): string[] {
  const secretNames = options.secretNames ?? [];
  const values = new Set<string>();
  for (const [name, value] of Object.entries(source)) {
    if (value === undefined || value.trim().length < MIN_SECRET_LENGTH) continue;
    if (isSecretName(name, secretNames)) values.add(value);
  }
  return [...values];
}

// tools.env: variables of the step's environment that the workflow hands to tool commands on purpose
// (a registry token, a service URL). They pass whatever their names look like, and their values are
// secrets from then on (src/stages/start.ts registers them with the redactor and ::add-mask::). Only
// gitclaw's own secrets never pass: the tool user must not get what would let it act as gitclaw.
const MODEL_KEY_NAMES = ["ANTHROPIC_API_KEY", "OPENAI_API_KEY", "OPENROUTER_API_KEY", "AZURE_API_KEY"];
/** Where the cloud providers' SDKs find credentials gitclaw may hold for the model (src/cloud/). */
const CLOUD_CREDENTIALS = [
  "AWS_ACCESS_KEY_ID",
  "AWS_SECRET_ACCESS_KEY",
  "AWS_SESSION_TOKEN",
  "AWS_WEB_IDENTITY_TOKEN_FILE",
  "AWS_BEARER_TOKEN_BEDROCK",
  "AZURE_CLIENT_SECRET",
  "AZURE_FEDERATED_TOKEN_FILE",
  "GOOGLE_APPLICATION_CREDENTIALS",
];
const OWN_SECRETS: readonly { test: (name: string) => boolean; what: string }[] = [
  { test: (name) => name === "GITHUB_TOKEN" || name === "GH_TOKEN", what: "the job's GitHub token" },
  { test: (name) => MODEL_KEY_NAMES.includes(name), what: "a model key" },
  { test: (name) => CLOUD_CREDENTIALS.includes(name), what: "a cloud credential the model may be reached with" },
  { test: (name) => name.startsWith("ACTIONS_"), what: "the Actions runtime's own tokens and URLs (ACTIONS_*)" },
  { test: (name) => name.startsWith("INPUT_"), what: "the action's inputs, model keys among them (INPUT_*)" },
  { test: (name) => name.startsWith("GITCLAW_"), what: "gitclaw's own settings and tokens (GITCLAW_*)" },
  { test: (name) => name === "RUNNER_TEMP", what: "the runner's folder of job state and credentials" },
];

/**
 * Why `name` may not be listed in tools.env, or undefined when it may. `modelKeyNames`: the key
 * variables of providers the configuration declares (providers.*.apiKeyEnv).
 */
export function refusedToolEnvName(name: string, modelKeyNames: readonly string[] = []): string | undefined {
  const upper = name.toUpperCase();
  if (modelKeyNames.includes(name)) return `${name} is a model key gitclaw itself holds; tool commands never get it`;
  const own = OWN_SECRETS.find((secret) => secret.test(upper));
  if (own) return `${name} is ${own.what}, which gitclaw itself holds; tool commands never get it`;
  if (ALLOWED.has(name) || upper.startsWith("LC_"))
    return `${name} already reaches tool commands; list only variables they would not get otherwise`;
  return undefined;
}

/** The tools.env variables that are set in `source`, by name (refused names are never copied). */
export function passedVariables(source: Record<string, string | undefined>, names: readonly string[]) {
  const passed: Record<string, string> = {};
  for (const name of names) {
    const value = source[name];
    if (value !== undefined && refusedToolEnvName(name) === undefined) passed[name] = value;
  }
  return passed;
}

/**
 * What to mask of a passed value: the whole value and each of its lines, as the runner masks a
 * multi-line value line by line. Parts shorter than MIN_SECRET_LENGTH are left out (see secretValues).
 */
function maskableParts(value: string): string[] {
  const parts = [value, ...value.split(/\r?\n/)].map((part) => part.trim());
  return [...new Set(parts.filter((part) => part.length >= MIN_SECRET_LENGTH))];
}

/** Every part of the tools.env values set in `source` to redact and mask. */
export const passedSecrets = (source: Record<string, string | undefined>, names: readonly string[]): string[] => [
  ...new Set(Object.values(passedVariables(source, names)).flatMap(maskableParts)),
];
