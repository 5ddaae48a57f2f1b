// The repository's instruction files (AGENTS.md, CLAUDE.md, .github/copilot-instructions.md,
// GEMINI.md, those .github/gitclaw.json names, and AGENTS.md files of directories), read from the git
// objects of the default branch's commit, never from the working tree: a pull request's head, a
// fork's, or the agent's own edits during the run cannot steer the agent through them. Bounded per
// file and in total; a file that only points at another is not repeated. The system prompt gets the
// files and the list of directories with their own (src/run/directory-instructions.ts gives those).
import { posix } from "node:path";
import type { Config } from "../config/config.ts";
import { formatBytes } from "../text/format.ts";
import { cutAt } from "../text/cut.ts";
import { type GitReader, listTree, readBlob, type TreeEntry } from "../git/reader.ts";

/** Read in this order, when present on the default branch (instructions: true). */
export const DEFAULT_INSTRUCTION_FILES = ["AGENTS.md", "CLAUDE.md", ".github/copilot-instructions.md", "GEMINI.md"];
/** The bounds: bytes of one file in the prompt, of all of them, and of a file git is asked for at all. */
export const INSTRUCTION_LIMITS = { perFile: 16 * 1024, total: 32 * 1024, read: 1024 * 1024 };
const NESTED_NAME = "AGENTS.md";

/** An instruction file as found on the default branch. */
export interface FoundFile {
  path: string;
  bytes: number;
  /** Undefined when it was too large to read. */
  text?: string;
  /** Its blob: two names of one content are one file. */
  oid: string;
  /** The file a symbolic link at `path` points to. */
  via?: string;
}

/** An instruction file as the prompt has it. */
export interface LoadedFile {
  path: string;
  bytes: number;
  /** What the prompt shows (a cut file ends with a note saying so); empty when it shows nothing. */
  text: string;
  /** Bytes of the file shown. */
  shown: number;
  /** Why it is not shown, or not whole. */
  note?: string;
  cut: boolean;
}

/** A directory's own AGENTS.md (not the root's). */
export interface NestedFile {
  dir: string;
  path: string;
  oid: string;
  bytes: number;
}

export interface RepositoryInstructions {
  branch: string;
  commit: string;
  files: LoadedFile[];
  nested: NestedFile[];
  /** Configured files the branch does not have. */
  missing: string[];
}

/** The configuration's `instructions` as the files to read and whether directories' AGENTS.md apply. */
export function instructionSources(setting: Config["instructions"]): { files: string[]; nested: boolean } {
  if (setting === false) return { files: [], nested: false };
  if (setting === true) return { files: DEFAULT_INSTRUCTION_FILES, nested: true };
  const spelled = Array.isArray(setting) ? { defaults: true, files: setting, nested: true } : setting;
  const files = [...(spelled.defaults ? DEFAULT_INSTRUCTION_FILES : []), ...spelled.files];
  return { files: [...new Set(files.map((path) => posix.normalize(path)))], nested: spelled.nested };
}

/** Reads the instruction files of `commit` (the default branch's) and bounds them. */
export async function readInstructions(
  git: GitReader,
  where: { branch: string; commit: string },
  setting: Config["instructions"],
): Promise<RepositoryInstructions> {
  const sources = instructionSources(setting);
  const empty = { ...where, files: [], nested: [], missing: [] };
  if (sources.files.length === 0 && !sources.nested) return empty;
  const tree = await listTree(git, where.commit);
  const found: FoundFile[] = [];
  const missing: string[] = [];
  for (const path of sources.files) {
    const file = await findFile(git, tree, path);
    if (file) found.push(file);
    else if (!DEFAULT_INSTRUCTION_FILES.includes(path)) missing.push(path);
  }
  const nested = sources.nested ? nestedFiles(tree) : [];
  return { ...where, files: boundInstructions(found), nested, missing };
}

