// Opening the file a path check approved, and no other. Tool commands (another user in the sandbox)
// can change the workspace while a file tool runs: between `resolveToolPath` and the open they could
// replace a folder on the path with a symlink to `.git/hooks` or `/proc/<agent>/environ`. So the
// open refuses a symlink as the last component (O_NOFOLLOW), and afterwards the kernel's own path of
// the open file must still be the checked one (src/fs/confined-open.ts); otherwise the file is closed untouched.
import { type Stats, constants, fstatSync } from "node:fs";
import { type FileHandle, mkdir, open, realpath, rmdir, unlink } from "node:fs/promises";
import { dirname } from "node:path";
import { isInside } from "../../paths.ts";
import { CONFINED_FLAGS as FLAGS, type ConfinedMode, isOpenedAt, openedPath } from "../../fs/confined-open.ts";
import { PathError, type ToolPath } from "./workspace.ts";

export interface ConfinedFile {
  handle: FileHandle;
  /** A regular file, or (only when reading) a directory. */
  stats: Stats;
}

/**
 * Opens `path.real` for reading, for reading and writing (`update`), or for writing, creating it
 * when missing (`write`). Throws a PathError when the path no longer leads to the checked file, or
 * leads to something other than a file (a FIFO or device could block or never end).
 */
export async function openConfined(
  path: Pick<ToolPath, "real" | "display">,
  mode: ConfinedMode,
): Promise<ConfinedFile> {
  const { handle, created } = await openOrCreate(path.real, mode);
  try {
    const opened = openedPath(handle.fd);
    if (!isOpenedAt(handle.fd, path.real, opened)) {
      // Undo what this open did at the wrong place: an empty file it just created there.
      if (created && opened !== undefined && fstatSync(handle.fd).size === 0) await unlink(opened).catch(() => {});
      throw new PathError(
        `${path.display} changed while it was being opened (a folder on its path was replaced, e.g. by a symlink); nothing was ${mode === "read" ? "read" : "written"}. Try again once tool commands stop changing it.`,
      );
    }
    const stats = await handle.stat();
    if (!stats.isFile() && !stats.isDirectory()) throw new PathError(`Not a regular file: ${path.display}`);
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

async function openOrCreate(file: string, mode: ConfinedMode): Promise<{ handle: FileHandle; created: boolean }> {
  try {
    return { handle: await open(file, FLAGS[mode]), created: false };
  } catch (error) {
    if (mode !== "write" || (error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  // O_EXCL: when this succeeds the file is ours, so a wrong place can be cleaned up.
  return { handle: await open(file, FLAGS.write | constants.O_CREAT | constants.O_EXCL, 0o666), created: true };
}

/** Replaces the whole content of a file opened for writing. */
export async function replaceContent(handle: FileHandle, bytes: Uint8Array): Promise<void> {
  await handle.truncate(0);
  for (let written = 0; written < bytes.length; ) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, written);
    written += bytesWritten;
  }
}

/**
 * Creates the missing folders above `path.real`, one at a time, each checked to be where it was
 * meant to be (a folder swapped for a symlink would have it made elsewhere: it is removed again).
 * Returns the first folder made, as `mkdir -p` does, or undefined when all existed.
 */
export async function makeParentFolders(
  path: Pick<ToolPath, "real" | "display" | "root">,
): Promise<string | undefined> {
  // Every folder between the root and the file, outermost first: existing ones are checked too.
  const folders: string[] = [];
  for (let dir = dirname(path.real); isInside(path.root, dir) && dir !== path.root; dir = dirname(dir))
    folders.unshift(dir);
  let first: string | undefined;
  for (const dir of folders) {
    const made = await mkdir(dir).then(
      () => true,
      (error: NodeJS.ErrnoException) => {
        if (error.code === "EEXIST") return false;
        throw error;
      },
    );
    const actual = await realpath(dir);
    if (actual !== dir) {
      if (made) await rmdir(actual).catch(() => {});
      throw new PathError(
        `${path.display} changed while its folders were being made (a folder on its path was replaced, e.g. by a symlink); nothing was written. Try again once tool commands stop changing it.`,
      );
    }
    if (made) first ??= dir;
  }
  return first;
}
