// zod's validation errors as people read them: one line per problem, naming where, what was found,
// and what is expected. A value that matches none of a union's forms names the forms it could take
// ("open", "off", or an object), rather than zod's bare "Invalid input".
import type { z } from "zod";
import { didYouMean } from "./did-you-mean.ts";

type Issue = z.core.$ZodIssue;

/**
 * One readable line per problem: where, what was found, what is expected. Given the `schema`, a key it
 * does not know is named with the known key it most likely meant.
 */
export function describeZodError(error: z.ZodError, where: string, input: unknown, schema?: z.ZodType): string {
  return error.issues
    .flatMap((issue) => readable(issue, []))
    .map((issue) => (schema ? withKnownKeys(issue, schema) : issue))
    .map((issue) => {
      // The value as a whole: `where` names it already.
      if (issue.path.length === 0) return `${where}: ${issue.message}`;
      let value: unknown = input;
      for (const part of issue.path) value = (value as Record<PropertyKey, unknown> | undefined)?.[part as PropertyKey];
      const found = value === undefined ? "" : ` (found ${JSON.stringify(value)?.slice(0, 80)})`;
      return `${where}: "${issue.path.join(".")}"${found}: ${issue.message}`;
    })
    .join("\n");
}

type Readable = { path: PropertyKey[]; message: string; keys?: string[] };

/** An unknown key's message with the known key it most likely meant: `"modle" (did you mean "model"?)`. */
function withKnownKeys(issue: Readable, schema: z.ZodType): Readable {
  const known = issue.keys && keysAt(schema, issue.path);
  if (!known || issue.keys!.length !== 1) return issue;
  return { ...issue, message: `${issue.message}${didYouMean(issue.keys![0]!, known)}` };
}

/** The keys of the object `schema` holds at `path`, through defaults, optionals, pipes, records and lists. */
function keysAt(schema: z.ZodType, path: PropertyKey[]): string[] | undefined {
  let node: unknown = schema;
  for (const part of [...path, undefined]) {
    for (let unwrapped = 0; unwrapped < 10; unwrapped++) {
      const def = (node as { _zod?: { def?: Record<string, unknown> } })?._zod?.def;
      if (!def) return undefined;
      if (def.shape) break;
      const inner = def.innerType ?? def.out ?? (typeof part === "number" ? def.element : def.valueType);
      if (!inner) return undefined;
      node = inner;
    }
    const shape = (node as { _zod: { def: { shape: Record<string, unknown> } } })._zod.def.shape;
    if (part === undefined) return Object.keys(shape);
    node = shape[String(part)];
  }
  return undefined;
}

/** A union's failure as the issues of the form the value came closest to, or the forms it could take. */
function readable(issue: Issue, prefix: PropertyKey[]): Readable[] {
  const path = [...prefix, ...issue.path];
  if (issue.code === "unrecognized_keys") return [{ path, message: issue.message, keys: issue.keys }];
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return [{ path, message: issue.message }];
  const branches = issue.errors;
  // Every form failed on the value itself (a string where an enum or an object goes): name the forms.
  if (branches.every((branch) => branch.length === 1 && branch[0]!.path.length === 0)) {
    const forms = branches.map((branch) => formOf(branch[0]!)).filter((form) => form !== undefined);
    if (forms.length === branches.length) return [{ path, message: `expected ${forms.join(", or ")}` }];
  }
  // Else the closest form: one that knows every key it was given, with the fewest problems.
  const shapeFits = (branch: Issue[]) => !branch.some((i) => i.code === "unrecognized_keys" && i.path.length === 0);
  const closest = [...branches].sort((a, b) => Number(shapeFits(b)) - Number(shapeFits(a)) || a.length - b.length)[0]!;
  return closest.flatMap((inner) => readable(inner, path));
}

/** What one form of a union expects, as a person says it. */
function formOf(issue: Issue): string | undefined {
  if (issue.code === "invalid_value") return `one of ${issue.values.map((value) => JSON.stringify(value)).join("|")}`;
  if (issue.code === "invalid_type") return `${/^[aeio]/.test(issue.expected) ? "an" : "a"} ${issue.expected}`;
  return undefined;
}
