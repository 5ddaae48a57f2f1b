// Well-known paths inside the repository.
/** Opt-in sentinel: without it gitclaw does nothing (fail closed). */
export const SENTINEL_FILE = "GITCLAW-ENABLED.md";
/** The one configuration file. Under .github/ so that it is a protected path by default. */
export const CONFIG_FILE = ".github/gitclaw.json";
/** gitclaw's workflow in a repository that uses it. */
export const WORKFLOW_FILE = ".github/workflows/gitclaw.yml";
