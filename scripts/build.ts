// Bundles what gitclaw ships into dist/: the lifecycle stages the action runs, and the command line
// (`gitclaw init|doctor|session`, the package's bin). Each file is self-contained, so a run needs no
// `bun install`, `bunx gitclaw` needs no dependencies, and nothing of the user's checkout is resolved
// at run time. `bun run build` writes dist/; test/unit/dist.test.ts fails when the committed dist/ is stale.
import { chmodSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

export const STAGES = ["GITCLAW-ENABLED", "GITCLAW-INDICATOR", "GITCLAW-AGENT", "GITCLAW-APPROVAL"] as const;
/** The package's bin (package.json), run by `bunx gitclaw …`. */
export const CLI = "gitclaw.js";
const ROOT = fileURLToPath(new URL("..", import.meta.url));

export async function build(outdir: string): Promise<string[]> {
  rmSync(outdir, { recursive: true, force: true });
  // Where a file is run from must not change what it does: no tsconfig, bunfig or package.json of
  // any checkout is consulted at run time, since everything is resolved here.
  const common = { outdir, target: "bun", packages: "bundle" } as const;
  const stages = await Bun.build({
    ...common,
    entrypoints: STAGES.map((stage) => join(ROOT, "lifecycle", `${stage}.ts`)),
    naming: "[name].js",
  });
  const cli = await Bun.build({
    ...common,
    entrypoints: [join(ROOT, "src", "cli", "main.ts")],
    naming: CLI,
    banner: "#!/usr/bin/env bun",
  });
  for (const result of [stages, cli]) if (!result.success) throw new AggregateError(result.logs, "bun build failed");
  chmodSync(join(outdir, CLI), 0o755);
  return [...stages.outputs, ...cli.outputs].map((output) => output.path);
}

if (import.meta.main) {
  const written = await build(join(ROOT, "dist"));
  for (const path of written) console.log(`built ${path.slice(ROOT.length)}`);
}
