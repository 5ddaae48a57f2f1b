// GitHub Actions expressions (`${{ … }}` and `if:`), evaluated with GitHub's own evaluator
// (@actions/expressions) over the contexts the harness's runner provides, plus the status functions
// and hashFiles, which the runner supplies itself.
import { data, Evaluator, Lexer, Parser } from "@actions/expressions";

/** The evaluator's function shape (not exported by the package's entry point). */
type FunctionDefinition =
  NonNullable<ConstructorParameters<typeof Evaluator>[2]> extends Map<string, infer F> ? F : never;

export type JobStatus = "success" | "failure" | "cancelled";

/** Plain values by context name: github, env, inputs, steps, job, runner, secrets, vars … */
export type Contexts = Record<string, unknown>;

const CONTEXT_NAMES = [
  "github",
  "env",
  "inputs",
  "steps",
  "job",
  "runner",
  "secrets",
  "vars",
  "needs",
  "strategy",
  "matrix",
];

function functions(status: JobStatus): Map<string, FunctionDefinition> {
  const is = (wanted: boolean) => () => new data.BooleanData(wanted);
  const list: FunctionDefinition[] = [
    { name: "always", minArgs: 0, maxArgs: 0, call: is(true) },
    { name: "success", minArgs: 0, maxArgs: 0, call: is(status === "success") },
    { name: "failure", minArgs: 0, maxArgs: 0, call: is(status === "failure") },
    { name: "cancelled", minArgs: 0, maxArgs: 0, call: is(status === "cancelled") },
    // Only cache keys use it here: any stable string will do.
    {
      name: "hashFiles",
      minArgs: 1,
      maxArgs: 255,
      call: (...args: unknown[]) => new data.StringData(`hash:${args.map(String).join(",")}`),
    },
  ];
  return new Map(list.map((f) => [f.name.toLowerCase(), f]));
}

export function evaluate(expression: string, contexts: Contexts, status: JobStatus = "success"): unknown {
  const funcs = functions(status);
  const lexed = new Lexer(expression).lex();
  const ast = new Parser(lexed.tokens, CONTEXT_NAMES, [...funcs.values()]).parse();
  const context = JSON.parse(JSON.stringify(contexts), data.reviver) as data.Dictionary;
  const result = new Evaluator(ast, context, funcs).evaluate();
  return JSON.parse(JSON.stringify(result, data.replacer)) as unknown;
}

/** An `if:` condition: without a status function in it, `success() &&` is implied, as on GitHub. */
export function condition(expression: string | boolean | undefined, contexts: Contexts, status: JobStatus): boolean {
  if (expression === undefined) return status === "success";
  const text = String(expression)
    .trim()
    .replace(/^\$\{\{([\s\S]*)\}\}$/, "$1");
  const full = /\b(always|success|failure|cancelled)\s*\(/.test(text) ? text : `success() && (${text})`;
  return truthy(evaluate(full, contexts, status));
}

export const truthy = (value: unknown): boolean =>
  value !== null && value !== undefined && value !== false && value !== 0 && value !== "";

/** Replaces every `${{ … }}` in a string with its value, as the runner does before a step starts. */
export function interpolate(text: string, contexts: Contexts, status: JobStatus = "success"): string {
  return text.replace(/\$\{\{([\s\S]*?)\}\}/g, (_, expression: string) => {
    const value = evaluate(expression, contexts, status);
    if (value === null || value === undefined) return "";
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  });
}
