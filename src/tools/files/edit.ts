// The `edit` tool: replace one exact, unique piece of a file. Keeps the file's CRLF line endings
// and BOM, and falls back to a whitespace-tolerant line match when only indentation or trailing
// spaces differ (a common slip when the model retypes text).
import type { FileHandle } from "node:fs/promises";
import { z } from "zod";
import { openConfined, replaceContent } from "./confined-file.ts";
import { fail, ok, type Tool, type ToolResult } from "../types.ts";
import { assertWritable, describeFileError, keepGroupWritable, resolveToolPath, type ToolPath } from "./workspace.ts";

const editParameters = z.object({
  path: z.string().describe("File path."),
  oldText: z.string().describe("Exact text to replace."),
  newText: z.string().describe("Replacement text."),
});

export interface EditToolOptions {
  /** Glob-like path prefixes the tool refuses to write, e.g. ".github/workflows/". */
  protectedPaths: readonly string[];
}

const UTF8_BOM = "\uFEFF";

const countOccurrences = (text: string, search: string): number[] => {
  const positions: number[] = [];
  for (let index = text.indexOf(search); index !== -1; index = text.indexOf(search, index + search.length))
    positions.push(index);
  return positions;
};

const lineNumberAt = (text: string, index: number): number => {
  let line = 1;
  for (let i = 0; i < index; i++) if (text.charCodeAt(i) === 10) line++;
  return line;
};

const indentOf = (line: string): string => /^[ \t]*/.exec(line)?.[0] ?? "";

interface LineMatch {
  /** 0-based index of the first matched line. */
  start: number;
  count: number;
}

/** Where oldText's lines equal the file's lines once leading and trailing whitespace is ignored. */
function findWhitespaceTolerant(fileLines: string[], oldLines: string[]): LineMatch[] {
  if (oldLines.every((line) => line.trim() === "")) return [];
  const matches: LineMatch[] = [];
  for (let start = 0; start + oldLines.length <= fileLines.length; start++) {
    if (oldLines.every((line, offset) => line.trim() === fileLines[start + offset]?.trim()))
      matches.push({ start, count: oldLines.length });
  }
  return matches;
}

/** Shifts newText's indentation by the difference between oldText's and the file's first non-blank line. */
function reindent(newLines: string[], oldLines: string[], matchedLines: string[]): string[] {
  const anchor = oldLines.findIndex((line) => line.trim() !== "");
  const from = indentOf(oldLines[anchor] ?? "");
  const to = indentOf(matchedLines[anchor] ?? "");
  if (from === to) return newLines;
  return newLines.map((line) => (line.trim() !== "" && line.startsWith(from) ? to + line.slice(from.length) : line));
}

const splitLines = (text: string): string[] => {
  const lines = text.split("\n");
  // A final newline ends the last line rather than starting an empty one.
  if (lines.length > 1 && lines.at(-1) === "") lines.pop();
  return lines;
};

interface Replacement {
  updated: string;
  /** 1-based lines of the file that were replaced. */
  firstLine: number;
  lastLine: number;
  whitespaceTolerant: boolean;
  reindented: boolean;
}

