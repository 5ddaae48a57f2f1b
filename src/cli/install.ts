// The installer behind `bun scripts/init.ts [path]`: adds gitclaw to an existing repository, or
// upgrades it there, from the gitclaw checkout this file belongs to. Idempotent: a second run changes
// nothing. The user's own files (configuration, state, lockfile, other scripts and dependencies) are
// never overwritten; gitclaw's own files (workflow, lifecycle/, src/) are replaced by this version.
import { existsSync, mkdirSync, readdirSync, readFileSync, realpathSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { CONFIG_FILE, SENTINEL_FILE } from "../config/paths.ts";

/** The gitclaw checkout this module was loaded from: the source of every installed file. */
export const GITCLAW_ROOT = fileURLToPath(new URL("../..", import.meta.url));

const WORKFLOW = ".github/workflows/gitclaw.yml";
/** Folders gitclaw owns in the target: replaced on every run. */
const MANAGED_DIRS = ["lifecycle", "src"];
/** Copied when absent; afterwards they are the user's (their TypeScript setup; deleting the sentinel switches gitclaw off). */
const SEED_FILES = ["tsconfig.json", SENTINEL_FILE];
const STATE_KEEP = ["state/issues/.gitkeep", "state/sessions/.gitkeep"];
/** Present in every installation; its absence means this is a first install. */
const INSTALLED_MARKER = "lifecycle/GITCLAW-ENABLED.ts";
const LOCKFILES = ["bun.lock", "bun.lockb"];

/** Entry points inside src/, because installed repositories get src/ but not gitclaw's scripts/. */
export const PACKAGE_SCRIPTS: Readonly<Record<string, string>> = {
  "gitclaw:doctor": "bun src/cli/doctor-cli.ts",
  "gitclaw:session": "bun src/session/render.ts",
};

export type FileStatus = "added" | "updated" | "unchanged" | "kept";

export interface FileReport {
  path: string;
  status: FileStatus;
  detail?: string;
}

export interface InstallReport {
  target: string;
  files: FileReport[];
  /** What the user still has to do, in order. */
  nextSteps: string[];
}

export class InstallError extends Error {
  override name = "InstallError";
}

function filesUnder(root: string, dir: string): string[] {
  return (readdirSync(join(root, dir), { recursive: true, encoding: "utf8" }) as string[])
    .map((name) => `${dir}/${name.split("\\").join("/")}`)
    .filter((path) => statSync(join(root, path)).isFile())
    .sort();
}

const read = (path: string): Buffer | undefined => (existsSync(path) ? readFileSync(path) : undefined);

function write(path: string, content: Buffer | string): void {
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, content);
}

/** Copies `path` from the source to the target, replacing what is there unless `replace` is false. */
function copy(source: string, target: string, path: string, replace: boolean): FileReport {
  const wanted = readFileSync(join(source, path));
  const present = read(join(target, path));
  if (present?.equals(wanted)) return { path, status: "unchanged" };
  if (present && !replace) return { path, status: "kept", detail: "yours" };
  write(join(target, path), wanted);
  return { path, status: present ? "updated" : "added" };
}

type PackageJson = Record<string, unknown> & {
  dependencies?: Record<string, string>;
  scripts?: Record<string, string>;
};

function readPackageJson(path: string): PackageJson | undefined {
  const text = read(path)?.toString("utf8");
  if (text === undefined) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    if (json !== null && typeof json === "object" && !Array.isArray(json)) return json as PackageJson;
  } catch {
    // Reported below, with what to do.
  }
  throw new InstallError(`${path} is not a JSON object; fix it and run init again.`);
}

