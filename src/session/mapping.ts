// state/issues/<n>.json: which session file holds an issue's conversation. Sessions are found only
// through this mapping, never by file time (another issue's run may have written the newest file).
// Everything under state/ is committed, so whoever can commit writes it: every path taken from it
// is confined to state/, and a folder or file there that is a symbolic link is refused.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "./atomic.ts";
import { SessionError } from "./session-file.ts";

export const IssueMapping = z.looseObject({
  issueNumber: z.number().int().positive(),
  /** Repository-relative path of the session file. */
  sessionPath: z.string().min(1),
  updatedAt: z.string(),
  /** The newest comment answered, so a later run answers every comment after it. */
  lastCommentId: z.number().int().optional(),
  lastCommentAt: z.string().optional(),
  /** The pull request gitclaw opened for this issue (delivery "pull-request"): its comments continue this conversation. */
  pullRequest: z.number().int().positive().optional(),
  /** Sub-agent tasks still running on Actions when the run ended: the next run takes them up. */
  outstandingTasks: z.array(z.looseObject({ taskId: z.string(), runUrl: z.string() })).optional(),
});
export type IssueMapping = z.infer<typeof IssueMapping>;

export const STATE_DIR = "state";

/** A path as the repository names it: relative to its root, with `/`. */
export const repoRelative = (root: string, path: string) => relative(root, path).split("\\").join("/");
/** An issue's mapping file, as the repository names it. */
export const mappingFile = (issueNumber: number) => `${STATE_DIR}/issues/${issueNumber}.json`;
export const mappingPath = (repoRoot: string, issueNumber: number) => join(repoRoot, mappingFile(issueNumber));
export const sessionsDir = (repoRoot: string) => join(repoRoot, STATE_DIR, "sessions");
/** Where prompt runs map their workflow and job to a session (src/session/run-mapping.ts). */
export const RUNS_DIR = `${STATE_DIR}/runs`;
/** Where patches of changes a run could not push are kept (src/run/workflow-files.ts). */
export const PATCHES_DIR = `${STATE_DIR}/patches`;

export class MappingError extends Error {
  override name = "MappingError";
}

/** Whether `path` exists without following a final symbolic link (existsSync follows it). */
const lexists = (path: string) => lstatSync(path, { throwIfNoEntry: false }) !== undefined;

/**
 * state/ and its folders gitclaw writes in must be real folders where they exist: a committed
 * symbolic link there would take every session's writes elsewhere, so the run stops instead.
 */
export function checkStateFolders(repoRoot: string): void {
  for (const folder of [STATE_DIR, join(STATE_DIR, "sessions"), join(STATE_DIR, "issues"), RUNS_DIR, PATCHES_DIR]) {
    const stat = lstatSync(join(repoRoot, folder), { throwIfNoEntry: false });
    if (stat && !stat.isDirectory()) {
      throw new SessionError(
        `${folder} is ${stat.isSymbolicLink() ? "a symbolic link" : "not a folder"}; gitclaw keeps conversations only in real folders under ${STATE_DIR}/, ` +
          `so it stopped rather than write elsewhere. Replace ${folder} with a folder (git rm ${folder}) and comment again.`,
      );
    }
  }
}

export function readMapping(repoRoot: string, issueNumber: number): IssueMapping | undefined {
  const path = mappingPath(repoRoot, issueNumber);
  if (!lexists(path)) return undefined;
  if (!lstatSync(path).isFile())
    throw new MappingError(
      `${relative(repoRoot, path)} is a symbolic link or not a file; delete it to start a new session.`,
    );
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new MappingError(
      `${relative(repoRoot, path)} is not valid JSON (${(error as Error).message}); fix or delete it to start a new session.`,
    );
  }
  const parsed = IssueMapping.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new MappingError(
      `${relative(repoRoot, path)}: field "${issue.path.join(".")}" ${issue.message}; fix or delete it to start a new session.`,
    );
  }
  if (parsed.data.issueNumber !== issueNumber) {
    throw new MappingError(
      `${relative(repoRoot, path)} says it is issue ${parsed.data.issueNumber}'s; fix or delete it to start a new session.`,
    );
  }
  return parsed.data;
}

/** Written atomically (temp file + rename): a crash leaves the old mapping or the new one, never half. */
export function writeMapping(repoRoot: string, mapping: IssueMapping): void {
  const path = mappingPath(repoRoot, mapping.issueNumber);
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(IssueMapping.parse(mapping), null, 2)}\n`);
}

/**
 * The session file a mapping names, confined to state/sessions/: a `.jsonl` file directly in that
 * folder (where gitclaw and pi write them), not a symbolic link. Anything else throws, and nothing
 * is read from or written to it.
 */
export function resolveSessionPath(repoRoot: string, mapping: IssueMapping): string {
  return confineSessionPath(repoRoot, mapping.sessionPath, `state/issues/${mapping.issueNumber}.json`);
}

/** resolveSessionPath for any mapping file (`from`, as the repository names it) that names a session. */
export function confineSessionPath(repoRoot: string, sessionPath: string, from: string): string {
  const path = resolve(repoRoot, sessionPath);
  const names = `${from} names the session ${JSON.stringify(sessionPath)}`;
  if (dirname(path) !== resolve(sessionsDir(repoRoot)) || !path.endsWith(".jsonl")) {
    throw new MappingError(`${names}, which is not a .jsonl file directly in state/sessions/`);
  }
  if (lexists(path) && !lstatSync(path).isFile())
    throw new MappingError(`${names}, which is a symbolic link or not a file`);
  return path;
}

/**
 * The other issues whose mappings name the session file at `path`. It reads every mapping, so it is
 * asked only about sessions that do not record their issue (written before gitclaw did, or by pi).
 */
export function otherIssuesUsing(repoRoot: string, path: string, issueNumber: number): number[] {
  const dir = join(repoRoot, STATE_DIR, "issues");
  const numbers = existsSync(dir)
    ? readdirSync(dir)
        .flatMap((name) => /^(\d+)\.json$/.exec(name)?.[1] ?? [])
        .map(Number)
    : [];
  return numbers.filter((n) => {
    if (n === issueNumber) return false;
    try {
      const mapping = readMapping(repoRoot, n);
      return mapping !== undefined && resolve(repoRoot, mapping.sessionPath) === path;
    } catch {
      return false;
    }
  });
}
