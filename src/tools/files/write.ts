// The `write` tool: create or overwrite a file inside the workspace or a PR worktree.
import { z } from "zod";
import { makeParentFolders, openConfined, replaceContent } from "./confined-file.ts";
import { fail, ok, type Tool } from "../types.ts";
import { assertWritable, describeFileError, keepGroupWritable, resolveToolPath } from "./workspace.ts";

const writeParameters = z.object({
  path: z.string().describe("File path."),
  content: z.string().describe("The whole new content."),
});

export interface WriteToolOptions {
  /** Glob-like path prefixes the tool refuses to write, e.g. ".github/workflows/". */
  protectedPaths: readonly string[];
}

export function createWriteTool(options: WriteToolOptions): Tool<typeof writeParameters> {
  return {
    name: "write",
    description: "Create or overwrite a file, making missing folders; to change part of one, use edit.",
    parameters: writeParameters,
    async execute({ path, content }, context) {
      try {
        const target = resolveToolPath(context, path);
        assertWritable(target, options.protectedPaths);
        const createdFolder = await makeParentFolders(target);
        const bytes = Buffer.from(content, "utf8");
        const { handle } = await openConfined(target, "write");
        try {
          await replaceContent(handle, bytes);
        } finally {
          await handle.close();
        }
        await keepGroupWritable(target, createdFolder);
        const created = createdFolder === undefined ? "" : " (created missing parent folders)";
        return ok(`Wrote ${bytes.length} bytes to ${target.display}${created}.`, {
          path: target.display,
          bytes: bytes.length,
        });
      } catch (error) {
        return fail(describeFileError(error, path));
      }
    },
  };
}
