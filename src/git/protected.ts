// Protected paths: what the agent may never change, whatever route the change takes (the file
// tools, a shell command, pr_push, a sub-agent's patch). One matcher decides for all of them, and
// for the workflow files the job's token cannot push (held back and delivered as a patch instead).
import { changedPaths, touchedPaths, type Change } from "./status.ts";
import type { Git } from "./git.ts";

/**
 * Where GitHub takes a pushed change only from a token with the `workflows` permission, which the
 * job's token never has: the push is refused whole. Matched like protected paths, by the one matcher.
 */
export const WORKFLOW_PATHS = [".github/workflows/"] as const;

/**
 * What extends the agent itself, read only from the default branch's commit: Agent Skills
 * (src/skills/), hooks (src/hooks/), custom agents and Claude Code's settings (which hold its hooks).
 * The agent never changes them: one it wrote would act once a push reached the default branch
 * without a person's merge.
 */
export const EXTENSION_PATHS = [
  ".agents/skills/",
  ".github/skills/",
  ".claude/skills/",
  ".github/hooks/",
  ".github/agents/",
  ".claude/agents/",
  ".claude/settings.json",
] as const;

/** Always protected, whatever the configuration says: other issues' sessions and mappings, and the agent's extensions. */
export const ALWAYS_PROTECTED = ["state/", ...EXTENSION_PATHS] as const;

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

/** Whether `path` is one of `own` (a file, or under a folder ending in `/`): gitclaw's own files. */
export const isOwnFile = (path: string, own: readonly string[]) =>
  own.some((file) => path === file || path.startsWith(file.endsWith("/") ? file : `${file}/`));

/**
 * The changed paths (working tree and index) under `patterns`, except `ownFiles`, the orchestrator's own.
 * `changes`: the status already read, since on a large checkout each `git status` costs tens of ms.
 */
export async function changedPathsUnder(
  git: Git,
  patterns: readonly string[],
  ownFiles: readonly string[] = [],
  changes?: readonly Change[],
): Promise<string[]> {
  return [...new Set(touchedPaths(changes ?? (await changedPaths(git))))].filter(
    (path) => !isOwnFile(path, ownFiles) && isProtected(path, patterns),
  );
}

/**
 * Every path the commits `from..to` changed, commit by commit (a change made and undone again
 * counts; `--no-renames`: both sides of a rename), under `patterns`, except `ownFiles`. What a
 * series of commits did, judged after the fact by the one matcher, whatever its patch text claimed.
 */
export async function committedPathsUnder(
  git: Git,
  from: string,
  to: string,
  patterns: readonly string[],
  ownFiles: readonly string[] = [],
): Promise<string[]> {
  const log = await git.must(["log", "-m", "--no-renames", "--name-only", "-z", "--format=", `${from}..${to}`]);
  return [...new Set(log.split("\0"))].filter(
    (path) => path && !isOwnFile(path, ownFiles) && isProtected(path, patterns),
  );
}

/** `path (protected by pattern)` for each path, as refusals name them. */
export const withPatterns = (paths: readonly string[], patterns: readonly string[]): string[] =>
  paths.map((path) => `${path} (protected by ${protectedBy(path, patterns)})`);

/** Undoes the changes to `paths`: restores what HEAD has, removes what it does not (nested repositories too). */
export async function revertChanges(git: Git, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const literal = { env: { GIT_LITERAL_PATHSPECS: "1" } };
  await git.must(["reset", "-q", "HEAD", "--", ...paths], literal);
  const inHead = new Set(
    (await git.must(["ls-tree", "-r", "-z", "--name-only", "HEAD", "--", ...paths], literal)).split("\0"),
  );
  const restore = paths.filter((path) => inHead.has(path));
  const remove = paths.filter((path) => !inHead.has(path));
  if (restore.length) await git.must(["checkout", "-q", "HEAD", "--", ...restore], literal);
  // -ff: a nested repository (an embedded checkout, a gitlink) goes too, or it would be committed.
  if (remove.length) await git.must(["clean", "-ffdq", "--", ...remove], literal);
}

/**
 * Undoes every change to a protected path before anything is committed. `ownFiles` are the
 * orchestrator's own (this mapping, session and artifacts), the only exception under state/.
 */
export async function revertProtectedChanges(
  git: Git,
  patterns: readonly string[],
  ownFiles: readonly string[],
  changes?: readonly Change[],
): Promise<string[]> {
  const refused = await changedPathsUnder(git, patterns, ownFiles, changes);
  await revertChanges(git, refused);
  return refused;
}
