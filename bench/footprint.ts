// Footprint: what a user installs. gitclaw's action runs its bundles with no install at all; `bunx
// gitclaw` installs the package, and nothing else (the bundles carry their code: every package is a
// devDependency). Measured as a cold `bun install --production` (empty cache: BUN_INSTALL_CACHE_DIR
// is a fresh temp dir) in a fresh project depending on the packed tarball (`npm pack` of this
// checkout), against one holding bench/footprint-pi/ (only @mariozechner/pi-coding-agent@0.73.1 and
// its lockfile, so every run installs the same tree, from the npm registry). Alternating, a fresh
// project dir and cache each time.
import { copyFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { alternate, exec, mb, median, ms, PROJECT_ROOT, ratio, summary, tempDir, type Benchmark } from "./lib.ts";

const PI_PROJECT = join(PROJECT_ROOT, "bench/footprint-pi");

/** The package as npm would publish it. */
async function packGitclaw(): Promise<string> {
  const out = tempDir("footprint-pack");
  const pack = await exec(["npm", "pack", "--silent", "--pack-destination", out], { cwd: PROJECT_ROOT });
  return join(out, pack.stdout.trim().split("\n").at(-1)!);
}

/** A fresh project installing one side: gitclaw's tarball, or pi with its lockfile. */
function project(side: "gitclaw" | "pi", tarball: string): string {
  const dir = tempDir(`footprint-${side}`);
  if (side === "pi")
    for (const file of ["package.json", "bun.lock"]) copyFileSync(join(PI_PROJECT, file), join(dir, file));
  else
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({ private: true, dependencies: { gitclaw: `file:${tarball}` } }),
    );
  return dir;
}

/** Installs one side cold; returns the install's wall time and the node_modules size in bytes. */
async function coldInstall(dir: string): Promise<{ wallMs: number; bytes: number; packages: number }> {
  const env = { ...process.env, BUN_INSTALL_CACHE_DIR: tempDir("bun-cache") };
  const install = await exec(["bun", "install", "--production"], { cwd: dir, env });
  const packages = Number(/(\d+) packages? installed/.exec(install.stdout + install.stderr)?.[1] ?? Number.NaN);
  // Apparent size of every file, as `du -sb` counts it (hard links from the cache counted once).
  const bytes = Number((await exec(["du", "-sb", "node_modules"], { cwd: dir })).stdout.split("\t")[0]);
  return { wallMs: install.wallMs, bytes, packages };
}

export const footprint: Benchmark = {
  name: "footprint",
  title: "Installed size and cold install",
  method:
    "`bun install --production` with `BUN_INSTALL_CACHE_DIR` a fresh temp dir in a fresh project depending on gitclaw's packed tarball (`npm pack`: what `bunx gitclaw` installs; the action itself installs nothing), against one holding bench/footprint-pi/ (only @mariozechner/pi-coding-agent@0.73.1 and its lockfile, from the npm registry); size is `du -sb node_modules`.",
  defaultReps: 3,
  async run(ctx) {
    const sizes: Record<string, number[]> = { gitclaw: [], pi: [] };
    const packages: Record<string, number> = {};
    const tarball = await packGitclaw();
    const side = (name: "gitclaw" | "pi") => async () => {
      const result = await coldInstall(project(name, tarball));
      sizes[name]!.push(result.bytes);
      packages[name] = result.packages;
      return result.wallMs;
    };
    const times = await alternate(ctx, { gitclaw: side("gitclaw"), pi: side("pi") });
    const [g, p] = [median(times.gitclaw), median(times.pi)];
    const [gs, ps] = [median(sizes.gitclaw!), median(sizes.pi!)];
    ctx.log(`  ${summary("gitclaw", times.gitclaw)}\n  ${summary("pi", times.pi)}`);
    ctx.log(`  node_modules: gitclaw ${mb(gs)} (${packages.gitclaw} packages), pi ${mb(ps)} (${packages.pi} packages)`);
    const third = 1 / 3;
    return {
      rows: [
        {
          figure: "Footprint: installed size (`bunx gitclaw`: the package, no dependencies)",
          gitclaw: mb(gs),
          reference: `${mb(ps)} (pi)`,
          ratio: ratio(gs, ps, third),
          target: "≤ 1/3",
          met: gs / ps <= third,
        },
        {
          figure: "Footprint: cold install",
          gitclaw: ms(g),
          reference: `${ms(p)} (pi)`,
          ratio: ratio(g, p, third),
          target: "≤ 1/3",
          met: g / p <= third,
        },
      ],
      notes: [],
    };
  },
};
