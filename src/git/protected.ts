// Protected paths: what the agent may never change, whatever route the change takes (the file
// tools, a shell command, pr_push, a sub-agent's patch). One matcher decides for all of them.
import { changedPaths, touchedPaths } from "./status.ts";
import type { Git } from "./git.ts";

/** Always protected, whatever the configuration says: other issues' sessions and mappings. */
export const ALWAYS_PROTECTED = ["state/"] as const;

/** The configured protected paths plus the ones that are never negotiable. */
export const protectedPathsFrom = (configured: readonly string[]): string[] => [...configured, ...ALWAYS_PROTECTED];

const escapeRegExp = (text: string): string => text.replace(/[.+^${}()|[\]\\]/g, "\\$&");
const compiled = new Map<string, RegExp>();

/**
 * A glob-like prefix: `*` and `?` stay within a path segment, `**` crosses segments. A pattern
 * matches the path itself and everything below it. Case-insensitive, so neither a
 * case-insensitive file system nor `.GitHub/` slips by.
 */
function compile(pattern: string): RegExp {
  // A folder pattern (`lifecycle/`) covers the folder's own name too: a file or symlink put in its place.
  const normalised = pattern
    .trim()
    .replace(/\\/g, "/")
    .replace(/^(\.\/|\/)+/, "")
    .replace(/\/+$/, "");
  let body = "";
  for (let i = 0; i < normalised.length; i++) {
    const char = normalised[i]!;
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
  return new RegExp(`^${body}(?:/|$)`, "i");
}

/** The first protected pattern `path` (repository-relative, `/`-separated) falls under, if any. */
export function protectedBy(path: string, patterns: readonly string[]): string | undefined {
  const normalised = path.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
  return patterns.find((pattern) => {
    let regexp = compiled.get(pattern);
    if (!regexp) compiled.set(pattern, (regexp = compile(pattern)));
    return regexp.test(normalised);
  });
}

export const isProtected = (path: string, patterns: readonly string[]): boolean =>
  protectedBy(path, patterns) !== undefined;

const isOwn = (path: string, own: readonly string[]) =>
  own.some((file) => path === file || path.startsWith(file.endsWith("/") ? file : `${file}/`));

/**
 * Undoes every change to a protected path before anything is committed: restores what HEAD has,
 * removes what it does not (untracked files, and nested repositories too). `ownFiles` are the
 * orchestrator's own (this mapping, session and artifacts), the only exception under state/.
 */
export async function revertProtectedChanges(
  git: Git,
  patterns: readonly string[],
  ownFiles: readonly string[],
): Promise<string[]> {
  const refused = [...new Set(touchedPaths(await changedPaths(git)))].filter(
    (path) => !isOwn(path, ownFiles) && isProtected(path, patterns),
  );
  if (refused.length === 0) return [];
  const literal = { env: { GIT_LITERAL_PATHSPECS: "1" } };
  await git.must(["reset", "-q", "HEAD", "--", ...refused], literal);
  const inHead = new Set(
    (await git.must(["ls-tree", "-r", "-z", "--name-only", "HEAD", "--", ...refused], literal)).split("\0"),
  );
  const restore = refused.filter((path) => inHead.has(path));
  const remove = refused.filter((path) => !inHead.has(path));
  if (restore.length) await git.must(["checkout", "-q", "HEAD", "--", ...restore], literal);
  // -ff: a nested repository (an embedded checkout, a gitlink) goes too, or it would be committed.
  if (remove.length) await git.must(["clean", "-ffdq", "--", ...remove], literal);
  return refused;
}
