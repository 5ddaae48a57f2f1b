// Values handed to tool commands on purpose (tools.env, src/tool-env.ts) can be written into files by
// those commands: before a commit, every file the run changed is searched for them (in the encodings
// src/redact.ts knows) and rewritten with each occurrence replaced by [REDACTED]. Only the known values:
// token-shaped text in the repository's own files (test fixtures) is content, left as it is. A file
// too large to rewrite in memory is left out of the commit instead.
import { lstatSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { createRedactor } from "../redact.ts";
import type { Git } from "./git.ts";
import { revertChanges } from "./protected.ts";

/** Larger changed files are not read: their change is undone. */
export const MAX_SCRUBBED_BYTES = 64 * 1024 * 1024;

export interface Scrubbed {
  /** Files rewritten with the values redacted. */
  redacted: string[];
  /** Files whose change was undone, too large to search. */
  reverted: string[];
}

/** Redacts `values` from the files at `paths` (repository-relative; deleted paths and links are skipped). */
export async function scrubChangedFiles(
  git: Git,
  paths: readonly string[],
  values: readonly string[],
  maxBytes = MAX_SCRUBBED_BYTES,
): Promise<Scrubbed> {
  const scrubbed: Scrubbed = { redacted: [], reverted: [] };
  if (values.length === 0) return scrubbed;
  const redact = createRedactor(values, { shapes: false });
  for (const path of new Set(paths)) {
    const file = join(git.cwd, path);
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) continue;
    if (stat.size > maxBytes) {
      scrubbed.reverted.push(path);
      continue;
    }
    const bytes = readFileSync(file);
    // Text as UTF-8; anything else byte for byte (latin1), so a binary file keeps every other byte.
    const encoding = isUtf8(bytes) ? "utf8" : "latin1";
    const text = bytes.toString(encoding);
    const clean = redact(text);
    if (clean === text) continue;
    writeFileSync(file, Buffer.from(clean, encoding));
    scrubbed.redacted.push(path);
  }
  await revertChanges(git, scrubbed.reverted);
  return scrubbed;
}

export function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
