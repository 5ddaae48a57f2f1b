// Linux's /proc, read the way the sandbox and the process supervisor need it: one file of every
// process, skipping those that exit while we look.
import { readdirSync, readFileSync } from "node:fs";

/** `/proc/<pid>/<file>` of every process; throws when /proc cannot be listed. */
export function* procFiles(file: "stat" | "status"): Generator<{ pid: number; content: string }> {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      yield { pid: Number(entry), content: readFileSync(`/proc/${entry}/${file}`, "utf8") };
    } catch {
      // exited while we looked
    }
  }
}
