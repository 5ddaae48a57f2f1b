// Path confinement for the file tools: every path resolves inside the workspace or inside one PR
// worktree of the run (github pr_checkout), also after following symlinks, and the writing tools
// never touch `.git` or a protected path, both judged relative to that root.
import { lstatSync, readlinkSync, realpathSync } from "node:fs";
import { chmod, stat } from "node:fs/promises";
import { basename, dirname, join, relative, resolve, sep } from "node:path";
import { protectedBy } from "../../git/protected.ts";
import { isInside } from "../../paths.ts";

/** An expected, model-facing refusal (bad path); the message is shown as is. */
export class PathError extends Error {}

export interface ToolPath {
  /** Absolute path with every existing symlink followed: the file the tools actually touch. */
  real: string;
  /** For messages: workspace-relative, or absolute in a PR worktree (as pr_checkout reports it). */
  display: string;
  /** The path below its root with `/` separators, as given: what the .git and protected-path rules see. */
  relative: string;
  /** Real path of the root the path stays in: the workspace or one PR worktree. */
  root: string;
  /** In a PR worktree (or a sub-agent's shared workspace), which tool commands (the sandbox's user) must be able to change too. */
  worktree: boolean;
}

/** Symlink hops followed by hand before giving up, as the kernel's ELOOP limit does. */
const MAX_SYMLINK_HOPS = 40;

const toDisplay = (root: string, path: string): string => relative(root, path).split(sep).join("/") || ".";

/**
 * realpath for paths that may not exist yet: follows symlinks of the existing part, including a
 * dangling symlink at the end (writing through it would create its target), then appends the rest.
 */
const realPathAllowingMissing = (path: string, hops = 0): string => {
  try {
    return realpathSync(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== "ENOENT" && code !== "ENOTDIR") throw error;
  }
  let target: string | undefined;
  try {
    target = readlinkSync(path);
  } catch {
    target = undefined;
  }
  if (target !== undefined) {
    if (hops >= MAX_SYMLINK_HOPS) throw new PathError(`Too many levels of symbolic links: ${path}`);
    return realPathAllowingMissing(resolve(dirname(path), target), hops + 1);
  }
  const parent = dirname(path);
  if (parent === path) return path;
  return join(realPathAllowingMissing(parent, hops), basename(path));
};

/** The directory's real path; as given while it does not exist (no worktree yet, or the run is over). */
const realOrAsIs = (dir: string): string => {
  try {
    return realpathSync(dir);
  } catch {
    return resolve(dir);
  }
};

/** A PR worktree of the run: `<worktreesDir>/<owner>-<repo>/pr-<n>`, as pr_checkout makes them. */
interface WorktreeRoot {
  /** Its real path (worktreesDir's symlinks resolved), as pr_checkout reports it. */
  real: string;
  /** The input's path below it. */
  rest: string;
}

/** Roots the file tools may reach: the workspace, and the PR worktrees in `worktreesDir`. */
export interface PathRoots {
  workspace: string;
  worktreesDir?: string;
  /** The workspace is itself a worktree the tool user shares by permissions (a sub-agent's). */
  sharedWorkspace?: boolean;
}

/**
 * The worktree `absolute` lies in, undefined when it is not under `worktreesDir`; a PathError
 * when it is, but not inside a worktree. Only the agent can add entries to `worktreesDir` and its
 * `<owner>-<repo>` directories (see src/sandbox/sandbox.ts), so a tool command cannot plant a worktree;
 * one whose `.git` file was replaced by a directory or link is no longer taken for one.
 */
function worktreeOf(worktreesDir: string, absolute: string, input: string): WorktreeRoot | undefined {
  const dir = resolve(worktreesDir);
  const realDir = realOrAsIs(dir);
  const base = isInside(dir, absolute) ? dir : isInside(realDir, absolute) ? realDir : undefined;
  if (base === undefined) return undefined;
  const [owner, name, ...rest] = relative(base, absolute).split(sep).filter(Boolean);
  const real = owner && name ? join(realDir, owner, name) : undefined;
  if (real === undefined || !isWorktree(real)) {
    throw new PathError(
      `Path is not inside a PR worktree: ${input} (under ${realDir} only the worktrees pr_checkout made, ${realDir}/<owner>-<repo>/pr-<n>, can be used).`,
    );
  }
  return { real, rest: rest.join("/") || "." };
}

/** A real directory (no symlink on the way) holding a `.git` file, as `git worktree add` leaves it. */
function isWorktree(path: string): boolean {
  try {
    return realpathSync(path) === path && lstatSync(join(path, ".git")).isFile();
  } catch {
    return false;
  }
}

/**
 * Resolves a tool's path argument. Relative paths are workspace-relative; an absolute path may
 * also lead into a PR worktree. After symlinks the path must stay inside the same root: the
 * workspace, or that one worktree.
 */
