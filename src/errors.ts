// The errors a person can act on (a bad configuration, an unreadable event, a git or GitHub refusal):
// their message is the whole story, so the agent stage posts it as is instead of a stack trace.

/** The base of every error whose message tells a person what to fix. */
export class ActionableError extends Error {
  override name = "ActionableError";
}

// How an op of a tool (the github tool's, a worktree's git) fails in a way the model can act on: the
// message is shown as is.

/** An expected failure of an op (a git refusal, a missing precondition). */
export class ToolFailure extends Error {
  override name = "ToolFailure";
}

/** Arguments that do not make sense for the op. */
export class ValidationError extends ToolFailure {
  override name = "ValidationError";
}
