// The repository's hooks, in Copilot's format (.github/hooks/*.json), read from the git objects of
// the default branch's commit (as the skills are, src/skills/read.ts), never from the working tree:
// a pull request's head, a fork, an outsider or the agent's own edits cannot add, change or remove
// one. Bounded in count and size; what is left out is kept with why, for the job summary and the
// doctor. Claude Code's hooks (.claude/settings.json) are listed as refused, with the reason: their
// input, tool names and exit codes are Claude Code's (docs/hooks.md).
import { posix } from "node:path";
import { formatBytes } from "../text/format.ts";
import { listTree, readBlob, type GitReader, type TreeEntry } from "../git/reader.ts";
import { describeZodError } from "../zod-errors.ts";
import { HOOK_EVENTS, HOOK_TIMEOUT, HookFile, type HookEvent } from "./schema.ts";

export const HOOKS_FOLDER = ".github/hooks";
export const CLAUDE_SETTINGS = ".claude/settings.json";
/** Hook files read at most, one file's bytes at most, hooks run at most. */
export const HOOK_LIMITS = { files: 16, read: 64 * 1024, count: 32 };

/** One command of a hook file, ready to run. */
export interface Hook {
  event: HookEvent;
  bash: string;
  /** Relative to the repository's root. */
  cwd: string;
  env: Record<string, string>;
  timeoutSec: number;
  /** Its file and place: `.github/hooks/guard.json#preToolUse[0]`. */
  source: string;
}

/** A file, or part of one, that does not run, and why. */
export interface LeftOutHook {
  path: string;
  reason: string;
}

export interface RepositoryHooks {
  branch: string;
  commit: string;
  hooks: Hook[];
  leftOut: LeftOutHook[];
}

/** Reads the hooks of `commit` (the default branch's). */
export async function readHooks(git: GitReader, where: { branch: string; commit: string }): Promise<RepositoryHooks> {
  const tree = await listTree(git, where.commit, [`${HOOKS_FOLDER}/`, CLAUDE_SETTINGS]);
  const found: RepositoryHooks = { ...where, hooks: [], leftOut: [] };
  const files = [...tree].filter(([path]) => posix.dirname(path) === HOOKS_FOLDER && path.endsWith(".json")).sort();
  for (const [index, [path, entry]] of files.entries()) {
    if (index >= HOOK_LIMITS.files) found.leftOut.push({ path, reason: `more than ${HOOK_LIMITS.files} hook files` });
    else addFile(found, path, await fileText(git, entry));
  }
  const claude = tree.get(CLAUDE_SETTINGS);
  if (claude) found.leftOut.push(...claudeHooks(await fileText(git, claude)));
  return found;
}

async function fileText(git: GitReader, entry: TreeEntry): Promise<string | { reason: string }> {
  if (!entry.mode.startsWith("100")) return { reason: "not a regular file" };
  if (entry.size > HOOK_LIMITS.read) return { reason: `too large to read (over ${formatBytes(HOOK_LIMITS.read)})` };
  return readBlob(git, entry.oid);
}

/** A hook file's commands as hooks of `found`, or left out with why (not JSON, invalid, over the count). */
function addFile(found: RepositoryHooks, path: string, text: string | { reason: string }): void {
  const parsed = parseHookFile(path, text);
  if ("reason" in parsed) return void found.leftOut.push({ path, reason: parsed.reason });
  for (const [event, commands] of Object.entries(parsed.file.hooks)) {
    if (!(HOOK_EVENTS as readonly string[]).includes(event)) {
      found.leftOut.push({ path: `${path}#${event}`, reason: `not an event gitclaw runs (${HOOK_EVENTS.join(", ")})` });
      continue;
    }
    for (const [index, command] of commands.entries()) {
      const source = `${path}#${event}[${index}]`;
      if (found.hooks.length >= HOOK_LIMITS.count) {
        found.leftOut.push({ path: source, reason: `more than ${HOOK_LIMITS.count} hooks` });
        continue;
      }
      const cwd = posix.normalize(command.cwd ?? ".").replace(/(.)\/+$/, "$1");
      if (cwd.startsWith("../") || cwd === ".." || posix.isAbsolute(cwd)) {
        found.leftOut.push({ path: source, reason: `its cwd ${command.cwd} is outside the repository` });
        continue;
      }
      const { bash, env = {}, timeoutSec = HOOK_TIMEOUT.default } = command;
      found.hooks.push({ event: event as HookEvent, bash, cwd, env, timeoutSec, source });
    }
  }
}

/** A hook file's content, checked, or why it is not one. */
export function parseHookFile(
  path: string,
  text: string | { reason: string },
): { file: HookFile } | { reason: string } {
  if (typeof text !== "string") return text;
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    return { reason: `not JSON: ${(error as Error).message}` };
  }
  const checked = HookFile.safeParse(data);
  if (!checked.success)
    return { reason: describeZodError(checked.error, posix.basename(path), data).replace(/\n/g, "; ") };
  return { file: checked.data };
}

/** Claude Code's hooks in .claude/settings.json, each event refused with the reason; none when it has none. */
function claudeHooks(text: string | { reason: string }): LeftOutHook[] {
  if (typeof text !== "string") return [];
  let settings: unknown;
  try {
    settings = JSON.parse(text);
  } catch {
    return [];
  }
  const hooks = (settings as { hooks?: unknown } | null)?.hooks;
  if (!hooks || typeof hooks !== "object") return [];
  return Object.keys(hooks).map((event) => ({
    path: `${CLAUDE_SETTINGS}#${event}`,
    reason:
      "Claude Code's hooks are not run: their input, tool names and exit codes are Claude Code's; write the hook in .github/hooks/*.json (Copilot's format)",
  }));
}
