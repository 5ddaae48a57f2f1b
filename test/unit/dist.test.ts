// The action runs dist/, not the sources: dist/ must be exactly what `bun run build` makes of them.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { build } from "../../scripts/build.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

describe("dist/", () => {
  it("is the build of the current sources (run `bun run build` and commit dist/ when this fails)", async () => {
    const fresh = join(PROJECT_ROOT, ".tmp", "dist-check");
    await build(fresh);
    const committed = join(PROJECT_ROOT, "dist");
    expect(readdirSync(committed).sort()).toEqual(readdirSync(fresh).sort());
    for (const name of readdirSync(fresh)) {
      const same = readFileSync(join(committed, name)).equals(readFileSync(join(fresh, name)));
      expect(same, `dist/${name} is stale: run \`bun run build\` and commit dist/`).toBe(true);
    }
  });
});
