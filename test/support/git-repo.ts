// Temporary repositories with a bare `origin`, real git: what the Actions checkout looks like.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { execa } from "execa";

export interface TempRepo {
  root: string;
  /** The working clone (the "checkout"). */
  dir: string;
  /** The bare remote it pushes to. */
  origin: string;
  git(...args: string[]): Promise<string>;
  /** Runs git in the bare origin (e.g. `log main`). */
  originGit(...args: string[]): Promise<string>;
  /** Another clone of origin, e.g. to push a competing commit. */
  clone(name: string): Promise<string>;
  cleanup(): void;
}

export async function git(cwd: string, ...args: string[]): Promise<string> {
  const result = await execa("git", args, { cwd, env: { GIT_TERMINAL_PROMPT: "0" } });
  return String(result.stdout).trim();
}

export async function commitFile(
  cwd: string,
  path: string,
  content: string,
  message = `edit ${path}`,
): Promise<string> {
  mkdirSync(dirname(join(cwd, path)), { recursive: true });
  writeFileSync(join(cwd, path), content);
  await git(cwd, "add", path);
  await git(cwd, "-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", message);
  return git(cwd, "rev-parse", "HEAD");
}

/** A bare origin with one commit on `main` holding `files`, and a clone of it. */
export async function createTempRepo(files: Record<string, string> = { "README.md": "# demo\n" }): Promise<TempRepo> {
  const root = mkdtempSync(join(tmpdir(), "gitclaw-repo-"));
  const origin = join(root, "origin.git");
  const seed = join(root, "seed");
  await execa("git", ["init", "-q", "--bare", "-b", "main", origin]);
  await execa("git", ["init", "-q", "-b", "main", seed]);
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(seed, path)), { recursive: true });
    writeFileSync(join(seed, path), content);
  }
  await git(seed, "add", "-A");
  await git(seed, "-c", "user.name=Test", "-c", "user.email=test@example.com", "commit", "-q", "-m", "initial");
  await git(seed, "remote", "add", "origin", origin);
  await git(seed, "push", "-q", "origin", "main");
  const clone = async (name: string) => {
    const dir = join(root, name);
    await execa("git", ["clone", "-q", origin, dir]);
    return dir;
  };
  const dir = await clone("work");
  return {
    root,
    dir,
    origin,
    git: (...args) => git(dir, ...args),
    originGit: (...args) => git(origin, ...args),
    clone,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
}
