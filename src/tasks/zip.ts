// Reading a zip archive in memory, as GitHub serves a workflow run's artifact: the central directory
// names the entries, each stored or deflated. Only what artifacts use (no zip64, no encryption); an
// archive that is anything else is refused with why.
import { inflateRawSync } from "node:zlib";

export class ZipError extends Error {
  override name = "ZipError";
}

const END_OF_DIRECTORY = 0x06054b50;
const DIRECTORY_ENTRY = 0x02014b50;
const LOCAL_HEADER = 0x04034b50;

/** The end-of-central-directory record: at the end, after a comment of up to 64 KiB. */
function directoryEnd(view: DataView): number {
  for (let at = view.byteLength - 22; at >= Math.max(0, view.byteLength - 22 - 65_535); at--)
    if (view.getUint32(at, true) === END_OF_DIRECTORY) return at;
  throw new ZipError("not a zip archive (no end of central directory)");
}

/** Every file of the archive by its name (folders left out), with at most `maxBytes` unpacked in all. */
export function readZip(bytes: Uint8Array, maxBytes = 256 * 1024 * 1024): Map<string, Uint8Array> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const end = directoryEnd(view);
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const files = new Map<string, Uint8Array>();
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (view.getUint32(at, true) !== DIRECTORY_ENTRY) throw new ZipError("damaged central directory");
    const method = view.getUint16(at + 10, true);
    const packed = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const skip = nameLength + view.getUint16(at + 30, true) + view.getUint16(at + 32, true);
    const name = new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength));
    const local = view.getUint32(at + 42, true);
    at += 46 + skip;
    if (name.endsWith("/")) continue;
    total += size;
    if (total > maxBytes) throw new ZipError(`the archive unpacks to more than ${maxBytes} bytes`);
    files.set(name, entryData(bytes, view, { local, method, packed, size, name }));
  }
  return files;
}

function entryData(
  bytes: Uint8Array,
  view: DataView,
  entry: { local: number; method: number; packed: number; size: number; name: string },
): Uint8Array {
  if (view.getUint32(entry.local, true) !== LOCAL_HEADER) throw new ZipError(`damaged entry ${entry.name}`);
  const start = entry.local + 30 + view.getUint16(entry.local + 26, true) + view.getUint16(entry.local + 28, true);
  const raw = bytes.subarray(start, start + entry.packed);
  const data = entry.method === 0 ? raw : entry.method === 8 ? inflateRawSync(raw) : undefined;
  if (!data) throw new ZipError(`${entry.name}: compression method ${entry.method} is not supported`);
  if (data.byteLength !== entry.size) throw new ZipError(`${entry.name}: unpacked size does not match`);
  return new Uint8Array(data);
}
