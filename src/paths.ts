// Whether a path lies within a root, as the file tools and the run's worktrees judge it: by the relative
// path between them, so `/a/bc` is not inside `/a/b`.
import { isAbsolute, relative, sep } from "node:path";

export const isInside = (root: string, path: string): boolean => {
  const rel = relative(root, path);
  return rel !== ".." && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
};
