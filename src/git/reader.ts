// Reading a commit's files from git objects, never from a working tree: the default branch's
// instruction files, skills and MCP declarations are read this way, so no checkout can steer them.

/** What git is asked through (a Git, or the doctor's runner). */
export interface GitReader {
  run(args: string[]): Promise<{ exitCode: number; stdout: string }>;
}

/** A file of the commit's tree: its blob and size. */
export interface TreeEntry {
  mode: string;
  oid: string;
  size: number;
}

/** Every file of the commit's tree (or of `under` it), by path (`git ls-tree -r -l`). */
export async function listTree(git: GitReader, commit: string, under: string[] = []): Promise<Map<string, TreeEntry>> {
  const paths = under.length ? ["--", ...under] : [];
  const listed = await git.run(["ls-tree", "-r", "-l", "-z", "--full-tree", commit, ...paths]);
  if (listed.exitCode !== 0) throw new Error(`git ls-tree ${commit} failed`);
  const tree = new Map<string, TreeEntry>();
  for (const line of listed.stdout.split("\0")) {
    const match = /^(\d+) (\w+) ([0-9a-f]+) +(\d+|-)\t(.+)$/s.exec(line);
    if (match && match[2] === "blob") tree.set(match[5]!, { mode: match[1]!, oid: match[3]!, size: Number(match[4]) });
  }
  return tree;
}

/** A blob's text (`git cat-file blob`). */
export async function readBlob(git: GitReader, oid: string): Promise<string> {
  const read = await git.run(["cat-file", "blob", oid]);
  if (read.exitCode !== 0) throw new Error(`git cat-file blob ${oid} failed`);
  return read.stdout;
}

/** A regular file's text at `commit`, when it exists and is not over `maxBytes`. */
export async function fileAt(
  git: GitReader,
  commit: string,
  path: string,
  maxBytes: number,
): Promise<string | undefined> {
  const size = await git.run(["cat-file", "-s", `${commit}:${path}`]);
  if (size.exitCode !== 0 || Number(size.stdout.trim()) > maxBytes) return undefined;
  const type = await git.run(["cat-file", "-t", `${commit}:${path}`]);
  if (type.stdout.trim() !== "blob") return undefined;
  const read = await git.run(["cat-file", "blob", `${commit}:${path}`]);
  return read.exitCode === 0 ? read.stdout : undefined;
}
