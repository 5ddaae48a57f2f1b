// The agent's repository read as data: its ref files and object files, each a regular file opened
// without following a link (src/fs/confined-open.ts) and bounded, never through a git. The tool user
// may still be writing it, or have left links, odd names and large files there on purpose.
import { lstatSync, readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { readConfined } from "../../fs/confined-open.ts";

/** "<sha> refs/heads/<name>" lines (packed-refs, for-each-ref) as branch name → commit. */
export function branchesOf(lines: string): Map<string, string> {
  const branches = new Map<string, string>();
  for (const line of lines.split("\n")) {
    const match = /^([0-9a-f]{40}) refs\/heads\/(.+)$/.exec(line);
    if (match) branches.set(match[2]!, match[1]!);
  }
  return branches;
}

/** More ref files than this are not read: a run makes a handful of branches. */
const MAX_AGENT_BRANCHES = 1000;

/** The agent's branches, read as data: its ref files (never through a link) over its packed-refs. */
export function agentBranches(gitDir: string): Map<string, string> {
  const branches = branchesOf(readSmallFile(join(gitDir, "packed-refs")) ?? "");
  let seen = 0;
  const walk = (prefix: string) => {
    let names: string[] = [];
    try {
      if (lstatSync(join(gitDir, "refs/heads", prefix)).isDirectory())
        names = readdirSync(join(gitDir, "refs/heads", prefix));
    } catch {
      // gone, or not readable: nothing of it is listed
    }
    for (const name of names) {
      if (++seen > MAX_AGENT_BRANCHES) return;
      const sha = readRef(gitDir, `refs/heads/${prefix}${name}`);
      if (sha) branches.set(`${prefix}${name}`, sha);
      else walk(`${prefix}${name}/`);
    }
  };
  walk("");
  return branches;
}

/** What the ref files of the agent's repository say `ref` is: a full sha, or undefined. */
export function readRef(gitDir: string, ref: string): string | undefined {
  const loose = readSmallFile(join(gitDir, ref));
  if (loose !== undefined) return /^[0-9a-f]{40}$/.exec(loose.trim())?.[0];
  const packed = readSmallFile(join(gitDir, "packed-refs")) ?? "";
  for (const line of packed.split("\n")) {
    const [sha, name] = line.split(" ");
    if (name === ref && sha && /^[0-9a-f]{40}$/.test(sha)) return sha;
  }
  return undefined;
}

/** A regular file's text (never through a link), at most 1 MiB; undefined otherwise. */
function readSmallFile(path: string): string | undefined {
  return readConfined(path, 1 << 20)?.toString("utf8");
}

const OBJECT_FILE = /^(?:[0-9a-f]{2}\/[0-9a-f]{38}|pack\/pack-[0-9a-f]{40,64}\.(?:pack|idx))$/;
/** More than this in the agent's own objects is not taken: a run's commits are far smaller. */
export const MAX_AGENT_OBJECT_BYTES = 512 * 1024 * 1024;

/** The object files of the agent's repository (loose objects and packs), read as bounded plain data. */
export function readObjectFiles(from: string): { rel: string; data: Buffer }[] {
  const files: { rel: string; data: Buffer }[] = [];
  let bytes = 0;
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      const stat = lstatSync(path);
      const rel = relative(from, path);
      if (stat.isDirectory() && (/^[0-9a-f]{2}$/.test(rel) || rel === "pack")) walk(path);
      if (!stat.isFile() || !OBJECT_FILE.test(rel)) continue;
      bytes += stat.size;
      if (bytes > MAX_AGENT_OBJECT_BYTES)
        throw new Error(`the agent's repository holds more than ${MAX_AGENT_OBJECT_BYTES >> 20} MiB of objects`);
      const data = readConfined(path, stat.size);
      if (!data) throw new Error(`objects/${rel} is not a plain file of the agent's repository`);
      files.push({ rel, data });
    }
  };
  walk(from);
  return files;
}

/** The branch checked out in the agent's repository `gitDir`, as its HEAD file says. */
export function checkedOut(gitDir: string): string | undefined {
  const head = readSmallFile(join(gitDir, "HEAD"))?.trim() ?? "";
  return /^ref: refs\/heads\/(.+)$/.exec(head)?.[1];
}
