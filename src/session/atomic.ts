// Replacing a small state file atomically: written beside it, then renamed over it, so a crash leaves
// the old content or the new, never half of either.
import { renameSync, writeFileSync } from "node:fs";

export function writeFileAtomic(path: string, text: string): void {
  const temp = `${path}.${process.pid}.tmp`;
  writeFileSync(temp, text);
  renameSync(temp, path);
}
