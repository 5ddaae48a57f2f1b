// state/issues/<n>.json: which session file holds an issue's conversation. Sessions are found only
// through this mapping, never by file time (another issue's run may have written the newest file).
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { z } from "zod";

export const IssueMapping = z.looseObject({
  issueNumber: z.number().int().positive(),
  /** Repository-relative path of the session file. */
  sessionPath: z.string().min(1),
  updatedAt: z.string(),
  /** The newest comment answered, so a later run answers every comment after it. */
  lastCommentId: z.number().int().optional(),
  lastCommentAt: z.string().optional(),
});
export type IssueMapping = z.infer<typeof IssueMapping>;

export const STATE_DIR = "state";
export const mappingPath = (repoRoot: string, issueNumber: number) => join(repoRoot, STATE_DIR, "issues", `${issueNumber}.json`);
export const sessionsDir = (repoRoot: string) => join(repoRoot, STATE_DIR, "sessions");

export class MappingError extends Error {
  override name = "MappingError";
}

export function readMapping(repoRoot: string, issueNumber: number): IssueMapping | undefined {
  const path = mappingPath(repoRoot, issueNumber);
  if (!existsSync(path)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, "utf8"));
  } catch (error) {
    throw new MappingError(`${relative(repoRoot, path)} is not valid JSON (${(error as Error).message}); fix or delete it to start a new session.`);
  }
  const parsed = IssueMapping.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new MappingError(`${relative(repoRoot, path)}: field "${issue.path.join(".")}" ${issue.message}; fix or delete it to start a new session.`);
  }
  return parsed.data;
}

/** Written atomically (temp file + rename): a crash leaves the old mapping or the new one, never half. */
export function writeMapping(repoRoot: string, mapping: IssueMapping): void {
  const path = mappingPath(repoRoot, mapping.issueNumber);
  mkdirSync(dirname(path), { recursive: true });
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(IssueMapping.parse(mapping), null, 2)}\n`);
  renameSync(temp, path);
}

export function resolveSessionPath(repoRoot: string, mapping: IssueMapping): string {
  return resolve(repoRoot, mapping.sessionPath);
}