/** Replaces the one occurrence of `search` (exact, else whitespace-tolerant), or explains why not. */
function replaceOnce(
  content: string,
  search: string,
  replacement: string,
  display: string,
): Replacement | { error: string } {
  const exact = countOccurrences(content, search);
  if (exact.length > 1) {
    const lines = exact.map((index) => lineNumberAt(content, index));
    return {
      error: `oldText was found ${exact.length} times in ${display} (at lines ${lines.join(", ")}). It must match exactly once: include more surrounding lines to make it unique.`,
    };
  }
  const [position] = exact;
  if (position !== undefined) {
    const firstLine = lineNumberAt(content, position);
    const innerNewlines = search.replace(/\n$/, "").split("\n").length - 1;
    return {
      updated: content.slice(0, position) + replacement + content.slice(position + search.length),
      firstLine,
      lastLine: firstLine + innerNewlines,
      whitespaceTolerant: false,
      reindented: false,
    };
  }

  const fileLines = content.split("\n");
  const oldLines = splitLines(search);
  const matches = findWhitespaceTolerant(fileLines, oldLines);
  const [match] = matches;
  if (match === undefined) {
    return {
      error: `oldText was not found in ${display}. It must match the file exactly, including whitespace and line breaks: read the file again and copy the text to replace.`,
    };
  }
  if (matches.length > 1) {
    const lines = matches.map((candidate) => candidate.start + 1);
    return {
      error: `oldText was not found exactly in ${display}, and ignoring indentation it matches ${matches.length} places (at lines ${lines.join(", ")}). Copy the exact text, with more surrounding lines.`,
    };
  }
  const matchedLines = fileLines.slice(match.start, match.start + match.count);
  const replacementLines = replacement === "" ? [] : splitLines(replacement);
  const newLines = reindent(replacementLines, oldLines, matchedLines);
  return {
    updated: [...fileLines.slice(0, match.start), ...newLines, ...fileLines.slice(match.start + match.count)].join(
      "\n",
    ),
    firstLine: match.start + 1,
    lastLine: match.start + match.count,
    whitespaceTolerant: true,
    // reindent returns its input unchanged when the indentation already agreed.
    reindented: newLines.length > 0 && newLines !== replacementLines,
  };
}

export function createEditTool(options: EditToolOptions): Tool<typeof editParameters> {
  return {
    name: "edit",
    description:
      "Replace oldText, found exactly once in the file (whitespace included), with newText; line endings are kept.",
    parameters: editParameters,
    async execute({ path, oldText, newText }, context) {
      if (oldText === "") return fail("oldText must not be empty. To create or overwrite a file, use the write tool.");
      if (oldText === newText) return fail("oldText and newText are identical: there is nothing to change.");

      let target: ToolPath;
      let handle: FileHandle;
      try {
        target = resolveToolPath(context, path);
        assertWritable(target, options.protectedPaths);
        // One handle reads and writes: the file written is the file read and checked.
        ({ handle } = await openConfined(target, "update"));
      } catch (error) {
        return fail(describeFileError(error, path));
      }
      try {
        return await editOpenFile(handle, target, oldText, newText);
      } catch (error) {
        return fail(describeFileError(error, target.display));
      } finally {
        await handle.close();
      }
    },
  };
}

async function editOpenFile(
  handle: FileHandle,
  target: ToolPath,
  oldText: string,
  newText: string,
): Promise<ToolResult> {
  const raw = await handle.readFile();
  if (raw.includes(0)) return fail(`Cannot edit ${target.display}: it is a binary file.`);

  const decoded = raw.toString("utf8");
  const hasBom = decoded.startsWith(UTF8_BOM);
  const withoutBom = hasBom ? decoded.slice(1) : decoded;
  const crlfCount = withoutBom.split("\r\n").length - 1;
  const lfCount = withoutBom.split("\n").length - 1;
  // A file with one line-ending style is edited as LF (oldText and newText too) and converted
  // back; a mixed file is edited as is so its other lines keep their endings.
  const crlf = crlfCount > 0 && crlfCount === lfCount;
  const toLf = (text: string) => (crlf || crlfCount === 0 ? text.replace(/\r\n/g, "\n") : text);
  const content = toLf(withoutBom);
  const search = toLf(oldText);
  const replacement = toLf(newText);

  const edit = replaceOnce(content, search, replacement, target.display);
  if ("error" in edit) return fail(edit.error);

  const output = (hasBom ? UTF8_BOM : "") + (crlf ? edit.updated.replace(/\n/g, "\r\n") : edit.updated);
  await replaceContent(handle, Buffer.from(output, "utf8"));
  await keepGroupWritable(target, undefined);
  const { firstLine, lastLine, whitespaceTolerant, reindented } = edit;
  const range = firstLine === lastLine ? `line ${firstLine}` : `lines ${firstLine}-${lastLine}`;
  const reindentNote = reindented ? ", so newText was re-indented to match" : "";
  const note = whitespaceTolerant
    ? ` using a whitespace-tolerant match: oldText differed from the file only in indentation or trailing spaces${reindentNote}`
    : "";
  return ok(`Edited ${target.display}: replaced ${range}${note}.`, {
    path: target.display,
    firstLine,
    lastLine,
    whitespaceTolerant,
    reindented,
  });
}
