// Tool artifacts (full command output, logs) stored beside the session in a folder named after the
// session id, numbered in order and referenced as artifact://<n>.
import { existsSync, mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { ArtifactStore } from "../tools/types.ts";

const REF = /^artifact:\/\/(\d+)$/;

export function createArtifactStore(dir: string): ArtifactStore {
  // Continue numbering after artifacts of earlier runs of the same session.
  let next = existsSync(dir)
    ? Math.max(
        0,
        ...readdirSync(dir)
          .map((name) => Number.parseInt(name, 10))
          .filter(Number.isFinite),
      ) + 1
    : 1;
  const paths = new Map<string, string>();
  return {
    allocate(kind) {
      mkdirSync(dir, { recursive: true });
      const id = String(next++);
      const path = join(dir, `${id}.${kind.replace(/[^\w.-]/g, "_")}`);
      paths.set(id, path);
      return { id, ref: `artifact://${id}`, path };
    },
    resolve(ref) {
      const id = REF.exec(ref.trim())?.[1];
      if (!id) return undefined;
      const known = paths.get(id);
      if (known) return known;
      if (!existsSync(dir)) return undefined;
      const name = readdirSync(dir).find((file) => file.split(".")[0] === id);
      return name ? join(dir, name) : undefined;
    },
  };
}
