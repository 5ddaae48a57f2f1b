// Bundles what gitclaw ships into dist/: the lifecycle stages the action runs, and the command line
// (`gitclaw init|doctor|session`, the package's bin). Each file is self-contained, so a run needs no
// `bun install`, `bunx gitclaw` needs no dependencies, and nothing of the user's checkout is resolved
// at run time. `bun run build` writes dist/; test/unit/dist.test.ts fails when the committed dist/ is stale.
import { chmodSync, existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { BunPlugin } from "bun";

export const STAGES = ["GITCLAW-ENABLED", "GITCLAW-INDICATOR", "GITCLAW-AGENT", "GITCLAW-APPROVAL"] as const;
/** The package's bin (package.json), run by `bunx gitclaw …`. */
export const CLI = "gitclaw.js";
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/**
 * `gitclaw local` builds its events from GitHub's webhook examples (test/support/payloads.ts), which
 * are 3 MB of every event; it only ever sends issues and issue_comment ones, so the command line
 * bundles those alone, and their examples' descriptions not at all.
 */
export const LOCAL_EVENTS = ["issues", "issue_comment"];
const localSandboxExamples: BunPlugin = {
  name: "local-sandbox-webhook-examples",
  setup(builder) {
    builder.onLoad({ filter: /webhooks-examples[\\/]api\.github\.com[\\/]index\.json$/ }, async ({ path }) => {
      const all = (await Bun.file(path).json()) as { name: string; examples: unknown[] }[];
      const kept = all.filter((definition) => LOCAL_EVENTS.includes(definition.name));
      return { contents: JSON.stringify(kept.map(({ name, examples }) => ({ name, examples }))), loader: "json" };
    });
  },
};

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
    plugins: [localSandboxExamples],
  });
  for (const result of [stages, cli]) if (!result.success) throw new AggregateError(result.logs, "bun build failed");
  chmodSync(join(outdir, CLI), 0o755);
  return [...stages.outputs, ...cli.outputs].map((output) => output.path);
}

/** The files of `committed` that differ from a fresh build of the sources (missing, extra or changed), by name. */
export async function staleDist(committed: string, scratch: string): Promise<string[]> {
  await build(scratch);
  const names = (dir: string) => (existsSync(dir) ? readdirSync(dir) : []);
  const fresh = names(scratch);
  const stale = [...new Set([...fresh, ...names(committed)])].filter((name) => {
    const [a, b] = [join(committed, name), join(scratch, name)];
    return !existsSync(a) || !existsSync(b) || !readFileSync(a).equals(readFileSync(b));
  });
  rmSync(scratch, { recursive: true, force: true });
  return stale.sort();
}

if (import.meta.main) {
  // `bun scripts/build.ts --check`: exit 1 naming the stale files when dist/ is not the build of the sources.
  if (Bun.argv.includes("--check")) {
    const stale = await staleDist(join(ROOT, "dist"), join(ROOT, ".tmp", "dist-check"));
    if (stale.length > 0) console.log(stale.join("\n"));
    process.exit(stale.length > 0 ? 1 : 0);
  }
  const written = await build(join(ROOT, "dist"));
  for (const path of written) console.log(`built ${path.slice(ROOT.length)}`);
}
