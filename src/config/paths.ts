// Well-known paths inside the repository.
/** Opt-in sentinel: without it gitclaw does nothing (fail closed). */
export const SENTINEL_FILE = "GITCLAW-ENABLED.md";
/** The one configuration file. Under .github/ so that it is a protected path by default. */
export const CONFIG_FILE = ".github/gitclaw.json";
