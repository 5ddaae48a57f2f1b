// How an op of the github tool fails in a way the model can act on: the message is shown as is.

/** An expected failure of an op (a git refusal, a missing precondition). */
export class ToolFailure extends Error {
  override name = "ToolFailure";
}

/** Arguments that do not make sense for the op. */
export class ValidationError extends ToolFailure {
  override name = "ValidationError";
}
