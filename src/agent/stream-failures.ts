// What to call a model call that failed once its request had gone out: an answer that broke off after
// it had started (the SDK says "Failed to process successful response" with status 200, the cause a
// reset connection), or a server that sent nothing for the idle time (src/agent/model-idle.ts). Both
// name where the request went and the setting that chose it, so a person can tell a dying or stopped
// server from a refusal.
import { APICallError } from "@ai-sdk/provider";
import { describeIdle, ModelIdleError } from "./model-idle.ts";
import type { ResolvedModel } from "./model.ts";

/** The failure in one line, or undefined when it is neither a broken-off answer nor an idle timeout. */
export function describeStreamFailure(
  error: unknown,
  model: Pick<ResolvedModel, "endpoint"> | undefined,
): string | undefined {
  if (!model) return undefined;
  const failure = (error as { lastError?: unknown } | undefined)?.lastError ?? error;
  const at = `${model.endpoint.url} (${model.endpoint.source})`;
  if (failure instanceof ModelIdleError)
    return `the model at ${at} sent nothing for ${describeIdle(failure.idleMs)} (the limit \`budgets.modelIdleSeconds\` in .github/gitclaw.json)`;
  if (brokeOff(failure)) return `the answer from ${at} broke off after it had started: ${causeOf(failure)}`;
  return undefined;
}

/** A response that came with a success status and failed while it was being read. */
function brokeOff(error: unknown): error is APICallError {
  return APICallError.isInstance(error) && error.statusCode !== undefined && error.statusCode < 300;
}

/** The cause's first sentence (Bun's goes on about `verbose: true`), with its code when it lacks one. */
function causeOf(error: APICallError): string {
  const cause = error.cause as { code?: unknown; message?: unknown } | undefined;
  if (typeof cause?.message !== "string") return error.message;
  const sentence = cause.message.split(". ")[0]!.replace(/\.$/, "");
  const code = typeof cause.code === "string" && !sentence.includes(cause.code) ? `${cause.code}: ` : "";
  return `${code}${sentence}`;
}
