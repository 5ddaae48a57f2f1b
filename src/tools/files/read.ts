// The `read` tool: a window of a text file in the workspace or a PR worktree, or of a saved output artifact.
// Files are streamed, so a huge file costs time to count its lines but never memory.
import { realpathSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { z } from "zod";
import { openConfined } from "./confined-file.ts";
import { fail, ok, type Tool, type ToolContext, type ToolResult } from "../types.ts";
import { describeFileError, resolveToolPath, type ToolPath } from "./workspace.ts";
import { checkImage, describeImage, imageType, MAX_IMAGE_BYTES, type ImageCheck } from "../../images/sniff.ts";
import { formatBytes } from "../../text/format.ts";

const MAX_READ_LINES = 2000;
const MAX_READ_BYTES = 50 * 1024;
/** Longer lines are cut; minified files would otherwise fill the window with one line. */
const MAX_READ_LINE_CHARS = 2000;
const CHUNK_BYTES = 64 * 1024;
const BINARY_SNIFF_BYTES = 8192;
const ARTIFACT_PREFIX = "artifact://";

const readParameters = z.object({
  path: z.string().describe("File path, or artifact://<id>."),
  offset: z.number().int().min(1).optional().describe("First line (default 1)."),
  limit: z.number().int().min(1).optional().describe(`Lines (max ${MAX_READ_LINES}).`),
});

const MAGIC_NUMBERS: Array<[number[], string]> = [
  [[0x89, 0x50, 0x4e, 0x47], "PNG image"],
  [[0xff, 0xd8, 0xff], "JPEG image"],
  [[0x47, 0x49, 0x46, 0x38], "GIF image"],
  [[0x25, 0x50, 0x44, 0x46], "PDF document"],
  [[0x50, 0x4b, 0x03, 0x04], "ZIP archive (or jar, docx, …)"],
  [[0x1f, 0x8b], "gzip-compressed data"],
  [[0x7f, 0x45, 0x4c, 0x46], "ELF executable"],
  [[0x00, 0x61, 0x73, 0x6d], "WebAssembly module"],
  [[0x53, 0x51, 0x4c, 0x69, 0x74, 0x65], "SQLite database"],
];

/** A short description when the bytes are not text, else undefined. */
function describeBinary(head: Uint8Array): string | undefined {
  const known = MAGIC_NUMBERS.find(([magic]) => magic.every((byte, index) => head[index] === byte));
  if (known) return known[1];
  return head.includes(0) ? "binary data" : undefined;
}

interface LineWindow {
  lines: string[];
  totalLines: number;
  /** Why lines after the window were not returned. */
  stoppedBy?: "lines" | "bytes";
}

/** The window's lines as the text arrives: kept from `firstLine`, each cut at its limit, until a limit stops them. */
class WindowLines {
  readonly lines: string[] = [];
  stoppedBy: LineWindow["stoppedBy"];
  #bytes = 0;
  #lineNumber = 1;
  #line = "";
  #lineLength = 0;

  constructor(
    private readonly firstLine: number,
    private readonly maxLines: number,
  ) {}

  /** A decoded piece of the file: every line it completes is ended, the rest carried on. */
  take(text: string): void {
    let start = 0;
    while (this.stoppedBy === undefined) {
      const newline = text.indexOf("\n", start);
      this.extend(text.slice(start, newline === -1 ? undefined : newline));
      if (newline === -1) break;
      this.end();
      start = newline + 1;
    }
  }

  /** The file's end: a last line without a newline still counts. */
  finish(rest: string): void {
    this.extend(rest);
    if (this.#lineLength > 0) this.end();
  }

  private extend(piece: string): void {
    if (this.#lineNumber < this.firstLine || piece.length === 0) return;
    this.#lineLength += piece.length;
    if (this.#line.length <= MAX_READ_LINE_CHARS)
      this.#line += piece.slice(0, MAX_READ_LINE_CHARS + 1 - this.#line.length);
  }

  private end(): void {
    if (this.#lineNumber >= this.firstLine) this.keep(this.shownLine());
    this.#lineNumber++;
    this.#line = "";
    this.#lineLength = 0;
  }

  private shownLine(): string {
    const long = this.#lineLength > MAX_READ_LINE_CHARS;
    const text = this.#line.endsWith("\r") && !long ? this.#line.slice(0, -1) : this.#line;
    return long ? `${text.slice(0, MAX_READ_LINE_CHARS)}… [line cut: ${this.#lineLength} characters]` : text;
  }

  private keep(shown: string): void {
    const size = Buffer.byteLength(shown) + 1;
    if (this.lines.length >= this.maxLines) this.stoppedBy = "lines";
    else if (this.#bytes + size > MAX_READ_BYTES && this.lines.length > 0) this.stoppedBy = "bytes";
    else {
      this.lines.push(shown);
      this.#bytes += size;
    }
  }
}

async function readLineWindow(handle: FileHandle, firstLine: number, maxLines: number): Promise<LineWindow> {
  const buffer = Buffer.alloc(CHUNK_BYTES);
  const decoder = new TextDecoder();
  const window = new WindowLines(firstLine, maxLines);
  let newlines = 0;
  let position = 0;
  let lastByte: number | undefined;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, position);
    if (bytesRead === 0) break;
    position += bytesRead;
    const chunk = buffer.subarray(0, bytesRead);
    // A newline byte never occurs inside a multi-byte UTF-8 character, so raw bytes can be counted.
    for (let index = chunk.indexOf(10); index !== -1; index = chunk.indexOf(10, index + 1)) newlines++;
    lastByte = chunk[bytesRead - 1];
    if (window.stoppedBy === undefined) window.take(decoder.decode(chunk, { stream: true }));
  }
  if (window.stoppedBy === undefined) window.finish(decoder.decode());
  const totalLines = newlines + (lastByte !== undefined && lastByte !== 10 ? 1 : 0);
  return { lines: window.lines, totalLines, stoppedBy: window.stoppedBy };
}

/** `file` opened to read it, or why it cannot be (a directory, a missing file…), said for the model. */
export async function openToRead(file: Pick<ToolPath, "real" | "display">): Promise<FileHandle | string> {
  try {
    const { handle, stats } = await openConfined(file, "read");
    if (!stats.isDirectory()) return handle;
    await handle.close();
    return `Is a directory: ${file.display} (list it with bash, e.g. ls).`;
  } catch (error) {
    return describeFileError(error, file.display);
  }
}

/**
 * An image file: the image itself for a model that takes images (as pi's read does), its type and
 * size for one that does not, or why it cannot be shown. Bytes holding a known secret are not shown.
 */
async function readImage(handle: FileHandle, size: number, display: string, context: ToolContext): Promise<ToolResult> {
  // A larger file is refused by its size without reading more than the limit.
  const bytes = Buffer.alloc(Math.min(size, MAX_IMAGE_BYTES + 1));
  await handle.read(bytes, 0, bytes.length, 0);
  const kind = imageType(bytes)!;
  const checked: ImageCheck =
    size > MAX_IMAGE_BYTES
      ? { ok: false, reason: `over the ${formatBytes(MAX_IMAGE_BYTES)} limit` }
      : checkImage(bytes);
  if (!checked.ok)
    return ok(`Image file ${display} (${kind}, ${formatBytes(size)}) cannot be shown: ${checked.reason}.`, {
      path: display,
      image: kind,
      size,
    });
  const described = `Image file ${display} (${describeImage(checked.image)})`;
  const details = { path: display, image: kind, size, width: checked.image.width, height: checked.image.height };
  if (!context.images) return ok(`${described}; this model takes no images, so it is not shown.`, details);
  const raw = bytes.toString("latin1");
  if (context.redact(raw) !== raw) return fail(`${described} is not shown: its bytes contain a secret.`, details);
  return { ...ok(`${described}:`, details), images: [{ data: bytes.toString("base64"), mimeType: kind }] };
}

export function createReadTool(): Tool<typeof readParameters> {
  return {
    name: "read",
    description:
      "Read a text file (a PR worktree's by absolute path) or an output artifact: " +
      `up to ${MAX_READ_LINES} lines or ${MAX_READ_BYTES / 1024} KB, then continue with offset.`,
    parameters: readParameters,
    async execute({ path, offset = 1, limit = MAX_READ_LINES }, context) {
      let file: Pick<ToolPath, "real" | "display">;
      try {
        if (path.startsWith(ARTIFACT_PREFIX)) {
          const artifact = context.artifacts.resolve(path);
          if (artifact === undefined) return fail(`Unknown artifact: ${path}`);
          file = { real: join(realpathSync(dirname(artifact)), basename(artifact)), display: path };
        } else {
          file = resolveToolPath(context, path);
        }
      } catch (error) {
        return fail(describeFileError(error, path));
      }
      const display = file.display;
      const handle = await openToRead(file);
      if (typeof handle === "string") return fail(handle);
      try {
        const stats = await handle.stat();
        const head = Buffer.alloc(Math.min(BINARY_SNIFF_BYTES, stats.size));
        await handle.read(head, 0, head.length, 0);
        if (imageType(head)) return await readImage(handle, stats.size, display, context);
        const binaryKind = describeBinary(head);
        if (binaryKind !== undefined) {
          const description = `Binary file ${display} (${binaryKind}, ${formatBytes(stats.size)}); its content is not shown.`;
          return ok(`${description} Inspect it with bash (e.g. file, xxd | head) if needed.`, {
            path: display,
            binary: binaryKind,
            size: stats.size,
          });
        }

        const window = await readLineWindow(handle, offset, Math.min(limit, MAX_READ_LINES));
        if (window.totalLines === 0) return ok(`(empty file: ${display})`, { path: display, totalLines: 0 });
        if (offset > window.totalLines) {
          return fail(`Offset ${offset} is beyond the end of ${display} (${window.totalLines} lines).`);
        }
        const lastLine = offset + window.lines.length - 1;
        let text = window.lines.join("\n");
        if (lastLine < window.totalLines) {
          const reason = window.stoppedBy === "bytes" ? ` (${MAX_READ_BYTES / 1024} KB limit)` : "";
          text += `\n\n[Showing lines ${offset}-${lastLine} of ${window.totalLines}${reason}. Use offset=${lastLine + 1} to continue.]`;
        }
        return ok(context.redact(text), { path: display, firstLine: offset, lastLine, totalLines: window.totalLines });
      } catch (error) {
        return fail(describeFileError(error, display));
      } finally {
        await handle.close();
      }
    },
  };
}
