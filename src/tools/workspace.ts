// Path confinement for the file tools: every path resolves inside the workspace, also after
// following symlinks, and the writing tools never touch `.git/` or a protected path.
import { readlinkSync, realpathSync } from "node:fs";
import { basename, dirname, isAbsolute, join, relative, resolve, sep } from "node:path";

/** An expected, model-facing refusal (bad path); the message is shown as is. */
class PathError extends Error {}

export interface WorkspacePath {
  /** Absolute path with every existing symlink followed: the file the tools actually touch. */
  real: string;
  /** Workspace-relative path with `/` separators, for messages. */
  display: string;
}

/** Symlink hops followed by hand before giving up, as the kernel's ELOOP limit does. */
const MAX_SYMLINK_HOPS = 40;

export const isInside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};

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

export function resolveWorkspacePath(workspace: string, input: string): WorkspacePath {
  if (input.trim() === "") throw new PathError("Path must not be empty.");
  if (input.startsWith("~")) throw new PathError(`Path is outside the workspace: ${input} (use a path relative to the workspace).`);
  const root = resolve(workspace);
  const realRoot = realpathSync(root);
  const absolute = resolve(root, input);
  // An absolute path may name the workspace by its real location (e.g. /private/tmp for /tmp).
  const base = isInside(root, absolute) ? root : isInside(realRoot, absolute) ? realRoot : undefined;
  if (base === undefined) throw new PathError(`Path is outside the workspace: ${input} (paths must stay inside ${root}).`);
  const real = realPathAllowingMissing(absolute);
  if (!isInside(realRoot, real)) {
    throw new PathError(`Path leads outside the workspace through a symlink: ${input} -> ${real}.`);
  }
  return { real, display: toDisplay(base, absolute) };
}

const escapeRegExp = (text: string): string => text.replace(/[.+^${}()|[\]\\]/g, "\\$&");

/**
 * Compiles a glob-like prefix: `*` and `?` stay within a path segment, `**` crosses segments. A
 * pattern ending in `/` matches everything below it; otherwise it matches the path itself and
 * everything below. Case-insensitive, so a case-insensitive file system cannot be used to slip by.
 */
const compileProtectedPattern = (pattern: string): RegExp => {
  const normalised = pattern.trim().replace(/\\/g, "/").replace(/^(\.\/|\/)+/, "");
  let body = "";
  for (let i = 0; i < normalised.length; i++) {
    const char = normalised[i] ?? "";
    if (normalised.startsWith("**/", i)) {
      body += "(?:.*/)?";
      i += 2;
    } else if (normalised.startsWith("**", i)) {
      body += ".*";
      i += 1;
    } else if (char === "*") body += "[^/]*";
    else if (char === "?") body += "[^/]";
    else body += escapeRegExp(char);
  }
  return new RegExp(`^${body}${normalised.endsWith("/") ? "" : "(?:/|$)"}`, "i");
};

const isUnderGitDir = (display: string): boolean => display.split("/").some((segment) => segment.toLowerCase() === ".git");

/** Throws a PathError when the writing tools must not touch this path. */
export function assertWritable(workspace: string, path: WorkspacePath, protectedPaths: readonly string[]): void {
  // Check the path as given and where its symlinks lead: a link inside the workspace may point into `.git/`.
  const candidates = [path.display, toDisplay(realpathSync(resolve(workspace)), path.real)];
  for (const candidate of candidates) {
    if (isUnderGitDir(candidate)) throw new PathError(`Refusing to write under .git/: ${path.display}.`);
    for (const pattern of protectedPaths) {
      if (compileProtectedPattern(pattern).test(candidate)) {
        throw new PathError(`Refusing to write ${path.display}: it is under the protected path ${pattern}.`);
      }
    }
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
  }
  return `Cannot access ${display}: ${error instanceof Error ? error.message : String(error)}`;
}