export function resolveToolPath(roots: PathRoots, input: string): ToolPath {
  if (input.trim() === "") throw new PathError("Path must not be empty.");
  const root = resolve(roots.workspace);
  const places = () =>
    roots.worktreesDir
      ? `${root}, or a PR worktree from pr_checkout (an absolute path under ${realOrAsIs(roots.worktreesDir)})`
      : root;
  if (input.startsWith("~"))
    throw new PathError(`Path is outside the workspace: ${input} (paths must stay inside ${places()}).`);
  const absolute = resolve(root, input);
  // Worktrees first: should the directory ever lie inside the workspace, its own rules still apply.
  const worktree = roots.worktreesDir ? worktreeOf(roots.worktreesDir, absolute, input) : undefined;
  if (worktree) {
    const display = worktree.rest === "." ? worktree.real : `${worktree.real}/${worktree.rest}`;
    const real = realPathAllowingMissing(absolute);
    if (!isInside(worktree.real, real))
      throw new PathError(
        `Path leads outside the PR worktree ${worktree.real} through a symlink: ${input} -> ${real}.`,
      );
    return { real, display, relative: worktree.rest, root: worktree.real, worktree: true };
  }
  const realRoot = realpathSync(root);
  // An absolute path may name the workspace by its real location (e.g. /private/tmp for /tmp).
  const base = isInside(root, absolute) ? root : isInside(realRoot, absolute) ? realRoot : undefined;
  if (base === undefined)
    throw new PathError(`Path is outside the workspace: ${input} (paths must stay inside ${places()}).`);
  const real = realPathAllowingMissing(absolute);
  if (!isInside(realRoot, real)) {
    throw new PathError(`Path leads outside the workspace through a symlink: ${input} -> ${real}.`);
  }
  const display = toDisplay(base, absolute);
  return { real, display, relative: display, root: realRoot, worktree: roots.sharedWorkspace === true };
}

const isUnderGitDir = (display: string): boolean =>
  display.split("/").some((segment) => segment.toLowerCase() === ".git");

/** Throws a PathError when the writing tools must not touch this path. */
export function assertWritable(path: ToolPath, protectedPaths: readonly string[]): void {
  // Check the path as given and where its symlinks lead: a link may point into `.git/`. In a PR
  // worktree `.git` is a file naming the repository's administrative directory: refused too.
  const candidates = [path.relative, toDisplay(path.root, path.real)];
  for (const candidate of candidates) {
    if (isUnderGitDir(candidate)) throw new PathError(`Refusing to write under .git/: ${path.display}.`);
    const pattern = protectedBy(candidate, protectedPaths);
    if (pattern) throw new PathError(`Refusing to write ${path.display}: it is under the protected path ${pattern}.`);
  }
}

/**
 * After a write in a PR worktree: the file, and the folders made for it (from `createdFolder` down),
 * get group write, so tool commands running as the sandbox's user can change them: the agent's
 * umask may not give it (the sandbox cannot change it on a worker thread). Only the agent's own
 * entries lacking it are changed: chmod by a non-member of the run's group would drop a folder's
 * setgid bit, and a non-root agent's default ACL grants group write already.
 */
export async function keepGroupWritable(path: ToolPath, createdFolder: string | undefined): Promise<void> {
  if (!path.worktree) return;
  const folders: string[] = [];
  for (let dir = dirname(path.real); createdFolder !== undefined && isInside(createdFolder, dir); dir = dirname(dir))
    folders.unshift(dir);
  for (const entry of [...folders, path.real]) {
    const stats = await stat(entry);
    const wanted = stats.isDirectory() ? 0o070 : 0o060;
    if ((stats.mode & wanted) !== wanted && stats.uid === process.getuid?.())
      await chmod(entry, (stats.mode & 0o7777) | wanted);
  }
}

/** A model-facing message for a failed file operation on `display`. */
export function describeFileError(error: unknown, display: string): string {
  if (error instanceof PathError) return error.message;
  switch ((error as NodeJS.ErrnoException).code) {
    case "ENOENT":
      return `File not found: ${display}`;
    case "EISDIR":
      return `Is a directory: ${display}`;
    case "ENOTDIR":
      return `A parent of ${display} is a file, not a directory.`;
    case "EACCES":
    case "EPERM":
      return `Permission denied: ${display}`;
    case "ENXIO": // a FIFO opened for writing without a reader (opened non-blocking)
      return `Not a regular file: ${display}`;
    case "ELOOP":
      // The checked path had its symlinks resolved: one here means it changed since.
      return `${display} became a symbolic link while it was being opened; nothing was changed. Try again once tool commands stop changing it.`;
  }
  return `Cannot access ${display}: ${error instanceof Error ? error.message : String(error)}`;
}
