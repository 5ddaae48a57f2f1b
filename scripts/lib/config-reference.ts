// docs/configuration.md, generated from the configuration's zod schema (src/config/config.ts): every
// key with its type and default as the schema says them (through zod's JSON Schema), and its
// description (src/config/descriptions.ts). `bun run docs:config` writes the page;
// test/unit/config/config-reference.test.ts fails when the committed page is not what this generates.
import { z } from "zod";
import { Config } from "../../src/config/config.ts";
import { CONFIG_DESCRIPTIONS } from "../../src/config/descriptions.ts";
import { CONFIG_FILE } from "../../src/config/paths.ts";

export const REFERENCE_FILE = "docs/configuration.md";

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  exclusiveMinimum?: number;
  maximum?: number;
  additionalProperties?: JsonSchema | boolean;
}

interface Row {
  key: string;
  type: string;
  default: string;
}

/** The page: an introduction, then one row per key, parents before their keys. */
export function configurationReference(): string {
  const schema = z.toJSONSchema(Config, { io: "input", unrepresentable: "any" }) as JsonSchema;
  const rows = keysOf(schema, "");
  const missing = rows.filter((row) => !CONFIG_DESCRIPTIONS[row.key]).map((row) => row.key);
  if (missing.length > 0)
    throw new Error(`no description for ${missing.join(", ")}: add one to src/config/descriptions.ts`);
  const cell = (text: string) => text.replaceAll("|", "\\|");
  return [
    "# Configuration reference",
    "",
    `<!-- Generated from the schema (src/config/config.ts) by \`bun run docs:config\`: do not edit by hand. -->`,
    "",
    `Everything has a default, so a repository needs no \`${CONFIG_FILE}\`. The action's inputs (\`with:\` of`,
    "the gitclaw step, see action.yml) win over the file, which wins over the defaults. Both are validated",
    "on every run (and by `gitclaw doctor`): a bad value is named with the key, the value found and what",
    "is expected.",
    "",
    "| key | type | default | description |",
    "|---|---|---|---|",
    ...rows.map(
      (row) => `| \`${row.key}\` | ${cell(row.type)} | ${cell(row.default)} | ${cell(CONFIG_DESCRIPTIONS[row.key]!)} |`,
    ),
    "",
  ].join("\n");
}

function keysOf(schema: JsonSchema, prefix: string): Row[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => {
    const key = `${prefix}${name}`;
    const row = { key, type: typeOf(property), default: defaultOf(property) };
    return [row, ...(property.type === "object" ? keysOf(property, `${key}.`) : [])];
  });
}

/** The type as it is written in JSON: `"push" \| "pull-request"`, `integer 1–10`, `list of string`. */
function typeOf(schema: JsonSchema): string {
  if (schema.anyOf) return schema.anyOf.map(typeOf).join(" or ");
  if (schema.enum) return schema.enum.map((value) => `\`${JSON.stringify(value)}\``).join(" | ");
  if (schema.const !== undefined) return `\`${JSON.stringify(schema.const)}\``;
  if (schema.type === "array") return `list of ${schema.items ? typeOf(schema.items) : "any"}`;
  if (schema.type === "object")
    return schema.properties || typeof schema.additionalProperties !== "object"
      ? "object"
      : `map of name → ${typeOf(schema.additionalProperties)}`;
  const limit = (bound: number | undefined) =>
    bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER ? bound : undefined;
  const [min, above, max] = [limit(schema.minimum), limit(schema.exclusiveMinimum), limit(schema.maximum)];
  const range = [min !== undefined && `≥ ${min}`, above !== undefined && `> ${above}`, max !== undefined && `≤ ${max}`]
    .filter(Boolean)
    .join(", ");
  return `${Array.isArray(schema.type) ? schema.type.join(" or ") : (schema.type ?? "any")}${range ? ` (${range})` : ""}`;
}

function defaultOf(schema: JsonSchema): string {
  if (schema.default === undefined) return "—";
  if (typeof schema.default === "object" && schema.default !== null && Object.keys(schema.default).length === 0)
    return Array.isArray(schema.default) ? "`[]`" : schema.properties ? "(each key's default)" : "`{}`";
  return `\`${JSON.stringify(schema.default)}\``;
}
