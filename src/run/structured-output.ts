// Structured output (the input output_schema): the agent's final message must be one JSON value the
// schema accepts, alone or in a single ```json fence. Text that is no JSON and JSON the schema refuses
// are both wrong answers: the model is asked once more with what was wrong, and a second wrong answer
// fails the step with the errors. The schema is inline JSON or a file read at the default branch.
import Ajv, { type ValidateFunction } from "ajv";
import { joinLoopResults, type LoopResult } from "../agent/loop.ts";
import { ConfigError } from "../config/config.ts";
import { readAtDefaultBranch } from "./prompt-run.ts";
import type { TargetedRun } from "./types.ts";
import type { Workspace } from "./types.ts";

export interface OutputSchema {
  /** The schema as JSON text, for the prompt. */
  text: string;
  validate: ValidateFunction;
}

export type Answer = { valid: true; value: unknown } | { valid: false; errors: string };

/** The schema the input names (inline when it starts with `{`), compiled; a bad one is a ConfigError. */
export async function loadOutputSchema(run: TargetedRun, workspace: Workspace): Promise<OutputSchema | undefined> {
  const input = run.trigger.prompt?.outputSchema;
  if (!input) return undefined;
  const inline = input.startsWith("{");
  const text = inline ? input : await readAtDefaultBranch(run, workspace, input, "output_schema");
  const where = inline ? "the action input output_schema" : `output_schema ${input}`;
  let schema: unknown;
  try {
    schema = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`${where} is not valid JSON: ${(error as Error).message}`);
  }
  try {
    const validate = new Ajv({ allErrors: true, strict: false }).compile(schema as object);
    return { text: JSON.stringify(schema), validate };
  } catch (error) {
    throw new ConfigError(`${where} is not a JSON Schema ajv can compile: ${(error as Error).message}`);
  }
}

/** What the prompt says of the answer's form. */
export const schemaNote = (schema: OutputSchema) =>
  "Your final message must be only one JSON value valid against this JSON Schema (no other text; a single " +
  `\`\`\`json fence around it is allowed), as the workflow reads it as the output structured_output:\n${schema.text}`;

/** Whether the final message is the answer the schema asks for, and if not, what is wrong with it. */
export function checkAnswer(text: string, schema: OutputSchema): Answer {
  const trimmed = text.trim();
  const fenced = /^```(?:json)?[ \t]*\n([\s\S]*?)\n```$/.exec(trimmed);
  const json = fenced ? fenced[1]! : trimmed;
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    const shown = trimmed.length > 200 ? `${trimmed.slice(0, 200)}…` : trimmed;
    return {
      valid: false,
      errors: `the final message is not JSON (${(error as Error).message}): ${shown || "(empty)"}`,
    };
  }
  if (schema.validate(value)) return { valid: true, value };
  const errors = (schema.validate.errors ?? []).map(
    (e) => `${e.instancePath || "(the value)"} ${e.message ?? "is invalid"}`,
  );
  return { valid: false, errors: `the JSON does not match the schema: ${errors.join("; ")}` };
}

/** The user message of the one retry. */
export const retryRequest = (errors: string) =>
  `Your final message is not the answer the workflow needs: ${errors}. Reply again with only the JSON value the schema asks for.`;

/**
 * The run's answer against the schema: checked, and when wrong asked `again` once (the same
 * conversation, the errors as the next user message). The result is both loops' together.
 */
export async function answerAgainstSchema(
  schema: OutputSchema,
  first: LoopResult,
  again: (request: string) => Promise<LoopResult>,
): Promise<{ result: LoopResult; answer: Answer }> {
  if (first.outcome !== "done") return { result: first, answer: stoppedEarly(first) };
  const answer = checkAnswer(first.text, schema);
  if (answer.valid) return { result: first, answer };
  const second = await again(retryRequest(answer.errors));
  const result = joinLoopResults(first, second);
  if (second.outcome !== "done") return { result, answer: stoppedEarly(second) };
  const retried = checkAnswer(second.text, schema);
  return { result, answer: retried.valid ? retried : { valid: false, errors: `asked again: ${retried.errors}` } };
}

const stoppedEarly = (result: LoopResult): Answer => ({
  valid: false,
  errors: `the run stopped (${result.outcome}) before its final answer`,
});
