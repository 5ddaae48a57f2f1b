// Bundles the lifecycle stages into dist/, the files the action runs: each one self-contained, so
// a run needs no `bun install`, and nothing from the user's checkout is resolved at run time.
// `bun run build` writes dist/; test/unit/dist.test.ts fails when the committed dist/ is stale.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const STAGES = ["GITCLAW-ENABLED", "GITCLAW-INDICATOR", "GITCLAW-AGENT"] as const;
const ROOT = fileURLToPath(new URL("..", import.meta.url));

export async function build(outdir: string): Promise<string[]> {
  rmSync(outdir, { recursive: true, force: true });
  const result = await Bun.build({
    entrypoints: STAGES.map((stage) => join(ROOT, "lifecycle", `${stage}.ts`)),
    outdir,
    target: "bun",
    naming: "[name].js",
    // Where a stage is run from must not change what it does: no tsconfig, bunfig or package.json
    // of any checkout is consulted at run time, since everything is resolved here.
    packages: "bundle",
  });
  if (!result.success) throw new AggregateError(result.logs, "bun build failed");
  return result.outputs.map((output) => output.path);
}

if (import.meta.main) {
  const written = await build(join(ROOT, "dist"));
  for (const path of written) console.log(`built ${path.slice(ROOT.length)}`);
}
