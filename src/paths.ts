// Well-known paths inside the repository and the runner. Dependency-free.
import { join } from "node:path";

/** Opt-in sentinel: without it gitclaw does nothing (fail closed). */
export const SENTINEL_FILE = "GITCLAW-ENABLED.md";
/** The one configuration file. Under .github/ so that it is a protected path by default. */
export const CONFIG_FILE = ".github/gitclaw.json";

/** Where the indicator records its 👀 reaction for the cleanup in the agent and the backstop step. */
export const reactionStateFile = (runnerTemp: string) => join(runnerTemp, "gitclaw-reaction.json");
/** Written once a reply is posted, so the workflow's backstop step knows not to post a failure. */
export const replyStateFile = (runnerTemp: string) => join(runnerTemp, "gitclaw-replied.json");
/** The progress comment's id, so the backstop can turn it into the failure notice if the agent dies. */
export const progressStateFile = (runnerTemp: string) => join(runnerTemp, "gitclaw-progress.json");
