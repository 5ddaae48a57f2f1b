// The installer adds gitclaw to real git repositories: idempotently, merging package.json, never
// touching the user's configuration or state, and upgrading gitclaw's own files on a re-run.
import {
  existsSync,
  mkdirSync,
  readFileSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  formatReport,
  install,
  InstallError,
  PACKAGE_SCRIPTS,
  type FileStatus,
  type InstallReport,
} from "../../../src/cli/install.ts";
import { writeMapping } from "../../../src/session/mapping.ts";
import { SessionFile } from "../../../src/session/session-file.ts";
import { createTempRepo, git, type TempRepo } from "../../support/git-repo.ts";
import { PROJECT_ROOT } from "../../support/workflow.ts";

const gitclawPackage = JSON.parse(readFileSync(join(PROJECT_ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const repos: TempRepo[] = [];
afterEach(() => repos.splice(0).forEach((repo) => repo.cleanup()));

async function repoWith(files: Record<string, string> = { "README.md": "# demo\n" }): Promise<string> {
  const repo = await createTempRepo(files);
  repos.push(repo);
  return repo.dir;
}

const status = (report: InstallReport, path: string): FileStatus | undefined =>
  report.files.find((f) => f.path === path)?.status;
const readJson = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const commitAll = async (dir: string) => {
  await git(dir, "add", "-A");
  await git(dir, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "gitclaw");
};

function sourceFiles(dir: string): string[] {
  return (readdirSync(join(PROJECT_ROOT, dir), { recursive: true, encoding: "utf8" }) as string[])
    .map((name) => `${dir}/${name}`)
    .filter((path) => statSync(join(PROJECT_ROOT, path)).isFile());
}
const MANAGED = [".github/workflows/gitclaw.yml", ...sourceFiles("lifecycle"), ...sourceFiles("src")];

describe("install into a fresh repository", () => {
  it("adds everything, and a second run changes nothing", async () => {
    const dir = await repoWith();
    const first = install(dir);
    for (const path of [
      ...MANAGED,
      "tsconfig.json",
      "GITCLAW-ENABLED.md",
      "state/issues/.gitkeep",
      "state/sessions/.gitkeep",
      ".gitignore",
      "package.json",
      "bun.lock",
    ]) {
      expect(status(first, path), path).toBe("added");
    }
    for (const path of [...MANAGED, "tsconfig.json", "GITCLAW-ENABLED.md"]) {
      expect(readFileSync(join(dir, path)).equals(readFileSync(join(PROJECT_ROOT, path))), path).toBe(true);
    }
    expect(readJson(join(dir, "package.json"))).toEqual({
      private: true,
      type: "module",
      scripts: PACKAGE_SCRIPTS,
      dependencies: gitclawPackage.dependencies,
    });
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe("node_modules/\n");
    expect(first.nextSteps.join("\n")).toContain("ANTHROPIC_API_KEY");

    // The workflow's install step must accept the lockfile as written.
    const frozen = Bun.spawnSync(["bun", "install", "--frozen-lockfile", "--dry-run"], {
      cwd: dir,
      stdout: "pipe",
      stderr: "pipe",
    });
    expect(frozen.exitCode, frozen.stderr.toString()).toBe(0);

    await commitAll(dir);
    const second = install(dir);
    expect(second.files.filter((f) => f.status !== "unchanged")).toEqual([]);
    expect(second.nextSteps).toEqual([]);
    expect(formatReport(second)).toContain("Everything unchanged: gitclaw is up to date.");
    expect(await git(dir, "status", "--porcelain")).toBe("");
  });

  it("installs every package the installed code imports", async () => {
    const dir = await repoWith();
    install(dir);
    const { dependencies } = readJson(join(dir, "package.json")) as { dependencies: Record<string, string> };
    const transpiler = new Bun.Transpiler({ loader: "ts" });
    const packages = new Set<string>();
    for (const path of MANAGED.filter((p) => p.endsWith(".ts"))) {
      for (const { path: specifier } of transpiler.scanImports(readFileSync(join(dir, path), "utf8"))) {
        if (specifier.startsWith(".") || specifier.startsWith("node:") || specifier === "bun") continue;
        packages.add(
          specifier
            .split("/")
            .slice(0, specifier.startsWith("@") ? 2 : 1)
            .join("/"),
        );
      }
    }
    expect(packages.size).toBeGreaterThan(0);
    for (const name of packages) expect(dependencies, name).toHaveProperty([name]);
  });
});

describe("install into a repository with its own files", () => {
  it("merges package.json, keeping the user's scripts, dependencies, fields and indentation", async () => {
    const pkg = {
      name: "my-app",
      version: "1.2.3",
      scripts: { test: "vitest", build: "tsc -p ." },
      dependencies: { "left-pad": "^1.3.0", zod: "^3.22.0" },
      devDependencies: { typescript: "^5.0.0" },
    };
    const dir = await repoWith({
      "package.json": `${JSON.stringify(pkg, null, 4)}\n`,
      "bun.lock": "the user's lockfile\n",
      ".gitignore": "dist/",
    });
    const report = install(dir);

    const merged = readJson(join(dir, "package.json"));
    expect(merged).toEqual({
      ...pkg,
      scripts: { ...pkg.scripts, ...PACKAGE_SCRIPTS },
      dependencies: { ...gitclawPackage.dependencies, "left-pad": "^1.3.0" },
    });
    expect(readFileSync(join(dir, "package.json"), "utf8")).toMatch(/^\{\n {4}"name": "my-app",/);
    expect(report.files.find((f) => f.path === "package.json")).toMatchObject({
      status: "updated",
      detail: expect.stringContaining(`zod ^3.22.0 → ${gitclawPackage.dependencies.zod}`),
    });
    expect(readFileSync(join(dir, "bun.lock"), "utf8")).toBe("the user's lockfile\n");
    expect(status(report, "bun.lock")).toBe("kept");
    expect(report.nextSteps[0]).toContain("Run `bun install`");
    expect(readFileSync(join(dir, ".gitignore"), "utf8")).toBe("dist/\nnode_modules/\n");
  });

  it("never touches the user's configuration, state or TypeScript setup", async () => {
    const files = {
      ".github/gitclaw.json": '{ "model": "openai/gpt-4o" }\n',
      "state/issues/1.json":
        '{"issueNumber":1,"sessionPath":"state/sessions/a.jsonl","updatedAt":"2026-01-01T00:00:00.000Z"}\n',
      "state/sessions/a.jsonl": '{"type":"session","version":3,"id":"a","timestamp":"2026-01-01T00:00:00.000Z"}\n',
      "tsconfig.json": '{ "compilerOptions": { "strict": false } }\n',
    };
    const dir = await repoWith(files);
    const report = install(dir);
    for (const [path, content] of Object.entries(files))
      expect(readFileSync(join(dir, path), "utf8"), path).toBe(content);
    expect(status(report, ".github/gitclaw.json")).toBe("kept");
    expect(status(report, "tsconfig.json")).toBe("kept");
    expect(status(report, "state/issues/.gitkeep")).toBe("added");
    expect(formatReport(report)).toContain("  kept       .github/gitclaw.json (yours)");
  });

  it("refuses a first install over the user's own file at one of gitclaw's paths, writing nothing", async () => {
    const dir = await repoWith({ "src/config.ts": "export const mine = 1;\n" });
    expect(() => install(dir)).toThrow(InstallError);
    expect(() => install(dir)).toThrow(/src\/config\.ts/);
    expect(readFileSync(join(dir, "src/config.ts"), "utf8")).toBe("export const mine = 1;\n");
    expect(await git(dir, "status", "--porcelain")).toBe("");
  });

  it("refuses a directory that is not the root of a git repository", async () => {
    const dir = await repoWith();
    mkdirSync(join(dir, "sub"));
    expect(() => install(join(dir, "sub"))).toThrow(/not the root of a git repository/);
  });
});

describe("re-running init upgrades", () => {
  it("replaces gitclaw's files changed in the repository, keeps the rest, and leaves a switched-off gitclaw off", async () => {
    const dir = await repoWith();
    install(dir);
    await commitAll(dir);
    writeFileSync(join(dir, "src/git/git.ts"), "// edited in the repository\n");
    writeFileSync(join(dir, ".github/workflows/gitclaw.yml"), "name: old\n");
    writeFileSync(join(dir, "src/mine.ts"), "export {};\n");
    rmSync(join(dir, "GITCLAW-ENABLED.md"));

    const report = install(dir);
    expect(report.files.filter((f) => f.status === "updated").map((f) => f.path)).toEqual([
      ".github/workflows/gitclaw.yml",
      "src/git/git.ts",
    ]);
    expect(readFileSync(join(dir, "src/git/git.ts")).equals(readFileSync(join(PROJECT_ROOT, "src/git/git.ts")))).toBe(
      true,
    );
    expect(readFileSync(join(dir, "src/mine.ts"), "utf8")).toBe("export {};\n");
    expect(existsSync(join(dir, "GITCLAW-ENABLED.md"))).toBe(false);
    expect(report.files.find((f) => f.path === "GITCLAW-ENABLED.md")).toMatchObject({
      status: "kept",
      detail: "absent: gitclaw stays switched off",
    });
    expect(report.nextSteps).toEqual([
      expect.stringContaining('git add .github/workflows/gitclaw.yml src/ && git commit -m "Upgrade gitclaw"'),
    ]);
    expect(formatReport(report)).toContain("  updated    src/git/git.ts\n");
  });
});

describe("bun scripts/init.ts", () => {
  async function init(args: string[]) {
    const child = Bun.spawn(["bun", join(PROJECT_ROOT, "scripts/init.ts"), ...args], {
      stdout: "pipe",
      stderr: "pipe",
    });
    const [stdout, stderr, exitCode] = await Promise.all([
      new Response(child.stdout).text(),
      new Response(child.stderr).text(),
      child.exited,
    ]);
    return { stdout, stderr, exitCode };
  }

  it("installs into the given repository and prints what it did and what to do next", async () => {
    const dir = await repoWith();
    const result = await init([dir]);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain(`gitclaw init ${dir}\n`);
    expect(result.stdout).toContain("  added      .github/workflows/gitclaw.yml\n");
    expect(result.stdout).toContain(`  added      src/ (${sourceFiles("src").length} files)\n`);
    expect(result.stdout).toMatch(/Next steps:\n {2}1\. Add the repository secret `ANTHROPIC_API_KEY`/);
    expect(result.stdout).toContain('git commit -m "Add gitclaw" && git push');

    // The script entry it adds works in the installed repository.
    symlinkSync(join(PROJECT_ROOT, "node_modules"), join(dir, "node_modules"));
    const session = SessionFile.create(join(dir, "state/sessions"), { cwd: dir, id: "installed" });
    session.append({
      type: "message",
      message: { role: "user", content: [{ type: "text", text: "hello from the installed repo" }], timestamp: 1 },
    });
    writeMapping(dir, {
      issueNumber: 1,
      sessionPath: `state/sessions/${session.fileName}`,
      updatedAt: "2026-01-01T00:00:00.000Z",
    });
    const viewer = Bun.spawnSync(["bun", "run", "gitclaw:session", "1"], { cwd: dir, stdout: "pipe", stderr: "pipe" });
    expect(viewer.exitCode, viewer.stderr.toString()).toBe(0);
    expect(viewer.stdout.toString()).toContain("## User\n\nhello from the installed repo");
  });

  it("fails with one line for a path that is not a repository", async () => {
    const result = await init([join(dirname(await repoWith()), "nowhere")]);
    expect(result.exitCode).toBe(1);
    expect(result.stderr.trimEnd()).toMatch(/^gitclaw init: .*nowhere is not a directory\.$/);
  });
});
