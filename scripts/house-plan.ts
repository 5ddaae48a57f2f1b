// `bun scripts/house-plan.ts`: the drawn plan of src/. Each folder of src/ sits on a floor (FLOORS, top
// first; the files directly in src/ are the ground floor "(root)"); a file may import its own floor and
// the floors below. It prints the imports that run back up a floor, the import cycles between files
// (type-only imports count: they tie the files together for a reader as much as any), and each
// folder's share of the product's lines. Exits 1 when the plan is broken: more back-up imports than
// the deliberate ones, any cycle, or a folder larger than a fifth of the product.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";

/** Top floor first: a folder imports only from its own floor and those after it. */
export const FLOORS: readonly (readonly string[])[] = [
  ["stages", "cli"],
  ["review"],
  ["run"],
  ["tasks", "approval", "gate", "validate"],
  ["mcp", "skills", "hooks", "agents"],
  ["agent"],
  ["session"],
  ["egress"],
  ["sandbox"],
  ["config"],
  ["tools"],
  ["images"],
  ["git"],
  ["github", "actions", "cloud"],
  ["text", "fs", "(root)"],
];

/** The back-up imports the plan keeps on purpose: the configuration's schema takes these two schemas from their owners. */
export const DELIBERATE = ["src/config/config.ts -> src/mcp/config.ts", "src/config/config.ts -> src/egress/policy.ts"];

export type Graph = Map<string, string[]>;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sourceFiles(path) : path.endsWith(".ts") ? [path] : [];
  });
}

/** Every file of `src/` with the files of `src/` it imports (static, re-exported or dynamic). */
export function importGraph(root: string): Graph {
  const graph: Graph = new Map();
  for (const path of sourceFiles(join(root, "src"))) {
    const text = readFileSync(path, "utf8");
    const targets = [...text.matchAll(/(?:\bfrom|\bimport\(?)\s*["'](\.{1,2}\/[^"']+)["']/g)]
      .map((match) => relative(root, resolve(dirname(path), match[1] ?? "")))
      .filter((target) => target.startsWith("src/"));
    graph.set(relative(root, path), [...new Set(targets)]);
  }
  return graph;
}

export const folderOf = (file: string) => (file.split("/").length > 2 ? (file.split("/")[1] ?? "") : "(root)");

const floorOf = (file: string) => FLOORS.findIndex((floor) => floor.includes(folderOf(file)));

/** Imports whose target sits on a higher floor than the importer (a folder missing from FLOORS counts as up). */
export function backUpImports(graph: Graph): string[] {
  return [...graph].flatMap(([from, targets]) =>
    targets.filter((to) => floorOf(from) === -1 || floorOf(to) < floorOf(from)).map((to) => `${from} -> ${to}`),
  );
}

/** The import cycles: each strongly connected set of two or more files (Tarjan's algorithm). */
export function importCycles(graph: Graph): string[][] {
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next++);
    stack.push(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) visit(to);
      if (stack.includes(to)) low.set(file, Math.min(low.get(file) ?? 0, low.get(to) ?? 0));
    }
    if (low.get(file) !== index.get(file)) return;
    const cycle = stack.splice(stack.indexOf(file));
    if (cycle.length > 1) cycles.push(cycle.sort());
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return cycles;
}

/** Lines per folder of src/, largest first. */
export function folderLines(root: string, graph: Graph): [string, number][] {
  const lines = new Map<string, number>();
  for (const file of graph.keys()) {
    const count = readFileSync(join(root, file), "utf8").split("\n").length - 1;
    lines.set(folderOf(file), (lines.get(folderOf(file)) ?? 0) + count);
  }
  return [...lines].sort((a, b) => b[1] - a[1]);
}

function report(root: string): boolean {
  const graph = importGraph(root);
  const upward = backUpImports(graph);
  const cycles = importCycles(graph);
  const sizes = folderLines(root, graph);
  const total = sizes.reduce((sum, [, n]) => sum + n, 0);
  console.log(`imports running back up a floor: ${upward.length}`);
  for (const line of upward) console.log(`  ${line}${DELIBERATE.includes(line) ? " (deliberate)" : ""}`);
  console.log(`import cycles: ${cycles.length}`);
  for (const cycle of cycles) console.log(`  ${cycle.join(" ")}`);
  console.log(`lines: ${total} in ${graph.size} files; largest folders:`);
  for (const [folder, n] of sizes.slice(0, 5)) console.log(`  ${folder} ${n} (${((100 * n) / total).toFixed(1)}%)`);
  const stray = upward.filter((line) => !DELIBERATE.includes(line));
  return stray.length === 0 && cycles.length === 0 && (sizes[0]?.[1] ?? 0) <= total / 5;
}

if (import.meta.main) process.exit(report(process.cwd()) ? 0 : 1);
