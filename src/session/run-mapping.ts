// state/runs/<key>.json: which session holds a prompt run's conversation, by workflow and job
// (src/gate/prompt-run.ts names the key), so a scheduled job can continue its previous run's conversation.
// Committed state like the issues' mappings (./mapping.ts): read only through zod, the session it
// names confined to state/sessions/, a damaged file reported and replaced by a new session.
import { lstatSync, mkdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { z } from "zod";
import { writeFileAtomic } from "./atomic.ts";
import { confineSessionPath, MappingError, RUNS_DIR } from "./mapping.ts";

export const RunMapping = z.looseObject({
  runKey: z.string().min(1),
  /** Repository-relative path of the session file. */
  sessionPath: z.string().min(1),
  updatedAt: z.string(),
});
export type RunMapping = z.infer<typeof RunMapping>;

/** The mapping's path from the repository root. */
export const runMappingFile = (key: string) => `${RUNS_DIR}/${key}.json`;

export function readRunMapping(repoRoot: string, key: string): RunMapping | undefined {
  const file = runMappingFile(key);
  const stat = lstatSync(join(repoRoot, file), { throwIfNoEntry: false });
  if (!stat) return undefined;
  if (!stat.isFile()) throw new MappingError(`${file} is a symbolic link or not a file; delete it to start anew.`);
  let parsed: ReturnType<typeof RunMapping.safeParse>;
  try {
    parsed = RunMapping.safeParse(JSON.parse(readFileSync(join(repoRoot, file), "utf8")));
  } catch (error) {
    throw new MappingError(`${file} is not valid JSON (${(error as Error).message}); fix or delete it.`);
  }
  if (!parsed.success || parsed.data.runKey !== key)
    throw new MappingError(`${file} is not the mapping of ${key}; fix or delete it.`);
  return parsed.data;
}

/** The session file the mapping names, confined to state/sessions/ (or a MappingError). */
export const runSessionPath = (repoRoot: string, mapping: RunMapping) =>
  confineSessionPath(repoRoot, mapping.sessionPath, runMappingFile(mapping.runKey));

export function writeRunMapping(repoRoot: string, mapping: RunMapping): void {
  const path = join(repoRoot, runMappingFile(mapping.runKey));
  mkdirSync(dirname(path), { recursive: true });
  writeFileAtomic(path, `${JSON.stringify(RunMapping.parse(mapping), null, 2)}\n`);
}
