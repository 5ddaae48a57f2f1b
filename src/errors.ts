// The errors a person can act on (a bad configuration, an unreadable event, a git or GitHub refusal):
// their message is the whole story, so the agent stage posts it as is instead of a stack trace.

/** The base of every error whose message tells a person what to fix. */
export class ActionableError extends Error {
  override name = "ActionableError";
}
