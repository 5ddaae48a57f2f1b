// docs/configuration.md is generated from the configuration's schema: the committed page must be
// exactly what the schema generates now (run `bun run docs:config` and commit it when this fails).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { configurationReference, REFERENCE_FILE } from "../../../scripts/lib/config-reference.ts";
import { Config, parseConfig } from "../../../src/config/config.ts";
import { PROJECT_ROOT } from "../../support/workflow.ts";

/** Every key of the schema, dotted, parents before their keys. */
function schemaKeys(schema: { properties?: Record<string, unknown> }, prefix = ""): string[] {
  return Object.entries(schema.properties ?? {}).flatMap(([name, property]) => [
    `${prefix}${name}`,
    ...schemaKeys(property as { properties?: Record<string, unknown> }, `${prefix}${name}.`),
  ]);
}

describe(REFERENCE_FILE, () => {
  const page = configurationReference();

  it("is what the schema generates (run `bun run docs:config` and commit it when this fails)", () => {
    expect(readFileSync(join(PROJECT_ROOT, REFERENCE_FILE), "utf8")).toBe(page);
  });

  it("has a row for every key of the schema, with its default as a run takes it", () => {
    const keys = schemaKeys(z.toJSONSchema(Config, { io: "input", unrepresentable: "any" }) as never);
    const rows = [...page.matchAll(/^\| `([^`]+)` \|/gm)].map((match) => match[1]);
    expect(rows).toEqual(keys);
    expect(keys.length).toBeGreaterThan(60);
    const defaults = parseConfig({});
    expect(page).toContain(`| \`budgets.maxTurns\` | integer (≥ 1, ≤ 1000) | \`${defaults.budgets.maxTurns}\` |`);
    expect(page).toContain(`| \`delivery\` | \`"push"\` \\| \`"pull-request"\` | \`"${defaults.delivery}"\` |`);
  });
});
