// Tool arguments come from a model: validate them against the tool's own schema and turn problems
// into an error result the model can correct, instead of an exception.
import type { z } from "zod";
import { fail, type ToolResult } from "./types.ts";

export type ParsedArgs<T> = { ok: true; value: T } | { ok: false; error: ToolResult };

export function parseArgs<Schema extends z.ZodType>(toolName: string, schema: Schema, args: unknown): ParsedArgs<z.infer<Schema>> {
  const parsed = schema.safeParse(args);
  if (parsed.success) return { ok: true, value: parsed.data };
  const problems = parsed.error.issues.map((issue) => `${issue.path.length > 0 ? issue.path.join(".") : "arguments"}: ${issue.message}`);
  return { ok: false, error: fail(`Invalid arguments for ${toolName}: ${problems.join("; ")}`) };
}

