// Opening a file at a real path, and no other. Another user (tool commands in the sandbox) may
// change what a path leads to while gitclaw opens it: swap a folder on the way for a symlink to
// `.git/hooks` or `/proc/<agent>/environ`. So the open never follows a final link (O_NOFOLLOW), never
// blocks on a FIFO put there (O_NONBLOCK), and afterwards the kernel's own path of the open file must
// still be the one meant. The file tools (src/tools/files/confined-file.ts) and the reading of the
// agent's repository (src/git/agent/read.ts) open files this way.
import { closeSync, constants, fstatSync, openSync, readFileSync, readlinkSync, statSync } from "node:fs";

export type ConfinedMode = "read" | "update" | "write";

// O_NONBLOCK everywhere: opening a FIFO put there meanwhile must not hang (regular files ignore it).
export const CONFINED_FLAGS: Record<ConfinedMode, number> = {
  read: constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  update: constants.O_RDWR | constants.O_NOFOLLOW | constants.O_NONBLOCK,
  // No O_TRUNC: nothing changes before the check; the caller truncates through the handle.
  write: constants.O_WRONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
};

/** Where the kernel says an open file is (Linux); undefined elsewhere. */
export function openedPath(fd: number): string | undefined {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return undefined;
  }
}

/**
 * Whether the open `fd` is the file at the real path `path`: the kernel's path of it, or without
 * /proc the file the path names now (narrower, but still a check).
 */
export function isOpenedAt(fd: number, path: string, opened = openedPath(fd)): boolean {
  return opened === undefined ? isSameInode(fd, path) : opened === path;
}

function isSameInode(fd: number, expected: string): boolean {
  try {
    const [held, named] = [fstatSync(fd), statSync(expected)];
    return held.dev === named.dev && held.ino === named.ino;
  } catch {
    return false;
  }
}

/**
 * A regular file's bytes at the real path `path`, opened as above and read only when it is still
 * there, at most `max` bytes; undefined otherwise (gone, a link, not a plain file, too large).
 * Only where the kernel tells the open file's path: the other user may still be writing there.
 */
export function readConfined(path: string, max: number): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, CONFINED_FLAGS.read);
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > max || openedPath(fd) !== path) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}
