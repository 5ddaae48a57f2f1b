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