/** The file at `path`, through one symbolic link inside the repository; none for anything else. */
async function findFile(git: GitReader, tree: Map<string, TreeEntry>, path: string): Promise<FoundFile | undefined> {
  let entry = tree.get(path);
  let via: string | undefined;
  if (entry?.mode === "120000") {
    const target = posix.normalize(posix.join(posix.dirname(path), await readBlob(git, entry.oid)));
    if (target.startsWith("../") || posix.isAbsolute(target)) return undefined;
    via = target;
    entry = tree.get(target);
  }
  if (!entry?.mode.startsWith("100")) return undefined;
  const text = entry.size <= INSTRUCTION_LIMITS.read ? await readBlob(git, entry.oid) : undefined;
  return { path, bytes: entry.size, oid: entry.oid, ...(text === undefined ? {} : { text }), ...(via ? { via } : {}) };
}

/** The AGENTS.md files of directories below the root (the root's is one of the files), by path. */
function nestedFiles(tree: Map<string, TreeEntry>): NestedFile[] {
  const nested: NestedFile[] = [];
  for (const [path, entry] of tree) {
    if (posix.basename(path) !== NESTED_NAME || !path.includes("/") || !entry.mode.startsWith("100")) continue;
    nested.push({ dir: posix.dirname(path), path, oid: entry.oid, bytes: entry.size });
  }
  return nested.sort((a, b) => a.path.localeCompare(b.path));
}

/**
 * The files as the prompt shows them, in order: a file with the content of an earlier one, or one
 * that only points at another shown file, is named but not repeated; each is cut at the per-file
 * bound, and once the total is spent the rest are left out, each with a note saying so.
 */
export function boundInstructions(found: readonly FoundFile[], limits = INSTRUCTION_LIMITS): LoadedFile[] {
  const pointers = new Map(found.map((file) => [file.path, pointerTarget(file, found)]));
  let used = 0;
  return found.map((file, i) => {
    const same = found.slice(0, i).find((earlier) => earlier.oid === file.oid);
    const target = pointers.get(file.path);
    const skip = (note: string): LoadedFile => ({
      path: file.path,
      bytes: file.bytes,
      text: "",
      shown: 0,
      note,
      cut: false,
    });
    if (same) return skip(`the same as ${same.path}`);
    if (target && !pointers.get(target)) return skip(`points to ${target}`);
    if (file.text === undefined) return skip(`too large to read (over ${formatBytes(limits.read)})`);
    const room = Math.min(limits.perFile, limits.total - used);
    if (room <= 0) return skip(`left out: the ${formatBytes(limits.total)} for instruction files is spent`);
    const text = cutAt(file.text, room);
    const shown = Buffer.byteLength(text);
    used += shown;
    const cut = text.length < file.text.length;
    const note = cut ? `cut to its first ${formatBytes(shown)} of ${formatBytes(file.bytes)}` : undefined;
    return { path: file.path, bytes: file.bytes, text, shown, cut, ...(note ? { note } : {}) };
  });
}

// Words a file that only points at another is made of ("See AGENTS.md", "@AGENTS.md", "Follow the
// instructions in [AGENTS.md](AGENTS.md)."): anything else in it is an instruction of its own.
const POINTER_WORDS = new Set(
  "see read follow refer to the in at file files instructions instruction guidelines rules for and all agent agents ai please also this our its is are same as here lives moved use content contents of repository repo project it".split(
    " ",
  ),
);

/** The other file `file` only points at, if that is all it does (a symbolic link to it too). */
export function pointerTarget(file: FoundFile, found: readonly FoundFile[]): string | undefined {
  const others = found.filter((other) => other.path !== file.path);
  if (file.via) return others.find((other) => other.path === file.via)?.path;
  if (file.text === undefined || file.text.length > 400) return undefined;
  const lower = file.text.toLowerCase();
  const names = (other: FoundFile) => [other.path, posix.basename(other.path)].map((name) => name.toLowerCase());
  const target = others.find((other) => names(other).some((name) => lower.includes(name)));
  if (!target) return undefined;
  let rest = lower;
  for (const name of others.flatMap(names).sort((a, b) => b.length - a.length)) rest = rest.split(name).join(" ");
  const words = rest.split(/[^a-z0-9]+/).filter(Boolean);
  return words.every((word) => POINTER_WORDS.has(word)) ? target.path : undefined;
}
