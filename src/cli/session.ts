// `gitclaw session <issue-number|file> [--repo <dir>]` (`bun run session` in a checkout): a session
// named by its issue or its file, rendered as Markdown (src/session/render.ts) on stdout.
import { existsSync } from "node:fs";
import { relative, resolve } from "node:path";
import { MappingError, mappingPath, readMapping, resolveSessionPath } from "../session/mapping.ts";
import { renderSession } from "../session/render.ts";
import { SessionError, SessionFile } from "../session/session-file.ts";

export class ViewerError extends Error {
  override name = "ViewerError";
}

const USAGE =
  "usage: gitclaw session <issue-number|file.jsonl> [--repo <dir>]   (bun run session in a gitclaw checkout)";

/** Relative to the current directory when inside it, else absolute: the shortest unambiguous name. */
function shortPath(path: string): string {
  const rel = relative(process.cwd(), path);
  return rel && !rel.startsWith("..") ? rel : path;
}

/** The session file an argument names: `12` or `#12` through state/issues/12.json under `repo`, else a path. */
export function resolveSessionArgument(arg: string, repo: string): string {
  const issue = /^#?(\d+)$/.exec(arg)?.[1];
  if (issue === undefined) return resolve(arg);
  const mapping = readMapping(repo, Number(issue));
  if (!mapping)
    throw new ViewerError(
      `no session for issue ${issue}: ${shortPath(mappingPath(repo, Number(issue)))} does not exist (run this in the repository, or pass --repo <dir>; ` +
        "where the default branch takes no pushes from gitclaw, the conversations are on the state branch: git fetch origin gitclaw/state && git checkout FETCH_HEAD -- state/)",
    );
  const path = resolveSessionPath(repo, mapping);
  if (!existsSync(path)) throw new ViewerError(`issue ${issue} maps to ${mapping.sessionPath}, which does not exist`);
  return path;
}

/** The viewer's command line: Markdown on stdout, or one line on stderr and exit code 1 (2 for bad usage). */
export function runSessionCommand(args: readonly string[]): void {
  let repo = ".";
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--repo" && args[i + 1] !== undefined) repo = args[++i]!;
    else rest.push(args[i]!);
  }
  const [arg] = rest;
  if (rest.length !== 1 || arg === undefined || arg.startsWith("-")) {
    console.error(USAGE);
    process.exitCode = 2;
    return;
  }
  try {
    const path = resolveSessionArgument(arg, resolve(repo));
    const session = SessionFile.load(path, { readOnly: true });
    process.stdout.write(renderSession(session, { displayPath: shortPath(path), repoRoot: resolve(repo) }));
  } catch (error) {
    if (!(error instanceof ViewerError || error instanceof SessionError || error instanceof MappingError)) throw error;
    console.error(`gitclaw session: ${error.message}`);
    process.exitCode = 1;
  }
}