/** Adds gitclaw's runtime dependencies (at gitclaw's exact versions) and its scripts; everything else stays as it was. */
function mergePackageJson(source: string, target: string): FileReport {
  const gitclaw = readPackageJson(join(source, "package.json"));
  const path = join(target, "package.json");
  const text = read(path)?.toString("utf8");
  const pkg: PackageJson = readPackageJson(path) ?? { private: true, type: "module" };
  const dependencies = { ...pkg.dependencies };
  const scripts = { ...pkg.scripts };
  const added: string[] = [];
  const changes: string[] = [];
  for (const [name, version] of Object.entries(gitclaw?.dependencies ?? {})) {
    const present = dependencies[name];
    if (present === version) continue;
    if (present === undefined) added.push(name);
    else changes.push(`${name} ${present} → ${version}`);
    dependencies[name] = version;
  }
  const addedScripts: string[] = [];
  for (const [name, command] of Object.entries(PACKAGE_SCRIPTS)) {
    if (scripts[name] === command) continue;
    if (scripts[name] === undefined) addedScripts.push(name);
    else changes.push(`script ${name} updated`);
    scripts[name] = command;
  }
  if (text !== undefined && added.length + changes.length + addedScripts.length === 0)
    return { path: "package.json", status: "unchanged" };

  pkg.scripts = scripts;
  // Sorted like `bun add` leaves them, so later `bun add`s do not reorder what we wrote.
  pkg.dependencies = Object.fromEntries(Object.entries(dependencies).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const indent = text?.match(/^([ \t]+)"/m)?.[1] ?? "  ";
  writeFileSync(path, `${JSON.stringify(pkg, null, indent)}\n`);
  const detail = [
    ...(added.length ? [`dependencies added: ${added.join(", ")}`] : []),
    ...(addedScripts.length ? [`scripts added: ${addedScripts.join(", ")}`] : []),
    ...changes,
  ].join("; ");
  return { path: "package.json", status: text === undefined ? "added" : "updated", detail };
}

/**
 * A new repository gets gitclaw's lockfile, so it runs the versions gitclaw was tested with, then
 * `bun install --lockfile-only` fits it to the target's package.json: as copied, its root entry still
 * lists gitclaw's devDependencies and the workflow's `bun install --frozen-lockfile` would refuse it.
 * An existing lockfile is the user's and stays; it only needs `bun install` when package.json changed.
 */
function installLockfile(
  source: string,
  target: string,
  packageChanged: boolean,
): { report: FileReport; step?: string } {
  const existing = LOCKFILES.find((name) => existsSync(join(target, name)));
  const refresh = "Run `bun install` and commit the updated lockfile: the workflow installs with `--frozen-lockfile`.";
  if (existing)
    return {
      report: {
        path: existing,
        status: packageChanged ? "kept" : "unchanged",
        detail: packageChanged ? "yours" : undefined,
      },
      step: packageChanged ? refresh : undefined,
    };
  write(join(target, "bun.lock"), readFileSync(join(source, "bun.lock")));
  // Offline this only prunes; resolving dependencies of the user's that gitclaw's lockfile lacks needs the registry.
  const fit = Bun.spawnSync([process.execPath, "install", "--lockfile-only"], {
    cwd: target,
    stdout: "pipe",
    stderr: "pipe",
    timeout: 120_000,
  });
  if (fit.exitCode === 0) return { report: { path: "bun.lock", status: "added" } };
  const why = fit.stderr.toString().trim().split("\n").at(-1);
  return {
    report: { path: "bun.lock", status: "added", detail: `not yet fitted to package.json: ${why}` },
    step: refresh,
  };
}

/** The Actions job runs `bun install` in the checkout and the agent commits with `git add -A`: node_modules must be ignored. */
function ignoreNodeModules(target: string): FileReport {
  const path = join(target, ".gitignore");
  const text = read(path)?.toString("utf8");
  // The repository's own .gitignore, not `git check-ignore`: a global excludes file on this machine is absent on the runner.
  if (text !== undefined && /^\/?(\*\*\/)?node_modules\/?\s*$/m.test(text))
    return { path: ".gitignore", status: "unchanged" };
  const separator = text === undefined || text === "" || text.endsWith("\n") ? "" : "\n";
  writeFileSync(path, `${text ?? ""}${separator}node_modules/\n`);
  return { path: ".gitignore", status: text === undefined ? "added" : "updated", detail: "node_modules/ ignored" };
}

export function install(targetDir: string, source = GITCLAW_ROOT): InstallReport {
  const target = resolve(targetDir);
  if (!existsSync(target) || !statSync(target).isDirectory()) throw new InstallError(`${target} is not a directory.`);
  if (!existsSync(join(target, ".git")))
    throw new InstallError(
      `${target} is not the root of a git repository (no .git): gitclaw's workflow must be at the root.`,
    );
  if (realpathSync(target) === realpathSync(source))
    throw new InstallError(`${target} is gitclaw's own checkout; pass the repository to install into.`);

  const managed = [WORKFLOW, ...MANAGED_DIRS.flatMap((dir) => filesUnder(source, dir))];
  const upgrade = existsSync(join(target, INSTALLED_MARKER));
  // On a first install a different file at one of gitclaw's paths is the user's own (a src/config.ts of
  // their app): refuse before writing anything rather than overwrite it.
  if (!upgrade) {
    const conflicts = managed.filter((path) => {
      const present = read(join(target, path));
      return present !== undefined && !present.equals(readFileSync(join(source, path)));
    });
    if (conflicts.length > 0) {
      throw new InstallError(
        `these files exist and are not gitclaw's, so init would overwrite them: ${conflicts.join(", ")}. Move them away and run init again.`,
      );
    }
  }

  const files: FileReport[] = managed.map((path) => copy(source, target, path, true));
  for (const path of SEED_FILES) {
    // A sentinel missing after an install was deleted to switch gitclaw off: an upgrade must not switch it back on.
    const switchedOff = upgrade && path === SENTINEL_FILE && !existsSync(join(target, path));
    files.push(
      switchedOff
        ? { path, status: "kept", detail: "absent: gitclaw stays switched off" }
        : copy(source, target, path, false),
    );
  }
  for (const path of STATE_KEEP) {
    const present = existsSync(join(target, path));
    if (!present) write(join(target, path), "");
    files.push({ path, status: present ? "unchanged" : "added" });
  }
  if (existsSync(join(target, CONFIG_FILE))) files.push({ path: CONFIG_FILE, status: "kept", detail: "yours" });
  files.push(ignoreNodeModules(target));
  const pkg = mergePackageJson(source, target);
  files.push(pkg);
  const lockfile = installLockfile(source, target, pkg.status !== "unchanged");
  files.push(lockfile.report);

  const firstInstall = files.some((f) => f.path === WORKFLOW && f.status === "added");
  const changed = files.filter((f) => f.status === "added" || f.status === "updated");
  const nextSteps: string[] = [];
  if (lockfile.step) nextSteps.push(lockfile.step);
  if (firstInstall) {
    nextSteps.push(
      "Add the repository secret `ANTHROPIC_API_KEY` (Settings → Secrets and variables → Actions), or configure another model in `.github/gitclaw.json`.",
    );
  }
  if (changed.length > 0) {
    const paths = [
      ...new Set(changed.map((f) => (/^(lifecycle|src|state)\//.test(f.path) ? `${f.path.split("/")[0]}/` : f.path))),
    ];
    nextSteps.push(
      `Commit and push: \`git add ${paths.join(" ")} && git commit -m "${firstInstall ? "Add" : "Upgrade"} gitclaw" && git push\``,
    );
  }
  if (firstInstall)
    nextSteps.push("Open an issue: 👀 appears within seconds, the reply follows when the agent is done.");
  return { target, files, nextSteps };
}

/**
 * The report as printed: each added, updated or kept file (files added to gitclaw's own folders are
 * counted per folder: a first install adds dozens), how many are unchanged, then the next steps.
 */
export function formatReport(report: InstallReport): string {
  const rows: { status: FileStatus; text: string; files?: number }[] = [];
  const folderRows = new Map<string, (typeof rows)[number]>();
  for (const file of report.files) {
    if (file.status === "unchanged") continue;
    const folder = MANAGED_DIRS.find((dir) => file.path.startsWith(`${dir}/`));
    if (folder === undefined || file.status !== "added") {
      rows.push({ status: file.status, text: `${file.path}${file.detail ? ` (${file.detail})` : ""}` });
      continue;
    }
    let row = folderRows.get(folder);
    if (!row) {
      row = { status: "added", text: `${folder}/`, files: 0 };
      folderRows.set(folder, row);
      rows.push(row);
    }
    row.files = (row.files ?? 0) + 1;
  }
  const lines = [`gitclaw init ${report.target}`, ""];
  for (const row of rows)
    lines.push(`  ${row.status.padEnd(9)}  ${row.text}${row.files ? ` (${fileCount(row.files)})` : ""}`);
  const unchanged = report.files.filter((f) => f.status === "unchanged").length;
  if (unchanged === report.files.length) lines.push("  Everything unchanged: gitclaw is up to date.");
  else if (unchanged > 0) lines.push(`  unchanged  ${fileCount(unchanged)}`);
  if (report.nextSteps.length > 0) {
    lines.push("", "Next steps:");
    report.nextSteps.forEach((step, i) => lines.push(`  ${i + 1}. ${step}`));
  }
  return `${lines.join("\n")}\n`;
}

const fileCount = (n: number) => `${n} file${n === 1 ? "" : "s"}`;
