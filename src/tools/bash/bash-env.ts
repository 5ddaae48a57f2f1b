// Variables that keep tools from waiting for a human: no pagers, editors, prompts, colours or
// progress bars. Layered over the secret-free base environment and under the caller's own `env`.
const PAGERS = [
  "PAGER",
  "GIT_PAGER",
  "MANPAGER",
  "SYSTEMD_PAGER",
  "BAT_PAGER",
  "DELTA_PAGER",
  "GH_PAGER",
  "GLAB_PAGER",
  "PSQL_PAGER",
  "MYSQL_PAGER",
  "HOMEBREW_PAGER",
];

const NON_INTERACTIVE_ENV: Readonly<Record<string, string>> = Object.freeze({
  ...Object.fromEntries(PAGERS.map((name) => [name, "cat"])),
  AWS_PAGER: "",
  LESS: "FRX",
  TERM: "dumb",
  NO_COLOR: "1",
  PYTHONUNBUFFERED: "1",
  GIT_EDITOR: "true",
  VISUAL: "true",
  EDITOR: "true",
  GIT_TERMINAL_PROMPT: "0",
  SSH_ASKPASS: "/usr/bin/false",
  CI: "true",
  AGENT: "1",
  npm_config_yes: "true",
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
  npm_config_progress: "false",
  PNPM_DISABLE_SELF_UPDATE_CHECK: "true",
  PNPM_UPDATE_NOTIFIER: "false",
  YARN_ENABLE_TELEMETRY: "0",
  YARN_ENABLE_PROGRESS_BARS: "0",
  CARGO_TERM_PROGRESS_WHEN: "never",
  DEBIAN_FRONTEND: "noninteractive",
  PIP_NO_INPUT: "1",
  PIP_DISABLE_PIP_VERSION_CHECK: "1",
  TF_INPUT: "0",
  TF_IN_AUTOMATION: "1",
  GH_PROMPT_DISABLED: "1",
  COMPOSER_NO_INTERACTION: "1",
  CLOUDSDK_CORE_DISABLE_PROMPTS: "1",
});

export const ENV_NAME_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** The child environment: base (secrets already removed), then non-interactive defaults, then the caller's. */
export const buildCommandEnv = (
  base: Readonly<Record<string, string>>,
  callerEnv: Readonly<Record<string, string>> = {},
): Record<string, string> => ({ ...base, ...NON_INTERACTIVE_ENV, ...callerEnv });
