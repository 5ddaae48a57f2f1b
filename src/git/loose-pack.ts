// Loose object files as one pack stream, for `git unpack-objects --strict`: the trusted git then
// checks every object (its name from its content, fsck's rules, its links) in one process, where a
// fetch from a quarantine runs four. Built from the files' bytes only; nothing in them is trusted.
// Held in memory, so bounded: objects larger together than MAX_INFLATED_BYTES (what a file that
// inflates a thousandfold would reach) go the way of a fetch, where git streams them.
import { createHash } from "node:crypto";
import { deflateSync, inflateSync } from "node:zlib";

const PACK_TYPES: Record<string, number> = { commit: 1, tree: 2, blob: 3, tag: 4 };

/** The loose objects' size together, inflated, past which no pack is built here. */
const MAX_INFLATED_BYTES = 64 * 1024 * 1024;

/** One loose object file inflated (`raw`: its header and content), at most `max` bytes; undefined when it is not one. */
function looseObject(file: Uint8Array, max: number): { type: number; content: Buffer; raw: Buffer } | undefined {
  let raw: Buffer;
  try {
    raw = inflateSync(file, { maxOutputLength: Math.max(max, 1) });
  } catch {
    return undefined;
  }
  const nul = raw.indexOf(0);
  const match = /^(commit|tree|blob|tag) (\d+)$/.exec(raw.subarray(0, Math.max(nul, 0)).toString("latin1"));
  const content = raw.subarray(nul + 1);
  if (!match || Number(match[2]) !== content.length) return undefined;
  return { type: PACK_TYPES[match[1]!]!, content, raw };
}

/** A pack entry's header: the type and the size, seven bits a byte after the first four. */
function entryHeader(type: number, size: number): Buffer {
  const bytes = [(type << 4) | (size & 0x0f)];
  for (let rest = Math.floor(size / 16); rest > 0; rest = Math.floor(rest / 128)) {
    bytes[bytes.length - 1]! |= 0x80;
    bytes.push(rest & 0x7f);
  }
  return Buffer.from(bytes);
}

export interface LoosePack {
  /** A version 2 pack (SHA-1) of the objects. */
  pack: Buffer;
  /** Each commit among them, by the name its content gives it (never the file's), with its parents. */
  parents: Map<string, string[]>;
}

/** The loose object files as one pack, or undefined when one of them is not a loose object. */
export function packOfLooseObjects(files: Uint8Array[]): LoosePack | undefined {
  const header = Buffer.alloc(12);
  header.write("PACK", 0, "latin1");
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(files.length, 8);
  const parts: Buffer[] = [header];
  const parents = new Map<string, string[]>();
  let budget = MAX_INFLATED_BYTES;
  for (const file of files) {
    const object = looseObject(file, budget);
    if (!object) return undefined;
    budget -= object.raw.length;
    parts.push(entryHeader(object.type, object.content.length), deflateSync(object.content, { level: 1 }));
    // A commit's name as git computes it, from its header and content: never the file's.
    if (object.type === PACK_TYPES.commit)
      parents.set(createHash("sha1").update(object.raw).digest("hex"), commitParents(object.content));
  }
  const body = Buffer.concat(parts);
  return { pack: Buffer.concat([body, createHash("sha1").update(body).digest()]), parents };
}

/** The `parent` lines of a commit's header, which ends at its first blank line. */
function commitParents(content: Buffer): string[] {
  const header = content.toString("latin1", 0, Math.max(content.indexOf("\n\n"), 0));
  return [...header.matchAll(/^parent ([0-9a-f]{40})$/gm)].map((match) => match[1]!);
}
