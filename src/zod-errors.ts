// zod's validation errors as people read them: one line per problem, naming where, what was found,
// and what is expected.
import type { z } from "zod";

/** One readable line per problem: where, what was found, what is expected. */
export function describeZodError(error: z.ZodError, where: string, input: unknown): string {
  return error.issues
    .map((issue) => {
      const key = issue.path.join(".") || "(top level)";
      let value: unknown = input;
      for (const part of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[part as PropertyKey];
      const found =
        value === undefined || issue.path.length === 0 ? "" : ` (found ${JSON.stringify(value)?.slice(0, 80)})`;
      return `${where}: "${key}"${found}: ${issue.message}`;
    })
    .join("\n");
}
