// `bun run release <version>`: cuts a release of gitclaw from a clean checkout whose dist/ is the
// build of its sources. It names the CHANGELOG's unreleased section after the version and date, sets
// package.json's version, rebuilds dist/ (which bundles the version), commits, tags vX.Y.Z, moves the major tag (v1) to it, and pushes the branch
// and both tags to origin; the tag push starts .github/workflows/release.yml, which publishes the
// package. Any refusal is one line saying what to do, before anything is changed.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { execa } from "execa";
import { ActionableError } from "../../src/errors.ts";

export class ReleaseError extends ActionableError {
  override name = "ReleaseError";
}

type Out = (line: string) => void;

export interface ReleaseIo {
  /** The gitclaw checkout to release. */
  cwd: string;
  out: Out;
  /** Today, as the CHANGELOG dates the release (YYYY-MM-DD). */
  today?: string;
}

const git = async (cwd: string, args: string[]) => (await execa("git", args, { cwd, stdin: "ignore" })).stdout.trim();

export async function release(version: string | undefined, io: ReleaseIo): Promise<void> {
  const tag = checkVersion(version);
  await checkClean(io.cwd);
  await checkDist(io.cwd);
  await checkNewTag(io.cwd, tag);
  const changelog = changelogFor(readFileSync(join(io.cwd, "CHANGELOG.md"), "utf8"), tag, io.today);
  writeFileSync(join(io.cwd, "CHANGELOG.md"), changelog);
  setVersion(join(io.cwd, "package.json"), version!);
  // `gitclaw --version` is bundled: the tagged dist/ is built with the new version.
  await execa("bun", ["scripts/build.ts"], { cwd: io.cwd, stdin: "ignore" });
  const major = await tagRelease(io.cwd, tag);
  const branch = await git(io.cwd, ["symbolic-ref", "--short", "HEAD"]);
  await git(io.cwd, ["push", "-q", "origin", branch, tag]);
  await git(io.cwd, ["push", "-q", "--force", "origin", major]);
  io.out(
    `released ${tag}: pushed ${branch} and ${tag}, moved ${major} to it; the release workflow publishes the package`,
  );
}

/** `1.2.3` → `v1.2.3`; anything else is refused. */
function checkVersion(version: string | undefined): string {
  if (!version || !/^\d+\.\d+\.\d+$/.test(version))
    throw new ReleaseError(`expected a version X.Y.Z (e.g. 1.0.0), got ${JSON.stringify(version ?? "")}`);
  return `v${version}`;
}

async function checkClean(cwd: string): Promise<void> {
  const changed = (await git(cwd, ["status", "--porcelain"])).split("\n").filter(Boolean);
  if (changed.length > 0)
    throw new ReleaseError(
      `the working tree is not clean (${changed.length} changed: ${changed
        .slice(0, 3)
        .map((line) => line.slice(3))
        .join(", ")}): commit or remove the changes first`,
    );
}

/** dist/ is what the action runs: it must be the build of the sources being tagged. */
async function checkDist(cwd: string): Promise<void> {
  const check = await execa("bun", ["scripts/build.ts", "--check"], { cwd, reject: false, stdin: "ignore" });
  if (check.exitCode !== 0)
    throw new ReleaseError(
      `dist/ is stale (${check.stdout.trim().split("\n").join(", ") || check.stderr.trim().split("\n")[0]}): run \`bun run build\` and commit dist/ first`,
    );
}

async function checkNewTag(cwd: string, tag: string): Promise<void> {
  const exists = await execa("git", ["rev-parse", "--verify", "--quiet", `refs/tags/${tag}`], { cwd, reject: false });
  if (exists.exitCode === 0) throw new ReleaseError(`${tag} is already tagged: choose the next version`);
}

/** The unreleased section named after the release: `## v1.0.0 (unreleased)` → `## v1.0.0 (2026-12-07)`. */
export function changelogFor(text: string, tag: string, today = new Date().toISOString().slice(0, 10)): string {
  const heading = /^## [^\n]*\(unreleased\)[^\n]*$/m;
  if (!heading.test(text))
    throw new ReleaseError("CHANGELOG.md has no (unreleased) section: write what the release changes under one first");
  return text.replace(heading, `## ${tag} (${today})`);
}

function setVersion(path: string, version: string): void {
  const text = readFileSync(path, "utf8");
  writeFileSync(path, text.replace(/^( {2}"version": )"[^"]*"/m, `$1"${version}"`));
}

/** Commits the release, tags it, and moves the major tag (v1 for v1.2.3) to it; returns the major tag. */
async function tagRelease(cwd: string, tag: string): Promise<string> {
  const major = tag.split(".")[0]!;
  await git(cwd, ["add", "--", "CHANGELOG.md", "package.json", "dist"]);
  await git(cwd, ["commit", "-q", "-m", `Release ${tag}`]);
  await git(cwd, ["tag", "-a", tag, "-m", `gitclaw ${tag}`]);
  // The major tag is what `uses: gitclaw/gitclaw@v1` resolves: it follows the newest release of v1.
  await git(cwd, ["tag", "-f", "-a", major, "-m", `gitclaw ${major}: the newest ${major}.x.y (${tag})`]);
  return major;
}
