// Values handed to tool commands on purpose (tools.env, src/tool-env.ts) can be written into files by
// those commands: before a commit, every file the run changed is searched for them (in the encodings
// src/redact.ts knows) and rewritten with each occurrence replaced by [REDACTED]; so are the names of
// changed paths (the file or folder is renamed) and the targets of changed links. Only the known values:
// token-shaped text in the repository's own files (test fixtures) is content, left as it is. A file
// too large to rewrite in memory is left out of the commit instead.
import {
  lstatSync,
  mkdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { dirname, join } from "node:path";
import { createRedactor } from "../redact.ts";
import type { Git } from "./git.ts";
import { revertChanges } from "./protected.ts";

/** Larger changed files are not read: their change is undone. */
export const MAX_SCRUBBED_BYTES = 64 * 1024 * 1024;

export interface Scrubbed {
  /** Files rewritten with the values redacted. */
  redacted: string[];
  /** Files whose change was undone: too large to search, or named with a value and not renameable. */
  reverted: string[];
  /** The new names of paths renamed because their names held a value: for the commit to stage. */
  renamed: string[];
}

/** Redacts `values` from the files at `paths` (repository-relative; deleted paths and links are skipped). */
export async function scrubChangedFiles(
  git: Git,
  paths: readonly string[],
  values: readonly string[],
  maxBytes = MAX_SCRUBBED_BYTES,
): Promise<Scrubbed> {
  const scrubbed: Scrubbed = { redacted: [], reverted: [], renamed: [] };
  if (values.length === 0) return scrubbed;
  const redact = createRedactor(values, { shapes: false });
  for (const named of new Set(paths)) {
    const path = renameRedacted(git.cwd, named, redact);
    if (path === undefined) {
      scrubbed.reverted.push(named);
      continue;
    }
    if (path !== named) scrubbed.renamed.push(path);
    const file = join(git.cwd, path);
    const stat = lstatSync(file, { throwIfNoEntry: false });
    if (stat?.isSymbolicLink() && relinkRedacted(file, redact)) scrubbed.redacted.push(path);
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

/**
 * `path` renamed to its redacted name when that differs (and it exists): the name it has now;
 * undefined when it cannot be renamed (something is in the way), and its change is to be undone.
 */
function renameRedacted(root: string, path: string, redact: (text: string) => string): string | undefined {
  const clean = redact(path);
  if (clean === path || !lstatSync(join(root, path), { throwIfNoEntry: false })) return path;
  try {
    if (lstatSync(join(root, clean), { throwIfNoEntry: false })) return undefined;
    mkdirSync(dirname(join(root, clean)), { recursive: true });
    renameSync(join(root, path), join(root, clean));
    return clean;
  } catch {
    return undefined;
  }
}

/** A link whose target holds a value, pointed at the redacted target instead; whether it was. */
function relinkRedacted(file: string, redact: (text: string) => string): boolean {
  const target = readlinkSync(file);
  const clean = redact(target);
  if (clean === target) return false;
  unlinkSync(file);
  symlinkSync(clean, file);
  return true;
}

export function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}
