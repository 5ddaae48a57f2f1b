// Footprint: a cold `bun install --frozen-lockfile --production` (empty cache: BUN_INSTALL_CACHE_DIR
// is a fresh temp dir; packages come from the npm registry) and the size of the node_modules it
// leaves, for gitclaw (its package.json and bun.lock, production dependencies only) against pi (a
// project with only @mariozechner/pi-coding-agent@0.73.1 and its lockfile, kept in
// bench/footprint-pi/ so every run installs the same tree). Alternating, a fresh project dir and
// cache each time.
import { copyFileSync } from "node:fs";
import { join } from "node:path";
import { alternate, exec, mb, median, ms, PROJECT_ROOT, ratio, summary, tempDir, type Benchmark } from "./lib.ts";

const SOURCES = { gitclaw: PROJECT_ROOT, pi: join(PROJECT_ROOT, "bench/footprint-pi") } as const;

/** Installs one side cold; returns the install's wall time and the node_modules size in bytes. */
async function coldInstall(side: keyof typeof SOURCES): Promise<{ wallMs: number; bytes: number; packages: number }> {
  const dir = tempDir(`footprint-${side}`);
  for (const file of ["package.json", "bun.lock"]) copyFileSync(join(SOURCES[side], file), join(dir, file));
  const env = { ...process.env, BUN_INSTALL_CACHE_DIR: tempDir("bun-cache") };
  const install = await exec(["bun", "install", "--frozen-lockfile", "--production"], { cwd: dir, env });
  const packages = Number(/(\d+) packages? installed/.exec(install.stdout + install.stderr)?.[1] ?? Number.NaN);
  // Apparent size of every file, as `du -sb` counts it (hard links from the cache counted once).
  const bytes = Number((await exec(["du", "-sb", "node_modules"], { cwd: dir })).stdout.split("\t")[0]);
  return { wallMs: install.wallMs, bytes, packages };
}

export const footprint: Benchmark = {
  name: "footprint",
  title: "Installed size and cold install",
  method:
    "`bun install --frozen-lockfile --production` with `BUN_INSTALL_CACHE_DIR` a fresh temp dir (npm registry) in a fresh dir holding gitclaw's package.json and bun.lock, against one holding bench/footprint-pi/ (only @mariozechner/pi-coding-agent@0.73.1 and its lockfile); size is `du -sb node_modules`.",
  defaultReps: 3,
  async run(ctx) {
    const sizes: Record<string, number[]> = { gitclaw: [], pi: [] };
    const packages: Record<string, number> = {};
    const side = (name: keyof typeof SOURCES) => async () => {
      const result = await coldInstall(name);
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
          figure: "Footprint: node_modules size (production)",
          gitclaw: mb(gs),
          reference: `${mb(ps)} (pi)`,
          ratio: ratio(gs, ps, third),
          target: "≤ 1/3",
          met: gs / ps <= third,
        },
        {
          figure: "Footprint: cold `bun install --frozen-lockfile`",
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
