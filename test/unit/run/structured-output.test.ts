// The answer of a run with output_schema (src/run/structured-output.ts): one JSON value the schema
// accepts, alone or in one ```json fence; anything else is a wrong answer with its errors.
import Ajv from "ajv";
import { describe, expect, it } from "vitest";
import { checkAnswer, type OutputSchema } from "../../../src/run/structured-output.ts";

const schemaOf = (schema: object): OutputSchema => ({
  text: JSON.stringify(schema),
  validate: new Ajv({ allErrors: true, strict: false }).compile(schema),
});
const labels = schemaOf({
  type: "object",
  required: ["labels"],
  properties: { labels: { type: "array", items: { type: "string" } } },
});

describe("checkAnswer", () => {
  it("takes the JSON value alone or in a single json fence", () => {
    expect(checkAnswer(' {"labels": ["bug"]} ', labels)).toEqual({ valid: true, value: { labels: ["bug"] } });
    expect(checkAnswer('```json\n{"labels": []}\n```', labels)).toEqual({ valid: true, value: { labels: [] } });
    expect(checkAnswer("42", schemaOf({ type: "integer" }))).toEqual({ valid: true, value: 42 });
  });

  it("refuses text that is not JSON, with the text", () => {
    const answer = checkAnswer("Labels: bug", labels);
    expect(answer.valid).toBe(false);
    expect(!answer.valid && answer.errors).toMatch(/^the final message is not JSON \(.+\): Labels: bug$/);
    expect(checkAnswer("", labels)).toMatchObject({ valid: false, errors: expect.stringContaining("(empty)") });
    // Prose around a fence is not the answer alone.
    expect(checkAnswer('Here:\n```json\n{"labels": []}\n```', labels).valid).toBe(false);
  });

  it("refuses JSON the schema refuses, with every error and where", () => {
    const answer = checkAnswer('{"labels": ["bug", 3]}', labels);
    expect(answer).toEqual({ valid: false, errors: "the JSON does not match the schema: /labels/1 must be string" });
    expect(checkAnswer("{}", labels)).toMatchObject({
      errors: expect.stringContaining("(the value) must have required property 'labels'"),
    });
  });
});
