// What the model is shown of each tool, built once per run: its name, description and a JSON schema
// of its arguments. Every request carries these, so they are kept small: zod's draft noise (`$schema`,
// safe-integer bounds, `propertyNames` of records, `additionalProperties: false`) is dropped, since
// the tool's zod schema still validates every call. A tool may show a schema of its own
// (`modelSchema`) when its description already documents the arguments.
import type { JSONSchema7, LanguageModelV4FunctionTool } from "@ai-sdk/provider";
import { z } from "zod";
import type { Tool } from "../tools/types.ts";

export interface ToolDefinition {
  name: string;
  description: string;
  inputSchema: JSONSchema7;
}

/** `additionalProperties` with a schema (a record's values) says something and stays. */
const isNoise = (key: string, value: unknown) =>
  key === "$schema" ||
  key === "propertyNames" ||
  (key === "additionalProperties" && value === false) ||
  // What z.number().int() adds: "any integer".
  ((key === "maximum" || key === "minimum") && Math.abs(Number(value)) === Number.MAX_SAFE_INTEGER);

const mapValues = (object: object, f: (value: unknown) => unknown) =>
  Object.fromEntries(Object.entries(object).map(([key, value]) => [key, f(value)]));

/** The JSON schema without what tells the model nothing. */
export function compactSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(compactSchema);
  if (!value || typeof value !== "object") return value;
  const kept = Object.entries(value).filter(([key, v]) => !isNoise(key, v));
  // Under `properties` the keys are argument names, not keywords: only their schemas are compacted.
  return Object.fromEntries(
    kept.map(([key, v]) => [key, key === "properties" ? mapValues(v as object, compactSchema) : compactSchema(v)]),
  );
}

export function toolDefinitions(tools: readonly Tool[]): ToolDefinition[] {
  return tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: (t.modelSchema ?? compactSchema(z.toJSONSchema(t.parameters, { io: "input" }))) as JSONSchema7,
  }));
}

/**
 * The tools in the provider's format, converted once per run. The model only names calls: the loop
 * validates and runs them, so every step is persisted.
 */
export function functionTools(definitions: readonly ToolDefinition[]): LanguageModelV4FunctionTool[] {
  return definitions.map(({ name, description, inputSchema }) => ({
    type: "function",
    name,
    description,
    inputSchema,
  }));
}
