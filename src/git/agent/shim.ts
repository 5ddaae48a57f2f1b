// The tools' `git` (./git-shim.sh, a shell script of its own): first on the tools' PATH, it points git
// at the agent's repository where a command works in a git directory gitclaw keeps. Installed here
// into the agent's bin directory, beside the two files it reads: `real-git` (the git it runs) and
// `repos` (which agent repository serves which trusted git directory).
import { lstatSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import shim from "./git-shim.sh" with { type: "text" };

/** Which agent repository serves which trusted git directory, for the tools' `git`: "<trusted>\t<agent>" lines. */
const REPOS_FILE = "repos";
/** The real git the tools' `git` runs, one line. */
const REAL_GIT_FILE = "real-git";

/** A value the shim sets (`name="…"`), as it says it. */
function shimValue(name: string): string {
  const value = new RegExp(`^${name}="([^"$\`\\\\]*)"$`, "m").exec(shim)?.[1];
  if (value === undefined) throw new Error(`git-shim.sh sets no ${name}`);
  return value;
}

/** One line for `git push`: tool commands hold no credential, gitclaw delivers. */
export const PUSH_ANSWER = shimValue("push_answer");
/** One line for `git push --force` (and `+` refspecs): nothing forces. */
export const FORCE_PUSH_ANSWER = shimValue("force_push_answer");
/** One line for `git push --delete` (and `:branch` refspecs): nothing deletes. */
export const DELETE_PUSH_ANSWER = shimValue("delete_push_answer");

/**
 * Installs the tools' `git` in `binDir`: it runs the first git on the tools' `path`, and the agent's
 * repository `repo.gitDir` serves the trusted git directory `repo.trustedGitDir`.
 */
export function installGitShim(binDir: string, path: string, repo: { trustedGitDir: string; gitDir: string }): void {
  writeFileSync(join(binDir, REAL_GIT_FILE), `${realGit(path)}\n`, { mode: 0o644 });
  writeFileSync(join(binDir, "git"), shim, { mode: 0o755 });
  writeFileSync(join(binDir, REPOS_FILE), `${repo.trustedGitDir}\t${repo.gitDir}\n`, { mode: 0o644 });
}

/** Has the tools' `git` in `binDir` serve `trustedGitDir` from `gitDir`, replacing any repository that did. */
export function mapTrustedGitDir(binDir: string, repo: { trustedGitDir: string; gitDir: string }): void {
  const map = join(binDir, REPOS_FILE);
  const others = readFileSync(map, "utf8")
    .split("\n")
    .filter((line) => line && !line.startsWith(`${repo.trustedGitDir}\t`));
  writeFileSync(map, [...others, `${repo.trustedGitDir}\t${repo.gitDir}`, ""].join("\n"));
}

function realGit(path: string): string {
  for (const dir of path.split(":")) {
    const candidate = join(dir, "git");
    try {
      if (lstatSync(candidate).isFile() || lstatSync(realpathSync(candidate)).isFile()) return candidate;
    } catch {
      // not there
    }
  }
  return "/usr/bin/git";
}
